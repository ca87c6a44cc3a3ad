"""Issue 17, item 2: after every Uno move the newest public message in the game's channel is the whole board, with
the board's buttons; older boards have lost theirs, and a move adds at most one public message."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

import pytest

from engine.uno.cards import CARDS, COLOUR_NAMES
from engine.uno.moves import Accept, Choose, Draw, EndRound, Pass, Play, SayUno
from engine.uno.options import MIN_TIMER
from engine.uno.rules import UNO, legal_moves
from engine.uno.state import UnoState
from render import uno as render
from tests.discord_layer.test_uno import card_of, put_state, scenario, start_game
from tests.fake_discord.harness import components, message_text
from ui.uno import PAUSED, TurnTimers

SEED = 17_2026  # the moves' choices
BOARD_BUTTONS = {"My hand", "Draw", "UNO!", "Accept", "Score the round"}


def board_buttons(message) -> set[str]:
    return {c.get("label") for c in components(message) if c.get("custom_id", "").startswith("ct:uno:b:")}


async def stored(harness, channel: int | None = None):
    return await harness.bot.games.get(channel or harness.fake.default_channel, UNO)


def assert_board_in_view(harness, state: UnoState, channel: int | None = None) -> dict:
    """The newest public message shows `state` as the board, with its buttons; no older message has any."""
    public = harness.public_messages(channel)
    newest = public[-1]
    assert board_buttons(newest) == BOARD_BUTTONS, message_text(newest)
    assert not [m["id"] for m in public[:-1] if board_buttons(m)], "an older board still has its buttons"
    text = message_text(newest)
    assert newest["attachments"], "the board's picture"
    for number, pile in enumerate(state.piles, start=1):
        top = CARDS[pile.top]
        colour = f" ({render.colour_text(pile.colour and pile.colour.value)})" if top.is_wild else ""
        assert f"**{number}**: {render.card_text(top.id)}{colour} · {len(pile.cards)}" in text
    for seat in state.seats:
        count = len(seat.hand)
        assert f"<@{seat.player}>: {count} card{'s' if count != 1 else ''}" in text
    if state.prompt is None and not state.closing:
        way = "clockwise ↻" if state.direction == 1 else "counter-clockwise ↺"
        assert f"Turn: <@{state.turn}> · play goes {way}" in text
    for stack in state.stacks:
        assert f"Stack on pile {state.pile_number(stack.pile)}: +{stack.total} → <@{stack.target}>" in text
    for trade in state.trades:
        assert f"Trade: <@{trade.initiator}> ⇄ <@{trade.target}>" in text
    return newest


def a_move(state: UnoState, rng: random.Random):
    """A move some player may make now, from the engine's legal moves (those a player makes with these tools)."""
    moves = [m for p in state.players for m in legal_moves(state, p)
             if isinstance(m, (Play, Draw, Accept, SayUno, EndRound, Pass, Choose))
             and not (isinstance(m, Play) and m.split is not None) and not (isinstance(m, Draw) and m.count)]
    return rng.choice(moves)


async def make(harness, state: UnoState, move, users, n: int) -> None:
    """As a player would: the hand's menu, the board's buttons and menu, or a slash command."""
    user = users[move.player]
    board = harness.newest_public()
    if isinstance(move, Play):
        plain = move.colour is None and move.target is None and move.onto is None
        if plain and n % 2:
            hand = await harness.click(board, user=user, label="My hand")
            value = f"{move.card}:{move.pile}"
            if any(o["value"] == value for c in components(hand.message) if c["type"] == 3 for o in c["options"]):
                await (await harness.choose(hand.message, [value], user=user)).followed_up()
                return
        options = {"card": CARDS[move.card].notation, "pile": state.pile_number(move.pile)}
        if move.colour is not None:
            options["color"] = COLOUR_NAMES[move.colour].lower()
        if move.target is not None:
            options["target"] = users[move.target]
        reply = await harness.slash("uno play", user=user, **options)
        if reply.ephemeral and "Which pile" in reply.text:  # a 1 asks where its pile goes
            await (await harness.choose(reply.message, [str(move.onto)], user=user)).followed_up()
            return
        assert not reply.ephemeral, reply.text
    elif isinstance(move, Choose):
        value = str(move.target if move.target is not None else move.onto)
        reply = await harness.choose(board, [value], user=user, custom_id=next(
            c["custom_id"] for c in components(board) if c["custom_id"].startswith("ct:uno:prompt")))
        assert not reply.ephemeral, reply.text
    else:
        label = {Draw: "Draw", SayUno: "UNO!", Accept: "Accept", EndRound: "Score the round"}.get(type(move))
        if label is not None and n % 2:
            reply = await harness.click(board, user=user, label=label)
        else:
            command = {Draw: "uno draw", Accept: "uno accept", SayUno: "uno uno", EndRound: "uno score",
                       Pass: "uno pass"}[type(move)]
            reply = await harness.slash(command, user=user)
        assert not reply.ephemeral, reply.text


async def test_forty_moves_keep_the_board_the_newest_message_across_a_restart(harness):
    players = [harness.user(n) for n in ("ann", "ben", "cat", "dan")]
    users = {p.id: p for p in players}
    await start_game(harness, players)
    await harness.bot.uno_board.settle()
    state = (await stored(harness)).state
    assert_board_in_view(harness, state)
    rng = random.Random(SEED)
    kinds = set()
    for n in range(40):
        if n == 20:
            await harness.restart()
        before = len(harness.public_messages())
        version = (await stored(harness)).version
        move = a_move(state, rng)
        kinds.add(type(move))
        await make(harness, state, move, users, n)
        await harness.bot.uno_board.settle()
        record = await stored(harness)
        assert record is not None and record.version == version + 1, f"move {n} ({move}) did not happen"
        assert len(harness.public_messages()) == before + 1, f"move {n} ({move})"
        state = record.state
        assert_board_in_view(harness, state)
    assert {Play, Draw} <= kinds


async def test_a_burst_of_moves_leaves_one_live_board_and_it_is_the_newest_state(harness):
    ann, ben, cat, dan = players = [harness.user(n) for n in ("ann", "ben", "cat", "dan")]
    used: set[int] = set()

    def cards(colour: str, *ranks: str) -> list[int]:
        ids = [card_of(colour, rank, used) for rank in ranks]
        used.update(ids)
        return ids

    await scenario(harness, players, {ann.id: cards("g", "3", "4"), ben.id: cards("b", "3"), cat.id: cards("y", "3"),
                                      dan.id: cards("g", "5")}, top=card_of("r", "9"), turn=ann.id)
    start = await stored(harness)
    await harness.slash("uno status", user=ann)  # an ephemeral answer is not a public message
    before = len(harness.public_messages())
    board = harness.newest_public()
    await asyncio.gather(harness.slash("uno draw", user=ann), harness.click(board, user=ben, label="UNO!"),
                         harness.click(board, user=cat, label="UNO!"), harness.slash("uno uno", user=dan))
    await harness.bot.uno_board.settle()
    record = await stored(harness)
    moves = record.version - start.version
    assert moves == 4 and len(harness.public_messages()) == before + moves
    newest = assert_board_in_view(harness, record.state)
    assert newest["content"].count("UNO!") + newest["content"].count("drew") == 1  # the last move's line only
    assert message_text(newest).count("🗣️UNO") == 3


async def test_a_time_out_posts_one_message_and_it_carries_the_board(harness, monkeypatch):
    monkeypatch.setattr(TurnTimers, "second", 0.02)
    players = [harness.user(n) for n in ("ann", "ben", "cat", "dan")]
    await start_game(harness, players, timer=MIN_TIMER)
    for _ in range(200):  # a full round of time-outs, then the timer pauses
        if harness.bot.uno_timers.paused(harness.fake.default_channel):
            break
        await asyncio.sleep(0.02)
    else:
        raise AssertionError("the timer never paused")
    await harness.bot.uno_board.settle()
    public = harness.public_messages()
    started = next(i for i, m in enumerate(public) if "The game starts with" in m["content"])
    after = public[started + 1:]
    assert len(after) == len(players) and all("Time ran out" in m["content"] for m in after)  # one per time-out
    record = await stored(harness)
    newest = assert_board_in_view(harness, record.state)
    assert "Time ran out" in newest["content"] and PAUSED in message_text(newest)


async def test_a_game_that_ends_leaves_its_final_board_newest_without_buttons(harness):
    # seed 003, Winning: a winner at 1 point loses it when the round is scored, and 0 points wins the game
    ann, ben = players = [harness.user(n) for n in ("ann", "ben")]
    await scenario(harness, players, {ann.id: [card_of("r", "4")], ben.id: [card_of("b", "5"), card_of("g", "5")]},
                   top=card_of("r", "3"), turn=ann.id)
    state = (await stored(harness)).state
    await put_state(harness, replace(state, seats=tuple(replace(s, points=1) for s in state.seats)))
    before = len(harness.public_messages())
    await harness.slash("uno play", user=ann, card="r4")
    await harness.bot.uno_board.settle()
    assert_board_in_view(harness, (await stored(harness)).state)  # out of cards: the round is scored from it
    scored = await harness.click(harness.newest_public(), user=ben, label="Score the round")
    await harness.bot.uno_board.settle()
    assert await stored(harness) is None and "won the game" in scored.text and "Game over" in scored.text
    assert len(harness.public_messages()) == before + 2 and harness.newest_public()["id"] == scored.message["id"]
    assert not any(components(m) for m in harness.public_messages())


@pytest.mark.option_effect("uno new", "thread")
async def test_thread_true_plays_the_game_in_a_new_thread(harness):
    ann, ben = players = [harness.user(n) for n in ("ann", "ben")]
    parent = harness.fake.default_channel
    before = len(harness.public_messages(parent))
    opened = await harness.slash("uno new", user=ann, thread=True, seed="20261123")  # a deal with a plain move
    [thread] = harness.fake.threads_of(parent)
    assert not opened.ephemeral and f"<#{thread}>" in opened.text and "\n" not in opened.text
    assert await stored(harness, parent) is None and (await stored(harness, thread)).state.host == ann.id
    lobby = harness.newest_public(thread)
    await harness.click(lobby, user=ben, label="Join")
    await (await harness.click(lobby, user=ann, label="Start")).followed_up()
    await harness.bot.uno_board.settle()
    state = (await stored(harness, thread)).state
    assert_board_in_view(harness, state, thread)
    turn = next(p for p in players if p.id == state.turn)
    move = next(m for m in legal_moves(state, turn.id) if isinstance(m, Draw)
                or (isinstance(m, Play) and m.colour is None and m.target is None and m.onto is None))
    if isinstance(move, Play):
        reply = await harness.slash("uno play", user=turn, channel=thread, card=CARDS[move.card].notation,
                                    pile=state.pile_number(move.pile))
    else:
        reply = await harness.slash("uno draw", user=turn, channel=thread)
    assert not reply.ephemeral and reply.message["channel_id"] == str(thread), reply.text
    await harness.bot.uno_board.settle()
    after = (await stored(harness, thread)).state
    assert len(after.hand(turn.id)) != len(state.hand(turn.id))  # the move happened, in the thread's game
    assert_board_in_view(harness, after, thread)
    assert [m["id"] for m in harness.public_messages(parent)][before:] == [opened.message["id"]]
    refused = await harness.slash("uno new", user=ben, channel=thread, thread=True)  # no thread in a thread
    assert refused.ephemeral and harness.fake.threads_of(parent) == [thread]
