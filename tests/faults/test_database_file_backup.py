"""docs/operations.md, "Backups": each command there, run as written against a database that is being written to,
makes a backup that opens as a sound Chaos Table database holding a consistent snapshot."""

from __future__ import annotations

import asyncio
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from storage import Database, GameStore, check_file
from tests.support.tally import TALLY, Add, new_game

ROOT = Path(__file__).resolve().parents[2]
DOC_DATABASE = "data/chaostable.db"
DOC_BACKUP = "backups/chaostable-$(date +%Y%m%d-%H%M).db"


def backup_commands() -> dict[str, str]:
    """The shell lines of the Backups section that make a backup, by their program."""
    text = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    section = text.split("## Backups", 1)[1].split("\n## ", 1)[0]
    lines = re.findall(r"^(?:python|sqlite3) .*$", section, flags=re.MULTILINE)
    return {line.split()[0]: line for line in lines if DOC_BACKUP in line}


def test_the_section_has_both_commands():
    assert set(backup_commands()) == {"python", "sqlite3"}


@pytest.mark.parametrize("program", ["python", "sqlite3"])
async def test_a_backup_of_a_running_database_opens(tmp_path, program):
    if program == "sqlite3" and shutil.which("sqlite3") is None:
        pytest.skip("the sqlite3 command-line tool is not installed here")
    live, backup = tmp_path / "chaostable.db", tmp_path / "backups" / "chaostable-now.db"
    backup.parent.mkdir()
    line = backup_commands()[program].replace(DOC_DATABASE, str(live)).replace(DOC_BACKUP, str(backup))
    argv = shlex.split(line)
    if program == "python":
        argv[0] = sys.executable

    db = await Database.open(live)
    store = GameStore(db)
    channels = range(1, 9)
    for channel in channels:
        await store.start(channel, TALLY, new_game(1, [1]), guild_id=None, actor_id=1)
    moving = True

    async def keep_moving() -> int:
        moves = 0
        while moving:
            await asyncio.gather(*(store.apply(c, TALLY, Add(1, 1), actor_id=1) for c in channels))
            moves += len(channels)
        return moves

    mover = asyncio.create_task(keep_moving())
    try:
        await asyncio.sleep(0.05)
        committed = sum([(await store.get(c, TALLY)).version for c in channels])
        process = await asyncio.create_subprocess_exec(*argv, stderr=asyncio.subprocess.PIPE)
        _, err = await asyncio.wait_for(process.communicate(), 30)
        assert process.returncode == 0, err.decode()
    finally:
        moving = False
        moves = await mover
        await db.close()

    assert moves > committed  # the game went on while the backup ran
    check_file(backup)  # ours, current schema, every page sound
    copy = await Database.open(backup)
    try:
        kept = GameStore(copy)
        games = [await kept.get(c, TALLY) for c in channels]
        assert committed <= sum(g.version for g in games) <= moves  # what was committed before it began, at least
        for game in games:  # each game whole: its state is its log's newest entry
            newest = (await kept.history(game.channel_id, TALLY, limit=1))[-1]
            assert newest.seq == game.version and game.state.total == game.version
    finally:
        await copy.close()
