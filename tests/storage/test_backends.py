"""The storage interface on both backends (issue 20): the same games, moves, undo and finish on SQLite and
PostgreSQL, through the same storage functions."""

from __future__ import annotations

import pytest

from storage import GameStore
from storage.errors import NothingToUndo, StaleMove
from tests.support.tally import TALLY, Add, new_game

CHANNEL, ALICE, BOB = 100, 1, 2


async def test_a_game_starts_moves_undoes_and_finishes(database):
    store = GameStore(database)
    await store.start(CHANNEL, TALLY, new_game(ALICE, [ALICE, BOB]), guild_id=9, actor_id=ALICE)
    moved = await store.apply(CHANNEL, TALLY, Add(ALICE, 5), actor_id=ALICE)
    assert moved.game.version == 1
    with pytest.raises(StaleMove):
        await store.apply(CHANNEL, TALLY, Add(ALICE, 1), actor_id=ALICE, expected_version=0)
    undone = await store.undo(CHANNEL, TALLY, actor_id=ALICE)
    assert undone.game.version == 2 and undone.game.state == new_game(ALICE, [ALICE, BOB])
    with pytest.raises(NothingToUndo):
        await store.undo(CHANNEL, TALLY, actor_id=ALICE)
    history = await store.history(CHANNEL, TALLY)
    assert [e.type for e in history] == ["start", "move", "undo"] and history[1].undone
    finished = await store.finish(CHANNEL, TALLY, actor_id=ALICE, results=True)
    assert finished.status == "finished" and await store.get(CHANNEL, TALLY) is None
