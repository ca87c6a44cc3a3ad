"""Shared look: colours, the error card, and the bounds of what Discord accepts."""

from __future__ import annotations

from typing import Any

import discord

from engine.text import shorten
from render.i18n import N_, _, command_words, n_, p_, register_word
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


CHOSEN_SEED = N_("⚠️ Dealt from a seed a player chose: whoever chose it knows every card.")


def seed_lines(seed: int, *, chosen: bool, over: bool, command: str) -> list[str]:
    """What a game says about its seed in public: a chosen seed always, the seed itself only once it is over.
    `command` is the English command that deals it ("/uno new"), shown with the names of the player's language."""
    lines = [_(CHOSEN_SEED)] if chosen else []
    if over:
        again = i18n_command(command.lstrip("/"), f"seed:{seed}")
        lines.append(_("Seed {seed} · {command} deals this game again", seed=seed, command=again))
    return lines


def leaderboard_embed(title: str, rows: list[LeaderboardRow], *, empty: str) -> discord.Embed:
    """A server's results over its finished games, one line a player (every game's `/... leaderboard`)."""
    embed = discord.Embed(title=title, colour=COLOUR_INFO)
    embed.description = "\n".join(f"**{i}.** {mention(r.user_id)}: {_record_line(r)}"
                                  for i, r in enumerate(rows, start=1))[:4096] or empty
    return embed


def _record_line(row: LeaderboardRow) -> str:
    games = n_("{count} game", "{count} games", row.games)
    first = _("first in {wins}", wins=row.wins) if row.wins else _("never first")
    return _("{games}, {first}, average place {place:.2f}, average {points:,} points", games=games, first=first,
             place=row.average_place, points=round(row.average_points))


# -- what refusals name, in the player's language (engine.text.Ref kinds of ui/ and engine/deck.py) --------------

def i18n_command(path: str, options: str = "") -> str:
    """`/uno new seed:5` with the command's and options' names in the language in force."""
    return command_words((path, options))


def _host(host_id: Any) -> str:
    return _("the host ({player})", player=mention(host_id)) if host_id is not None else _("the host")


def _option(name: Any) -> str:
    return p_("option name", str(name))


def _choices(names: Any) -> str:
    return ", ".join(f"`{p_('choice', str(n))}`" for n in names)


def _card_file(what: Any) -> str:
    words = {"deck": p_("card file", "deck"), "file": p_("card file", "file"),
             "the deck": p_("card file", "the deck"), "the file": p_("card file", "the file")}
    return words.get(str(what), str(what))


def _card_place(place: Any) -> str:
    number, name = place
    return _("Card {number} ({name})", number=number, name=name) if name else _("Card {number}", number=number)


def _game(kind: Any) -> str:
    words = {"uno": p_("game", "uno"), "ginjontan": p_("game", "ginjontan"), "chroma": p_("game", "chroma"),
             "table": p_("game", "table"), "cosmic": p_("game", "cosmic")}
    return words.get(str(kind), str(kind))


register_word("action", lambda phrase: _(phrase))  # ui.permissions.action: a phrase marked at its call
register_word("host", _host)
register_word("game", _game)
register_word("option", _option)
register_word("choices", _choices)
register_word("card_file", _card_file)
register_word("card_place", _card_place)
