"""The hot path (issue 19, item 3): a move dumps the state to JSON once and parses none while the store knows the
game's latest state; on a version it doesn't know (another process moved, a restart) it reads the stored state."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from storage import Database, GameStore
from tests.support.tally import TALLY, Add, new_game

CHANNEL, ALICE, BOB = 5, 1, 2


def counting(calls: Counter):
    def counted(name, fn):
        def call(*args):
            calls[name] += 1
            return fn(*args)
        return call

    return replace(TALLY, state_to_dict=counted("dump", TALLY.state_to_dict),
                   state_from_dict=counted("parse", TALLY.state_from_dict))


@pytest.fixture
async def path(tmp_path):
    return tmp_path / "latest.db"


async def test_a_move_dumps_once_and_parses_nothing(path):
    calls: Counter = Counter()
    kind = counting(calls)
    db = await Database.open(path)
    store = GameStore(db)
    await store.start(CHANNEL, kind, new_game(ALICE, [ALICE, BOB]), guild_id=1, actor_id=ALICE)
    calls.clear()
    for amount in range(1, 6):
        result = await store.apply(CHANNEL, kind, Add(ALICE, amount), actor_id=ALICE)
    assert calls == Counter(dump=5)
    assert (await store.require(CHANNEL, kind)).state.total == result.game.state.total == sum(range(1, 6))
    assert calls == Counter(dump=5)
    await db.close()


async def test_a_version_it_does_not_know_is_read_from_the_file(path):
    calls: Counter = Counter()
    kind = counting(calls)
    first_db, second_db = await Database.open(path), await Database.open(path)
    first, second = GameStore(first_db), GameStore(second_db)
    await first.start(CHANNEL, kind, new_game(ALICE, [ALICE, BOB]), guild_id=1, actor_id=ALICE)
    await first.apply(CHANNEL, kind, Add(ALICE, 2), actor_id=ALICE)
    await second.apply(CHANNEL, kind, Add(BOB, 3), actor_id=BOB)  # another process
    calls.clear()
    result = await first.apply(CHANNEL, kind, Add(ALICE, 4), actor_id=ALICE)
    assert result.game.state.added == (2, 3, 4) and result.game.version == 3
    assert calls == Counter(parse=1, dump=1)
    restarted = GameStore(first_db)
    assert (await restarted.require(CHANNEL, kind)).state == result.game.state
    await first_db.close()
    await second_db.close()


async def test_a_move_rolled_back_is_not_remembered(path):
    def broken(state):
        raise RuntimeError("a bug after the move was applied")

    db = await Database.open(path)
    store = GameStore(db)
    await store.start(CHANNEL, TALLY, new_game(ALICE, [ALICE, BOB]), guild_id=1, actor_id=ALICE)
    with pytest.raises(RuntimeError):
        await store.apply(CHANNEL, replace(TALLY, is_over=broken), Add(ALICE, 7), actor_id=ALICE)
    assert (await store.require(CHANNEL, TALLY)).state.total == 0
    result = await store.apply(CHANNEL, TALLY, Add(BOB, 1), actor_id=BOB)
    assert result.game.state.added == (1,) and result.game.version == 1
    await db.close()
