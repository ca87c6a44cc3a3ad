"""The loose points of seed 000 the bot rules on (issue 15, item 6c), each as docs/rulings.md says."""

from __future__ import annotations

import pytest

from engine.chaosjan import rules
from engine.chaosjan.moves import Drew, Next, Play
from engine.chaosjan.state import Window
from tests.engine.chaosjan.notation import (
    E,
    S,
    W,
    game,
    hand,
    in_play,
    pass_all,
    pass_sub,
    play,
    refused,
    run,
    seat,
    started,
)

EMPTY4 = "E: - | S: - | W: - | N: -"


# -- 3.1f.4: "any number" on an empty table ---------------------------------------------------------------------


@pytest.mark.parametrize("amount", [0, 100, None])
def test_3_1f_4_3_1f_5_any_number_take_is_unplayable_on_an_empty_table(amount):
    s, t = game("E: act-any | S: - | W: - | N: -", on_table=0)
    assert not any(isinstance(m, Play) for m in rules.legal_moves(s, t, E))
    refused(s, t, play("E", "act-any", amount=amount), "bad_amount")
    why = rules.card_error(s, t, seat("E"), s.catalogue.card("act-any"))  # what the hand and the menus say
    assert why.code == "bad_amount" and "(3.1f.2)" in why.message


def test_3_1f_4_any_number_take_offered_once_the_table_holds_a_stick():
    s, t = game("E: act-any | S: - | W: - | N: -", on_table=100)
    assert [m for m in rules.legal_moves(s, t, E) if isinstance(m, Play)] == [play("E", "act-any", amount=100)]


# -- 1.3b against 1.3d.1: a Hyper "at any time" that is also a Stock effect ----------------------------------------


@pytest.mark.parametrize(("active", "drawn"), [("E", False), ("E", True), ("N", True)])
def test_1_3d_1_an_any_time_stock_hyper_has_action_timing_and_stays_in_play(active, drawn):
    s, t = game("E: - | S: hyper | W: - | N: -", chars="S: anylast", active=active, drawn=drawn, holder="S")
    assert rules.timing_error(s, seat("S"), s.catalogue.card("hyper")) is None  # not the active player: 1.1 timing
    s, t, _ = run(s, t, play("S", "hyper"))  # 1.3e: no sub-priority, it occurs as priority passes
    assert in_play(s) == [(S, "hyper")] and len(hand(s, "S")) == 1  # 1.3b: it stays; its draw happened


def test_1_3d_1_a_normal_stock_hyper_keeps_stock_timing():
    s, _ = game("E: - | S: hyper | W: - | N: -", chars="S: lasting", active="E", holder="S")
    assert rules.timing_error(s, seat("S"), s.catalogue.card("hyper")).code == "out_of_timing"


# -- 2.1: a second draw in one turn (a kan's replacement tile) -----------------------------------------------------


def test_2_1_drew_again_opens_priority_without_starting_the_turn_over():
    s, t = game(EMPTY4, holder=None, drawn=True, in_play="E: stk-turn")
    s, t, ev = run(s, t, Drew(E, again=True))
    assert s.active == seat("E") and s.drawn and s.holder == ("main", seat("E"))
    assert s.priority.window is Window.AFTER_DRAW and in_play(s) == [(E, "stk-turn")]  # 1.6c.1: still its turn
    assert ev[0] == {"type": "drew_tile", "player": E, "again": True}


def test_2_1_drew_again_needs_a_first_draw_and_a_plain_second_drew_is_refused():
    s, t = game(EMPTY4, holder=None, drawn=False)
    refused(s, t, Drew(E, again=True), "not_drawn")
    s, t = game(EMPTY4, holder=None, drawn=True)
    error = refused(s, t, Drew(E), "already_drawn")
    assert "again:True" in error.hint


def test_2_1_the_turn_does_not_pass_to_the_player_whose_turn_it_is():
    s, t = game(EMPTY4, holder=None, drawn=True, in_play="E: stk-turn")
    error = refused(s, t, Next(S, to=E), "same_turn")
    assert "again:True" in error.hint
    s, t, _ = run(s, t, Next(S, to=W))
    assert s.active == seat("W")


# -- 2.1: the dealer's first turn -----------------------------------------------------------------------------------


def test_2_1_the_dealers_first_turn_has_both_windows_the_fourteenth_tile_reported_as_a_draw():
    s, t, _ = started()
    dealer = s.players[s.active]
    assert s.priority.window is Window.BEFORE_DRAW and not s.drawn  # Stocks and Hypers first (1.3c, 1.6a)
    late = s.catalogue.card("act-late")
    assert rules.timing_error(s, s.active, late) is not None
    s, t, _ = pass_all(s, t)
    s, t, _ = run(s, t, Drew(dealer))  # the dealer's 14th tile counts as the draw (rulings)
    assert s.priority.window is Window.AFTER_DRAW and s.drawn
    assert rules.timing_error(s, s.active, late) is None
    s, t, _ = pass_all(s, t)
    assert rules.timing_error(s, s.active, s.catalogue.card("act-riichi")) is None  # riichi with the discard


def test_2_6_a_riichi_action_still_waits_for_the_draw_and_for_priority_to_stop():
    s, t = game("E: act-riichi | S: - | W: - | N: -", holder=None, drawn=False)
    refused(s, t, play("E", "act-riichi"), "out_of_timing")
    s, t = game("E: act-riichi | S: - | W: - | N: -", holder="E", drawn=True)
    refused(s, t, play("E", "act-riichi"), "out_of_timing")
    s, t, _ = pass_sub(*pass_all(s, t)[:2])
    s, t, _ = run(s, t, play("E", "act-riichi"))
    assert s.priority.window is Window.RIICHI
