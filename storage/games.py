"""Games and their event logs: start, apply a move, undo, history, finish.

Each change is one BEGIN IMMEDIATE transaction under the channel's lock: load the state, run the pure
engine, write the new state and its log entry.

The log holds moves and the events the engine returned, not states: `games.state` is the current state, and
`game_snapshots` holds the state at the start and after every `SNAPSHOT_EVERY`-th entry (and after an undo that took
long to rebuild). The state after any entry is rebuilt from the nearest snapshot by replaying the moves that stood
then through the engine (`_replay`). The latest state of each active game is also kept in memory by version, so a
move neither parses the stored state nor reads it again. A move after which the kind's `is_over` holds also finishes
the game in that transaction: the `end` entry, the results and the prizes. An exception anywhere rolls the whole
change back, so a refused move, a bug or a crash mid-move leaves the previous state and log exactly as they were.

A change made for a request (a Discord interaction, named by `REQUEST`) stores the request's key with its log
entry; the same key again is refused as `AlreadyDone`, so a repeated delivery never applies twice.
"""

from __future__ import annotations

import asyncio
import json
import logging
import zlib
from collections import defaultdict
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any, Generic, TypeVar

from engine.base import Event, GameKind
from engine.errors import GameError
from storage.backend import Backend
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
from storage.sql import Connection, Row, dialect

log = logging.getLogger(__name__)
S = TypeVar("S")

_HEAD_COLUMNS = "id, guild_id, channel_id, kind, status, version, created_by, created_at, updated_at"
_GAME_COLUMNS = f"{_HEAD_COLUMNS}, state"
_EVENT_COLUMNS = "seq, type, actor_id, move, events, undone_by, created_at"
SNAPSHOT_EVERY = 100  # entries between snapshots (migration 0008 keeps the same ones); bench/storage_log.py times it
_PACK_FROM = 48  # characters of JSON below which deflating can't pay


def _now() -> tuple[str, int]:
    """Now, as ISO text (the games table) and as Unix milliseconds (the log)."""
    now = datetime.now(UTC)
    return now.isoformat(timespec="milliseconds"), int(now.timestamp()) * 1000 + now.microsecond // 1000


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _pack(conn: Connection, text: str) -> str | bytes:
    """JSON as the log stores it: on SQLite deflated (a BLOB) when that is shorter, else the text (what older versions
    wrote); on PostgreSQL the text (a column has one type there, and long values are compressed by the server)."""
    if len(text) < _PACK_FROM or not dialect(conn).deflate_log:
        return text
    packed = zlib.compress(text.encode(), 6, wbits=-15)
    return packed if len(packed) < len(text) else text


def _unpack(value: str | bytes) -> Any:
    return json.loads(zlib.decompress(value, wbits=-15) if isinstance(value, bytes) else value)


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
FinishHook = Callable[[Connection, GameRecord[Any]], None]  # runs inside the finishing transaction
ReopenCheck = Callable[[GameRecord[Any]], None]  # raises a GameError to refuse


class GameStore:
    def __init__(self, db: Backend) -> None:
        self.db = db
        self._channel_locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._latest: dict[int, tuple[int, Any]] = {}  # game id -> (version, state) of active games, committed

    def channel_lock(self, channel_id: int) -> asyncio.Lock:
        """Held for a whole change on one channel, so that changes there apply one at a time, in order."""
        return self._channel_locks[channel_id]

    def forget(self) -> None:
        """Drop the states kept in memory: for tools and tests that change `games.state` without a new version."""
        self._latest.clear()

    def _state(self, conn: Connection, kind: GameKind[S, Any], row: Row) -> S:
        """The state of the game `row` at its version: from memory, else parsed from `games.state`."""
        cached = self._latest.get(row["id"])
        if cached is not None and cached[0] == row["version"]:
            return cached[1]  # type: ignore[no-any-return]
        if "state" in row.keys():  # noqa: SIM118 - `in` on a Row looks at its values
            text = row["state"]
        else:
            text = conn.execute("SELECT state FROM games WHERE id = ?", (row["id"],)).fetchone()[0]
        return kind.state_from_dict(json.loads(text))

    def _remember(self, record: GameRecord[S]) -> GameRecord[S]:
        """Keep a committed state of an active game (never one older than kept); forget a finished game."""
        if record.status != "active":
            self._latest.pop(record.id, None)
        elif record.version >= self._latest.get(record.id, (-1, None))[0]:
            self._latest[record.id] = (record.version, record.state)
        return record

    def _record(self, conn: Connection, kind: GameKind[S, Any], row: Row) -> GameRecord[S]:
        return _record(row, self._state(conn, kind, row))

    # -- reading -------------------------------------------------------------------------------------

    async def get(self, channel_id: int, kind: GameKind[S, Any]) -> GameRecord[S] | None:
        def read(conn: Connection) -> GameRecord[S] | None:
            row = _active_row(conn, channel_id, kind.name)
            return None if row is None else self._record(conn, kind, row)

        record = await self.db.read(read)
        return None if record is None else self._remember(record)

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
                records.append(self._remember(_record(row, kind.state_from_dict(json.loads(row["state"])))))
            except Exception:  # a row no version of the rules can read must not stop the others (or the bot)
                log.warning("skipping the %s game %s in channel %s: its stored state can't be read", kind.name,
                            row["id"], row["channel_id"], exc_info=True)
        return records

    async def history(self, channel_id: int, kind: GameKind[Any, Any], limit: int = 20) -> list[EventRecord]:
        """The newest `limit` log entries of the active game, oldest first."""

        def read(conn: Connection) -> list[Row]:
            row = _require_row(conn, channel_id, kind.name)
            return conn.execute(f"SELECT {_EVENT_COLUMNS} FROM game_events WHERE game_id = ?"
                                " ORDER BY seq DESC LIMIT ?", (row["id"], limit)).fetchall()

        return [_event(r) for r in reversed(await self.db.read(read))]

    async def states(self, channel_id: int, kind: GameKind[S, Any], first: int, last: int) -> list[S]:
        """The active game's state after each log entry from seq `first` to `last`, oldest first."""

        def read(conn: Connection) -> list[S]:
            row = _require_row(conn, channel_id, kind.name)
            first_, last_ = max(first, 0), min(last, row["version"])
            return _replay(conn, kind, row["id"], first_, last_)[0] if first_ <= last_ else []

        return await self.db.read(read)

    async def standing(self, channel_id: int, kind: GameKind[S, Any]) -> list[tuple[EventRecord, S]]:
        """The active game's entries that stand (no undo, nothing undone), oldest first, each with the state after
        it: each one's state is the state the next one was made in."""

        def read(conn: Connection) -> list[tuple[EventRecord, S]]:
            row = _require_row(conn, channel_id, kind.name)
            entries = conn.execute(f"SELECT {_EVENT_COLUMNS} FROM game_events WHERE game_id = ? ORDER BY seq",
                                   (row["id"],)).fetchall()
            states = _replay(conn, kind, row["id"], 0, row["version"])[0]
            return [(_event(e), states[e["seq"]]) for e in entries if e["type"] != "undo" and e["undone_by"] is None]

        return await self.db.read(read)

    # -- changing ------------------------------------------------------------------------------------

    async def start(self, channel_id: int, kind: GameKind[S, Any], state: S, *,
                    guild_id: int | None, actor_id: int | None) -> GameRecord[S]:
        state_json = _dumps(kind.state_to_dict(state))
        key = _request_key()

        def txn(conn: Connection) -> Row:
            _claim(conn, key)
            if _active_row(conn, channel_id, kind.name) is not None:
                raise GameAlreadyRunning(kind.name)
            now, now_ms = _now()
            conn.execute(
                "INSERT INTO games (guild_id, channel_id, kind, state, version, created_by, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, 0, ?, ?, ?)",
                (guild_id, channel_id, kind.name, state_json, actor_id, now, now),
            )
            row = _require_row(conn, channel_id, kind.name)
            _append(conn, row["id"], 0, "start", actor_id, None, [], now_ms, key)
            _snapshot(conn, row["id"], 0, state_json)
            return row

        async with self.channel_lock(channel_id):
            row = await self.db.write(txn)
            return self._remember(_record(row, state))

    async def apply(self, channel_id: int, kind: GameKind[S, Any], move: Any, *, actor_id: int | None,
                    expected_version: int | None = None) -> MoveResult[S]:
        """Apply one move. `expected_version` (carried by a button) must equal the stored version. If the game is
        over after it (`kind.is_over`), it is finished in the same transaction: the record comes back finished."""
        key = _request_key()

        def txn(conn: Connection) -> MoveResult[S]:
            _claim(conn, key)
            row = _require_row(conn, channel_id, kind.name, lock=True)
            if expected_version is not None and expected_version != row["version"]:
                raise StaleMove(kind.name)
            new_state, events = kind.apply(self._state(conn, kind, row), move)
            state_json = _dumps(kind.state_to_dict(new_state))
            version, (now, now_ms) = row["version"] + 1, _now()
            conn.execute("UPDATE games SET state = ?, version = ?, updated_at = ? WHERE id = ?",
                         (state_json, version, now, row["id"]))
            _append(conn, row["id"], version, "move", actor_id, kind.move_to_dict(move), events, now_ms, key)
            if version % SNAPSHOT_EVERY == 0:
                _snapshot(conn, row["id"], version, state_json)
            record = _record(row, new_state, version=version, updated_at=now)
            if kind.is_over is not None and kind.is_over(new_state):
                record = _finish(conn, kind, record, state_json, actor_id=None, results=True)
            return MoveResult(record, events)

        async with self.channel_lock(channel_id):
            result = await self.db.write(txn)
            self._remember(result.game)
            return result

    async def undo(self, channel_id: int, kind: GameKind[S, Any], *, actor_id: int | None,
                   check: UndoCheck | None = None) -> UndoResult[S]:
        """Step back over the latest move that is not undone yet. `check` may refuse by raising. A finished game
        is refused (`GameFinished`): its results are recorded, and a new game may already have started."""
        key = _request_key()

        def txn(conn: Connection) -> UndoResult[S]:
            _claim(conn, key)
            row = _active_row(conn, channel_id, kind.name, lock=True)
            if row is None:
                raise _missing(conn, channel_id, kind.name)
            live = conn.execute(
                f"SELECT {_EVENT_COLUMNS} FROM game_events WHERE game_id = ?"
                " AND type IN ('start', 'move') AND undone_by IS NULL ORDER BY seq DESC LIMIT 2",
                (row["id"],),
            ).fetchall()
            if len(live) < 2:
                raise NothingToUndo()
            target, previous = live
            if check is not None:
                check(_event(target))
            states, replayed = _replay(conn, kind, row["id"], previous["seq"], previous["seq"])
            state_json = _dumps(kind.state_to_dict(states[0]))
            version, (now, now_ms) = row["version"] + 1, _now()
            conn.execute("UPDATE games SET state = ?, version = ?, updated_at = ? WHERE id = ?",
                         (state_json, version, now, row["id"]))
            _append(conn, row["id"], version, "undo", actor_id, {"undoes": target["seq"]}, [], now_ms, key)
            conn.execute("UPDATE game_events SET undone_by = ? WHERE game_id = ? AND seq = ?",
                         (version, row["id"], target["seq"]))
            if version % SNAPSHOT_EVERY == 0 or replayed >= SNAPSHOT_EVERY // 2:
                _snapshot(conn, row["id"], version, state_json)
            return UndoResult(_record(row, states[0], version=version, updated_at=now), _event(target))

        async with self.channel_lock(channel_id):
            result = await self.db.write(txn)
            self._remember(result.game)
            return result

    async def finish(self, channel_id: int, kind: GameKind[S, Any], *, actor_id: int | None, results: bool = False,
                     on_finish: FinishHook | None = None, game_id: int | None = None,
                     expected_version: int | None = None) -> GameRecord[S]:
        """End the active game; with `results`, store the kind's results and prizes from the state as it is in
        this transaction. `on_finish` runs in the same transaction. `game_id` and `expected_version` (carried by a
        confirmation) must be the active game's, else it is refused as stale."""
        key = _request_key()

        def txn(conn: Connection) -> GameRecord[S]:
            _claim(conn, key)
            row = _require_row(conn, channel_id, kind.name, lock=True)
            if game_id not in (None, row["id"]) or expected_version not in (None, row["version"]):
                raise StaleMove(kind.name)
            record = _finish(conn, kind, self._record(conn, kind, row), None, actor_id=actor_id, results=results,
                             request=key)
            if on_finish is not None:
                on_finish(conn, record)
            return record

        async with self.channel_lock(channel_id):
            return self._remember(await self.db.write(txn))

    async def reopen(self, channel_id: int, kind: GameKind[S, Any], *, actor_id: int | None,
                     check: ReopenCheck | None = None) -> UndoResult[S]:
        """Undo the end of the channel's newest game of this kind, in one transaction: the game is active again at
        the state it ended in, its results are removed and its 'end' entry is undone by an 'undo' entry. Refused
        once another game of the kind has started in the channel (`NewGameStarted`), and for kinds with prizes
        (`GameFinished`): cards that changed hands may have been traded on; so is a game its rules finished (it
        would be over again at once). `check` may refuse by raising."""
        key = _request_key()

        def txn(conn: Connection) -> UndoResult[S]:
            _claim(conn, key)
            row = conn.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE channel_id = ? AND kind = ?"
                               f" ORDER BY id DESC LIMIT 1{dialect(conn).for_update}",
                               (channel_id, kind.name)).fetchone()
            if row is None:
                raise NoActiveGame(kind.name)
            if row["status"] == "active":
                raise NewGameStarted(kind.name)
            end = conn.execute(f"SELECT {_EVENT_COLUMNS} FROM game_events WHERE game_id = ? ORDER BY seq DESC"
                               " LIMIT 1", (row["id"],)).fetchone()
            record = self._record(conn, kind, row)
            if kind.prizes is not None or end["type"] != "end" or (kind.is_over and kind.is_over(record.state)):
                raise GameFinished(kind.name)
            if check is not None:
                check(record)
            version, (now, now_ms) = row["version"] + 1, _now()
            conn.execute("UPDATE games SET status = 'active', version = ?, updated_at = ?, finished_at = NULL"
                         " WHERE id = ?", (version, now, row["id"]))
            _append(conn, row["id"], version, "undo", actor_id, {"undoes": end["seq"]}, [], now_ms, key)
            conn.execute("UPDATE game_events SET undone_by = ? WHERE game_id = ? AND seq = ?",
                         (version, row["id"], end["seq"]))
            if version % SNAPSHOT_EVERY == 0:
                _snapshot(conn, row["id"], version, row["state"])
            forget_results(conn, row["id"])
            return UndoResult(replace(record, status="active", version=version, updated_at=now), _event(end))

        async with self.channel_lock(channel_id):
            result = await self.db.write(txn)
            self._remember(result.game)
            return result

    async def ended_before(self, channel_id: int, kind: GameKind[Any, Any], game_id: int) -> bool:
        """Whether a game of this kind ended in the channel before game `game_id`."""
        return await self.db.read(lambda conn: conn.execute(
            "SELECT 1 FROM games WHERE channel_id = ? AND kind = ? AND status = 'finished' AND id < ?",
            (channel_id, kind.name, game_id)).fetchone() is not None)

    async def repair(self, kinds: Iterable[GameKind[Any, Any]],
                     owned: Callable[[int | None], bool] = lambda guild_id: True) -> list[GameRecord[Any]]:
        """At start-up: finish, with results, every active game that is over. An older version finished games in
        a second transaction after the move, so a crash in between left such games behind. `owned(guild_id)`:
        the servers this process looks after (its shards'); another process may finish the same game first."""
        repaired = []
        for kind in kinds:
            if kind.is_over is None:
                continue
            for record in await self.active(kind):
                if owned(record.guild_id) and kind.is_over(record.state):
                    try:
                        done = await self.finish(record.channel_id, kind, actor_id=None, results=True,
                                                 game_id=record.id)
                    except (NoActiveGame, StaleMove):
                        continue  # finished meanwhile (another process, at the same start-up)
                    log.warning("repaired game %d (%s in channel %d): it was over but still active; finished with"
                                " its results", done.id, kind.name, done.channel_id)
                    repaired.append(done)
        return repaired


def _claim(conn: Connection, key: str | None) -> None:
    if key is not None and conn.execute("SELECT 1 FROM game_events WHERE request = ?", (key,)).fetchone():
        raise AlreadyDone()


def _finish(conn: Connection, kind: GameKind[S, Any], record: GameRecord[S], state_json: str | None, *,
            actor_id: int | None, results: bool, request: str | None = None) -> GameRecord[S]:
    version, (now, now_ms) = record.version + 1, _now()
    conn.execute("UPDATE games SET status = 'finished', version = ?, updated_at = ?, finished_at = ? WHERE id = ?",
                 (version, now, now, record.id))
    _append(conn, record.id, version, "end", actor_id, None, [], now_ms, request)
    if version % SNAPSHOT_EVERY == 0:
        _snapshot(conn, record.id, version, state_json or _dumps(kind.state_to_dict(record.state)))
    record = replace(record, version=version, updated_at=now, status="finished")
    if results and kind.results is not None:
        store_results(conn, record, [Standing(*row) for row in kind.results(record.state)])
    transfers = kind.prizes(record.state) if results and kind.prizes is not None else []
    if transfers:
        move_prizes(conn, record.guild_id, transfers)
    return record


def _replay(conn: Connection, kind: GameKind[S, Any], game_id: int, first: int,
            last: int) -> tuple[list[S], int]:
    """The state after each entry from seq `first` to `last` (at most the game's version), and how many moves were
    replayed for them. The state after an entry is its start's, replayed through the moves standing then. It starts
    from the newest snapshot at or before `first` that stays true up to `last`: none of the moves standing at the
    snapshot is undone by then. Undo takes back the newest standing move, so the moves standing form a stack."""
    undone = conn.execute("SELECT seq, undone_by FROM game_events WHERE game_id = ? AND type = 'move'"
                          " AND undone_by <= ?", (game_id, last)).fetchall()
    base, text = next(
        (seq, state) for seq, state in conn.execute(
            "SELECT seq, state FROM game_snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC", (game_id, first))
        if not any(target <= seq < by for target, by in undone))
    stack = [(base, kind.state_from_dict(_unpack(text)))]
    states, replayed = [stack[-1][1]] if base == first else [], 0
    for seq, type_, move, snapshot in conn.execute(
            "SELECT e.seq, e.type, e.move, s.state FROM game_events e LEFT JOIN game_snapshots s"
            " ON s.game_id = e.game_id AND s.seq = e.seq WHERE e.game_id = ? AND e.seq > ? AND e.seq <= ?"
            " ORDER BY e.seq", (game_id, base, last)):
        if type_ == "move" and snapshot is not None:  # the state after it, whatever came later (and a move an
            stack.append((seq, kind.state_from_dict(_unpack(snapshot))))  # older version logged can't replay)
        elif type_ == "move":
            stack.append((seq, kind.apply(stack[-1][1], kind.move_from_dict(json.loads(move)))[0]))
            replayed += 1
        elif type_ == "undo" and len(stack) > 1 and stack[-1][0] == json.loads(move)["undoes"]:
            stack.pop()  # (an undone end changes no state; nor does undoing what the snapshot is after)
        if seq >= first:
            states.append(stack[-1][1])
    return states, replayed


def _missing(conn: Connection, channel_id: int, kind: str) -> GameError:
    """Why there is nothing to undo: the channel's last game is finished, or there never was one."""
    finished = conn.execute("SELECT 1 FROM games WHERE channel_id = ? AND kind = ? AND status = 'finished'",
                            (channel_id, kind)).fetchone()
    return GameFinished(kind) if finished else NoActiveGame(kind)


def _active_row(conn: Connection, channel_id: int, kind: str, *, lock: bool = False) -> Row | None:
    """The channel's active game of the kind; `lock`: a change is about to write it, so another process's change to
    it waits until this transaction ends (and then sees its version)."""
    return conn.execute(
        f"SELECT {_HEAD_COLUMNS} FROM games WHERE channel_id = ? AND kind = ? AND status = 'active'"
        f"{dialect(conn).for_update if lock else ''}",
        (channel_id, kind),
    ).fetchone()


def _require_row(conn: Connection, channel_id: int, kind: str, *, lock: bool = False) -> Row:
    row = _active_row(conn, channel_id, kind, lock=lock)
    if row is None:
        raise NoActiveGame(kind)
    return row


def _append(conn: Connection, game_id: int, seq: int, type_: str, actor_id: int | None,
            move: dict[str, Any] | None, events: list[Event], now_ms: int, request: str | None = None) -> None:
    conn.execute(
        "INSERT INTO game_events (game_id, seq, type, actor_id, move, events, created_at, request)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (game_id, seq, type_, actor_id, None if move is None else _dumps(move),
         _pack(conn, _dumps(events)) if events else None, now_ms, request),
    )


def _snapshot(conn: Connection, game_id: int, seq: int, state_json: str) -> None:
    conn.execute("INSERT INTO game_snapshots (game_id, seq, state) VALUES (?, ?, ?)",
                 (game_id, seq, _pack(conn, state_json)))


def _record(row: Row, state: S, **changes: Any) -> GameRecord[S]:
    fields = {key: row[key] for key in _HEAD_COLUMNS.split(", ")} | changes
    return GameRecord(**fields, state=state)


def _event(row: Row) -> EventRecord:
    ms = row["created_at"]
    created = datetime.fromtimestamp(ms // 1000, UTC).replace(microsecond=ms % 1000 * 1000).isoformat(
        timespec="milliseconds")
    return EventRecord(
        seq=row["seq"], type=row["type"], actor_id=row["actor_id"],
        move=None if row["move"] is None else json.loads(row["move"]),
        events=[] if row["events"] is None else _unpack(row["events"]), undone_by=row["undone_by"], created_at=created,
    )
