"""Seasons (issue 21, item 4): a season's name, and its final table when it ends. Pure: storage/seasons.py reads and
keeps the numbers, this decides what they mean.

A table's final score in a game is its points less the return points, in thousands, plus its uma by place, and first
place takes the oka ((return - starting points) x players); tied players share the uma and oka of the places they
cover (rulings, "Uma and oka at `/table end`"). Here it is exact (`Fraction`), so a season's sum of scores does not
drift however many games it holds; `engine.table.final_scores` gives the same numbers as floats for one game.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.errors import IllegalMove
from engine.text import N_, shorten

MAX_NAME = 40  # characters of a season's name
ALL_TIME = "all"  # the `season` option's word for every game, so no season may be named so
KINDS = ("table", "uno", "ginjontan")  # the games that have seasons
UMA = {"none": (0, 0), "5-10": (5, 10), "10-20": (10, 20), "10-30": (10, 30)}  # as engine.table.UMA_PRESETS


def season_name(text: str) -> str:
    """A season's name as typed: spaces at the ends dropped and runs of spaces made one; 1 to 40 characters, none of
    them a control or direction character, and not the word for all time."""
    name = " ".join(text.split())
    if not name or len(name) > MAX_NAME:
        raise IllegalMove(N_("A season's name has 1 to {most} characters."), N_("Try a short name, like {example}."),
                          code="season_name_length", most=MAX_NAME, example="2026 Spring")
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cn", "Zl", "Zp") for ch in name):
        raise IllegalMove(N_("A season's name can't hold control or direction characters."),
                          N_("Use letters, digits, spaces and punctuation."), code="season_name_characters")
    if name.casefold() == ALL_TIME:
        raise IllegalMove(N_("{name} means every game, so no season can be named so."),
                          N_("Pick another name."), code="season_name_reserved", name=shorten(name, MAX_NAME))
    return name


def settle(points: Sequence[int], *, uma: tuple[int, int], starting_points: int,
           return_points: int) -> list[Fraction]:
    """Each seat's final score of one game, in thousands, exactly (see the module's docstring)."""
    n = len(points)
    small, big = uma
    oka = Fraction((return_points - starting_points) * n, 1000)
    by_place = [big + oka, *([Fraction(small), Fraction(-small)] if n == 4 else [Fraction(0)]), Fraction(-big)]
    order = sorted(range(n), key=lambda i: -points[i])
    scores = [Fraction(0)] * n
    first = 0
    while first < n:
        last = first
        while last + 1 < n and points[order[last + 1]] == points[order[first]]:
            last += 1
        share = sum(by_place[first:last + 1], Fraction(0)) / (last - first + 1)
        for i in order[first:last + 1]:
            scores[i] = Fraction(points[i] - return_points, 1000) + share
        first = last + 1
    return scores


@dataclass(frozen=True)
class FinalRow:
    """One player's line in a season's final table."""

    user_id: int
    games: int
    wins: int  # first places
    lasts: int  # last places
    place_sum: int
    points: int  # the sum of their points in the season's games
    tier: int = 0  # Gin-jon-tan tier points
    score: Fraction | None = None  # a table: the sum of their final scores (thousands, after uma and oka)

    @property
    def average_place(self) -> Fraction:
        return Fraction(self.place_sum, self.games)


def final_order(kind: str, rows: Sequence[FinalRow]) -> list[FinalRow]:
    """A season's final table, best first: a table by the sum of final scores; Gin-jon-tan by tier points, then points
    (its tournament rating); Uno, as its leaderboard, by average place, then first places, then games."""
    def key(row: FinalRow) -> tuple[object, ...]:
        if kind == "table":
            return -(row.score or 0), row.average_place, -row.wins, -row.games, row.user_id
        if kind == "ginjontan":
            return -row.tier, -row.points, row.user_id
        return row.average_place, -row.wins, -row.games, row.user_id

    return sorted(rows, key=key)
