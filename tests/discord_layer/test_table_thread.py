"""`thread: true` on `/table start` (issue 17, item 2): the table, its Cosmic Deck and CHAOS;JAN live in a new thread;
the channel gets one short line pointing there."""

from __future__ import annotations

import pytest

from engine.table import TABLE
from tests.discord_layer.test_chaosjan_panel import settle
from tests.fake_discord.harness import message_text


@pytest.mark.option_effect("table start", "thread")
async def test_thread_true_opens_the_table_in_its_own_thread(harness):
    east, south, west, north = (harness.user(name) for name in ("east", "south", "west", "north"))
    parent = harness.fake.default_channel
    reply = await harness.slash("table start", user=east, east=east, south=south, west=west, north=north,
                                thread=True)
    [thread] = harness.fake.threads_of(parent)
    assert harness.fake.channels[thread]["name"] == "Table: east"
    assert [message_text(m) for m in harness.public_messages()] == [f"The table is open in <#{thread}>: play there."]
    assert not reply.ephemeral
    assert await harness.bot.games.get(parent, TABLE) is None
    record = await harness.bot.games.get(thread, TABLE)
    assert record.state.players == (east.id, south.id, west.id, north.id)
    assert "East" in message_text(harness.newest_public(thread))  # the table itself is shown in the thread

    # CHAOS;JAN opens on the thread's table, its panel in the thread (undone: a ron waits for the choices, 1.2a)
    setup = await harness.slash("chaosjan new", user=east, channel=thread)
    assert not setup.ephemeral and harness.newest_public(thread)["id"] == setup.message["id"]
    await harness.slash("chaosjan undo", user=east, channel=thread)
    await settle(harness)
    assert setup.record.original_message_id not in harness.fake.messages  # its Choose button is gone with it

    # 1 han 30 fu: basic points 30 x 2^(2+1), a non-dealer's ron is 4 times that, rounded up to 100
    ron = await harness.slash("table ron", user=south, winner=south, loser=west, han=1, fu=30, channel=thread)
    assert not ron.ephemeral and ron.message["channel_id"] == str(thread)
    points = [s.points for s in (await harness.bot.games.get(thread, TABLE)).state.seats]
    start = record.state.seats[0].points
    paid = -(-30 * 2 ** 3 * 4 // 100) * 100
    assert points == [start, start + paid, start - paid, start]
    assert len(harness.public_messages()) == 1  # the channel stays quiet

    # a thread can't hold another thread: a friendly refusal, nothing started
    again = await harness.slash("table start", user=east, east=east, south=south, west=west, thread=True,
                                channel=thread)
    assert again.ephemeral and "already a thread" in again.text
    assert harness.fake.threads_of(parent) == [thread]
    assert (await harness.bot.games.get(thread, TABLE)).state.players == record.state.players
