"""Corrections of a past entry (issue 21): a finished or past hand recorded wrongly, put right later.

A correction is a log entry of its own (a 'move' whose move the kind's `corrects` recognises: the entry it corrects
and the move that replaces it), appended like any move: it names who made it and when, and `/table undo` takes it
back while the game is open. Its state is the log replayed with the replacement in the corrected entry's place: from
the newest snapshot before the first entry any standing correction replaces, every move that stands is applied again
through the engine (`kind.apply`, deterministic), with each corrected entry's latest replacement. If a later move no
longer applies (a riichi its player can't pay any more, a hand after the game is now over), the correction is refused
and nothing changes. Its entry stores a snapshot, so `_replay` reads it like any move; without one (a lost snapshot)
`_replay` computes it again here (`corrected_state`).

Its event, `corrected`, says what the entry was and is, how each player's points changed, and re-records the events
of the corrected entry and of every later one (`replayed`), so statistics counted from the log count each hand as it
now stands (engine/table_stats.py). A finished game's results, each player's totals and its season's totals are
taken back and stored again in the same transaction, in the season the game finished in; an ended season's final
table is archived again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from engine.base import Event, GameKind
from engine.errors import GameError, IllegalMove
from engine.table_stats import CORRECTED, latest_events
from engine.text import N_, Ref, command
from storage.errors import NoActiveGame
from storage.games import (
    _EVENT_COLUMNS,
    _GAME_COLUMNS,
    GameRecord,
    GameStore,
    _append,
    _claim,
    _dumps,
    _now,
    _record,
    _request_key,
    _snapshot,
    _unpack,
)
from storage.results import Standing, forget_results, store_results
from storage.sql import Connection, dialect

S = TypeVar("S")
Move = Any


@dataclass(frozen=True)
class Correction(Generic[S]):
    game: GameRecord[S]
    entry: int  # the entry corrected
    events: list[Event]  # the correction's own (one `corrected` event)


def refusal(error: GameError) -> Ref:
    """A refusal named inside another sentence: render/ words it in the player's language."""
    return Ref("refusal", error, error.message)


class NoSuchEntry(GameError):
    code = "no_such_entry"

    def __init__(self, entry: int) -> None:
        super().__init__(N_("This table has no entry {entry} that stands."),
                         N_("See the entries and their numbers with {command}; an undone entry can't be corrected."),
                         entry=entry, command=command("table history"))


class ReplayRefused(GameError):
    code = "correction_breaks_later_entry"

    def __init__(self, later: int, error: GameError) -> None:
        super().__init__(N_("With that correction, entry {later} could not have been made: {reason}"),
                         N_("Nothing was changed. Correct or undo the later entry first, or check the correction."),
                         later=later, reason=refusal(error))


def _standing_moves(conn: Connection, game_id: int, upto: int) -> tuple[list[Any], list[tuple[int, int]]]:
    """The log up to `upto` as it stood then: the moves standing (rows of seq, move, events) and (seq, undone by) of
    the moves undone by then."""
    rows = conn.execute("SELECT seq, move, events, undone_by FROM game_events WHERE game_id = ? AND type = 'move'"
                        " AND seq <= ? ORDER BY seq", (game_id, upto)).fetchall()
    standing = [row for row in rows if row[3] is None or row[3] > upto]
    undone = [(row[0], row[3]) for row in rows if row[3] is not None and row[3] <= upto]
    return standing, undone


def _replacements(kind: GameKind[Any, Any], standing: list[Any]) -> tuple[dict[int, Move], list[tuple[int, int]]]:
    """The standing corrections: each corrected entry's latest replacement, and (correction's seq, entry)."""
    latest: dict[int, Move] = {}
    made: list[tuple[int, int]] = []
    for seq, move, _, _ in standing:
        found = kind.corrects(kind.move_from_dict(json.loads(move))) if kind.corrects else None
        if found is not None:
            latest[found[0]] = found[1]
            made.append((seq, found[0]))
    return latest, made


def _replay_corrected(conn: Connection, kind: GameKind[S, Any], game_id: int, upto: int,
                      extra: tuple[int, Move] | None = None) -> tuple[S, dict[int, list[Event]]]:
    """The state after entry `upto` as the log stood then, every standing correction (and `extra`, one more after
    them) in place; and the events of each move replayed, by seq."""
    standing, undone = _standing_moves(conn, game_id, upto)
    latest, made = _replacements(kind, standing)
    if extra is not None:
        latest[extra[0]] = extra[1]
        made.append((upto + 1, extra[0]))
    base, text = next(
        (seq, state) for seq, state in conn.execute(
            "SELECT seq, state FROM game_snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC", (game_id, upto))
        if not any(target <= seq < by for target, by in undone)  # the moves standing at it still stand
        and all(entry > seq for made_at, entry in made if made_at > seq))  # and no later correction reaches back
    state = kind.state_from_dict(_unpack(text))
    replayed: dict[int, list[Event]] = {}
    corrections = {seq for seq, _ in made}
    for seq, move, _, _ in standing:
        if seq <= base or seq in corrections:
            continue
        played = latest[seq] if seq in latest else kind.move_from_dict(json.loads(move))
        try:
            state, replayed[seq] = kind.apply(state, played)
        except GameError as error:
            if extra is not None and seq == extra[0]:
                raise  # the corrected entry itself: the rules' own refusal says it best
            raise ReplayRefused(seq, error) from error
    return state, replayed


def corrected_state(conn: Connection, kind: GameKind[S, Any], game_id: int, seq: int) -> S:
    """The state after the correction entry `seq`, computed again from the log (for `_replay`, had its snapshot been
    lost)."""
    return _replay_corrected(conn, kind, game_id, seq)[0]


def _points(kind: GameKind[S, Any], state: S) -> dict[int, int]:
    return {player: points for player, _, points in kind.results(state)} if kind.results else {}


async def correct(store: GameStore, kind: GameKind[S, Any], game: GameRecord[S], entry: int,
                  change: Callable[[Move], Move], wrap: Callable[[int, Move], Move], *, actor_id: int | None,
                  check: Callable[[GameRecord[S]], None]) -> Correction[S]:
    """Correct entry `entry` of `game` (active or finished): `change` gives the replacement of the move the entry
    stands for now (raising a GameError to refuse), `wrap` makes the correction's move of it, and `check` may refuse
    who asks (it sees the game as stored now)."""
    key = _request_key()

    def txn(conn: Connection) -> Correction[S]:
        _claim(conn, key)
        row = conn.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ? AND kind = ?{dialect(conn).for_update}",
                           (game.id, kind.name)).fetchone()
        if row is None:
            raise NoActiveGame(kind.name)
        record = store._record(conn, kind, row)
        check(record)
        target = conn.execute(f"SELECT {_EVENT_COLUMNS} FROM game_events WHERE game_id = ? AND seq = ?",
                              (game.id, entry)).fetchone()
        if target is None or target["type"] != "move" or target["undone_by"] is not None:
            raise NoSuchEntry(entry)
        standing, _ = _standing_moves(conn, game.id, record.version)
        latest, _ = _replacements(kind, standing)
        original = kind.move_from_dict(json.loads(target["move"]))
        if kind.corrects is not None and kind.corrects(original) is not None:
            raise IllegalMove(N_("Entry {entry} is itself a correction."),
                              N_("Correct the entry it corrects: the number it names."), code="correcting_a_correction",
                              entry=entry)
        replacement = change(latest.get(entry, original))
        state, replayed = _replay_corrected(conn, kind, game.id, record.version, (entry, replacement))
        was = dict(latest_events((seq, [] if events is None else _unpack(events)) for seq, _, events, _ in standing))
        before, after = _points(kind, record.state), _points(kind, state)
        events: list[Event] = [{
            "type": CORRECTED, "entry": entry, "was": was.get(entry, []), "now": replayed.get(entry, []),
            "changes": [{"player": p, "amount": after[p] - before.get(p, 0)} for p in after
                        if after[p] != before.get(p, 0)],
            "replayed": {str(seq): events for seq, events in replayed.items()}}]
        version, (now, now_ms) = record.version + 1, _now()
        state_json = _dumps(kind.state_to_dict(state))
        conn.execute("UPDATE games SET state = ?, version = ?, updated_at = ? WHERE id = ?",
                     (state_json, version, now, game.id))
        _append(conn, game.id, version, "move", actor_id, kind.move_to_dict(wrap(entry, replacement)), events, now_ms,
                key)
        _snapshot(conn, game.id, version, state_json)
        corrected = _record(row, state, version=version, updated_at=now)
        if record.status == "finished":
            _store_again(conn, kind, corrected)
        return Correction(corrected, entry, events)

    async with store.channel_lock(game.channel_id):
        result = await store.db.write(txn)
        store._remember(result.game)
        return result


def _store_again(conn: Connection, kind: GameKind[S, Any], game: GameRecord[S]) -> None:
    """A finished game's results, totals and season, recounted from its corrected state and log."""
    from storage.seasons import archive_again  # seasons read results through storage.results

    finished = conn.execute("SELECT finished_at FROM game_results WHERE game_id = ?", (game.id,)).fetchone()
    if finished is None or kind.results is None:
        return
    season = forget_results(conn, game.id, ended_seasons=True)
    store_results(conn, replace(game, updated_at=finished[0]), [Standing(*r) for r in kind.results(game.state)],
                  season_id=season)
    if season is not None:
        archive_again(conn, season)

