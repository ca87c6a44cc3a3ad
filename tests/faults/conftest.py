"""The faults harness: the real bot as a separate OS process (tests/faults/botproc.py) against the in-test fake
Discord and a database file in tmp_path, started with a crash point armed or not, killed and restarted."""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from storage.faults import CRASH_AT
from tests.fake_discord import FakeDiscord, Harness
from tests.fake_discord.harness import InteractionLog

ROOT = Path(__file__).resolve().parents[2]
START_TIMEOUT_S = 30  # the machine running the tests may be busy; a start normally takes a second or two


class BotProcess:
    def __init__(self, fake: FakeDiscord, database: Path, log: Path) -> None:
        self.fake = fake
        self.database = database
        self.log = log
        self.process: asyncio.subprocess.Process | None = None
        self.log_level = "INFO"
        self.environment: dict[str, str] = {}  # more variables for the bot's process

    def log_tail(self) -> str:
        return self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""

    async def start(self, crash_at: str | None = None) -> None:
        identified = self.fake.identifies
        await self.launch(crash_at)
        assert self.process is not None
        deadline = time.monotonic() + START_TIMEOUT_S
        while self.fake.identifies == identified:
            if self.process.returncode is not None or time.monotonic() > deadline:
                raise AssertionError(f"the bot did not connect (exit {self.process.returncode}):\n{self.log_tail()}")
            await asyncio.sleep(0.02)
        await self.fake.wait_connected(START_TIMEOUT_S)

    async def launch(self, crash_at: str | None = None) -> None:
        """Start the process, without waiting for it to connect."""
        env = {k: v for k, v in os.environ.items() if k not in {CRASH_AT, "DISCORD_TOKEN", "DATABASE_URL"}}
        env.update(DISCORD_TOKEN="fake-token", DATABASE_URL=f"sqlite:///{self.database}", LOG_LEVEL=self.log_level,
                   DEV_GUILD_ID=str(self.fake.guild_id), FAKE_DISCORD_API=self.fake.api_base,
                   FAKE_DISCORD_GATEWAY=self.fake.gateway_url)
        env.update(self.environment)
        if crash_at is not None:
            env[CRASH_AT] = crash_at
        with self.log.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "tests.faults.botproc", cwd=ROOT, env=env, stdout=log, stderr=log)

    async def exited(self, timeout: float = 15) -> int:
        assert self.process is not None
        try:
            return await asyncio.wait_for(self.process.wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"the bot is still running after {timeout} s:\n{self.log_tail()}") from None

    async def stop(self) -> int:
        """SIGTERM, as a service manager stops it; the exit code."""
        assert self.process is not None
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
        return await self.exited()


class ProcessHarness(Harness):
    """The harness's payloads, for a bot in another process; `answered=False` sends without waiting."""

    answered = True

    async def _send(self, payload: dict[str, Any]) -> InteractionLog:
        if self.answered:
            return await super()._send(payload)
        return InteractionLog(self.fake, await self.fake.send_interaction(payload))

    async def unanswered(self, qualified_name: str, **kwargs: Any) -> InteractionLog:
        self.answered = False
        try:
            return await self.slash(qualified_name, **kwargs)
        finally:
            self.answered = True

    async def unanswered_click(self, message: dict[str, Any], **kwargs: Any) -> InteractionLog:
        self.answered = False
        try:
            return await self.click(message, **kwargs)
        finally:
            self.answered = True


@pytest.fixture
async def bot_process(fake_discord, tmp_path):
    proc = BotProcess(fake_discord, tmp_path / "chaostable.db", tmp_path / "bot.log")
    yield proc
    if proc.process is not None and proc.process.returncode is None:
        proc.process.kill()
        await proc.process.wait()
    assert fake_discord.rejections == [], f"Discord would have refused: {fake_discord.rejections}"
    assert fake_discord.unknown_routes == [], f"unknown routes: {fake_discord.unknown_routes}"


@pytest.fixture
def process_harness(fake_discord, bot_process):
    return ProcessHarness(fake_discord, bot_process.database)


def read_tables(path: Path) -> dict[str, list[dict[str, Any]]]:
    """Every row of the game tables, in a stable order (a plain reader, beside the bot's connection)."""
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        return {table: [dict(row) for row in conn.execute(f"SELECT * FROM {table} ORDER BY 1, 2")]
                for table in ("games", "game_events", "game_snapshots", "game_results")}
    finally:
        conn.close()
