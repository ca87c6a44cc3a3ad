"""The hash of the slash commands last registered with Discord, so start-up syncs only when they changed."""

from __future__ import annotations

import hashlib
import json
import sqlite3
from typing import Any

from storage.database import Database

GLOBAL = "global"


def payload_hash(payload: list[dict[str, Any]]) -> str:
    """A digest of the commands' JSON that ignores their order and the order of keys."""
    text = json.dumps(sorted(payload, key=lambda command: (command.get("type", 1), command["name"])),
                      sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


async def synced_hash(db: Database, scope: str = GLOBAL) -> str | None:
    def read(conn: sqlite3.Connection) -> str | None:
        row = conn.execute("SELECT payload_hash FROM command_sync WHERE scope = ?", (scope,)).fetchone()
        return None if row is None else row[0]

    return await db.read(read)


async def remember_synced(db: Database, digest: str, scope: str = GLOBAL) -> None:
    def txn(conn: sqlite3.Connection) -> None:
        conn.execute("INSERT INTO command_sync (scope, payload_hash, synced_at) VALUES (?, ?, datetime('now'))"
                     " ON CONFLICT (scope) DO UPDATE SET payload_hash = excluded.payload_hash,"
                     " synced_at = excluded.synced_at", (scope, digest))

    await db.write(txn)
