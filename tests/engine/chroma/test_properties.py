"""Properties over random hands of plain and chroma tiles (seed 002 "Interpret"): the waits are exactly the faces
that complete some reading of the hand, checked by an independent brute force that expands every wildcard to each
of its faces (`reference.py`, cross-checked with `Agari.is_agari` where a reading holds at most four of a face);
the plain reading's waits are always among them; shanten is the best over the readings; furiten is exactly the
discards that can be read as a wait; a scored hand's final reading is complete and uses only allowed readings."""

from __future__ import annotations

from collections import Counter
from itertools import product

from hypothesis import assume, event, example, given, settings
from hypothesis import strategies as st
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from engine.chroma.rules import Ability, ChromaRules, readings
from engine.chroma.scoring import Situation, score
from engine.chroma.tiles import CHROMA_FACES, Chroma, Tile
from engine.chroma.waits import analyse
from engine.errors import IllegalMove
from tests.engine.chroma.reference import brute_waits, complete, counts_of, plain_waits, plus

AGARI = Agari()
RULES = ChromaRules()
RUN_STARTS = [suit * 9 + n for suit in range(3) for n in range(7)]
CHROMA_TILES = [Tile(face, chroma) for chroma, faces in CHROMA_FACES.items() for face in faces]
LIVE_WILDCARDS = [Tile(face, chroma, live=True) for chroma in (Chroma.PRISMATIC, Chroma.FERN, Chroma.SIAM)
                  for face in CHROMA_FACES[chroma]]
PHYSICAL = [Tile(f) for f in range(34) for _ in range(Tile(f).copies)] + CHROMA_TILES  # the 136 tiles


def variants(face: int) -> list[Tile]:
    """Tiles that can stand for this face in a random hand: plain, its own chroma tiles, a silver of another suit."""
    out = [Tile(face)] + [t for t in CHROMA_TILES if t.face == face]
    if face < 27 and face % 9 == 2:
        out += [Tile(f, Chroma.SILVER) for f in (2, 11, 20) if f != face]
    return out


@st.composite
def shaped_hands(draw, size: int = 13, live: bool = False) -> list[Tile]:
    """Four sets and a pair (faces), less `14 - size` tiles, each tile plain or a chroma tile that can read as it;
    with `live`, one tile becomes a riichi wildcard drawn during riichi."""
    faces: list[int] = []
    for _ in range(4):
        if draw(st.booleans()):
            start = draw(st.sampled_from(RUN_STARTS))
            faces += [start, start + 1, start + 2]
        else:
            faces += [draw(st.integers(0, 33))] * 3
    faces += [draw(st.integers(0, 33))] * 2
    for _ in range(14 - size):
        faces.pop(draw(st.integers(0, len(faces) - 1)))
    used: Counter = Counter()
    hand = []
    for face in faces:
        options = variants(face)
        first = draw(st.integers(0, len(options) - 1))
        for tile in options[first:] + options[:first]:
            if used[tile.identity] < Tile(*tile.identity).copies:
                used[tile.identity] += 1
                hand.append(tile)
                break
    assume(len(hand) == size)
    if live:
        wild = draw(st.sampled_from([t for t in LIVE_WILDCARDS if not used[t.identity]]))
        hand[draw(st.integers(0, size - 1))] = wild
    return hand


random_hands = st.lists(st.integers(0, len(PHYSICAL) - 1), min_size=13, max_size=13, unique=True).map(
    lambda picks: [PHYSICAL[i] for i in picks])


def engine_waits(hand: list[Tile]) -> frozenset[int]:
    try:
        return analyse(hand, [], RULES).waits
    except ValueError:  # the shanten crash reported in test_waits.py: it comes only after finding no waits
        return frozenset()


def really_completes(hand: list[Tile], wait: int) -> bool:
    """Some reading of the hand plus `wait` is complete: `Agari.is_agari` where it applies, else the reference."""
    for reading in product(*(sorted(readings(t, RULES)) for t in hand)):
        counts = plus(counts_of(reading), wait)
        if complete(counts):
            assert max(counts) > 4 or AGARI.is_agari(counts)
            return True
    return False


@settings(max_examples=400, deadline=None)
@given(st.one_of(shaped_hands(), random_hands))
def test_interpret_waits_are_exactly_the_faces_completing_some_reading(hand):
    waits = engine_waits(hand)
    event("tenpai" if waits else "not tenpai")
    assert waits == brute_waits(hand, RULES)
    assert all(really_completes(hand, f) for f in waits)
    assert plain_waits(counts_of(t.face for t in hand)) <= waits  # every tile may be read as its own face


@settings(max_examples=200, deadline=None)
@given(st.one_of(shaped_hands(), random_hands))
@example(hand=[PHYSICAL[i] for i in (8, 9, 11, 21, 81, 130, 0, 1, 2, 12, 24, 121, 122)])  # two silvers: a pair of 3s
def test_interpret_shanten_is_the_best_over_readings(hand):
    """Not tenpai: the shanten is the package's best over every reading of the silvers (readings with five of a face
    are left out: see the crash in test_waits.py)."""
    every = {tuple(sorted(r)) for r in product(*(sorted(readings(t, RULES)) for t in hand))}
    assume(all(max(counts_of(r)) <= 4 for r in every))
    result = analyse(hand, [], RULES)
    event("tenpai" if result.tenpai else "not tenpai")
    if not result.tenpai:
        assert result.shanten == min(Shanten.calculate_shanten(counts_of(r)) for r in every) > 0


@settings(max_examples=100, deadline=None)
@given(shaped_hands(live=True))
def test_gist_6_waits_with_a_riichi_wildcard_drawn_in_riichi(hand):
    assume(sum(t.chroma is Chroma.SILVER for t in hand) <= 1)
    waits = engine_waits(hand)
    event("tenpai" if waits else "not tenpai")
    assert waits == brute_waits(hand, RULES)
    assert plain_waits(counts_of(t.face for t in hand)) <= waits


@settings(max_examples=150, deadline=None)
@given(shaped_hands(), st.lists(st.sampled_from(PHYSICAL + LIVE_WILDCARDS), max_size=6, unique=True))
def test_interpret_furiten_is_exactly_the_discards_readable_as_a_wait(hand, discards):
    identities = Counter(t.identity for t in hand + discards)
    assume(all(n <= Tile(*identity).copies for identity, n in identities.items()))
    result = analyse(hand, [], RULES, discards) if engine_waits(hand) else None
    assume(result is not None)
    expected = [d for d in discards if readings(d, RULES) & result.waits]
    assert [f.tile for f in result.furiten] == expected


@settings(max_examples=200, deadline=None)
@given(shaped_hands(size=14), st.booleans(), st.booleans(), st.integers(0, 13))
def test_scoring_final_reading_is_complete_and_allowed(hand, tsumo, riichi, win):
    """A scored hand's final faces are complete; each tile is read as one of its own readings, except at most one
    tile per gold, read by gold; chips are the chroma tiles."""
    assume(sum(t.chroma is Chroma.GOLD for t in hand) <= 1)
    try:
        result = score(hand, win, [], RULES, Situation(tsumo=tsumo, riichi=riichi))
    except IllegalMove as refused:
        event(refused.message.split(" under")[0])
        return
    event("scored, read by gold" if any(r.by_gold for r in result.readings) else "scored")
    assert complete(counts_of(result.final_faces))
    assert result.win_face == result.final_faces[win]
    golds = [r for r in result.readings if r.by_gold]
    assert len(golds) <= sum(t.chroma is not None and RULES.ability(t.chroma) is Ability.AFTER_WIN for t in hand)
    gold_tiles = {id(r.tile) for r in golds}
    for i, (tile, final) in enumerate(zip(hand, result.final_faces, strict=True)):
        if not any(r.tile is tile and r.by_gold for r in golds):
            assert final in readings(tile, RULES), (i, tile, final)
    assert len(gold_tiles) == len(golds)
    assert result.chips == sum(t.chroma is not None for t in hand)
