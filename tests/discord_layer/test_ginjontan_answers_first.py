"""Issue 19, item 1: a Gin-jon-tan change is answered without waiting on what follows it. A command whose change
edits the live panel is answered privately before the edit goes to Discord, and a new panel whose picture is still
being drawn lets the channel's next change through (the picture is added by an edit once drawn)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from engine.ginjontan.cards import card
from engine.ginjontan.state import Phase
from render import ginjontan_pictures
from tests.discord_layer.test_ginjontan import current, settled, start_game
from tests.discord_layer.test_ginjontan import notation as cards_notation
from tests.fake_discord.harness import message_text
from tests.support.waiting import wait_for


@pytest.fixture
def harness_picture_workers() -> int:
    return 0  # in threads of the test's process, so that a drawing can be held


async def test_a_command_is_answered_before_the_panel_is_edited(harness):
    ann, _ben = players = [harness.user("ann"), harness.user("ben")]
    started = await start_game(harness, players)
    panel_id = started.message["id"]
    release = asyncio.Event()
    route = harness.fake._route

    async def slow_edits(request):  # Discord answering the panel's edit late
        if request.method == "PATCH" and request.path.endswith(f"/messages/{panel_id}"):
            await release.wait()
        return await route(request)

    harness.fake._route = slow_edits
    try:
        reply = await asyncio.wait_for(harness.slash("ginjontan swap", user=ann, choice="keep"), 5)
        assert reply.ephemeral and "kept their hand" in reply.text, reply.text
        assert "kept their hand" not in message_text(harness.fake.messages[int(panel_id)])  # not edited yet
    finally:
        release.set()
        harness.fake._route = route
    await settled(harness)
    assert harness.newest_public()["id"] == panel_id  # edited in place, nothing new posted
    assert reply.text in message_text(harness.fake.messages[int(panel_id)])


async def test_the_next_move_does_not_wait_for_the_duel_picture(harness, monkeypatch):
    players = [harness.user("ann"), harness.user("ben")]
    users = {p.id: p for p in players}
    await start_game(harness, players, duels="once")
    for p in players:
        await harness.slash("ginjontan swap", user=p, choice="keep")
    opened, drawn = threading.Event(), []
    real = ginjontan_pictures.duel_picture

    def held(*args, **kwargs):
        opened.wait(10)
        drawn.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(ginjontan_pictures, "duel_picture", held)
    state = await current(harness)
    for p in players:
        await harness.slash("ginjontan aside", user=p, cards=cards_notation(state.seat(p.id).hand[:3]))
    state = await current(harness)
    assert state.phase is Phase.DUEL and drawn == []
    duel_panel = harness.newest_public()
    assert duel_panel["attachments"] == []  # posted at once; its picture comes when drawn
    player, task = state.waiting[0]
    assert task == "act"
    d = state.duel
    other = state.seat(d.opponent if player == d.active else d.active)
    move = await asyncio.wait_for(harness.slash("ginjontan act", user=users[player],
                                                card=card(state.seat(player).unfolded[0]).notation,
                                                target=card(other.unfolded[-1]).notation), 5)
    assert drawn == [] and not move.text.startswith("❌"), move.text  # answered while the picture is held
    assert len((await current(harness)).duel.clashes) == 1
    opened.set()
    await settled(harness)

    async def pictured() -> bool:
        return [a["filename"] for a in harness.fake.messages[int(duel_panel["id"])]["attachments"]] == ["duel.png"]

    await wait_for(pictured, 5)
    assert drawn


async def test_the_best_exchange_is_worked_out_off_the_event_loop(harness, monkeypatch):
    """The hand's best one-card exchange scores hundreds of hands: `/ginjontan hand` is acknowledged first and the
    search runs in the workers, while other commands are answered; the hand then shows it."""
    import ui.ginjontan as flows
    from tests.discord_layer.test_ginjontan import play_one

    players = [harness.user("ann"), harness.user("ben")]
    users = {p.id: p for p in players}
    await start_game(harness, players, duels="once")
    used = {"swap", "aside", "act", "exchange3", "exchange9", "trim", "surplus", "turn", "reveal"}  # slash commands
    while not (state := await current(harness)).waiting[0][1].startswith("exchange"):
        await play_one(harness, state, users, used)
    player = state.waiting[0][0]
    opened, asked = threading.Event(), []
    real = flows.hand_advice

    def held(*args):
        asked.append(args[-1])
        opened.wait(10)
        return real(*args)

    monkeypatch.setattr(flows, "hand_advice", held)
    hand_task = asyncio.create_task(harness.slash("ginjontan hand", user=users[player]))

    async def acknowledged() -> bool:
        return bool(asked)

    await wait_for(acknowledged, 5)
    help_reply = await asyncio.wait_for(harness.slash("help", user=users[player]), 5)  # the loop is free
    assert help_reply.text and not hand_task.done()
    opened.set()
    hand = await hand_task
    assert hand.response_type == 5 and hand.ephemeral  # deferred: acknowledged before the search
    assert "Best one-card exchange" in hand.text and asked == [True]
