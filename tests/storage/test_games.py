from __future__ import annotations

import asyncio
import dataclasses
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.errors import IllegalMove, NotAllowed
from storage import Database, GameStore
from storage.errors import GameAlreadyRunning, NoActiveGame, NothingToUndo, StaleMove
from tests.support.tally import TALLY, Add, new_game

CHANNEL, OTHER_CHANNEL, ALICE, BOB = 100, 200, 1, 2
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
async def store(database):
    """On SQLite, then on PostgreSQL (tests/conftest.py)."""
    return GameStore(database)


async def started(store, channel=CHANNEL, players=(ALICE, BOB)):
    return await store.start(channel, TALLY, new_game(ALICE, list(players)), guild_id=9, actor_id=ALICE)


async def test_state_round_trips(store):
    record = await started(store)
    loaded = await store.get(CHANNEL, TALLY)
    assert loaded == record
    assert loaded.state == new_game(ALICE, [ALICE, BOB]) and loaded.version == 0


async def test_one_active_game_per_channel_and_kind(store):
    await started(store)
    with pytest.raises(GameAlreadyRunning):
        await started(store)
    await started(store, channel=OTHER_CHANNEL)  # another channel is independent
    await store.finish(CHANNEL, TALLY, actor_id=ALICE)
    assert await store.get(CHANNEL, TALLY) is None
    await started(store)  # a new game after the old one finished


async def test_moves_bump_the_version_and_are_logged(store):
    await started(store)
    first = await store.apply(CHANNEL, TALLY, Add(ALICE, 2), actor_id=ALICE)
    second = await store.apply(CHANNEL, TALLY, Add(BOB, 3), actor_id=BOB)
    assert (first.game.version, second.game.version) == (1, 2)
    assert second.events == [{"type": "added", "player": BOB, "amount": 3, "total": 5}]
    history = await store.history(CHANNEL, TALLY)
    assert [(e.seq, e.type, e.actor_id) for e in history] == [(0, "start", ALICE), (1, "move", ALICE), (2, "move", BOB)]
    assert history[2].move == {"type": "add", "player": BOB, "amount": 3}
    assert (await store.get(CHANNEL, TALLY)).state.total == 5


async def test_history_limit_keeps_the_newest(store):
    await started(store)
    for amount in range(1, 6):
        await store.apply(CHANNEL, TALLY, Add(ALICE, amount), actor_id=ALICE)
    assert [e.seq for e in await store.history(CHANNEL, TALLY, limit=2)] == [4, 5]


async def test_undo_steps_back_one_move_at_a_time(store):
    await started(store)
    for amount in (1, 2, 4):
        await store.apply(CHANNEL, TALLY, Add(ALICE, amount), actor_id=ALICE)
    first = await store.undo(CHANNEL, TALLY, actor_id=BOB)
    assert first.undone.seq == 3 and first.game.state.total == 3 and first.game.version == 4
    second = await store.undo(CHANNEL, TALLY, actor_id=BOB)
    assert second.undone.seq == 2 and second.game.state.total == 1
    await store.apply(CHANNEL, TALLY, Add(BOB, 10), actor_id=BOB)
    third = await store.undo(CHANNEL, TALLY, actor_id=BOB)
    assert third.undone.seq == 6 and third.game.state.total == 1
    history = await store.history(CHANNEL, TALLY)
    assert [(e.seq, e.type, e.undone) for e in history] == [
        (0, "start", False), (1, "move", False), (2, "move", True), (3, "move", True),
        (4, "undo", False), (5, "undo", False), (6, "move", True), (7, "undo", False)]
    assert (await store.get(CHANNEL, TALLY)).state == third.game.state


async def test_undo_with_nothing_to_undo(store):
    await started(store)
    with pytest.raises(NothingToUndo):
        await store.undo(CHANNEL, TALLY, actor_id=ALICE)
    await store.apply(CHANNEL, TALLY, Add(ALICE, 1), actor_id=ALICE)
    await store.undo(CHANNEL, TALLY, actor_id=ALICE)
    with pytest.raises(NothingToUndo):
        await store.undo(CHANNEL, TALLY, actor_id=ALICE)


async def test_undo_check_can_refuse_and_changes_nothing(store):
    await started(store)
    await store.apply(CHANNEL, TALLY, Add(ALICE, 1), actor_id=ALICE)

    def only_the_mover(event):
        if event.actor_id != BOB:
            raise NotAllowed("Only the mover can undo.")

    with pytest.raises(NotAllowed):
        await store.undo(CHANNEL, TALLY, actor_id=BOB, check=only_the_mover)
    record = await store.get(CHANNEL, TALLY)
    assert record.state.total == 1 and record.version == 1
    assert not any(e.undone for e in await store.history(CHANNEL, TALLY))


async def test_fifty_concurrent_moves_apply_once_each_in_order(store):
    await started(store)
    await asyncio.gather(*(store.apply(CHANNEL, TALLY, Add(ALICE, n), actor_id=ALICE) for n in range(1, 51)))
    record = await store.get(CHANNEL, TALLY)
    assert record.state.added == tuple(range(1, 51))
    assert record.version == 50
    history = await store.history(CHANNEL, TALLY, limit=100)
    assert [e.move["amount"] for e in history[1:]] == list(range(1, 51))
    assert [e.seq for e in history] == list(range(51))


async def test_concurrent_moves_on_many_channels_stay_apart(store):
    channels = list(range(1000, 1020))
    for channel in channels:
        await started(store, channel=channel)
    await asyncio.gather(*(store.apply(c, TALLY, Add(ALICE, n), actor_id=ALICE)
                           for n in range(1, 6) for c in channels))
    for channel in channels:
        assert (await store.get(channel, TALLY)).state.added == (1, 2, 3, 4, 5)


async def test_two_clicks_carrying_the_same_version_apply_once(store):
    await started(store)
    results = await asyncio.gather(
        *(store.apply(CHANNEL, TALLY, Add(ALICE, 1), actor_id=ALICE, expected_version=0) for _ in range(2)),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleMove) for r in results) == 1
    assert (await store.get(CHANNEL, TALLY)).state.total == 1


async def test_engine_error_leaves_state_and_log_unchanged(store):
    await started(store)
    await store.apply(CHANNEL, TALLY, Add(ALICE, 2), actor_id=ALICE)
    before = await store.get(CHANNEL, TALLY)
    with pytest.raises(IllegalMove) as caught:
        await store.apply(CHANNEL, TALLY, Add(ALICE, 0), actor_id=ALICE)
    assert caught.value.code == "tally_amount"
    assert await store.get(CHANNEL, TALLY) == before
    assert len(await store.history(CHANNEL, TALLY)) == 2


async def test_failure_after_the_state_write_rolls_everything_back(store):
    await started(store)

    def fails_late(move):  # called after the UPDATE, while writing the log entry
        raise RuntimeError("disk on fire")

    broken = dataclasses.replace(TALLY, move_to_dict=fails_late)
    with pytest.raises(RuntimeError):
        await store.apply(CHANNEL, broken, Add(ALICE, 1), actor_id=ALICE)
    record = await store.get(CHANNEL, TALLY)
    assert record.version == 0 and record.state.total == 0
    assert [e.type for e in await store.history(CHANNEL, TALLY)] == ["start"]


async def test_missing_game_is_a_friendly_error(store):
    calls = (store.apply(CHANNEL, TALLY, Add(ALICE, 1), actor_id=ALICE), store.undo(CHANNEL, TALLY, actor_id=1),
             store.history(CHANNEL, TALLY), store.finish(CHANNEL, TALLY, actor_id=1), store.require(CHANNEL, TALLY))
    for call in calls:
        with pytest.raises(NoActiveGame) as caught:
            await call
        assert caught.value.hint == "Start one with `/tally start`."


async def test_finish_hook_runs_in_the_same_transaction(store):
    await started(store)

    def hook_fails(conn, record):
        assert record.status == "finished"
        raise RuntimeError("results could not be stored")

    with pytest.raises(RuntimeError):
        await store.finish(CHANNEL, TALLY, actor_id=ALICE, on_finish=hook_fails)
    assert (await store.get(CHANNEL, TALLY)) is not None  # still active: the finish was rolled back
    seen = []
    finished = await store.finish(CHANNEL, TALLY, actor_id=ALICE, on_finish=lambda conn, r: seen.append(r.id))
    assert seen == [finished.id] and finished.status == "finished"


def test_a_process_killed_mid_move_leaves_the_previous_state(tmp_path):
    """The process dies (os._exit) after the state UPDATE and before COMMIT; the next start sees the old state."""
    path = tmp_path / "crash.db"
    script = textwrap.dedent(f"""
        import asyncio, dataclasses, os, sys
        sys.path.insert(0, {str(ROOT)!r})
        from storage import Database, GameStore
        from tests.support.tally import TALLY, Add, new_game

        def die(move):
            os._exit(3)

        async def main():
            store = GameStore(await Database.open(__import__("pathlib").Path({str(path)!r})))
            await store.start(1, TALLY, new_game(1, [1]), guild_id=None, actor_id=1)
            await store.apply(1, TALLY, Add(1, 5), actor_id=1)
            await store.apply(1, dataclasses.replace(TALLY, move_to_dict=die), Add(1, 100), actor_id=1)

        asyncio.run(main())
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 3, result.stderr

    async def reopen():
        db = await Database.open(path)
        try:
            record = await GameStore(db).get(1, TALLY)
            return record.version, record.state.total, record.state.added
        finally:
            await db.close()

    assert asyncio.run(reopen()) == (1, 5, (5,))
