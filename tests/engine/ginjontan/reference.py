"""A brute-force reading of the scoring rows of docs/rulings.md, written apart from engine/ginjontan/scoring.py
to check it on small hands: every subset of the hand is tried as a set and as an order, every place and colour
for each Universal, and full colours over the whole hand. Slow (fine for up to 7 cards and 2 Universals)."""

from __future__ import annotations

from functools import cache
from itertools import combinations, permutations, product

from engine.ginjontan.cards import COLOURS, Colour, card

SET_FACTORS = {2: 2, 3: 3, 4: 9, 5: 12, 6: 15, 7: 18, 8: 21, 9: 33}  # "pair: x2" .. "nine: x33"
ORDER_FACTORS = {3: 3, 4: 6, 5: 9, 6: 12, 7: 21, 8: 33, 9: 99}  # "order 3: x3" .. "order 9: x99"
NON_WHITE = [c for c in COLOURS if c is not Colour.WHITE]


def colour_factor(colours: list[Colour]) -> int:
    """One colour: its multiplier; at least two colours with a pair: the lowest of them x how many; else 1."""
    if len(set(colours)) == 1:
        return colours[0].multiplier
    paired = [c for c in set(colours) if colours.count(c) >= 2]
    if len(paired) >= 2:
        return min(c.multiplier for c in paired) * len(paired)
    return 1


def combination_points(members: tuple[int, ...]) -> int:
    """The best set or order made of exactly these cards (0 if none)."""
    regular = [card(x) for x in members if card(x).special != "universal"]
    universals = [card(x) for x in members if card(x).special == "universal"]
    m = len(members)
    if not 2 <= m <= 9:
        return 0
    total = sum(card(x).value for x in members)
    factor = max(colour_factor([c.colour for c in regular] + list(chosen))
                 for chosen in product(COLOURS, repeat=len(universals)))
    best = 0
    if len({c.symbol.name for c in regular}) <= 1:
        best = SET_FACTORS[m] * total * factor
    copies = [c.copy for c in regular]
    if m >= 3 and len(set(copies)) == len(copies):
        for start in range(1, 33 - m + 2):
            window = range(start, start + m)
            if not all(k in window for k in copies):
                continue
            gaps = [k for k in window if k not in copies]
            for placed in permutations(universals):
                at = {**{c.copy: c for c in regular}, **dict(zip(gaps, placed, strict=True))}
                best = max(best, ORDER_FACTORS[m] * total * at[window[-1]].value * factor)
    return best


def full_colours(members: list[int]) -> int:
    regular = [card(x) for x in members if card(x).special != "universal"]
    universals = [x for x in members if card(x).special == "universal"]
    total = sum(card(x).value for x in members)
    best = 0
    for chosen in product(COLOURS, repeat=len(universals)):
        colours = [c.colour for c in regular] + list(chosen)
        counts = {c: colours.count(c) for c in NON_WHITE}
        if min(counts.values()) == 0:
            continue
        top = max(counts.values())
        best = max(best, 9 * total * top * sum(c.multiplier for c in NON_WHITE if counts[c] == top))
    return best


def reference_score(hand: list[int], every: bool = False) -> int:
    """The hand's points: the best combination (or, `every`, the best disjoint ones added up) or full colours,
    then the Bonuses."""
    usable = tuple(x for x in hand if card(x).special not in ("bonus", "defeat"))
    bonuses = [x for x in hand if card(x).special == "bonus"]

    @cache
    def disjoint(rest: tuple[int, ...]) -> int:
        if len(rest) < 2:
            return 0
        first, others = rest[0], rest[1:]
        best = disjoint(others)
        for k in range(1, len(others) + 1):
            for part in combinations(others, k):
                left = tuple(x for x in others if x not in part)
                best = max(best, combination_points((first, *part)) + disjoint(left))
        return best

    if every:
        points = disjoint(usable)
    else:
        points = max((combination_points(sub) for k in range(2, len(usable) + 1)
                      for sub in combinations(usable, k)), default=0)
    points = max(points, full_colours(list(usable)))
    if points and bonuses:
        points = (points + sum(card(b).value for b in bonuses)) * 3 ** len(bonuses)
    return points
