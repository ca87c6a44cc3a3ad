"""Seed 002 "Rainbow Stats for Nerds": P(X ≥ k) for X ~ Hypergeometric(136 tiles, 15 chroma, 31 draws)."""

from __future__ import annotations

from fractions import Fraction
from itertools import pairwise
from math import comb

import pytest

from engine.chroma.odds import at_least, rainbow_value, table
from engine.errors import IllegalMove


def independent(k: int, tiles: int = 15, wall: int = 136, draws: int = 31) -> Fraction:
    """1 - P(X < k), summed from the other side."""
    below = sum(comb(tiles, x) * comb(wall - tiles, draws - x) for x in range(k))
    return 1 - Fraction(below, comb(wall, draws))


@pytest.mark.parametrize("k, percent, last_digit", [(4, "46.00", 0.01), (6, "9.148", 0.001), (7, "2.748", 0.001),
                                                    (8, "0.626", 0.001)])
def test_rainbow_stats_match_the_seed_to_its_precision(k, percent, last_digit):
    """The seed's figures, within one unit of their last shown digit (its 2.748% is rounded from 2.74779%, its
    0.626% cut from 0.62690%)."""
    assert abs(float(at_least(k, 15, 136, 31)) * 100 - float(percent)) < last_digit


def test_rainbow_stats_p_at_least_5_is_23_33_percent_not_21_04():
    """The seed says P(X≥5) = 21.04%, a typo: the exact value is 23.33% (21.04% is P(X≥5) with 30 draws)."""
    assert round(float(at_least(5, 15, 136, 31)) * 100, 2) == 23.33
    assert round(float(at_least(5, 15, 136, 30)) * 100, 2) == 21.04


@pytest.mark.parametrize("k", range(0, 17))
def test_rainbow_stats_exact_against_an_independent_sum(k):
    assert at_least(k, 15, 136, 31) == independent(k)


def test_rainbow_stats_table_rows_and_rainbow_values():
    rows = table()
    assert [r.at_least for r in rows[:5]] == [4, 5, 6, 7, 8]
    assert [r.rainbow for r in rows[:6]] == ["—", "1 han", "2 han", "3 han", "yakuman", "yakuman"]
    assert all(a.chance > b.chance for a, b in pairwise(rows))
    assert [rainbow_value(n, 3) for n in (2, 3, 5, 6)] == ["—", "1 han", "3 han", "yakuman"]


def test_rainbow_stats_refuses_an_impossible_wall():
    with pytest.raises(IllegalMove):
        table(tiles=20, wall=10)
