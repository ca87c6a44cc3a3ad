"""`GameStore.start_taking_over` (issue 21): a game starts from what another game of the channel holds, and that game
is finished, in one transaction; on SQLite, then on PostgreSQL."""

from __future__ import annotations

import dataclasses

import pytest

from engine.errors import IllegalMove
from storage import GameStore
from storage.errors import GameAlreadyRunning
from tests.support.tally import TALLY, Add, TallyState, new_game

CHANNEL, THREAD, ALICE, BOB = 100, 300, 1, 2
HEIR = dataclasses.replace(TALLY, name="heir")  # a second kind, as a table is to the deck-only Cosmic Deck


@pytest.fixture
async def store(database):
    return GameStore(database)


def inherit(state: TallyState, previous: TallyState) -> TallyState:
    return dataclasses.replace(state, total=previous.total, added=previous.added)


def refuse(state: TallyState, previous: TallyState) -> TallyState:
    raise IllegalMove("Nothing to take.")


async def statuses(store, channel=CHANNEL) -> list[tuple[str, str, int]]:
    return await store.db.read(lambda conn: [tuple(r) for r in conn.execute(
        "SELECT kind, status, version FROM games WHERE channel_id = ? ORDER BY id", (channel,)).fetchall()])


async def previous_game(store, channel=CHANNEL):
    await store.start(channel, TALLY, new_game(ALICE, [ALICE, BOB]), guild_id=9, actor_id=ALICE)
    for amount in (2, 3):
        await store.apply(channel, TALLY, Add(BOB, amount), actor_id=BOB)


async def test_without_a_previous_game_it_starts_as_given(store):
    record, finished = await store.start_taking_over(CHANNEL, HEIR, new_game(BOB, [BOB]), guild_id=9, actor_id=BOB,
                                                     previous=TALLY, take=inherit)
    assert finished is None and record.state == new_game(BOB, [BOB]) and record.version == 0
    assert await statuses(store) == [("heir", "active", 0)]


async def test_the_previous_game_is_finished_and_the_new_one_starts_from_it(store):
    await previous_game(store)
    record, finished = await store.start_taking_over(CHANNEL, HEIR, new_game(BOB, [BOB]), guild_id=9, actor_id=BOB,
                                                     previous=TALLY, take=inherit)
    assert record.state.total == 5 and record.state.added == (2, 3) and record.state.players == (BOB,)
    assert finished is not None and finished.status == "finished" and finished.version == 3
    assert await statuses(store) == [("tally", "finished", 3), ("heir", "active", 0)]
    assert await store.get(CHANNEL, TALLY) is None
    assert (await store.get(CHANNEL, HEIR)).state == record.state  # stored, not only returned
    ended = await store.db.read(lambda conn: conn.execute(
        "SELECT type, actor_id FROM game_events WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
        (finished.id,)).fetchone())
    assert tuple(ended) == ("end", BOB)
    results = await store.db.read(lambda conn: conn.execute("SELECT COUNT(*) FROM game_results").fetchone()[0])
    assert results == 0  # taken over, not played out: no standings


async def test_a_refusal_from_take_changes_nothing(store):
    await previous_game(store)
    with pytest.raises(IllegalMove):
        await store.start_taking_over(CHANNEL, HEIR, new_game(BOB, [BOB]), guild_id=9, actor_id=BOB,
                                      previous=TALLY, take=refuse)
    assert await statuses(store) == [("tally", "active", 2)]


async def test_a_game_of_the_new_kind_already_running_leaves_the_previous_one_active(store):
    await previous_game(store)
    await store.start(CHANNEL, HEIR, new_game(BOB, [BOB]), guild_id=9, actor_id=BOB)
    with pytest.raises(GameAlreadyRunning):
        await store.start_taking_over(CHANNEL, HEIR, new_game(BOB, [BOB]), guild_id=9, actor_id=BOB,
                                      previous=TALLY, take=inherit)
    assert await statuses(store) == [("tally", "active", 2), ("heir", "active", 0)]
    assert (await store.get(CHANNEL, TALLY)).state.total == 5


async def test_the_new_game_may_start_in_another_channel(store):
    await previous_game(store)
    record, finished = await store.start_taking_over(THREAD, HEIR, new_game(BOB, [BOB]), guild_id=9, actor_id=BOB,
                                                     previous=TALLY, take=inherit, previous_channel=CHANNEL)
    assert finished is not None and record.channel_id == THREAD and record.state.total == 5
    assert await statuses(store) == [("tally", "finished", 3)]
    assert await statuses(store, THREAD) == [("heir", "active", 0)]


async def test_the_finished_game_s_state_is_no_longer_served_from_memory(store):
    await previous_game(store)
    await store.get(CHANNEL, TALLY)  # remembered
    await store.start_taking_over(CHANNEL, HEIR, new_game(BOB, [BOB]), guild_id=9, actor_id=BOB, previous=TALLY,
                                  take=inherit)
    assert await store.get(CHANNEL, TALLY) is None
    await store.start(CHANNEL, TALLY, new_game(ALICE, [ALICE]), guild_id=9, actor_id=ALICE)  # a fresh one may start
    assert (await store.get(CHANNEL, TALLY)).state.total == 0
