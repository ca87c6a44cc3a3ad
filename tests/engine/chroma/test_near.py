"""Issue 19, item 3: the complete hands near a hand (`engine/chroma/near.py`, the strict gold reading's hands after)
are every complete hand that changing up to that many tiles makes, found here by trying every change (the
reference's `complete`), or, for three changes, by completing every choice of tiles taken out."""

from __future__ import annotations

import random
from itertools import combinations_with_replacement

import pytest

from engine.chroma import near, search
from tests.engine.chroma.reference import complete, counts_of
from tests.engine.chroma.test_exact_search import complete_faces, palette_of


def a_hand(rng: random.Random) -> tuple[tuple[int, ...], int]:
    """Fourteen faces making a complete hand, or eleven (a hand with a called meld): counts and its set count."""
    faces = complete_faces(rng, palette_of(rng))
    if rng.random() < 0.3:
        counts = counts_of(faces)
        sets = [f for f in range(34) if counts[f] >= 3]
        if sets:
            counts[rng.choice(sets)] -= 3
            return tuple(counts), 3
    return tuple(counts_of(faces)), 4


def taken_out(counts: tuple[int, ...], size: int, keep: int) -> set[tuple[int, ...]]:
    """The counts left by taking `size` tiles out, a tile of `keep` always staying."""
    held = [f for f in range(34) for _ in range(counts[f] - (f == keep))]
    out = set()
    for taken in combinations_with_replacement(sorted(set(held)), size):
        left = list(counts)
        for f in taken:
            left[f] -= 1
        if min(left) >= 0 and left[keep] >= 1:
            out.add(tuple(left))
    return out


def by_every_change(counts: tuple[int, ...], changes: int, keep: int) -> set[tuple[int, ...]]:
    out = set()
    for size in range(1, changes + 1):
        for left in taken_out(counts, size, keep):
            for added in combinations_with_replacement(range(34), size):
                hand = list(left)
                for f in added:
                    hand[f] += 1
                if complete(hand):
                    out.add(tuple(hand))
    out.discard(counts)
    return out


@pytest.mark.parametrize("seed", range(6))
def test_near_hands_are_every_complete_hand_up_to_two_changes_away(seed):
    rng = random.Random(seed)
    counts, sets = a_hand(rng)
    changes = 1 + seed % 2
    keep = rng.choice([f for f in range(34) if counts[f]])
    expected = by_every_change(counts, changes, keep)
    found = near.near_hands(counts, changes, sets, keep)
    assert {hand for hand, _ in found} == expected
    assert len(found) == len(expected)
    for hand, apart in found:
        assert apart == sum(abs(n - m) for n, m in zip(counts, hand, strict=True)) // 2


@pytest.mark.parametrize("seed", range(4))
def test_near_hands_three_changes_away_are_the_completions_of_every_choice_of_tiles(seed):
    rng = random.Random(100 + seed)
    found = 0
    for _ in range(8):
        counts, sets = a_hand(rng)
        keep = rng.choice([f for f in range(34) if counts[f]])
        expected = set()
        for size in range(1, 4):
            for left in taken_out(counts, size, keep):
                for added in search.any_face_completions(left, size, sets):
                    hand = list(left)
                    for f in added:
                        hand[f] += 1
                    expected.add(tuple(hand))
        expected.discard(counts)
        near_hands = near.near_hands(counts, 3, sets, keep)
        assert {hand for hand, _ in near_hands} == expected
        for hand, apart in near_hands:
            assert apart == sum(abs(n - m) for n, m in zip(counts, hand, strict=True)) // 2
        found += len(expected)
    assert found > 1000  # hands to compare, not empty sets

def test_the_distance_counts_the_tiles_that_change_face():
    held = counts_of([0, 0, 1, 2, 27])
    assert near.distance(tuple(held), tuple(counts_of([0, 1, 1, 2, 28]))) == 2
    assert near.distance(tuple(held), tuple(held)) == 0
