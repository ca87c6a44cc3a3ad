"""The effect of each /uno option, through the real discord.py code and the fake Discord (issue 15)."""

from __future__ import annotations

import asyncio
import typing

import pytest

from cogs.uno import Topic
from engine.uno.cards import CARDS, Colour
from engine.uno.options import PRESETS
from engine.uno.rules import UNO, card_count
from engine.uno.state import Pile, Seat, Stack, Wild4
from render.uno import RULES, rules_text
from tests.discord_layer.test_uno import _fields, card_of, current, put_state
from tests.fake_discord.harness import components


@pytest.fixture
def players(harness):
    return [harness.user(n) for n in ("ann", "ben", "cat")]


async def deal(harness, players, **options):
    """Open a lobby with these options, seat everyone, start; the dealt state."""
    lobby = await harness.slash("uno new", user=players[0], **options)
    for player in players[1:]:
        await harness.click(lobby.message, user=player, label="Join")
    started = await harness.click(lobby.message, user=players[0], label="Start")
    await started.followed_up()
    return await current(harness)


async def end(harness, host):
    """End the game and wait for the board's last edit (its buttons go)."""
    await harness.slash("uno end", user=host)
    for _ in range(250):
        if not any(c.get("custom_id", "").startswith("ct:uno:b:")
                   for m in harness.channel_messages() for c in components(m)):
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the board kept its buttons after the game ended")


@pytest.mark.option_effect("uno new", "preset", "seed")
async def test_the_preset_sets_the_rules_and_the_seed_fixes_the_deal(harness, players):
    dealt = {}
    for preset, seed in (("classic", 7), ("chaos", 7), ("chaos", 8)):
        state = await deal(harness, players, preset=preset, seed=str(seed))
        assert state.options == PRESETS[preset] and state.seed == seed
        dealt[preset, seed] = [s.hand for s in state.seats]
        await end(harness, players[0])
    assert dealt["classic", 7] == dealt["chaos", 7]  # the same seed deals the same hands
    assert dealt["chaos", 7] != dealt["chaos", 8]


async def lay_out(harness, players, hands, piles, turn, **changes):
    """Start a chaos game, then lay out the hands and the piles exactly (every other card is the draw pile)."""
    state = await deal(harness, players, seed="1")
    used = {c for h in hands.values() for c in h} | {c for p in piles for c in p.cards}
    seats = tuple(Seat(s.player, tuple(hands[s.player]), s.points, name=s.name) for s in state.seats)
    fields = {**_fields(state), "seats": seats, "draw_pile": tuple(c for c in range(len(CARDS)) if c not in used),
              "piles": tuple(piles), "turn": turn, "stacks": (), "trades": (), "shift": None, "prompt": None,
              "drawn": None, "next_id": 100, **changes}
    laid = state.__class__(**fields)
    assert card_count(laid) == len(CARDS)
    await put_state(harness, laid)


@pytest.mark.option_effect("uno play", "card", "pile", "color", "target")
async def test_the_pile_the_wilds_colour_and_the_sevens_partner_are_given_with_the_card(harness, players):
    ann, ben, cat = players
    r3, r4 = card_of("r", "3"), card_of("r", "4")
    hands = {ann.id: [card_of("r", "5"), card_of("g", "3")], ben.id: [card_of(None, "wild"), card_of("y", "3")],
             cat.id: [card_of("b", "7"), card_of("y", "4"), card_of("y", "5")]}
    await lay_out(harness, players, hands, piles=[Pile(1, (r3,), Colour.RED), Pile(2, (r4,), Colour.RED)],
                  turn=ann.id)
    for player in players:  # the suggestions are your own hand, never another's
        offered = await harness.autocomplete("uno play", "card", "", user=player)
        assert {c["value"] for c in offered} == {CARDS[c].notation for c in hands[player.id]}
    asked = await harness.slash("uno play", user=ann, card="r5")  # it fits both piles
    assert asked.ephemeral and "Which pile" in asked.text
    await harness.slash("uno play", user=ann, card="r5", pile=2)
    state = await current(harness)
    assert [p.cards for p in state.piles] == [(r3,), (r4, card_of("r", "5"))]

    played = await harness.slash("uno play", user=ben, card="w", pile=1, color="blue")
    assert not played.ephemeral and "(colour: 🟦B Blue)" in played.text
    assert "Which colour" not in played.text
    state = await current(harness)
    assert state.piles[0].top == card_of(None, "wild") and state.piles[0].colour is Colour.BLUE

    traded = await harness.slash("uno play", user=cat, card="b7", pile=1, target=ann)
    assert not traded.ephemeral and f"<@{ann.id}>" in traded.text
    state = await current(harness)
    assert [(t.initiator, t.target) for t in state.trades] == [(cat.id, ann.id)]


@pytest.mark.option_effect("uno draw", "count")
async def test_a_partial_draw_takes_only_count_cards_of_the_stack(harness, players):
    ann, ben, cat = players
    top = card_of("r", "+2")
    await lay_out(harness, players, {ann.id: [card_of("g", "3")], ben.id: [card_of("b", "4"), card_of("b", "5")],
                                     cat.id: [card_of("y", "4")]},
                  piles=[Pile(1, (top,), Colour.RED, top_by=ann.id)], turn=ben.id,
                  stacks=(Stack(50, 1, 4, ben.id),))
    await (await harness.slash("uno draw", user=ben, count=1)).followed_up()  # "You drew ..." comes privately
    state = await current(harness)
    assert len(state.hand(ben.id)) == 3 and [(s.total, s.target) for s in state.stacks] == [(3, ben.id)]
    await (await harness.slash("uno draw", user=ben)).followed_up()  # the rest
    state = await current(harness)
    assert len(state.hand(ben.id)) == 6 and state.stacks == ()


@pytest.mark.option_effect("uno challenge", "pile")
async def test_the_challenged_wild_four_is_the_one_on_the_named_pile(harness, players):
    ann, ben, cat = players
    first = card_of(None, "+4")
    second = card_of(None, "+4", skip=(first,))
    await lay_out(harness, players, {ann.id: [card_of("r", "5")], ben.id: [card_of("b", "4")],
                                     cat.id: [card_of("y", "4")]},
                  piles=[Pile(1, (first,), Colour.RED, top_by=ann.id, wild4=Wild4(ann.id, True, False, 50)),
                         Pile(2, (second,), Colour.BLUE, top_by=cat.id, wild4=Wild4(cat.id, False, False, 51))],
                  turn=ben.id, stacks=(Stack(50, 1, 4, ben.id), Stack(51, 2, 4, ben.id)))
    asked = await harness.slash("uno challenge", user=ben)
    assert asked.ephemeral and "Which Wild +4" in asked.text
    await harness.slash("uno challenge", user=ben, pile=1)  # ann could have played another card: ann takes it
    state = await current(harness)
    assert [(s.id, s.target) for s in state.stacks] == [(50, ann.id), (51, ben.id)]
    assert state.piles[0].wild4 is None and state.piles[1].wild4 is not None


@pytest.mark.option_effect("uno rules", "topic")
async def test_each_topic_shows_its_own_rules(harness, players):
    for topic in typing.get_args(Topic):
        reply = await harness.slash("uno rules", user=players[0], topic=topic)
        title, text = RULES[topic][0](), rules_text(topic)
        assert reply.ephemeral and reply.embeds[0]["title"].endswith(title) and text in reply.text
        assert not [rules_text(other) for other in RULES if other != topic and rules_text(other) in reply.text]
    everything = await harness.slash("uno rules", user=players[0])
    assert all(title() in everything.text for title, _ in RULES.values())


@pytest.mark.option_effect("uno timer", "seconds")
async def test_the_host_sets_the_turn_timer(harness, players):
    await deal(harness, players)
    for seconds in (45, 0):
        await harness.slash("uno timer", user=players[0], seconds=seconds)
        assert (await harness.bot.games.get(harness.fake.default_channel, UNO)).state.timer == seconds
