"""Shared look: colours and the error card."""

from __future__ import annotations

import discord

COLOUR_INFO = discord.Colour.blurple()
COLOUR_ERROR = discord.Colour.red()
COLOUR_OK = discord.Colour.green()


def error_embed(message: str, hint: str | None = None) -> discord.Embed:
    embed = discord.Embed(description=f"**{message}**", colour=COLOUR_ERROR)
    if hint:
        embed.description += f"\n{hint}"
    return embed


def mention(user_id: int) -> str:
    return f"<@{user_id}>"
