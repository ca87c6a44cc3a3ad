"""Properties of scoring with gold tiles (seed 002, ability 2: "each gold tile allows the winner to interpret one
tile in the hand as any face ... The hand before and after interpretation must both be valid"), over random winning
hands holding a gold five and often a silver or a riichi wildcard drawn in riichi:

- the score never depends on the order the tiles are given in;
- the strict reading (the default) never beats the loose one, which allows everything the strict one does;
- read strictly, the best value is the brute force's in `reference.py` (every reading, every single change, each
  concrete hand scored by the `mahjong` package), where that brute force applies.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from engine.chroma.rules import Ability, ChromaRules, GoldReading, readings
from engine.chroma.scoring import Situation, score
from engine.chroma.tiles import CHROMA_FACES, Chroma, Tile
from engine.errors import IllegalMove
from tests.engine.chroma.notation import best, tiles
from tests.engine.chroma.reference import brute_best
from tests.engine.table_reference import base_points, ron_payment, tsumo_payments

STRICT = ChromaRules()
LOOSE = ChromaRules(gold_reading=GoldReading.LOOSE)
RUN_STARTS = [suit * 9 + n for suit in range(3) for n in range(7)]
CHROMA_TILES = [Tile(face, chroma) for chroma, faces in CHROMA_FACES.items() for face in faces]
LIVE = [Tile(face, chroma, live=True) for chroma in (Chroma.PRISMATIC, Chroma.FERN, Chroma.SIAM)
        for face in CHROMA_FACES[chroma]]


def stand_ins(face: int) -> list[Tile]:
    out = [Tile(face)] + [t for t in CHROMA_TILES if t.face == face and t.chroma is not Chroma.GOLD]
    if face < 27 and face % 9 == 2:
        out += [Tile(f, Chroma.SILVER) for f in (2, 11, 20) if f != face]
    return out


@st.composite
def gold_wins(draw) -> tuple[list[Tile], int, bool]:
    """(14 tiles, winning index, tsumo): four sets and a pair, one block holding a five that is gold; the other tiles
    plain or chroma tiles that read as their face; maybe one swapped for a riichi wildcard that can read as it."""
    five = draw(st.integers(0, 2)) * 9 + 4
    faces = draw(st.sampled_from([[five - 2, five - 1, five], [five - 1, five, five + 1], [five, five + 1, five + 2],
                                  [five] * 3, [five] * 2]))
    while len(faces) < 14:
        if len(faces) % 3 == 2 or (14 - len(faces) > 2 and draw(st.booleans())):
            start = draw(st.sampled_from(RUN_STARTS)) if draw(st.booleans()) else None
            faces += [start, start + 1, start + 2] if start is not None else [draw(st.integers(0, 33))] * 3
        else:
            faces += [draw(st.integers(0, 33))] * 2
    used: Counter = Counter()
    hand = []
    for face in faces:
        options = [Tile(face, Chroma.GOLD)] if face == five and not any(t.chroma is Chroma.GOLD for t in hand) \
            else stand_ins(face)
        first = draw(st.integers(0, len(options) - 1))
        tile = next((t for t in options[first:] + options[:first] if used[t.identity] < Tile(*t.identity).copies),
                    None)
        assume(tile is not None)
        used[tile.identity] += 1
        hand.append(tile)
    if draw(st.booleans()):
        i = draw(st.integers(0, 13))
        wild = [t for t in LIVE if not used[t.identity] and faces[i] in readings(t, STRICT)]
        assume(wild and hand[i].chroma is not Chroma.GOLD)
        hand[i] = draw(st.sampled_from(wild))
    win = draw(st.integers(0, 13))
    return hand, win, draw(st.booleans()) or hand[win].live


def scored(hand: list[Tile], win: int, tsumo: bool, rules: ChromaRules = STRICT):
    try:
        return score(hand, win, [], rules, Situation(tsumo=tsumo, riichi=True))
    except IllegalMove as refused:
        event(refused.message.split(" under")[0])
        return None


@settings(max_examples=40, deadline=None)
@given(gold_wins(), st.randoms(use_true_random=False))
def test_ability_2_score_never_depends_on_tile_order(win_hand, rng):
    hand, win, tsumo = win_hand
    result = scored(hand, win, tsumo)
    assume(result is not None)
    order = list(range(14))
    rng.shuffle(order)
    shuffled = scored([hand[i] for i in order], order.index(win), tsumo)
    assert (shuffled.value, shuffled.han, shuffled.fu, shuffled.yakuman, shuffled.chips) == (
        result.value, result.han, result.fu, result.yakuman, result.chips)


@settings(max_examples=40, deadline=None)
@given(gold_wins())
def test_ability_2_strict_gold_reading_never_beats_the_loose_one(win_hand):
    hand, win, tsumo = win_hand
    strict = scored(hand, win, tsumo)
    assume(strict is not None)
    loose = scored(hand, win, tsumo, LOOSE)
    event("loose better" if loose.value > strict.value else "the same")
    assert strict.value <= loose.value
    assert sum(r.by_gold for r in strict.readings) <= 1
    changed = [i for i, (t, f) in enumerate(zip(hand, strict.final_faces, strict=True)) if f not in readings(t, STRICT)]
    assert len(changed) <= 1  # one gold changes one tile; every other tile keeps one of its own readings


@settings(max_examples=40, deadline=None)
@given(gold_wins())
def test_ability_2_strict_gold_reading_is_the_brute_force_best(win_hand):
    hand, win, tsumo = win_hand
    assume(not any(t.chroma is not None and STRICT.ability(t.chroma) is Ability.HAN for t in hand))
    assume(sum(t.chroma is not None for t in hand) < STRICT.rainbow_from)
    result = scored(hand, win, tsumo)
    assume(result is not None and max(Counter(result.final_faces).values()) <= 4)
    event("read by gold" if any(r.by_gold for r in result.readings) else "no gold reading")
    assert result.value == brute_best(hand, win, riichi=True, tsumo=tsumo)


@pytest.mark.parametrize("hand, win, tsumo, han, fu", [
    # seed 002, ability 2 and "Interpret"; found by the property above. A hand may hold five of a face. Before:
    # 3*m (the winning tile) and 3*s as 3s, 3*p as 3m: 11m 345m 123s 123s 333s+3s, five 3s; riichi, menzen tsumo,
    # iipeiko. The gold 5m then reads one plain 3s as 1m: 111m 345m 123s 123s 33s, the 3s won on as the pair (or
    # 12s penchan). Fu: 20 + 2 tsumo + 8 concealed 111m + 2 for the wait = 32, rounded to 40; 3 han 40 fu, the
    # dealer's tsumo.
    ("113*m45*m3*p1122333s3*s", "3*m", True, 3, 40),
    # The same by ron, 3*m read as itself: 11m 345m 123s 123s 333s+3s, riichi and iipeiko; 20 + 10 closed ron + 4
    # concealed 333s = 34, rounded to 40. The gold's 3s→1m gives 20 + 10 + 8 = 38, also 40 fu; no change adds han.
    ("113*m45*m3*p1122333s3*s", "3*m", False, 2, 40),
])
def test_ability_2_gold_changes_a_hand_read_with_five_of_a_face(hand, win, tsumo, han, fu):
    """Ability 2 with "Interpret" ("a hand can have more than 4 tiles of the same face"): the hand before the gold's
    reading may hold five of a face."""
    result = best(hand, win=win, riichi=True, tsumo=tsumo)
    base = base_points(han, fu)
    expected = 3 * tsumo_payments(base, dealer=True)[1] if tsumo else ron_payment(base, dealer=True)
    assert (result.han, result.fu, result.value) == (han, fu, expected)
    concealed = tiles(hand)
    assert brute_best(concealed, [str(t) for t in concealed].index(win), riichi=True, tsumo=tsumo) == expected
