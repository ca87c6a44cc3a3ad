"""The Uno pictures: they decode, have the expected sizes, and show what they must (marks, chosen colours)."""

from __future__ import annotations

import pytest

from engine.uno.cards import CARDS, Colour, sorted_hand
from render.uno_pictures import (
    CARD_HEIGHT,
    CARD_WIDTH,
    PileDrawing,
    board_png,
    card_back_image,
    card_image,
    hand_png,
)
from tests.support.pictures import decode, differs

WILD_ID = next(c.id for c in CARDS if c.rank == "wild")
WILD4_ID = next(c.id for c in CARDS if c.rank == "+4")


def hand(count: int) -> list[int]:
    return [c.id for c in sorted_hand(tuple(range(0, 108, 108 // count))[:count])]


@pytest.mark.parametrize("card_id", range(108))
def test_every_card_renders(card_id: int) -> None:
    image = card_image(card_id)
    assert image.size == (CARD_WIDTH, CARD_HEIGHT)
    assert image.mode == "RGBA"
    assert image.getpixel((0, 0))[3] == 0  # rounded corner: transparent
    assert image.getpixel((CARD_WIDTH // 2, CARD_HEIGHT // 2))[3] == 255


def test_copies_of_a_card_look_alike_and_different_cards_do_not() -> None:
    fives = [c.id for c in CARDS if c.colour is Colour.RED and c.rank == "5"]
    assert not differs(card_image(fives[0]), card_image(fives[1]))
    six = next(c.id for c in CARDS if c.colour is Colour.RED and c.rank == "6")
    nine = next(c.id for c in CARDS if c.colour is Colour.RED and c.rank == "9")
    assert differs(card_image(six), card_image(nine))
    assert differs(card_image(six), card_image(six).rotate(180))  # the underline tells a 6 from a turned 9


def test_card_image_is_a_copy() -> None:
    image = card_image(0)
    image.paste((0, 0, 0, 255), (0, 0, CARD_WIDTH, CARD_HEIGHT))
    assert differs(card_image(0), image)


def test_wild_with_its_colour_shown_differs() -> None:
    for card_id in (WILD_ID, WILD4_ID):
        plain = card_image(card_id)
        shown = [card_image(card_id, colour_shown=colour) for colour in Colour]
        assert all(differs(plain, image) for image in shown)
        assert all(differs(a, b) for i, a in enumerate(shown) for b in shown[i + 1:])
    # a coloured card ignores colour_shown
    assert not differs(card_image(0), card_image(0, colour_shown=Colour.BLUE))


def test_marked_cards_differ_from_unmarked_ones() -> None:
    for card_id in (0, 60, WILD4_ID):
        plain, play, jump = (card_image(card_id, mark=mark) for mark in (None, "play", "jump"))
        assert differs(plain, play) and differs(plain, jump) and differs(play, jump)
        # the rim: green for play, orange for jump
        r, g, b, _ = play.getpixel((CARD_WIDTH // 2, 2))
        assert g > 200 and r < 120
        r, g, b, _ = jump.getpixel((CARD_WIDTH // 2, 2))
        assert r > 200 and 100 < g < 180 and b < 60
    with pytest.raises(ValueError):
        card_image(0, mark="glow")
    for bad in (-1, 108):
        with pytest.raises(ValueError):
            card_image(bad)
        with pytest.raises(ValueError):
            hand_png([bad])


def test_card_back() -> None:
    back = card_back_image()
    assert back.size == (CARD_WIDTH, CARD_HEIGHT)
    assert differs(back, card_image(WILD_ID))


def test_seven_cards_are_one_row_and_twenty_wrap_into_two() -> None:
    one_row = decode(hand_png(hand(7)))
    assert CARD_WIDTH * 7 < one_row.width < CARD_WIDTH * 8 + 60
    assert CARD_HEIGHT < one_row.height < 2 * CARD_HEIGHT

    twelve = decode(hand_png(hand(12)))
    assert twelve.height == one_row.height
    assert twelve.width <= 1010

    two_rows = decode(hand_png(hand(20)))
    assert 2 * CARD_HEIGHT < two_rows.height < 3 * CARD_HEIGHT
    assert two_rows.height > 1.9 * one_row.height - 30
    assert two_rows.width <= 1010

    many = decode(hand_png(list(range(40))))
    assert 4 * one_row.height - 60 < many.height < 4 * one_row.height  # 4 rows of 10
    assert many.width <= 1010


def test_hand_shows_its_marks() -> None:
    cards = hand(7)
    plain = decode(hand_png(cards))
    marked = decode(hand_png(cards, playable=cards[:2], jump=cards[2:3]))
    assert plain.size == marked.size
    assert differs(plain, marked)
    # playable wins over jump; a card in neither set is drawn as in the plain hand
    assert not differs(decode(hand_png(cards, playable=cards[:1], jump=cards[:1])),
                       decode(hand_png(cards, playable=cards[:1])))
    ratio = CARD_WIDTH / plain.width
    last = plain.crop((int(plain.width * (1 - ratio)), 0, plain.width, plain.height))
    last_marked = marked.crop((int(marked.width * (1 - ratio)), 0, marked.width, marked.height))
    assert not differs(last, last_marked)


def test_empty_hand() -> None:
    image = decode(hand_png([]))
    assert 40 <= image.width <= 300 and 20 <= image.height <= 100


def test_board_with_three_piles_and_a_stack() -> None:
    piles = [
        PileDrawing(1, 11, None, 12),
        PileDrawing(2, WILD4_ID, Colour.BLUE, 5, stack=6, stack_note="→ Alice"),
        PileDrawing(3, WILD_ID, Colour.GREEN, 1),
    ]
    image = decode(board_png(piles, draw_pile=52))
    assert image.width <= 1000
    assert image.height < 400
    assert image.getpixel((2, 2))[:3] == (22, 98, 58)  # table green
    without_stack = decode(board_png([*piles[:1], PileDrawing(2, WILD4_ID, Colour.BLUE, 5), piles[2]], draw_pile=52))
    assert differs(image, without_stack)
    other_colour = decode(board_png([*piles[:2], PileDrawing(3, WILD_ID, Colour.RED, 1)], draw_pile=52))
    assert differs(image, other_colour)


def test_board_wraps_and_takes_any_text() -> None:
    piles = [PileDrawing(n, n * 10, Colour.YELLOW if n * 10 >= 100 else None, 108, stack=n,
                         stack_note="→ Zoë 🎲 太郎 Maximilian Alexander the Great\n") for n in range(1, 11)]
    one_row = decode(board_png(piles[:5], draw_pile=0))
    two_rows = decode(board_png(piles, draw_pile=108))
    assert two_rows.width <= 1000
    assert two_rows.height > 1.8 * one_row.height
    assert decode(board_png([], draw_pile=0)).width < 300
