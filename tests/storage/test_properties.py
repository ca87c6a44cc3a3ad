"""Property tests: any sequence of moves, refusals and undos leaves storage agreeing with a simple model."""

from __future__ import annotations

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import IllegalMove
from storage import Database, GameStore
from storage.errors import NothingToUndo
from tests.support.tally import TALLY, Add, new_game

operations = st.lists(st.one_of(st.integers(min_value=-2, max_value=9).map(lambda n: ("add", n)),
                                st.just(("undo", 0))), max_size=25)


@settings(max_examples=60, deadline=None)
@given(operations)
def test_storage_agrees_with_a_stack_model(ops):
    asyncio.run(_check(ops))


async def _check(ops):
    db = await Database.open(None)
    store = GameStore(db)
    try:
        await store.start(1, TALLY, new_game(1, [1]), guild_id=None, actor_id=1)
        model: list[int] = []  # the amounts that stand
        version = 0
        for op, n in ops:
            if op == "add":
                try:
                    await store.apply(1, TALLY, Add(1, n), actor_id=1)
                except IllegalMove:
                    assert n <= 0
                    continue
                model.append(n)
            else:
                try:
                    await store.undo(1, TALLY, actor_id=1)
                except NothingToUndo:
                    assert not model
                    continue
                model.pop()
            version += 1
            record = await store.get(1, TALLY)
            assert record.state.added == tuple(model)
            assert record.state.total == sum(model)
            assert record.version == version
        history = await store.history(1, TALLY, limit=1000)
        assert [e.seq for e in history] == list(range(version + 1))
        standing = [e.move["amount"] for e in history if e.type == "move" and not e.undone]
        assert standing == model  # replaying the moves that stand gives the state
    finally:
        await db.close()
