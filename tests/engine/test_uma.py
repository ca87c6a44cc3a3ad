"""Uma and oka at `/table end` (issue 17): the final score of each seat, in thousands, computed here a second way."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.table import UMA_PRESETS, final_scores


def reference(points: list[int], uma: tuple[int, int], start: int, back: int) -> list[float]:
    """Place by place: a tie shares the uma (and the oka) of the places it covers, in equal parts."""
    n = len(points)
    small, big = uma
    by_place = [big, small, -small, -big] if n == 4 else [big, 0, -big]
    bonus = [(back - start) * n / 1000] + [0] * (n - 1)
    result = []
    for p in points:
        above = sum(q > p for q in points)
        tied = sum(q == p for q in points)
        share = sum(by_place[above + k] + bonus[above + k] for k in range(tied)) / tied
        result.append((p - back) / 1000 + share)
    return result


@pytest.mark.parametrize("preset", sorted(UMA_PRESETS))
@pytest.mark.parametrize("points", [[40000, 30000, 20000, 10000], [25000, 25000, 30000, 20000],
                                    [50000, 25000, 25000, 0], [35000, 35000, 35000], [60000, 30000, 15000]])
@pytest.mark.parametrize("back", [0, 30000])
def test_final_scores_match_the_place_by_place_count(preset, points, back):
    start = sum(points) // len(points)
    back = back or start
    scores = final_scores(points, uma=UMA_PRESETS[preset], starting_points=start, return_points=back)
    assert scores == pytest.approx(reference(points, UMA_PRESETS[preset], start, back))
    assert sum(scores) == pytest.approx(0)  # uma and oka only move points between the players


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-200, 900), min_size=3, max_size=4), st.sampled_from(sorted(UMA_PRESETS)))
def test_final_scores_any_table(hundreds, preset):
    points = [h * 100 for h in hundreds]
    start = 25000
    points[0] += start * len(points) - sum(points)  # the sheet's points always add up to the starting total
    scores = final_scores(points, uma=UMA_PRESETS[preset], starting_points=start, return_points=30000)
    assert scores == pytest.approx(reference(points, UMA_PRESETS[preset], start, 30000))
    assert sum(scores) == pytest.approx(0)
