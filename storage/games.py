"""Games and their event logs: start, apply a move, undo, history, finish.

Each change is one BEGIN IMMEDIATE transaction under the channel's lock: load the state, run the pure
engine, write the new state and its log entry. A move after which the kind's `is_over` holds also finishes
the game in that transaction: the `end` entry, the results and the prizes. An exception anywhere rolls the whole
change back, so a refused move, a bug or a crash mid-move leaves the previous state and log exactly as they were.

A change made for a request (a Discord interaction, named by `REQUEST`) stores the request's key with its log
entry; the same key again is refused as `AlreadyDone`, so a repeated delivery never applies twice.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections import defaultdict
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

from engine.base import Event, GameKind
from engine.errors import GameError
from storage.database import Database
from storage.errors import (
    AlreadyDone,
    GameAlreadyRunning,
    GameFinished,
    NewGameStarted,
    NoActiveGame,
    NothingToUndo,
    StaleMove,
)
from storage.ginjontan import move_prizes
from storage.results import Standing, forget_results, store_results

log = logging.getLogger(__name__)
S = TypeVar("S")

_GAME_COLUMNS = "id, guild_id, channel_id, kind, status, state, version, created_by, created_at, updated_at"
_EVENT_COLUMNS = "seq, type, actor_id, move, events, undone_by, created_at"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


class Request:
    """One delivery of an outside request. Its n-th change is keyed `<id>:<n>`, the same keys on a repeated
    delivery of the same request. `tasks`, once set, are the tasks handling it: tasks they start (a timer, say)
    inherit the context but are not the request, so their changes are not keyed."""

    def __init__(self, request_id: str) -> None:
        self.id = request_id
        self.tasks: set[asyncio.Task[Any]] | None = None
        self._changes = 0

    def next_key(self) -> str | None:
        if self.tasks is not None and asyncio.current_task() not in self.tasks:
            return None
        key = f"{self.id}:{self._changes}"
        self._changes += 1
        return key


REQUEST: ContextVar[Request | None] = ContextVar("chaostable_request", default=None)


def _request_key() -> str | None:
    request = REQUEST.get()
    return None if request is None else request.next_key()


@dataclass(frozen=True)
class GameRecord(Generic[S]):
    id: int
    guild_id: int | None
    channel_id: int
    kind: str
    status: str
    version: int
    state: S
    created_by: int | None
    created_at: str
    updated_at: str


@dataclass(frozen=True)
class EventRecord:
    seq: int
    type: str  # 'start' | 'move' | 'undo' | 'end'
    actor_id: int | None
    move: dict[str, Any] | None
    events: list[Event]
    undone_by: int | None
    created_at: str

    @property
    def undone(self) -> bool:
        return self.undone_by is not None


@dataclass(frozen=True)
class MoveResult(Generic[S]):
    game: GameRecord[S]
    events: list[Event]


@dataclass(frozen=True)
class UndoResult(Generic[S]):
    game: GameRecord[S]
    undone: EventRecord


UndoCheck = Callable[[EventRecord], None]  # raises a GameError to refuse
FinishHook = Callable[[sqlite3.Connection, GameRecord[Any]], None]  # runs inside the finishing transaction
ReopenCheck = Callable[[GameRecord[Any]], None]  # raises a GameError to refuse


class GameStore:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._channel_locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    def channel_lock(self, channel_id: int) -> asyncio.Lock:
        """Held for a whole change on one channel, so that changes there apply one at a time, in order."""
        return self._channel_locks[channel_id]

    # -- reading -------------------------------------------------------------------------------------

    async def get(self, channel_id: int, kind: GameKind[S, Any]) -> GameRecord[S] | None:
        row = await self.db.read(lambda conn: _active_row(conn, channel_id, kind.name))
        return None if row is None else _record(row, kind)

    async def require(self, channel_id: int, kind: GameKind[S, Any], *, undoing: bool = False) -> GameRecord[S]:
        """The active game; `undoing`: if the channel's last game is finished, say that it can't be undone."""
        record = await self.get(channel_id, kind)
        if record is None and undoing:
            raise await self.db.read(lambda conn: _missing(conn, channel_id, kind.name))
        if record is None:
            raise NoActiveGame(kind.name)
        return record

    async def active(self, kind: GameKind[S, Any]) -> list[GameRecord[S]]:
        """Every active game of this kind, in every channel (for timers to resume after a restart); an unreadable
        one is logged and left out."""
        rows = await self.db.read(lambda conn: conn.execute(
            f"SELECT {_GAME_COLUMNS} FROM games WHERE kind = ? AND status = 'active'", (kind.name,)).fetchall())
        records = []
        for row in rows:
            try:
                records.append(_record(row, kind))
            except Exception:  # a row no version of the rules can read must not stop the others (or the bot)
                log.warning("skipping the %s game %s in channel %s: its stored state can't be read", kind.name,
                            row["id"], row["channel_id"], exc_info=True)
        return records

    async def history(self, channel_id: int, kind: GameKind[Any, Any], limit: int = 20) -> list[EventRecord]:
        """The newest `limit` log entries of the active game, oldest first."""

        def read(conn: sqlite3.Connection) -> list[sqlite3.Row]:
            row = _require_row(conn, channel_id, kind.name)
            return conn.execute(f"SELECT {_EVENT_COLUMNS} FROM game_events WHERE game_id = ?"
                                " ORDER BY seq DESC LIMIT ?", (row["id"], limit)).fetchall()

        return [_event(r) for r in reversed(await self.db.read(read))]

    async def states(self, channel_id: int, kind: GameKind[S, Any], first: int, last: int) -> list[S]:
        """The active game's state after each log entry from seq `first` to `last`, oldest first."""

        def read(conn: sqlite3.Connection) -> list[sqlite3.Row]:
            row = _require_row(conn, channel_id, kind.name)
            return conn.execute("SELECT state_after FROM game_events WHERE game_id = ? AND seq BETWEEN ? AND ?"
                                " ORDER BY seq", (row["id"], first, last)).fetchall()

        return [kind.state_from_dict(json.loads(r["state_after"])) for r in await self.db.read(read)]

    async def standing(self, channel_id: int, kind: GameKind[S, Any]) -> list[tuple[EventRecord, S]]:
        """The active game's entries that stand (no undo, nothing undone), oldest first, each with the state after
        it: each one's state is the state the next one was made in."""

        def read(conn: sqlite3.Connection) -> list[sqlite3.Row]:
            row = _require_row(conn, channel_id, kind.name)
            return conn.execute(f"SELECT {_EVENT_COLUMNS}, state_after FROM game_events WHERE game_id = ?"
                                " AND type != 'undo' AND undone_by IS NULL ORDER BY seq", (row["id"],)).fetchall()

        return [(_event(r), kind.state_from_dict(json.loads(r["state_after"]))) for r in await self.db.read(read)]

    # -- changing ------------------------------------------------------------------------------------

    async def start(self, channel_id: int, kind: GameKind[S, Any], state: S, *,
                    guild_id: int | None, actor_id: int | None) -> GameRecord[S]:
        state_json = _dumps(kind.state_to_dict(state))
        key = _request_key()

        def txn(conn: sqlite3.Connection) -> sqlite3.Row:
            _claim(conn, key)
            if _active_row(conn, channel_id, kind.name) is not None:
                raise GameAlreadyRunning(kind.name)
            now = _now()
            conn.execute(
                "INSERT INTO games (guild_id, channel_id, kind, state, version, created_by, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, 0, ?, ?, ?)",
                (guild_id, channel_id, kind.name, state_json, actor_id, now, now),
            )
            row = _require_row(conn, channel_id, kind.name)
            _append(conn, row["id"], 0, "start", actor_id, None, [], state_json, now, key)
            return row

        async with self.channel_lock(channel_id):
            row = await self.db.write(txn)
        return _record(row, kind, state=state)

    async def apply(self, channel_id: int, kind: GameKind[S, Any], move: Any, *, actor_id: int | None,
                    expected_version: int | None = None) -> MoveResult[S]:
        """Apply one move. `expected_version` (carried by a button) must equal the stored version. If the game is
        over after it (`kind.is_over`), it is finished in the same transaction: the record comes back finished."""
        key = _request_key()

        def txn(conn: sqlite3.Connection) -> MoveResult[S]:
            _claim(conn, key)
            row = _require_row(conn, channel_id, kind.name)
            if expected_version is not None and expected_version != row["version"]:
                raise StaleMove(kind.name)
            new_state, events = kind.apply(kind.state_from_dict(json.loads(row["state"])), move)
            state_json = _dumps(kind.state_to_dict(new_state))
            version, now = row["version"] + 1, _now()
            conn.execute("UPDATE games SET state = ?, version = ?, updated_at = ? WHERE id = ?",
                         (state_json, version, now, row["id"]))
            _append(conn, row["id"], version, "move", actor_id, kind.move_to_dict(move), events, state_json, now, key)
            record = _record(row, kind, state=new_state, version=version, updated_at=now)
            if kind.is_over is not None and kind.is_over(new_state):
                record = _finish(conn, kind, record, state_json, actor_id=None, results=True)
            return MoveResult(record, events)

        async with self.channel_lock(channel_id):
            return await self.db.write(txn)

    async def undo(self, channel_id: int, kind: GameKind[S, Any], *, actor_id: int | None,
                   check: UndoCheck | None = None) -> UndoResult[S]:
        """Step back over the latest move that is not undone yet. `check` may refuse by raising. A finished game
        is refused (`GameFinished`): its results are recorded, and a new game may already have started."""
        key = _request_key()

        def txn(conn: sqlite3.Connection) -> tuple[sqlite3.Row, sqlite3.Row, str, int, str]:
            _claim(conn, key)
            row = _active_row(conn, channel_id, kind.name)
            if row is None:
                raise _missing(conn, channel_id, kind.name)
            live = conn.execute(
                f"SELECT {_EVENT_COLUMNS}, state_after FROM game_events WHERE game_id = ?"
                " AND type IN ('start', 'move') AND undone_by IS NULL ORDER BY seq DESC LIMIT 2",
                (row["id"],),
            ).fetchall()
            if len(live) < 2:
                raise NothingToUndo()
            target, previous = live
            if check is not None:
                check(_event(target))
            version, now = row["version"] + 1, _now()
            conn.execute("UPDATE games SET state = ?, version = ?, updated_at = ? WHERE id = ?",
                         (previous["state_after"], version, now, row["id"]))
            _append(conn, row["id"], version, "undo", actor_id, {"undoes": target["seq"]}, [],
                    previous["state_after"], now, key)
            conn.execute("UPDATE game_events SET undone_by = ? WHERE game_id = ? AND seq = ?",
                         (version, row["id"], target["seq"]))
            return row, target, previous["state_after"], version, now

        async with self.channel_lock(channel_id):
            row, target, state_json, version, now = await self.db.write(txn)
        state = kind.state_from_dict(json.loads(state_json))
        return UndoResult(_record(row, kind, state=state, version=version, updated_at=now), _event(target))

    async def finish(self, channel_id: int, kind: GameKind[S, Any], *, actor_id: int | None, results: bool = False,
                     on_finish: FinishHook | None = None, game_id: int | None = None,
                     expected_version: int | None = None) -> GameRecord[S]:
        """End the active game; with `results`, store the kind's results and prizes from the state as it is in
        this transaction. `on_finish` runs in the same transaction. `game_id` and `expected_version` (carried by a
        confirmation) must be the active game's, else it is refused as stale."""
        key = _request_key()

        def txn(conn: sqlite3.Connection) -> GameRecord[S]:
            _claim(conn, key)
            row = _require_row(conn, channel_id, kind.name)
            if game_id not in (None, row["id"]) or expected_version not in (None, row["version"]):
                raise StaleMove(kind.name)
            record = _finish(conn, kind, _record(row, kind), row["state"], actor_id=actor_id, results=results,
                             request=key)
            if on_finish is not None:
                on_finish(conn, record)
            return record

        async with self.channel_lock(channel_id):
            return await self.db.write(txn)

    async def reopen(self, channel_id: int, kind: GameKind[S, Any], *, actor_id: int | None,
                     check: ReopenCheck | None = None) -> UndoResult[S]:
        """Undo the end of the channel's newest game of this kind, in one transaction: the game is active again at
        the state it ended in, its results are removed and its 'end' entry is undone by an 'undo' entry. Refused
        once another game of the kind has started in the channel (`NewGameStarted`), and for kinds with prizes
        (`GameFinished`): cards that changed hands may have been traded on; so is a game its rules finished (it
        would be over again at once). `check` may refuse by raising."""
        key = _request_key()

        def txn(conn: sqlite3.Connection) -> UndoResult[S]:
            _claim(conn, key)
            row = conn.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND kind = ?"
                               " ORDER BY id DESC LIMIT 1", (channel_id, kind.name)).fetchone()
            if row is None:
                raise NoActiveGame(kind.name)
            if row["status"] == "active":
                raise NewGameStarted(kind.name)
            end = conn.execute(f"SELECT {_EVENT_COLUMNS} FROM game_events WHERE game_id = ? ORDER BY seq DESC"
                               " LIMIT 1", (row["id"],)).fetchone()
            record = _record(row, kind)
            if kind.prizes is not None or end["type"] != "end" or (kind.is_over and kind.is_over(record.state)):
                raise GameFinished(kind.name)
            if check is not None:
                check(record)
            version, now = row["version"] + 1, _now()
            conn.execute("UPDATE games SET status = 'active', version = ?, updated_at = ?, finished_at = NULL"
                         " WHERE id = ?", (version, now, row["id"]))
            _append(conn, row["id"], version, "undo", actor_id, {"undoes": end["seq"]}, [], row["state"], now, key)
            conn.execute("UPDATE game_events SET undone_by = ? WHERE game_id = ? AND seq = ?",
                         (version, row["id"], end["seq"]))
            forget_results(conn, row["id"])
            return UndoResult(replace(record, status="active", version=version, updated_at=now), _event(end))

        async with self.channel_lock(channel_id):
            return await self.db.write(txn)

    async def ended_before(self, channel_id: int, kind: GameKind[Any, Any], game_id: int) -> bool:
        """Whether a game of this kind ended in the channel before game `game_id`."""
        return await self.db.read(lambda conn: conn.execute(
            "SELECT 1 FROM games WHERE channel_id = ? AND kind = ? AND status = 'finished' AND id < ?",
            (channel_id, kind.name, game_id)).fetchone() is not None)

    async def repair(self, kinds: Iterable[GameKind[Any, Any]]) -> list[GameRecord[Any]]:
        """At start-up: finish, with results, every active game that is over. An older version finished games in
        a second transaction after the move, so a crash in between left such games behind."""
        repaired = []
        for kind in kinds:
            if kind.is_over is None:
                continue
            for record in await self.active(kind):
                if kind.is_over(record.state):
                    done = await self.finish(record.channel_id, kind, actor_id=None, results=True)
                    log.warning("repaired game %d (%s in channel %d): it was over but still active; finished with"
                                " its results", done.id, kind.name, done.channel_id)
                    repaired.append(done)
        return repaired


def _claim(conn: sqlite3.Connection, key: str | None) -> None:
    if key is not None and conn.execute("SELECT 1 FROM game_events WHERE request = ?", (key,)).fetchone():
        raise AlreadyDone()


def _finish(conn: sqlite3.Connection, kind: GameKind[S, Any], record: GameRecord[S], state_json: str, *,
            actor_id: int | None, results: bool, request: str | None = None) -> GameRecord[S]:
    version, now = record.version + 1, _now()
    conn.execute("UPDATE games SET status = 'finished', version = ?, updated_at = ?, finished_at = ? WHERE id = ?",
                 (version, now, now, record.id))
    _append(conn, record.id, version, "end", actor_id, None, [], state_json, now, request)
    record = replace(record, version=version, updated_at=now, status="finished")
    if results and kind.results is not None:
        store_results(conn, record, [Standing(*row) for row in kind.results(record.state)])
    transfers = kind.prizes(record.state) if results and kind.prizes is not None else []
    if transfers:
        move_prizes(conn, record.guild_id, transfers)
    return record


def _missing(conn: sqlite3.Connection, channel_id: int, kind: str) -> GameError:
    """Why there is nothing to undo: the channel's last game is finished, or there never was one."""
    finished = conn.execute("SELECT 1 FROM games WHERE channel_id = ? AND kind = ? AND status = 'finished'",
                            (channel_id, kind)).fetchone()
    return GameFinished(kind) if finished else NoActiveGame(kind)


def _active_row(conn: sqlite3.Connection, channel_id: int, kind: str) -> sqlite3.Row | None:
    return conn.execute(
        f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND kind = ? AND status = 'active'",
        (channel_id, kind),
    ).fetchone()


def _require_row(conn: sqlite3.Connection, channel_id: int, kind: str) -> sqlite3.Row:
    row = _active_row(conn, channel_id, kind)
    if row is None:
        raise NoActiveGame(kind)
    return row


def _append(conn: sqlite3.Connection, game_id: int, seq: int, type_: str, actor_id: int | None,
            move: dict[str, Any] | None, events: list[Event], state_json: str, now: str,
            request: str | None = None) -> None:
    conn.execute(
        "INSERT INTO game_events (game_id, seq, type, actor_id, move, events, state_after, created_at, request)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (game_id, seq, type_, actor_id, None if move is None else _dumps(move), _dumps(events), state_json, now,
         request),
    )


def _record(row: sqlite3.Row, kind: GameKind[S, Any], **changes: Any) -> GameRecord[S]:
    fields = dict(zip(row.keys(), tuple(row), strict=True))
    fields["state"] = changes.pop("state") if "state" in changes else kind.state_from_dict(json.loads(row["state"]))
    fields.update(changes)
    return GameRecord(**fields)


def _event(row: sqlite3.Row) -> EventRecord:
    return EventRecord(
        seq=row["seq"], type=row["type"], actor_id=row["actor_id"],
        move=None if row["move"] is None else json.loads(row["move"]),
        events=json.loads(row["events"]), undone_by=row["undone_by"], created_at=row["created_at"],
    )
