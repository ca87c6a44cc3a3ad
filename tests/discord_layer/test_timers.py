"""The Uno turn timer and every bounded option, against forged payloads (issue 16, item 11; docs/rulings.md,
Uno: "Turn timer" and Table-wide: "Options out of bounds")."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3

import pytest

from engine.uno.cards import CARDS
from engine.uno.options import MAX_TIMER, MIN_TIMER
from engine.uno.rules import UNO
from tests.fake_discord.harness import components, message_text
from tests.support.waiting import wait_for
from ui.uno import PAUSED, TurnTimers


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(TurnTimers, "second", 0.02)  # a 10 s timer runs out in 0.2 s


def games(harness) -> list[tuple]:
    with sqlite3.connect(harness.database_path) as conn:
        return conn.execute("SELECT id, channel_id, status, version, state FROM games ORDER BY id").fetchall()


async def record(harness, channel=None):
    return await harness.bot.games.get(channel or harness.fake.default_channel, UNO)


async def deal(harness, players, channel=None, **options):
    host, *others = players
    lobby = await harness.slash("uno new", user=host, channel=channel, seed="7", **options)
    for player in others:
        await harness.click(lobby.message, user=player, label="Join")
    started = await harness.click(lobby.message, user=host, label="Start")
    await started.followed_up()
    return lobby


@pytest.mark.option_effect("uno new", "timer")
@pytest.mark.parametrize("seconds", [-1, 1, MIN_TIMER - 1, MAX_TIMER + 1, 10**400])
async def test_a_forged_timer_on_new_is_refused_and_starts_nothing(harness, seconds):
    host = harness.user("host")
    reply = await harness.slash("uno new", user=host, raw_options=[{"name": "timer", "type": 4, "value": seconds}])
    assert reply.ephemeral and reply.embeds and "Something went wrong" not in reply.text
    assert games(harness) == []


@pytest.mark.option_effect("uno timer", "seconds")
@pytest.mark.parametrize("seconds", [-1, 5, 10**400])
async def test_a_forged_timer_on_a_running_game_is_refused_and_changes_nothing(harness, seconds):
    players = [harness.user(n) for n in ("ann", "ben")]
    await deal(harness, players)
    before = games(harness)
    reply = await harness.slash("uno timer", user=players[0],
                                raw_options=[{"name": "seconds", "type": 4, "value": seconds}])
    assert reply.ephemeral and "Something went wrong" not in reply.text
    assert games(harness) == before


@pytest.mark.parametrize(("command", "options"), [
    ("uno new", [{"name": "preset", "type": 3, "value": "bogus"}]),
    ("chroma odds", [{"name": "wall", "type": 4, "value": 10**9}]),
    ("chaosjan new", [{"name": "negates", "type": 4, "value": 10**6}]),
    ("table start", None),
])
async def test_every_bounded_option_is_checked_before_the_command_runs(harness, command, options):
    east, south, west = (harness.user(n) for n in ("east", "south", "west"))
    if options is None:  # a starting score below the declared minimum, beside real seats
        reply = await harness.slash(command, user=east, east=east, south=south, west=west, points=50)
    else:
        reply = await harness.slash(command, user=east, raw_options=options)
    assert reply.ephemeral and "Something went wrong" not in reply.text
    assert "must be" in reply.text or "can't be" in reply.text
    assert games(harness) == []


async def test_a_full_round_of_time_outs_pauses_the_timer_until_someone_acts(harness):
    players = [harness.user(n) for n in ("ann", "ben")]
    await deal(harness, players, timer=MIN_TIMER)
    start = (await record(harness)).version

    async def paused():
        return any(PAUSED in message_text(m) for m in harness.channel_messages())

    await wait_for(paused)
    version = (await record(harness)).version
    assert version == start + len(players)  # one time-out per player, then nothing
    await asyncio.sleep(MIN_TIMER * TurnTimers.second * 3)
    assert (await record(harness)).version == version
    await harness.bot.uno_board.settle()
    assert "paused" in message_text(harness.newest_public())  # the last time-out's message carries the board

    now = (await record(harness)).state
    turn = next(p for p in players if p.id == now.turn)
    hand = await harness.click(harness.newest_public(), user=turn, label="My hand")
    plays = [o["value"] for c in components(hand.message) if c["type"] == 3 for o in c["options"]
             if not CARDS[int(o["value"].split(":")[0])].is_wild]
    if plays:
        await harness.choose(hand.message, plays[:1], user=turn)
    else:
        await harness.click(hand.message, user=turn, label="Draw")
    acted = (await record(harness)).version
    assert acted > version

    async def timed_out_again():
        return (await record(harness)).version > acted

    await wait_for(timed_out_again)
    await harness.bot.uno_board.settle()
    assert "paused" not in message_text(harness.newest_public())


async def test_timed_games_per_server_are_capped(harness, monkeypatch):
    monkeypatch.setattr(TurnTimers, "per_server", 1)
    host = harness.user("host")
    other_channel = harness.fake.add_channel("table-2")
    await harness.slash("uno new", user=host, timer=60)
    refused = await harness.slash("uno new", user=host, channel=other_channel, timer=60)
    assert refused.ephemeral and "the most it can have" in refused.text
    assert await record(harness, other_channel) is None
    untimed = await harness.slash("uno new", user=host, channel=other_channel)
    assert not untimed.ephemeral and (await record(harness, other_channel)).state.timer == 0
    refused = await harness.slash("uno timer", user=host, channel=other_channel, seconds=60)
    assert refused.ephemeral and (await record(harness, other_channel)).state.timer == 0


async def test_a_bad_stored_game_is_skipped_at_start_up(harness, caplog):
    players = [harness.user(n) for n in ("ann", "ben")]
    await deal(harness, players)
    broken_channel = harness.fake.add_channel("table-2")
    await deal(harness, players, channel=broken_channel)
    await harness.stop_bot()

    with sqlite3.connect(harness.database_path) as conn:  # as stored by a bot that trusted the client
        state = json.loads(conn.execute("SELECT state FROM games WHERE channel_id = ?",
                                        (harness.fake.default_channel,)).fetchone()[0])
        state["timer"] = 10**400
        conn.execute("UPDATE games SET state = ? WHERE channel_id = ?",
                     (json.dumps(state), harness.fake.default_channel))
        conn.execute("UPDATE games SET state = '{\"nonsense\": 1}' WHERE channel_id = ?", (broken_channel,))

    with caplog.at_level(logging.WARNING):
        await harness.start_bot()
    assert "cogs.uno" in harness.bot.extensions
    assert any("can't be read" in r.getMessage() for r in caplog.records)

    async def armed():  # the huge stored timer is clamped to MAX_TIMER; the timer still runs
        return harness.bot.uno_timers._tasks.get(harness.fake.default_channel) is not None

    await wait_for(armed)
    third_channel = harness.fake.add_channel("table-3")
    opened = await harness.slash("uno new", user=players[0], channel=third_channel)
    assert not opened.ephemeral
