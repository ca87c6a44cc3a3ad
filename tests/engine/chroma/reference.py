"""An independent, deliberately plain reference for complete hands and waits (no code shared with the engine).

`complete(counts)`: is this 34-count array (any size 3n+2, any number of copies of a face) four-sets-and-a-pair,
seven distinct pairs or thirteen orphans? The standard form is checked the textbook way: pick the pair, then the
lowest remaining face must start a triplet or a run. `brute_waits` expands every wildcard to each of its
readings and asks `complete` for every face.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import product

from engine.chroma.rules import ChromaRules, readings
from engine.chroma.tiles import Tile

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


@cache
def _sets_only(counts: tuple[int, ...]) -> bool:
    lowest = next((f for f, n in enumerate(counts) if n), None)
    if lowest is None:
        return True
    rest = list(counts)
    if rest[lowest] >= 3:
        rest[lowest] -= 3
        if _sets_only(tuple(rest)):
            return True
        rest[lowest] += 3
    if lowest < 27 and lowest % 9 <= 6 and rest[lowest + 1] and rest[lowest + 2]:
        for f in (lowest, lowest + 1, lowest + 2):
            rest[f] -= 1
        return _sets_only(tuple(rest))
    return False


@cache
def _complete(counts: tuple[int, ...]) -> bool:
    if sum(counts) % 3 != 2:
        return False
    for pair, n in enumerate(counts):
        if n >= 2:
            rest = list(counts)
            rest[pair] -= 2
            if _sets_only(tuple(rest)):
                return True
    if sum(counts) != 14:
        return False
    seven_pairs = sum(1 for n in counts if n == 2) == 7
    orphans = all(counts[f] for f in ORPHANS) and sum(counts[f] for f in ORPHANS) == 14
    return seven_pairs or orphans


def complete(counts: Sequence[int]) -> bool:
    return _complete(tuple(counts))


def plus(counts: Sequence[int], *faces: int) -> list[int]:
    out = list(counts)
    for face in faces:
        out[face] += 1
    return out


def plain_waits(counts: Sequence[int]) -> set[int]:
    """Faces that complete these counts (a fifth copy included)."""
    return {f for f in range(34) if complete(plus(counts, f))}


def counts_of(faces: Iterable[int]) -> list[int]:
    out = [0] * 34
    for face in faces:
        out[face] += 1
    return out


def brute_waits(tiles: Sequence[Tile], rules: ChromaRules | None = None) -> set[int]:
    """Union of `plain_waits` over every reading of every tile."""
    rules = rules or ChromaRules()
    found: set[int] = set()
    for reading in {tuple(sorted(r)) for r in product(*(sorted(readings(t, rules)) for t in tiles))}:
        found |= plain_waits(counts_of(reading))
    return found
