"""Shards in several processes on one PostgreSQL database (issue 20): two real bot processes, each running one of
two shards (SHARD_COUNT=2, SHARD_IDS), against the fake Discord (two gateway sessions, GET /gateway/bot answered)."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, datetime, timedelta

import asyncpg
import pytest

from engine.table import TABLE
from tests.fake_discord.harness import InteractionLog
from tests.faults.conftest import BotProcess, ProcessHarness


@pytest.fixture
async def shared_database(postgres_server):
    url = await postgres_server.new_database()
    yield url
    await postgres_server.drop_database(url)


@pytest.fixture
async def two_shards(fake_discord, tmp_path, shared_database):
    bots = [BotProcess(fake_discord, tmp_path / f"unused-{i}.db", tmp_path / f"shard-{i}.log") for i in (0, 1)]
    for shard, bot in enumerate(bots):
        bot.environment = {"DATABASE_URL": shared_database, "SHARD_COUNT": "2", "SHARD_IDS": str(shard)}
    yield bots
    for bot in bots:
        if bot.process is not None and bot.process.returncode is None:
            bot.process.kill()
            await bot.process.wait()
    assert fake_discord.rejections == [], fake_discord.rejections


async def sent(fake, payload, shard: int) -> InteractionLog:
    return await InteractionLog(fake, await fake.send_interaction(payload, shard=shard)).answered()


async def test_moves_on_one_channel_from_two_processes_apply_each_exactly_once(fake_discord, two_shards,
                                                                              shared_database):
    """Both processes serve the channel (as while shards are moved between processes): moves sent to both at once
    are applied one at a time by the game row's lock, none lost, none twice, in one unbroken log."""
    fake_discord.guild_on_every_shard = True
    for bot in two_shards:
        await bot.start()
    h = ProcessHarness(fake_discord, two_shards[0].database)
    players = [h.user(n) for n in ("east", "south", "west", "north")]
    east, south, west, north = players
    started = await sent(fake_discord, h.slash_payload("table start", user=east, east=east, south=south, west=west,
                                                       north=north), shard=0)
    assert not started.ephemeral, started.text
    payloads = [h.slash_payload("table pay", user=players[i % 4], amount=100 * (1 + i % 3)) for i in range(24)]
    answers = await asyncio.gather(*(sent(fake_discord, p, shard=i % 2) for i, p in enumerate(payloads)))
    assert all(not a.ephemeral for a in answers), [a.text for a in answers if a.ephemeral]
    conn = await asyncpg.connect(shared_database)
    try:
        (game,) = await conn.fetch("SELECT id, version, state FROM games WHERE kind = 'table'")
        log = await conn.fetch("SELECT seq, type, request FROM game_events WHERE game_id = $1 ORDER BY seq",
                               game["id"])
    finally:
        await conn.close()
    assert [e["seq"] for e in log] == list(range(25)) and game["version"] == 24
    assert sorted(e["request"].split(":")[0] for e in log[1:]) == sorted(p["id"] for p in payloads)
    state = TABLE.state_from_dict(json.loads(game["state"]))
    paid = sum(100 * (1 + i % 3) for i in range(24))
    assert state.on_table == paid and sum(s.points for s in state.seats) == 4 * 25000 - paid
    for i, seat in enumerate(state.seats):
        assert seat.points == 25000 - sum(100 * (1 + j % 3) for j in range(24) if j % 4 == i)
    for bot in two_shards:
        assert await bot.stop() == 0


async def test_timers_run_in_the_process_of_the_server_s_shard(fake_discord, two_shards, shared_database):
    """A timed Uno game whose turn ran out while both processes were down: at start-up only the process that runs
    the server's shard arms the timer, and the turn times out once."""
    owner = fake_discord.guild_shard_for(2)
    for bot in two_shards:
        await bot.start()
    h = ProcessHarness(fake_discord, two_shards[0].database)
    ann, ben = h.user("ann"), h.user("ben")
    lobby = await h.slash("uno new", user=ann, timer=30)
    assert not lobby.ephemeral, lobby.text
    await h.click(lobby.message, user=ben, label="Join")
    started = await h.click(lobby.message, user=ann, label="Start")
    await started.followed_up()
    for bot in two_shards:
        assert await bot.stop() == 0
    conn = await asyncpg.connect(shared_database)
    try:
        long_ago = (datetime.now(UTC) - timedelta(hours=1)).isoformat(timespec="milliseconds")
        await conn.execute("UPDATE games SET updated_at = $1 WHERE kind = 'uno'", long_ago)
        for bot in two_shards:
            await bot.start()
        for _ in range(200):
            timeouts = await conn.fetchval("SELECT COUNT(*) FROM game_events WHERE type = 'move' AND actor_id IS NULL")
            if timeouts:
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        assert await conn.fetchval("SELECT COUNT(*) FROM game_events WHERE type = 'move' AND actor_id IS NULL") == 1
    finally:
        await conn.close()
    for shard, bot in enumerate(two_shards):
        assert await bot.stop() == 0
        running = "Uno timers: 1 running; 0 games are other shards'"
        other = "Uno timers: 0 running; 1 games are other shards'"
        assert (running if shard == owner else other) in bot.log.read_text(), bot.log_tail()
