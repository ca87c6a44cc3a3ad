"""Shared look: colours, the error card, and the bounds of what Discord accepts."""

from __future__ import annotations

import discord

from engine.text import shorten
from storage.results import LeaderboardRow

CONTENT_LIMIT = 2000  # characters of a message's content
DESCRIPTION_LIMIT = 4096  # characters of an embed's description
HINT_LIMIT = 1000

COLOUR_INFO = discord.Colour.blurple()
COLOUR_ERROR = discord.Colour.red()
COLOUR_OK = discord.Colour.green()


def error_embed(message: str, hint: str | None = None) -> discord.Embed:
    """A refusal card, bounded whatever the message and hint quote. Only the message's first line is bold: what
    follows may be a code block (a caret under the place at fault), which asterisks around it would spoil."""
    hint_text = f"\n{shorten(hint, HINT_LIMIT)}" if hint else ""
    first, newline, rest = shorten(message, DESCRIPTION_LIMIT - 4 - len(hint_text)).partition("\n")
    if first.strip() and "```" not in first:
        first = f"**{first}**"
    return discord.Embed(description=first + newline + rest + hint_text, colour=COLOUR_ERROR)


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


CHOSEN_SEED = "⚠️ Dealt from a seed a player chose: whoever chose it knows every card."


def seed_lines(seed: int, *, chosen: bool, over: bool, command: str) -> list[str]:
    """What a game says about its seed in public: a chosen seed always, the seed itself only once it is over."""
    lines = [CHOSEN_SEED] if chosen else []
    if over:
        lines.append(f"Seed {seed} · `{command} seed:{seed}` deals this game again")
    return lines


def leaderboard_embed(title: str, rows: list[LeaderboardRow], *, empty: str) -> discord.Embed:
    """A server's results over its finished games, one line a player (every game's `/... leaderboard`)."""
    embed = discord.Embed(title=title, colour=COLOUR_INFO)
    embed.description = "\n".join(f"**{i}.** {mention(r.user_id)}: {_record_line(r)}"
                                  for i, r in enumerate(rows, start=1))[:4096] or empty
    return embed


def _record_line(row: LeaderboardRow) -> str:
    games = f"{row.games} game" + ("" if row.games == 1 else "s")
    first = f"first in {row.wins}" if row.wins else "never first"
    return f"{games}, {first}, average place {row.average_place:.2f}, average {round(row.average_points):,} points"
