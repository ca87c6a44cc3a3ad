"""Absent players in Gin-jon-tan on Discord (issue 17): the turn timer of `/ginjontan new timer:` (it survives a
restart), `/ginjontan leave` and `/ginjontan kick` after the start. docs/rulings.md, Gin-jon-tan: "Leaving" and
"Turn timer"."""

from __future__ import annotations

import asyncio
import sqlite3
from collections import Counter

import pytest

from engine.ginjontan.cards import FULL_SET_SIZE, card
from engine.ginjontan.rules import GINJONTAN
from engine.ginjontan.state import Phase
from engine.timer import MAX_TIMER, MIN_TIMER
from tests.discord_layer.test_ginjontan import current, start_game
from tests.fake_discord.harness import message_text
from tests.support.waiting import wait_for
from ui.ginjontan_timer import PAUSED, GinjontanTimers


@pytest.fixture(autouse=True)
def quick(monkeypatch):
    monkeypatch.setattr(GinjontanTimers, "second", 0.02)  # a 10 s timer runs out in 0.2 s


def game_rows(harness) -> list[tuple]:
    with sqlite3.connect(harness.database_path) as conn:
        return conn.execute("SELECT id, status, version, state FROM games ORDER BY id").fetchall()


def timeouts(harness) -> list[str]:
    return [m["content"] for m in harness.public_messages() if "Time ran out" in m["content"]]


@pytest.mark.option_effect("ginjontan new", "timer")
async def test_the_timer_runs_out_and_the_bot_keeps_every_absent_players_hand(harness):
    users = [harness.user(n) for n in ("ann", "ben", "cy")]
    await start_game(harness, users, timer=MIN_TIMER)
    dealt = await current(harness)
    assert dealt.timer == MIN_TIMER and dealt.phase is Phase.SWAP
    assert f"turn timer {MIN_TIMER} s" in harness.public_messages()[0]["embeds"][0]["description"]

    async def timed_out():
        return bool(timeouts(harness))

    await wait_for(timed_out)
    assert (await current(harness)).phase is not Phase.SWAP  # step 2 done for everyone: the round began (3.1)
    entries = await harness.bot.games.history(harness.fake.default_channel, GINJONTAN, limit=50)
    first = next(e for e in entries if e.move == {"move": "timeout"})
    assert first.actor_id is None
    assert [(e["player"], e["swapped"]) for e in first.events if e["type"] == "swap"] == [(u.id, False) for u in users]
    assert all(f"<@{u.id}>" in timeouts(harness)[0] for u in users)


@pytest.mark.option_effect("ginjontan new", "timer")
async def test_an_untimed_game_waits_for_ever(harness):
    users = [harness.user(n) for n in ("ann", "ben")]
    await start_game(harness, users)
    version = (await harness.bot.games.get(harness.fake.default_channel, GINJONTAN)).version
    await asyncio.sleep(MIN_TIMER * GinjontanTimers.second * 3)
    assert (await harness.bot.games.get(harness.fake.default_channel, GINJONTAN)).version == version
    assert not timeouts(harness)


@pytest.mark.option_effect("ginjontan new", "timer")
@pytest.mark.parametrize("seconds", [-1, 1, MIN_TIMER - 1, MAX_TIMER + 1])
async def test_a_forged_timer_is_refused_and_opens_nothing(harness, seconds):
    reply = await harness.slash("ginjontan new", user=harness.user("host"),
                                raw_options=[{"name": "timer", "type": 4, "value": seconds}])
    assert reply.ephemeral and "Something went wrong" not in reply.text
    assert game_rows(harness) == []


async def test_timed_games_per_server_are_capped(harness, monkeypatch):
    monkeypatch.setattr(GinjontanTimers, "per_server", 1)
    host = harness.user("host")
    other = harness.fake.add_channel("table-2")
    await harness.slash("ginjontan new", user=host, timer=60)
    refused = await harness.slash("ginjontan new", user=host, channel=other, timer=60)
    assert refused.ephemeral and "the most it can have" in refused.text
    assert await harness.bot.games.get(other, GINJONTAN) is None


async def test_a_full_round_of_time_outs_pauses_the_timer(harness):
    users = [harness.user(n) for n in ("ann", "ben")]
    await start_game(harness, users, timer=MIN_TIMER)

    async def paused():
        return any(PAUSED in m["content"] for m in harness.public_messages())

    await wait_for(paused)
    version = (await harness.bot.games.get(harness.fake.default_channel, GINJONTAN)).version
    await asyncio.sleep(MIN_TIMER * GinjontanTimers.second * 3)
    assert (await harness.bot.games.get(harness.fake.default_channel, GINJONTAN)).version == version
    assert len(timeouts(harness)) == len(users)  # one time-out per player, then nothing


async def test_a_restart_with_a_running_timer_re_arms_it(harness, monkeypatch):
    monkeypatch.setattr(GinjontanTimers, "second", 0.3)  # 3 s: time to stop and start the bot
    users = [harness.user(n) for n in ("ann", "ben")]
    await start_game(harness, users, timer=MIN_TIMER)
    await harness.stop_bot()
    assert not timeouts(harness)
    await harness.start_bot()
    assert harness.bot.ginjontan_timers._tasks.get(harness.fake.default_channel) is not None

    async def timed_out():
        return bool(timeouts(harness))

    await wait_for(timed_out)
    assert (await current(harness)).phase is not Phase.SWAP


async def play_to_a_duel(harness, users):
    """Everyone keeps their hand (step 2) and sets aside their first 3 cards (step 3)."""
    for user in users:
        await harness.slash("ginjontan swap", user=user, choice="keep")
    state = await current(harness)
    for user in users:
        cards = " ".join(card(c).notation for c in state.seat(user.id).hand[:3])
        await harness.slash("ginjontan aside", user=user, cards=cards)
    state = await current(harness)
    assert state.phase is Phase.DUEL
    return state


@pytest.mark.option_effect("ginjontan kick", "player")
async def test_a_kick_mid_round_puts_the_cards_back_and_the_game_goes_on(harness):
    users = [harness.user(n) for n in ("ann", "ben", "cy")]
    await start_game(harness, users)
    state = await play_to_a_duel(harness, users)
    kicked = next(u for u in users if u.id == state.duel.opponent)
    outsider, moderator = harness.user("outsider"), harness.user("moderator", manager=True)
    before = game_rows(harness)
    bystander = next(u for u in users if u.id not in (kicked.id, state.host))
    refused = await harness.slash("ginjontan kick", user=bystander, player=kicked)
    assert refused.ephemeral and game_rows(harness) == before  # neither the host nor Manage Channel
    refused = await harness.slash("ginjontan kick", user=moderator, player=outsider)
    assert refused.ephemeral and "not playing" in refused.text and game_rows(harness) == before

    reply = await harness.slash("ginjontan kick", user=moderator, player=kicked)
    assert not reply.ephemeral and f"<@{kicked.id}> left the game" in reply.text
    after = await current(harness)
    assert not after.seated(kicked.id) and len(after.players) == 2
    assert Counter(after.all_cards()) == Counter(range(FULL_SET_SIZE))  # the common deck: nothing lost
    assert after.phase is not Phase.OVER and after.waiting
    assert all(p != kicked.id for p, _ in after.waiting)
    assert all(kicked.id not in duel for duel in after.schedule)


async def test_a_leave_leaving_too_few_players_ends_the_game(harness):
    users = [harness.user(n) for n in ("ann", "ben")]
    await start_game(harness, users, timer=MIN_TIMER)
    outsider = harness.user("outsider")
    refused = await harness.slash("ginjontan leave", user=outsider)
    assert refused.ephemeral and "Something went wrong" not in refused.text
    reply = await harness.slash("ginjontan leave", user=users[1])
    assert not reply.ephemeral and "Game over" in reply.text
    assert await harness.bot.games.get(harness.fake.default_channel, GINJONTAN) is None
    assert [row[1] for row in game_rows(harness)] == ["finished"]
    assert harness.bot.ginjontan_timers._tasks.get(harness.fake.default_channel) is None
    with sqlite3.connect(harness.database_path) as conn:
        placed = conn.execute("SELECT user_id, place FROM game_results").fetchall()
    assert placed == [(users[0].id, 1)]


async def test_leave_in_the_lobby(harness):
    host, guest = harness.user("host"), harness.user("guest")
    lobby = await harness.slash("ginjontan new", user=host)
    await harness.click(lobby.message, user=guest, label="Join")
    reply = await harness.slash("ginjontan leave", user=guest)
    assert reply.ephemeral and (await current(harness)).players == (host.id,)  # the lobby is edited in place
    assert f"<@{guest.id}>" not in message_text(harness.fake.messages[int(lobby.message["id"])])
    refused = await harness.slash("ginjontan leave", user=host)
    assert refused.ephemeral and (await current(harness)).players == (host.id,)


async def test_a_time_out_goes_on_the_live_panel_in_place(harness):
    users = [harness.user(n) for n in ("ann", "ben")]
    started = await start_game(harness, users, timer=MIN_TIMER)
    panel, lobby = int(started.message["id"]), harness.public_messages()[0]["id"]

    async def timed_out():
        return "Time ran out" in harness.fake.messages[panel]["content"]

    await wait_for(timed_out)  # docs/rulings.md "Turn timer": the default moves, said on the newest panel
    lines = harness.fake.messages[panel]["content"]
    assert "Round 1 of" in lines and lines.index("Round 1 of") < lines.index("Time ran out"), "the lines grew"
    assert [m["id"] for m in harness.public_messages()[:2]] == [lobby, started.message["id"]], "nothing posted between"
    await harness.slash("ginjontan end", user=users[0])
