"""Database files the bot must refuse at start-up, made the way they turn up in practice."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from storage import database
from storage.database import Database

PAGE = 4096
BAD_FILES = ("corrupt", "not_sqlite", "foreign", "foreign_versioned", "future")


async def make_ours(path: Path, games: int = 60) -> None:
    """A Chaos Table database with enough rows to fill a few dozen pages, closed (its WAL checkpointed)."""
    db = await Database.open(path)
    try:
        for channel in range(games):
            await db.write(lambda c, ch=channel: c.execute(
                "INSERT INTO games (channel_id, kind, state, created_at, updated_at) VALUES (?, 'k', ?, 'n', 'n')",
                (ch, "x" * 2000)))
    finally:
        await db.close()


def make_foreign(path: Path, user_version: int = 0) -> None:
    """Another program's SQLite database."""
    conn = sqlite3.connect(path)
    try:
        conn.executescript("CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT);"
                           "INSERT INTO contacts (name) VALUES ('Aki'), ('Ren');"
                           f"PRAGMA user_version = {user_version};")
    finally:
        conn.close()


def write_not_sqlite(path: Path) -> None:
    path.write_text("name,points\nAki,25000\nRen,25000\n" * 40, encoding="utf-8")


def damage(path: Path) -> None:
    """Overwrite every page but the first two and the last: the header and the schema still read."""
    data = bytearray(path.read_bytes())
    assert len(data) > 8 * PAGE, "too few pages to damage some and keep the first"
    data[2 * PAGE:-PAGE] = (b"\xde\xad\xbe\xef" * len(data))[:len(data) - 3 * PAGE]
    path.write_bytes(bytes(data))


def set_user_version(path: Path, version: int) -> None:
    conn = sqlite3.connect(path)
    try:
        conn.execute(f"PRAGMA user_version = {version}")
    finally:
        conn.close()


async def make_bad_file(kind: str, path: Path) -> None:
    if kind == "not_sqlite":
        write_not_sqlite(path)
    elif kind == "foreign":
        make_foreign(path)
    elif kind == "foreign_versioned":
        make_foreign(path, user_version=3)
    elif kind == "corrupt":
        await make_ours(path)
        damage(path)
    elif kind == "future":
        await make_ours(path, games=1)
        set_user_version(path, len(database.migrations()) + 1)
    else:
        raise ValueError(kind)


async def make_history(path: Path, games: int, state_bytes: int = 2000) -> None:
    """A Chaos Table database holding `games` finished games (nothing start-up reads), closed."""
    await (await Database.open(path)).close()
    conn = sqlite3.connect(path)
    try:
        with conn:
            conn.executemany("INSERT INTO games (channel_id, kind, status, state, created_at, updated_at)"
                             " VALUES (?, 'k', 'finished', ?, 'n', 'n')",
                             [(channel, "x" * state_bytes) for channel in range(games)])
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


def damage_history(path: Path) -> None:
    """Overwrite the middle fifth of the file: pages of finished games, which start-up never reads."""
    data = bytearray(path.read_bytes())
    pages = len(data) // PAGE
    assert pages > 50, "too few pages to damage the middle alone"
    first, last = pages * 2 // 5 * PAGE, pages * 3 // 5 * PAGE
    data[first:last] = (b"\xde\xad\xbe\xef" * (last - first))[:last - first]
    path.write_bytes(bytes(data))
