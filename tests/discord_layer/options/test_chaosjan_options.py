"""The effect of each /chaosjan option, through the real discord.py code and the fake Discord (issue 15)."""

from __future__ import annotations

import pytest

from engine.chaosjan.catalogue import load_shipped
from engine.chaosjan.moves import Choose
from engine.chaosjan.options import ChaosOptions
from engine.chaosjan.rules import apply, new_game
from engine.chaosjan.state import Table
from tests.discord_layer.test_chaosjan import (
    CHOICES,
    KINDS,
    MENU_CHOICES,
    MENU_SEED,
    choose_all,
    press,
    start,
    table,
)
from tests.fake_discord.harness import message_text
from tests.support.table import end_table

# East's Stocks include Futuresight, the one that lasts "until it no longer applies" (1.6c.2)
STOCK_CHOICES = {**CHOICES, 0: (CHOICES[0][0], CHOICES[0][1], ("futuresight", "golden-ticket", "closed-door"),
                                CHOICES[0][3])}
CHOSEN = {"hypers": 3, "negates": 5, "modifier_on": "round", "first_hand_draw": True, "applies_ends_with_hand": False}


def options_of(chosen: dict) -> ChaosOptions:
    return ChaosOptions(chosen.get("hypers", 2), chosen.get("negates", 10), chosen.get("modifier_on", "dealer"),
                        chosen.get("first_hand_draw", False), chosen.get("applies_ends_with_hand", True))


def east_holds_futuresight(seed: int, chosen: dict) -> bool:
    state = new_game(load_shipped(), options_of(chosen), [1, 2, 3, 4], 1, seed)
    points = Table((25000,) * 4)
    for seat, picks in STOCK_CHOICES.items():
        for (_, kind), cards in zip(KINDS, picks, strict=True):
            picked = (cards,) if isinstance(cards, str) else cards
            state, points, _ = apply(state, points, Choose(seat + 1, kind, picked))
    return "futuresight" in [state.cards[c] for c in state.hands[0]]


SEED = next(seed for seed in range(2000) if east_holds_futuresight(seed, CHOSEN) and east_holds_futuresight(seed, {}))


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


async def pass_until_stopped(harness, players):
    users = {u.id: u for u in players}
    state = (await table(harness)).chaosjan
    while state.holder is not None:
        await harness.slash("chaosjan pass", user=users[state.players[state.holder[1]]])
        state = (await table(harness)).chaosjan


@pytest.mark.option_effect("chaosjan new", "hypers", "negates", "modifier_on", "first_hand_draw",
                           "applies_ends_with_hand")
@pytest.mark.option_effect("chaosjan end-effect", "card")
async def test_the_new_games_options_build_the_decks_and_end_the_hand_their_way(harness, players):
    east, south, west, north = players
    for chosen in (CHOSEN, {}):
        options = options_of(chosen)
        await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
        setup = await harness.slash("chaosjan new", user=east, seed=str(SEED), **chosen)
        last = await choose_all(harness, players, setup.message, STOCK_CHOICES)
        await last.followed_up()
        action_deck = 4 * (3 + 3) + 4 * options.hypers_per_player + options.negates  # 5.1d.1, 5.1d.2
        assert (f"Decks built: {action_deck} Action-Deck cards ({4 * options.hypers_per_player} Hypers, "
                f"{options.negates} Negates)") in message_text(last.record.followups[-1])
        state = (await table(harness)).chaosjan
        assert [len(h) for h in state.hands] == [6 if options.first_hand_draw else 5] * 4  # 4.1, 4.2
        modifier = state.modifier

        await harness.slash("chaosjan play", user=east, card="futuresight")
        await pass_until_stopped(harness, players)
        stock = next(s.card for s in (await table(harness)).chaosjan.stocks)
        draw = await harness.slash("table draw", user=east)  # East, the dealer, not tenpai: the deal passes on
        await harness.click(draw.message, user=east, label="Nobody was tenpai")
        state = (await table(harness)).chaosjan
        assert (state.modifier == modifier) == (options.modifier_on == "round")  # 1.4b.1: the round wind is East
        assert ([s.card for s in state.stocks] == [stock]) == (not options.applies_ends_with_hand)  # 1.6c.2
        if state.stocks:
            offered = await harness.autocomplete("chaosjan end-effect", "card", "", user=east)
            assert [c["value"] for c in offered] == [str(stock)]
            await harness.slash("chaosjan end-effect", user=east, card=str(stock))  # 1.6b.1
            state = (await table(harness)).chaosjan
            assert state.stocks == () and stock in state.discard
        await end_table(harness, east)


@pytest.mark.option_effect("chaosjan play", "card", "target", "amount")
async def test_a_card_names_its_target_and_its_amount_in_the_command(harness, players):
    east, south, west, north = players
    await start(harness, players, MENU_SEED, MENU_CHOICES)
    state = (await table(harness)).chaosjan
    for seat, user in enumerate(players):  # the suggestions are your own hand, never another's
        offered = await harness.autocomplete("chaosjan play", "card", "", user=user)
        assert {c["value"] for c in offered} == {state.cards[n] for n in state.hands[seat]}
    marks = {c["value"]: c["name"][0] for c in await harness.autocomplete("chaosjan play", "card", "", user=east)}
    assert marks["shakedown"] == "✅" and marks["sticky-fingers"] == "⛔"  # 3.1f.2: nothing on the table to take
    assert "there are none on it (3.1f.2)" in (await harness.slash("chaosjan hand", user=east)).text
    played = await harness.slash("chaosjan play", user=east, card="shakedown", target=west)
    assert f"naming <@{west.id}>" in played.text
    for user in players:  # sub-priority goes round; Shakedown occurs as priority passes on (2.4)
        await press(harness, user, "Pass")
    assert [s.points for s in (await table(harness)).seats] == [26000, 25000, 24000, 25000]  # 3.2: West paid East
    await harness.slash("table pay", user=west, amount=1000)  # 1,000 on the table (riichi waits for priority, 2.6)
    for user in (south, west, north):
        await press(harness, user, "Pass")
    marks = {c["value"]: c["name"][0] for c in await harness.autocomplete("chaosjan play", "card", "", user=east)}
    assert marks["sticky-fingers"] == "✅"
    await harness.slash("chaosjan play", user=east, card="sticky-fingers", amount=500)
    for user in players:
        await press(harness, user, "Pass")
    state = await table(harness)
    assert state.on_table == 500 and state.seats[0].points == 26500  # 3.1f.4: East took 500 of the 1,000


@pytest.mark.option_effect("chaosjan next", "player")
async def test_the_turn_passes_to_the_player_named(harness, players):
    east, _, west, _ = players
    await start(harness, players)
    await pass_until_stopped(harness, players)  # 2.5, 2.6
    await harness.slash("chaosjan drew", user=east)
    await pass_until_stopped(harness, players)
    reply = await harness.slash("chaosjan next", user=east, player=west)  # a pon: West's turn, not South's
    assert f"<@{west.id}>'s turn" in reply.text
    state = (await table(harness)).chaosjan
    assert state.players[state.active] == west.id
