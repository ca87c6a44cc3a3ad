"""SIGKILL the real bot process between the steps of a move on PostgreSQL (issue 20): as on SQLite
(tests/faults/test_kill.py), a move is wholly there or wholly absent after a restart, and a committed one is never
lost."""

from __future__ import annotations

import json
from typing import Any

import asyncpg
import pytest

from engine.table import TABLE, HandValue, Ron, Win
from tests.faults.conftest import ProcessHarness
from tests.faults.test_kill import assert_consistent, killed_before_answering

TABLES = ("games", "game_events", "game_snapshots", "game_results")


async def read_tables(url: str) -> dict[str, list[dict[str, Any]]]:
    conn = await asyncpg.connect(url)
    try:
        return {table: [dict(row) for row in await conn.fetch(f"SELECT * FROM {table} ORDER BY 1, 2")]
                for table in TABLES}
    finally:
        await conn.close()


@pytest.fixture
async def on_postgres(bot_process, postgres_url):
    bot_process.environment["DATABASE_URL"] = postgres_url
    return bot_process


async def test_kills_around_a_commit_leave_each_move_whole_or_absent(on_postgres, fake_discord, postgres_url):
    bot = on_postgres
    h = ProcessHarness(fake_discord, bot.database)
    east, south, west, north = (h.user(name) for name in ("East", "South", "West", "North"))
    await bot.start()
    await h.slash("table start", user=east, east=east, south=south, west=west, north=north)
    await h.slash("table riichi", user=east)
    assert await bot.stop() == 0
    seeded = await read_tables(postgres_url)
    before = TABLE.state_from_dict(json.loads(seeded["games"][0]["state"]))
    total = sum(seat.points for seat in before.seats) + before.on_table
    ron = {"user": south, "winner": south, "loser": west, "han": 3, "fu": 30}

    await bot.start(crash_at="before_commit")
    await killed_before_answering(h, bot, "table ron", **ron)
    assert await read_tables(postgres_url) == seeded  # killed before its COMMIT: the move is wholly absent

    await bot.start(crash_at="after_commit")
    await killed_before_answering(h, bot, "table ron", **ron)
    await bot.start()
    tables = await read_tables(postgres_url)  # killed after its COMMIT: the move is wholly there, once
    assert_consistent(tables, total)
    assert tables["game_events"][:-1] == seeded["game_events"] and tables["game_events"][-1]["type"] == "move"
    expected, _ = TABLE.apply(before, Ron(west.id, (Win(south.id, HandValue(han=3, fu=30)),)))
    assert json.loads(tables["games"][0]["state"]) == TABLE.state_to_dict(expected)
    shown = await h.slash("table show", user=north)
    assert not shown.ephemeral
    assert await bot.stop() == 0
