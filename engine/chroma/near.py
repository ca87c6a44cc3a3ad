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
    out: dict[Counts, int] = {}  # each hand: its distance
    _standard(held, changes, sets, out)
    if sets == 4:
        _seven_pairs(held, changes, out)
        _orphans(held, changes, out)
    return tuple((hand, apart) for hand, apart in out.items() if hand != held and (keep < 0 or hand[keep]))


def distance(held: Counts, hand: Counts) -> int:
    """How many tiles of `held` must change face to make `hand` (of as many tiles)."""
    return sum(n - m for n, m in zip(held, hand, strict=True) if n > m)


def _standard(held: Counts, changes: int, sets: int, out: dict[Counts, int]) -> None:
    """Four sets and a pair (`sets` sets with melds) within `changes` of `held`: blocks never cross suits, and the
    tiles added and lost add up over the suits, so each suit (and the honours) is worked out alone (`_group`,
    shared by every hand) and the suits' parts combined; the hand keeps its size, so as many tiles are added as
    lost."""
    partial: dict[tuple[int, int, int, int], list[Counts]] = {(0, 0, 0, 0): [()]}  # (sets, pairs, added, lost)
    last = len(_GROUPS) - 1
    for index, (start, end, honours) in enumerate(_GROUPS):
        table = _group(held[start:end], changes, honours)
        grown: dict[tuple[int, int, int, int], list[Counts]] = {}
        for (n1, q1, a1, l1), heads in partial.items():
            for (n2, q2, a2, l2), tails in table.items():
                n, q, added, lost = n1 + n2, q1 + q2, a1 + a2, l1 + l2
                if n > sets or q > 1 or added > changes or lost > changes:
                    continue
                if index == last and (n != sets or not q or added != lost):
                    continue
                key = (n, q, added, lost)
                joined = grown.get(key)
                if joined is None:
                    joined = grown[key] = []
                joined += [head + tail for head in heads for tail in tails]
        partial = grown
    for (_, _, added, _), hands in partial.items():
        out.update(dict.fromkeys(hands, added))


_GROUPS = ((0, 9, False), (9, 18, False), (18, 27, False), (HONOURS, 34, True))


@lru_cache(maxsize=1 << 12)  # shared by every hand: a suit's counts recur
def _group(held: Counts, changes: int, honours: bool) -> dict[tuple[int, int, int, int], list[Counts]]:
    """The counts of one suit (or the honours) that make sets and at most one pair, with at most `changes` tiles
    added and at most `changes` lost against `held`, by (sets, pairs, added, lost). Built face by face, lowest
    first: the pair, triplets and runs starting at each face, with the runs started at the two faces below."""
    # (runs started one and two faces below, sets, pairs, added, lost): the counts of the faces so far
    states: dict[tuple[int, int, int, int, int, int], set[Counts]] = {(0, 0, 0, 0, 0, 0): {()}}
    last_run = -1 if honours else 6
    for face, here in enumerate(held):
        grown: dict[tuple[int, int, int, int, int, int], set[Counts]] = {}
        for (one, two, sets, pair, added, lost), heads in states.items():
            base = one + two
            for p in range(2 - pair):
                for t in range(5 - sets):
                    n = base + 2 * p + 3 * t
                    if added + n - here > changes:
                        break
                    for r in range(5 - sets - t if face <= last_run else 1):
                        more = added + (n + r - here if n + r > here else 0)
                        if more > changes:
                            break
                        less = lost + (here - n - r if here > n + r else 0)
                        if less > changes:
                            continue
                        key = (r, one, sets + t + r, pair + p, more, less)
                        tail = (n + r,)
                        joined = grown.get(key)
                        if joined is None:
                            grown[key] = {head + tail for head in heads}
                        else:
                            joined.update([head + tail for head in heads])
        states = grown
    found: dict[tuple[int, int, int, int], list[Counts]] = {}
    for (one, two, sets, pair, added, lost), hands in states.items():
        if not one and not two:
            found.setdefault((sets, pair, added, lost), []).extend(hands)
    return found


def _seven_pairs(held: Counts, changes: int, out: dict[Counts, int]) -> None:
    hand = [0] * 34

    def pick(face: int, left: int, added: int, lost: int) -> None:
        if added > changes or lost > changes:
            return
        if face == 34:
            if not left:
                out[tuple(hand)] = added
            return
        if 34 - face > left:  # leave this face out
            pick(face + 1, left, added, lost + held[face])
        if left:
            hand[face] = 2
            pick(face + 1, left - 1, added + max(0, 2 - held[face]), lost + max(0, held[face] - 2))
            hand[face] = 0

    pick(0, 7, 0, 0)


def _orphans(held: Counts, changes: int, out: dict[Counts, int]) -> None:
    for double in TERMINALS_AND_HONOURS:
        hand = [0] * 34
        for face in TERMINALS_AND_HONOURS:
            hand[face] = 2 if face == double else 1
        apart = distance(held, tuple(hand))
        if apart <= changes:
            out[tuple(hand)] = apart
