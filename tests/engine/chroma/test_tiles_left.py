"""Tiles left of each wait (issue 18 item 10): four tiles of each face (seed 002, Special Tiles: the chroma tile is
one of the four), less what the hand, the melds, the discards and the other tiles seen show; an unseen tile counts
for every wait it can be read as when it arrives (as a discard is read for furiten, seed 002 "Interpret"). The
expected numbers are counted from the notation by hand, in the comments."""

from __future__ import annotations

import pytest

from engine.chroma.rules import Ability, ChromaRules
from engine.chroma.tiles import Chroma
from engine.errors import IllegalMove
from tests.engine.chroma.notation import face, names, report


def left(hand: str, **given) -> dict[str, int]:
    result = report(hand, **given)
    return {names([f]): n for f, n in result.left.items()}


def test_nine_gates_counts_four_of_each_face_less_the_hand_and_silvers_read_as_3m():
    assert left("1112345678999m") == {
        "1m": 4 - 3,
        "2m": 4 - 1,
        "3m": 4 - 1 + 2,  # the silver 3p and 3s can be read as 3m ("Chroma Ability Clarification" 1)
        "4m": 4 - 1,
        "5m": 4 - 1,  # two plain, gold and red: all four have the face 5m
        "6m": 4 - 1,
        "7m": 4 - 1,  # the blue 7m is one of the four
        "8m": 4 - 1,
        "9m": 4 - 3,
    }
    assert report("1112345678999m").total_left == 1 + 3 + 5 + 3 + 3 + 3 + 3 + 3 + 1  # no tile counts twice here


@pytest.mark.parametrize(("given", "expected"), [
    ({}, 4 - 1 + 2),  # one plain 3p in hand; the silver 3m and 3s read as 3p
    ({"discards": "3*s"}, 4 - 1 + 2 - 1),
    ({"discards": "3p2m"}, 4 - 1 + 2 - 1),
    ({"seen": "3p3*m"}, 4 - 1 + 2 - 2),
    ({"seen": "3p3p", "discards": "3*p"}, 4 - 1 + 2 - 3),  # the last plain 3p was in the hand
    ({"seen": "3s3m1z"}, 4 - 1 + 2),  # plain 3s and 3m are not 3p
])
def test_discards_and_seen_tiles_are_not_left(given, expected):
    assert left("3p111z222z333z444z", **given) == {"3p": expected}


@pytest.mark.parametrize(("hand", "melds", "expected"), [
    ("3p111z222z333z", "444z", 4 - 1 + 2),
    ("3p111z222z333z", "3*m3*p3*s", 4 - 1 + 2 - 3),  # a pon of the three silvers (read as 3m)
    ("3p111z222z333z", "345p", 4 - 1 + 2 - 1),
])
def test_melded_tiles_are_not_left(hand, melds, expected):
    assert left(hand, melds=melds) == {"3p": expected}


def test_a_wait_the_hand_shows_four_times_has_none_left():
    """"Interpret": tenpai on a face held four times; no tile is left to bring it."""
    assert left("1111m234p567p789s") == {"1m": 0}


def test_a_silver_wait_counts_each_silver_for_every_face_and_once_in_the_total():
    # in hand: three plain 3m, the silver 3m and a plain 3p (234p); the silver 3p and 3s unseen
    assert left("3*333m234p567p789s") == {"3m": 0 + 2, "3p": 4 - 1 + 1, "3s": 4 + 1}
    assert report("3*333m234p567p789s").total_left == 2 + 2 + 3  # silvers 3p and 3s, two plain 3p, three plain 3s


def test_riichi_wildcards_count_only_as_their_own_face():
    """Gist 6: an unseen prismatic is a wildcard only if drawn during riichi; it is counted as the 5z it shows."""
    assert left("5z111z222z333z444z") == {"5z": 4 - 1}
    assert left("3p3p5*z5z222z333z444z") == {"3p": 4 - 2 + 2, "5z": 4 - 2}


def test_a_shuffled_suitless_ability_moves_with_its_chroma():
    """Shuffle: the blue 7s read as any 7 when it carries the suitless ability; the silvers then read as themselves."""
    rules = ChromaRules().with_ability(Chroma.BLUE, Ability.SUITLESS).with_ability(Chroma.SILVER, Ability.CLOSED_MELD)
    assert left("7p111z222z333z444z", rules=rules) == {"7p": 4 - 1 + 2}
    assert left("3p111z222z333z444z", rules=rules) == {"3p": 4 - 1}


def test_seen_tiles_count_against_the_physical_tiles():
    with pytest.raises(IllegalMove):
        report("3*s111z222z333z444z", seen="3*s")
    with pytest.raises(IllegalMove):
        report("3p111z222z333z444z", discards="3p", seen="3p3p")


def test_a_hand_that_is_not_tenpai_has_nothing_left_to_count():
    result = report("1m4m7m1p4p7p1s4s7s1234z")
    assert result.left == {} and result.total_left == 0 and face("1m") not in result.left
