"""A server's named presets of a game's options, its house rules (issue 21): `/settings preset` saves them, a
channel's default (`storage.preferences`, key `default:<game>`) names the one a game's `new`/`start` uses there.

`options` is what the game's start command takes, as JSON: {option name: value}, only the options the preset sets.
ui/house_rules.py checks every value before it is saved and again when a game starts with it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from storage.backend import Backend
from storage.sql import Connection

Saved = Literal["saved", "replaced", "full"]


@dataclass(frozen=True)
class Preset:
    game: str
    name: str
    options: dict[str, Any]
    updated_by: int | None
    updated_at: str


def _preset(row: Any) -> Preset:
    return Preset(row[0], row[1], json.loads(row[2]), row[3], row[4])


_COLUMNS = "game, name, options, updated_by, updated_at"


async def save_preset(db: Backend, guild_id: int, game: str, name: str, options: dict[str, Any], *,
                      by: int | None, limit: int) -> Saved:
    """Save the preset, replacing one of that name; a new one beyond `limit` presets of the game is not saved."""
    now = datetime.now(UTC).isoformat(timespec="seconds")

    def write(conn: Connection) -> Saved:
        known = conn.execute("SELECT 1 FROM presets WHERE guild_id = ? AND game = ? AND name = ?",
                             (guild_id, game, name)).fetchone()
        if known is None and conn.execute("SELECT COUNT(*) FROM presets WHERE guild_id = ? AND game = ?",
                                          (guild_id, game)).fetchone()[0] >= limit:
            return "full"
        conn.execute("INSERT INTO presets (guild_id, game, name, options, updated_by, updated_at)"
                     " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, name) DO UPDATE SET"
                     " options = excluded.options, updated_by = excluded.updated_by, updated_at = excluded.updated_at",
                     (guild_id, game, name, json.dumps(options, sort_keys=True), by, now))
        return "saved" if known is None else "replaced"

    return await db.write(write)


async def find_preset(db: Backend, guild_id: int, game: str, name: str) -> Preset | None:
    def read(conn: Connection) -> Preset | None:
        row = conn.execute(f"SELECT {_COLUMNS} FROM presets WHERE guild_id = ? AND game = ? AND name = ?",
                           (guild_id, game, name)).fetchone()
        return None if row is None else _preset(row)

    return await db.read(read)


async def list_presets(db: Backend, guild_id: int, game: str | None = None) -> list[Preset]:
    """The server's presets (of one game), by game, then name."""
    def read(conn: Connection) -> list[Preset]:
        if game is None:
            rows = conn.execute(f"SELECT {_COLUMNS} FROM presets WHERE guild_id = ?",
                                (guild_id,)).fetchall()
        else:
            rows = conn.execute(f"SELECT {_COLUMNS} FROM presets WHERE guild_id = ? AND game = ?",
                                (guild_id, game)).fetchall()
        return sorted((_preset(row) for row in rows), key=lambda p: (p.game, p.name))  # one order on both backends

    return await db.read(read)


async def delete_preset(db: Backend, guild_id: int, game: str, name: str) -> bool:
    """True if there was such a preset."""
    def write(conn: Connection) -> bool:
        known = conn.execute("SELECT 1 FROM presets WHERE guild_id = ? AND game = ? AND name = ?",
                             (guild_id, game, name)).fetchone()
        conn.execute("DELETE FROM presets WHERE guild_id = ? AND game = ? AND name = ?", (guild_id, game, name))
        return known is not None

    return await db.write(write)
