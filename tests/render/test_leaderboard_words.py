"""The leaderboard line reads as a sentence (issue 18, item 8), singular and plural right."""

from __future__ import annotations

from fractions import Fraction

from render.common import leaderboard_embed
from storage.results import LeaderboardRow


def test_each_line_says_games_first_places_and_averages_in_words():
    rows = [LeaderboardRow(1, 2, 1, 1.5, Fraction(52901, 2)), LeaderboardRow(2, 1, 0, 3.0, Fraction(21100)),
            LeaderboardRow(3, 3, 3, 1.0, Fraction(30000))]
    lines = leaderboard_embed("Board", rows, empty="none").description.splitlines()
    assert lines[0] == "**1.** <@1>: 2 games, first in 1, average place 1.50, average 26,450 points"
    assert lines[1] == "**2.** <@2>: 1 game, never first, average place 3.00, average 21,100 points"
    assert lines[2].startswith("**3.** <@3>: 3 games, first in 3,")
    assert leaderboard_embed("Board", [], empty="none").description == "none"
