"""The words of a server's deck library (issue 21): suggestions for a `deck` option, the list of decks, and the
answers to saving, exporting and deleting one. In the language in force (render/i18n.py)."""

from __future__ import annotations

from datetime import datetime

import discord

from engine.library import MAX_SAVED, Library
from engine.text import command, shorten
from render.common import COLOUR_INFO, DESCRIPTION_LIMIT, mention
from render.i18n import N_, _, n_, p_, word
from storage.decks import SavedDeck

CHOICE_LIMIT = 100  # characters of an autocomplete suggestion
FIELD_LIMIT = 1024
TITLE_LIMIT = 50  # of a deck's own name in the list: 25 lines fit in an embed's description

# The few sentences that name the kind of deck: a Cosmic Deck, or a CHAOS;JAN catalogue.
TITLE = {"cosmic": N_("Cosmic Decks to play"), "chaosjan": N_("CHAOS;JAN catalogues to play")}
NOT_FOUND = {"cosmic": N_("There is no shipped deck or saved deck called {name}."),
             "chaosjan": N_("There is no shipped catalogue or saved catalogue called {name}.")}
NOT_SAVED = {"cosmic": N_("This server has no saved deck called {name}."),
             "chaosjan": N_("This server has no saved catalogue called {name}.")}
NO_GAME_DECK = {"cosmic": N_("This channel's table has no Cosmic Deck to export."),
                "chaosjan": N_("This channel's table is not playing CHAOS;JAN: it has no catalogue to export.")}
# The commands of each kind, as players type them (their names are translated where they are shown).
START = {"cosmic": ("cosmic start", "deck"), "chaosjan": ("chaosjan new", "catalogue")}
LIST = {"cosmic": "cosmic decks", "chaosjan": "chaosjan catalogues"}
EXPORT = {"cosmic": ("cosmic export", "deck"), "chaosjan": ("chaosjan export", "catalogue")}


def cards(count: int) -> str:
    return n_("{count} card", "{count} cards", count)


def start_command(kind: str, name: str) -> str:
    path, option = START[kind]
    return word(command(path, f"{option}:{name}"))


def choice_label(name: str, title: str, count: int, *, shipped: bool) -> str:
    """One suggestion of a `deck` option: its name, whose it is, its own name and its size."""
    label = (_("{name} · shipped · {title} ({cards})", name=name, title=title, cards=cards(count)) if shipped else
             _("{name} · this server's · {title} ({cards})", name=name, title=title, cards=cards(count)))
    return shorten(label, CHOICE_LIMIT)


def library_embed(library: Library, shipped: list[tuple[str, str, int]], saved: list[SavedDeck]) -> discord.Embed:
    """Every deck a game of this kind may start with: the server's (in the description, which holds all 25) and the
    shipped ones, with their sizes."""
    kind = library.kind
    lines = [_("`{name}`: {title} ({cards}), saved by {who} {when}", name=d.name, title=shorten(d.title, TITLE_LIMIT),
               cards=cards(d.cards), who=mention(d.saved_by) if d.saved_by else "?", when=_when(d.saved_at))
             for d in saved]
    heading = _("This server's ({count} of {limit})", count=len(saved), limit=MAX_SAVED)
    embed = discord.Embed(title=_(TITLE[kind]), colour=COLOUR_INFO, description=shorten(
        f"**{heading}**\n" + ("\n".join(lines) or _("None yet.")), DESCRIPTION_LIMIT))
    embed.add_field(name=_("Shipped with the bot"), inline=False, value=shorten("\n".join(
        f"`{name}`: {title} ({cards(count)})" for name, title, count in shipped), FIELD_LIMIT))
    embed.set_footer(text=_("Play one with {start}. Server managers save one with {save} and delete one with "
                            "{delete}; games already playing a deck keep their copy.",
                            start=_typed(*START[kind]), save=_typed(f"{kind} import", "save_as"),
                            delete=_typed(library.delete_command)))
    return embed


def _typed(path: str, option: str | None = None) -> str:
    """`/cosmic start deck:…` as plain text (a footer shows no code), with the names of the language in force."""
    names = " ".join(p_("command name", part) for part in path.split())
    return f"/{names}" + (f" {p_('option name', option)}:…" if option else "")


def _when(iso: str) -> str:
    """A Discord timestamp: each reader sees the date in their own calendar and language."""
    try:
        return f"<t:{int(datetime.fromisoformat(iso).timestamp())}:d>"
    except ValueError:
        return ""


def saved_message(kind: str, deck: SavedDeck, *, replaced: bool, played_here: bool, kept_because: str | None) -> str:
    """The answer to `import save_as:`, only for the one who saved (the channel hears of a deck played there)."""
    fields = {"name": deck.name, "title": deck.title, "cards": cards(deck.cards)}
    lines = [_("Replaced the server's `{name}` with **{title}** ({cards}): games already playing it keep their copy, "
               "new games get this one.", **fields) if replaced else
             _("Saved **{title}** ({cards}) as `{name}` for this whole server.", **fields)]
    if played_here:
        lines.append(_("This channel's game plays it now."))
    else:
        lines.append(_("Start it in any channel with {command}.", command=start_command(kind, deck.name)))
        if kept_because is not None:
            lines.append(kept_because)
    return "\n".join(lines)


def kept_not_allowed() -> str:
    return _("This channel's game keeps the cards it has: only its host or someone with Manage Channel changes them.")


def kept_decks_built() -> str:
    return _("This channel's game keeps the cards it has: its decks are already built (5.1d, 5.2d).")


def imported_message(title: str) -> str:
    return _("Imported {title}.", title=title)


def export_message(kind: str, title: str, count: int) -> str:
    return _("**{title}** ({cards}) as a file: {command} with it plays it or saves it for the server.",
             title=title, cards=cards(count), command=word(command(f"{kind} import")))


def deleted_message(kind: str, deck: SavedDeck) -> str:
    return _("Deleted `{name}` ({title}) from the server's decks; games playing it keep their copy. Here is its file: "
             "{command} brings it back.", name=deck.name, title=deck.title,
             command=word(command(f"{kind} import", f"save_as:{deck.name}")))
