"""The /table score sheet: payments (seed 000 section 3), hand values, honba, rotation, the end of a game.

Players are 1 (first East), 2 (South), 3 (West), 4 (North)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.errors import GameError, IllegalMove, NotSeated
from engine.table import (
    AbortiveDraw,
    Draw,
    GameOver,
    HandValue,
    Kazoe,
    Length,
    Limit,
    Pay,
    Riichi,
    Ron,
    SetPoints,
    TableOptions,
    TableState,
    Take,
    Tsumo,
    Win,
    apply,
    new_game,
    score,
    standings,
)

A, B, C, D = 1, 2, 3, 4


def yonma(**options) -> TableState:
    return new_game(A, [A, B, C, D], TableOptions(**options) if options else None)


def sanma(**options) -> TableState:
    return new_game(A, [A, B, C], TableOptions(starting_points=35000, **options) if options else None)


def play(state, *moves):
    for move in moves:
        state, _ = apply(state, move)
    return state


def points(state):
    return [s.points for s in state.seats]


def hv(han=None, fu=None, **kw):
    return HandValue(han=han, fu=fu, **kw)


# -- starting ----------------------------------------------------------------------------------------------

def test_default_starting_points_yonma_25000_sanma_35000():
    assert points(yonma()) == [25000] * 4
    assert points(new_game(A, [A, B, C])) == [35000] * 3


@pytest.mark.parametrize(("players", "complaint"), [([A, B], "three players"), ([A, B, C, D, 5], "three players"),
                                                     ([A, B, B, C], "same person")])
def test_bad_seating_is_refused(players, complaint):
    with pytest.raises(IllegalMove, match=complaint):
        new_game(A, players)


# -- rule 3.1: general payments go onto the table -----------------------------------------------------------

def test_3_1_riichi_puts_1000_on_the_table():
    state = play(yonma(), Riichi(B))
    assert points(state) == [25000, 24000, 25000, 25000] and state.on_table == 1000 and state.seat(B).riichi


def test_3_1_pay_without_recipient_goes_on_the_table():
    state = play(yonma(), Pay(C, 2000))
    assert state.on_table == 2000 and state.seat(C).points == 23000


def test_3_2_pay_with_recipient_goes_to_that_player():
    state = play(yonma(), Pay(C, 2000, to=A))
    assert state.on_table == 0 and points(state) == [27000, 25000, 23000, 25000]


def test_3_1d_points_on_the_table_stay_across_hands():
    state = play(yonma(), Riichi(A), Draw(tenpai=(A,)))
    assert state.on_table == 1000 and state.hands_played == 1


@pytest.mark.parametrize("amount", [0, -100, 150, 1050])
def test_3_1f5_only_stick_denominations(amount):
    with pytest.raises(IllegalMove, match="point sticks"):
        apply(yonma(), Pay(A, amount))


def test_3_1g_nobody_pays_more_than_they_have():
    state = play(yonma(), SetPoints(B, 500))
    with pytest.raises(IllegalMove) as refused:
        apply(state, Pay(B, 1000))
    assert "rule 3.1g" in refused.value.hint
    with pytest.raises(IllegalMove, match="not enough"):
        apply(state, Riichi(B))


def test_riichi_only_once_a_hand():
    with pytest.raises(IllegalMove, match="already"):
        play(yonma(), Riichi(A), Riichi(A))


@pytest.mark.parametrize(("on_table", "amount", "up_to", "taken"), [(3000, 2000, False, 2000), (1000, 2000, True, 1000),
                                                                    (3000, 3000, True, 3000)])
def test_3_1f_taking_from_the_table(on_table, amount, up_to, taken):
    state = play(replace(yonma(), on_table=on_table), Take(B, amount, up_to=up_to))
    assert state.seat(B).points == 25000 + taken and state.on_table == on_table - taken


def test_3_1f2_without_up_to_too_little_on_the_table_is_ignored():
    with pytest.raises(IllegalMove) as refused:
        apply(replace(yonma(), on_table=1000), Take(B, 2000))
    assert "rule 3.1f.2" in refused.value.hint


def test_someone_not_seated_is_refused():
    with pytest.raises(NotSeated):
        apply(yonma(), Pay(99, 1000))


# -- hand values (mahjong package) ---------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("value", "dealer", "tsumo", "expected"),
    [
        (hv(3, 30), False, False, dict(ron=3900)),
        (hv(4, 30), True, True, dict(others_pay=3900)),  # 3900 all
        (hv(1, 30), False, True, dict(dealer_pays=500, others_pay=300)),
        (hv(2, 25), False, False, dict(ron=1600)),
        (hv(5, 30), False, False, dict(ron=8000)),
        (hv(6, 30), True, False, dict(ron=18000)),
        (hv(13, 30), False, False, dict(ron=32000)),  # kazoe yakuman by default
        (hv(yakuman=2), False, False, dict(ron=64000)),
        (hv(4, 30), False, False, dict(ron=7700)),
        (hv(points=5200), False, False, dict(ron=5200)),
        (hv(points=8000), False, True, dict(dealer_pays=4000, others_pay=2000)),
    ],
)
def test_hand_values(value, dealer, tsumo, expected):
    payment = score(value, dealer=dealer, tsumo=tsumo, honba=0, options=TableOptions(), sanma=False)
    assert {k: getattr(payment, k) for k in expected} == expected


def test_kiriage_option_rounds_4_han_30_fu_up_to_mangan():
    payment = score(hv(4, 30), dealer=False, tsumo=False, honba=0, options=TableOptions(kiriage=True), sanma=False)
    assert payment.ron == 8000


def test_kazoe_sanbaiman_option():
    options = TableOptions(kazoe=Kazoe.SANBAIMAN)
    assert score(hv(13, 30), dealer=False, tsumo=False, honba=0, options=options, sanma=False).ron == 24000


def test_aotenjou_has_no_limits_and_counts_yakuman_as_13_han():
    options = TableOptions(aotenjou=True)
    assert score(hv(5, 30), dealer=False, tsumo=False, honba=0, options=options, sanma=False).ron == 15400
    by_yakuman = score(hv(fu=40, yakuman=1), dealer=False, tsumo=False, honba=0, options=options, sanma=False)
    assert by_yakuman.ron == score(hv(13, 40), dealer=False, tsumo=False, honba=0, options=options, sanma=False).ron


@pytest.mark.parametrize("value", [hv(0, 30), hv(3, 15), hv(3, 35), hv(3, None), hv(points=150), hv(yakuman=7),
                                   hv(), hv(3, 30, points=3900), hv(3, 30, yakuman=1)])
def test_impossible_hand_values_are_refused(value):
    with pytest.raises(IllegalMove):
        score(value, dealer=False, tsumo=False, honba=0, options=TableOptions(), sanma=False)


# -- wins, honba, the table's points ---------------------------------------------------------------------------

def test_non_dealer_ron_3_han_30_fu_pays_3900_and_dealer_moves_on():
    state = play(yonma(), Ron(loser=C, wins=(Win(B, hv(3, 30)),)))
    assert points(state) == [25000, 28900, 21100, 25000]
    assert state.dealer == 1 and state.honba == 0 and state.round_name == "East 2"


def test_dealer_tsumo_4_han_30_fu_is_3900_all_and_dealer_repeats():
    state = play(yonma(), Tsumo(Win(A, hv(4, 30))))
    assert points(state) == [36700, 21100, 21100, 21100]
    assert state.dealer == 0 and state.honba == 1


def test_honba_add_300_to_a_ron_and_100_each_to_a_tsumo():
    state = replace(yonma(), honba=2)
    assert points(play(state, Ron(loser=D, wins=(Win(B, hv(3, 30)),)))) == [25000, 29500, 25000, 20500]
    assert points(play(state, Tsumo(Win(B, hv(1, 30))))) == [24300, 26700, 24500, 24500]


def test_3_1e_the_winner_takes_the_points_on_the_table():
    state = play(yonma(), Riichi(C), Riichi(D), Ron(loser=C, wins=(Win(B, hv(1, 30)),)))
    assert state.on_table == 0 and points(state) == [25000, 28000, 23000, 24000]
    assert not any(s.riichi for s in state.seats)  # riichi ends with the hand


def test_3_2c3_point_exchange_may_go_negative():
    state = play(yonma(bust=False), SetPoints(C, 1000), Ron(loser=C, wins=(Win(B, hv(5, 30)),)))
    assert state.seat(C).points == -7000 and not state.over


def test_bust_ends_the_game_by_default():
    state = play(yonma(), SetPoints(C, 1000), Ron(loser=C, wins=(Win(B, hv(5, 30)),)))
    assert state.over
    with pytest.raises(GameOver):
        apply(state, Riichi(A))


def test_double_ron_pays_each_winner_and_the_first_in_turn_takes_honba_and_sticks():
    state = replace(play(yonma(), Riichi(A)), honba=1)
    state = play(state, Ron(loser=C, wins=(Win(B, hv(1, 30)), Win(D, hv(2, 30)))))
    # D sits right after C, so D takes the honba (300) and the riichi stick (1000).
    assert points(state) == [24000, 26000, 25000 - 1000 - 2000 - 300, 25000 + 2000 + 300 + 1000]


def test_yakitori_ends_with_a_win():
    state = play(yonma(), Tsumo(Win(B, hv(1, 30))))
    assert [s.yakitori for s in state.seats] == [True, False, True, True]


@pytest.mark.parametrize(("tenpai", "expected"), [((A,), [28000, 24000, 24000, 24000]),
                                                  ((A, B), [26500, 26500, 23500, 23500]),
                                                  ((A, B, C), [26000, 26000, 26000, 22000]),
                                                  ((), [25000] * 4), ((A, B, C, D), [25000] * 4)])
def test_exhaustive_draw_noten_payments(tenpai, expected):
    assert points(play(yonma(), Draw(tenpai))) == expected


def test_sanma_noten_payments_total_2000():
    assert points(play(sanma(), Draw((A,)))) == [37000, 34000, 34000]


@pytest.mark.parametrize(("tenpai", "dealer", "honba"), [((A,), 0, 1), ((B,), 1, 1)])
def test_draw_dealer_repeats_if_tenpai_and_honba_grows_either_way(tenpai, dealer, honba):
    state = play(yonma(), Draw(tenpai))
    assert (state.dealer, state.honba) == (dealer, honba)


def test_hanchan_runs_east_then_south_and_ends():
    state = yonma()
    names = []
    for _ in range(8):
        names.append(state.round_name)
        state = play(state, Draw(()))  # dealer noten: rotation
    assert names == ["East 1", "East 2", "East 3", "East 4", "South 1", "South 2", "South 3", "South 4"]
    assert state.over


def test_east_only_option_ends_after_east_4():
    state = play(yonma(length=Length.EAST), *[Draw(())] * 4)
    assert state.over


def test_seat_winds_follow_the_dealer():
    state = play(yonma(), Draw(()))
    assert [state.seat_wind(i) for i in range(4)] == ["North", "East", "South", "West"]


def test_standings_share_places_on_ties():
    state = play(yonma(), SetPoints(B, 30000), SetPoints(C, 30000))
    assert [(place, seat.player) for place, seat in standings(state)] == [(1, B), (1, C), (3, A), (3, D)]


moves = st.lists(st.one_of(
    st.builds(Riichi, st.sampled_from([A, B, C, D])),
    st.builds(Pay, st.sampled_from([A, B, C, D]), st.sampled_from([100, 1000, 5000]),
              st.sampled_from([None, A, B, C, D])),
    st.builds(Take, st.sampled_from([A, B, C, D]), st.sampled_from([1000, 3000]), st.booleans()),
    st.builds(Draw, st.lists(st.sampled_from([A, B, C, D]), unique=True).map(tuple)),
), max_size=30)


@given(moves)
def test_points_are_never_created_or_lost_and_state_round_trips(sequence):
    state = yonma(bust=False)
    for move in sequence:
        try:
            state, _ = apply(state, move)
        except GameError:  # a refused move (an illegal one, or any move once the game is over) changes nothing
            continue
        assert sum(points(state)) + state.on_table == 100000
        assert TableState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


# -- kazoe, limits, han without fu, sanma honba (issue 15) ----------------------------------------------------

def test_kazoe_counted_is_a_yakuman_per_13_han():
    options = TableOptions(kazoe=Kazoe.COUNTED)
    single = score(hv(13, 30), dealer=False, tsumo=False, honba=0, options=options, sanma=False).ron
    double = score(hv(26, 30), dealer=False, tsumo=False, honba=0, options=options, sanma=False).ron
    assert double == 2 * single == 2 * score(hv(yakuman=1), dealer=False, tsumo=False, honba=0,
                                             options=TableOptions(), sanma=False).ron


@pytest.mark.parametrize(("stored", "kazoe"), [("none", Kazoe.COUNTED), ("counted", Kazoe.COUNTED),
                                               ("yakuman", Kazoe.YAKUMAN), ("sanbaiman", Kazoe.SANBAIMAN)])
def test_stored_kazoe_options_stay_readable_the_old_none_is_counted(stored, kazoe):
    data = yonma().to_dict()
    data["options"]["kazoe"] = stored
    assert TableState.from_dict(data).options.kazoe is kazoe


def test_states_stored_before_sanma_honba_read_with_200():
    data = sanma().to_dict()
    del data["options"]["sanma_honba"]
    assert TableState.from_dict(data).options.sanma_honba == 200


@pytest.mark.parametrize("han", [5, 7, 12, 13])
def test_fu_may_be_left_out_from_5_han(han):
    with_fu = score(hv(han, 30), dealer=True, tsumo=True, honba=0, options=TableOptions(), sanma=False)
    assert score(hv(han), dealer=True, tsumo=True, honba=0, options=TableOptions(), sanma=False) == with_fu


@pytest.mark.parametrize(("value", "aotenjou", "complaint"), [
    (hv(4), False, "needs its `fu`"),
    (hv(6), True, "aotenjou the fu count"),
    (hv(limit=Limit.MANGAN), True, "Aotenjou has no mangan"),
    (hv(5, limit=Limit.MANGAN), False, "one way"),
    (hv(limit=Limit.HANEMAN, points=12000), False, "one way"),
    (hv(limit="double mangan"), False, "not a limit hand"),  # a modified client can send anything
    (hv(fu=15, yakuman=1), True, "not a hand's fu"),
    (hv(fu=35, limit=Limit.YAKUMAN), True, "not a hand's fu"),
])
def test_han_without_fu_and_limits_are_refused_where_they_say_nothing(value, aotenjou, complaint):
    with pytest.raises(IllegalMove, match=complaint):
        score(value, dealer=False, tsumo=False, honba=0, options=TableOptions(aotenjou=aotenjou), sanma=False)


@pytest.mark.parametrize(("limit", "han"), [(Limit.MANGAN, 5), (Limit.HANEMAN, 6), (Limit.BAIMAN, 8),
                                            (Limit.SANBAIMAN, 11), (Limit.YAKUMAN, 13)])
def test_a_limit_is_the_hand_of_its_han(limit, han):
    for options in (TableOptions(), TableOptions(kazoe=Kazoe.SANBAIMAN)):
        by_name = score(hv(limit=limit), dealer=False, tsumo=False, honba=0, options=options, sanma=False)
        by_han = score(hv(yakuman=1) if limit is Limit.YAKUMAN else hv(han, 30), dealer=False, tsumo=False,
                       honba=0, options=options, sanma=False)
        assert by_name.ron == by_han.ron


def test_a_yakuman_limit_under_aotenjou_is_13_han():
    options = TableOptions(aotenjou=True)
    assert (score(hv(limit=Limit.YAKUMAN), dealer=False, tsumo=False, honba=0, options=options, sanma=False).ron
            == score(hv(13, 30), dealer=False, tsumo=False, honba=0, options=options, sanma=False).ron)


@pytest.mark.parametrize("sanma_honba", [100, 250, 0])
def test_sanma_honba_is_200_or_300(sanma_honba):
    with pytest.raises(IllegalMove, match="200 or 300"):
        new_game(A, [A, B, C], TableOptions(starting_points=35000, sanma_honba=sanma_honba))


@pytest.mark.parametrize("sanma_honba", [200, 300])
def test_sanma_ron_honba_follows_the_option_and_tsumo_honba_is_100_from_each(sanma_honba):
    state = replace(sanma(sanma_honba=sanma_honba), honba=2)
    ron = play(state, Ron(loser=C, wins=(Win(B, hv(3, 30)),)))
    assert ron.seat(B).points - 35000 == 3900 + 2 * sanma_honba
    tsumo = play(state, Tsumo(Win(B, hv(3, 30))))
    assert points(tsumo) == [35000 - 2000 - 200, 35000 + 3000 + 400, 35000 - 1000 - 200]


def test_abortive_draw_keeps_the_dealer_even_when_the_dealer_would_rotate_on_a_draw():
    state = play(yonma(), Riichi(B), AbortiveDraw())
    assert (state.dealer, state.honba, state.on_table, points(state)) == (0, 1, 1000, [25000, 24000, 25000, 25000])
    assert play(yonma(), Draw(())).dealer == 1  # the same hand as an exhaustive draw, dealer noten


def test_a_tables_dictionary_holds_its_seats_and_options_as_asdict_would():
    """to_dict copies Seat and TableOptions field by field (issue 19: asdict's deep copies cost a move's time);
    should either ever hold a dataclass or a list, this fails and to_dict must copy deeper."""
    from dataclasses import asdict

    state = new_game(1, [1, 2, 3, 4])
    data = state.to_dict()
    assert data["seats"] == [asdict(seat) for seat in state.seats]
    assert data["options"] == {**asdict(state.options), "length": state.options.length.value,
                               "kazoe": state.options.kazoe.value}
    for value in [*data["options"].values(), *(v for seat in data["seats"] for v in seat.values())]:
        assert value is None or isinstance(value, (bool, int, str))
