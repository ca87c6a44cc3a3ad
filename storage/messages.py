"""Messages a game edits to keep current (a board), by game and role, so a restart finds them again."""

from __future__ import annotations

from storage.backend import Backend
from storage.sql import Connection


async def remember_message(db: Backend, game_id: int, role: str, channel_id: int, message_id: int) -> None:
    def txn(conn: Connection) -> None:
        conn.execute("INSERT INTO game_messages (game_id, role, channel_id, message_id) VALUES (?, ?, ?, ?)"
                     " ON CONFLICT (game_id, role) DO UPDATE SET channel_id = excluded.channel_id,"
                     " message_id = excluded.message_id", (game_id, role, channel_id, message_id))

    await db.write(txn)


async def find_message(db: Backend, game_id: int, role: str) -> int | None:
    def read(conn: Connection) -> int | None:
        row = conn.execute("SELECT message_id FROM game_messages WHERE game_id = ? AND role = ?",
                           (game_id, role)).fetchone()
        return None if row is None else row[0]

    return await db.read(read)
