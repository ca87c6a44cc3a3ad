"""A server's saved decks (issue 21, migration 0011): Cosmic Decks and CHAOS;JAN catalogues by name, each the file
as it was uploaded. Functions of a connection, run by `db.read` or `db.write` (or inside a game's move, so that
saving a deck and playing it commit together)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from engine.errors import GameError
from engine.library import LIBRARIES, MAX_SAVED, N_
from engine.text import command
from storage.sql import Connection


@dataclass(frozen=True)
class SavedDeck:
    guild_id: int
    kind: str  # "cosmic" | "chaosjan"
    name: str  # as engine.library.saved_name gives it
    title: str  # the deck's own name, from the file
    cards: int
    file_name: str
    content: str  # the file as uploaded (UTF-8)
    saved_by: int | None = None
    saved_at: str = ""  # ISO 8601, UTC; set by `save`


class LibraryFull(GameError):
    code = "library_full"


def save(conn: Connection, deck: SavedDeck, *, limit: int = MAX_SAVED) -> SavedDeck | None:
    """Save `deck` under its name, replacing the server's deck of that name; the deck it replaced, if any. A new
    name is refused when the server already keeps `limit` decks of the kind."""
    old = load(conn, deck.guild_id, deck.kind, deck.name)
    if old is None:
        count = conn.execute("SELECT COUNT(*) FROM server_decks WHERE guild_id = ? AND kind = ?",
                             (deck.guild_id, deck.kind)).fetchone()[0]
        if count >= limit:
            raise LibraryFull(N_("This server already keeps {limit} saved decks for {group}."),
                              N_("Replace one by saving under its name, or delete one with {delete}."),
                              limit=limit, group=command(deck.kind),
                              delete=command(LIBRARIES[deck.kind].delete_command))
    saved_at = datetime.now(UTC).isoformat(timespec="seconds")
    conn.execute("INSERT INTO server_decks (guild_id, kind, name, title, cards, file_name, content, saved_by, saved_at)"
                 " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, kind, name) DO UPDATE SET"
                 " title = excluded.title, cards = excluded.cards, file_name = excluded.file_name,"
                 " content = excluded.content, saved_by = excluded.saved_by, saved_at = excluded.saved_at",
                 (deck.guild_id, deck.kind, deck.name, deck.title, deck.cards, deck.file_name, deck.content,
                  deck.saved_by, saved_at))
    return old


_COLUMNS = "guild_id, kind, name, title, cards, file_name, content, saved_by, saved_at"


def load(conn: Connection, guild_id: int, kind: str, name: str) -> SavedDeck | None:
    row = conn.execute(f"SELECT {_COLUMNS} FROM server_decks WHERE guild_id = ? AND kind = ? AND name = ?",
                       (guild_id, kind, name)).fetchone()
    return None if row is None else SavedDeck(*row)


def listing(conn: Connection, guild_id: int, kind: str) -> list[SavedDeck]:
    """The server's decks of a kind by name, without their files (`content` is empty)."""
    rows = conn.execute("SELECT guild_id, kind, name, title, cards, file_name, '', saved_by, saved_at"
                        " FROM server_decks WHERE guild_id = ? AND kind = ?", (guild_id, kind))
    return sorted((SavedDeck(*row) for row in rows.fetchall()), key=lambda deck: deck.name)  # one order on both


def delete(conn: Connection, guild_id: int, kind: str, name: str) -> SavedDeck | None:
    """Delete the server's deck of that name; what was deleted (None if there was none)."""
    old = load(conn, guild_id, kind, name)
    if old is not None:
        conn.execute("DELETE FROM server_decks WHERE guild_id = ? AND kind = ? AND name = ?", (guild_id, kind, name))
    return old
