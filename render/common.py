"""Shared look: colours and the error card."""

from __future__ import annotations

import discord

COLOUR_INFO = discord.Colour.blurple()
COLOUR_ERROR = discord.Colour.red()
COLOUR_OK = discord.Colour.green()


def error_embed(message: str, hint: str | None = None) -> discord.Embed:
    description = f"**{message}**" + (f"\n{hint}" if hint else "")
    return discord.Embed(description=description, colour=COLOUR_ERROR)


def mention(user_id: int) -> str:
    return f"<@{user_id}>"
