"""A server's deck library on Discord (issue 21), for /cosmic and /chaosjan alike: what a `deck` option suggests
and names, saving an uploaded deck for the server, the list, exporting a deck as a file and deleting a saved one.
The rules for names and files are engine/library.py's; the rows storage/decks.py's."""

from __future__ import annotations

import io
from pathlib import PurePath
from typing import Any

import discord
from discord import app_commands

from engine.errors import GameError
from engine.library import D, Library, export_file_name, exported, normal, saved_name
from engine.text import ECHO, command, shorten
from render import deck_library as render
from render.i18n import N_
from storage import decks
from storage.decks import SavedDeck
from storage.sql import Connection
from ui.errors import note_change
from ui.permissions import require_server_manager
from ui.types import Interaction

MANAGE = "change the server's decks"  # require_server_manager words its refusal from this:
N_("Only someone with Manage Server (or the server's manager role) can change the server's decks.")
FILE_NAME_LENGTH = 100


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise GameError(N_("A server keeps its decks: this only works in a server."),
                        N_("Run it in a channel of your server."), code="no_guild")
    return interaction.guild_id


async def saved(interaction: Interaction, library: Library[Any]) -> list[SavedDeck]:
    guild = guild_of(interaction)
    return await interaction.client.db.read(lambda conn: decks.listing(conn, guild, library.kind))


async def _load(interaction: Interaction, library: Library[Any], name: str) -> SavedDeck | None:
    guild = guild_of(interaction)
    return await interaction.client.db.read(lambda conn: decks.load(conn, guild, library.kind, name))


def _shipped(library: Library[D]) -> list[tuple[str, D]]:
    return [(name, library.load_shipped(name)) for name in library.shipped()]


async def suggestions(interaction: Interaction, library: Library[Any], current: str, *,
                      shipped: bool = True) -> list[app_commands.Choice[str]]:
    """The decks whose name (or own name) holds what was typed: the shipped ones, then the server's."""
    if interaction.guild_id is None:
        return []
    found = [app_commands.Choice(name=render.choice_label(name, deck.name, len(deck.cards), shipped=True), value=name)
             for name, deck in (_shipped(library) if shipped else [])]
    found += [app_commands.Choice(name=render.choice_label(d.name, d.title, d.cards, shipped=False), value=d.name)
              for d in await saved(interaction, library)]
    wanted = normal(current)
    return [choice for choice in found if wanted in choice.name.casefold()][:25]


def _not_found(library: Library[Any], name: str, templates: dict[str, str]) -> GameError:
    return GameError(templates[library.kind], N_("Pick one from the suggestions, or see them all with {list}."),
                     code="no_such_deck", name=shorten(repr(name), ECHO), list=command(render.LIST[library.kind]))


async def find(interaction: Interaction, library: Library[D], name: str) -> D:
    """The deck a `deck` option names: a shipped one, else one the server saved (checked again: a modified client
    may send any name)."""
    wanted = normal(name)
    if wanted in library.shipped():
        return library.load_shipped(wanted)
    found = await _load(interaction, library, wanted)
    if found is None:
        raise _not_found(library, name, render.NOT_FOUND)
    return library.parse(found.content.encode(), found.file_name)


async def show(interaction: Interaction, library: Library[Any]) -> None:
    shipped = [(name, deck.name, len(deck.cards)) for name, deck in _shipped(library)]
    embed = render.library_embed(library, shipped, await saved(interaction, library))
    await interaction.response.send_message(embed=embed, ephemeral=True)


# -- saving ------------------------------------------------------------------------------------------------

async def may_save(interaction: Interaction, library: Library[Any], save_as: str) -> str:
    """The name to save under, once the player may change the server's decks and the name is a good one."""
    await require_server_manager(interaction, MANAGE)
    return saved_name(library, save_as)


class Saving:
    """An uploaded deck to save for the server: called with a connection inside the transaction that also plays
    it in the channel's game (or alone), after which `replaced` says whether it replaced a deck of that name."""

    def __init__(self, interaction: Interaction, library: Library[Any], name: str, deck: Any, data: bytes,
                 file_name: str) -> None:
        path = PurePath(file_name)  # ends in .json or .toml: the parser took it
        self.deck = SavedDeck(guild_of(interaction), library.kind, name, deck.name, len(deck.cards),
                              path.stem[:FILE_NAME_LENGTH - len(path.suffix)] + path.suffix, data.decode("utf-8"),
                              interaction.user.id)
        self.replaced = False

    def __call__(self, conn: Connection) -> None:
        self.replaced = decks.save(conn, self.deck) is not None

    async def alone(self, interaction: Interaction) -> None:
        await interaction.client.db.write(self)
        note_change(interaction)

    def message(self, *, played_here: bool, kept_because: str | None = None) -> str:
        return render.saved_message(self.deck.kind, self.deck, replaced=self.replaced, played_here=played_here,
                                    kept_because=kept_because)


# -- exporting and deleting ------------------------------------------------------------------------------------

def _file(data: bytes, file_name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=file_name)


def _saved_file(deck: SavedDeck) -> discord.File:
    """A saved deck's file as it was uploaded, named after the name it is saved under."""
    return _file(deck.content.encode(), deck.name + (PurePath(deck.file_name).suffix.lower() or ".json"))


async def export(interaction: Interaction, library: Library[Any], name: str | None, in_game: Any | None) -> None:
    """A deck as a file, only for the one who asked: a shipped or saved one by name (the file as shipped or
    uploaded), or with no name the deck `in_game` (the channel's game's copy, written out as JSON)."""
    if name is not None:
        wanted = normal(name)
        if wanted in library.shipped():
            deck = library.load_shipped(wanted)
            file = _file(library.shipped_file(wanted)[1], f"{wanted}.json")
            title, count = deck.name, len(deck.cards)
        else:
            found = await _load(interaction, library, wanted)
            if found is None:
                raise _not_found(library, name, render.NOT_FOUND)
            file, title, count = _saved_file(found), found.title, found.cards
    else:
        if in_game is None:
            path, option = render.EXPORT[library.kind]
            raise GameError(render.NO_GAME_DECK[library.kind], N_("Name one to export with {command}."),
                            code="no_deck_here", command=command(path, f"{option}:"))
        file = _file(exported(in_game), export_file_name(library, in_game.name))
        title, count = in_game.name, len(in_game.cards)
    await interaction.response.send_message(render.export_message(library.kind, title, count), file=file,
                                            ephemeral=True)


async def delete(interaction: Interaction, library: Library[Any], name: str) -> None:
    """Delete a saved deck (server managers); the answer carries its file, so it can be saved again."""
    await require_server_manager(interaction, MANAGE)
    guild, wanted = guild_of(interaction), normal(name)
    gone = await interaction.client.db.write(lambda conn: decks.delete(conn, guild, library.kind, wanted))
    if gone is None:
        raise _not_found(library, name, render.NOT_SAVED)
    note_change(interaction)
    await interaction.response.send_message(render.deleted_message(library.kind, gone), file=_saved_file(gone),
                                            ephemeral=True)
