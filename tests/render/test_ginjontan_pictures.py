"""The Gin-jon-tan pictures: they decode, have the expected sizes (rows wrap), show what they must (colours, marks,
special cards, empty rows) and are fast once the cards are drawn."""

from __future__ import annotations

import random

import discord
import pytest

from engine.ginjontan.cards import (
    BLACK_HOLE,
    BONUS,
    COLOURS,
    DEFEAT,
    FULL_SET_SIZE,
    SYMBOL_BY_NAME,
    SYMBOLS,
    UNIVERSAL,
    Colour,
    card,
    card_id,
)
from render.ginjontan_pictures import (
    CARD_COLOURS,
    CARD_HEIGHT,
    CARD_WIDTH,
    MARKS,
    PANEL,
    PER_LINE,
    SPECIAL_PANEL,
    _name_lines,
    card_image,
    cards_picture,
    duel_picture,
    picture_file,
)
from render.picture_text import clean
from tests.support.pictures import decode, differs

SUN = SYMBOL_BY_NAME["Sun"]
SPECIALS = (BLACK_HOLE, BONUS, UNIVERSAL, DEFEAT)
PANEL_CENTRE = (CARD_WIDTH // 2, 50)  # inside the name's panel, between the lines of a two-line name


def some_cards(count: int, seed: int = 6) -> list[int]:
    return random.Random(seed).sample(range(FULL_SET_SIZE), count)


def rgb(image, point: tuple[int, int]) -> tuple[int, int, int]:
    return image.convert("RGB").getpixel(point)


@pytest.mark.parametrize("symbol", SYMBOLS, ids=lambda s: s.code)
def test_every_symbol_renders(symbol) -> None:
    for colour in COLOURS:
        image = card_image(card_id(symbol, colour, 33))
        assert image.size == (CARD_WIDTH, CARD_HEIGHT)
        assert image.mode == "RGBA"
        assert image.getpixel((0, 0))[3] == 0  # rounded corner: transparent
        assert image.getpixel((CARD_WIDTH // 2, CARD_HEIGHT // 2))[3] == 255


def test_symbols_look_different() -> None:
    pictures = {card_image(card_id(symbol, Colour.RED, 5)).tobytes() for symbol in SYMBOLS}
    assert len(pictures) == len(SYMBOLS)


def test_long_names_wrap_to_fit() -> None:
    assert _name_lines("Space ship")[0] == ("Space", "ship")
    assert _name_lines("Black hole")[0] == ("Black", "hole")
    assert _name_lines("Executioner")[0] == ("Execu-", "tioner")
    assert _name_lines("Sun") == (("Sun",), 14)
    assert all(_name_lines(s.name)[1] >= 13 for s in SYMBOLS)  # every name stays readable


def test_every_colour_shows_and_differs() -> None:
    images = [card_image(card_id(SUN, colour, 12)) for colour in COLOURS]
    assert all(differs(a, b) for i, a in enumerate(images) for b in images[i + 1:])
    for colour, image in zip(COLOURS, images, strict=True):
        assert rgb(image, (6, CARD_HEIGHT // 2)) == CARD_COLOURS[colour]  # the body, left of the panel


def test_copies_and_colours_of_one_symbol_differ() -> None:
    assert differs(card_image(card_id(SUN, Colour.BLUE, 3)), card_image(card_id(SUN, Colour.BLUE, 30)))
    assert differs(card_image(card_id(SUN, Colour.BLUE, 3)), card_image(card_id(SUN, Colour.GREEN, 3)))


def test_special_cards_look_different() -> None:
    regular = card_image(card_id(SUN, Colour.YELLOW, 9))
    assert rgb(regular, PANEL_CENTRE) == PANEL
    specials = [card_image(card_id(symbol, Colour.YELLOW, 9)) for symbol in SPECIALS]
    for image in specials:
        assert rgb(image, PANEL_CENTRE) == SPECIAL_PANEL  # a dark panel instead of the light one
        assert differs(image, regular)
        # its badge replaces the colour letter in the top right corner
        assert differs(image.crop((54, 8, 78, 32)), regular.crop((54, 8, 78, 32)))
    assert all(differs(a, b) for i, a in enumerate(specials) for b in specials[i + 1:])


@pytest.mark.parametrize("cid", [card_id(SUN, Colour.WHITE, 1), card_id(SUN, Colour.GREEN, 33),
                                 card_id(UNIVERSAL, Colour.YELLOW, 7)])
def test_marks_change_the_card(cid: int) -> None:
    plain, play, win, lose = (card_image(cid, mark=mark) for mark in (None, "play", "win", "lose"))
    images = [plain, play, win, lose]
    assert all(differs(a, b) for i, a in enumerate(images) for b in images[i + 1:])
    assert rgb(play, (CARD_WIDTH // 2, 1)) == MARKS["play"]  # the ring along the top edge
    assert rgb(win, (CARD_WIDTH // 2, 1)) == MARKS["win"]
    r, g, b = rgb(lose, (6, CARD_HEIGHT // 2))
    assert r == g == b  # greyed out


def test_card_image_refuses_bad_arguments_and_is_a_copy() -> None:
    with pytest.raises(ValueError):
        card_image(0, mark="glow")
    for bad in (-1, FULL_SET_SIZE):
        with pytest.raises(ValueError):
            card_image(bad)
        with pytest.raises(ValueError):
            cards_picture([("Hand", [bad])])
    image = card_image(0)
    image.paste((0, 0, 0, 255), (0, 0, CARD_WIDTH, CARD_HEIGHT))
    assert differs(card_image(0), image)


def test_rows_decode_and_wrap() -> None:
    cards = some_cards(34)
    one = decode(cards_picture([("Hand", cards[:9])]))
    assert one.mode == "RGB"
    assert 9 * CARD_WIDTH < one.width < 10 * CARD_WIDTH
    assert CARD_HEIGHT < one.height < 2 * CARD_HEIGHT

    full = decode(cards_picture([("Hand", cards[:PER_LINE])]))
    assert full.height == one.height
    assert PER_LINE * CARD_WIDTH < full.width < 2000

    wrapped = decode(cards_picture([("Hand", cards[:PER_LINE + 1])]))  # 12 cards: two lines of 6
    assert wrapped.height >= one.height + CARD_HEIGHT
    assert wrapped.width < full.width

    reserve = decode(cards_picture([("Reserve", cards[:33])]))  # three lines of 11
    assert reserve.width == full.width
    assert reserve.height >= one.height + 2 * CARD_HEIGHT
    assert decode(cards_picture([("Reserve", cards[:34])])).height > reserve.height  # a fourth line

    two_rows = decode(cards_picture([("Hand", cards[:9]), ("Reserve", cards[9:18])]))
    assert two_rows.width == one.width
    assert two_rows.height > 2 * CARD_HEIGHT


def test_an_empty_row_shows_empty() -> None:
    cards = some_cards(9)
    with_empty = decode(cards_picture([("Hand", cards), ("Set aside", [])]))
    without = decode(cards_picture([("Hand", cards)]))
    assert with_empty.width == without.width
    assert without.height < with_empty.height < without.height + CARD_HEIGHT // 2
    lower = with_empty.crop((0, without.height, with_empty.width, with_empty.height))
    assert len(lower.getcolors(maxcolors=1 << 16) or ()) > 1  # the label and "(empty)" are written
    only_empty = decode(cards_picture([("Set aside", [])]))
    assert only_empty.height < CARD_HEIGHT
    assert decode(cards_picture([])).height < CARD_HEIGHT


def test_marks_change_the_picture() -> None:
    cards = some_cards(9)
    plain = decode(cards_picture([("Hand", cards)]))
    marked = decode(cards_picture([("Hand", cards)], marks={cards[0]: "play", cards[4]: "win", cards[8]: "lose"}))
    assert plain.size == marked.size
    assert differs(plain, marked)
    # a mark on a card that is not shown changes nothing
    assert not differs(plain, decode(cards_picture([("Hand", cards)], marks={cards[0] ^ 1: "win"})))
    with pytest.raises(ValueError):
        cards_picture([("Hand", cards)], marks={cards[0]: "glow"})


def test_labels_and_names_keep_their_letters_and_fit() -> None:
    assert clean("Zoë 🎲 — Bjørn") == "Zoë 🎲 — Bjørn"
    assert clean("太郎\nx\u200b") == "太郎 x"
    cards = some_cards(3)
    picture = decode(cards_picture([("Zoë 🎲 太郎 " * 20, cards)]))  # too long: cut to fit
    assert picture.width == decode(cards_picture([("Hand", cards)])).width
    duel = decode(duel_picture("Zoë 🎲" * 30, cards, "太郎", cards[:1]))
    assert duel.width < 1000


def test_a_full_reserve_stays_narrow_and_small() -> None:
    cards = some_cards(9 + 33 + 9)
    png = cards_picture([("Hand", cards[:9]), ("Reserve", cards[9:42]), ("Set aside", cards[42:])],
                        marks=dict.fromkeys(cards[:3], "play"))
    image = decode(png)
    assert image.width < 2000
    assert image.height < 1200
    assert len(png) < 2_000_000  # far under Discord's 25 MB


def test_duel_faces_the_two_sides() -> None:
    left, right = some_cards(3, 1), some_cards(3, 2)
    plain = decode(duel_picture("Alice", left, "Bob", right))
    assert 6 * CARD_WIDTH < plain.width < 2000
    assert CARD_HEIGHT < plain.height < 2 * CARD_HEIGHT
    marked = decode(duel_picture("Alice", left, "Bob", right, marks={left[0]: "win", right[2]: "lose"}))
    assert plain.size == marked.size and differs(plain, marked)
    swapped = decode(duel_picture("Bob", right, "Alice", left))
    assert swapped.size == plain.size and differs(plain, swapped)
    # one side with fewer cards, or none, keeps the width of the wider side
    assert decode(duel_picture("Alice", left, "Bob", right[:1])).width == plain.width
    assert decode(duel_picture("Alice", left, "Bob", [])).size == plain.size
    many = decode(duel_picture("Alice", some_cards(12), "Bob", right))  # wraps past 5 a side
    assert many.width < 1000
    assert many.height > 2 * CARD_HEIGHT


def test_picture_file() -> None:
    png = cards_picture([("Hand", some_cards(2))])
    file = picture_file(png, "hand")
    assert isinstance(file, discord.File)
    assert file.filename == "hand.png"
    assert file.fp.read() == png
    assert picture_file(png, "duel.png").filename == "duel.png"


def test_every_card_value_fits_its_card() -> None:
    # the largest value (a violet 33 Universal) is written in full at the bottom, inside the card
    biggest = max(range(FULL_SET_SIZE), key=lambda c: card(c).value)
    assert card(biggest).value == 99 * 33 * 99
    image = card_image(biggest)
    body = CARD_COLOURS[card(biggest).colour]
    strip = image.convert("RGB").crop((8, 98, CARD_WIDTH - 8, 114))  # inside the special card's gold frame
    ink = [x for x in range(strip.width) if any(strip.getpixel((x, y)) != body for y in range(strip.height))]
    assert ink and ink[0] > 2 and ink[-1] < strip.width - 3  # body colour on both sides of the text
