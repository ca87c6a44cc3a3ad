"""An independent, deliberately plain reference for complete hands and waits (no code shared with the engine).

`complete(counts)`: is this 34-count array (any size 3n+2, any number of copies of a face) four-sets-and-a-pair,
seven distinct pairs or thirteen orphans? The standard form is checked the textbook way: pick the pair, then the
lowest remaining face must start a triplet or a run. `brute_waits` expands every wildcard to each of its
readings and asks `complete` for every face. `brute_best` scores a hand with at most two gold tiles by trying
every reading and every change of up to one tile per gold, each concrete hand scored by the `mahjong` package's
`HandCalculator`;
`package_waits` finds waits with melds by `Agari.is_agari`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations, product

from mahjong.agari import Agari
from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules

from engine.chroma.rules import Ability, ChromaRules, meld_readings, readings
from engine.chroma.tiles import Meld, Tile

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


# -- scoring with gold tiles, by brute force and the `mahjong` package ------------------------------------

_CALCULATOR = HandCalculator()


def package_value(faces: Sequence[int], win_index: int, *, riichi: bool, tsumo: bool) -> int | None:
    """What an East-seat (dealer) winner receives for this concrete closed hand, by `HandCalculator`, or None when
    it is not a win with a yaku (or holds five of a face, which the package doesn't take)."""
    scored = package_score(faces, win_index, riichi=riichi, tsumo=tsumo)
    return None if scored is None else scored[0]


def package_score(faces: Sequence[int], win_index: int, *, riichi: bool,
                  tsumo: bool) -> tuple[int, int, int] | None:
    """(`package_value`, han, fu)."""
    counts = counts_of(faces)
    if max(counts) > 4 or not complete(counts):
        return None
    used = [0] * 34
    ids = []
    for face in faces:
        ids.append(face * 4 + used[face])
        used[face] += 1
    config = HandConfig(is_tsumo=tsumo, is_riichi=riichi, player_wind=EAST, round_wind=EAST,
                        options=OptionalRules(has_open_tanyao=True, has_aka_dora=False))
    result = _CALCULATOR.estimate_hand_value(ids, ids[win_index], config=config)
    if result.error:
        return None
    return 3 * result.cost["main"] if tsumo else result.cost["main"], result.han, result.fu


def _wins_unscored(faces: Sequence[int], *, riichi: bool, tsumo: bool) -> bool:
    """Is this closed hand with five or more of a face (which the package can't take) a win with a yaku? It must be
    complete; riichi or menzen tsumo is then a yaku. Without either, the reference can't tell."""
    if not complete(counts_of(faces)):
        return False
    if not (riichi or tsumo):
        raise ValueError("brute_best can't tell whether a ron without riichi on five of a face has a yaku")
    return True


def brute_best(tiles: Sequence[Tile], win_index: int, *, riichi: bool = False, tsumo: bool = False,
               rules: ChromaRules | None = None) -> int | None:
    """The best value of a closed hand with at most two golds (and no red tiles, nor enough chroma tiles for the
    Rainbow), read strictly: some reading of every tile that wins with a yaku, then, for each gold, one tile of it
    (not the winning tile) read as any face, the rest as before, again winning with a yaku. A reading before may
    hold five of a face ("Interpret"); only final hands with at most four of each face are scored (None if none)."""
    best = brute_by_golds(tiles, win_index, riichi=riichi, tsumo=tsumo, rules=rules)
    return max((value for value, _, _ in best.values()), default=None)


def brute_by_golds(tiles: Sequence[Tile], win_index: int, *, riichi: bool = False, tsumo: bool = False,
                   rules: ChromaRules | None = None) -> dict[int, tuple[int, int, int]]:
    """As `brute_best`, for each number of tiles the golds change (0 for the readings before): the best (value, han,
    fu) of the hands the package scores (a gold giving a tile its own reading back changes nothing)."""
    rules = rules or ChromaRules()
    golds = sum(t.chroma is not None and rules.ability(t.chroma) is Ability.AFTER_WIN for t in tiles)
    assert golds <= 2 and not any(t.chroma is not None and rules.ability(t.chroma) is Ability.HAN for t in tiles)
    best: dict[int, tuple[int, int, int]] = {}

    def add(changed: int, scored: tuple[int, int, int] | None) -> None:
        if scored is not None and (changed not in best or scored > best[changed]):
            best[changed] = scored

    others = [p for p in range(len(tiles)) if p != win_index]
    for before in {r for r in product(*(sorted(readings(t, rules)) for t in tiles))}:
        scored = package_score(before, win_index, riichi=riichi, tsumo=tsumo)
        add(0, scored)
        if scored is None and (max(counts_of(before)) <= 4 or not _wins_unscored(before, riichi=riichi, tsumo=tsumo)):
            continue
        for size in range(1, golds + 1):
            for positions in combinations(others, size):
                for faces in product(range(34), repeat=size):
                    if any(before[p] == f for p, f in zip(positions, faces, strict=True)):
                        continue  # that tile isn't changed: a smaller size has this hand
                    after = list(before)
                    for position, face in zip(positions, faces, strict=True):
                        after[position] = face
                    if complete(counts_of(after)):
                        add(size, package_score(after, win_index, riichi=riichi, tsumo=tsumo))
    return best


# -- waits with melds, by the `mahjong` package ---------------------------------------------------------------

_AGARI = Agari()


def _meld_faces(meld: Meld, rules: ChromaRules) -> list[int]:
    """One reading of a called meld's tiles that is a run or a set of one face."""
    for faces in product(*(sorted(meld_readings(t, rules)) for t in meld.tiles)):
        low = min(faces)
        same = len(set(faces)) == 1
        run = len(faces) == 3 and low < 27 and low % 9 <= 6 and sorted(faces) == [low, low + 1, low + 2]
        if same or run:
            return list(faces)
    raise ValueError(f"{meld} is no meld")


def _could_join(faces: Iterable[int]) -> set[int]:
    """Faces an added tile could make a block with: a held face, a number within two of one in its suit, or a
    terminal or honour (thirteen orphans). Any other face would be a lone tile."""
    out = set(ORPHANS)
    for face in faces:
        out.add(face)
        if face < 27:
            out.update(f for f in range(face - 2, face + 3) if f // 9 == face // 9)
    return out


def package_waits(concealed: Sequence[Tile], melds: Sequence[Meld] = (), rules: ChromaRules | None = None) -> set[int]:
    """Every face that completes some reading of the concealed tiles, by `Agari.is_agari` with the melds as open
    sets (the reference's `complete` where a reading holds five or more of a face, which the package can't take)."""
    rules = rules or ChromaRules()
    open_sets = [_meld_faces(m, rules) for m in melds]
    meld_counts = counts_of(f for faces in open_sets for f in faces)
    found: set[int] = set()
    for reading in {tuple(sorted(r)) for r in product(*(sorted(readings(t, rules)) for t in concealed))}:
        held = counts_of(reading)
        everything = [a + b for a, b in zip(held, meld_counts, strict=True)]
        for face in _could_join(reading) - found:
            held[face] += 1
            everything[face] += 1
            if max(held) > 4:
                if complete(held):
                    found.add(face)
            elif _AGARI.is_agari(everything, open_sets or None):
                found.add(face)
            held[face] -= 1
            everything[face] -= 1
    return found
