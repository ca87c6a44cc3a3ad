"""The hash of the slash commands last registered with Discord, so start-up syncs only when they changed."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from typing import Any

from storage.backend import Backend
from storage.sql import Connection

GLOBAL = "global"


def payload_hash(payload: list[dict[str, Any]]) -> str:
    """A digest of the commands' JSON that ignores their order and the order of keys."""
    text = json.dumps(sorted(payload, key=lambda command: (command.get("type", 1), command["name"])),
                      sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


async def synced_hash(db: Backend, scope: str = GLOBAL) -> str | None:
    def read(conn: Connection) -> str | None:
        row = conn.execute("SELECT payload_hash FROM command_sync WHERE scope = ?", (scope,)).fetchone()
        return None if row is None else row[0]

    return await db.read(read)


async def remember_synced(db: Backend, digest: str, scope: str = GLOBAL) -> None:
    now = datetime.now(UTC).isoformat(timespec="seconds")

    def txn(conn: Connection) -> None:
        conn.execute("INSERT INTO command_sync (scope, payload_hash, synced_at) VALUES (?, ?, ?)"
                     " ON CONFLICT (scope) DO UPDATE SET payload_hash = excluded.payload_hash,"
                     " synced_at = excluded.synced_at", (scope, digest, now))

    await db.write(txn)
