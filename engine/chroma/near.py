"""Complete hands near a hand: every complete hand that changing at most `changes` of its tiles to other faces
makes (seed 002, ability 2, gold read strictly), found directly rather than by completing each choice of tiles.

A hand within `changes` of the held counts differs from them by at most `changes` tiles each way. The standard
form is built face by face, lowest first: at each face, the pair, triplets and runs that start there, with the
runs started at the two faces below; a face's held tiles that no block uses are lost for good, so a branch stops
once the tiles it adds or loses pass `changes`.
"""

from __future__ import annotations

from functools import lru_cache

from engine.chroma.tiles import HONOURS, TERMINALS_AND_HONOURS

Counts = tuple[int, ...]


@lru_cache(maxsize=64)  # shared by every hand; small, as an entry may hold a thousand hands
def near_hands(held: Counts, changes: int, sets: int = 4, keep: int = -1) -> tuple[tuple[Counts, int], ...]:
    """The complete hands (`sets` sets and a pair; with four, also seven pairs and thirteen orphans) other than
    `held` that differ from it by at most `changes` tiles, and that still hold a tile of face `keep` (given), each
    with that difference (`distance`)."""
    out: set[Counts] = set()
    _Standard(held, changes, out).search(sets)
    if sets == 4:
        _seven_pairs(held, changes, out)
        _orphans(held, changes, out)
    return tuple((hand[:34], hand[34]) for hand in out if hand[:34] != held and (keep < 0 or hand[keep]))


def distance(held: Counts, hand: Counts) -> int:
    """How many tiles of `held` must change face to make `hand` (of as many tiles)."""
    return sum(n - m for n, m in zip(held, hand, strict=True) if n > m)


class _Standard:
    def __init__(self, held: Counts, changes: int, out: set[Counts]) -> None:
        self.held, self.changes, self.out = held, changes, out
        self.after = [0] * 35  # held tiles from each face on
        for face in range(33, -1, -1):
            self.after[face] = held[face] + self.after[face + 1]
        self.known: dict[tuple, set[int]] = {}

    def search(self, sets: int) -> None:
        for packed in self._face(0, 0, 0, sets, 1, 0, 0):
            self.out.add(tuple(packed.to_bytes(35, "little")))

    def _face(self, face: int, one: int, two: int, sets: int, pair: int, added: int, lost: int) -> set[int]:
        """The counts from `face` on (a byte a face, then the distance) of the hands with `one` and `two` runs started
        one and two faces below, `sets` and `pair` still to place, and `added` and `lost` tiles so far."""
        if face == 34:
            return {added << 8 * 34} if not (sets or pair or one or two) else set()
        key = (face, one, two, sets, pair, added, lost)
        known = self.known.get(key)
        if known is not None:
            return known
        out: set[int] = set()
        # tiles still to place against held tiles still unused: the difference is added or lost for good
        need = 3 * sets + 2 * pair + 2 * one + two
        rest = self.after[face]
        changes = self.changes
        if added + max(0, need - rest) <= changes and lost + max(0, rest - need) <= changes:
            held = self.held[face]
            room = held + changes - added  # the most tiles this face may have
            base = one + two
            runs_here = face < HONOURS and face % 9 <= 6
            for p in range(pair + 1):
                for t in range(sets + 1):
                    for r in range((sets - t if runs_here else 0) + 1):
                        n = base + 2 * p + 3 * t + r
                        if n > room:
                            break
                        tails = self._face(face + 1, r, one, sets - t - r, pair - p, added + max(0, n - held),
                                           lost + max(0, held - n))
                        if n:
                            here = n << 8 * face
                            out.update(here | tail for tail in tails)
                        else:
                            out |= tails
        self.known[key] = out
        return out


def _seven_pairs(held: Counts, changes: int, out: set[Counts]) -> None:
    hand = [0] * 34

    def pick(face: int, left: int, added: int, lost: int) -> None:
        if added > changes or lost > changes:
            return
        if face == 34:
            if not left:
                out.add((*hand, added))
            return
        if 34 - face > left:  # leave this face out
            pick(face + 1, left, added, lost + held[face])
        if left:
            hand[face] = 2
            pick(face + 1, left - 1, added + max(0, 2 - held[face]), lost + max(0, held[face] - 2))
            hand[face] = 0

    pick(0, 7, 0, 0)


def _orphans(held: Counts, changes: int, out: set[Counts]) -> None:
    for double in TERMINALS_AND_HONOURS:
        hand = [0] * 34
        for face in TERMINALS_AND_HONOURS:
            hand[face] = 2 if face == double else 1
        apart = distance(held, tuple(hand))
        if apart <= changes:
            out.add((*hand, apart))
