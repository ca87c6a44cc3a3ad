"""Seed 000 section 3 (payment) as card effects carry it out; the point exchange itself is in
test_table_chaosjan.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.chaosjan import rules
from engine.chaosjan.catalogue import DeckError, parse_catalogue
from engine.chaosjan.moves import Pass, Play
from engine.chaosjan.rules import HandEnd
from tests.engine.chaosjan.notation import (
    ACTIONS,
    CAT,
    CHARACTERS,
    MODIFIERS,
    POINTS,
    SPECIAL,
    STOCKS,
    E,
    S,
    W,
    game,
    of,
    pass_sub,
    play,
    refused,
    run,
)


def resolve(spec: str, move, *, on_table: int = 0, points=POINTS):
    """Play one card and let sub-priority pass: the card's effect occurs (2.4)."""
    s, t = game(spec, on_table=on_table, points=points)
    s, t, played = run(s, t, move)
    s, t, ev = pass_sub(s, t)
    return s, t, played + ev


def test_3_1_3_1c_payment_without_a_recipient_goes_onto_the_table():
    _, t, ev = resolve("E: act-pay | S: - | W: - | N: -", play("E", "act-pay"), on_table=300)
    assert t.points == (24000, 25000, 25000, 25000) and t.on_table == 1300
    assert of(ev, "card_pay")[0]["to"] is None


@pytest.mark.parametrize(("on_table", "taken"), [(500, 0), (1000, 1000), (1500, 1000)])
def test_3_1f_2_a_fixed_take_needs_that_much_on_the_table(on_table, taken):
    _, t, ev = resolve("E: act-take | S: - | W: - | N: -", play("E", "act-take"), on_table=on_table)
    assert t.points[0] == POINTS + taken and t.on_table == on_table - taken
    assert len(of(ev, "card_take_ignored")) == (taken == 0)


@pytest.mark.parametrize(("on_table", "taken"), [(0, 0), (500, 500), (1000, 1000), (3000, 1000)])
def test_3_1f_3_up_to_takes_what_is_there(on_table, taken):
    _, t, _ = resolve("E: act-upto | S: - | W: - | N: -", play("E", "act-upto"), on_table=on_table)
    assert t.points[0] == POINTS + taken and t.on_table == on_table - taken


@pytest.mark.parametrize("amount", [100, 700, 2000])
def test_3_1f_4_any_number_takes_the_amount_chosen_when_played(amount):
    _, t, ev = resolve("E: act-any | S: - | W: - | N: -", play("E", "act-any", amount=amount), on_table=2000)
    assert of(ev, "played")[0]["amount"] == amount
    assert t.points[0] == POINTS + amount and t.on_table == 2000 - amount


@pytest.mark.parametrize("amount", [None, 0, -100, 150, 2050, 2100, 5000])
def test_3_1f_4_3_1f_5_any_number_refused_unless_sticks_and_on_the_table(amount):
    s, t = game("E: act-any | S: - | W: - | N: -", on_table=2000)
    refused(s, t, play("E", "act-any", amount=amount), "bad_amount")


def test_3_1f_4_any_number_is_ignored_if_the_table_emptied_before_it_occurs():
    s, t = game("E: act-any | S: - | W: - | N: -", on_table=2000)
    s, t, _ = run(s, t, play("E", "act-any", amount=1500))
    s, t, ev = pass_sub(s, replace(t, on_table=1000))
    assert t.on_table == 1000 and t.points[0] == POINTS and of(ev, "card_take_ignored")


def test_3_1f_5_card_amounts_must_be_sticks():
    bad = [dict(c, effects=[{"kind": "pay", "amount": 150}]) if c["id"] == "act-pay" else c for c in ACTIONS]
    with pytest.raises(DeckError, match="multiple of 100"):
        parse_catalogue({"schema": 1, "name": "Bad", "description": "",
                         "cards": [*CHARACTERS, *bad, *STOCKS, *MODIFIERS, *SPECIAL]})


@pytest.mark.parametrize(("card", "target"), [("act-pay", None), ("act-give", "S")])
def test_3_1g_a_payment_the_player_cannot_afford_is_refused_when_played(card, target):
    s, t = game(f"E: {card} | S: - | W: - | N: -", points=(900, POINTS, POINTS, POINTS))
    refused(s, t, play("E", card, target), "cannot_pay")
    assert rules.legal_moves(s, t, E) == [Pass(E)]


@pytest.mark.parametrize(("card", "target", "payer"), [("act-pay", None, 0), ("act-give", "S", 0),
                                                         ("act-collect", "S", 1)])
def test_3_1g_a_payment_no_longer_affordable_when_it_occurs_is_ignored(card, target, payer):
    s, t = game(f"E: {card} | S: - | W: - | N: -")
    s, t, _ = run(s, t, play("E", card, target))
    poor = tuple(500 if i == payer else p for i, p in enumerate(t.points))
    s, t, ev = pass_sub(s, replace(t, points=poor))
    assert t.points == poor and t.on_table == 0 and of(ev, "card_pay_ignored")[0]["amount"] == 1000


def test_3_2_pay_to_a_chosen_player():
    _, t, ev = resolve("E: act-give | S: - | W: - | N: -", play("E", "act-give", "W"))
    assert t.points == (24000, 25000, 26000, 25000) and t.on_table == 0
    assert of(ev, "card_pay")[0] == {"type": "card_pay", "from": E, "to": W, "amount": 1000, "card": "act-give"}


def test_3_2_collect_from_a_chosen_player():
    _, t, _ = resolve("E: act-collect | S: - | W: - | N: -", play("E", "act-collect", "S"))
    assert t.points == (26000, 24000, 25000, 25000)


@pytest.mark.parametrize("target", [None, "E"])
def test_3_2_a_card_that_names_a_player_needs_another_player(target):
    s, t = game("E: act-collect | S: - | W: - | N: -")
    refused(s, t, play("E", "act-collect", target), "needs_target")


def test_3_2_legal_moves_offer_each_other_player_as_target():
    s, t = game("E: act-collect | S: - | W: - | N: -")
    assert sorted(m.target for m in rules.legal_moves(s, t, E) if isinstance(m, Play)) == [2, 3, 4]


def test_3_2c_2_double_exchange_waits_for_the_next_ron_or_tsumo():
    s, t, ev = resolve("E: act-double | S: - | W: - | N: -", play("E", "act-double"))
    assert s.doubles == 1 and of(ev, "doubled")[0]["doubles"] == 1
    assert rules.end_hand(s, t, HandEnd())[0].doubles == 1  # a draw leaves it waiting
    assert rules.end_hand(s, t, HandEnd(winners=(S,), loser=W, payers=(W,), exchange=True))[0].doubles == 0


def test_3_1b_3_2b_card_payments_conserve_points():
    s, t = game("E: act-pay act-give | S: - | W: - | N: -", on_table=500)
    before = sum(t.points) + t.on_table
    s, t, _ = run(s, t, play("E", "act-pay"))
    s, t, _ = pass_sub(s, t)
    assert sum(t.points) + t.on_table == before and CAT.card("act-pay").effects[0].to == "table"
