"""Gin-jon-tan's public messages (issue 17, item 2): one live panel at the bottom of the channel, at most one new
public message per move, no message that only says who is awaited, no old message with live buttons."""

from __future__ import annotations

import json

import pytest

from engine.ginjontan.rules import GINJONTAN, TASK_TEXT
from engine.ginjontan.scoring import score_hand
from engine.ginjontan.state import Phase
from render.ginjontan import card_words
from tests.discord_layer.test_ginjontan import SEED, current, play_one, settled, start_game
from tests.fake_discord.harness import components, message_text


def panel_matches(message, state) -> None:
    """The message is the panel of `state`, read from the stored state, not from the renderer."""
    assert message["embeds"], f"the newest message has no panel: {message_text(message)!r}"
    text = message_text(message)
    for seat in state.seats:
        assert f"<@{seat.player}>" in text
        assert f"{seat.points:,}" in text, f"{seat.player} has {seat.points:,} points"
    if state.phase is Phase.OVER:
        assert components(message) == [], "the final panel has no buttons"
        return
    if state.phase is Phase.LOBBY:
        assert {c.get("label") for c in components(message)} == {"Join", "Leave", "Start"}
        return
    assert f"round {state.round} of {state.options.rounds}" in text.lower()
    for seat in state.seats:
        assert f"<@{seat.player}> **{seat.points:,}** · hand {len(seat.hand)} · reserve {len(seat.reserve)}" in text
    for player, task in state.waiting:
        assert f"<@{player}>" in text and TASK_TEXT[task] in text
    if state.duel is not None:
        for player in (state.duel.active, state.duel.opponent):
            assert all(card_words(c) in text for c in state.seat(player).unfolded)
    assert [c.get("label") for c in components(message)] == ["My cards"]


async def check_channel(harness, state, before: int, channel: int | None = None, ended=None) -> int:
    """`ended`: the state before a move that ended a round; its summary comes just above the panel."""
    await settled(harness)
    public = harness.public_messages(channel)
    assert len(public) <= before + 1 + (ended is not None), f"one move posted {len(public) - before} public messages"
    if ended is not None:
        check_summary(public[-2], ended, state)
    panel_matches(public[-1], state)
    live = [message_text(m)[:80] for m in public[:-1] if components(m)]
    assert not live, f"older messages keep their buttons: {live}"
    waiting = [m["content"] for m in public if "⏳" in m["content"]]
    assert not waiting, "who is awaited is said by the panel alone, never by a line of its own"
    pictured = "duel.png" in [a["filename"] for a in public[-1]["attachments"]]
    if state.duel is None:
        assert not pictured, "the panel keeps no picture of a duel that is over"
    elif f"⚔️ Duel <@{state.duel.active}> vs <@{state.duel.opponent}>" in public[-1]["content"]:
        assert pictured, "the panel that began the duel under way keeps its picture"  # seed 3.3: unfolded cards
    return len(public)


def check_summary(message, before, after) -> None:
    """Issue 18 item 4: a round's end posts its summary (the revealed hands by place in a picture, each one's
    combination, the running totals) in a message of its own, above the next round's panel."""
    assert not message["embeds"] and not components(message), "the summary is no panel"
    assert [a["filename"] for a in message["attachments"]] == [f"round-{before.round}.png"]
    text = message["content"]
    assert f"Round {before.round} of {before.options.rounds}" in text
    places = {player: place for player, outcome, place, _ in after.last_round.rows  # seed step 7, as ranked
              if outcome == "place"}
    for seat in before.seats:
        total = after.seat(seat.player).points
        assert f"<@{seat.player}>" in text and f"total **{total:,}**" in text
        if seat.player in places:
            score = score_hand(seat.hand, before.options)
            assert f"{places[seat.player]}. <@{seat.player}> **{score.title}**, {score.points:,}" in text
    lines = [line for line in text.splitlines() if line[:1].isdigit()]
    assert [int(line.split(".")[0]) for line in lines] == sorted(places.values()), "hands listed by place"


async def test_a_three_round_game_keeps_one_live_panel_at_the_bottom(harness):
    ann, ben, cat = players = [harness.user(n) for n in ("ann", "ben", "cat")]
    users = {p.id: p for p in players}
    lobby = await harness.slash("ginjontan new", user=ann, seed=str(SEED), rounds=3)
    count = await check_channel(harness, await current(harness), 0)
    joined = await harness.click(lobby.message, user=ben, label="Join")
    assert joined.message["id"] == lobby.message["id"], "a join edits the lobby in place"
    count = await check_channel(harness, await current(harness), count)
    reply = await harness.slash("ginjontan join", user=cat)
    assert reply.ephemeral
    await settled(harness)
    assert len(harness.public_messages()) == count == 1, "the lobby is still the only public message"
    assert f"<@{cat.id}>" in message_text(harness.newest_public())
    await harness.click(lobby.message, user=ann, label="Start")
    count = await check_channel(harness, await current(harness), count)
    moves, ui_used, restarted, pictures, summaries = 0, set(), False, 0, 0
    last = await current(harness)
    while (state := await current(harness)) is not None:
        if state.round == 2 and not restarted:  # the panel's id is stored: after a restart the next move finds it
            await harness.restart()
            restarted = True
        last = state
        await play_one(harness, state, users, ui_used)
        after = await current(harness)
        assert after is None or after.moves == state.moves + 1, "the move was refused"
        ended = state if after is None or after.round > state.round else None
        summaries += ended is not None
        count = await check_channel(harness, after or await finished(harness), count, ended=ended)
        pictures += any(a["filename"] == "duel.png" for a in harness.newest_public()["attachments"])
        moves += 1
    assert restarted and last.phase is Phase.EVALUATION and pictures and summaries == 3
    # the same game posted 146 public messages before the panel, 144 with a panel re-posted by every move, 42 with
    # the panel edited in place while it is the newest message (a duel's start and a round's result post their own)
    assert count <= moves + 2 + summaries, (count, moves)
    assert count <= moves // 3, f"{count} public messages for {moves} moves: the panel is re-posted too often"
    print(f"\n3-player, 3-round Gin-jon-tan: {moves} moves, {count} public messages")


async def finished(harness):
    """The state of the game the last move finished (it is no longer the channel's active game)."""
    row = await harness.bot.db.read(lambda conn: conn.execute(
        "SELECT state FROM games WHERE kind = ? AND status = 'finished' ORDER BY id DESC LIMIT 1",
        (GINJONTAN.name,)).fetchone())
    return GINJONTAN.state_from_dict(json.loads(row["state"]))


async def test_status_undo_and_end_keep_one_live_panel(harness):
    ann, ben = harness.user("ann"), harness.user("ben")
    lobby = await harness.slash("ginjontan new", user=ann)
    await harness.slash("ginjontan status", user=ben)
    count = await check_channel(harness, await current(harness), 1)
    assert count == 1, "the lobby shown again replaces the old one"
    await harness.click(harness.newest_public(), user=ben, label="Join")
    assert lobby.record.original_message_id not in harness.fake.messages, "the first lobby is gone"
    await harness.slash("ginjontan start", user=ann)
    count = await check_channel(harness, await current(harness), count)
    [old_lobby, started] = harness.public_messages()
    assert old_lobby["embeds"] and f"<@{ben.id}>" in message_text(old_lobby), "the lobby keeps its list of players"
    await harness.slash("ginjontan status", user=ben)
    count = await check_channel(harness, await current(harness), count)
    started = harness.fake.messages[int(started["id"])]
    assert not started["embeds"] and "Round 1 of" in started["content"], "a move's message keeps its lines only"
    await harness.slash("ginjontan status", user=ann)
    assert await check_channel(harness, await current(harness), count) == count, "a bare panel goes when replaced"
    before = await current(harness)
    await harness.slash("ginjontan swap", user=ann, choice="swap")
    assert await check_channel(harness, await current(harness), count) == count
    undo = await harness.slash("ginjontan undo", user=ann)
    assert "Undid swap" in undo.text
    assert await current(harness) == before
    count = await check_channel(harness, before, count)
    await harness.slash("ginjontan end", user=ann)
    await settled(harness)
    public = harness.public_messages()
    assert len(public) == count + 1 and "over" in public[-1]["content"]
    assert not [m for m in public if components(m)], "no button outlives the game"
    assert public[-2]["embeds"], "the last panel keeps the last state"


@pytest.mark.option_effect("ginjontan new", "thread")
async def test_thread_true_opens_the_lobby_in_a_thread_and_the_game_lives_there(harness):
    ann, ben = harness.user("ann"), harness.user("ben")
    parent = harness.fake.default_channel
    reply = await harness.slash("ginjontan new", user=ann, thread=True)
    [thread] = harness.fake.threads_of(parent)
    assert not reply.ephemeral and f"<#{thread}>" in reply.text
    assert len(harness.public_messages(parent)) == 1, "one short line in the parent"
    assert await current(harness) is None, "no game in the parent channel"
    record = await harness.bot.games.get(thread, GINJONTAN)
    assert record is not None and record.state.phase is Phase.LOBBY
    [lobby] = harness.public_messages(thread)
    assert {c.get("label") for c in components(lobby)} == {"Join", "Leave", "Start"}
    await harness.click(lobby, user=ben, label="Join")
    await harness.slash("ginjontan start", user=ann, channel=thread)
    state = (await harness.bot.games.get(thread, GINJONTAN)).state
    assert state.phase is Phase.SWAP and set(state.players) == {ann.id, ben.id}
    await check_channel(harness, state, 1, thread)
    await harness.slash("ginjontan swap", user=ben, choice="keep", channel=thread)
    state = (await harness.bot.games.get(thread, GINJONTAN)).state
    assert state.tasks(ben.id) == [] and state.tasks(ann.id) == ["swap"]
    await check_channel(harness, state, 2, thread)
    assert len(harness.public_messages(parent)) == 1, "the parent stays quiet"
    inside = await harness.slash("ginjontan new", user=ben, thread=True, channel=thread)
    assert inside.ephemeral and "already a thread" in inside.text
    assert harness.fake.threads_of(parent) == [thread]
    assert (await harness.bot.games.get(thread, GINJONTAN)).state == state, "a refusal changes nothing"


async def test_a_message_below_the_panel_makes_the_next_move_post_it_again(harness):
    ann, ben = players = [harness.user("ann"), harness.user("ben")]
    await start_game(harness, players)
    channel = harness.fake.default_channel
    panel = harness.newest_public()
    count = await check_channel(harness, await current(harness), len(harness.public_messages()))
    await harness.slash("ginjontan swap", user=ann, choice="keep")  # seed step 2
    assert await check_channel(harness, await current(harness), count) == count
    edited = harness.fake.messages[int(panel["id"])]
    assert harness.newest_public() is edited and f"<@{ann.id}> kept their hand" in edited["content"]
    chat = await harness.post("brb, coffee", user=harness.user("onlooker"), channel=channel)
    assert harness.newest_public() is chat
    await harness.slash("ginjontan swap", user=ben, choice="swap")
    count = await check_channel(harness, await current(harness), count + 1)
    newest = harness.newest_public()
    assert newest["id"] not in (panel["id"], chat["id"]), "the panel is posted again below the chat"
    assert f"<@{ben.id}> swapped hand and reserve" in newest["content"]
    old = harness.fake.messages[int(panel["id"])]
    assert f"<@{ann.id}> kept their hand" in old["content"] and not old["embeds"] and not old["components"]
    await harness.slash("ginjontan status", user=ann)  # the panel brought down: it has no lines
    count = await check_channel(harness, await current(harness), count)
    assert int(newest["id"]) in harness.fake.messages and not harness.fake.messages[int(newest["id"])]["embeds"]


async def test_a_panel_someone_deleted_is_posted_again(harness):
    ann, *_ = players = [harness.user("ann"), harness.user("ben")]
    started = await start_game(harness, players)
    count = len(harness.public_messages())
    await harness.delete(started.message)  # a moderator removed it; it was the newest message
    await harness.slash("ginjontan swap", user=ann, choice="keep")
    assert await check_channel(harness, await current(harness), count - 1) == count
    assert f"<@{ann.id}> kept their hand" in harness.newest_public()["content"]


async def test_chat_that_mentions_the_bot_is_only_noted_as_the_newest_message(harness):
    """Players' chat reaches the bot only as "a message was posted here" (issue 19): a message that starts with the
    bot's mention is no command (the bot has slash commands only), answers nothing and logs nothing."""
    ann, _ben = players = [harness.user("ann"), harness.user("ben")]
    await start_game(harness, players)
    before = len(harness.fake.messages)
    chat = await harness.post(f"<@{harness.fake.application_id}> help", user=ann)
    await harness.slash("ginjontan swap", user=ann, choice="keep")
    await settled(harness)
    newest = harness.newest_public()
    assert newest["id"] != chat["id"] and f"<@{ann.id}> kept their hand" in newest["content"]  # posted below it
    assert len(harness.fake.messages) == before + 2  # the chat and the panel: nothing answered the mention
