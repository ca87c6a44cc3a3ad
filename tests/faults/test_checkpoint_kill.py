"""SIGKILL a process while the Checkpointer copies the write-ahead log into the file beside its writes: every write
it reported committed is there after the kill, with or without a checkpoint under way (issue 19)."""

from __future__ import annotations

import asyncio
import signal
import sqlite3
import sys
import textwrap

import pytest

from storage import database
from tests.faults.conftest import ROOT

WRITER = textwrap.dedent("""
    import asyncio, sys
    from pathlib import Path
    from storage import database

    database.CHECKPOINT_EVERY_WRITES = 7  # a checkpoint every few writes, so a kill lands in one often
    runs = 0
    real = database.Checkpointer._run

    def counted(self):
        global runs
        runs += 1
        real(self)

    database.Checkpointer._run = counted

    async def main():
        db = await database.Database.open(Path(sys.argv[1]))
        n = 0
        while True:
            await db.write(lambda c, n=n: c.execute(
                "INSERT INTO games (channel_id, kind, state, created_at, updated_at) VALUES (?, 'k', ?, 'n', 'n')",
                (n, "x" * 3000)))
            print(n, runs, flush=True)  # committed: the parent may kill at any moment from here on
            n += 1
            if n % 3 == 0:
                await asyncio.sleep(0)

    asyncio.run(main())
""")


@pytest.mark.parametrize("writes", [40, 150, 400])
async def test_a_kill_during_checkpoints_loses_no_committed_write(tmp_path, writes):
    path = tmp_path / "k.db"
    process = await asyncio.create_subprocess_exec(sys.executable, "-c", WRITER, str(path), cwd=ROOT,
                                                   stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE)
    assert process.stdout is not None
    committed, checkpoints = -1, 0
    while committed < writes:
        line = await asyncio.wait_for(process.stdout.readline(), 30)
        assert line, (await process.stderr.read()).decode()  # type: ignore[union-attr]
        committed, checkpoints = (int(part) for part in line.split())
    process.send_signal(signal.SIGKILL)
    assert await process.wait() == -signal.SIGKILL
    assert checkpoints >= 1  # under writes without pause, one checkpoint goes round after round: a kill lands in it
    database.check_file(path)  # sound, ours, every page readable (with its log)
    conn = sqlite3.connect(path)
    try:
        stored = [row[0] for row in conn.execute("SELECT channel_id FROM games ORDER BY channel_id")]
    finally:
        conn.close()
    assert stored[:committed + 1] == list(range(committed + 1))  # nothing committed is missing, in order
