"""Seed 004, "Point evaluation": the combination tables, colours, full colours and the special cards.

Card values (symbol x copy x colour) are tested in test_cards.py; here `v` adds them up and every factor is
the seed's, written out again below.
"""

from __future__ import annotations

import pytest

from engine.ginjontan.cards import card, parse_cards
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.scoring import score_hand

PAIR_TO_NINE = {2: 2, 3: 3, 4: 9, 5: 12, 6: 15, 7: 18, 8: 21, 9: 33}  # "pair: x2*sum of values" ...
ORDER = {3: 3, 4: 6, 5: 9, 6: 12, 7: 21, 8: 33, 9: 99}  # "order 3: x3*sum of values*value of highest" ...
COLOUR = {"w": 1, "r": 3, "o": 9, "y": 12, "g": 15, "b": 33, "v": 99}
ALL = GinjontanOptions(combinations="all")
SAME_SYMBOL = GinjontanOptions(order_same_symbol=True)
# nine symbols of one-digit value, for orders without a set among them
ORDER_SYMBOLS = ["fire", "water", "air", "night", "earth", "coldness", "path", "abyss", "weapon"]


def v(text: str) -> int:
    """The sum of the cards' values."""
    return sum(card(x).value for x in parse_cards(text))


def score(text: str, options: GinjontanOptions | None = None):
    return score_hand(parse_cards(text), options)


def points(text: str, options: GinjontanOptions | None = None) -> int:
    return score(text, options).points


# -- Colorless -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("n, factor", PAIR_TO_NINE.items())
def test_colorless_pair_to_nine_times_sum_of_values(n, factor):
    """"pair: x2*sum of values" ... "nine: x33*sum of values": n white Fires with odd copy numbers."""
    hand = " ".join(f"w{2 * k + 1}fire" for k in range(n))
    result = score(hand)
    assert result.points == factor * v(hand) == factor * n * n
    assert result.title == ["Pair", "Triple", "Four", "Five", "Six", "Seven", "Eight", "Nine"][n - 2]


@pytest.mark.parametrize("n, factor", ORDER.items())
def test_colorless_order_n_times_sum_of_values_times_value_of_highest(n, factor):
    """"order 3: x3*sum of values*value of highest" ... "order 9: x99*...": copy numbers 1..n, all symbols
    different (rulings: an order is consecutive copy numbers, any symbols)."""
    cards = [f"w{k + 1}{ORDER_SYMBOLS[k]}" for k in range(n)]
    result = score(" ".join(cards))
    assert result.points == factor * v(" ".join(cards)) * v(cards[-1])
    assert result.title == f"Order {n}"


def test_order_value_of_highest_is_the_highest_copy_number_not_the_highest_value():
    """Rulings: "value of highest" is the card with the highest copy number (w3path = 9, not w2moon = 18)."""
    assert points("w1sun w2moon w3path") == (9 + 18 + 9) * 3 * 9 == 972


def test_order_needs_consecutive_copy_numbers():
    assert points("w1sun w2moon w4path") == 0
    assert points("w1sun w1moon w2path") == 0  # a repeated copy number is not an order


def test_a_set_and_an_order_at_once_scores_the_better():
    """w1sun w2sun w3sun is a triple (3 x 54 = 162) and an order 3 (3 x 54 x 27 = 4,374)."""
    assert points("w1sun w2sun w3sun") == 4374


def test_no_combination_scores_zero():
    """Rulings: a hand with no pair, no order and not all colours scores 0."""
    result = score("w1sun w3moon w5path w7fire w9life")
    assert result.points == 0 and result.title == "No combination" and not result.combinations


# -- In one color, Multicolor ------------------------------------------------------------------------------------

@pytest.mark.parametrize("letter, multiplier", COLOUR.items())
def test_in_one_color_pair_also_multiplies_by_color_value(letter, multiplier):
    """"In one color: Same as colorless, but also multiplies by color value"."""
    hand = f"{letter}1sun {letter}3sun"
    assert points(hand) == 2 * v(hand) * multiplier == 2 * (9 + 27) * multiplier * multiplier


@pytest.mark.parametrize("letter, multiplier", COLOUR.items())
def test_in_one_color_order_also_multiplies_by_color_value(letter, multiplier):
    hand = f"{letter}1fire {letter}2water {letter}3air"
    assert points(hand) == 3 * v(hand) * v(f"{letter}3air") * multiplier == 3 * 6 * 3 * multiplier ** 3


def test_mixed_colours_without_two_pairs_of_colours_are_colorless():
    """Multicolor needs two colours "what have at least pair": red twice, orange and white once -> x1.
    The four (9 x 576) beats the red pair alone (2 x 108 x 3)."""
    assert points("r1sun r3sun o5sun w7sun") == 9 * (27 + 81 + 405 + 63) * 1 == 5184


def test_multicolor_multiplies_by_number_of_colors_with_a_pair():
    """"Multicolor: Same as colored, but also multiply by number of colors, what have at least pair"; rulings:
    x the lowest of those colours' multipliers x how many."""
    assert points("r1sun r3sun o5sun o7sun") == 9 * (27 + 81 + 405 + 567) * (3 * 2) == 58_320
    six = "o1sun o3sun y5sun y7sun g9sun g11sun"
    assert points(six) == 15 * v(six) * (9 * 3) == 1_749_600


def test_multicolor_drops_a_pair_that_lowers_the_colour():
    """With a Red pair the six would be x3 x 3 (437,400); the five without r1sun is x9 x 2 (694,008)."""
    assert points("r1sun r3sun o5sun o7sun y9sun y11sun") == 12 * (81 + 405 + 567 + 972 + 1188) * 18 == 694_008


def test_multicolor_with_white_loses_to_the_violet_pair_in_one_color():
    """Rulings: "Taking the lowest colour keeps a one-colour Violet combination (x99) above a Violet-and-White
    mix": the four (9 x 10,728 x 1 x 2) is worth less than the Violet pair alone (2 x 10,692 x 99)."""
    assert points("w1sun w3sun v5sun v7sun") == 2 * (4455 + 6237) * 99 == 2_117_016


# -- Full colors ---------------------------------------------------------------------------------------------------

def test_full_colors_base_value_sum_times_9_times_most_present_color_value_times_count():
    """"Full collors: All six collors. Base value: sum of all cards values*9. Multipliers: color value of most
    present card*number of that colored cards": Violet twice -> x99 x 2."""
    hand = "r1sun o2moon y4path g6fire b8earth v10air v12water"
    result = score(hand)
    assert result.title == "Full colours"
    assert result.points == 9 * v(hand) * (99 * 2) == 9 * 2865 * 198


def test_full_colors_two_same_colors_sum_of_cards_color_values():
    """"2 same colors: sum of cards color values": Blue and Violet both twice -> (33 + 99) x 2."""
    hand = "r1sun o2moon y4path g6fire b8earth b10air v12water v14night"
    assert points(hand) == 9 * v(hand) * (33 + 99) * 2 == 8_532_216


def test_full_colors_six_colors_once_each_tie_and_add_up():
    hand = "r1sun o2moon y4path g6fire b8earth v10air"
    assert points(hand) == 9 * v(hand) * (3 + 9 + 12 + 15 + 33 + 99)


def test_full_colors_white_is_not_counted():
    """"All six collors (white is not counted)": three Whites are not the most present colour; their values
    still count in the sum."""
    hand = "w1sun w3sun w5sun r7moon o9path y11fire g13earth b15air v17water"
    assert points(hand) == 9 * v(hand) * (3 + 9 + 12 + 15 + 33 + 99) == 4_644_702


def test_full_colors_needs_six_colors_other_than_white():
    assert points("w1sun r2moon o4path y6fire g8earth b10air") == 0


def test_full_colors_bonus_and_defeat_do_not_show_a_colour():
    """Rulings: the whole hand without Bonus and Defeat cards."""
    assert points("r1sun o2moon y4path g6fire b8earth v10bonus") == 0
    assert points("r1sun o2moon y4path g6fire b8earth v10defeat") == 0


# -- Universal ---------------------------------------------------------------------------------------------------------

def test_universal_replaces_any_card_in_a_set_and_adopts_its_colour():
    """Universal: "serve as any chosen card for combination, while retaining its own value": a Violet Sun here
    (triple in one colour), counting 99."""
    result = score("v5sun v9sun w1uni")
    assert result.title == "Triple"
    assert result.points == 3 * (4455 + 8019 + 99) * 99


def test_universal_adopts_the_colour_that_makes_a_second_pair():
    """Red pair + Orange + Universal as Orange: multicolor x3 x 2 for the four."""
    assert points("r1sun r5sun o9sun w1uni") == 9 * (27 + 135 + 729 + 99) * (3 * 2) == 53_460


def test_universal_fills_a_gap_in_an_order():
    """As White 2 between w1sun and w3moon; the highest is w3moon (27)."""
    assert points("w1sun w3moon w1uni") == 3 * (9 + 27 + 99) * 27 == 10_935


def test_universal_at_the_top_of_an_order_counts_its_own_value():
    """Rulings: "A Universal at the top counts its own value": as copy 3, value 99 (not 3 x 9)."""
    assert points("w1sun w2moon w1uni") == 3 * (9 + 18 + 99) * 99 == 37_422


def test_universal_below_an_order_topped_at_33():
    """w32sun w33moon: the Universal can only be copy 31; the highest stays w33moon (297)."""
    assert points("w32sun w33moon w1uni") == 3 * (288 + 297 + 99) * 297


def test_universal_below_a_more_valuable_top():
    """v5sun v6moon + Universal (as Violet): copy 4 rather than 7 - the chooser keeps v6moon (5,346) as the
    highest."""
    assert points("v5sun v6moon w1uni") == 3 * (4455 + 5346 + 99) * 5346 * 99


@pytest.mark.parametrize("hand, expected", [
    ("v1sun v2sun w1uni", 3 * (891 + 1782 + 99) * 99 * 99),  # 81,505,116; the engine says x1782
    ("v1supernova w1uni w2uni", 3 * (3267 + 99 + 198) * 198 * 99),  # 209,584,584; the engine says x3267
])
def test_universal_forced_to_the_top_of_an_order_counts_its_own_value(hand, expected):
    """Copies 1 and 2 + a Universal: it can only be copy 3 (there is no copy 0), so it is the highest card and
    counts its own value (rulings: "A Universal at the top counts its own value"); the engine's explanation
    even says "w1universal (as Violet 3)". Likewise v1supernova + two Universals (as copies 2 and 3, w2uni on
    top). Both orders still beat the triple (3 x sum x 99)."""
    assert points(hand) == expected


def test_two_universals_alone_form_a_pair():
    """Rulings: "Two Universals make a pair on their own" (and adopt Violet: one colour, x99)."""
    result = score("w1uni w2uni")
    assert result.title == "Pair" and result.points == 2 * (99 + 198) * 99 == 58_806


def test_three_universals_alone_form_an_order_topped_by_the_most_valuable():
    assert points("w1uni w2uni w3uni") == 3 * (99 + 198 + 297) * 297 * 99


def test_universal_keeps_its_own_value_in_the_sum():
    """"while retaining its own walue": y2uni counts 99 x 2 x 12 = 2,376 in the pair's sum, while as a White Sun
    it keeps the pair in one colour (White, x1)."""
    assert points("w1sun y2uni") == 2 * (9 + 2376) * 1


# -- Bonus, Defeat -------------------------------------------------------------------------------------------------

def test_bonus_triples_point_value_of_whole_combination_including_itself():
    """"Bonus: This card triples point value of whole card combination in hand, including itself. Its own base
    value is treated as 1, multiplied by color and copy number.": (54 + 1) x 3."""
    result = score("w1sun w2sun w1bonus")
    assert result.points == ((9 + 18) * 2 + 1) * 3 == 165
    assert result.bonuses == tuple(parse_cards("w1bonus"))


def test_bonus_own_value_is_multiplied_by_color_and_copy_number():
    assert points("w1sun w2sun g2bonus") == (54 + 1 * 2 * 15) * 3 == 252


def test_two_bonuses_multiply_by_nine():
    """Rulings: each Bonus triples: (54 + 1 + 2) x 3 x 3."""
    assert points("w1sun w2sun w1bonus w2bonus") == (54 + 1 + 2) * 9 == 513


def test_bonus_without_a_combination_stays_zero():
    assert points("w1sun w2moon w1bonus") == 0
    assert points("w1bonus w2bonus w3bonus") == 0  # Bonuses make no set or order among themselves


def test_bonus_on_full_colors():
    hand = "r1sun o2moon y4path g6fire b8earth v10air"
    assert points(hand + " w3bonus") == (points(hand) + 3) * 3


def test_defeat_is_reported_and_does_not_change_the_points():
    """Defeat: "If stays in hand when unfolding cards, player looses" - the scorer reports it; step 7 acts on
    it (test_rules.py)."""
    result = score("w1sun w2sun w1defeat")
    assert result.defeat and result.points == 54
    assert not score("w1sun w2sun").defeat


def test_at_most_nine_cards():
    with pytest.raises(ValueError):
        score_hand(parse_cards("w1fire w2fire w3fire w4fire w5fire w6fire w7fire w8fire w9fire w10fire"))


# -- options ---------------------------------------------------------------------------------------------------------

def test_combinations_all_adds_disjoint_combinations():
    """Option `combinations=all`: the best set of disjoint combinations, added up (Red pair 648 + White
    pair 216); `best` scores the single best."""
    hand = "r1sun r3sun w5moon w7moon"
    assert points(hand) == 648
    result = score(hand, ALL)
    assert result.points == 648 + 216 and len(result.combinations) == 2


def test_combinations_all_never_adds_to_full_colours():
    """Rulings: full colours uses the whole hand."""
    hand = "r1sun o2moon y4path g6fire b8earth v10air v12water"
    assert points(hand, ALL) == points(hand)
    assert len(score(hand, ALL).combinations) == 1


def test_combinations_all_splits_a_nine_when_two_parts_score_more():
    """Two orders (1-3 and 5-7) can't be one order; "all" adds them."""
    hand = "w1fire w2water w3air w5night w6earth w7coldness"
    first, second = 3 * 6 * 3, 3 * 18 * 7
    assert points(hand) == second and points(hand, ALL) == first + second


def test_order_same_symbol_option():
    """Option `order_same_symbol`: an order needs one symbol."""
    assert points("w1sun w2moon w3path", SAME_SYMBOL) == 0
    assert points("w1sun w2sun w3sun", SAME_SYMBOL) == 3 * 54 * 27
    assert points("w1sun w2moon w1uni", SAME_SYMBOL) == 2 * (18 + 99)  # no order: the Universal pairs the Moon


@pytest.mark.parametrize("hand, reserve, expected", [
    ("w1sun w2moon w9fire", "w5sun w3path", ("w9fire", "w3path", 972)),  # order 3 beats the pair with w5sun
    ("w1sun w2sun", "w5fire", None),  # nothing beats the pair
])
def test_best_swap_hint_for_exchanges_3_4_4_and_6_1b(hand, reserve, expected):
    from engine.ginjontan.scoring import best_swap

    found = best_swap(tuple(parse_cards(hand)), tuple(parse_cards(reserve)))
    if expected is None:
        assert found is None
    else:
        give, take, points = expected
        assert found == (parse_cards(give)[0], parse_cards(take)[0], points)
