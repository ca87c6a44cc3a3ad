"""Gin-jon-tan cards are composed of parts drawn once at their final size (issue 19, item 1): a card so composed looks
like the card drawn whole at `_SS` times its size and reduced once, as it was drawn before; the captions, pasted from
cached tiles, are the pixels of the notation drawn in place; and a card drawn with every cache empty is the card drawn
from warm caches."""

from __future__ import annotations

import functools

import pytest
from PIL import Image, ImageChops, ImageDraw

from engine.ginjontan.cards import FULL_SET_SIZE, SYMBOL_BY_NAME, Colour, card, card_id
from render import ginjontan_pictures as gp
from render.picture_text import draw_centred, draw_text, fit
from tests.support.pictures import decode

S = gp._SS


def whole_card(card_id: int, mark: str | None) -> Image.Image:
    """The card as it was drawn before its parts were cached: everything at `_SS` scale on one image, reduced once."""
    c = card(card_id)
    w, h = gp.CARD_WIDTH * S, gp.CARD_HEIGHT * S
    ink = gp._ink_on(gp.CARD_COLOURS[c.colour])
    image = Image.new("RGBA", (w, h), (*gp.EDGE, 0))
    draw = ImageDraw.Draw(image)
    radius, inset = 8 * S, 0
    if mark in ("play", "win", "combo"):
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=gp.MARKS[mark])
        inset = 4 * S
    draw.rounded_rectangle((inset, inset, w - 1 - inset, h - 1 - inset), radius=radius - inset // 2, fill=gp.EDGE)
    body = (inset + S, inset + S, w - 1 - inset - S, h - 1 - inset - S)
    draw.rounded_rectangle(body, radius=radius - inset // 2 - S, fill=gp.CARD_COLOURS[c.colour])
    if c.special:
        draw.rounded_rectangle((body[0] + 3 * S, body[1] + 3 * S, body[2] - 3 * S, body[3] - 3 * S), radius=4 * S,
                               outline=gp.GOLD, width=round(1.5 * S))
    number = str(c.copy)
    draw_centred(draw, ((22 if len(number) == 2 else 18) * S, 21 * S), number, 26 * S, ink, bold=S // 2)
    if c.special:
        gp._badge(draw, c.special, 66 * S, 20 * S, 11 * S)
    else:
        draw_centred(draw, (66 * S, 20 * S), c.colour.letter.upper(), 15 * S, ink, bold=S // 4)
    panel = (9 * S, 38 * S, (gp.CARD_WIDTH - 9) * S, 94 * S)
    draw.rounded_rectangle(panel, radius=5 * S, fill=gp.SPECIAL_PANEL if c.special else gp.PANEL)
    lines, size = gp._name_lines(c.symbol.name)
    for index, line in enumerate(lines):
        y = (panel[1] + panel[3]) / 2 + (index - (len(lines) - 1) / 2) * size * 1.2 * S
        draw_centred(draw, ((panel[0] + panel[2]) / 2, y), line, size * S,
                     gp.GOLD if c.special else gp.PANEL_INK, bold=S // 4)
    value, size = fit(f"{c.value:,}", gp.VALUE_SIZE, gp.CARD_WIDTH - 2 * 4 - 4, 12)
    draw_centred(draw, (w / 2, 107 * S), value, size * S, ink, bold=S // 3)
    image = image.reduce(S)
    return gp._grey_out(image) if mark == "lose" else image


def named(name: str, colour: Colour, copy: int) -> int:
    return card_id(SYMBOL_BY_NAME[name], colour, copy)


CARDS = [
    (named("Sun", Colour.WHITE, 1), None),  # dark ink, one digit
    (named("Space ship", Colour.BLUE, 33), None),  # white ink, a name on two lines, a value with a comma
    (named("Executioner", Colour.YELLOW, 12), "play"),  # a hyphenated name, ringed
    (named("Black hole", Colour.VIOLET, 33), "win"),  # special: badge and frame, the largest value
    (named("Bonus", Colour.RED, 7), "combo"),
    (named("Universal", Colour.WHITE, 20), "lose"),
    (named("Defeat", Colour.GREEN, 2), None),
    (named("Supernova", Colour.ORANGE, 30), "lose"),
]


def pixel_errors(a: Image.Image, b: Image.Image) -> list[int]:
    """Per pixel, the largest difference of any channel."""
    return list(functools.reduce(ImageChops.lighter, ImageChops.difference(a, b).split()).tobytes())


@pytest.mark.parametrize(("cid", "mark"), CARDS, ids=lambda v: card(v).notation if isinstance(v, int) else str(v))
def test_a_composed_card_looks_like_the_card_drawn_whole(cid: int, mark: str | None) -> None:
    composed, whole = gp.card_image(cid, mark=mark), whole_card(cid, mark)
    assert composed.size == whole.size == (gp.CARD_WIDTH, gp.CARD_HEIGHT)
    errors = pixel_errors(composed, whole)
    # a value's glyphs sit at whole supersampled pixels (up to 1/8 px from where the whole text put them) and parts
    # meet where antialiased edges overlap: a few edge pixels differ, by less than a quarter of the range
    assert sum(e > 32 for e in errors) <= 0.006 * len(errors)
    assert max(errors) < 64
    assert sum(errors) / len(errors) < 0.5


def test_cards_drawn_from_empty_caches_are_the_cards_drawn_from_warm_ones() -> None:
    cids = [named("Sun", Colour.RED, 3), named("Black hole", Colour.YELLOW, 7), FULL_SET_SIZE - 1]
    warm = [gp.card_image(cid, mark=mark).tobytes() for cid in cids for mark in (None, "win")]
    for cached in (gp._card, gp._body, gp._number, gp._corner, gp._panel, gp._value, gp._glyph, gp._caption):
        cached.cache_clear()
    assert [gp.card_image(cid, mark=mark).tobytes() for cid in cids for mark in (None, "win")] == warm


def test_captions_are_the_notation_drawn_in_place() -> None:
    cids = [named("Sun", Colour.RED, 3), named("Space ship", Colour.VIOLET, 33)]
    marks = {cids[1]: "lose"}
    picture = decode(gp.cards_picture([("", cids)], marks=marks)).convert("RGB")
    expected = picture.copy()
    top = gp._MARGIN + gp._LABEL_H + gp.CARD_HEIGHT
    ImageDraw.Draw(expected).rectangle((0, top, expected.width, top + gp._CAPTION - 1), fill=gp.BACKGROUND)
    draw = ImageDraw.Draw(expected)
    for index, cid in enumerate(cids):
        x = gp._MARGIN + index * (gp.CARD_WIDTH + gp._GAP)
        text, size = fit(card(cid).notation, 12, gp.CARD_WIDTH + gp._GAP - 2)
        colour = gp.DIM_LABEL if cid in marks else gp.LABEL
        draw_text(draw, (x + gp.CARD_WIDTH / 2, top + gp._CAPTION / 2 + 1), text, size, colour, anchor="mm")
    assert max(pixel_errors(picture, expected)) <= 1
