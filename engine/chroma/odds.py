"""`/chroma odds`: the exact hypergeometric chance of drawing at least k chroma tiles (seed 002, "Rainbow Stats
for Nerds": 15 chroma tiles in a 136-tile wall, 31 draws), next to the Rainbow's value for each k."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from engine.errors import IllegalMove
from engine.text import N_


@dataclass(frozen=True)
class OddsRow:
    at_least: int
    chance: Fraction
    rainbow: str  # the Rainbow's value at exactly this many chroma tiles


def at_least(k: int, tiles: int, wall: int, draws: int) -> Fraction:
    """P(X >= k) for X ~ Hypergeometric(wall, tiles, draws), exactly."""
    total = comb(wall, draws)
    return Fraction(sum(comb(tiles, x) * comb(wall - tiles, draws - x) for x in range(k, min(tiles, draws) + 1)),
                    total)


def rainbow_value(count: int, rainbow_from: int) -> str:
    over = count - rainbow_from
    if over < 0:
        return "—"
    return f"{over + 1} han" if over <= 2 else "yakuman"


def table(tiles: int = 15, wall: int = 136, draws: int = 31, rainbow_from: int = 5) -> list[OddsRow]:
    if not 0 <= tiles <= wall or not 1 <= draws <= wall or wall > 1000:
        raise IllegalMove(N_("Those numbers don't describe a wall."),
                          N_("Chroma tiles and draws must fit in the wall (for example tiles 15, wall 136, draws 31)."))
    rows = []
    first = min(4, rainbow_from - 1) if rainbow_from > 1 else 1
    last = max(8, rainbow_from + 3)
    for k in range(first, min(tiles, draws) + 1):
        chance = at_least(k, tiles, wall, draws)
        if k > last and chance < Fraction(1, 10**6):  # "and beyond where it matters"
            break
        rows.append(OddsRow(k, chance, rainbow_value(k, rainbow_from)))
    return rows
