"""Seed 002 "Interpret": waits are faces, a hand may wait on a face it holds four times, furiten comes from any
discard that completes any reading; "Chroma Ability Clarification" 1 (silver) and gist 6 (riichi wildcards)."""

from __future__ import annotations

import pytest
from mahjong.shanten import Shanten

from engine.chroma.rules import ChromaRules
from engine.errors import IllegalMove
from tests.engine.chroma.notation import counts, face, is_furiten, names, report, tiles, waits_of
from tests.engine.chroma.reference import brute_waits

LIMITED = ChromaRules(siam_limited=True)


# -- furiten ------------------------------------------------------------------------------------------------


def test_interpret_furiten_example_1_plain_3s_discarded_silver_3p_in_hand():
    """"Interpret", furiten example 1: having discarded regular 3s, 3p1z1z1z2z2z2z3z3z3z4z4z4z with a silver 3p is
    furiten (the silver may be read as 3s)."""
    assert waits_of("3*p111z222z333z444z") == "3m 3p 3s"
    assert is_furiten("3*p111z222z333z444z", discards="3s")


def test_interpret_furiten_example_2_silver_3s_discarded_plain_3p_in_hand():
    """"Interpret", furiten example 2: having discarded silver 3s (readable as 3p), 3p111z222z333z444z is furiten."""
    assert waits_of("3p111z222z333z444z") == "3p"
    assert is_furiten("3p111z222z333z444z", discards="3*s")
    (cause,) = report("3p111z222z333z444z", discards="3*s").furiten
    assert str(cause.tile) == "3*s" and names(cause.faces) == "3p"


def test_interpret_furiten_plain_3s_discarded_plain_3p_hand_is_not_furiten():
    """"Interpret": without a silver on either side, 3s and 3p are different faces."""
    assert not is_furiten("3p111z222z333z444z", discards="3s")
    assert report("3p111z222z333z444z", discards="3s1m9p").furiten == ()


def test_interpret_furiten_is_unknown_without_discards():
    assert report("3p111z222z333z444z").furiten is None


@pytest.mark.parametrize("discard", ["5*z", "6*z", "7*z"])
def test_interpret_riichi_wildcards_discarded_outside_riichi_cause_no_furiten(discard):
    """"Interpret": prismatic, fern-green and light-siam don't cause furiten if discarded before riichi or by other
    players after riichi (they cannot be interpreted then): `*` tiles count only as their own face."""
    assert not is_furiten("3p111z222z333z444z", discards=discard)


@pytest.mark.parametrize("hand", ["5z111z222z333z444z", "5p5p5z5z111z222z333z"])
def test_interpret_riichi_wildcard_discarded_outside_riichi_still_counts_as_its_face(hand):
    """A `5*z` discard is still a 5z: a hand waiting on 5z is furiten."""
    assert "5z" in waits_of(hand).split()
    assert is_furiten(hand, discards="5*z")


@pytest.mark.parametrize("hand", ["3p111z222z333z444z", "1m111z222z333z444z", "23456m789p111s11z"])
def test_interpret_prismatic_drawn_and_discarded_in_riichi_makes_any_tenpai_hand_furiten(hand):
    """Gist 6: a `5!z` (drawn during riichi) can be read as any face, so having discarded it, every wait is in the
    furiten pool."""
    assert is_furiten(hand, discards="5!z")


@pytest.mark.parametrize("hand, discard, rules, furiten", [
    ("3s111z222z333z444z", "6!z", ChromaRules(), True),  # fern-green: 1-9s and 6z
    ("6z111z222z333z444z", "6!z", ChromaRules(), True),
    ("3p111z222z333z444z", "6!z", ChromaRules(), False),
    ("3p111z222z333z444z", "7!z", ChromaRules(), True),  # light-siam: 3p is a red face
    ("2p111z222z333z444z", "7!z", ChromaRules(), False),  # 2p is not
    ("3p111z222z333z444z", "7!z", LIMITED, False),  # the seed's dragon alternative 1: only 1-9m and 7z
    ("2m111z222z333z444z", "7!z", LIMITED, True),
    ("7z111z222z333z444z", "7!z", LIMITED, True),
])
def test_gist_6_fern_green_and_light_siam_discarded_in_riichi_cover_their_faces(hand, discard, rules, furiten):
    assert is_furiten(hand, discards=discard, rules=rules) is furiten


@pytest.mark.parametrize("hand, discard, furiten", [
    ("3p111z222z333z444z", "5*p", False),  # gold has no reading before the win (ability 2)
    ("5p111z222z333z444z", "5*p", True),  # ... but is a 5p
    ("5p111z222z333z444z", "0p", True),  # red: "0p and 5p both have the face 5-pin"
    ("7s111z222z333z444z", "7*s", True),  # blue is its face
])
def test_interpret_other_chromas_discarded_count_as_their_face(hand, discard, furiten):
    assert is_furiten(hand, discards=discard) is furiten


def test_interpret_discards_count_against_the_physical_tiles():
    """The hand and the discards together may not hold more tiles than the set has."""
    with pytest.raises(IllegalMove):
        report("3*s111z222z333z444z", discards="3*s")


# -- waits on a face held four times --------------------------------------------------------------------------


def test_interpret_tenpai_on_a_face_held_four_times():
    """"Interpret": a hand is still tenpai waiting on a face it already has 4 copies of (1111m234p567p789s)."""
    result = report("1111m234p567p789s")
    assert names(result.waits) == "1m"
    assert result.held == {face("1m"): 4}


def test_interpret_tenpai_on_a_face_held_four_times_with_a_silver():
    """Three plain 3m and a silver 3m: the fifth 3m completes 333m + 33m; the silver can also pair with 3p or 3s."""
    result = report("3*333m234p567p789s")
    assert names(result.waits) == "3m 3p 3s"
    assert result.held[face("3m")] == 4


def test_interpret_tanki_on_a_face_whose_other_three_are_melded():
    assert waits_of("1m", melds="111m 234p 567p 789s") == "1m"


def test_interpret_tenpai_with_melds_uses_sets_left():
    """A silver tanki with four melds waits on all three 3s; no seven pairs with melds."""
    assert waits_of("3*p", melds="111z 222z 333z 444z") == "3m 3p 3s"
    assert waits_of("3*p3p11z", melds="123m 456m 789m") == "3p 1z"


# -- special shapes -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("hand, waits", [
    ("1122m3344p5566s7z", "7z"),  # seven pairs
    ("1122m3344p55s667z", "7z"),
    ("1111m2233p4455s6z", ""),  # four alike are not two pairs (as in riichi mahjong)
    ("19m19p19s1234567z", "1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z"),  # thirteen orphans, 13-sided
    ("119m19p19s123456z", "7z"),
])
def test_interpret_seven_pairs_and_thirteen_orphans_waits(hand, waits):
    assert waits_of(hand) == waits


# -- silver and riichi wildcards widen waits ------------------------------------------------------------------


@pytest.mark.parametrize("plain, silver, waits", [
    ("3m4p111z222z333z44z", "3*m4p111z222z333z44z", "2p 5p"),  # silver 3m read as 3p: 34p
    ("3m5s111z222z333z44z", "3*m5s111z222z333z44z", "4s"),  # read as 3s: kanchan 35s
    ("3p111z222z333z444z", "3*p111z222z333z444z", "3m 3p 3s"),
])
def test_ability_1_silver_widens_waits(plain, silver, waits):
    """Ability 1: silver 3m3p3s can be interpreted as any of the 3m3p3s faces."""
    assert set(waits_of(plain).split()) < set(waits.split())
    assert waits_of(silver) == waits


def test_gist_6_prismatic_in_a_waiting_hand_reads_as_any_face():
    """Ruling: a `!` tile in a 13-tile hand is read as a wildcard (7s + any: 5-9s; or 11z + 1z with 7s + any)."""
    assert waits_of("123m456p789s11z7s5!z") == "5s 6s 7s 8s 9s 1z"


def test_ability_2_gold_does_not_change_the_wait():
    """Ability 2: gold has no ability until after a win, so it doesn't change the wait."""
    assert waits_of("123m456p789s11z4s5*s") == waits_of("123m456p789s11z4s5s") == "3s 6s"


# -- shanten --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("hand", [
    "123m456p789s1234z",
    "1122m3344p55s123z",
    "19m19p19s12345z28m",
    "1357m2468p13579s",
    "11123m456p78s123z",
    "159m159p159s1234z",
])
def test_interpret_not_tenpai_reports_the_packages_shanten(hand):
    result = report(hand)
    assert not result.tenpai
    assert result.shanten == Shanten.calculate_shanten(counts(hand)) > 0


@pytest.mark.parametrize("silver, plain", [("3*m59p1467s1234z24m", "3m59p1467s1234z24m"),
                                           ("3*s3*m159p147s1234z8m", "3s3m159p147s1234z8m")])
def test_interpret_silver_shanten_is_no_worse_than_the_plain_reading(silver, plain):
    assert 0 < report(silver).shanten <= Shanten.calculate_shanten(counts(plain))


@pytest.mark.parametrize("hand", ["333s3*m3*p159m159p12z", "1111m5!z258p258s14z"])
def test_interpret_shanten_with_five_of_a_face_reading(hand):
    """"Interpret": a hand can have more than 4 tiles of a face. Two silvers read as 3s next to 333s (or a prismatic
    read as 1m next to 1111m) is a reading with five of a face; the not-tenpai answer must still come back."""
    result = report(hand)
    assert not result.tenpai and result.shanten >= 1


@pytest.mark.parametrize("hand", ["3*333m234p567p789s", "3*m3*p3*s111z222z333z4z", "123p3*m45m0m67*m89m11z",
                                  "1111m234p567p789s", "3*m4p111z222z333z44z"])
def test_interpret_waits_agree_with_brute_force_on_examples(hand):
    """Every reading of every tile, each checked by the independent decomposition in `reference.py`."""
    assert report(hand).waits == brute_waits(tiles(hand))
