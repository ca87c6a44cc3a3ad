"""A server's deck library (issue 21): the decks a game may start with, shipped or saved by the server, and the
rules for saving one. Pure: storage/decks.py keeps the saved files, ui/deck_library.py runs the commands.

Two kinds, each named as its command group: `cosmic` (Cosmic Decks, engine/deck.py) and `chaosjan` (CHAOS;JAN
catalogues, engine/chaosjan/catalogue.py). A saved deck's name is what players type in a `deck` option: 1-32
letters, digits, `-` and `_`, kept in lower case; the names of shipped decks are taken. A server keeps at most
MAX_SAVED decks of each kind. A game copies its deck into its state when it starts, so the library can change
while games play.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

import engine.deck
from engine.chaosjan import catalogue
from engine.errors import GameError
from engine.text import ECHO, N_, shorten

MAX_SAVED = 25  # of each kind, a server: one autocomplete list (25) holds them
NAME_LENGTH = 32
_NAME = re.compile(r"[-\w]+")  # \w: letters and digits of any script, and `_`
_SLUG = re.compile(r"[^a-z0-9]+")




class DeckNameError(GameError):
    code = "bad_deck_name"


D = TypeVar("D", engine.deck.Deck, catalogue.Catalogue)


@dataclass(frozen=True)
class Library(Generic[D]):
    kind: str  # the command group, and the `kind` storage keeps
    parse: Callable[[bytes, str], D]  # a file's bytes and name: the deck, or a DeckError naming what is wrong
    shipped_files: Callable[[], dict[str, Path]]  # name: file, read when asked (tests put decks beside the real ones)
    fallback_file_name: str  # an exported deck whose name has no Latin letters or digits
    delete_command: str  # the command that deletes a saved one, for the refusal when the library is full

    def shipped(self) -> list[str]:
        return sorted(self.shipped_files())

    def load_shipped(self, name: str) -> D:
        """A shipped deck by one of the names `shipped` lists (only those: a forged "../x" never becomes a path)."""
        return engine.deck.read_shipped(self.shipped_files()[name], self.parse)

    def shipped_file(self, name: str) -> tuple[str, bytes]:
        path = self.shipped_files()[name]
        return path.name, path.read_bytes()


COSMIC: Library[engine.deck.Deck] = Library(
    "cosmic", engine.deck.parse_file,
    lambda: {path.stem: path for path in engine.deck.DECKS_FOLDER.glob("*.json")}, "deck.json",
    "cosmic deletedeck")
CHAOSJAN: Library[catalogue.Catalogue] = Library(
    "chaosjan", catalogue.parse_file, lambda: {"starter": catalogue.SHIPPED}, "catalogue.json",
    "chaosjan deletecatalogue")
LIBRARIES: dict[str, Library[Any]] = {library.kind: library for library in (COSMIC, CHAOSJAN)}


def saved_name(library: Library[Any], text: str) -> str:
    """The name a deck is saved under, from what a player typed: in lower case (and full-width letters as
    ordinary ones), 1-32 letters, digits, `-` and `_`, not a shipped deck's."""
    name = normal(text)
    if not 1 <= len(name) <= NAME_LENGTH or not _NAME.fullmatch(name):
        raise DeckNameError(N_("{name} can't be a deck's name: a name is 1-32 letters, digits, - and _."),
                            N_("For example `house-rules` or `spring_2026`."), name=shorten(repr(text), ECHO))
    if name in library.shipped():
        raise DeckNameError(N_("`{name}` is the name of a deck the bot ships."),
                            N_("Choose another name for your own."), name=name)
    return name


def exported(deck: engine.deck.Deck | catalogue.Catalogue) -> bytes:
    """A game's deck as a JSON file that imports as the same deck: indented, or compact if that is what fits
    in a deck file's 64 KB."""
    data = deck.to_dict()
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    if len(text.encode()) > engine.deck.MAX_FILE_BYTES:
        text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.encode()


def export_file_name(library: Library[Any], title: str) -> str:
    """A file name for a deck from its own name: `Our Deck` gives `our-deck.json`."""
    slug = _SLUG.sub("-", unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode().lower())
    slug = slug.strip("-")[:40].strip("-")
    return f"{slug}.json" if slug else library.fallback_file_name


def normal(text: str) -> str:
    """A deck's name as typed, the way names are kept: lower case, full-width letters as ordinary ones."""
    return unicodedata.normalize("NFKC", text).strip().casefold()
