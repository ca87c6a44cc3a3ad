"""SIGTERM with moves in flight (issue 16, item 2): every interaction gets an answer, each move counts once, new
interactions meanwhile are told the bot is restarting, and the database closes last."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from bot import CUT_OFF, RESTARTING, extension_names, run_until_stopped
from storage import Database, GameStore
from tests.fake_discord.harness import Harness
from tests.support.tally import TALLY

IN_FLIGHT = 40
ROOT = Path(__file__).resolve().parents[2]


async def until(condition, timeout=10.0):
    for _ in range(int(timeout / 0.001)):
        if condition():
            return
        await asyncio.sleep(0.001)
    raise AssertionError("timed out")


async def test_sigterm_with_40_moves_in_flight_answers_every_one_and_applies_each_once(fake_discord, tmp_path):
    harness = Harness(fake_discord, tmp_path / "chaostable.db", extensions=[*extension_names(),
                                                                           "tests.support.tally_cog"])
    bot = harness.new_bot()
    runner = asyncio.create_task(run_until_stopped(bot, "fake-token"))
    await fake_discord.wait_connected()
    await asyncio.wait_for(bot.wait_until_ready(), 10)
    alice = harness.user("alice")
    await harness.slash("tally start", user=alice)

    moves = [asyncio.create_task(harness.slash("tally add", user=alice, amount=1)) for _ in range(IN_FLIGHT)]
    await until(lambda: len(fake_discord.interactions) == IN_FLIGHT + 1)  # every move has been sent
    os.kill(os.getpid(), signal.SIGTERM)
    await until(lambda: bot.stopping)
    late = await harness.slash("tally add", user=alice, amount=1)  # arrives while the bot is stopping
    answers = await asyncio.gather(*moves)
    await asyncio.wait_for(runner, 30)

    assert late.ephemeral and late.text == RESTARTING
    applied = [a for a in answers if not a.ephemeral]
    assert all(a.ephemeral and a.text == RESTARTING for a in answers if a not in applied)
    assert applied and all("Tally:" in a.text for a in applied)
    assert bot.db.closed

    db = await Database.open(tmp_path / "chaostable.db")
    try:
        record = await GameStore(db).require(fake_discord.default_channel, TALLY)
        requests = await db.read(lambda conn: [r[0] for r in conn.execute(
            "SELECT request FROM game_events WHERE type = 'move'")])
    finally:
        await db.close()
    assert record.state.total == len(applied) == len(requests)
    assert sorted(requests) == sorted(f"{a.record.id}:0" for a in applied)


CHILD = """
import asyncio, sys
from pathlib import Path
sys.path.insert(0, {root!r})
import discord, yarl
from bot import create_bot, extension_names, run_until_stopped
from settings import Settings
discord.http.Route.BASE = {api!r}
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL({gateway!r})
settings = Settings(token="fake-token", database_path=Path({db!r}), dev_guild_id={guild}, log_level="INFO")
bot = create_bot(settings, extensions=[*extension_names(), "tests.support.tally_cog"])
bot._connection.guild_ready_timeout = 0.01
asyncio.run(run_until_stopped(bot, "fake-token"))
"""


async def test_a_real_sigterm_to_the_bot_process_answers_every_move_in_flight(fake_discord, tmp_path):
    path = tmp_path / "chaostable.db"
    harness = Harness(fake_discord, path)
    script = CHILD.format(root=str(ROOT), api=fake_discord.api_base, gateway=fake_discord.gateway_url, db=str(path),
                          guild=fake_discord.guild_id)
    process = await asyncio.create_subprocess_exec(sys.executable, "-c", script, cwd=ROOT)
    try:
        await fake_discord.wait_connected(timeout=30)
        await until(lambda: any(c["name"] == "tally" for c in fake_discord.commands_for(fake_discord.guild_id)), 30)
        alice = harness.user("alice")
        await harness.slash("tally start", user=alice)
        moves = [asyncio.create_task(harness.slash("tally add", user=alice, amount=1)) for _ in range(IN_FLIGHT)]
        await until(lambda: len(fake_discord.interactions) == IN_FLIGHT + 1)
        await until(lambda: sum(r.acknowledged for r in fake_discord.interactions.values()) > 1)  # moves are going
        process.send_signal(signal.SIGTERM)
        answers = await asyncio.gather(*moves)
        assert await asyncio.wait_for(process.wait(), 30) == 0
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()

    applied = [a for a in answers if not a.ephemeral]
    assert all(a.ephemeral and a.text == RESTARTING for a in answers if a not in applied)
    db = await Database.open(path)
    try:
        record = await GameStore(db).require(fake_discord.default_channel, TALLY)
    finally:
        await db.close()
    assert applied and record.state.total == len(applied)


@pytest.fixture
def harness_extensions():
    return [*extension_names(), "tests.support.tally_cog"]


async def test_a_move_still_running_after_the_grace_period_is_told_the_bot_stopped(harness):
    alice = harness.user("alice")
    await harness.slash("tally start", user=alice)

    async def stuck(*args, **kwargs):
        await asyncio.Event().wait()

    harness.bot.games.apply = stuck
    pending = asyncio.create_task(harness.slash("tally add", user=alice, amount=1))
    await until(lambda: len(harness.fake.interactions) == 2)
    add_id = str(max(harness.fake.interactions))
    await until(lambda: any(data["id"] == add_id for data in harness.bot._in_flight.values()))
    await harness.bot.drain(grace=0.05)
    answer = await pending
    assert answer.ephemeral and answer.text == CUT_OFF
    assert not harness.bot._in_flight


async def test_stopping_goes_on_when_telling_a_cut_off_move_fails_to_connect(harness, monkeypatch):
    """Found by bench/load.py (issue 19): a saturated bot stopping could not reach Discord to say "the bot had to
    stop" (a connection timeout, not an HTTP error), and closing raised instead of going on to disconnect."""
    import aiohttp
    import discord

    alice = harness.user("alice")
    await harness.slash("tally start", user=alice)

    async def stuck(*args, **kwargs):
        await asyncio.Event().wait()

    async def unreachable(*args, **kwargs):
        raise aiohttp.ClientConnectionError("connection timeout")

    harness.bot.games.apply = stuck
    pending = asyncio.create_task(harness.slash("tally add", user=alice, amount=1))
    await until(lambda: len(harness.fake.interactions) == 2)
    add_id = str(max(harness.fake.interactions))
    await until(lambda: any(data["id"] == add_id for data in harness.bot._in_flight.values()))
    monkeypatch.setattr(discord.InteractionResponse, "send_message", unreachable)
    await harness.bot.drain(grace=0.05)
    assert not harness.bot._in_flight
    pending.cancel()
