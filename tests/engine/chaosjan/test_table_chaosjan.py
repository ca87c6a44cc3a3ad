"""CHAOS;JAN on the `/table` score sheet, through `engine.table.apply`: starting it, riichi Actions (1.1e), card
payments landing in seat points and on the table, doubled point exchanges (3.2c.2), the hand-end draws (4.2,
4.3), Stock endings, Modifier rotation (1.4b.1), the end of the game and the JSON round trip."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from engine import table as tb
from engine.base import Event
from engine.chaosjan.catalogue import CardType
from engine.chaosjan.moves import AutoPass, Choose, Pass
from engine.chaosjan.options import ChaosOptions
from engine.chaosjan.state import Phase, Window
from engine.errors import GameError
from engine.table import ChaosStart, Draw, HandValue, Length, Ron, SetPoints, TableOptions, TableState, Tsumo, Win
from tests.engine.chaosjan.notation import (
    CAT,
    E,
    N,
    S,
    W,
    catalogue,
    choices_for,
    game,
    hand,
    in_play,
    of,
    play,
    some_legal,
)

EMPTY4 = "E: - | S: - | W: - | N: -"
V8000 = HandValue(points=8000)


def seated(spec: str = EMPTY4, *, table_options: TableOptions | None = None, dealer: int = 0, on_table: int = 0,
           **kwargs) -> TableState:
    """A table whose CHAOS;JAN state is `game(spec, **kwargs)`."""
    chaos, _ = game(spec, **kwargs)
    ts = tb.new_game(E, list(chaos.players), table_options)
    return replace(ts, chaosjan=chaos, dealer=dealer, on_table=on_table)


def apply(ts: TableState, *moves) -> tuple[TableState, list[Event]]:
    events: list[Event] = []
    for move in moves:
        ts, new = tb.apply(ts, move)
        events += new
    return ts, events


def pass_sub(ts: TableState) -> tuple[TableState, list[Event]]:
    events: list[Event] = []
    while ts.chaosjan.priority is not None and ts.chaosjan.priority.sub is not None:
        ts, new = tb.apply(ts, Pass(ts.players[ts.chaosjan.holder[1]]))
        events += new
    return ts, events


def pass_all(ts: TableState) -> tuple[TableState, list[Event]]:
    events: list[Event] = []
    while ts.chaosjan.holder is not None:
        ts, new = tb.apply(ts, Pass(ts.players[ts.chaosjan.holder[1]]))
        events += new
    return ts, events


def points(ts: TableState) -> list[int]:
    return [s.points for s in ts.seats]


def refused(ts: TableState, move, code: str, *, then=None) -> None:
    """Refused with `code`, the table unchanged, and a legal move (`then`) still accepted."""
    before = json.dumps(ts.to_dict(), sort_keys=True)
    with pytest.raises(GameError) as info:
        tb.apply(ts, move)
    assert info.value.code == code, info.value.message
    assert json.dumps(ts.to_dict(), sort_keys=True) == before
    tb.apply(ts, then or some_legal(ts.chaosjan))


def round_trip(ts: TableState) -> None:
    assert TableState.from_dict(json.loads(json.dumps(ts.to_dict()))) == ts


# -- starting -------------------------------------------------------------------------------------------------


def test_chaos_start_and_the_choices_begin_the_game():
    ts = tb.new_game(E, [E, S, W, N])
    refused(ts, Pass(E), "illegal_move", then=ChaosStart(CAT, seed=5))  # no CHAOS;JAN on this table yet
    ts, ev = apply(ts, ChaosStart(CAT, seed=5))
    assert ev == [{"type": "chaosjan_started", "catalogue": "Test"}] and ts.chaosjan.phase is Phase.SETUP
    round_trip(ts)
    choices = choices_for(CAT, 4)
    refused(ts, ChaosStart(CAT, seed=6), "chaosjan_running", then=choices[0])
    ts, ev = apply(ts, *choices)
    chaos = ts.chaosjan
    assert chaos.phase is Phase.PLAYING and [len(h) for h in chaos.hands] == [5] * 4  # 4.1
    assert chaos.holder == ("main", ts.dealer) and points(ts) == [25000] * 4
    round_trip(ts)


def test_chaos_start_follows_the_tables_dealer():
    ts = replace(tb.new_game(E, [E, S, W, N]), dealer=2)
    ts, _ = apply(ts, ChaosStart(CAT, seed=5), *choices_for(CAT, 4))
    assert ts.chaosjan.active == 2 and ts.chaosjan.holder == ("main", 2)


def test_5_2d_2_chaos_start_with_too_few_modifiers_is_refused():
    ts = tb.new_game(E, [E, S, W, N])
    refused(ts, ChaosStart(catalogue(modifiers=11), seed=1), "too_few_modifiers", then=ChaosStart(CAT, seed=1))
    assert ts.chaosjan is None


# -- 1.1e riichi Actions --------------------------------------------------------------------------------------------


def test_1_1e_1_1e_1_riichi_action_pays_the_stick_opens_a_round_and_passes():
    ts = seated("E: act-riichi | S: - | W: - | N: -", holder=None, drawn=True)
    ts, ev = apply(ts, play("E", "act-riichi"))
    assert [e["type"] for e in ev][:2] == ["riichi", "played"]
    assert points(ts) == [24000, 25000, 25000, 25000] and ts.on_table == 1000 and ts.seats[0].riichi
    assert ts.chaosjan.priority.window is Window.RIICHI and ts.chaosjan.holder == ("sub", 0)
    ts, ev = pass_sub(ts)
    assert ts.chaosjan.holder == ("main", 1) and of(ev, "occurs")[0]["card"] == "act-riichi"
    ts, ev = pass_all(ts)
    assert [e["player"] for e in of(ev, "passed")] == [S, W, N, E] and ts.chaosjan.holder is None


@pytest.mark.parametrize(("change", "kwargs", "code"), [
    ("riichi", {"holder": None, "drawn": True}, "illegal_move"),  # already in riichi: the riichi is not valid
    ("poor", {"holder": None, "drawn": True}, "illegal_move"),  # can't pay the stick (3.1g)
    (None, {"holder": "E", "drawn": True}, "out_of_timing"),  # priority still open
    (None, {"holder": None, "drawn": False}, "out_of_timing"),  # before drawing
    (None, {"holder": None, "drawn": True, "active": "S"}, "out_of_timing"),  # not their turn
])
def test_1_1e_2_riichi_action_refused_changes_nothing(change, kwargs, code):
    ts = seated("E: act-riichi | S: - | W: - | N: -", **kwargs)
    if change == "riichi":
        ts = replace(ts, seats=(replace(ts.seats[0], riichi=True), *ts.seats[1:]))
    elif change == "poor":
        ts, _ = apply(ts, SetPoints(E, 900))
    refused(ts, play("E", "act-riichi"), code)


def test_1_1e_riichi_action_not_held_is_refused_before_the_riichi():
    ts = seated(EMPTY4, holder=None, drawn=True)
    refused(ts, play("E", "act-riichi"), "not_in_hand")


# -- card payments on the table -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "target", "amount", "start", "expected", "on_table"), [
    ("act-pay", None, None, 500, [24000, 25000, 25000, 25000], 1500),
    ("act-give", "N", None, 500, [24000, 25000, 25000, 26000], 500),
    ("act-collect", "W", None, 500, [26000, 25000, 24000, 25000], 500),
    ("act-take", None, None, 1500, [26000, 25000, 25000, 25000], 500),
    ("act-upto", None, None, 500, [25500, 25000, 25000, 25000], 0),
    ("act-any", None, 1200, 1500, [26200, 25000, 25000, 25000], 300),
])
def test_3_1_3_2_card_payments_land_in_seat_points_and_on_the_table(card, target, amount, start, expected, on_table):
    ts = seated(f"E: {card} | S: - | W: - | N: -", on_table=start)
    ts, _ = apply(ts, play("E", card, target, amount))
    ts, _ = pass_sub(ts)
    assert points(ts) == expected and ts.on_table == on_table


def test_3_1d_3_1e_points_on_the_table_stay_through_hands_and_go_to_the_winner():
    ts = seated("E: act-pay | S: - | W: - | N: -")
    ts, _ = apply(ts, play("E", "act-pay"))
    ts, _ = pass_sub(ts)
    ts, _ = apply(ts, Draw(tenpai=()))
    assert ts.on_table == 1000
    ts, _ = apply(ts, Ron(loser=S, wins=(Win(W, V8000),)))
    assert ts.on_table == 0 and points(ts) == [24000, 25000 - 8300, 25000 + 8300 + 1000, 25000]


# -- 3.2c.2 doubled point exchanges -----------------------------------------------------------------------------------


def doubled(count: int) -> TableState:
    """East (and South) each play a "double the point exchange" Action; it occurs."""
    ts = seated("E: act-double | S: act-double | W: - | N: -")
    for who in "ES"[:count]:
        ts, _ = apply(ts, play(who, "act-double"))
        ts, _ = pass_sub(ts)
    ts, _ = pass_all(ts)
    assert ts.chaosjan.doubles == count
    return ts


@pytest.mark.parametrize(("count", "factor"), [(0, 1), (1, 2), (2, 4)])
def test_3_2c_2_3_2c_2a_doubled_ron_whoever_pays_whom(count, factor):
    ts, ev = apply(doubled(count), Ron(loser=N, wins=(Win(W, V8000),)))  # neither played the card
    assert of(ev, "ron")[0]["paid"] == 8000 * factor
    assert points(ts)[2:] == [25000 + 8000 * factor, 25000 - 8000 * factor]
    assert of(ev, "exchange_doubled") == ([{"type": "exchange_doubled", "factor": factor}] if count else [])
    assert ts.chaosjan.doubles == 0


@pytest.mark.parametrize(("count", "factor"), [(0, 1), (1, 2), (2, 4)])
def test_3_2c_2_doubled_tsumo(count, factor):
    ts, _ = apply(doubled(count), Tsumo(Win(S, V8000)))  # a non-dealer tsumo: 4000 from the dealer, 2000 each
    assert points(ts) == [25000 - 4000 * factor, 25000 + 8000 * factor, 25000 - 2000 * factor,
                          25000 - 2000 * factor]
    assert ts.chaosjan.doubles == 0


def test_3_2c_2_a_draw_does_not_use_up_the_doubling():
    ts, _ = apply(doubled(1), Draw(tenpai=(E,)))
    assert ts.chaosjan.doubles == 1
    ts, ev = apply(ts, Ron(loser=S, wins=(Win(W, V8000),)))
    assert of(ev, "ron")[0]["paid"] == 2 * (8000 + 300)  # one honba after the draw, doubled too
    assert ts.chaosjan.doubles == 0


def test_3_2c_2_a_double_ron_is_one_exchange_both_doubled():
    ts, ev = apply(doubled(1), Ron(loser=E, wins=(Win(S, V8000), Win(N, V8000))))
    assert [e["paid"] for e in of(ev, "ron")] == [16000, 16000] and points(ts)[0] == 25000 - 32000
    assert ts.chaosjan.doubles == 0


def test_3_2c_3_the_point_exchange_may_go_negative():
    ts = seated(EMPTY4, table_options=TableOptions(bust=False))
    ts, _ = apply(ts, SetPoints(S, 1000), Ron(loser=S, wins=(Win(W, V8000),)))
    assert points(ts)[1] == -7000 and not ts.over


# -- 4.2, 4.3 the hand-end draws ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("end", "extra"), [
    (Ron(loser=S, wins=(Win(W, V8000),)), [S]),
    (Ron(loser=S, wins=(Win(W, V8000), Win(E, V8000))), [S]),
    (Tsumo(Win(W, V8000)), [E, S, N]),
    (Tsumo(Win(E, V8000)), [S, W, N]),
    (Draw(tenpai=(E,)), []),  # noten payments are not a point exchange (3.2c.1)
    (Draw(tenpai=()), []),
], ids=["ron", "double-ron", "tsumo", "dealer-tsumo", "noten", "all-noten"])
def test_4_2_4_3_hand_end_draws_one_each_and_one_more_for_exchange_payers(end, extra):
    ts = seated(EMPTY4)
    ts, ev = apply(ts, end)
    assert [len(h) for h in ts.chaosjan.hands] == [1 + (p in extra) for p in (E, S, W, N)]
    assert sorted(of(ev, "hand_draws")[0]["extra"]) == extra  # in turn order from the new dealer
    chaos = ts.chaosjan
    assert chaos.active == ts.dealer and chaos.holder == ("main", ts.dealer)  # 2.1 for the new dealer
    round_trip(ts)


def test_1_1b_a_hand_that_ends_while_cards_wait_returns_them():
    ts = seated("E: act-a | S: negate | W: - | N: -")
    ts, _ = apply(ts, play("E", "act-a"), Pass(E), play("S", "negate"))
    ts, ev = apply(ts, Tsumo(Win(W, V8000)))
    assert [e["card"] for e in of(ev, "returned")] == ["act-a", "negate"] and not of(ev, "occurs")
    assert "act-a" in hand(ts.chaosjan, "E") and "negate" in hand(ts.chaosjan, "S")


# -- Stock endings and Modifier rotation -----------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "end", "ends"), [
    ("stk-deal", Ron(loser=E, wins=(Win(S, V8000),)), True),
    ("stk-deal", Ron(loser=W, wins=(Win(S, V8000),)), False),
    ("stk-deal", Tsumo(Win(S, V8000)), False),
    ("stk-win", Ron(loser=W, wins=(Win(E, V8000),)), True),
    ("stk-win", Ron(loser=W, wins=(Win(S, V8000), Win(E, V8000))), True),
    ("stk-win", Tsumo(Win(E, V8000)), True),
    ("stk-win", Draw(tenpai=(E,)), False),
    ("stk-hand", Draw(tenpai=()), True),
])
def test_1_6c_1_stocks_end_with_the_tables_hand_ends(card, end, ends):
    ts = seated(EMPTY4, in_play=f"E: {card}")
    ts, _ = apply(ts, end)
    assert (in_play(ts.chaosjan) == []) is ends


@pytest.mark.parametrize(("modifier_on", "dealer", "winner", "new"), [
    ("dealer", 0, S, True),  # East dealt and lost: the dealer's seat rotates
    ("dealer", 0, E, False),  # the dealer won: a repeat, no rotation
    ("round", 0, S, False),  # seat winds rotated but the round wind did not
    ("round", 3, S, True),  # North dealt and lost: the South round begins
])
def test_1_4b_1_a_new_modifier_after_a_wind_rotation(modifier_on, dealer, winner, new):
    ts = seated(EMPTY4, dealer=dealer, options=ChaosOptions(modifier_on=modifier_on))
    chaos = ts.chaosjan
    old = chaos.modifier
    loser = W if winner != W else N
    ts, ev = apply(ts, Ron(loser=loser, wins=(Win(winner, V8000),)))
    assert (ts.chaosjan.modifier != old) is new and len(of(ev, "modifier")) == new
    assert sorted(ts.chaosjan.all_modifiers()) == sorted(m for c in chaos.choices for m in c.modifiers)


def test_game_over_ends_chaosjan_without_new_draws():
    ts = seated(EMPTY4, in_play="E: stk-deal", dealer=3, table_options=TableOptions(length=Length.EAST))
    ts, ev = apply(ts, Ron(loser=W, wins=(Win(S, V8000),)))
    assert ts.over and of(ev, "chaos_over") == [{"type": "chaos_over"}] and not of(ev, "hand_draws")
    assert in_play(ts.chaosjan) == [(E, "stk-deal")] and ts.chaosjan.holder is None
    refused(ts, AutoPass(E, True), "table_over", then=SetPoints(E, 30000))
    round_trip(ts)


# -- JSON ------------------------------------------------------------------------------------------------------


def test_table_state_round_trip_with_chaosjan_mid_hand():
    ts = seated("E: act-give stk-hand | S: negate | W: - | N: -", in_play="W: stk-applies", autopass="N")
    ts, _ = apply(ts, play("E", "act-give", "W"), Pass(E), play("S", "negate"))
    assert ts.chaosjan.priority.sub is not None
    round_trip(ts)
    ts, _ = pass_sub(ts)
    round_trip(replace(ts, chaosjan=replace(ts.chaosjan, doubles=2)))


def test_table_state_round_trip_during_setup():
    ts, _ = apply(tb.new_game(E, [E, S, W]), ChaosStart(CAT, seed=9, options=ChaosOptions(negates=4)),
                  Choose(S, CardType.CHARACTER, ("green",)))
    round_trip(ts)
    assert tb.move_to_dict(play("E", "act-a"))["chaosjan"] is True
