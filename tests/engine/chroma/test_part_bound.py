"""Issue 19, item 3: the bound of a part of a hand (`engine/chroma/part_bound.py`), which lets the gold search drop a
whole choice of gold tiles before listing its hands, and the shapes it builds on (`engine/chroma/shapes.py`).

- `shapes.fewest_out` and `seven_pairs_out` are the fewest held tiles that must go, checked against taking tiles out
  in every way and asking the reference whether the rest completes;
- the bound is never below what the `mahjong` package gives: random parts (held tiles some of which may still be
  changed, free tiles, wildcards, called melds, each kind of winning tile), every hand each part can become listed by
  brute force and scored by the package for every winning face it allows; the best option of the plans that hand can
  be scored under (worked out here, apart from the engine) is, as the search compares them (value, han, fu, chips),
  at least the package's result.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations, product

import pytest

from engine.chroma import search, shapes
from engine.chroma.hand import CHI, KAN, PON, MeldReading
from engine.chroma.part_bound import ANY_WIN, JOKER_WIN, ORPHANS, PAIRS, PINFU, RUNS, TRIPLETS, Part, PartBound
from engine.chroma.rules import ChromaRules
from engine.chroma.scoring import Situation, _Scorer
from engine.chroma.tiles import Tile
from tests.engine.chroma.reference import ORPHANS as ORPHAN_FACES
from tests.engine.chroma.reference import counts_of
from tests.engine.chroma.test_exact_search import RUN_STARTS, complete_faces, palette_of

SILVER = sum(1 << f for f in (2, 11, 20))
GREEN = sum(1 << f for f in (18, 19, 20, 21, 22, 23, 24, 25, 26, 32))


@cache
def _sets(counts: tuple[int, ...]) -> bool:
    """Only sets (triplets and runs), the textbook way: the lowest face starts a triplet or a run."""
    low = next((f for f, n in enumerate(counts) if n), None)
    if low is None:
        return True
    rest = list(counts)
    if rest[low] >= 3:
        rest[low] -= 3
        if _sets(tuple(rest)):
            return True
        rest[low] += 3
    if low < 27 and low % 9 <= 6 and rest[low + 1] and rest[low + 2]:
        for f in (low, low + 1, low + 2):
            rest[f] -= 1
        return _sets(tuple(rest))
    return False


def standard(counts: list[int]) -> bool:
    return any(n >= 2 and _sets(tuple(m - 2 * (f == p) for f, m in enumerate(counts))) for p, n in enumerate(counts))


def plans_of(counts: list[int], melds: int) -> set[str]:
    """The plans a hand can be scored under: sets and a pair (runs or not), every set a triplet, seven pairs,
    thirteen orphans."""
    out = set()
    if standard(counts):
        out |= {RUNS, PINFU}
    residues = [n % 3 for n in counts if n]
    if residues.count(2) == 1 and 1 not in residues:
        out.add(TRIPLETS)
    if not melds and sum(counts) == 14:
        if all(n in (0, 2) for n in counts):
            out.add(PAIRS)
        if all(counts[f] for f in ORPHAN_FACES) and sum(counts[f] for f in ORPHAN_FACES) == 14:
            out.add(ORPHANS)
    return out


# -- shapes -----------------------------------------------------------------------------------------------------


def random_counts(rng: random.Random, size: int) -> list[int]:
    pool = rng.choice([list(range(34)), list(range(9)) + list(range(27, 34)), list(range(18, 27))])
    counts = [0] * 34
    for _ in range(size):
        counts[rng.choice(pool)] += 1
    return counts


@cache
def _with_free(counts: tuple[int, ...], free: int, sets: int, pair: int) -> bool:
    """Whether these counts and `free` tiles of any face make `sets` sets and `pair` pairs: the lowest held face
    opens a pair, a triplet or a run, its other tiles held ones or free ones; free tiles alone make the rest."""
    low = next((f for f, n in enumerate(counts) if n), None)
    if low is None:
        return free == 3 * sets + 2 * pair
    rest = list(counts)
    rest[low] -= 1
    shapes_ = ([(low,)] if pair else []) + ([(low, low)] if sets else [])
    if sets and low < 27:
        shapes_ += [(a, b) for a, b in ((low - 2, low - 1), (low - 1, low + 1), (low + 1, low + 2))
                    if a // 9 == b // 9 == low // 9 and a >= 0]
    for others in shapes_:
        left, need = list(rest), 0
        for f in others:
            if left[f]:
                left[f] -= 1
            else:
                need += 1
        if need <= free and _with_free(tuple(left), free - need, sets - (len(others) == 2), pair - (len(others) == 1)):
            return True
    return False


@pytest.mark.parametrize("seed", range(4))
def test_fewest_tiles_out_are_found_by_taking_tiles_out_every_way(seed):
    """Up to three tiles of the faces that may go, taken out in every way: the fewest after which the rest, with tiles
    of any face added, is four sets and a pair, or seven pairs of different faces."""
    rng = random.Random(seed)
    for _ in range(80):
        counts = random_counts(rng, rng.randint(6, 14))
        if max(counts) > 6:
            continue
        loose = sum(1 << f for f in range(34) if counts[f] and rng.random() < 0.4)
        pool = [f for f in range(34) if loose >> f & 1 for _ in range(counts[f])]
        fewest = fewest_pairs = 4
        for k in range(4):
            for out in set(combinations(pool, k)):
                left = list(counts)
                for f in out:
                    left[f] -= 1
                size = sum(left)
                if fewest == 4 and size <= 14 and _with_free(tuple(left), 14 - size, 4, 1):
                    fewest = k
                if fewest_pairs == 4 and size <= 14 and all(n <= 2 for n in left) and sum(map(bool, left)) <= 7:
                    fewest_pairs = k
        assert min(shapes.fewest_out(counts, 4, 1, loose), 4) == fewest, (counts, bin(loose))
        assert min(shapes.seven_pairs_out(counts, loose), 4) == fewest_pairs, (counts, bin(loose))


# -- the bound against the package ------------------------------------------------------------------------------


def random_part(rng: random.Random) -> tuple[Part, Situation] | None:
    """A complete hand taken apart: maybe one block called (chi, pon or kan, open or closed), a few tiles made free
    tiles or wildcards that can read them, a few tiles of other faces added that may be changed, some faces fixed."""
    faces = complete_faces(rng, palette_of(rng))
    melds: list[MeldReading] = []
    if rng.random() < 0.35 and len(set(faces)) < 13:
        block = faces[2:5]
        if len(set(block)) == 1:
            kan = rng.random() < 0.4
            melds.append(MeldReading(tuple(block * 2)[:4 if kan else 3], KAN if kan else PON, rng.random() < 0.4))
            faces = faces[:2] + faces[5:]
        elif block in ([b, b + 1, b + 2] for b in RUN_STARTS):
            melds.append(MeldReading(tuple(block), CHI, rng.random() < 0.3))
            faces = faces[:2] + faces[5:]
    if melds and max(Counter(faces + list(melds[0].faces)).values()) > 4 and melds[0].kind == KAN:
        return None
    rng.shuffle(faces)
    jokers = rng.randint(0, 2)
    wild_faces = faces[jokers:jokers + rng.randint(0, 2)]
    wilds = tuple(rng.choice([SILVER | 1 << f, GREEN | 1 << f, 1 << f | 1 << rng.randrange(34)]) for f in wild_faces)
    rest = faces[jokers + len(wilds):]
    changes = rng.choice([0, 0, 1, 2])
    spoiled = [rng.randrange(34) for _ in range(rng.randint(0, changes))]  # to be changed back by golds
    held = counts_of(spoiled + rest[len(spoiled):])
    keep = 1.0 if not changes else 0.5
    fixed = sum(1 << f for f in range(34) if held[f] and rng.random() < keep and f not in spoiled)
    win = rng.choice([ANY_WIN, JOKER_WIN if jokers else ANY_WIN, faces[-1]])
    if win >= 0 and held[win] == 0:
        win = ANY_WIN
    closed = all(m.closed for m in melds)
    riichi = closed and rng.random() < 0.6
    situation = Situation(tsumo=rng.random() < 0.5, riichi=riichi, ippatsu=riichi and rng.random() < 0.2,
                          dora=tuple(Tile(rng.randrange(34)) for _ in range(rng.randint(0, 1))),
                          seat=rng.randrange(4), round=rng.randrange(2))
    return Part(tuple(held), fixed, changes, jokers, wilds, tuple(melds), win), situation


def reachable(part: Part) -> dict[tuple[int, ...], set[int]]:
    """Every complete hand the part can become, with the faces its winning tile can have there."""
    sets = 4 - len(part.melds)
    loose = [f for f in range(34) if part.counts[f] and not part.fixed >> f & 1]
    pool = [f for f in loose for _ in range(part.counts[f])]
    out: dict[tuple[int, ...], set[int]] = {}
    for k in range(part.changes + 1):
        for gone in set(combinations(pool, k)):
            kept = list(part.counts)
            for f in gone:
                kept[f] -= 1
            if part.win >= 0 and not kept[part.win]:
                continue
            for reading in product(*([f for f in range(34) if w >> f & 1] for w in part.wilds)):
                held = list(kept)
                for f in reading:
                    held[f] += 1
                for added in search.any_face_completions(tuple(held), part.jokers + k, sets):
                    hand = list(held)
                    for f in added:
                        hand[f] += 1
                    wins = {part.win} if part.win >= 0 else set(added) if part.win == JOKER_WIN else {
                        f for f in range(34) if hand[f]}
                    out.setdefault(tuple(hand), set()).update(wins)
    return out


def test_the_part_bound_is_never_below_what_the_package_gives():
    """The pruning's soundness: for every hand a random part can become and every winning face, the package's result
    (value, han, fu, chips) is at most the best option of the plans the hand can be scored under."""
    rng = random.Random(1900)
    checked = melded = yakuman = 0
    plans: Counter[str] = Counter()
    while checked < 20000:
        made = random_part(rng)
        if made is None:
            continue
        part, situation = made
        scorer = _Scorer([Tile(0)] * 14, 0, [], ChromaRules(), situation, 4 - len(part.melds))
        options = PartBound(scorer.setting).options(part)
        for hand, wins in reachable(part).items():
            faces = tuple(f for f in range(34) for _ in range(hand[f]))
            for win in sorted(wins):
                report = scorer._evaluate((win, *sorted(faces[:faces.index(win)] + faces[faces.index(win) + 1:])),
                                          part.melds, win)
                if report is None:
                    continue
                admitted = plans_of(list(hand), len(part.melds))
                actual = (report.value, report.han, report.fu, report.chips)
                bound = max((scorer._part_preference(*o[1:]) for o in options if o[0] in admitted), default=None)
                assert bound is not None and actual <= bound, (
                    part, situation, faces, win, actual, [y.name for y in report.yaku], sorted(admitted), options)
                checked += 1
                melded += bool(part.melds)
                yakuman += bool(report.yakuman)
                plans.update(admitted)
    assert melded > 800 and yakuman > 300 and plans[TRIPLETS] > 200 and plans[PAIRS] > 30, (melded, yakuman, plans)
