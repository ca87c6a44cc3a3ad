"""What servers and channels have chosen with /settings (issue 21; "preferences" here, as settings.py is the bot's
own configuration from the environment): one JSON value per (scope, id, key), read often and written rarely, so
values read are kept in memory a while; a change made by another process (a shard on the same PostgreSQL
database) is seen within `STALE_AFTER_S`.

Keys: `manager_role` (server: a role id whose members may manage the server's settings, decks and seasons as
Manage Server allows), `language` (channel or server: `en` or `ja`, replacing the players' own), and the game
defaults and presets that /settings keeps."""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from typing import Any, Literal

from storage.backend import Backend
from storage.sql import Connection

Scope = Literal["server", "channel"]
LANGUAGE_KEY = "language"
MANAGER_ROLE_KEY = "manager_role"
STALE_AFTER_S = 30.0


class Preferences:
    def __init__(self, db: Backend) -> None:
        self.db = db
        self._known: dict[tuple[str, int, str], tuple[float, Any]] = {}

    async def get(self, scope: Scope, scope_id: int | None, key: str, default: Any = None) -> Any:
        if scope_id is None:
            return default
        cached = self._known.get((scope, scope_id, key))
        if cached is not None and time.monotonic() - cached[0] < STALE_AFTER_S:
            return default if cached[1] is None else cached[1]

        def read(conn: Connection) -> Any:
            row = conn.execute("SELECT value FROM settings WHERE scope = ? AND scope_id = ? AND key = ?",
                               (scope, scope_id, key)).fetchone()
            return None if row is None else json.loads(row[0])

        value = await self.db.read(read)
        self._known[(scope, scope_id, key)] = (time.monotonic(), value)
        return default if value is None else value

    async def set(self, scope: Scope, scope_id: int, key: str, value: Any, *, by: int | None) -> None:
        """Set (a `None` value removes the setting)."""
        now = datetime.now(UTC).isoformat(timespec="seconds")

        def write(conn: Connection) -> None:
            if value is None:
                conn.execute("DELETE FROM settings WHERE scope = ? AND scope_id = ? AND key = ?",
                             (scope, scope_id, key))
                return
            conn.execute("INSERT INTO settings (scope, scope_id, key, value, updated_by, updated_at)"
                         " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (scope, scope_id, key) DO UPDATE SET"
                         " value = excluded.value, updated_by = excluded.updated_by, updated_at = excluded.updated_at",
                         (scope, scope_id, key, json.dumps(value, sort_keys=True), by, now))

        await self.db.write(write)
        self._known[(scope, scope_id, key)] = (time.monotonic(), value)

    async def all(self, scope: Scope, scope_id: int) -> dict[str, Any]:
        def read(conn: Connection) -> dict[str, Any]:
            return {row[0]: json.loads(row[1]) for row in conn.execute(
                "SELECT key, value FROM settings WHERE scope = ? AND scope_id = ? ORDER BY key", (scope, scope_id))}

        return await self.db.read(read)
