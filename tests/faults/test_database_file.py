"""Start-up on a database file the bot must not use: `python bot.py` exits with code 2 within seconds, naming the
file and what to do, before it connects anywhere, and leaves the file as it was."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

import discord
import pytest

import bot as bot_module
from storage import Database, database
from tests.faults.badfiles import PAGE, damage_history, make_bad_file, make_history, write_not_sqlite

ROOT = Path(__file__).resolve().parents[2]
WHAT_TO_DO = {"corrupt": "restore the newest backup", "not_sqlite": "DATABASE_URL", "foreign": "DATABASE_URL",
              "future": "newer Chaos Table"}


async def run_bot_py(path: Path) -> tuple[int, str, float]:
    """`python bot.py` on this database file: its exit code, what it wrote to stderr, and how long it took."""
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token", "DATABASE_URL": f"sqlite:///{path}", "LOG_LEVEL": "INFO"}
    started = time.monotonic()
    process = await asyncio.create_subprocess_exec(sys.executable, "bot.py", cwd=ROOT, env=env,
                                                   stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    _, err = await asyncio.wait_for(process.communicate(), 30)
    return process.returncode, err.decode(), time.monotonic() - started


@pytest.mark.parametrize("kind", ["corrupt", "not_sqlite", "foreign", "future"])
async def test_start_up_on_a_bad_file_exits_2_naming_it(tmp_path, kind):
    path = tmp_path / "chaostable.db"
    await make_bad_file(kind, path)
    before = path.read_bytes()
    code, stderr, elapsed = await run_bot_py(path)
    assert code == 2, stderr
    assert elapsed < 10, f"took {elapsed:.1f} s"
    assert str(path) in stderr and WHAT_TO_DO[kind] in stderr and "Traceback" not in stderr, stderr
    assert path.read_bytes() == before


def test_a_file_spoilt_after_the_check_still_exits_2(tmp_path, monkeypatch, capsys):
    path = tmp_path / "chaostable.db"
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")

    async def spoilt_then_opened(bot, token):
        write_not_sqlite(path)
        await Database.open(path)

    monkeypatch.setattr(bot_module, "run_until_stopped", spoilt_then_opened)
    monkeypatch.setattr(discord.utils, "setup_logging", lambda **_: None)
    assert bot_module.main([]) == 2
    assert f"{path} is not a SQLite database" in capsys.readouterr().err


async def test_damage_in_a_big_files_history_found_after_start_up_stops_the_bot_with_exit_2(tmp_path, bot_process):
    path = bot_process.database
    await make_history(path, games=database.FULL_CHECK_AT_START_BYTES // 2000 + 100)
    assert path.stat().st_size > database.FULL_CHECK_AT_START_BYTES + 50 * PAGE  # too big to read at start-up
    damage_history(path)
    await bot_process.launch()
    assert await bot_process.exited(30) == 2
    log = bot_process.log_tail()
    assert f"{path} is damaged" in log and WHAT_TO_DO["corrupt"] in log and "Traceback" not in log, log
