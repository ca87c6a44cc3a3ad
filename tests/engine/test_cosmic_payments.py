"""Cosmic Deck cards that move points (issue 17 item 9; seed 001, Events; seed 000 rules 3.1, 3.1g, 3.2): the
shipped Cosmic Tribute and Yakitori Roast, paid as one table move once revealed. Amounts are read from the card
texts here, never from the card's actions."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest

from engine.deck import DeckError, load_shipped, parse_deck
from engine.errors import IllegalMove
from engine.table import (
    CardPayment,
    CosmicStart,
    Draw,
    HandValue,
    Roll,
    Ron,
    SetPoints,
    TableState,
    Win,
    apply,
    new_game,
)

A, B, C, D = 1, 2, 3, 4
SHIPPED = load_shipped("cosmic")
TRIBUTE, ROAST = SHIPPED.card("cosmic-tribute"), SHIPPED.card("yakitori-roast")


def text_amount(card, sanma: bool, pattern: str) -> int:
    found = re.search(pattern, card.text_for(sanma))
    assert found, card.text_for(sanma)
    return int(found.group(1))


def tribute(sanma: bool) -> int:
    return text_amount(TRIBUTE, sanma, r"Each other player pays you (\d+) points")


def roast(sanma: bool) -> int:
    return text_amount(ROAST, sanma, r"still yakitori .* puts (\d+) points on the table")


def table(players=(A, B, C, D), deck=SHIPPED) -> TableState:
    return apply(new_game(A, list(players)), CosmicStart(deck, seed=11))[0]


def reveal(state: TableState, player: int, card: str) -> tuple[TableState, int]:
    """`player` rolls an odd die and reveals `card`; returns the state and the reveal's number."""
    deck = state.cosmic
    k = deck.dice_rolled
    while random.Random(f"{deck.seed}:die:{k}").randint(1, 6) % 2 == 0:
        k += 1
    library = (card, *(c for c in deck.library if c != card))
    state = replace(state, cosmic=replace(deck, library=library, dice_rolled=k))
    state, _ = apply(state, Roll(player))
    owed, = state.cosmic.owed
    assert owed.card == card and owed.revealer == player
    return state, owed.reveal


def points(state: TableState) -> list[int]:
    return [s.points for s in state.seats]


@pytest.mark.parametrize("players", [(A, B, C), (A, B, C, D)], ids=["sanma", "yonma"])
def test_cosmic_tribute_each_other_player_pays_the_revealer(players):
    # seed 001: "you" is the revealer; seed 000 3.2: a payment with a recipient goes to that player.
    state, number = reveal(table(players), B, "cosmic-tribute")
    before = points(state)
    after, events = apply(state, CardPayment(number))
    amount = tribute(sanma=len(players) == 3)
    expected = [p + (amount * (len(players) - 1) if s == B else -amount) for s, p in zip(players, before, strict=True)]
    assert points(after) == expected and after.on_table == state.on_table
    assert after.cosmic.owed == ()
    payments = events[0]["payments"]
    assert {(p["from"], p["to"], p["amount"]) for p in payments} == {(s, B, amount) for s in players if s != B}


@pytest.mark.parametrize("players", [(A, B, C), (A, B, C, D)], ids=["sanma", "yonma"])
def test_yakitori_roast_only_players_still_yakitori_pay_onto_the_table(players):
    # seed 001 glossary: a player stops being yakitori by winning a hand; seed 000 3.1: no recipient, onto the table.
    state = table(players)
    state, _ = apply(state, Ron(C, (Win(A, HandValue(han=1, fu=30)),)))  # A is no longer yakitori
    state, number = reveal(state, C, "yakitori-roast")
    before, on_table = points(state), state.on_table
    after, _ = apply(state, CardPayment(number))
    amount = roast(sanma=len(players) == 3)
    assert points(after) == [p - (0 if s == A else amount) for s, p in zip(players, before, strict=True)]
    assert after.on_table == on_table + amount * (len(players) - 1)


def test_the_payment_is_made_once_and_a_second_press_is_refused():
    state, number = reveal(table(), B, "cosmic-tribute")
    paid, _ = apply(state, CardPayment(number))
    with pytest.raises(IllegalMove, match="already"):
        apply(paid, CardPayment(number))


@pytest.mark.parametrize("number", [0, 2, 10**12])
def test_a_reveal_that_owes_nothing_is_refused(number):
    state, owed = reveal(table(), B, "cosmic-tribute")
    if number == owed:
        number += 1
    with pytest.raises(IllegalMove):
        apply(state, CardPayment(number))


def test_an_unpaid_card_lapses_when_the_hand_ends():
    # docs/rulings.md, Cosmic Deck: the instant Event happened in its hand.
    state, number = reveal(table(), B, "cosmic-tribute")
    state, _ = apply(state, Draw(()))
    assert state.cosmic.owed == ()
    with pytest.raises(IllegalMove, match="hand"):
        apply(state, CardPayment(number))


def test_a_player_who_cannot_pay_pays_nothing_and_it_is_said():
    # seed 000 3.1g: players cannot pay more points than they have; a card's payment is not a point exchange.
    state, number = reveal(table(), B, "cosmic-tribute")
    short = tribute(sanma=False) - 100
    state, _ = apply(state, SetPoints(D, short))
    before = points(state)
    after, events = apply(state, CardPayment(number))
    amount = tribute(sanma=False)
    assert points(after) == [before[0] - amount, before[1] + 2 * amount, before[2] - amount, short]
    assert events[0]["skipped"] == [{"player": D, "amount": amount}]


def test_owed_payments_survive_a_round_trip():
    state, number = reveal(table(), B, "cosmic-tribute")
    again = TableState.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again == state and again.cosmic.owed[0].reveal == number


def test_the_table_plays_yakitori_only_with_a_deck_that_uses_it():
    plain = parse_deck({"schema": 1, "name": "Plain", "description": "", "cards": [
        {"id": "x", "name": "X", "type": "event", "text": "Clap.", "lasts": "instant"}]})
    assert not new_game(A, [A, B, C, D]).plays_yakitori
    assert not table(deck=plain).plays_yakitori
    assert table().plays_yakitori


@pytest.mark.parametrize("action, complaint", [
    ({"kind": "each_other_pays_you", "amount": 150}, "multiple of 100"),
    ({"kind": "each_other_pays_you", "amount": 1000, "sanma_amount": 0}, "sanma_amount"),
    ({"kind": "yakitori_pay_table"}, "amount"),
    ({"kind": "each_other_pays_you", "amount": 1000, "up_to": True}, "up_to"),
])
def test_bad_payment_actions_are_refused(action, complaint):
    raw = {"schema": 1, "name": "D", "description": "", "cards": [
        {"id": "x", "name": "X", "type": "event", "text": "Pay.", "lasts": "instant", "actions": [action]}]}
    with pytest.raises(DeckError, match=complaint):
        parse_deck(raw)
