"""A repeated delivery of the same INTERACTION_CREATE (issue 16, item 2) answers "already done", ephemerally,
and the move counts once."""

from __future__ import annotations

import pytest

from bot import extension_names
from engine.table import TABLE
from tests.fake_discord.harness import InteractionLog
from tests.support.tally import TALLY


@pytest.fixture
def harness_extensions():
    return [*extension_names(), "tests.support.tally_cog"]


async def redeliver(harness, log):
    """Discord sends the same interaction again: same id, same token, same payload."""
    again = InteractionLog(harness.fake, await harness.fake.send_interaction(log.record.payload))
    return await again.acknowledged()


async def move_count(harness, game_id):
    return await harness.bot.db.read(lambda conn: conn.execute(
        "SELECT COUNT(*) FROM game_events WHERE game_id = ? AND type = 'move'", (game_id,)).fetchone()[0])


async def test_a_slash_command_delivered_twice_adds_once(harness):
    alice = harness.user("alice")
    await harness.slash("tally start", user=alice)
    first = await harness.slash("tally add", user=alice, amount=5)
    assert not first.ephemeral and "Tally: 5" in first.text
    second = await redeliver(harness, first)
    assert second.ephemeral and "already done" in second.text
    record = await harness.bot.games.require(harness.fake.default_channel, TALLY)
    assert record.state.added == (5,) and await move_count(harness, record.id) == 1


async def test_a_button_click_delivered_twice_adds_once(harness):
    alice = harness.user("alice")
    started = await harness.slash("tally start", user=alice)
    click = await harness.click(started.message, user=alice, label="+1")
    again = await redeliver(harness, click)
    assert again.ephemeral and "already done" in again.text
    record = await harness.bot.games.require(harness.fake.default_channel, TALLY)
    assert record.state.total == 1 and await move_count(harness, record.id) == 1


async def test_a_table_win_delivered_twice_is_paid_once(harness):
    # seed 000, 3.2: a 1 han 30 fu tsumo by the dealer is 500 all; paid twice it would be 1000 all
    players = [harness.user(name) for name in ("east", "south", "west", "north")]
    east = players[0]
    await harness.slash("table start", user=east, **dict(zip(("east", "south", "west", "north"), players, strict=True)))
    before = (await harness.bot.games.require(harness.fake.default_channel, TABLE)).state
    won = await harness.slash("table tsumo", user=east, winner=east, han=1, fu=30)
    assert not won.ephemeral
    again = await redeliver(harness, won)
    assert again.ephemeral and "already done" in again.text
    after = (await harness.bot.games.require(harness.fake.default_channel, TABLE)).state
    gained = after.seat(east.id).points - before.seat(east.id).points
    assert gained == 3 * 500
