"""Issue 16, items 3 and 4: numbers a player types are ASCII digits of bounded length, and every refusal that
quotes the input stays short, the caret still under the character at fault."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.chaosjan.catalogue import SHIPPED as CHAOSJAN_SHIPPED
from engine.chaosjan.catalogue import parse_file as catalogue_file
from engine.chroma.tiles import NotationError, parse_melds, parse_tiles
from engine.deck import DECKS_FOLDER, MAX_AMOUNT, DeckError, parse_file
from engine.deck import parse_file as deck_file
from engine.errors import IllegalMove
from engine.ginjontan.cards import CardNotationError, parse_card, parse_cards
from engine.text import ECHO, ELLIPSIS, ascii_number, caret, shorten
from engine.uno.cards import DECK_SIZE, parse_colour, parse_face

HUGE = "9" * 5000  # over Python's 4,300-digit int() limit
UNICODE_DIGITS = ["²", "٣", "３", "߂", "𝟠"]


@pytest.mark.parametrize("digit", UNICODE_DIGITS)
def test_unicode_digits_are_not_numbers(digit):
    assert digit.isdigit()  # what the parsers used to trust
    assert ascii_number(digit) is None
    assert ascii_number("1" + digit) is None


@pytest.mark.parametrize("text", ["0", "7", "33", "123456789012345678"])
def test_ascii_numbers_are_read(text):
    assert ascii_number(text) == sum(10 ** i * (ord(c) - 48) for i, c in enumerate(reversed(text)))


@pytest.mark.parametrize("text", ["", "-1", "+1", " 1", "1 ", "1.0", "1234567890123456789", HUGE])
def test_ascii_numbers_are_bounded(text):
    assert ascii_number(text) is None


# seed 003 (Uno): a card id `#n` names a card of the 108-card deck; anything else is not a card
@pytest.mark.parametrize("text", ["#" + d for d in UNICODE_DIGITS] + ["#" + HUGE, f"#{DECK_SIZE}", "r" + HUGE,
                                                                        "x" * 6000])
def test_uno_card_notation_refuses_without_crashing(text):
    with pytest.raises(IllegalMove) as caught:
        parse_face(text)
    assert caught.value.code == "bad_card"
    assert len(caught.value.message) < 2 * ECHO


def test_uno_colour_refusal_is_short():
    with pytest.raises(IllegalMove) as caught:
        parse_colour("r" * 6000)
    assert len(caught.value.message) < 2 * ECHO


# seed 002 (Chroma-jong), Special Tiles: a tile is an ASCII digit then its suit letter
@pytest.mark.parametrize("text, position", [("12²m", 2), ("٣m", 0), ("123m３p", 4), ("1m" + HUGE + "m", 202)])
def test_chroma_notation_refuses_unicode_digits_with_a_caret(text, position):
    with pytest.raises(NotationError) as caught:
        parse_tiles(text)
    assert caught.value.position == min(position, 200)
    assert_caret_under(caught.value.message, text, caught.value.position)


def test_chroma_melds_refuse_long_text():
    with pytest.raises(NotationError) as caught:
        parse_melds("123m " * 1200)
    assert len(caught.value.message) < 4 * ECHO


# seed 004 (Gin-jon-tan): a card is colour letter, copy number 1-33 in ASCII digits, symbol
@pytest.mark.parametrize("text, position", [("r²sun", 1), ("r٣sun", 1), ("r1２sun", 2), ("r" + HUGE + "sun", 1),
                                            ("r0sun", 1), ("r34sun", 1)])
def test_ginjontan_copy_numbers_are_ascii_and_bounded(text, position):
    with pytest.raises(CardNotationError) as caught:
        parse_card(text)
    assert caught.value.position == position
    assert_caret_under(caught.value.message, text, position)


def test_ginjontan_long_card_lists_are_refused_with_a_short_message():
    text = "r1sun " * 1000
    with pytest.raises(CardNotationError) as caught:
        parse_cards(text)
    assert len(caught.value.message) < 4 * ECHO


def test_ginjontan_long_symbol_is_quoted_short():
    with pytest.raises(CardNotationError) as caught:
        parse_card("r1" + "q" * 6000)
    assert len(caught.value.message) < 4 * ECHO


def assert_caret_under(message: str, text: str, position: int) -> None:
    """The quoted line holds at most ECHO characters and the caret sits under the character at `position`."""
    block = re.search(r"```\n(.*)\n( *)\^\n```", message)
    assert block is not None, message
    line, pad = block.group(1), len(block.group(2))
    assert len(line) <= ECHO
    assert line[pad] == text[position]


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_characters=ELLIPSIS), max_size=400),
       st.integers(min_value=1, max_value=200), st.data())
def test_shorten_is_bounded_and_keeps_what_it_can(text, limit, data):
    around = data.draw(st.none() | st.integers(min_value=0, max_value=max(0, len(text) - 1)))
    short = shorten(text, limit, around)
    assert len(short) <= limit
    if len(text) <= limit:
        assert short == text
    else:
        assert short.strip(ELLIPSIS) in text
        assert short.count(ELLIPSIS) in ((1, 2) if around is not None and limit > 2 else (1,))


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_characters="`\n"), min_size=1, max_size=500), st.data())
def test_caret_points_at_the_character(text, data):
    position = data.draw(st.integers(min_value=0, max_value=len(text) - 1))
    assert_caret_under(caret(text, position), text, position)


# -- uploaded card files (docs/deck-format.md; /cosmic import, /chaosjan import) -------------------------------

COSMIC = (DECKS_FOLDER / "cosmic.json").read_text(encoding="utf-8")
CHAOSJAN = CHAOSJAN_SHIPPED.read_text(encoding="utf-8")


def refusal(text: str, filename: str, parse=deck_file) -> str:
    with pytest.raises(DeckError) as caught:
        parse(text.encode(), filename)
    return caught.value.message


def line_of(text: str, part: str) -> int:
    return text[:text.index(part)].count("\n") + 1


def robbery(amount: str) -> str:
    """The shipped Cosmic Deck with Riichi Robbery's amount written as `amount`."""
    return COSMIC.replace('"amount": 2000', f'"amount": {amount}', 1)


@pytest.mark.parametrize("filename, opening, closing", [("x.json", "[", "]"), ("x.json", '{"a":', "}"),
                                                        ("x.toml", "[", "]"), ("x.toml", "{a=", "}")])
def test_deep_nesting_is_refused_naming_the_line(filename, opening, closing):
    nested = opening * 5000 + "1" + closing * 5000
    text = (COSMIC.replace('"schema": 1,', f'"schema": 1,\n"deep": {nested},', 1) if filename.endswith(".json")
            else f'schema = 1\nname = "x"\n\n\ndeep = {nested}\n')
    message = refusal(text, filename)
    assert f"line {line_of(text, 'deep')}" in message and "nest" in message


def test_toml_dotted_keys_nest_too():
    assert "nest" in refusal("schema = 1\n" + ".".join("abcdefghijklmnop") + " = 1\n", "x.toml")


@pytest.mark.parametrize("number", ["1" + "0" * 5000, "-" + "9" * 4400, "1" + "0" * 19, "1." + "5" * 5000])
def test_numbers_with_thousands_of_digits_are_refused_naming_the_line(number):
    text = robbery(number)
    message = refusal(text, "x.json")
    assert f"line {line_of(text, number)}" in message and "digits" in message


@pytest.mark.parametrize("number", ["1" + "0" * 5000, "0x" + "f" * 5000, "1_000_" * 900 + "0"])
def test_toml_numbers_with_thousands_of_digits_are_refused(number):
    text = f'schema = 1\nname = "x"\namount = {number}\n'
    assert "line 3" in refusal(text, "x.toml")


@pytest.mark.parametrize("amount", [str(MAX_AMOUNT + 100), "1" + "0" * 17, "-100"])
def test_a_cosmic_amount_out_of_range_is_refused(amount):
    assert "Riichi Robbery" in refusal(robbery(amount), "x.json")


def test_the_largest_cosmic_amount_is_accepted():
    deck = parse_file(robbery(str(MAX_AMOUNT)).encode(), "x.json")
    assert deck.find("riichi-robbery").actions[0].amount == MAX_AMOUNT


@pytest.mark.parametrize("amount", [str(MAX_AMOUNT + 100), "1" + "0" * 4000])
def test_a_chaosjan_amount_out_of_range_is_refused(amount):
    text = CHAOSJAN.replace('"amount": 2000', f'"amount": {amount}', 1)
    assert text != CHAOSJAN
    message = refusal(text, "cards.json", catalogue_file)
    assert "digits" in message or f"{MAX_AMOUNT:,}" in message


def test_a_key_twice_in_one_object_is_refused_naming_the_line():
    text = COSMIC.replace('"lasts": "instant",', '"lasts": "instant",\n "lasts": "hand",', 1)
    message = refusal(text, "x.json")
    assert f"line {line_of(text, chr(10) + ' ' + chr(34) + 'lasts') + 1}" in message and '"lasts"' in message


@pytest.mark.parametrize("char", ["\u202e", "\u2066", "\u200f", "\x00", "\x1b", "\x85", "\n", "\t"])
def test_control_and_direction_characters_in_names_are_refused(char):
    text = COSMIC.replace('"name": "Riichi Robbery"', f'"name": {json.dumps("Riichi" + char + "Robbery")}', 1)
    message = refusal(text, "x.json")
    assert f"U+{ord(char):04X}" in message and "`name`" in message and char not in message


def test_line_breaks_stay_allowed_in_texts_but_overrides_do_not():
    broken = COSMIC.replace('"Take up to 2000 points from the table."', '"Take up to 2000 points\\nfrom the table."')
    assert "\n" in parse_file(broken.encode(), "x.json").find("riichi-robbery").text
    overridden = COSMIC.replace('"Take up to 2000', '"Take \\u202eup to 2000', 1)
    assert "U+202E" in refusal(overridden, "x.json")
