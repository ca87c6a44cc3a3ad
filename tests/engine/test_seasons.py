"""Seasons and statistics, pure parts (issue 21, item 4; docs/rulings.md, "Seasons and statistics"): a season's name,
a game's settlement with uma and oka (rulings, "Uma and oka at `/table end`"), hands counted from the log, and a
win's correction."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.errors import IllegalMove
from engine.seasons import FinalRow, final_order, season_name, settle
from engine.table import HandValue, Ron, Tsumo, Win
from engine.table_correction import corrected
from engine.table_stats import HandTally, hand_tallies


@pytest.mark.parametrize(("typed", "name"), [("  2026   Spring ", "2026 Spring"), ("春 2026", "春 2026"),
                                             ("x" * 40, "x" * 40)])
def test_a_season_name_is_tidied(typed, name):
    assert season_name(typed) == name


@pytest.mark.parametrize("typed", ["", "   ", "x" * 41, "All", "a\u202eb", "a\x07b"])
def test_a_bad_season_name_is_refused(typed):
    with pytest.raises(IllegalMove):
        season_name(typed)


@pytest.mark.parametrize(("points", "uma", "back", "expected"), [
    # (points - return) / 1000 + uma by place; first also takes the oka, (return - start) x 4 / 1000
    ([40000, 30000, 20000, 10000], (10, 20), 25000, [35, 15, -15, -35]),
    ([40000, 30000, 20000, 10000], (10, 20), 30000, [50, 10, -20, -40]),
    # a tie shares the uma of the places it covers: 2nd and 3rd share +10 and -10
    ([40000, 25000, 25000, 10000], (10, 20), 25000, [35, 0, 0, -35]),
    # sanma: +big, 0, -big
    ([45000, 35000, 25000], (5, 10), 35000, [20, 0, -20]),
])
def test_settlement_by_uma_and_oka(points, uma, back, expected):
    scores = settle(points, uma=uma, starting_points=25000 if len(points) == 4 else 35000, return_points=back)
    assert scores == [Fraction(e) for e in expected]
    assert sum(scores) == 0


def test_final_tables_order_by_each_games_measure():
    rows = [FinalRow(1, 2, 1, 0, 3, 50000, 4, Fraction(10)), FinalRow(2, 1, 1, 0, 1, 30000, 7, Fraction(20)),
            FinalRow(3, 3, 0, 1, 9, 90000, 7, Fraction(-5))]
    assert [r.user_id for r in final_order("table", rows)] == [2, 1, 3]  # by score
    assert [r.user_id for r in final_order("ginjontan", rows)] == [3, 2, 1]  # tier, then points
    assert [r.user_id for r in final_order("uno", rows)] == [2, 1, 3]  # average place


def ron(loser, *wins):
    return {"type": "ron", "loser": loser, "winner": wins[0][0], "paid": wins[0][1]}


HANDS = [
    (0, [{"type": "start"}]),
    (1, [{"type": "riichi", "player": 2}]),
    (2, [{"type": "ron", "winner": 2, "loser": 3, "paid": 3900}, {"type": "ron", "winner": 4, "loser": 3,
                                                                  "paid": 2000}, {"type": "hand_end"}]),
    (3, [{"type": "riichi", "player": 1}, {"type": "riichi", "player": 4}]),
    (4, [{"type": "draw"}, {"type": "hand_end"}]),
    (5, [{"type": "tsumo", "winner": 1, "paid": 4000}, {"type": "hand_end"}]),
    (6, [{"type": "riichi", "player": 3}]),  # a hand not ended on the sheet: not counted
]


def test_hands_are_counted_from_the_log():
    tallies = hand_tallies(HANDS, [1, 2, 3, 4])
    assert tallies == {1: HandTally(3, 1, 0, 1, 4000), 2: HandTally(3, 1, 0, 1, 3900),
                       3: HandTally(3, 0, 1, 0, 0), 4: HandTally(3, 1, 0, 1, 2000)}  # a double ron: one deal-in


def test_a_correction_re_records_the_hands_it_changed():
    correction = (7, [{"type": "corrected", "replayed": {
        "5": [{"type": "tsumo", "winner": 2, "paid": 8000}, {"type": "hand_end"}]}}])
    tallies = hand_tallies([*HANDS, correction], [1, 2, 3, 4])
    assert tallies[1] == HandTally(3, 0, 0, 1, 0) and tallies[2] == HandTally(3, 2, 0, 1, 11900)


RON = Ron(3, (Win(2, HandValue(han=3, fu=30)), Win(4, HandValue(han=2, fu=40))))


@pytest.mark.parametrize(("options", "expected"), [
    ({"value": HandValue(han=4)}, Ron(3, (Win(2, HandValue(han=4, fu=30)), RON.wins[1]))),  # fu kept
    ({"win": 2, "winner": 1}, Ron(3, (RON.wins[0], Win(1, HandValue(han=2, fu=40))))),
    ({"loser": 1}, Ron(1, RON.wins)),
    ({"value": HandValue(limit="mangan")}, Ron(3, (Win(2, HandValue(limit="mangan")), RON.wins[1]))),
])
def test_a_win_is_corrected_part_by_part(options, expected):
    assert corrected(RON, 2, **options) == expected


@pytest.mark.parametrize(("move", "options"), [
    ({"type": "draw"}, {"loser": 1}),  # not a win
    (Tsumo(Win(2, HandValue(han=1, fu=30))), {"loser": 1}),  # a tsumo has no loser
    (Tsumo(Win(2, HandValue(han=1, fu=30))), {"win": 2, "winner": 1}),  # one winner
    (RON, {}),  # nothing said
    (RON, {"loser": 3}),  # nothing changes
])
def test_a_correction_that_makes_no_sense_is_refused(move, options):
    with pytest.raises(IllegalMove):
        corrected(move, 2, **options)
