"""What a reveal and a roll log read (issue 21, item 3): a channel's newest games of a kind, finished or not, and a
game's start state with the moves that stand, for the fairness file (engine/fairness_file.py). Functions of a
connection, for `Backend.read`; every statement is an index search (tests/storage/test_fairness_storage.py)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from storage.games import _EVENT_COLUMNS, EventRecord, _event, _unpack
from storage.sql import Connection, Row

_GAME = "id, guild_id, channel_id, kind, status, version, state, created_at, updated_at, finished_at"


@dataclass(frozen=True)
class StoredGame:
    id: int
    kind: str
    status: str  # 'active' or 'finished'
    version: int
    state: dict[str, Any]  # the state's JSON (the kind's `state_to_dict`)
    finished_at: str | None

    @property
    def finished(self) -> bool:
        return self.status == "finished"


@dataclass(frozen=True)
class GameLog:
    start: dict[str, Any]  # the state at seq 0
    moves: list[EventRecord]  # the moves that stand, oldest first


def _game(row: Row) -> StoredGame:
    return StoredGame(row["id"], row["kind"], row["status"], row["version"], json.loads(row["state"]),
                      row["finished_at"])


def newest_games(conn: Connection, channel_id: int, kind: str) -> tuple[StoredGame | None, StoredGame | None]:
    """The channel's active game of the kind and its newest finished one (either may be None)."""
    active = conn.execute(f"SELECT {_GAME} FROM games WHERE channel_id = ? AND kind = ? AND status = 'active'",
                          (channel_id, kind)).fetchone()
    finished = conn.execute(f"SELECT {_GAME} FROM games WHERE channel_id = ? AND kind = ? AND status = 'finished'"
                            " ORDER BY id DESC LIMIT 1", (channel_id, kind)).fetchone()
    return (None if active is None else _game(active)), (None if finished is None else _game(finished))


def game_log(conn: Connection, game_id: int, *, before: int | None = None) -> GameLog:
    """The game's start state and the moves that stand (with seq below `before`, if given), oldest first. Undo takes
    back the newest move standing, so these, applied to the start state in order, give the game's state."""
    start = conn.execute("SELECT state FROM game_snapshots WHERE game_id = ? AND seq = 0", (game_id,)).fetchone()
    below, params = ("", (game_id,)) if before is None else (" AND seq < ?", (game_id, before))
    rows = conn.execute(f"SELECT {_EVENT_COLUMNS} FROM game_events WHERE game_id = ?{below} AND type = 'move'"
                        " AND undone_by IS NULL ORDER BY seq", params).fetchall()
    return GameLog(_unpack(start[0]), [_event(row) for row in rows])


def active_states(conn: Connection, guild_id: int, kind: str) -> list[dict[str, Any]]:
    """The states of the server's active games of a kind (its channels and their threads)."""
    rows = conn.execute("SELECT state FROM games WHERE guild_id = ? AND kind = ? AND status = 'active'",
                        (guild_id, kind)).fetchall()
    return [json.loads(row[0]) for row in rows]
