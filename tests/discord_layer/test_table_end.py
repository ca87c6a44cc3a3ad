"""`/table end` asks before it ends, and `/table undo` takes the end back until a new table starts (issue 18,
item 8; rulings, Mahjong table: "Confirming `/table end`" and "Undo of `/table end`")."""

from __future__ import annotations

import pytest

from engine.table import TABLE
from storage.results import leaderboard
from tests.fake_discord.harness import components

DANGER, SECONDARY = 4, 2


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


async def start(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)


async def table(harness):
    return await harness.bot.games.get(harness.fake.default_channel, TABLE)


async def stored(harness):
    return await harness.bot.db.read(lambda conn: conn.execute("SELECT COUNT(*) FROM game_results").fetchone()[0])


def buttons(message):
    return {c["label"]: c["style"] for c in components(message) if c["type"] == 2}


async def test_end_shows_the_standings_and_waits_for_the_host(harness, players):
    east, south, west, _ = players
    await start(harness, players)
    await harness.slash("table ron", user=south, winner=south, loser=west, han=3, fu=30)
    before = await table(harness)
    asked = await harness.slash("table end", user=east)
    assert not asked.ephemeral and "Standings if the game ends now" in asked.text and "/table undo" in asked.text
    assert asked.text.index(f"<@{south.id}>") < asked.text.index(f"<@{west.id}>")
    assert buttons(asked.message) == {"End the game": DANGER, "Keep playing": SECONDARY}
    assert (await table(harness)).version == before.version and await stored(harness) == 0

    for label in ("End the game", "Keep playing"):  # only the host or Manage Channel
        refused = await harness.click(asked.message, user=south, label=label)
        assert refused.ephemeral and "Only the host" in refused.text
    kept = await harness.click(asked.message, user=east, label="Keep playing")
    assert "goes on" in kept.text and not components(kept.message)
    assert (await table(harness)).version == before.version and await stored(harness) == 0

    asked = await harness.slash("table end", user=east)
    mod = harness.user("mod", manager=True)
    ended = await harness.click(asked.message, user=mod, label="End the game")
    assert "Final standings" in ended.text and not components(ended.message)
    assert await table(harness) is None and await stored(harness) == len(players)


async def test_a_move_made_while_the_confirmation_waits_makes_it_stale(harness, players):
    east = players[0]
    await start(harness, players)
    asked = await harness.slash("table end", user=east)
    await harness.slash("table riichi", user=east)
    stale = await harness.click(asked.message, user=east, label="End the game")
    assert stale.ephemeral and "earlier moment" in stale.text
    assert await table(harness) is not None and await stored(harness) == 0


async def test_undo_after_the_end_reopens_the_table_and_takes_its_results_back(harness, players):
    east, south, west, _ = players
    await start(harness, players)
    await harness.slash("table ron", user=south, winner=south, loser=west, han=3, fu=30)
    points = [s.points for s in (await table(harness)).state.seats]
    asked = await harness.slash("table end", user=east)
    await harness.click(asked.message, user=east, label="End the game")
    assert len(await leaderboard(harness.bot.db, harness.fake.guild_id, TABLE.name)) == len(players)

    refused = await harness.slash("table undo", user=south)
    assert refused.ephemeral and "Only the host" in refused.text and await table(harness) is None
    undone = await harness.slash("table undo", user=east)
    assert not undone.ephemeral and "Undone: the end of the table" in undone.text
    reopened = await table(harness)
    assert [s.points for s in reopened.state.seats] == points
    assert await leaderboard(harness.bot.db, harness.fake.guild_id, TABLE.name) == []
    assert "No game has finished" in (await harness.slash("table leaderboard", user=west)).text

    await harness.slash("table riichi", user=east)  # play goes on
    assert (await table(harness)).state.seat(east.id).points == points[0] - 1000
    again = await harness.slash("table end", user=east)
    await harness.click(again.message, user=east, label="End the game")
    rows = await leaderboard(harness.bot.db, harness.fake.guild_id, TABLE.name)
    assert sorted(r.games for r in rows) == [1] * len(players)  # counted once


async def test_undo_of_an_end_is_refused_once_a_new_table_started(harness, players):
    east = players[0]
    await start(harness, players)
    asked = await harness.slash("table end", user=east)
    await harness.click(asked.message, user=east, label="End the game")
    await start(harness, players)
    refused = await harness.slash("table undo", user=east)
    assert refused.ephemeral and "new table game has started" in refused.text
    assert await stored(harness) == len(players) and (await table(harness)).version == 0
