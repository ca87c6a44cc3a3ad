"""`/chroma waits`: the winning faces of a hand under every reading, its shanten when not tenpai, and furiten
(seed 002, "Interpret": waits are faces; furiten comes from any discarded tile that completes any reading)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import product

from mahjong.shanten import Shanten

from engine.chroma import search
from engine.chroma.hand import check_hand, split
from engine.chroma.rules import ChromaRules, readings
from engine.chroma.tiles import CHROMA_FACES, HONOURS, TERMINALS_AND_HONOURS, Meld, Tile

_SHANTEN_BUDGET = 4096  # readings tried exactly; past this, wildcards are read one at a time
# Each kind of physical tile once (`Tile.copies` says how many the set holds). A tile left, arriving from the wall
# or as a discard, is read as `readings` reads a discard for furiten: a riichi wildcard only as its own face.
_SET = (*(Tile(face) for face in range(34)),
        *(Tile(face, chroma) for chroma, faces in CHROMA_FACES.items() for face in faces))


@dataclass(frozen=True)
class FuritenTile:
    tile: Tile
    faces: frozenset[int]  # the waits this discard could be read as


@dataclass(frozen=True)
class WaitsReport:
    waits: frozenset[int]
    shanten: int  # 0 when tenpai
    held: dict[int, int]  # for each wait, how many tiles of that face the hand already shows (4+: seed 002)
    furiten: tuple[FuritenTile, ...] | None  # None when no discards were given
    left: dict[int, int] = field(default_factory=dict)  # for each wait, the unseen tiles that can be read as it
    total_left: int = 0  # unseen tiles that can be read as some wait, each counted once

    @property
    def tenpai(self) -> bool:
        return bool(self.waits)


def analyse(concealed: Sequence[Tile], melds: Sequence[Meld], rules: ChromaRules,
            discards: Sequence[Tile] | None = None, seen: Sequence[Tile] = ()) -> WaitsReport:
    """`seen`: other tiles in view (other players' discards and melds, dora indicators), for the tiles left."""
    sets = check_hand(concealed, melds, winning=False, others=[discards or [], seen])
    hand = split(concealed, rules)
    found = search.waits(hand.counts, hand.wild_readings, sets)
    if not found:
        return WaitsReport(frozenset(), _shanten(hand.counts, hand.wild_readings, bool(melds)), {}, None)
    shown = [0] * 34
    for tile in concealed:
        shown[tile.face] += 1
    for meld in melds:
        for tile in meld.tiles:
            shown[tile.face] += 1
    furiten = None
    if discards is not None:
        furiten = tuple(FuritenTile(d, readings(d, rules) & found) for d in discards if readings(d, rules) & found)
    gone = Counter(t.identity for group in (concealed, *(m.tiles for m in melds), discards or (), seen)
                   for t in group)
    left = dict.fromkeys(sorted(found), 0)
    total = 0
    for tile in _SET:
        unseen = tile.copies - gone[tile.identity]
        faces = readings(tile, rules) & found
        if unseen > 0 and faces:
            total += unseen
            for face in faces:
                left[face] += unseen
    return WaitsReport(found, 0, {f: shown[f] for f in sorted(found)}, furiten, left, total)



def _shanten(counts: Sequence[int], wilds: Sequence[frozenset[int]], has_melds: bool) -> int:
    """The best shanten (from the `mahjong` package) over the wildcards' readings."""
    if not wilds:
        return _library_shanten(counts, has_melds)
    relevant = _relevant_faces(counts)
    choices = [sorted(options & (relevant | _near_other_wilds(wilds, i))) or sorted(options)[:1]
               for i, options in enumerate(wilds)]
    total = 1
    for faces in choices:
        total *= len(faces)
    if total <= _SHANTEN_BUDGET:
        seen: set[tuple[int, ...]] = set()
        best = 8
        for reading in product(*choices):
            key = tuple(sorted(reading))
            if key not in seen:
                seen.add(key)
                best = min(best, _library_shanten(_with(counts, reading), has_melds))
        return best
    guess = [faces[0] for faces in choices]  # one wildcard at a time, twice over

    def shanten_at(i: int, face: int) -> int:
        return _library_shanten(_with(counts, [*guess[:i], face, *guess[i + 1:]]), has_melds)

    for _ in range(2):
        for i, faces in enumerate(choices):
            guess[i] = min(faces, key=partial(shanten_at, i))
    return _library_shanten(_with(counts, guess), has_melds)


def _with(counts: Sequence[int], faces: Sequence[int]) -> list[int]:
    out = list(counts)
    for face in faces:
        out[face] += 1
    return out


def _near_other_wilds(wilds: Sequence[frozenset[int]], i: int) -> frozenset[int]:
    """Faces of wildcard `i` that another wildcard could pair or run with: two wildcards read far from every held
    tile can still make a pair or a partial run together."""
    others = set().union(*(w for j, w in enumerate(wilds) if j != i))
    return frozenset(f for f in wilds[i] if any(f == g or (f < HONOURS and g < HONOURS and f // 9 == g // 9
                                                            and abs(f - g) <= 2) for g in others))


def _relevant_faces(counts: Sequence[int]) -> frozenset[int]:
    """Faces a wildcard could usefully take: near a held tile, or a terminal or honour (thirteen orphans).
    Any other face is a lone tile, no better than the first one kept."""
    near = set(TERMINALS_AND_HONOURS)
    for face in range(34):
        if counts[face]:
            near.add(face)
            if face < HONOURS:
                base = face - face % 9
                near.update(f for f in range(face - 2, face + 3) if base <= f < base + 9)
    return frozenset(near)


def _library_shanten(counts: Sequence[int], has_melds: bool) -> int:
    """The package's shanten. It takes at most four of a face: a fifth or later copy is counted as a lone honour
    the hand doesn't hold (a tile no block uses), which keeps the tile count the package expects."""
    capped = [min(c, 4) for c in counts]
    excess = sum(counts) - sum(capped)
    for face in range(33, 26, -1):
        if not excess:
            break
        if capped[face] == 0:
            capped[face] = 1
            excess -= 1
    if excess:  # every honour held: nothing lone is left to stand in; this reading can't be the best anyway
        return 8
    return Shanten.calculate_shanten(capped, use_chiitoitsu=not has_melds, use_kokushi=not has_melds)
