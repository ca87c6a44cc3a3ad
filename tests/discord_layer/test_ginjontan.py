"""/ginjontan through the real discord.py code and the fake Discord, the way players use it."""

from __future__ import annotations

import asyncio

import pytest

from engine.ginjontan.cards import card
from engine.ginjontan.rules import GINJONTAN
from engine.ginjontan.state import Phase
from render.ginjontan import card_words
from tests.fake_discord.harness import components, message_text

SEED = 20261123


async def settled(harness) -> None:
    """Wait until the bot has finished handling every interaction (its last edits come after the answer)."""
    in_flight = set(harness.bot._in_flight)
    if in_flight:
        await asyncio.wait(in_flight, timeout=5)


async def current(harness):
    record = await harness.bot.games.get(harness.fake.default_channel, GINJONTAN)
    return None if record is None else record.state


async def start_game(harness, players, **options):
    lobby = await harness.slash("ginjontan new", user=players[0], seed=str(SEED), **options)
    assert not lobby.ephemeral and "Press Join" in lobby.text
    for player in players[1:]:
        joined = await harness.click(lobby.message, user=player, label="Join")
        assert joined.message["id"] == lobby.message["id"] and f"<@{player.id}>" in joined.text  # edited in place
    started = await harness.click(lobby.message, user=players[0], label="Start")
    assert "Round 1 of" in started.text and not started.ephemeral
    return started


def notation(cards):
    return " ".join(card(c).notation for c in cards)


async def play_one(harness, state, users, ui_used):
    """The first task the game waits for, done the way a player would: the first time a kind of task comes up
    through the private hand's buttons and menus, later through slash commands."""
    player, task = state.waiting[0]
    user = users[player]
    seat = state.seat(player)
    if task not in ui_used:
        ui_used.add(task)
        hand = await harness.slash("ginjontan hand", user=user)
        assert hand.ephemeral and hand.message["attachments"], "the hand comes privately, with its picture"
        if task == "swap":
            return await harness.click(hand.message, user=user, label="Keep my hand")
        if task == "aside":
            return await harness.choose(hand.message, [str(c) for c in seat.hand[:3]], user=user)
        if task == "act":
            option = next(c for c in components(hand.message) if c["type"] == 3)["options"][0]["value"]
            return await harness.choose(hand.message, [option], user=user)
        if task in ("exchange3", "exchange9"):
            assert "Best one-card exchange" in hand.text, "the hand suggests the best swap"
            given = await harness.choose(hand.message, [str(seat.hand[0])], user=user)
            assert "You give 1 card" in given.text, "the cards given are said back"
            return await harness.choose(given.message, [str(seat.reserve[0])], user=user)
        if task in ("trim", "surplus"):
            return await harness.click(hand.message, user=user, label=next(
                c["label"] for c in components(hand.message) if c.get("label", "").startswith("Return my")))
        if task == "turn":
            return await harness.click(hand.message, user=user, label="Gin jon tan!")
        if task == "reveal":
            return await harness.click(hand.message, user=user, label="Show my hand")
    if task == "swap":
        return await harness.slash("ginjontan swap", user=user, choice="keep")
    if task == "aside":
        return await harness.slash("ginjontan aside", user=user, cards=notation(seat.hand[-3:]))
    if task == "act":
        d = state.duel
        other = state.seat(d.opponent if player == d.active else d.active)
        return await harness.slash("ginjontan act", user=user, card=card(seat.unfolded[0]).notation,
                                   target=card(other.unfolded[-1]).notation)
    if task in ("exchange3", "exchange9"):
        return await harness.slash("ginjontan exchange", user=user)
    if task in ("trim", "surplus"):
        cap = 33 if task == "trim" else 9
        return await harness.slash("ginjontan return", user=user, cards=notation(seat.reserve[cap:]))
    if task == "turn":
        return await harness.slash("ginjontan call", user=user)
    if task == "reveal":
        return await harness.slash("ginjontan reveal", user=user)
    raise AssertionError(task)


async def test_a_whole_three_player_game_of_three_rounds_with_a_restart(harness):
    players = [harness.user(n) for n in ("ann", "ben", "cat")]
    users = {p.id: p for p in players}
    await start_game(harness, players, rounds=3)
    ui_used: set[str] = set()
    restarted = False
    moves = 0
    while (state := await current(harness)) is not None:
        if state.round == 2 and not restarted:  # a restart in the middle: nothing is lost
            before = state
            await harness.restart()
            assert await current(harness) == before
            restarted = True
        reply = await play_one(harness, state, users, ui_used)
        assert not reply.data.get("embeds") or "went wrong" not in str(reply.data), reply.data
        after = await current(harness)
        assert after is None or after.moves == state.moves + 1, f"the move was refused: {message_text(reply.message)}"
        moves += 1
        assert moves < 600
    assert restarted and {"swap", "aside", "act", "exchange3", "exchange9", "turn", "reveal"} <= ui_used
    over = [m for m in harness.channel_messages() if "Game over" in message_text(m)]
    assert len(over) == 1 and "final standings" in message_text(over[0])
    table = await harness.slash("ginjontan standings", user=players[0])
    text = table.text
    assert "6** rating points" in text and "3** rating points" in text and "1** rating points" in text
    again = await harness.slash("ginjontan new", user=players[1])  # the channel is free again
    assert "Press Join" in again.text


async def test_hands_are_private_and_public_messages_name_no_hidden_card(harness):
    players = [harness.user(n) for n in ("ann", "ben", "cat")]
    await start_game(harness, players)
    state = await current(harness)
    for player in players:
        reply = await harness.slash("ginjontan hand", user=player)
        assert reply.ephemeral
        seat = state.seat(player.id)
        assert all(card_words(c) in reply.text for c in seat.hand + seat.reserve)
        assert reply.message["attachments"][0]["filename"] == "hand.png"
    status = await harness.slash("ginjontan status", user=players[0])
    assert not status.ephemeral and "Step 2" in status.text
    public = "\n".join(message_text(m) for m in harness.channel_messages() if not (m.get("flags") or 0) & 64)
    hidden = [c for s in state.seats for c in s.hand + s.reserve]
    assert not [c for c in hidden if f"`{card(c).notation}`" in public or card_words(c) in public]


@pytest.mark.option_effect("ginjontan score", "cards")
async def test_the_calculator_scores_cards_without_a_game_and_points_at_mistakes(harness):
    ann = harness.user("ann")
    reply = await harness.slash("ginjontan score", user=ann, cards="w1sun w2sun")
    assert reply.ephemeral and "Pair: 54 points" in reply.text and "x2 (pair)" in reply.text  # private (rulings)
    assert reply.message["attachments"][0]["filename"] == "cards.png"
    reply = await harness.slash("ginjontan score", user=ann, cards="r3sun r4fire r5moon")
    assert "Order 3: 277,020 points" in reply.text and "x135 (value of the highest card)" in reply.text
    reply = await harness.slash("ginjontan score", user=ann, cards="r1sun o1sun y1sun g1sun b1sun v1sun w1bonus")
    assert "Full colours" in reply.text and "Bonus" in reply.text
    bad = await harness.slash("ginjontan score", user=ann, cards="r12sun x3fire")
    assert bad.ephemeral and "`x` is not a colour" in bad.text and "       ^" in bad.text
    choices = await harness.autocomplete("ginjontan score", "cards", "w1sun r12su", user=ann)
    assert {c["value"] for c in choices} == {"w1sun r12sun", "w1sun r12supernova"}
    assert await current(harness) is None


@pytest.mark.option_effect("ginjontan swap", "choice")
async def test_outsiders_wrong_steps_and_managers(harness):
    players = [harness.user(n) for n in ("ann", "ben")]
    outsider = harness.user("zed")
    await start_game(harness, players)
    reply = await harness.slash("ginjontan swap", user=outsider, choice="keep")
    assert reply.ephemeral and "not seated" in reply.text
    reply = await harness.slash("ginjontan call", user=players[0])
    assert reply.ephemeral and "decide whether to swap" in reply.text
    state = await current(harness)
    reply = await harness.slash("ginjontan aside", user=players[0], cards="r1sun r2sun r3sun")
    assert reply.ephemeral
    assert await current(harness) == state, "refusals change nothing"
    reply = await harness.slash("ginjontan undo", user=players[1])
    assert reply.ephemeral and "Only the host" in reply.text
    await harness.slash("ginjontan swap", user=players[0], choice="swap")
    swapped = await current(harness)
    assert swapped.seat(players[0].id).hand == state.seat(players[0].id).reserve
    undo = await harness.slash("ginjontan undo", user=players[0])
    await settled(harness)
    assert "Undid swap" in undo.text and "Undid swap" in message_text(harness.newest_public())
    assert (await current(harness)).seat(players[0].id).hand == state.seat(players[0].id).hand
    end = await harness.slash("ginjontan end", user=players[0])
    assert "over" in end.text and await current(harness) is None


async def test_a_duel_from_the_hand_menus_and_the_autocomplete_of_your_cards(harness):
    players = [harness.user(n) for n in ("ann", "ben")]
    users = {p.id: p for p in players}
    await start_game(harness, players, duels="once")
    for p in players:
        await harness.slash("ginjontan swap", user=p, choice="keep")
    state = await current(harness)
    hand = state.seat(players[0].id).hand
    choices = await harness.autocomplete("ginjontan aside", "cards", "", user=players[0])
    assert {c["value"] for c in choices} == {card(c).notation for c in hand}
    for p in players:
        await harness.slash("ginjontan aside", user=p, cards=notation(state.seat(p.id).hand[:3]))
    state = await current(harness)
    assert state.phase is Phase.DUEL
    first, _ = state.waiting[0]
    hand = await harness.slash("ginjontan hand", user=users[first])
    assert "Your options" in hand.text and ("you win" in hand.text or "you lose" in hand.text
                                             or "standoff" in hand.text)
    option = next(c for c in components(hand.message) if c["type"] == 3)["options"][0]["value"]
    await harness.choose(hand.message, [option], user=users[first])
    await settled(harness)
    public = message_text(harness.newest_public())  # the panel, edited in place or posted again
    acting, target = (int(x) for x in option.split(":"))
    assert f"{card_words(acting)} on {card_words(target)}" in public  # issue 18 item 5: one readable way
    after = await current(harness)
    assert len(after.duel.clashes) == 1
    assert not [c for c in components(hand.message) if c["type"] == 3], "the redrawn hand has no act menu now"
    stale = await harness.slash("ginjontan act", user=users[first], card=card(acting).notation,
                                target=card(target).notation)
    assert stale.ephemeral, "the same clash a second time is refused"
    assert await current(harness) == after


async def test_ask_and_give_in_the_combination_round(harness):
    players = [harness.user(n) for n in ("ann", "ben")]
    users = {p.id: p for p in players}
    await start_game(harness, players, duels="once")
    ui_used = {"swap", "aside", "act", "exchange3", "exchange9", "trim", "surplus", "turn", "reveal"}
    while (state := await current(harness)).phase is not Phase.COMBINATION:
        await play_one(harness, state, users, ui_used)
    asker, _ = state.waiting[0]
    target = next(p for p in state.players if p != asker)
    hand = await harness.slash("ginjontan hand", user=users[asker])
    ask = await harness.choose(hand.message, [f"{target}:reserve"], user=users[asker],
                               custom_id="ct:gjt:ask")
    assert ask.ephemeral and "Which 1-3 of your hand cards" in ask.text
    give = state.seat(asker).hand[:2]
    asked = await harness.choose(ask.message, [str(c) for c in give], user=users[asker])
    assert "Asked" in asked.text
    await settled(harness)
    assert f"asks <@{target}>" in message_text(harness.newest_public())
    state = await current(harness)
    assert state.waiting == ((target, "give"),)
    their = await harness.slash("ginjontan hand", user=users[target])
    picked = state.seat(target).reserve[:2]
    await harness.choose(their.message, [str(c) for c in picked], user=users[target])
    await settled(harness)
    after = await current(harness)
    assert set(picked) <= set(after.seat(asker).hand) and set(give) <= set(after.seat(target).reserve)


async def test_notation_errors_in_moves_point_at_the_card(harness):
    players = [harness.user(n) for n in ("ann", "ben")]
    await start_game(harness, players)
    before = await current(harness)
    reply = await harness.slash("ginjontan aside", user=players[0], cards="r1sun r2sux")
    assert reply.ephemeral and "`sux` is not a symbol" in reply.text
    assert await current(harness) == before, "a bad card changes nothing"


@pytest.mark.option_effect("ginjontan new", "deck", "prize")
async def test_comment_2_the_prize_with_personal_decks(harness):
    players = [harness.user(n) for n in ("ann", "ben")]
    users = {p.id: p for p in players}
    await start_game(harness, players, deck="personal", prize=True, duels="once")
    state = await current(harness)
    assert all(len(s.own) == 33 for s in state.seats), "33 cards drafted for each player (collections empty)"
    ui_used = {"swap", "aside", "act", "exchange3", "exchange9", "trim", "surplus", "turn", "reveal"}
    last = state
    while (state := await current(harness)) is not None:
        last = state
        await play_one(harness, state, users, ui_used)
    final = last  # the state before the last move; the stored game is finished now
    assert final.phase.value == "evaluation"
    owned = {}
    for p in players:
        reply = await harness.slash("ginjontan collection", user=p)
        assert reply.ephemeral
        owned[p.id] = reply.text
    winners = [p for p in players if "— 3 cards" in owned[p.id]]
    losers = [p for p in players if "— 0 cards" in owned[p.id]]
    assert len(winners) == 1 and len(losers) == 1, owned


async def test_prize_needs_personal_decks(harness):
    ann = harness.user("ann")
    reply = await harness.slash("ginjontan new", user=ann, prize=True)
    assert reply.ephemeral and "personal" in reply.text
    assert await current(harness) is None
