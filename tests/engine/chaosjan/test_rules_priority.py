"""Seed 000 section 2 (priority and sub-priority) and the bot's auto-pass, one test per rule."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.chaosjan import rules
from engine.chaosjan.moves import AutoPass, Drew, Next, Pass, Play
from engine.chaosjan.state import AutoMode, Window
from tests.engine.chaosjan.notation import (
    E,
    N,
    S,
    W,
    game,
    hand,
    kinds,
    of,
    pass_,
    pass_all,
    pass_sub,
    passes,
    play,
    refused,
    run,
    seat,
)

EMPTY4 = "E: - | S: - | W: - | N: -"


def empty(n: int) -> str:
    return " | ".join(f"{w}: -" for w in "ESWN"[:n])


# -- 2: two players who want to negate ------------------------------------------------------------------------


def test_2_the_next_player_in_turn_order_gets_the_first_chance_to_negate():
    s, t = game("E: act-a | S: - | W: negate | N: negate")
    s, t, _ = run(s, t, play("E", "act-a"), pass_("E"))
    assert s.holder == ("sub", seat("S"))
    refused(s, t, play("W", "negate"), "not_your_turn")
    s, t, _ = run(s, t, pass_("S"), play("W", "negate"))
    s, t, ev = run(s, t, play("N", "negate"))  # negating West's Negate: the Action happens after all
    s, t, ev = pass_sub(s, t)
    assert of(ev, "occurs")[0]["card"] == "act-a" and [e["by"] for e in of(ev, "negated")] == [N]


# -- 2.1 - 2.6 main priority ----------------------------------------------------------------------------------------


def test_2_1_priority_at_the_start_of_the_turn_and_after_the_draw():
    s, t = game(EMPTY4, holder=None, drawn=True)
    s, t, ev = run(s, t, Next(E))
    assert s.active == seat("S") and not s.drawn
    assert s.holder == ("main", seat("S")) and s.priority.window is Window.BEFORE_DRAW
    assert ev[-1] == {"type": "priority", "player": S, "window": "before_draw"}
    s, t, _ = pass_all(s, t)
    s, t, ev = run(s, t, Drew(S))
    assert s.holder == ("main", seat("S")) and s.priority.window is Window.AFTER_DRAW and s.drawn


def test_2_1_next_after_a_call_goes_to_the_caller():
    s, t = game(EMPTY4, holder=None, drawn=True)
    s, t, _ = run(s, t, Next(E, to=W))
    assert s.active == seat("W") and s.holder == ("main", seat("W"))


def test_2_2_with_priority_a_player_may_play_or_pass():
    s, t = game("E: act-b | S: act-b | W: - | N: -")
    assert set(rules.legal_moves(s, t, E)) == {Pass(E), Play(E, "act-b")}
    assert rules.legal_moves(s, t, S) == [Pass(S)]  # South holds no priority: only a pass ahead (rulings)
    assert run(s, t, pass_("E"))[0].holder == ("main", seat("S"))
    assert run(s, t, play("E", "act-b"))[0].holder == ("sub", seat("E"))


@pytest.mark.parametrize(("active", "order"), [("E", "E S W N"), ("W", "W N E S")])
def test_2_3_priority_passes_in_turn_order(active, order):
    s, t = game(EMPTY4, active=active)
    s, t, ev = pass_all(s, t)
    assert [e["player"] for e in of(ev, "passed")] == [w + 1 for w in map(seat, order.split())]


def test_2_4_effects_occur_when_priority_passes_not_when_played():
    s, t = game("E: act-a | S: - | W: - | N: -")
    s, t, ev = run(s, t, play("E", "act-a"), passes("E S W"))
    assert not of(ev, "occurs") and hand(s, "E") == []
    s, t, ev = run(s, t, pass_("N"))
    assert kinds(ev) == ["passed", "sub_over", "priority", "occurs", "card_draw"]
    assert ev[2] == {"type": "priority", "player": S, "window": "before_draw"}


@pytest.mark.parametrize("n", [3, 4])
def test_2_5_round_ends_after_every_player_passed_with_no_play(n):
    s, t = game(empty(n))
    for who in "ESWN"[:n]:
        assert s.holder == ("main", seat(who))
        s, t, ev = run(s, t, pass_(who))
    assert s.holder is None and ev[-1] == {"type": "priority_over", "window": "before_draw"}


@pytest.mark.parametrize("n", [3, 4])
def test_2_5_after_a_play_everyone_passes_again_and_the_player_gets_priority_again(n):
    s, t = game(f"E: act-b | {empty(n)[7:]}")
    s, t, _ = run(s, t, play("E", "act-b"))
    holders = []
    while s.holder is not None:
        holders.append(s.holder)
        s, t, _ = run(s, t, pass_("ESWN"[s.holder[1]]))
    order = [*range(1, n), 0]  # South first; East, who played, receives priority again last
    assert holders == [("sub", i % n) for i in range(n)] + [("main", i) for i in order]


def test_2_6_once_passing_stopped_no_one_has_priority_and_the_game_goes_on():
    s, t = game(EMPTY4)
    refused(s, t, Drew(E), "priority_open")
    refused(s, t, Next(E), "priority_open")
    s, t, _ = pass_all(s, t)
    assert s.holder is None
    refused(s, t, pass_("E"), "priority_closed")
    s, t, _ = run(s, t, Drew(E))
    assert s.holder == ("main", seat("E"))


def test_2_6_drew_and_next_refused_while_sub_priority_runs():
    s, t = game("E: act-b | S: - | W: - | N: -")
    s, t, _ = run(s, t, play("E", "act-b"))
    refused(s, t, Drew(E), "priority_open")
    refused(s, t, Next(S), "priority_open")


def test_2_6_drew_only_by_the_active_player_and_once():
    s, t = game(EMPTY4, holder=None)
    refused(s, t, Drew(S), "not_your_turn")
    s, t, _ = run(s, t, Drew(E))
    s, t, _ = pass_all(s, t)
    refused(s, t, Drew(E), "already_drawn")


# -- 2.7 sub-priority --------------------------------------------------------------------------------------------


def test_2_7_2_7d_main_priority_waits_while_sub_priority_runs():
    s, t = game("E: act-b | S: act-b | W: - | N: -", holder="S")
    s, t, _ = run(s, t, play("S", "act-b"))
    for who in "SWNE":
        assert s.holder == ("sub", seat(who))
        assert (s.priority.holder, s.priority.window, s.priority.passes) == (seat("S"), Window.BEFORE_DRAW, 0)
        if who != "E":
            s, t, _ = run(s, t, pass_(who))


@pytest.mark.parametrize("card", ["act-b", "stk-hand", "hyper"])
def test_2_7d_only_negates_while_sub_priority_runs(card):
    s, t = game(f"E: act-b {card} | S: - | W: - | N: -")
    s, t, _ = run(s, t, play("E", "act-b"))
    assert s.holder == ("sub", seat("E"))
    refused(s, t, play("E", card), "out_of_timing")


def test_2_7a_sub_priority_round_counts_passes_like_main_priority():
    s, t = game("E: act-b | S: negate | W: - | N: -")
    s, t, _ = run(s, t, play("E", "act-b"), passes("E"), play("S", "negate"), passes("W N E"))
    assert s.holder == ("sub", seat("S"))  # South played since they last held it: they receive it again
    s, t, ev = run(s, t, pass_("S"))
    assert of(ev, "sub_over") and s.priority.sub is None


def test_2_7b_the_player_who_played_receives_sub_priority_first():
    s, t = game("E: - | S: - | W: act-b | N: -", holder="W")
    s, t, ev = run(s, t, play("W", "act-b"))
    assert s.holder == ("sub", seat("W")) and ev[-1] == {"type": "sub_priority", "player": W}


def test_2_7c_when_sub_priority_stops_main_priority_passes():
    s, t = game("E: - | S: - | W: act-b | N: -", holder="W")
    s, t, _ = run(s, t, play("W", "act-b"), passes("W N E S"))
    assert s.priority.sub is None and s.holder == ("main", seat("N")) and s.priority.passes == 0


# -- auto-pass ------------------------------------------------------------------------------------------------


def test_autopass_passes_for_a_player_with_nothing_playable_like_a_manual_pass():
    s, t = game("E: - | S: negate stk-hand | W: act-b | N: -")
    _, _, manual = run(s, t, passes("E S"))
    s, t = game("E: - | S: negate stk-hand | W: act-b | N: -", autopass="S")
    s, t, auto = run(s, t, pass_("E"))
    assert auto == manual and s.holder == ("main", seat("W"))


@pytest.mark.parametrize("card", ["act-b", "act-theirs"])
def test_autopass_waits_for_a_player_holding_a_playable_action(card):
    s, t = game(f"E: - | S: {card} | W: - | N: -", autopass="S")
    s, t, _ = run(s, t, pass_("E"))
    assert s.holder == ("main", seat("S"))


def test_autopass_waits_for_a_negate_with_sub_priority():
    s, t = game("E: act-b | S: negate | W: - | N: -", autopass="S")
    s, t, _ = run(s, t, play("E", "act-b"), pass_("E"))
    assert s.holder == ("sub", seat("S"))
    s, t, _ = run(s, t, pass_("S"), passes("W N"))
    assert s.holder == ("main", seat("W"))  # in main priority South's Negate is not playable: passed for


def test_autopass_switched_on_passes_at_once_and_off_stops():
    s, t = game("E: - | S: - | W: - | N: -", holder="S")
    s2, _, ev = run(s, t, AutoPass(S, AutoMode.AUTO))
    assert s2.holder == ("main", seat("W")) and of(ev, "passed") == [{"type": "passed", "player": S, "sub": False}]
    s3, _, _ = run(s2, t, AutoPass(S, AutoMode.ASK))
    assert s3.mode(seat("S")) is AutoMode.ASK and s3.holder == ("main", seat("W"))


def test_autopass_for_everyone_closes_the_round():
    s, t = game(EMPTY4, autopass="E S W N", holder=None)
    s, t, ev = run(s, t, Drew(E))
    assert s.holder is None and len(of(ev, "passed")) == 4


@pytest.mark.parametrize(("card", "points", "on_table"), [("act-pay", 500, 0), ("act-any", 25000, 0)])
def test_autopass_passes_when_the_only_cards_are_refused_by_their_cost(card, points, on_table):
    s, t = game(f"E: - | S: {card} | W: - | N: -", autopass="S", points=(25000, points, 25000, 25000),
                on_table=on_table)
    south_turn = replace(s, priority=replace(s.priority, holder=seat("S"), passes=1))
    assert rules.legal_moves(south_turn, t, S) == [Pass(S)]  # nothing but a pass is legal for South ...
    s, t, ev = run(s, t, pass_("E"))
    assert s.holder == ("main", seat("W"))  # ... so auto-pass passes for them
    assert [e["player"] for e in of(ev, "passed")] == [E, S]
