"""Seed 002, "The Gist" and "Chroma Ability Clarification": each chroma's ability alone and together — silver
(suitless), gold (read one tile as any face after the win), red (+1 han), blue (a meld holding it is closed), the
riichi wildcards (prismatic, fern-green, light-siam), chips and the Rainbow yaku."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.chroma.rules import Ability, ChromaRules, GoldReading, readings
from engine.chroma.tiles import Chroma, Tile, face_name
from engine.errors import IllegalMove
from tests.engine.chroma.notation import RULES, best, face, read_as, tiles, yaku
from tests.engine.chroma.reference import brute_best

LIMITED = ChromaRules(siam_limited=True)


# -- silver (gist 2, ability 1) -------------------------------------------------------------------------------


def test_ability_1_silver_read_in_another_suit_to_win():
    """Silver 3s completes 12m as 3m; the reading is reported (not by gold)."""
    result = best("12m3*s456p456s789s22z", win="3*s", riichi=True)
    assert read_as(result) == {("3*s", "3m", False)}
    assert yaku(result) == {"Riichi": 1}


def test_ability_1_silver_in_a_called_meld():
    """A chii of silver 3s with 45m reads the silver as 3m."""
    result = best("123p789s555z22z", win="1p", melds="3*s45m")
    assert [face_name(f) for f in sorted(result.melds[0].faces)] == ["3m", "4m", "5m"]
    assert yaku(result) == {"Yakuhai (haku)": 1}


def test_ability_1_silver_read_as_itself_is_no_reading():
    result = best("123*m456p456s789s22z", win="1m", riichi=True)
    assert result.readings == ()


def test_shuffle_suitless_on_an_honour_reads_as_any_dragon():
    """Ruling (Shuffle): a suitless ability on a dragon tile reads it as any dragon."""
    rules = RULES.with_ability(Chroma.PRISMATIC, Ability.SUITLESS)
    assert readings(Tile(face("5z"), Chroma.PRISMATIC), rules) == {face("5z"), face("6z"), face("7z")}


# -- gold (gist 3, ability 2) ---------------------------------------------------------------------------------


def test_ability_2_gold_seed_example_4s_read_as_7s_for_iipeiko():
    """Ability 2: "the winner interprets the 4s in 4s5s5s6s6s7s as 7s to get iipeiko" (a gold 5s in the hand)."""
    result = best("123m789p4s5*s5s6s6s7s11z", win="1m", riichi=True)
    assert yaku(result) == {"Riichi": 1, "Iipeiko": 1}
    assert read_as(result) == {("4s", "7s", True)}
    assert (result.han, result.fu, result.payment.ron) == (2, 40, 3900)


def test_ability_2_two_golds_upgrade_sanankou_to_suuankou():
    """Ability 2: "having multiple gold tiles means being able to interpret multiple tiles (e.g., being able to
    upgrade a sananko into a suuanko)"."""
    result = best("111m222p333s5*s6s7s5*m5m", win="2p", tsumo=True)
    assert result.yakuman == 1 and "Suu Ankou" in yaku(result)
    assert sum(r.by_gold for r in result.readings) == 2
    assert sorted(Counter(result.final_faces).values()) == [2, 3, 3, 3, 3]  # four concealed triplets and a pair
    assert result.payment.others_pay == 16000  # the dealer's yakuman tsumo


def test_ability_2_one_gold_reads_only_one_tile():
    """With one gold (the other five is red) the same hand stays a sanankou."""
    result = best("111m222p333s5*s6s7s0m5m", win="2p", tsumo=True)
    assert result.yakuman == 0 and "San Ankou" in yaku(result)


def test_ability_2_gold_cannot_make_a_hand_without_yaku_a_win():
    """Ability 2: "the hand before and after interpretation must both be valid, completed hands with yaku": reading
    9s as 3s would give tanyao, but the hand before has no yaku."""
    with pytest.raises(IllegalMove, match="no yaku"):
        best("234m456p4s5*s6s789s22p", win="3m")


def test_ability_2_gold_adds_yaku_to_a_hand_that_has_one():
    result = best("234m456p4s5*s6s789s22p", win="3m", riichi=True)
    assert yaku(result) == {"Riichi": 1, "Tanyao": 1}
    (reading,) = result.readings
    assert reading.by_gold and face_name(reading.tile.face) == "9s"


@pytest.mark.parametrize("hand, win, situation", [
    ("11234m23455*599s7!z", "5s", {"riichi": True}),  # the issue's hand: light-siam 9s before, 3m after
    ("11234m23455*599s7!z", "5s", {"riichi": True, "tsumo": True}),
    ("444z5*34m3s6!z5567s33m", "5s", {"riichi": True}),  # fern-green
    ("7!z67775*m345666p33s", "5p", {"riichi": True, "tsumo": True}),
    ("345s67p5!z567s444m5*1p", "4m", {"riichi": True}),  # prismatic
])
def test_ability_2_one_gold_changes_one_tile_and_every_other_keeps_its_reading(hand, win, situation):
    """Ability 2: "each gold tile allows the winner to interpret one tile in the hand as any face. The hand before
    and after interpretation must both be valid": a silver or riichi wildcard keeps the reading it had in the hand
    before (strict, the default), so one gold changes one tile; checked against a brute force over every reading
    and every single change, scored by the `mahjong` package."""
    result = best(hand, win=win, **situation)
    concealed = tiles(hand)
    win_index = max(i for i, t in enumerate(concealed) if str(t) == win)
    assert result.value == brute_best(concealed, win_index, **situation)
    assert sum(r.by_gold for r in result.readings) <= 1


def test_ability_2_the_issue_hand_scores_2400_strictly_and_3900_loosely():
    """The issue's example, dealer ron with riichi: strictly 11m 234m 234s 555s 999s (the light-siam as 9s), riichi
    only, 50 fu; the loose option lets the light-siam be 9s before and 3m after (the gold's 4m→2m making iipeiko)."""
    assert best("11234m23455*599s7!z", win="5s", riichi=True).payment.ron == 2400
    loose = best("11234m23455*599s7!z", win="5s", riichi=True, rules=ChromaRules(gold_reading=GoldReading.LOOSE))
    assert loose.payment.ron == 3900 and read_as(loose) == {("7!z", "3m", False), ("4m", "2m", True)}


def test_ability_2_gold_is_not_a_wildcard_for_completing_the_hand():
    """Gist 3: gold has no ability until a valid win has been declared."""
    with pytest.raises(IllegalMove, match="isn't complete"):
        best("123m456p789s11z4s5*s9s", win="9s", riichi=True)


# -- red (gist 4) ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("hand, reds", [
    ("345m456p456s789s11p", 0),
    ("345m456p406s789s11p", 1),
    ("345m406p406s789s11p", 2),
    ("340m406p406s789s11p", 3),
])
def test_gist_4_each_red_grants_one_han(hand, reds):
    base = best("345m456p456s789s11p", win="9s", riichi=True)
    result = best(hand, win="9s", riichi=True)
    assert result.han == base.han + reds
    assert yaku(result).get(f"Red tiles ×{reds}", 0) == reds
    assert result.chips == reds


def test_gist_4_red_is_not_a_yaku():
    """Ruling: red's +1 han counts like dora; it doesn't make a win."""
    with pytest.raises(IllegalMove, match="no yaku"):
        best("234m406p4s0s6s789s22p", win="3m")


def test_interpret_red_read_by_gold_keeps_its_han():
    """"Interpret": interpreted tiles keep their original chroma: gold reads the red 5s as 8s (iipeiko 678s678s),
    and the red still grants +1 han."""
    result = best("123m5*m5m789p0s6s7s6s7s8s", win="1m", riichi=True)
    assert read_as(result) == {("0s", "8s", True)}
    assert yaku(result) == {"Riichi": 1, "Pinfu": 1, "Iipeiko": 1, "Red tiles ×1": 1}


def test_gist_4_red_is_not_added_to_a_yakuman():
    result = best("555z666z777z123m0m5m", win="1m")
    assert result.yakuman == 1 and yaku(result) == {"Daisangen": None} and result.han == 13


# -- blue (gist 5, ability 3) ---------------------------------------------------------------------------------


def test_ability_3_blue_pon_allows_riichi_and_menzen_tsumo():
    """Ability 3: a meld containing a blue 7 is treated as closed for riichi, fu and yaku."""
    result = best("123m456p789s11z", win="1m", melds="777*s", riichi=True, tsumo=True)
    assert yaku(result) == {"Menzen Tsumo": 1, "Riichi": 1}


def test_ability_3_open_meld_without_blue_refuses_riichi():
    with pytest.raises(IllegalMove, match="Riichi needs a closed hand"):
        best("123p789s555z22z", win="1p", melds="777m", riichi=True)


def test_ability_3_blue_pon_scores_closed_fu():
    """Closed ron: 20 + 10 (menzen ron) + 8 (closed 555z) + 4 (the blue pon, closed) = 42 → 50; the same pon without
    blue is open: 20 + 8 + 2 = 30."""
    blue = best("123p789s555z22z", win="1p", melds="777*m")
    plain = best("123p789s555z22z", win="1p", melds="777m")
    assert (blue.han, blue.fu) == (1, 50)
    assert (plain.han, plain.fu) == (1, 30)


def test_ability_3_blue_chii_keeps_closed_yaku():
    """Pinfu and iipeiko (closed-only yaku) with a blue chii; without blue the same hand has no yaku."""
    result = best("567m123p789s22z", win="1p", melds="567*m", riichi=True, tsumo=True)
    assert yaku(result) == {"Menzen Tsumo": 1, "Riichi": 1, "Pinfu": 1, "Iipeiko": 1}
    with pytest.raises(IllegalMove, match="no yaku"):
        best("567m123p789s22z", win="1p", melds="567m", tsumo=True)


def test_ability_3_blue_kan_scores_as_a_closed_kan():
    open_blue = best("123m456p789s11z", win="1m", melds="777*7m", riichi=True, tsumo=True)
    closed = best("123m456p789s11z", win="1m", melds="[777*7m]", riichi=True, tsumo=True)
    assert (open_blue.han, open_blue.fu, open_blue.payment) == (closed.han, closed.fu, closed.payment)


def test_abilities_together_gold_in_a_blue_chii():
    """Blue and gold together: the chii 5*s 6s 7*s is closed (riichi, menzen tsumo, iipeiko across it) and its gold
    grants the reading 4s→7s in the hand (ruling: a gold in a meld still grants its reading)."""
    result = best("123m789p456s11z", win="1m", melds="5*67*s", riichi=True, tsumo=True)
    assert yaku(result) == {"Menzen Tsumo": 1, "Riichi": 1, "Iipeiko": 1}
    assert read_as(result) == {("4s", "7s", True)}
    assert result.chips == 2


# -- riichi wildcards (gist 6) --------------------------------------------------------------------------------


def test_gist_6_prismatic_drawn_in_riichi_is_any_face():
    """Tsumo on a prismatic 5z drawn during riichi: read as 6m or 9m to finish 78m."""
    result = best("123m78m456p789s11z5!z", win="5!z", riichi=True, tsumo=True)
    (reading,) = result.readings
    assert str(reading.tile) == "5!z" and face_name(reading.face) in ("6m", "9m") and not reading.by_gold
    assert yaku(result) == {"Menzen Tsumo": 1, "Riichi": 1}
    assert result.win_face == reading.face


def test_gist_6_prismatic_not_drawn_in_riichi_is_only_a_5z():
    with pytest.raises(IllegalMove, match="isn't complete"):
        best("123m78m456p789s11z5*z", win="5*z", riichi=True, tsumo=True)


def test_gist_6_drawn_in_riichi_needs_riichi():
    with pytest.raises(IllegalMove, match="no riichi"):
        best("123m78m456p789s11z5!z", win="5!z", tsumo=True)


@pytest.mark.parametrize("wild, run, rules, completes", [
    ("6!z", "78s", RULES, True),  # fern-green: 1-9s (and 6z)
    ("6!z", "13s", RULES, True),
    ("6!z", "78m", RULES, False),
    ("6!z", "78p", RULES, False),
    ("7!z", "78m", RULES, True),  # light-siam: 1-9m, 135679p, 1579s, 7z
    ("7!z", "78p", RULES, True),  # 6p or 9p
    ("7!z", "78s", RULES, True),  # 9s
    ("7!z", "13p", RULES, False),  # 2p is not a red face
    ("7!z", "24s", RULES, False),  # nor is 3s
    ("7!z", "78m", LIMITED, True),  # the seed's dragon alternative 1: only 1-9m and 7z
    ("7!z", "78p", LIMITED, False),
    ("7!z", "78s", LIMITED, False),
])
def test_gist_6_fern_green_and_light_siam_read_only_their_faces(wild, run, rules, completes):
    hand = f"123m456p789s11z{run}{wild}"
    if completes:
        result = best(hand, win=wild, rules=rules, riichi=True, tsumo=True)
        (reading,) = result.readings
        assert reading.face in readings(tiles(wild)[0], rules)
        assert face_name(reading.face)[-1] == run[-1]
    else:
        with pytest.raises(IllegalMove, match="isn't complete"):
            best(hand, win=wild, rules=rules, riichi=True, tsumo=True)


def test_gist_6_ron_on_a_riichi_wildcard_cannot_interpret_it():
    """"Interpret": prismatic, fern-green and light-siam cannot be interpreted when discarded by other players after
    riichi; only the winner's own draws during riichi can. A ron on `5!z` needing it as 6m/9m is no win."""
    with pytest.raises(IllegalMove):
        best("123m78m456p789s11z5!z", win="5!z", riichi=True, tsumo=False)


# -- chips (gist 1) and the Rainbow (gist 7, clarification 4) -------------------------------------------------

# 345m 345p 345s 777s 55z with chroma tiles put in: 5*z, 7*s, then silvers, then reds.
RAINBOW_HANDS = {
    0: "345m345p345s777s55z",
    4: "3*45m3*45p345s7*77s5*5z",
    5: "3*45m3*45p3*45s7*77s5*5z",
    6: "3*40m3*45p3*45s7*77s5*5z",
    7: "3*40m3*40p3*45s7*77s5*5z",
    8: "3*40m3*40p3*40s7*77s5*5z",
}


@pytest.mark.parametrize("chroma_tiles, rainbow", [(0, None), (4, None), (5, 1), (6, 2), (7, 3), (8, "yakuman")])
def test_gist_7_rainbow_value_by_chroma_count(chroma_tiles, rainbow):
    """Gist 7: 5 chroma tiles 1 han, 6 two, 7 three, 8 or more yakuman; gist 1: each chroma tile is one chip."""
    result = best(RAINBOW_HANDS[chroma_tiles], win="4m", riichi=True)
    line = f"Rainbow ({chroma_tiles} chroma tiles)"
    assert result.chips == chroma_tiles
    if rainbow is None:
        assert not any(name.startswith("Rainbow") for name in yaku(result))
    elif rainbow == "yakuman":
        assert result.yakuman == 1 and yaku(result) == {line: None}
    else:
        assert yaku(result)[line] == rainbow and result.yakuman == 0


@pytest.mark.parametrize("rainbow_from, rainbow", [(6, None), (5, 1), (4, 2), (3, 3), (2, "yakuman")])
def test_modifications_rainbow_from_shifts_the_curve(rainbow_from, rainbow):
    """Modifications: "you may want to adjust the value curve of the Rainbow yaku" (`rainbow_from`)."""
    result = best(RAINBOW_HANDS[5], win="4m", riichi=True, rules=ChromaRules(rainbow_from=rainbow_from))
    if rainbow is None:
        assert "Rainbow (5 chroma tiles)" not in yaku(result)
    elif rainbow == "yakuman":
        assert result.yakuman == 1
    else:
        assert yaku(result)["Rainbow (5 chroma tiles)"] == rainbow


def test_gist_7_rainbow_is_a_yaku():
    """A hand whose only yaku is the Rainbow wins (red tiles alone would not); without it, no win."""
    hand = "3*m4m0m3*p4p0p7*s8s9s111m22z"
    result = best(hand, win="4m")
    assert yaku(result) == {"Red tiles ×2": 2, "Rainbow (5 chroma tiles)": 1}
    with pytest.raises(IllegalMove, match="no yaku"):
        best(hand, win="4m", rules=ChromaRules(rainbow_from=6))


def test_clarification_4_rainbow_and_chips_count_tiles_not_chromas_melds_included():
    """Clarification 4: the Rainbow counts chroma tiles, not distinct chromas; melded ones count."""
    result = best("3*m40m3*p45p7*s89s22z", win="4m", melds="[5*z555z]", riichi=True)
    assert result.chips == 5 and yaku(result)["Rainbow (5 chroma tiles)"] == 1


def test_rainbow_stats_seed_twelve_chroma_hand():
    """"Rainbow Stats for Nerds": 3p3s5m0m5s0s5p0p3m3m7m7m5z6z uses 12 chroma tiles (all but 3m and 7m are chroma).
    Riichi, tsumo on the prismatic 5z drawn in riichi (as 6z): seven pairs before the golds, the silvers read as 33m
    and 33p (or 33s). Ability 2, read strictly: 333m 777m 555p 555s 66z would need four changes (the third 5p, 5s and
    7m, and the other silver of 33p to 3m), one more than the three golds, so the hand is the Rainbow yakuman alone;
    12 chips."""
    result = best("3*p3*s5*m0m5*s0s5*p0p3*m3m7*m7m5!z6*z", win="5!z", riichi=True, tsumo=True)
    assert result.chips == 12
    assert yaku(result) == {"Rainbow (12 chroma tiles)": None}
    assert result.yakuman == 1
    assert result.payment.others_pay == 16000


def test_rainbow_stats_seed_twelve_chroma_hand_read_loosely():
    """The same hand with `gold_reading=loose`: the silvers may be read afresh after the golds, so the three golds
    read 0m→5s, 5m→5p and silver 3p→7m while the other silver becomes 3m: suuankou tanki (double) plus the Rainbow."""
    loose = ChromaRules(gold_reading=GoldReading.LOOSE)
    result = best("3*p3*s5*m0m5*s0s5*p0p3*m3m7*m7m5!z6*z", win="5!z", riichi=True, tsumo=True, rules=loose)
    assert yaku(result) == {"Suu Ankou Tanki (double)": None, "Rainbow (12 chroma tiles)": None}
    assert result.yakuman == 3
    assert result.payment.others_pay == 48000
