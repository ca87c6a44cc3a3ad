"""A hand as the calculator reads it: concealed tiles and called melds, split into tiles with one reading
(counted by face) and wildcards (tiles that may be read as several faces)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from engine.chroma.rules import Ability, ChromaRules, meld_readings, readings
from engine.chroma.tiles import Meld, Tile, check_counts
from engine.errors import IllegalMove
from engine.text import N_

CHI, PON, KAN = "chi", "pon", "kan"


@dataclass(frozen=True)
class MeldReading:
    """One way to read a called meld: its faces, its kind and whether it counts as closed."""

    faces: tuple[int, ...]
    kind: str
    closed: bool


def meld_kind(faces: Sequence[int]) -> str | None:
    if len(faces) == 4:
        return KAN if len(set(faces)) == 1 else None
    if len(set(faces)) == 1:
        return PON
    low = min(faces)
    if max(faces) < 27 and sorted(faces) == [low, low + 1, low + 2] and low % 9 <= 6:
        return CHI
    return None


def meld_readings_of(meld: Meld, rules: ChromaRules) -> list[MeldReading]:
    """Every valid reading of a called meld (a silver or call-wild tile can make several)."""
    closed = meld.concealed or any(t.chroma is not None and rules.ability(t.chroma) is Ability.CLOSED_MELD
                                   for t in meld.tiles)
    found: dict[tuple[int, ...], MeldReading] = {}
    for faces in product(*(sorted(meld_readings(t, rules)) for t in meld.tiles)):
        kind = meld_kind(faces)
        if kind is not None and (kind == KAN) == meld.is_kan:
            found.setdefault(tuple(sorted(faces)), MeldReading(faces, kind, closed))
    if not found:
        raise IllegalMove(N_("The meld `{meld}` is not a chii, pon or kan under any reading of its tiles."),
                          N_("A meld is a run like `123m`, three alike like `777*s`, or four alike like `[5555p]`."),
                          meld=str(meld))
    return list(found.values())


@dataclass(frozen=True)
class SplitHand:
    """Concealed tiles split for the search: `counts` of single-reading tiles by face, and the wildcards."""

    counts: tuple[int, ...]
    wild_positions: tuple[int, ...]  # indexes into the concealed tiles
    wild_readings: tuple[frozenset[int], ...]


def split(tiles: Sequence[Tile], rules: ChromaRules, *, keep_apart: Sequence[int] = ()) -> SplitHand:
    """`keep_apart`: positions treated as wildcards even with one reading (for example the winning tile)."""
    counts = [0] * 34
    positions: list[int] = []
    options: list[frozenset[int]] = []
    for i, tile in enumerate(tiles):
        faces = readings(tile, rules)
        if len(faces) == 1 and i not in keep_apart:
            counts[tile.face] += 1
        else:
            positions.append(i)
            options.append(faces)
    return SplitHand(tuple(counts), tuple(positions), tuple(options))


def check_hand(concealed: Sequence[Tile], melds: Sequence[Meld], *, winning: bool,
               others: Sequence[Sequence[Tile]] = ()) -> int:
    """The number of sets still to make in the concealed part; refuses wrong sizes and impossible counts."""
    sets = 4 - len(melds)
    wanted = 3 * sets + (2 if winning else 1)
    if len(concealed) != wanted:
        if winning:
            template = (N_("That hand has {count} tiles; a winning hand with {melds} meld(s) has {wanted} in hand.")
                        if melds else N_("That hand has {count} tiles; a winning hand has {wanted} in hand."))
        else:
            template = (N_("That hand has {count} tiles; a waiting hand with {melds} meld(s) has {wanted} in hand.")
                        if melds else N_("That hand has {count} tiles; a waiting hand has {wanted} in hand."))
        raise IllegalMove(template, N_("Give the tiles in hand (melds go in the `melds` option), winning tile "
                                       "included.") if winning else
                          N_("Give the tiles in hand (melds go in the `melds` option)."), count=len(concealed),
                          melds=len(melds), wanted=wanted)
    check_counts(concealed, *(m.tiles for m in melds), *others)
    return sets
