"""Undoing the end of a game (issue 18, item 8; rulings, Mahjong table: "Undo of `/table end`"): the game row is
active again, its results are gone and the log says so, all in one transaction; refused once a new game started."""

from __future__ import annotations

import asyncio
import json

import pytest

from engine.errors import IllegalMove
from engine.ginjontan.moves import Evaluate
from engine.ginjontan.rules import GINJONTAN
from engine.table import TABLE, HandValue, Riichi, Ron, Win
from engine.table import new_game as table_game
from engine.uno.moves import EndRound
from engine.uno.rules import UNO
from storage.errors import GameAlreadyRunning, GameFinished, NewGameStarted, StaleMove
from storage.results import leaderboard
from tests.storage.test_finishing import (
    CHANNEL,
    GUILD,
    A,
    B,
    C,
    D,
    ginjontan_last_step,
    log_types,
    results,
    store,
    uno_last_round,
)

__all__ = ["store"]  # the fixture, shared with test_finishing


async def game_row(store, game_id):
    return await store.db.read(lambda conn: dict(conn.execute(
        "SELECT status, version, state, finished_at FROM games WHERE id = ?", (game_id,)).fetchone()))


async def ended_table(store):
    """A yonma table where B won a 3 han 30 fu ron off C (3,900), ended with its results."""
    await store.start(CHANNEL, TABLE, table_game(A, [A, B, C, D]), guild_id=GUILD, actor_id=A)
    await store.apply(CHANNEL, TABLE, Ron(C, (Win(B, HandValue(han=3, fu=30)),)), actor_id=B)
    return await store.finish(CHANNEL, TABLE, actor_id=A, results=True)


async def test_reopen_makes_the_game_active_and_removes_its_results_in_one_transaction(store):
    ended = await ended_table(store)
    assert [(user, place) for user, place, _ in await results(store)] == [(B, 1), (A, 2), (D, 2), (C, 4)]
    reopened = await store.reopen(CHANNEL, TABLE, actor_id=A)
    assert reopened.undone.type == "end" and reopened.undone.seq == ended.version
    row = await game_row(store, ended.id)
    assert row["status"] == "active" and row["finished_at"] is None and row["version"] == ended.version + 1
    assert json.loads(row["state"]) == TABLE.state_to_dict(ended.state)
    assert await log_types(store, ended.id) == [(0, "start"), (1, "move"), (2, "end"), (3, "undo")]
    history = await store.history(CHANNEL, TABLE)
    assert history[2].undone_by == 3 and history[3].move == {"undoes": 2}
    assert await results(store) == [] and await leaderboard(store.db, GUILD, TABLE.name) == []
    moved = await store.apply(CHANNEL, TABLE, Riichi(A), actor_id=A)  # play goes on from where it ended
    assert moved.game.id == ended.id and moved.game.version == ended.version + 2


async def test_the_reopened_game_ends_again_with_fresh_results(store):
    ended = await ended_table(store)
    first = await results(store)
    await store.reopen(CHANNEL, TABLE, actor_id=A)
    again = await store.finish(CHANNEL, TABLE, actor_id=A, results=True)
    assert again.id == ended.id and again.version == ended.version + 2 and await results(store) == first


async def test_reopen_is_refused_once_a_new_game_started(store):
    ended = await ended_table(store)
    stored = await results(store)
    await store.start(CHANNEL, TABLE, table_game(A, [A, B, C]), guild_id=GUILD, actor_id=A)
    with pytest.raises(NewGameStarted) as refused:
        await store.reopen(CHANNEL, TABLE, actor_id=A)
    assert "new" in refused.value.message and refused.value.hint
    assert (await game_row(store, ended.id))["status"] == "finished" and await results(store) == stored
    assert await store.ended_before(CHANNEL, TABLE, ended.id + 1)
    assert not await store.ended_before(CHANNEL, TABLE, ended.id)


async def test_a_refusing_check_changes_nothing(store):
    ended = await ended_table(store)
    stored = await results(store)

    def refuse(record):
        assert record.id == ended.id and record.status == "finished"
        raise IllegalMove("not you")

    with pytest.raises(IllegalMove):
        await store.reopen(CHANNEL, TABLE, actor_id=B, check=refuse)
    assert (await game_row(store, ended.id))["version"] == ended.version and await results(store) == stored


async def test_a_confirmation_made_before_a_move_or_for_another_game_is_stale(store):
    record = await store.start(CHANNEL, TABLE, table_game(A, [A, B, C, D]), guild_id=GUILD, actor_id=A)
    await store.apply(CHANNEL, TABLE, Riichi(A), actor_id=A)  # a move made while the confirmation waited
    for expected in ({"expected_version": 0}, {"game_id": record.id + 1}):
        with pytest.raises(StaleMove):
            await store.finish(CHANNEL, TABLE, actor_id=A, results=True, **expected)
    assert (await game_row(store, record.id))["status"] == "active" and await results(store) == []
    ended = await store.finish(CHANNEL, TABLE, actor_id=A, results=True, game_id=record.id, expected_version=1)
    await store.reopen(CHANNEL, TABLE, actor_id=A)
    with pytest.raises(StaleMove):  # the same confirmation pressed again after the undo
        await store.finish(CHANNEL, TABLE, actor_id=A, results=True, game_id=record.id, expected_version=1)
    assert (await game_row(store, ended.id))["status"] == "active" and await results(store) == []


async def test_a_reopen_racing_a_new_start_lets_exactly_one_through(store):
    ended = await ended_table(store)
    stored = await results(store)
    outcome = await asyncio.gather(store.reopen(CHANNEL, TABLE, actor_id=A),
                                   store.start(CHANNEL, TABLE, table_game(B, [B, C, D]), guild_id=GUILD,
                                               actor_id=B), return_exceptions=True)
    refused = [o for o in outcome if isinstance(o, Exception)]
    assert len(refused) == 1 and isinstance(refused[0], NewGameStarted | GameAlreadyRunning)
    reopened = isinstance(refused[0], GameAlreadyRunning)
    assert (await game_row(store, ended.id))["status"] == ("active" if reopened else "finished")
    assert await results(store) == ([] if reopened else stored)


async def test_reopen_refuses_games_finished_by_their_rules_or_with_prizes(store):
    await store.start(CHANNEL, UNO, uno_last_round(), guild_id=GUILD, actor_id=A)
    await store.apply(CHANNEL, UNO, EndRound(B), actor_id=B)
    await store.start(CHANNEL + 1, GINJONTAN, ginjontan_last_step(), guild_id=GUILD, actor_id=A)
    for player in (A, B):
        await store.apply(CHANNEL + 1, GINJONTAN, Evaluate(player, True), actor_id=player)
    stored = await results(store)
    for channel, kind in ((CHANNEL, UNO), (CHANNEL + 1, GINJONTAN)):
        with pytest.raises(GameFinished):
            await store.reopen(channel, kind, actor_id=A)
    assert await results(store) == stored
