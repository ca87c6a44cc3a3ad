"""Seed 002 "Non-positive Han Count" and "Alternative Chroma Abilities For Number Tiles" 1 and 3-6 (call-wild,
a 0-han yaku, the han/chip trade-off, terminal blocks, sum mod 3)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.chroma.rules import Ability, ChromaRules
from engine.chroma.tiles import Chroma, face_name
from engine.errors import IllegalMove
from engine.table import HandValue, TableOptions, Tsumo, Win, apply, new_game
from engine.table import score as table_score
from tests.engine.chroma.notation import RULES, best, yaku


def pays(han: int, fu: int = 30, *, dealer: bool = False, tsumo: bool = True, honba: int = 0):
    return table_score(HandValue(han=han, fu=fu, nonpositive_han=True), dealer=dealer, tsumo=tsumo, honba=honba,
                       options=TableOptions(), sanma=False)


# -- non-positive han ----------------------------------------------------------------------------------------


def test_nonpositive_han_seed_example_minus_2_30_tsumo_is_minus_500_minus_1000():
    """"Non-positive Han Count": a -2/30 tsumo hand is worth -500/-1000."""
    payment = pays(-2)
    assert (payment.others_pay, payment.dealer_pays, payment.honba_each) == (-500, -1000, 0)
    assert payment.label == "-2 han 30 fu"


def test_nonpositive_han_seed_example_with_2_honba_is_minus_300_minus_800():
    """"With 2 honba, it's worth -300/-800 ... the winning player pays 300 to non-dealers and 800 to the dealer"
    (each honba is 300: 100 from each payer)."""
    payment = pays(-2, honba=2)
    assert payment.honba_each == 200
    assert (payment.others_pay + payment.honba_each, payment.dealer_pays + payment.honba_each) == (-300, -800)


def test_nonpositive_han_seed_example_on_the_table():
    """The same win recorded on `/table`: the non-dealer winner pays 800 to the dealer and 300 to each other."""
    state = replace(new_game(1, [1, 2, 3, 4]), honba=2)
    state, _ = apply(state, Tsumo(Win(2, HandValue(han=-2, fu=30, nonpositive_han=True))))
    assert [s.points for s in state.seats] == [25800, 25000 - 1400, 25300, 25300]


@pytest.mark.parametrize("tsumo, dealer", [(True, False), (True, True), (False, False), (False, True)])
def test_nonpositive_han_zero_han_is_worth_zero(tsumo, dealer):
    """"a hand with 0-han is worth 0 base points" (honba are still paid: ruling)."""
    payment = pays(0, dealer=dealer, tsumo=tsumo)
    assert (payment.ron, payment.dealer_pays, payment.others_pay) == (0, 0, 0)
    assert pays(0, dealer=dealer, tsumo=tsumo, honba=1).honba_each == (100 if tsumo else 300)


@pytest.mark.parametrize("han, fu, dealer, ron", [(-1, 30, False, -1000), (-2, 30, True, -2900), (-5, 30, False, -8000),
                                                  (-13, 30, False, -32000)])
def test_nonpositive_han_negative_ron_mirrors_the_positive_hand(han, fu, dealer, ron):
    """Ruling: negative han pays the same hand with positive han, sign turned (limits included)."""
    assert pays(han, fu, dealer=dealer, tsumo=False).ron == ron


def test_nonpositive_han_needs_the_option():
    with pytest.raises(IllegalMove):
        table_score(HandValue(han=0, fu=30), dealer=False, tsumo=True, honba=0, options=TableOptions(), sanma=False)


# -- alternative 3: a 0-han yaku -----------------------------------------------------------------------------

ZERO = RULES.with_ability(Chroma.RED, Ability.ZERO_HAN_YAKU)


def test_alternative_3_zero_han_yaku_makes_a_complete_hand_a_zero_han_win():
    """Alternative 3 + "Non-positive Han Count": no other yaku, so the win is 0 han, worth 0 base points."""
    result = best("123m456p406s789s11z", win="1m", rules=ZERO)
    assert result.han == 0 and yaku(result) == {"Chroma yaku": 0}
    assert result.payment.ron == 0 and result.value == 0
    with pytest.raises(IllegalMove, match="no yaku"):
        best("123m456p406s789s11z", win="1m")


def test_alternative_3_zero_han_yaku_adds_nothing_to_other_yaku():
    result = best("123m456p406s789s11z", win="1m", rules=ZERO, tsumo=True)
    assert result.han == 1 and yaku(result) == {"Menzen Tsumo": 1, "Chroma yaku": 0}


def test_alternative_3_zero_han_win_still_pays_honba():
    assert best("123m456p406s789s11z", win="1m", rules=ZERO, honba=2).payment.honba_each == 600


# -- alternative 4: the trade-off ----------------------------------------------------------------------------

TRADE = RULES.with_ability(Chroma.RED, Ability.TRADE_OFF)


def test_alternative_4_trade_off_takes_plus_2_han_minus_1_chip_for_points():
    """Alternative 4: "-2 han and +1 chip" or "+2 han and -1 chip", on top of the tile's own chip. With chips worth
    nothing (`chip_value` 0) the winner takes the points: pinfu 1 han + 2 = 3 han, chips 1 - 1 = 0."""
    result = best("123m456p406s789s11p", win="1m", rules=TRADE)
    assert result.han == 3 and result.chips == 0
    assert yaku(result)["Trade-off: 1× +2 han −1 chip, 0× −2 han +1 chip"] == 2


def test_alternative_4_trade_off_per_tile():
    result = best("123m406p406s789s11p", win="1m", rules=TRADE)
    assert result.han == 5 and result.chips == 0


def test_alternative_4_trade_off_takes_the_chip_when_the_han_are_worth_nothing():
    """15 han is a kazoe yakuman, and so is 13: the winner takes -2 han +1 chip (ruling: points, then chips)."""
    result = best("2233440p5667788p", win="8p", rules=TRADE, riichi=True, tsumo=True, dora="1p")
    assert result.han == 13 and result.chips == 2
    assert yaku(result)["Trade-off: 0× +2 han −1 chip, 1× −2 han +1 chip"] == -2


def test_alternative_4_and_nonpositive_han_seed_example_through_chroma_scoring():
    """Alternatives 3 and 4 with chips worth 5000: an open hand with only the 0-han yaku takes -2 han +1 chip, a
    -2 han 30 fu tsumo; with 2 honba the winner pays 800 to the dealer and 300 to each other player."""
    rules = replace(TRADE.with_ability(Chroma.SILVER, Ability.ZERO_HAN_YAKU), chip_value=5000)
    result = best("3*m4m5m0s6s7s789s22z", win="4m", melds="123p", rules=rules, tsumo=True, seat=1, honba=2)
    assert (result.han, result.fu, result.chips) == (-2, 30, 3)
    pay = result.payment
    assert (pay.dealer_pays + pay.honba_each, pay.others_pay + pay.honba_each) == (-800, -300)
    assert result.value == -2000


def test_alternative_4_negative_han_ron():
    rules = replace(TRADE, chip_value=10000)
    result = best("123m456p406s789s11p", win="1m", rules=rules, seat=1)
    assert result.han == -1 and result.chips == 2 and result.payment.ron == -1000


def test_alternative_4_trade_off_on_a_yakuman_still_chooses():
    """Alternative 4: "after winning, you must choose 1 (in addition to getting +1 chip)". A yakuman's value doesn't
    move with han, so the best choice is -2 han +1 chip: chips 1 (the red) + 1."""
    result = best("555z666z777z123m0m5m", win="1m", rules=replace(TRADE, chip_value=1000))
    assert result.yakuman == 1
    assert result.chips == 2


# -- alternative 5: terminal blocks ---------------------------------------------------------------------------


@pytest.mark.parametrize("hand, win, chroma, blocks, gain", [
    ("123*m789p111s999s11z", "2m", Chroma.SILVER, 5, 3),  # chanta: 5 blocks, +ceil(5/2)
    ("123*m456p456s789s22p", "2m", Chroma.SILVER, 2, 1),
    ("3*45m456p456s678s22p", "4m", Chroma.SILVER, 0, 0),
    ("11m99m11p99p11s3*s3s99s", "1m", Chroma.SILVER, 6, 3),  # seven pairs: each pair is a block
    ("11m99m11p99p11s99s5*z5z", "1m", Chroma.PRISMATIC, 7, 4),  # "for chiitoi, this gives at most 4 han"
])
def test_alternative_5_terminal_blocks(hand, win, chroma, blocks, gain):
    """Alternative 5: +(X/2) han rounded up, X the blocks (sets and pairs) using a terminal or honour."""
    result = best(hand, win=win, rules=RULES.with_ability(chroma, Ability.TERMINAL_BLOCKS), riichi=True)
    assert yaku(result)[f"Terminal blocks ({blocks}) ×1"] == gain


# -- alternative 6: sum mod 3 ---------------------------------------------------------------------------------

SUM = RULES.with_ability(Chroma.SILVER, Ability.SUM_MOD_3)


@pytest.mark.parametrize("hand, gain", [
    ("3p3p3p6p6p6p9p9p9p3*m3m3m1s1s", 2),  # the seed: "would give +2 han"
    ("3p3p3p6p6p6p9p9p9p3*m3m3m3s3s", 0),  # "but ... 3s3s would give +0 han"
])
def test_alternative_6_sum_mod_3_seed_example(hand, gain):
    """Alternative 6: +X han, X = the sum of the numbers on the number tiles, mod 3 (won by ron on 9p: toitoi
    sanankou riichi, so the shape stays the seed's)."""
    result = best(hand, win="9p", rules=SUM, riichi=True)
    assert yaku(result)["Number sum mod 3 ×1"] == gain
    plain = best(hand, win="9p", riichi=True)
    assert result.han == plain.han + gain


def test_alternative_6_sum_counts_melds_and_kans():
    """Alternative 6: "X is affected by only ... the value of the pair ... the value of the kans": a closed kan of 4p
    adds 16 ≡ 1 where a pon of 4p adds 12 ≡ 0."""
    kan = best("3*m45m456m456s22p", win="4m", melds="[4444p]", rules=SUM, riichi=True)
    pon = best("3*m45m456m456s22p", win="4m", melds="444p", rules=SUM)  # open tanyao
    total = (3 + 4 + 5) + (4 + 5 + 6) * 2 + 2 + 2
    assert yaku(kan)["Number sum mod 3 ×1"] == (total + 16) % 3 == 2
    assert yaku(pon)["Number sum mod 3 ×1"] == (total + 12) % 3 == 1


# -- alternatives 1 and 2: call-wild --------------------------------------------------------------------------


def test_alternative_1_call_wild_reads_a_melded_tile_as_any_face_of_its_suit():
    """Alternative 1: "interpret this tile as any face in the same suit if you use it to complete a chii, pon or
    daiminkan": a gold 5p called with 79p is 8p."""
    rules = RULES.with_ability(Chroma.GOLD, Ability.CALL_WILD)
    result = best("123m456s555z22z", win="1m", melds="5*79p", rules=rules)
    assert [face_name(f) for f in sorted(result.melds[0].faces)] == ["7p", "8p", "9p"]
    with pytest.raises(IllegalMove, match="not a chii, pon or kan"):
        best("123m456s555z22z", win="1m", melds="5*79p")


def test_alternatives_need_the_tile_in_the_hand():
    """Abilities belong to chroma tiles: without a silver in the hand, sum-mod-3 on silver does nothing."""
    result = best("123m456p456s789s22p", win="1m", rules=SUM, riichi=True)
    assert not any(name.startswith("Number sum") for name in yaku(result))


def test_chroma_rules_rainbow_from_bounds():
    with pytest.raises(IllegalMove):
        ChromaRules(rainbow_from=0)
    with pytest.raises(IllegalMove):
        ChromaRules(rainbow_from=16)
