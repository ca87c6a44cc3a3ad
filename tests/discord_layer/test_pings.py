"""Issue 18 item 7: a message pings only the players whose move it now is; everyone else is named silently.
The fake Discord records whom each new message notified (`pinged`: named in its content and allowed)."""

from __future__ import annotations

import re

from engine.uno.options import MIN_TIMER
from engine.uno.rules import UNO
from tests.discord_layer.test_chaosjan import EAST_STOCK, table
from tests.discord_layer.test_chaosjan import start as chaosjan_start
from tests.discord_layer.test_ginjontan import current as ginjontan_current
from tests.discord_layer.test_ginjontan import play_one, settled
from tests.discord_layer.test_ginjontan import start_game as ginjontan_start
from tests.discord_layer.test_timers import deal as timers_deal
from tests.discord_layer.test_timers import wait_for
from tests.discord_layer.test_uno import current, perform, pick, start_game
from ui.uno import TurnTimers


def named(message):
    return {int(m) for m in re.findall(r"<@!?(\d+)>", message["content"])}


async def test_table_lines_ping_nobody(harness):
    east, south, west, north = players = [harness.user(n) for n in ("east", "south", "west", "north")]
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    riichi = await harness.slash("table riichi", user=south)
    ron = await harness.slash("table ron", user=south, winner=south, loser=west, han=3, fu=30)
    await harness.slash("cosmic start", user=east)
    roll = await harness.slash("cosmic roll", user=east)
    for reply in (riichi, ron, roll):
        assert named(reply.message) & {p.id for p in players}, reply.text  # the names are there, silently
        assert reply.message["pinged"] == [], reply.text


async def test_uno_replies_ping_the_turn_player_and_nobody_else(harness):
    players = [harness.user(n) for n in ("ann", "ben", "cat")]
    users = {p.id: p for p in players}
    lobby = await start_game(harness, players, preset="classic")
    assert lobby.message["pinged"] == []
    joined = [m for m in harness.public_messages() if "joined" in m["content"]]
    assert joined and all(m["pinged"] == [] for m in joined)
    state = await current(harness)
    checked = 0
    for n in range(40):
        await perform(harness, state, pick(state), users, n)
        record = await harness.bot.games.get(harness.fake.default_channel, UNO)
        if record is None:
            break
        state = record.state
        reply = next(m for m in reversed(harness.public_messages()) if m["content"])
        if not (state.stacks or state.trades or state.prompt or state.closing):
            assert reply["pinged"] == [state.turn], reply["content"]
            checked += 1
        assert set(reply["pinged"]) <= {p.id for p in players}
    assert checked > 10


async def test_a_new_gin_jon_tan_panel_pings_exactly_the_awaited_players(harness):
    players = [harness.user(n) for n in ("ann", "ben", "cat")]
    users = {p.id: p for p in players}
    started = await ginjontan_start(harness, players, rounds=3)
    state = await ginjontan_current(harness)
    awaited = sorted({p for p, _ in state.waiting})
    assert len(awaited) == len(players)  # the opening swap awaits everyone
    assert started.message["pinged"] == awaited
    seen = {m["id"] for m in harness.public_messages()}
    ui_used: set[str] = set()
    new_panels = pinged_two = 0
    for _ in range(30):
        await play_one(harness, state, users, ui_used)
        await settled(harness)
        state = await ginjontan_current(harness)
        if state is None:
            break
        for message in harness.public_messages():
            if message["id"] not in seen:
                seen.add(message["id"])
                new_panels += 1
                assert message["pinged"] == sorted({p for p, _ in state.waiting}), message["content"]
                pinged_two += len(message["pinged"]) == 2
    assert new_panels > 3 and pinged_two


async def test_a_chaosjan_pass_pings_the_one_who_holds_priority_now(harness):
    east, south, west, _north = cj_players = [harness.user(n) for n in ("east", "south", "west", "north")]
    await chaosjan_start(harness, cj_players)
    played = await harness.slash("chaosjan play", user=east, card=EAST_STOCK)
    for user in (east, south, west):  # 2.7b: sub-priority goes round from the player of the Stock
        passed = await harness.slash("chaosjan pass", user=user)
        state = (await table(harness)).chaosjan
        holder = state.players[state.holder[1]]
        assert holder != user.id and passed.message["pinged"] == [holder], passed.text
    assert played.message["pinged"] == [east.id]


async def test_an_uno_time_out_line_pings_the_next_player(harness, monkeypatch):
    monkeypatch.setattr(TurnTimers, "second", 0.02)
    ann, ben = players = [harness.user(n) for n in ("ann", "ben")]
    await timers_deal(harness, players, timer=MIN_TIMER)
    first = (await current(harness)).turn
    other = ben.id if first == ann.id else ann.id

    def time_outs():
        return [m for m in harness.public_messages() if "Time ran out" in m["content"]]

    async def both_timed_out():
        return len(time_outs()) >= len(players)

    await wait_for(both_timed_out)
    await harness.bot.uno_board.settle()
    assert [m["pinged"] for m in time_outs()] == [[other], [first]], [m["content"] for m in time_outs()]


async def test_chaos_uno_replies_ping_stack_and_trade_targets_too(harness):
    """Seed 003: a stack is answered by the player it is aimed at, a 7's trade by its target."""
    players = [harness.user(n) for n in ("ann", "ben", "cat", "dan")]
    users = {p.id: p for p in players}
    await start_game(harness, players)
    state = await current(harness)
    targets = 0
    for n in range(80):
        await perform(harness, state, pick(state), users, n)
        record = await harness.bot.games.get(harness.fake.default_channel, UNO)
        if record is None:
            break
        state = record.state
        if state.prompt or state.closing:
            continue
        reply = next(m for m in reversed(harness.public_messages()) if m["content"])
        aimed = {s.target for s in state.stacks} | {t.target for t in state.trades}
        assert set(reply["pinged"]) == ({state.turn} | aimed) & named(reply), reply["content"]
        targets += bool(set(reply["pinged"]) - {state.turn})
    assert targets
