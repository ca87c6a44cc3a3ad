"""Card effects that change a payment the `/table` score sheet records (issue 15, item 6), and the rule points of
3.1g at a draw (6b) and of riichi and hand ends around the choices and priority (5, 6c), through
`engine.table.apply`."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from engine import table as tb
from engine.chaosjan import rules
from engine.chaosjan.catalogue import CardType
from engine.chaosjan.moves import Choose
from engine.table import ChaosStart, Draw, HandValue, Riichi, Ron, SetPoints, TableState, Tsumo, Win
from tests.engine.chaosjan.notation import CAT, E, N, S, W, catalogue, choices_for, in_play, of, play
from tests.engine.chaosjan.test_table_chaosjan import EMPTY4, apply, pass_all, pass_sub, points, refused, seated

PAYING = catalogue(payment_modifiers=True)
V8000 = HandValue(points=8000)


def with_points(ts: TableState, *values: int) -> TableState:
    return replace(ts, seats=tuple(replace(s, points=p) for s, p in zip(ts.seats, values, strict=True)))


# -- riichi costs: Cheap Riichi, Green Light (riichi_cost) --------------------------------------------------------


@pytest.mark.parametrize(("modifier", "chars", "cost"), [
    ("mod-1", "", 1000),  # no riichi_cost: the usual stick
    ("mod-2", "", 500),  # Cheap Riichi
    ("mod-3", "", 0),  # Green Light: no stick
    ("mod-3", "E: green", 200),  # 1.4d: its colour bonus "instead"
])
def test_1_4e_riichi_costs_what_the_modifier_says(modifier, chars, cost):
    ts = seated(cat=PAYING, modifier=modifier, chars=chars, holder=None, drawn=True)
    ts, ev = apply(ts, Riichi(E))
    assert points(ts) == [25000 - cost, 25000, 25000, 25000] and ts.on_table == cost and ts.seats[0].riichi
    assert of(ev, "riichi")[0]["cost"] == cost


def test_1_4e_a_card_in_play_lowers_its_players_riichi_cost_only():
    ts = seated(cat=PAYING, modifier="mod-2", in_play="E: stk-cheap", holder=None, drawn=True)
    ts, _ = apply(ts, Riichi(E), Riichi(S))
    assert points(ts)[:2] == [25000 - 300, 25000 - 500] and ts.on_table == 800  # the lowest cost holds


def test_3_1g_riichi_under_cheap_riichi_needs_only_its_cost():
    ts = with_points(seated(cat=PAYING, modifier="mod-2", holder=None, drawn=True), 700, 400, 25000, 25000)
    ts, _ = apply(ts, Riichi(E))
    assert points(ts)[0] == 700 - 500
    refused(ts, Riichi(S), "illegal_move")  # 400 < 500


@pytest.mark.parametrize(("modifier", "start", "accepted"), [
    ("mod-1", 1999, False),  # the stick, then the card's own 1,000: 2,000 in all (3.1g)
    ("mod-1", 2000, True),
    ("mod-2", 1499, False),  # Cheap Riichi: 500 + 1,000
    ("mod-2", 1500, True),
    ("mod-3", 1000, True),  # Green Light: the card's 1,000 alone
    ("mod-3", 999, False),
])
def test_1_1e_2_3_1g_all_in_riichi_is_offered_exactly_when_it_is_accepted(modifier, start, accepted):
    ts = seated("E: act-allin | S: - | W: - | N: -", cat=PAYING, modifier=modifier, holder=None, drawn=True)
    ts = with_points(ts, start, 25000, 25000, 25000)
    chaos = ts.chaosjan
    table = rules.Table(tuple(points(ts)), ts.on_table, ts.dealer, tuple(s.riichi for s in ts.seats))
    offered = play("E", "act-allin") in rules.legal_moves(chaos, table, E)
    assert offered == accepted
    why = rules.card_error(chaos, table, 0, chaos.catalogue.card("act-allin"))  # the hand's mark and its reason
    assert (why is None) == accepted and (accepted or (why.code == "cannot_pay" and "(3.1g)" in why.message))
    if not accepted:
        refused(ts, play("E", "act-allin"), "cannot_pay" if start >= tb.riichi_cost(ts, E) else "illegal_move")
        return
    ts, _ = apply(ts, play("E", "act-allin"))
    ts, _ = pass_sub(ts)
    cost = tb.riichi_cost(ts, E)
    assert points(ts)[0] == start - cost - 1000 and ts.on_table == cost + 1000


# -- Heavy Honba (honba_value) ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("honba", [0, 1, 3])
def test_heavy_honba_ron_pays_its_honba_value_to_the_winner(honba):
    plain = replace(seated(cat=PAYING, modifier="mod-1"), honba=honba)
    heavy = replace(seated(cat=PAYING, modifier="mod-4"), honba=honba)
    win = Ron(loser=S, wins=(Win(W, V8000),))
    (plain, _), (heavy, _) = apply(plain, win), apply(heavy, win)
    assert points(plain)[2] - 25000 == 8000 + 300 * honba  # the mahjong package's usual 300
    assert points(heavy)[2] - 25000 == 8000 + 500 * honba and points(heavy)[1] == 25000 - 8000 - 500 * honba


@pytest.mark.parametrize(("players", "honba"), [(4, 2), (3, 2), (4, 1)])
def test_heavy_honba_tsumo_shares_its_honba_value_among_the_payers(players, honba):
    spec = EMPTY4 if players == 4 else "E: - | S: - | W: -"
    ts = replace(seated(spec, cat=PAYING, modifier="mod-4"), honba=honba)
    before = points(ts)
    ts, _ = apply(ts, Tsumo(Win(S, V8000)))
    each = math.ceil(500 * honba / (players - 1) / 100) * 100  # rounded up to a 100 stick per payer
    dealer_pays = math.ceil(8000 / 2 / 100) * 100
    others_pay = math.ceil(8000 / 4 / 100) * 100
    assert before[0] - points(ts)[0] == dealer_pays + each
    assert all(before[i] - points(ts)[i] == others_pay + each for i in range(2, players))


# -- Loan Shark (repay_on_deal_in), Insurance Policy (half_deal_in) --------------------------------------------------


@pytest.mark.parametrize(("chars", "repaid"), [("", 3000), ("E: red", 2000)])
def test_1_6c_loan_shark_records_its_lender_and_repays_when_its_player_deals_in(chars, repaid):
    ts = seated("E: stk-loan | S: - | W: - | N: -", cat=PAYING, chars=chars)
    ts, _ = apply(ts, play("E", "stk-loan", "W"))
    ts, _ = pass_sub(ts)
    assert points(ts)[0] == 27000 and points(ts)[2] == 23000
    assert ts.chaosjan.stocks[0].target == ts.chaosjan.seat_of(W)
    ts, _ = pass_all(ts)
    before = points(ts)
    ts, ev = apply(ts, Ron(loser=E, wins=(Win(N, V8000),)))
    assert before[0] - points(ts)[0] == 8000 + repaid and points(ts)[2] - before[2] == repaid
    assert in_play(ts.chaosjan) == [] and of(ev, "stock_ended")[0]["card"] == "stk-loan"


def test_loan_shark_is_not_repaid_when_another_player_deals_in():
    ts = seated(EMPTY4, cat=PAYING, in_play="E: stk-loan")
    ts = replace(ts, chaosjan=replace(ts.chaosjan, stocks=(replace(ts.chaosjan.stocks[0], target=2),)))
    ts, _ = apply(ts, Ron(loser=S, wins=(Win(N, V8000),)))
    assert points(ts) == [25000, 25000 - 8000, 25000, 25000 + 8000] and in_play(ts.chaosjan) == [(E, "stk-loan")]


@pytest.mark.parametrize("value", [8000, 3900, 1000])
def test_insurance_policy_halves_the_deal_in_rounded_up(value):
    ts = seated(EMPTY4, cat=PAYING, in_play="S: stk-insure")
    ts, ev = apply(ts, Ron(loser=S, wins=(Win(W, HandValue(points=value)),)))
    half = math.ceil(value / 2 / 100) * 100
    assert points(ts)[1] == 25000 - half and points(ts)[2] == 25000 + half
    assert of(ev, "half_deal_in")[0]["full"] == value and in_play(ts.chaosjan) == []


def test_insurance_policy_does_not_halve_a_tsumo_or_someone_elses_deal_in():
    ts = seated(EMPTY4, cat=PAYING, in_play="S: stk-insure")
    ron, _ = apply(ts, Ron(loser=N, wins=(Win(W, V8000),)))
    assert points(ron)[3] == 25000 - 8000
    tsumo, _ = apply(ts, Tsumo(Win(W, V8000)))
    assert points(tsumo)[1] == 25000 - math.ceil(8000 / 4 / 100) * 100


# -- Riichi Tollbooth (riichi_toll), Wealth Tax (richer_pay) ---------------------------------------------------------


@pytest.mark.parametrize(("chars", "toll"), [("", 500), ("W: red", 1000)])
def test_riichi_tollbooth_makes_another_players_riichi_pay_its_owner(chars, toll):
    ts = seated(cat=PAYING, in_play="W: stk-toll", chars=chars, holder=None, drawn=True)
    ts, _ = apply(ts, Riichi(E))
    assert points(ts) == [25000 - 1000 - toll, 25000, 25000 + toll, 25000] and ts.on_table == 1000
    ts, _ = apply(ts, Riichi(W))  # its own player's riichi pays nothing more
    assert points(ts)[2] == 25000 + toll - 1000


def test_wealth_tax_makes_each_richer_player_pay_onto_the_table():
    start = [20000, 30000, 20000, 30300]
    ts = with_points(seated("E: act-tax | S: - | W: - | N: -", cat=PAYING), *start)
    ts, _ = apply(ts, play("E", "act-tax"))
    ts, _ = pass_sub(ts)
    richer = [i for i in range(4) if start[i] > start[0]]  # equal points pay nothing
    assert points(ts) == [p - 500 * (i in richer) for i, p in enumerate(start)] and ts.on_table == 500 * len(richer)


# -- 6b: noten payments stop at what a player has (3.1g) -------------------------------------------------------------


def noten_expected(start: list[int], tenpai: set[int], dealer: int, total: int) -> list[int]:
    """Each noten player pays its share or all it has; the tenpai players split the paid sticks, odd ones first in
    turn order from the dealer."""
    noten = [i for i in range(len(start)) if i not in tenpai]
    paid = {i: min(total // len(noten), max(start[i], 0)) for i in noten}
    sticks = sum(paid.values()) // 100
    order = sorted(tenpai, key=lambda i: (i - dealer) % len(start))
    got = {i: (sticks // len(order) + (k < sticks % len(order))) * 100 for k, i in enumerate(order)}
    return [start[i] - paid.get(i, 0) + got.get(i, 0) for i in range(len(start))]


@pytest.mark.parametrize(("start", "tenpai", "dealer"), [
    ([500, 25000, 25000, 25000], {1}, 0),  # 500 pays 1,000? No: 500, and stays at 0
    ([300, 35000, 35000], {1}, 0),  # sanma: 300 pays 300, not 2,000
    ([25000, 25000, 400, 25000], {0, 1, 3}, 0),  # 400 shared by three: 200, 100, 100 from the dealer on
    ([25000, 25000, 400, 25000], {0, 1, 3}, 1),  # from South: South, North, East
    ([-500, 100, 25000, 25000], {2, 3}, 0),  # below zero pays nothing
    ([25000, 25000, 25000, 25000], {0}, 0),  # enough: the usual 1,000 each
])
def test_3_1g_3_2c_noten_payments_stop_at_what_a_player_has(start, tenpai, dealer):
    ts = replace(with_points(tb.new_game(E, [E, S, W, N][:len(start)]), *start), dealer=dealer)
    after, _ = apply(ts, Draw(tenpai=tuple(ts.seats[i].player for i in sorted(tenpai))))
    assert points(after) == noten_expected(start, tenpai, dealer, tb.NOTEN_TOTAL[len(start)])
    assert sum(points(after)) == sum(start) and min(points(after)) >= min(0, min(start))


def test_3_1g_noten_payments_with_chaosjan_on():
    start = [500, 25000, 25000, 25000]
    ts, _ = apply(with_points(seated(), *start), Draw(tenpai=(S,)))
    assert points(ts) == noten_expected(start, {1}, 0, tb.NOTEN_TOTAL[4]) and points(ts)[0] == 0


# -- 5: the choices come first (1.2a, 5.1d) --------------------------------------------------------------------------


@pytest.mark.parametrize("end", [Ron(loser=S, wins=(Win(E, V8000),)), Tsumo(Win(E, V8000)), Draw(tenpai=(E,)),
                                 Riichi(E)], ids=["ron", "tsumo", "draw", "riichi"])
def test_1_2a_5_1d_no_hand_ends_and_no_riichi_while_players_choose(end):
    ts, _ = apply(tb.new_game(E, [E, S, W, N]), ChaosStart(CAT, seed=3))
    refused(ts, end, "setup", then=Choose(E, CardType.CHARACTER, ("white",)))
    ts, _ = apply(ts, *choices_for(CAT, 4))
    ts, _ = pass_all(ts)
    apply(ts, end)  # once everyone has chosen, the hand goes on


@pytest.mark.parametrize("before", [[Riichi(E)], [Draw(tenpai=())], [Ron(loser=S, wins=(Win(E, V8000),))]],
                         ids=["riichi-in-the-first-hand", "after-a-draw", "after-a-ron"])
def test_1_2a_chaosjan_new_is_refused_once_the_tables_game_has_begun(before):
    ts, _ = apply(tb.new_game(E, [E, S, W, N]), *before)
    refused(ts, ChaosStart(CAT, seed=3), "table_started", then=SetPoints(E, 25000))


# -- 2.6: a plain riichi waits for priority to stop ------------------------------------------------------------------


@pytest.mark.parametrize("holder", ["E", "S"])
def test_2_6_a_riichi_is_refused_while_someone_holds_priority(holder):
    ts = seated(holder=holder, drawn=True)
    refused(ts, Riichi(E), "priority_open")
    ts, _ = pass_all(ts)
    ts, _ = apply(ts, Riichi(E))
    assert ts.seats[0].riichi


def test_2_6_a_riichi_is_refused_during_sub_priority():
    ts = seated("E: act-b | S: - | W: - | N: -", drawn=True)
    ts, _ = apply(ts, play("E", "act-b"))
    assert ts.chaosjan.holder[0] == "sub"
    refused(ts, Riichi(S), "priority_open")
