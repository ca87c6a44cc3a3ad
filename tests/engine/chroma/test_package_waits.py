"""Seed 002 "Interpret" ("the wait of a tenpai hand are described in faces") with chroma tiles and called melds: the
engine's waits against `package_waits`, a brute force written apart from the engine that expands every tile to each
of its readings and asks the `mahjong` package's `Agari.is_agari` for every face, the melds passed as open sets.

Hands come from a seeded `random.Random`, so a failure replays; the message lists the first mismatches.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.chroma.rules import ChromaRules
from engine.chroma.tiles import CHROMA_FACES, Chroma, Meld, Tile, format_tiles, parse_melds
from engine.chroma.waits import analyse
from tests.engine.chroma.notation import names, tiles
from tests.engine.chroma.reference import package_waits

RULES = ChromaRules()
RUN_STARTS = [suit * 9 + n for suit in range(3) for n in range(7)]
CHROMA_TILES = [Tile(face, chroma) for chroma, faces in CHROMA_FACES.items() for face in faces]
LIVE = [Tile(face, chroma, live=True) for chroma in (Chroma.PRISMATIC, Chroma.FERN, Chroma.SIAM)
        for face in CHROMA_FACES[chroma]]
PHYSICAL = [Tile(f) for f in range(34) for _ in range(Tile(f).copies)] + CHROMA_TILES


def stand_ins(face: int) -> list[Tile]:
    """Tiles that may stand for `face`: plain, its chroma tiles, a silver of another suit."""
    out = [Tile(face)] + [t for t in CHROMA_TILES if t.face == face]
    if face < 27 and face % 9 == 2:
        out += [Tile(f, Chroma.SILVER) for f in (2, 11, 20) if f != face]
    return out


def random_hand(rng: random.Random) -> tuple[list[Tile], list[Meld]] | None:
    """Four sets and a pair less one tile, 0-4 of the sets called (a triplet sometimes as a kan, open or closed),
    each tile plain or a chroma tile that may read as it; some hands have one tile swapped for a riichi wildcard
    drawn in riichi, some a random concealed part. None when the set hasn't the tiles."""
    blocks = []
    for _ in range(4):
        if rng.random() < 0.55:
            start = rng.choice(RUN_STARTS)
            blocks.append([start, start + 1, start + 2])
        else:
            blocks.append([rng.randrange(34)] * 3)
    called = rng.choice([0, 0, 1, 1, 2, 3, 4])
    meld_faces = []
    for block in blocks[:called]:
        meld_faces.append((block + block[:1], rng.random() < 0.5) if block[0] == block[1] and rng.random() < 0.3
                          else (block, False))
    concealed_faces = [f for block in blocks[called:] for f in block] + [rng.randrange(34)] * 2
    concealed_faces.pop(rng.randrange(len(concealed_faces)))
    used: Counter = Counter()

    def take(face: int) -> Tile | None:
        for tile in rng.sample(stand_ins(face), len(stand_ins(face))):
            if used[tile.identity] < Tile(*tile.identity).copies:
                used[tile.identity] += 1
                return tile
        return None

    melds = []
    for faces, hidden in meld_faces:
        meld = [take(f) for f in faces]
        if None in meld:
            return None
        melds.append(Meld(tuple(meld), concealed=hidden))
    if rng.random() < 0.2:
        spare = [t for t in PHYSICAL if used[t.identity] < Tile(*t.identity).copies]
        concealed = rng.sample(spare, len(concealed_faces))
    else:
        concealed = [take(f) for f in concealed_faces]
        if None in concealed:
            return None
    if rng.random() < 0.3:
        free = [t for t in LIVE if not any(c.identity == t.identity for c in concealed) and not used[t.identity]]
        concealed[rng.randrange(len(concealed))] = rng.choice(free)
    if max(Counter(t.identity for t in concealed + [t for m in melds for t in m.tiles]).values(), default=0) > 4:
        return None
    return concealed, melds


def test_interpret_waits_match_the_package_on_random_chroma_hands_with_melds():
    """1,500 random hands with chroma tiles and 0-4 called melds: the engine's waits are exactly `package_waits`."""
    rng = random.Random(2026)
    mismatches = []
    checked = with_melds = tenpai = chroma = 0
    while checked < 1_500:
        hand = random_hand(rng)
        if hand is None:
            continue
        concealed, melds = hand
        ours = analyse(concealed, melds, RULES).waits
        expected = package_waits(concealed, melds, RULES)
        if set(ours) != expected:
            mismatches.append((format_tiles(concealed), [str(m) for m in melds], names(ours), names(expected)))
        checked += 1
        with_melds += bool(melds)
        tenpai += bool(expected)
        chroma += any(t.chroma is not None for t in concealed)
    assert not mismatches, mismatches[:5]
    assert with_melds > 750 and tenpai > 750 and chroma > 750


@pytest.mark.parametrize("hand, melds, waits", [
    ("3*p", "111z 222z 333z 444z", "3m 3p 3s"),  # a silver tanki after four calls
    ("3*p3p11z", "123m 456m 789m", "3p 1z"),
    ("3*s45m789p1z", "3*m45m 777*s", "1z"),  # silvers in hand and in a chii (read as 3m)
    ("5!z", "111m 234p [4444z] 789s", names(range(34))),  # a prismatic drawn in riichi, alone: any face
    ("78s6!z1p", "123m 456m 789m", "1p"),  # fern-green reads only green faces: no 6s or 9s tanki with 1p
    ("78s6!z11p55z", "123m 456m", "1p 5z"),  # the fern-green finishes 678s or 789s: a 1p-5z shanpon
])
def test_interpret_waits_with_melds_match_the_package(hand, melds, waits):
    called = parse_melds(melds)
    assert names(analyse(tiles(hand), called, RULES).waits) == waits
    assert names(package_waits(tiles(hand), called, RULES)) == waits
