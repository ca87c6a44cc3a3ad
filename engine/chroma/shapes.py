"""Whether held tiles can still be a complete hand when free tiles of any face are added: the fewest held tiles that
must be taken out first (a gold changes a tile: it leaves its face and, as a free tile, takes any other).

The number of tiles added follows from the hand's size, so only the shape matters. Blocks never cross suits, so each
suit (and the honours, each face on its own) is worked out apart, memoised by its counts, and the suits combined.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

NEVER = 99  # more tiles than any hand holds


@lru_cache(maxsize=1 << 15)
def _suit(counts: tuple[int, ...], loose: int, sets: int, pair: int) -> int:
    """Fewest tiles of the numbers in the bit mask `loose` to take out so that one suit's nine counts, with tiles
    added, make exactly `sets` sets and `pair` pairs (NEVER if none)."""
    lowest = next((i for i, n in enumerate(counts) if n), -1)
    if lowest < 0:
        return 0
    rest = list(counts)
    rest[lowest] -= 1
    best = NEVER
    if loose >> lowest & 1:
        best = 1 + _suit(tuple(rest), loose, sets, pair)
    shapes: list[tuple[tuple[int, ...], int, int]] = []  # the block's other tiles, sets and pair left
    if pair:
        shapes.append(((lowest,), sets, 0))
    if sets:
        shapes.append(((lowest, lowest), sets - 1, pair))
        for a, b in ((lowest + 1, lowest + 2), (lowest - 1, lowest + 1), (lowest - 2, lowest - 1)):
            if a >= 0 and b <= 8:
                shapes.append(((a, b), sets - 1, pair))
    for others, sets_left, pair_left in shapes:
        left = list(rest)
        for face in others:
            if left[face]:
                left[face] -= 1
        best = min(best, _suit(tuple(left), loose, sets_left, pair_left))
    return best


@lru_cache(maxsize=1 << 12)
def _honours(counts: tuple[int, ...], loose: int, sets: int, pair: int) -> int:
    """The same for the seven honours: each face makes triplets and maybe the pair on its own."""
    lowest = next((i for i, n in enumerate(counts) if n), -1)
    if lowest < 0:
        return 0
    held = counts[lowest]
    rest = (*counts[:lowest], 0, *counts[lowest + 1:])
    best = NEVER
    for dropped in range(held + 1 if loose >> lowest & 1 else 1):
        left = held - dropped
        for pairs in range(pair + 1) if left else (0,):
            triplets = -(-max(0, left - 2 * pairs) // 3)
            if triplets <= sets:
                best = min(best, dropped + _honours(rest, loose, sets - triplets, pair - pairs))
    return best


def fewest_out(counts: Sequence[int], sets: int, pair: int = 1, loose: int = 0) -> int:
    """The fewest held tiles, all of faces in the bit mask `loose`, that must go so that these 34 counts with tiles
    of any face added make `sets` sets and `pair` pairs (NEVER if no such division)."""
    return _fewest_out(tuple(counts), sets, pair, loose)


@lru_cache(maxsize=1 << 14)
def _fewest_out(counts: tuple[int, ...], sets: int, pair: int, loose: int) -> int:
    """Each part's fewest out for the (sets, pairs) it may make, combined; an empty part makes any blocks from added
    tiles alone."""
    table: list[list[int]] | None = None  # [pairs][sets] of the parts so far: fewest out
    free = False  # an empty part takes whatever blocks are left
    for start, end, shift, mask, division in _PARTS:
        part = counts[start:end]
        if not any(part):
            free = True
            continue
        part_loose = loose >> shift & mask
        if table is None:
            table = [[min(division(part, part_loose, n, q), NEVER) for n in range(sets + 1)] for q in range(pair + 1)]
            continue
        grown = [[NEVER] * (sets + 1) for _ in range(pair + 1)]
        known: dict[tuple[int, int], int] = {}
        for p in range(pair + 1):
            for s, out in enumerate(table[p]):
                if out >= NEVER:
                    continue
                for q in range(pair - p + 1):
                    row = grown[p + q]
                    for n in range(sets - s + 1):
                        cost = known.get((n, q))
                        if cost is None:
                            cost = known[(n, q)] = division(part, part_loose, n, q)
                        if out + cost < row[s + n]:
                            row[s + n] = out + cost
        table = grown
    if table is None:
        return 0
    if free:
        return min(min(row) for row in table)
    return table[pair][sets]


_PARTS = ((0, 9, 0, 0x1FF, _suit), (9, 18, 9, 0x1FF, _suit), (18, 27, 18, 0x1FF, _suit), (27, 34, 27, 0x7F, _honours))


def seven_pairs_out(counts: Sequence[int], loose: int = 0) -> int:
    """The same for seven pairs of different faces: beyond two of a face must go, and with more than seven faces whole
    faces (the fewest tiles first)."""
    out = 0
    kept = 0
    optional: list[int] = []
    for face, n in enumerate(counts):
        if not n:
            continue
        if n > 2:
            if not loose >> face & 1:
                return NEVER
            out += n - 2
            n = 2
        if loose >> face & 1:
            optional.append(n)
        else:
            kept += 1
    optional.sort()
    while kept + len(optional) > 7 and optional:
        out += optional.pop(0)
    return out if kept <= 7 else NEVER
