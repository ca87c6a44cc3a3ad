"""The process dies between a game's last move and its finish (issue 16, item 1): on the next start the game is
exactly as before that move (active, no results, no prize cards), never half-finished."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.uno.rules import UNO
from storage import Database, GameStore

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("point", ["is_over", "results"])
def test_a_process_killed_between_the_last_move_and_the_finish_leaves_the_move_unapplied(tmp_path, point):
    path = tmp_path / "crash.db"
    script = textwrap.dedent(f"""
        import asyncio, dataclasses, os, sys
        from pathlib import Path
        sys.path.insert(0, {str(ROOT)!r})
        from engine.uno.moves import EndRound
        from engine.uno.rules import UNO
        from storage import Database, GameStore
        from tests.storage.test_finishing import uno_last_round

        def die(*_):
            os._exit(3)  # after the move's UPDATE and log row, before COMMIT

        async def main():
            store = GameStore(await Database.open(Path({str(path)!r})))
            await store.start(1, UNO, uno_last_round(), guild_id=None, actor_id=1)
            await store.apply(1, dataclasses.replace(UNO, {point}=die), EndRound(2), actor_id=2)

        asyncio.run(main())
    """)
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert result.returncode == 3, result.stderr

    async def reopen():
        db = await Database.open(path)
        try:
            record = await GameStore(db).require(1, UNO)
            counts = await db.read(lambda conn: (
                conn.execute("SELECT COUNT(*) FROM game_events").fetchone()[0],
                conn.execute("SELECT COUNT(*) FROM game_results").fetchone()[0]))
        finally:
            await db.close()
        return record, counts

    record, counts = asyncio.run(reopen())
    assert record.status == "active" and record.version == 0 and not record.state.finished
    assert counts == (1, 0)
