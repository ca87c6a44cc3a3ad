"""Plain hands (no chroma tiles) against the `mahjong` package: with nothing to interpret, seed 002 changes nothing,
so waits, shanten and scores must be the package's — except that a wait on a face held four times counts
("Interpret": a hand is tenpai even when waiting on a face it already has 4 or more copies of).

Random hands come from seeded `random.Random`s, so a failure replays; the message lists the first mismatches.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from mahjong.agari import Agari
from mahjong.constants import EAST, NORTH, SOUTH, WEST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.meld import Meld as LibraryMeld
from mahjong.shanten import Shanten

from engine.chroma import search
from engine.chroma.rules import ChromaRules
from engine.chroma.scoring import Situation, score
from engine.chroma.tiles import Meld, Tile, face_name
from engine.chroma.waits import analyse
from engine.errors import IllegalMove
from tests.engine.chroma.notation import counts, face, names
from tests.engine.chroma.reference import complete, counts_of, plus

AGARI = Agari()
WINDS = (EAST, SOUTH, WEST, NORTH)
FULL_WALL = [f for f in range(34) for _ in range(4)]  # a plain set
PLAIN_LIMIT = [Tile(f).copies for f in range(34)]  # what the chroma set leaves plain
CHROMA_PLAIN_WALL = [f for f in range(34) for _ in range(PLAIN_LIMIT[f])]


def random_complete(rng: random.Random, limit: list[int]) -> list[int]:
    """14 faces: four sets and a pair, at most `limit[f]` of each face."""
    while True:
        faces: list[int] = []
        for _ in range(4):
            if rng.random() < 0.6:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                faces += [start, start + 1, start + 2]
            else:
                faces += [rng.randrange(34)] * 3
        faces += [rng.randrange(34)] * 2
        if all(n <= limit[f] for f, n in enumerate(counts_of(faces))):
            return faces


def hands_13(seed: int, random_count: int, tenpai_count: int) -> Iterator[list[int]]:
    """Random 13-tile hands from a full wall, then tenpai-biased ones (a random complete hand minus one tile)."""
    rng = random.Random(seed)
    for _ in range(random_count):
        yield counts_of(rng.sample(FULL_WALL, 13))
    for _ in range(tenpai_count):
        faces = random_complete(rng, [4] * 34)
        faces.pop(rng.randrange(14))
        yield counts_of(faces)


def _describe(counts: list[int]) -> str:
    return names(f for f in range(34) for _ in range(counts[f])).replace(" ", "")


def test_reference_waits_match_agari_on_random_plain_hands():
    """10,000 random and 3,000 tenpai-biased plain hands: `search.waits` on faces held fewer than 4 times is exactly
    the faces for which `Agari.is_agari` accepts the 14 tiles; on faces held 4 times it is exactly those where a
    fifth copy completes the shape (checked by the independent decomposition in `reference.py`)."""
    mismatches = []
    tenpai = fours = 0
    for held in hands_13(seed=2002, random_count=10_000, tenpai_count=3_000):
        ours = search.waits(held, [])
        expected = set()
        for f in range(34):
            if held[f] < 4:
                if AGARI.is_agari(plus(held, f)):
                    expected.add(f)
            else:
                fours += 1
                if complete(plus(held, f)):
                    expected.add(f)
        tenpai += bool(expected)
        if set(ours) != expected:
            mismatches.append((_describe(held), names(ours), names(expected)))
    assert not mismatches, mismatches[:5]
    assert tenpai > 2_000 and fours > 100  # the sample really covers tenpai hands and four-of-a-face hands


def test_reference_independent_decomposition_agrees_with_agari():
    """The reference used for five-copy waits agrees with the package wherever the package applies."""
    rng = random.Random(7)
    for _ in range(3_000):
        counts = counts_of(rng.sample(FULL_WALL, 14))
        assert complete(counts) == AGARI.is_agari(counts), _describe(counts)
        faces = random_complete(rng, [4] * 34)
        assert complete(counts_of(faces)) and AGARI.is_agari(counts_of(faces))


@pytest.mark.parametrize("hand, fifth, completes", [
    ("1111m234p567p789s", "1m", True),  # 111m + 11m
    ("1111m2222m3333m4m", "1m", True),  # 111m 11m 222m 333m 234m
    ("5555p123m456m789m", "5p", True),
    ("1111m2345p567p78s", "1m", False),  # 111m + 11m, but 2345p 567p 78s are not sets
    ("1111m2222m3333m5m", "2m", False),
])
def test_reference_fifth_copy_small_examples(hand, fifth, completes):
    """"Interpret": a hand waits on a face it holds four times exactly when the fifth copy completes the shape."""
    held = counts(hand)
    assert sum(held) == 13 and held[face(fifth)] == 4
    assert (face(fifth) in search.waits(held, [])) is completes
    assert complete(plus(held, face(fifth))) is completes


def test_reference_shanten_matches_the_package_on_random_not_tenpai_hands():
    """`analyse` of a plain hand that isn't tenpai reports the package's `Shanten` (seven pairs and thirteen orphans
    included); tenpai hands report 0."""
    rng = random.Random(34)
    checked = 0
    for _ in range(2_000):
        faces = rng.sample(CHROMA_PLAIN_WALL, 13)
        result = analyse([Tile(f) for f in faces], [], ChromaRules())
        if result.tenpai:
            assert result.shanten == 0
            continue
        checked += 1
        assert result.shanten == Shanten.calculate_shanten(counts_of(faces)), _describe(counts_of(faces))
    assert checked > 1_900


# -- scoring -------------------------------------------------------------------------------------------------


def random_win(rng: random.Random) -> dict:
    """A random plain winning hand with the chroma set's plain copies: four sets and a pair (or seven pairs),
    some sets called (chii, pon, open or closed kan), a winning tile from the hand, flags, winds, dora."""
    if rng.random() < 0.1:
        pairs = rng.sample([f for f in range(34) if PLAIN_LIMIT[f] >= 2], 7)
        concealed, melds = [f for f in pairs for _ in range(2)], []
    else:
        faces = random_complete(rng, PLAIN_LIMIT)
        held = counts_of(faces)
        concealed, melds = faces[12:], []
        for i in range(4):
            block = faces[3 * i: 3 * i + 3]
            roll = rng.random()
            if roll < 0.25:
                melds.append((block, False))
            elif roll < 0.32 and block[0] == block[1] and held[block[0]] < PLAIN_LIMIT[block[0]]:
                held[block[0]] += 1
                melds.append((block + block[:1], rng.random() < 0.5))
            else:
                concealed += block
    closed = all(hidden for _, hidden in melds)
    used = counts_of(concealed + [f for block, _ in melds for f in block])
    spare = [f for f in range(34) for _ in range(PLAIN_LIMIT[f] - used[f])]
    return {"concealed": concealed, "melds": melds, "win": rng.randrange(len(concealed)),
            "tsumo": rng.random() < 0.5, "riichi": closed and rng.random() < 0.5,
            "seat": rng.randrange(4), "round": rng.randrange(4), "dora": rng.sample(spare, rng.randrange(3))}


def package_value(hand: dict):
    ids_used = [0] * 34

    def take(face: int) -> int:
        ids_used[face] += 1
        return face * 4 + ids_used[face] - 1

    ids = [take(f) for f in hand["concealed"]]
    win_id = ids[hand["win"]]
    melds = []
    for block, hidden in hand["melds"]:
        meld_ids = [take(f) for f in block]
        ids += meld_ids
        kind = LibraryMeld.KAN if len(block) == 4 else LibraryMeld.PON if block[0] == block[1] else LibraryMeld.CHI
        melds.append(LibraryMeld(kind, tiles=meld_ids, opened=not hidden))
    config = HandConfig(is_tsumo=hand["tsumo"], is_riichi=hand["riichi"], player_wind=WINDS[hand["seat"]],
                        round_wind=WINDS[hand["round"]],
                        options=OptionalRules(has_open_tanyao=True, has_aka_dora=False))
    return HandCalculator.estimate_hand_value(ids, win_id, melds=melds, dora_indicators=[f * 4 for f in hand["dora"]],
                                              config=config)


def our_value(hand: dict):
    melds = [Meld(tuple(Tile(f) for f in block), concealed=hidden) for block, hidden in hand["melds"]]
    situation = Situation(tsumo=hand["tsumo"], riichi=hand["riichi"], seat=hand["seat"], round=hand["round"],
                          dora=tuple(Tile(f) for f in hand["dora"]))
    return score([Tile(f) for f in hand["concealed"]], hand["win"], melds, ChromaRules(), situation)


def test_reference_scores_match_hand_calculator_on_random_plain_wins():
    """4,000 random plain wins: han, fu and the payment equal `HandCalculator.estimate_hand_value` (aka dora off,
    open tanyao on, as our scoring configures it); hands without a yaku are refused by both."""
    rng = random.Random(20020825)
    mismatches = []
    scored = refused = 0
    for _ in range(4_000):
        hand = random_win(rng)
        expected = package_value(hand)
        where = ("".join(face_name(f) for f in hand["concealed"]), hand["melds"],
                 face_name(hand["concealed"][hand["win"]]),
                 {k: hand[k] for k in ("tsumo", "riichi", "seat", "round", "dora")})
        if expected.error:
            assert expected.error == HandCalculator.ERR_NO_YAKU, (where, expected.error)
            with pytest.raises(IllegalMove, match="no yaku"):
                our_value(hand)
            refused += 1
            continue
        ours = our_value(hand)
        pay = ours.payment
        if not hand["tsumo"]:
            paid = (pay.ron, 0)
        elif hand["seat"] == 0:
            paid = (pay.others_pay, pay.others_pay)
        else:
            paid = (pay.dealer_pays, pay.others_pay)
        wanted = (expected.cost["main"], expected.cost["additional"])
        if (ours.han, ours.fu, paid) != (expected.han, expected.fu, wanted):
            mismatches.append((where, (ours.han, ours.fu, paid), (expected.han, expected.fu, wanted)))
        scored += 1
    assert not mismatches, mismatches[:5]
    assert scored > 2_000 and refused > 200
