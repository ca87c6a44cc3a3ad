"""Combination scoring (seed 004, "Point evaluation"), with an explanation of every factor.

Readings (docs/rulings.md, Gin-jon-tan):
- A *set* ("pair" .. "nine") is 2-9 cards of one symbol; an *order* ("order 3" .. "order 9") is 3-9 cards
  with consecutive copy numbers (any symbols, unless `order_same_symbol`).
- Colour factor of a set or order: "in one color" x that colour's multiplier; "multicolor": at least two
  colours with at least a pair among its cards: x the lowest such colour's multiplier x how many such colours;
  otherwise colourless (x1). The best of the three that the cards allow.
- *Full colours*: the hand's cards (without Bonus and Defeat) show all six non-white colours:
  9 x sum of values x (count of the most present colour x its multiplier; colours tied for most present add
  their multipliers: "2 same colors: sum of cards color values").
- A Universal stands for any card (symbol, colour, copy number) and keeps its own value.
- Each Bonus adds its own value to the combination's points, then triples them ("including itself").
- A hand without a combination scores 0; a Defeat is reported (it loses the round at evaluation).
- `combinations="best"`: the single best combination; `"all"`: the best set of disjoint ones, added up.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from typing import Any

from engine.ginjontan.cards import COLOURS, COPIES, FULL_COLOURS, Colour, card
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.words import joined, set_name, words
from engine.text import N_, Ref

SET_FACTORS = {2: 2, 3: 3, 4: 9, 5: 12, 6: 15, 7: 18, 8: 21, 9: 33}  # "Colorless": pair .. nine
ORDER_FACTORS = {3: 3, 4: 6, 5: 9, 6: 12, 7: 21, 8: 33, 9: 99}  # "order 3" .. "order 9"
SET_NAMES = {2: "pair", 3: "triple", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}
NO_COMBINATION = N_("No combination")
FULL_FACTOR = 9  # "Base value: sum of all cards values*9"
MAX_CARDS = 9
_MULT = tuple(c.multiplier for c in COLOURS)
_FULL = tuple(COLOURS.index(c) for c in FULL_COLOURS)
_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}


@dataclass(frozen=True)
class Combination:
    kind: str  # "set", "order", "full colours"
    cards: tuple[int, ...]  # the cards it is made of, Universals included
    points: int
    lines: tuple[Ref, ...]  # how the points were reached (engine/ginjontan/words.py: render/ words them)

    @property
    def heading(self) -> Ref:
        n = len(self.cards)
        if self.kind == "set":
            return set_name(n, SET_NAMES[n], title=True)
        return words(N_("Order {count}"), count=n) if self.kind == "order" else words(N_("Full colours"))

    @property
    def title(self) -> str:
        return self.heading.english


@dataclass(frozen=True)
class HandScore:
    points: int
    combinations: tuple[Combination, ...]  # empty: no combination
    bonuses: tuple[int, ...]
    defeat: bool
    lines: tuple[Ref, ...]  # how the points were reached (render/ words them)

    @property
    def heading(self) -> Ref:
        if not self.combinations:
            return words(NO_COMBINATION)
        return joined(" + ", (c.heading for c in self.combinations))

    @property
    def title(self) -> str:
        return self.heading.english


# -- colour factors ------------------------------------------------------------------------------------------

@cache
def colour_factor(counts: tuple[int, ...], free: int) -> tuple[int, Ref, tuple[int, ...]]:
    """The best colour factor for a set or order whose fixed cards have `counts` per colour, with `free`
    Universals that may take any colour. Returns (factor, description, the Universals' colour indices)."""
    present = [i for i, n in enumerate(counts) if n]
    best = (1, words(N_("colourless")), (0,) * free)
    if len(present) <= 1:
        c = present[0] if present else COLOURS.index(Colour.VIOLET)
        best = (_MULT[c], words(N_("one colour: {colour} x{factor}"), colour=COLOURS[c].named, factor=_MULT[c]),
                (c,) * free)
    pairs = [i for i, n in enumerate(counts) if n >= 2]
    others = [i for i, n in enumerate(counts) if n < 2]
    for mask in range(1 << len(others)):
        chosen = [others[k] for k in range(len(others)) if mask >> k & 1]
        cost = sum(2 - counts[i] for i in chosen)
        group = pairs + chosen
        if cost > free or len(group) < 2:
            continue
        low = min(_MULT[i] for i in group)
        factor = low * len(group)
        if factor > best[0]:
            fill = [i for i in chosen for _ in range(2 - counts[i])]
            fill += [group[0]] * (free - len(fill))
            names = joined(", ", (COLOURS[i].named for i in sorted(group)))
            best = (factor, words(N_("multicolour: {count} colours with a pair ({colours}), lowest x{low}, so "
                                     "x{low} x {count}"), count=len(group), colours=names, low=low), tuple(fill))
    return best


@cache
def full_colour_factor(counts: tuple[int, ...], free: int) -> tuple[int, Ref, tuple[int, ...]] | None:
    """Full colours' multiplier, or None when the six non-white colours can't all be shown."""
    best: tuple[int, Ref, tuple[int, ...]] | None = None
    for extra in combinations_with_replacement(range(len(COLOURS)), free):
        total = list(counts)
        for i in extra:
            total[i] += 1
        if any(total[i] == 0 for i in _FULL):
            continue
        top = max(total[i] for i in _FULL)  # white is not counted here either
        tied = [i for i in _FULL if total[i] == top]
        factor = top * sum(_MULT[i] for i in tied)
        if best is None or factor > best[0]:
            if len(tied) == 1:
                text = words(N_("most present colour {colour} x{factor} x {count} cards"),
                             colour=COLOURS[tied[0]].named, factor=_MULT[tied[0]], count=top)
            else:
                text = words(N_("most present colours {colours} tie at {count} cards: ({factors}) x {count}"),
                             colours=joined(", ", (COLOURS[i].named for i in tied)), count=top,
                             factors=" + ".join(str(_MULT[i]) for i in tied))
            best = (factor, text, extra)
    return best


# -- sets and orders --------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Candidate:
    points: int
    kind: str
    regular: tuple[int, ...]
    universals: tuple[int, ...]
    colours: tuple[int, ...]  # the Universals' colours
    colour_text: Ref
    colour: int  # the colour factor
    top: int  # order: the value of the highest card
    top_is_universal: bool


def _candidates(regular: list[int], universals: list[int], options: GinjontanOptions,
                all_subsets: bool) -> dict[int, _Candidate]:
    """The best set or order for each combination of cards, keyed by a bit mask over regular + universals.
    With `all_subsets` False only the most valuable Universals are tried (enough for the single best)."""
    n = len(regular)
    cards_ = [card(c) for c in regular]
    masks = _shapes(cards_, len(universals))
    sym: dict[int, int] = {}  # -2: empty, -1: mixed symbols
    nums: dict[int, int] = {}  # copy-number bits; -1 once a number repeats
    total: dict[int, int] = {}
    lo: dict[int, int] = {}
    hi: dict[int, int] = {}
    top_val: dict[int, int] = {}
    counts: dict[int, tuple[int, ...]] = {}
    for mask in sorted(masks):
        members = [cards_[i] for i in range(n) if mask >> i & 1]
        symbols = {c.symbol.index for c in members}
        sym[mask] = -2 if not members else symbols.pop() if len(symbols) == 1 else -1
        copies = [c.copy for c in members]
        nums[mask] = -1 if len(set(copies)) < len(copies) else 0
        total[mask] = sum(c.value for c in members)
        lo[mask], hi[mask] = (min(copies), max(copies)) if members else (COPIES + 1, 0)
        top_val[mask] = max(members, key=lambda c: c.copy).value if members else 0
        tally = [0] * len(COLOURS)
        for c in members:
            tally[_COLOUR_INDEX[c.colour]] += 1
        counts[mask] = tuple(tally)

    order = sorted(range(len(universals)), key=lambda k: -card(universals[k]).value)
    if all_subsets:
        u_masks = list(range(1 << len(universals)))
    else:  # the j most valuable
        u_masks = [sum(1 << order[k] for k in range(j)) for j in range(len(universals) + 1)]
    found: dict[int, _Candidate] = {}
    for um in u_masks:
        us = tuple(universals[k] for k in range(len(universals)) if um >> k & 1)
        j = len(us)
        u_total = sum(card(u).value for u in us)
        u_top = max((card(u).value for u in us), default=0)
        for mask in masks:
            pop = mask.bit_count()
            m = pop + j
            if m < 2 or m > MAX_CARDS:
                continue
            best: _Candidate | None = None
            s = sym[mask]
            base_sum = total[mask] + u_total
            if s != -1:
                cf = colour_factor(counts[mask], j)
                best = _Candidate(SET_FACTORS[m] * base_sum * cf[0], "set", (), us, cf[2], cf[1], cf[0], 0, False)
            if m >= 3 and nums[mask] != -1 and (not options.order_same_symbol or s != -1):
                span = hi[mask] - lo[mask] + 1 if pop else 0
                if span <= m:
                    if pop == 0:
                        top, top_u = u_top, True
                    else:  # spare Universals go below the lowest card or above the highest, within 1..33
                        spare = m - span
                        can_regular = spare <= lo[mask] - 1
                        can_universal = spare >= 1 and hi[mask] < COPIES
                        if can_universal and (not can_regular or u_top > top_val[mask]):
                            top, top_u = u_top, True
                        else:
                            top, top_u = top_val[mask], False
                    cf = colour_factor(counts[mask], j)
                    points = ORDER_FACTORS[m] * base_sum * top * cf[0]
                    if best is None or points > best.points:
                        best = _Candidate(points, "order", (), us, cf[2], cf[1], cf[0], top, top_u)
            if best is not None:
                regular_cards = tuple(regular[k] for k in range(n) if mask >> k & 1)
                key = mask | (um << n)
                found[key] = _Candidate(best.points, best.kind, regular_cards, *_rest(best))
    return found


def _shapes(cards_: list, universals: int) -> set[int]:
    """The masks over the regular cards that can be part of a set or an order: subsets of one symbol, and
    subsets with different copy numbers no more than 9 apart (the empty mask too, for Universals alone)."""
    n = len(cards_)
    masks = {0}
    by_symbol: dict[int, list[int]] = {}
    for i, c in enumerate(cards_):
        by_symbol.setdefault(c.symbol.index, []).append(i)
    for group in by_symbol.values():
        for sub in range(1, 1 << len(group)):
            masks.add(sum(1 << group[k] for k in range(len(group)) if sub >> k & 1))
    by_copy = sorted(range(n), key=lambda i: cards_[i].copy)

    def grow(mask: int, low: int, high: int, pop: int, start: int) -> None:
        masks.add(mask)
        for k in range(start, n):
            i = by_copy[k]
            copy = cards_[i].copy
            if copy - low + 1 > MAX_CARDS or pop + 1 + universals > MAX_CARDS:
                break
            if copy != high:
                grow(mask | 1 << i, low, copy, pop + 1, k + 1)

    for k, i in enumerate(by_copy):
        grow(1 << i, cards_[i].copy, cards_[i].copy, 1, k + 1)
    return masks


def _rest(c: _Candidate) -> tuple:
    return (c.universals, c.colours, c.colour_text, c.colour, c.top, c.top_is_universal)


def _explain(c: _Candidate) -> Combination:
    members = c.regular + c.universals
    m = len(members)
    roles = _universal_roles(c)
    listed = joined(" ", (roles.get(x, card(x).notation) for x in members))
    values = " + ".join(str(card(x).value) for x in members)
    total = sum(card(x).value for x in members)
    if c.kind == "set":
        factor = SET_FACTORS[m]
        lines = [words(N_("{title}: {cards}"), title=set_name(m, SET_NAMES[m], title=True), cards=listed),
                 words(N_("sum of values {values} = {total}"), values=values, total=total),
                 words(N_("x{factor} ({name})"), factor=factor, name=set_name(m, SET_NAMES[m], title=False))]
    else:
        factor = ORDER_FACTORS[m]
        lines = [words(N_("Order {count}: {cards}"), count=m, cards=listed),
                 words(N_("sum of values {values} = {total}"), values=values, total=total),
                 words(N_("x{factor} (order {count})"), factor=factor, count=m),
                 words(N_("x{factor} (value of the highest card)"), factor=c.top)]
    lines.append(words(N_("x{factor} ({colours})"), factor=c.colour, colours=c.colour_text))
    lines.append(words(N_("= {points}"), points=f"{c.points:,}"))
    return Combination(c.kind, members, c.points, tuple(lines))


def _universal_roles(c: _Candidate) -> dict[int, Ref]:
    """Each Universal of the combination, written with what it stands for."""
    if not c.universals:
        return {}
    colours = [COLOURS[i].named for i in c.colours]
    if c.kind == "set":
        what: Any = card(c.regular[0]).symbol.name if c.regular else words(N_("any one symbol"))
        return {u: words(N_("{card} (as {colour} {symbol})"), card=card(u).notation, colour=colour, symbol=what)
                for u, colour in zip(c.universals, colours, strict=True)}
    have = sorted(card(x).copy for x in c.regular)
    m = len(c.regular) + len(c.universals)
    if have:
        spare = m - (have[-1] - have[0] + 1)
        above = max(1, spare - (have[0] - 1)) if c.top_is_universal else 0  # spare Universals above the top
        start = have[-1] + above - m + 1
    else:
        start = COPIES - m + 1
    numbers = [x for x in range(start, start + m) if x not in have]
    return {u: words(N_("{card} (as {colour} {number})"), card=card(u).notation, colour=colour, number=number)
            for u, colour, number in zip(c.universals, colours, numbers, strict=True)}


def _full_colours(regular: list[int], universals: list[int]) -> Combination | None:
    members = regular + universals
    counts = [0] * len(COLOURS)
    for c in regular:
        counts[COLOURS.index(card(c).colour)] += 1
    found = full_colour_factor(tuple(counts), len(universals))
    if found is None:
        return None
    factor, text, extra = found
    total = sum(card(x).value for x in members)
    points = FULL_FACTOR * total * factor
    roles = {u: words(N_("{card} (as {colour})"), card=card(u).notation, colour=COLOURS[i].named)
             for u, i in zip(universals, extra, strict=True)}
    lines = (words(N_("Full colours: {cards}"), cards=joined(" ", (roles.get(x, card(x).notation) for x in members))),
             words(N_("sum of values {values} = {total}"), values=" + ".join(str(card(x).value) for x in members),
                   total=total),
             words(N_("x{factor}"), factor=FULL_FACTOR),
             words(N_("x{factor} ({colours})"), factor=factor, colours=text),
             words(N_("= {points}"), points=f"{points:,}"))
    return Combination("full colours", tuple(members), points, lines)


def _best_partition(found: dict[int, _Candidate], size: int) -> list[_Candidate]:
    """The disjoint combinations with the highest total (subset DP over the cards)."""
    by_low: dict[int, list[tuple[int, _Candidate]]] = {}
    for key, cand in found.items():
        by_low.setdefault(key & -key, []).append((key, cand))
    best: dict[int, tuple[int, tuple[_Candidate, ...]]] = {0: (0, ())}

    def solve(mask: int) -> tuple[int, tuple[_Candidate, ...]]:
        if mask in best:
            return best[mask]
        low = mask & -mask
        result = solve(mask ^ low)
        for key, cand in by_low.get(low, ()):
            if key & mask == key:
                points, chosen = solve(mask ^ key)
                if points + cand.points > result[0]:
                    result = (points + cand.points, (*chosen, cand))
        best[mask] = result
        return result

    return list(solve(size - 1)[1])


def score_hand(cards: list[int] | tuple[int, ...], options: GinjontanOptions | None = None) -> HandScore:
    """The hand's points and how they were reached."""
    options = options or GinjontanOptions()
    if len(cards) > MAX_CARDS:
        raise ValueError(f"at most {MAX_CARDS} cards")
    regular = [c for c in cards if not card(c).special or card(c).special == "black_hole"]
    universals = [c for c in cards if card(c).special == "universal"]
    bonuses = tuple(c for c in cards if card(c).special == "bonus")
    defeat = any(card(c).special == "defeat" for c in cards)
    every = options.combinations == "all"
    found = _candidates(regular, universals, options, all_subsets=every)
    chosen: list[Combination] = []
    if every:
        chosen = [_explain(c) for c in _best_partition(found, 1 << (len(regular) + len(universals)))]
    elif found:
        chosen = [_explain(max(found.values(), key=lambda c: c.points))]
    full = _full_colours(regular, universals)
    if full is not None and full.points > sum(c.points for c in chosen):
        chosen = [full]
    points = sum(c.points for c in chosen)
    lines = [line for c in chosen for line in c.lines]
    if len(chosen) > 1:
        lines.append(words(N_("Combinations together: {parts} = {points}"),
                           parts=" + ".join(f"{c.points:,}" for c in chosen), points=f"{points:,}"))
    if not chosen:
        lines.append(words(N_("No combination: no pair, no order of 3 and not all six colours.")))
    elif bonuses:
        extra = sum(card(b).value for b in bonuses)
        tripled = (points + extra) * 3 ** len(bonuses)
        lines.append(words(N_("Bonus: {points} + {extra} (the Bonus card itself) x{factor} = {total}")
                           if len(bonuses) == 1 else
                           N_("Bonus: {points} + {extra} (the Bonus cards themselves) x{factor} = {total}"),
                           points=f"{points:,}", extra=extra, factor=3 ** len(bonuses), total=f"{tripled:,}"))
        points = tripled
    if defeat:
        lines.append(words(N_("Defeat: revealed at evaluation, this hand loses the round (step 7).")))
    return HandScore(points, tuple(chosen), bonuses, defeat, tuple(lines))


def best_swap(hand: tuple[int, ...], reserve: tuple[int, ...],
              options: GinjontanOptions | None = None) -> tuple[int, int, int] | None:
    """The one-card exchange (hand card, reserve card, new points) that scores highest, if any beats keeping
    the hand: a hint for exchanges (3.4, 4, 6.1b). At most 9 x 33 hands are scored."""
    options = options or GinjontanOptions()
    best: tuple[int, int, int] | None = None
    now = score_hand(hand, options).points
    for i, give in enumerate(hand):
        rest = hand[:i] + hand[i + 1:]
        for take in reserve:
            points = score_hand((*rest, take), options).points
            if points > now and (best is None or points > best[2]):
                best = (give, take, points)
    return best


@dataclass(frozen=True)
class HandAdvice:
    """What a player's private hand shows: the hand's score, the cards of its combinations, and (when the player
    may exchange) the best one-card exchange (`best_swap`; None when none beats the hand or none was asked)."""

    score: HandScore
    combination_cards: frozenset[int]
    swap: tuple[int, int, int] | None


def hand_advice(hand: tuple[int, ...], reserve: tuple[int, ...], options: GinjontanOptions,
                with_swap: bool) -> HandAdvice:
    """The hand's advice; `with_swap` looks for the best exchange too (hundreds of hands scored: the bot works it
    out off its event loop)."""
    score = score_hand(hand, options)
    cards = frozenset(c for combination in score.combinations for c in combination.cards)
    return HandAdvice(score, cards, best_swap(hand, reserve, options) if with_swap else None)
