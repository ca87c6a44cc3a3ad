"""A move and the finish it causes are one transaction (issue 16, item 1; rulings: "Finishing a game").

A move after which the engine says the game is over finishes it in the same transaction: the `end` entry, the
results and the prizes. A failure anywhere in there leaves the move unapplied too. A finished game's moves can't
be undone. `/table` keeps waiting for `/table end` after a bust or the last hand. At start-up, an active game
that is over (left by an older version that finished in a second transaction) is finished with its results.
"""

from __future__ import annotations

import dataclasses
import logging

import pytest

from engine.ginjontan.moves import Evaluate
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import GINJONTAN
from engine.ginjontan.rules import new_game as ginjontan_game
from engine.ginjontan.state import Phase as GinjontanPhase
from engine.table import TABLE, HandValue, Ron, SetPoints, Win
from engine.table import new_game as table_game
from engine.uno.moves import EndRound
from engine.uno.rules import UNO
from storage import GameStore
from storage.errors import GameFinished
from storage.ginjontan import collections
from tests.engine.uno.notation import played, scenario

CHANNEL, GUILD = 100, 9
A, B, C, D = 1, 2, 3, 4


@pytest.fixture
async def store(database):
    """On SQLite, then on PostgreSQL (tests/conftest.py)."""
    return GameStore(database)


async def results(store):
    rows = await store.db.read(lambda conn: [tuple(r) for r in conn.execute(
        "SELECT user_id, place, points FROM game_results ORDER BY place, user_id")])
    return [(user, place, int(points)) for user, place, points in rows]  # points are exact decimal text


async def log_types(store, game_id):
    return await store.db.read(lambda conn: [tuple(r) for r in conn.execute(
        "SELECT seq, type FROM game_events WHERE game_id = ? ORDER BY seq", (game_id,))])


def uno_last_round():
    """Seed 003, "Winning the game": A plays their last card with 1 point left; scoring the round takes A to 0
    points and ends the game. B and C hold three cards, D one."""
    state = scenario({A: "r5", B: "r4 b4 b5", C: "r6 b6 b7", D: "g6"}, piles=["r3"], draw="y1 y2 y3",
                     points={A: 1}, seat={A: {"said_uno": True}})
    return played(state, A, "r5")


def ginjontan_last_step():
    """Seed 004, steps 7-9: the last evaluation of the last round, personal decks with prizes (Comment 2).
    A is far ahead, so A wins and takes prize cards from B."""
    state = ginjontan_game(GinjontanOptions(deck="personal", prize=True, rounds=3), [A, B], seed=5)
    seats = tuple(dataclasses.replace(s, points={A: 1000, B: 0}[s.player]) for s in state.seats)
    return dataclasses.replace(state, seats=seats, phase=GinjontanPhase.EVALUATION, order=(A, B), turn=0,
                               waiting=((A, "reveal"),), round=3)


async def test_uno_last_round_finishes_with_standings_in_the_moves_transaction(store):
    # seed 003, Winning the game: the winner first, then fewest points, then fewest cards
    start = uno_last_round()
    await store.start(CHANNEL, UNO, start, guild_id=GUILD, actor_id=A)
    result = await store.apply(CHANNEL, UNO, EndRound(B), actor_id=B)
    assert result.game.status == "finished" and result.game.state.finished
    assert await store.get(CHANNEL, UNO) is None
    assert await log_types(store, result.game.id) == [(0, "start"), (1, "move"), (2, "end")]
    def key(s):
        return s.player != A, s.points, len(s.hand)

    # players equal on all three share the better place
    final = result.game.state.seats
    expected = sorted((s.player, 1 + sum(key(o) < key(s) for o in final), s.points) for s in final)
    assert sorted(await results(store)) == expected
    assert [r[0] for r in await results(store)] == [A, D, B, C]


async def test_ginjontan_last_step_finishes_with_results_and_prizes(store):
    # seed 004, step 10 and Comment 2: the winner takes 3 cards from the loser's drafted deck
    await store.start(CHANNEL, GINJONTAN, ginjontan_last_step(), guild_id=GUILD, actor_id=A)
    middle = await store.apply(CHANNEL, GINJONTAN, Evaluate(A, True), actor_id=A)
    assert middle.game.status == "active"
    result = await store.apply(CHANNEL, GINJONTAN, Evaluate(B, True), actor_id=B)
    state = result.game.state
    assert result.game.status == "finished" and state.finished
    points = {s.player: s.points for s in state.seats}
    assert points[A] > points[B]
    assert await results(store) == [(A, 1, points[A]), (B, 2, points[B])]
    owned = await collections(store.db, GUILD, [A, B])
    assert len(owned[A]) == 3 and set(owned[A]) <= set(state.seat(B).own) and owned[B] == ()


def _boom(*_):
    raise RuntimeError("the process dies here")


@pytest.mark.parametrize("point", ["is_over", "results"])
async def test_a_failure_between_the_move_and_its_finish_leaves_nothing_half_done(store, point):
    kind = dataclasses.replace(UNO, **{point: _boom})
    record = await store.start(CHANNEL, UNO, uno_last_round(), guild_id=GUILD, actor_id=A)
    with pytest.raises(RuntimeError):
        await store.apply(CHANNEL, kind, EndRound(B), actor_id=B)
    after = await store.require(CHANNEL, UNO)
    assert after.version == 0 and after.state == record.state
    assert await log_types(store, record.id) == [(0, "start")]
    assert await results(store) == []


async def test_a_failure_moving_prizes_leaves_the_move_and_the_results_unwritten(store):
    kind = dataclasses.replace(GINJONTAN, prizes=_boom)
    record = await store.start(CHANNEL, GINJONTAN, ginjontan_last_step(), guild_id=GUILD, actor_id=A)
    await store.apply(CHANNEL, GINJONTAN, Evaluate(A, True), actor_id=A)
    with pytest.raises(RuntimeError):
        await store.apply(CHANNEL, kind, Evaluate(B, True), actor_id=B)
    assert (await store.require(CHANNEL, GINJONTAN)).version == 1
    assert await log_types(store, record.id) == [(0, "start"), (1, "move")]
    assert await results(store) == []
    assert await collections(store.db, GUILD, [A, B]) == {A: (), B: ()}


async def test_undo_of_a_finishing_move_is_refused_and_keeps_the_results(store):
    """Rulings, "Finishing a game": the results are recorded, so the move that ended the game stays."""
    await store.start(CHANNEL, UNO, uno_last_round(), guild_id=GUILD, actor_id=A)
    finished = (await store.apply(CHANNEL, UNO, EndRound(B), actor_id=B)).game
    stored = await results(store)
    with pytest.raises(GameFinished) as refused:
        await store.undo(CHANNEL, UNO, actor_id=A)
    assert "can't be undone" in refused.value.message and refused.value.hint
    assert await results(store) == stored
    assert await log_types(store, finished.id) == [(0, "start"), (1, "move"), (2, "end")]


async def test_undo_after_the_last_gin_jon_tan_step_is_refused(store):
    await store.start(CHANNEL, GINJONTAN, ginjontan_last_step(), guild_id=GUILD, actor_id=A)
    await store.apply(CHANNEL, GINJONTAN, Evaluate(A, True), actor_id=A)
    await store.apply(CHANNEL, GINJONTAN, Evaluate(B, True), actor_id=B)
    owned = await collections(store.db, GUILD, [A, B])
    with pytest.raises(GameFinished):
        await store.undo(CHANNEL, GINJONTAN, actor_id=B)
    assert await collections(store.db, GUILD, [A, B]) == owned


def bust():
    """Seed 000, 3.2: C, at 1000, deals in to a 5 han 30 fu ron (8000): C is below zero, and the game is over."""
    return [SetPoints(C, 1000), Ron(loser=C, wins=(Win(B, HandValue(han=5, fu=30)),))]


async def test_table_bust_waits_for_table_end_and_its_undo_reopens_the_hand(store):
    """Rulings, "Finishing a game": `/table` is finished by `/table end`, so the host may still correct points."""
    await store.start(CHANNEL, TABLE, table_game(A, [A, B, C, D]), guild_id=GUILD, actor_id=A)
    for move in bust():
        result = await store.apply(CHANNEL, TABLE, move, actor_id=A)
    assert result.game.state.over and result.game.status == "active"
    assert await results(store) == []
    undone = await store.undo(CHANNEL, TABLE, actor_id=A)
    assert not undone.game.state.over and undone.game.status == "active"


async def test_table_end_stores_the_standings_it_finishes_with_and_cannot_be_undone(store):
    await store.start(CHANNEL, TABLE, table_game(A, [A, B, C, D]), guild_id=GUILD, actor_id=A)
    for move in bust():
        await store.apply(CHANNEL, TABLE, move, actor_id=A)
    await store.apply(CHANNEL, TABLE, SetPoints(D, 30000), actor_id=A)  # a correction after the bust
    done = await store.finish(CHANNEL, TABLE, actor_id=A, results=True)
    points = {s.player: s.points for s in done.state.seats}
    assert points[D] == 30000
    ranked = sorted(points, key=lambda p: -points[p])
    assert await results(store) == [(p, ranked.index(p) + 1, points[p]) for p in ranked]
    with pytest.raises(GameFinished):
        await store.undo(CHANNEL, TABLE, actor_id=A)


async def test_start_up_repair_finishes_a_game_left_over_by_the_old_way(store, caplog):
    """An older version committed the last move, then finished in a second transaction; a crash in between left
    an active game that is over. `repair` finishes it with its results, once, and logs it."""
    old_uno = dataclasses.replace(UNO, is_over=None)  # applies the move and stops there, as before
    start = uno_last_round()
    await store.start(CHANNEL, UNO, start, guild_id=GUILD, actor_id=A)
    await store.apply(CHANNEL, old_uno, EndRound(B), actor_id=B)
    await store.start(CHANNEL + 1, UNO, start, guild_id=GUILD, actor_id=A)  # a game in play stays as it is
    left = await store.require(CHANNEL, UNO)
    assert left.state.finished and await results(store) == []
    with caplog.at_level(logging.WARNING, logger="storage.games"):
        repaired = await store.repair([TABLE, UNO, GINJONTAN])
    assert [r.id for r in repaired] == [left.id] and repaired[0].status == "finished"
    assert "repaired game" in caplog.text
    assert await store.get(CHANNEL, UNO) is None and await store.get(CHANNEL + 1, UNO) is not None
    assert sorted(r[1] for r in await results(store))[0] == 1 and len(await results(store)) == len(start.seats)
    assert await log_types(store, left.id) == [(0, "start"), (1, "move"), (2, "end")]
    assert await store.repair([UNO]) == []
