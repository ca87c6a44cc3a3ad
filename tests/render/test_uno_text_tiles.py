"""Uno's lines of text are pasted from cached tiles (issue 19, item 1): a pasted line is the line drawn in place, pixel
for pixel, on a plain background and on a chip, with an arrow, for a hand's captions and the board's lines."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from engine.uno.cards import CARDS
from render import uno_pictures as up


def in_place(text: str, size: int, fill: tuple[int, int, int], centre: int, top: int) -> Image.Image:
    image = background()
    up._draw_line(ImageDraw.Draw(image), centre, top, text, size, fill)
    return image


def background() -> Image.Image:
    image = Image.new("RGB", (240, 80), up.TABLE_GREEN)
    ImageDraw.Draw(image).rounded_rectangle((40, 20, 200, 50), radius=12, fill=up.CARD_COLOURS[CARDS[0].colour])
    return image


@pytest.mark.parametrize(("text", "size", "fill"), [("Pile 2 · 5 cards", up._BOARD_TEXT, up.LABEL),
                                                    ("→ 東風 Zoë", 16, up.STACK_NOTE), ("Red chosen", 18, up.WHITE)])
def test_a_board_line_pasted_from_its_tile_is_the_line_drawn_in_place(text: str, size: int,
                                                                     fill: tuple[int, int, int]) -> None:
    for centre in (120, 121):
        pasted = background()
        tile = up._line_tile(text, size, fill)
        pasted.paste(tile, (centre - tile.width // 2, 24), tile)
        assert ImageChops.difference(pasted, in_place(text, size, fill, centre, 24)).getbbox() is None


@pytest.mark.parametrize("card_id", [0, 20, len(CARDS) - 1])
@pytest.mark.parametrize("mark", [None, "play", "jump"])
def test_a_hand_caption_pasted_from_its_tile_is_the_notation_drawn_in_place(card_id: int, mark: str | None) -> None:
    fill = up.MARKS[mark] if mark else up.LABEL
    x = 60
    pasted = background()
    tile = up._hand_caption(CARDS[card_id].notation, fill)
    pasted.paste(tile, (x - up._CAPTION_PAD, 24), tile)
    expected = background()
    up._draw_line(ImageDraw.Draw(expected), x + up.CARD_WIDTH / 2, 24, CARDS[card_id].notation, 20, fill)
    assert ImageChops.difference(pasted, expected).getbbox() is None
