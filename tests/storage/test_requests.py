"""A repeated delivery of one request never applies twice (issue 16, item 2): each change made for a request
stores the request's key with its log entry (migration 0005), and the same key again is refused."""

from __future__ import annotations

import asyncio

import pytest

from engine.errors import IllegalMove
from storage import GameStore
from storage.errors import AlreadyDone
from storage.games import REQUEST, Request
from tests.support.postgres import refusals
from tests.support.tally import TALLY, Add, new_game

CHANNEL, ALICE, BOB = 100, 1, 2


@pytest.fixture
async def store(database):
    """On SQLite, then on PostgreSQL (tests/conftest.py)."""
    return GameStore(database)


async def as_request(request_id, call):
    token = REQUEST.set(Request(request_id))
    try:
        return await call()
    finally:
        REQUEST.reset(token)


async def start(store):
    return await store.start(CHANNEL, TALLY, new_game(ALICE, [ALICE, BOB]), guild_id=9, actor_id=ALICE)


async def test_the_same_request_delivered_twice_applies_once(store):
    await start(store)
    move = lambda: store.apply(CHANNEL, TALLY, Add(ALICE, 2), actor_id=ALICE)  # noqa: E731
    await as_request("700", move)
    with pytest.raises(AlreadyDone) as refused:
        await as_request("700", move)
    assert "already done" in refused.value.message
    await as_request("701", move)  # another request is another move
    record = await store.require(CHANNEL, TALLY)
    assert record.state.added == (2, 2) and record.version == 2


async def test_changes_of_one_request_are_told_apart_and_a_repeat_stops_at_the_first(store):
    async def two_changes():
        await store.start(CHANNEL, TALLY, new_game(ALICE, [ALICE, BOB]), guild_id=9, actor_id=ALICE)
        await store.apply(CHANNEL, TALLY, Add(ALICE, 3), actor_id=ALICE)

    await as_request("800", two_changes)
    with pytest.raises(AlreadyDone):
        await as_request("800", two_changes)
    keys = await store.db.read(lambda conn: [r[0] for r in conn.execute(
        "SELECT request FROM game_events ORDER BY seq")])
    assert keys == ["800:0", "800:1"]
    assert (await store.require(CHANNEL, TALLY)).state.total == 3


async def test_a_refused_change_does_not_use_up_its_request(store):
    await start(store)
    with pytest.raises(IllegalMove):
        await as_request("900", lambda: store.apply(CHANNEL, TALLY, Add(ALICE, -1), actor_id=ALICE))
    await as_request("900", lambda: store.apply(CHANNEL, TALLY, Add(ALICE, 1), actor_id=ALICE))
    assert (await store.require(CHANNEL, TALLY)).state.total == 1


@pytest.mark.parametrize("change", ["undo", "finish"])
async def test_undo_and_finish_are_recognized_too(store, change):
    await start(store)
    await store.apply(CHANNEL, TALLY, Add(ALICE, 1), actor_id=ALICE)
    call = (lambda: store.undo(CHANNEL, TALLY, actor_id=ALICE)) if change == "undo" else \
        (lambda: store.finish(CHANNEL, TALLY, actor_id=ALICE))
    await as_request("950", call)
    with pytest.raises(AlreadyDone):
        await as_request("950", call)


async def test_changes_without_a_request_are_not_keyed(store):
    await start(store)
    await store.apply(CHANNEL, TALLY, Add(ALICE, 1), actor_id=ALICE)
    await store.apply(CHANNEL, TALLY, Add(ALICE, 1), actor_id=ALICE)
    assert (await store.require(CHANNEL, TALLY)).state.total == 2


async def test_the_database_refuses_a_request_key_twice(store):
    """Migration 0005: a unique index backs the check, so not even a write that skips it can store a key twice."""
    await as_request("990", lambda: start(store))
    with pytest.raises(refusals()):
        await store.db.write(lambda conn: conn.execute(
            "INSERT INTO game_events (game_id, seq, type, created_at, request)"
            " SELECT game_id, 99, 'move', created_at, request FROM game_events"))


async def test_tasks_a_request_starts_are_not_the_request(store):
    """A timer armed while handling a request inherits its context; its own moves are the bot's, not keyed."""
    await start(store)

    async def handler():
        await store.apply(CHANNEL, TALLY, Add(ALICE, 1), actor_id=ALICE)
        timer = asyncio.create_task(store.apply(CHANNEL, TALLY, Add(BOB, 1), actor_id=None))
        await timer

    request = Request("1000")
    token = REQUEST.set(request)
    try:
        task = asyncio.create_task(handler())
        request.tasks = {task}
        await task
    finally:
        REQUEST.reset(token)
    keys = await store.db.read(lambda conn: [r[0] for r in conn.execute(
        "SELECT request FROM game_events WHERE type = 'move' ORDER BY seq")])
    assert keys == ["1000:0", None]
