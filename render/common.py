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


CHOSEN_SEED = "⚠️ Dealt from a seed a player chose: whoever chose it knows every card."


def seed_lines(seed: int, *, chosen: bool, over: bool, command: str) -> list[str]:
    """What a game says about its seed in public: a chosen seed always, the seed itself only once it is over."""
    lines = [CHOSEN_SEED] if chosen else []
    if over:
        lines.append(f"Seed {seed} · `{command} seed:{seed}` deals this game again")
    return lines
