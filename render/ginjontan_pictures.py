"""Pictures for Gin-jon-tan, drawn with Pillow: one card, labelled rows of cards (a hand, a reserve, the cards set
aside) and a duel (two players' unfolded cards facing each other).

Pure functions: they take card ids (see `engine.ginjontan.cards`) and return PNG bytes (or, for one card, an Image),
so the Discord layer only attaches the bytes as a file (`picture_file`, the one place that imports discord). Text is
drawn with the bundled fonts (render/picture_text.py), so any player's name shows.

A card is a rounded rectangle in its colour: the copy number large in the top left corner, the colour's letter in
the top right, the symbol's name on a light panel in the middle (two lines for "Space ship", "Black hole",
"Execu-tioner" and "Super-nova") and the card's value at the bottom, large enough to read on a phone. The four
special cards (Black hole, Bonus, Universal, Defeat) have a dark panel with gold lettering, a gold frame inside the
edge and their own badge in the top right corner instead of the colour letter. Text on the colour is dark on White,
Orange and Yellow and white on the others.

Marks: "play" rings the card in green, "win" in gold, "combo" (a card of the combination that scores) in sky blue,
"lose" greys it out.

Cards are drawn at `_SS` times their size and reduced, which smooths corners and text. A card is composed of parts
cached at their final size (its shape, copy number, corner, name panel and value, the value from cached glyphs), and
each composed card and its caption are cached, so a hand of 9 and a reserve of 33 are mostly pasting, and a card no
picture showed before is a few pastes too.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from engine.ginjontan.cards import Colour, card
from render.picture_text import clean, draw_centred, draw_text, fit, font, text_bbox, text_length

if TYPE_CHECKING:
    import discord

__all__ = [
    "CARD_COLOURS",
    "CARD_HEIGHT",
    "CARD_WIDTH",
    "DUEL_PER_LINE",
    "HAND_PER_LINE",
    "MARKS",
    "PER_LINE",
    "VALUE_SIZE",
    "card_image",
    "cards_picture",
    "duel_picture",
    "picture_file",
]

CARD_WIDTH, CARD_HEIGHT = 84, 120
EMPTY = "(empty)"  # a row without cards (the callers give it in the player's language: ui/ginjontan.picture_words)
VERSUS = "vs"  # between the sides of a duel
PER_LINE = 11  # a row of `cards_picture` wraps onto further lines past this many cards
HAND_PER_LINE = 5  # a private hand's rows wrap sooner, so the picture is narrow and reads at phone width
VALUE_SIZE = 17  # the value's font size, px: its digits stay >= 10 px tall in a 5-card line shown 400 px wide
DUEL_PER_LINE = 5  # each side of `duel_picture` wraps past this many cards

RGB = tuple[int, int, int]
CARD_COLOURS: dict[Colour, RGB] = {
    Colour.WHITE: (238, 236, 228),
    Colour.RED: (204, 38, 44),
    Colour.ORANGE: (242, 140, 28),
    Colour.YELLOW: (246, 210, 40),
    Colour.GREEN: (36, 146, 72),
    Colour.BLUE: (30, 92, 204),
    Colour.VIOLET: (128, 58, 188),
}
DARK_INK: RGB = (24, 24, 28)
LIGHT_INK: RGB = (255, 255, 255)
EDGE: RGB = (20, 20, 24)  # the thin line round every card, so White stands out on a light background too
PANEL: RGB = (252, 250, 242)  # behind a regular card's name
PANEL_INK: RGB = (24, 24, 28)
SPECIAL_PANEL: RGB = (28, 26, 36)  # behind a special card's name
GOLD: RGB = (236, 190, 60)
MARKS: dict[str, RGB] = {"play": (60, 230, 110), "win": (255, 196, 30), "lose": (120, 120, 124),
                        "combo": (90, 200, 255)}
_RINGED = ("play", "win", "combo")

BACKGROUND: RGB = (43, 45, 49)  # Discord's dark grey, so the picture sits well in a dark client
LABEL: RGB = (235, 235, 235)
DIM_LABEL: RGB = (160, 163, 170)

_SS = 4  # supersampling factor
_RING = 4  # width of a mark's ring, px
_NAME_WIDTH = 64  # the widest a line of the symbol's name may be, px
_HYPHENATED = {"Executioner": ("Execu-", "tioner"), "Supernova": ("Super-", "nova")}  # too long for one line

# -- text --------------------------------------------------------------------------------------------------------------


def _ink_on(colour: RGB) -> RGB:
    """Dark or white text, whichever reads better on `colour` (by its relative luminance)."""
    r, g, b = (c / 255 for c in colour)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return DARK_INK if luminance > 0.5 else LIGHT_INK


@lru_cache(maxsize=64)
def _name_lines(name: str) -> tuple[tuple[str, ...], int]:
    """The symbol's name as it is written on the panel: its lines and the font size (14 when it fits)."""
    if " " in name:
        lines = tuple(name.split(" ", 1))
    elif name in _HYPHENATED and text_length(name, 14) > _NAME_WIDTH:
        lines = _HYPHENATED[name]
    else:
        lines = (name,)
    size = 14
    while size > 9 and any(text_length(line, size) > _NAME_WIDTH for line in lines):
        size -= 1
    return tuple(fit(line, size, _NAME_WIDTH, size)[0] for line in lines), size


# -- one card ----------------------------------------------------------------------------------------------------------


def _badge(draw: ImageDraw.ImageDraw, special: str, cx: float, cy: float, r: float) -> None:
    """The special card's badge (at `_SS` scale), a disc of radius `r` centred on (`cx`, `cy`)."""
    s = _SS
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SPECIAL_PANEL, outline=GOLD, width=round(1.2 * s))
    if special == "black_hole":  # a black disc in a glowing ring
        ring = r * 0.68
        draw.ellipse((cx - ring, cy - ring * 0.55, cx + ring, cy + ring * 0.55), outline=(255, 140, 40),
                     width=round(1.6 * s))
        hole = r * 0.36
        draw.ellipse((cx - hole, cy - hole, cx + hole, cy + hole), fill=(0, 0, 0), outline=(255, 200, 90),
                     width=round(0.8 * s))
    elif special == "bonus":  # a gold star
        points = []
        for k in range(10):
            radius = r * (0.72 if k % 2 == 0 else 0.3)
            angle = -math.pi / 2 + k * math.pi / 5
            points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
        draw.polygon(points, fill=GOLD)
    elif special == "universal":  # a wheel of the six full colours
        wheel = r * 0.7
        box = (cx - wheel, cy - wheel, cx + wheel, cy + wheel)
        for k, colour in enumerate(c for c in CARD_COLOURS if c is not Colour.WHITE):
            draw.pieslice(box, -90 + k * 60, -30 + k * 60, fill=CARD_COLOURS[colour])
        hub = r * 0.22
        draw.ellipse((cx - hub, cy - hub, cx + hub, cy + hub), fill=CARD_COLOURS[Colour.WHITE])
    elif special == "defeat":  # a red cross
        arm, width = r * 0.45, round(2.2 * s)
        draw.line((cx - arm, cy - arm, cx + arm, cy + arm), fill=(230, 40, 40), width=width)
        draw.line((cx - arm, cy + arm, cx + arm, cy - arm), fill=(230, 40, 40), width=width)


def _grey_out(image: Image.Image) -> Image.Image:
    """`image` in dim greys, its transparency kept."""
    alpha = image.getchannel("A")
    grey = image.convert("L").point(lambda v: 70 + v * 45 // 100)
    return Image.merge("RGBA", (grey, grey, grey, alpha))


Box = tuple[int, int, int, int]
_NUMBER: Box = (0, 0, 50, 38)  # the copy number
_CORNER: Box = (50, 0, CARD_WIDTH, 38)  # the colour's letter or a special card's badge
_PANEL: Box = (9, 38, CARD_WIDTH - 8, 95)  # the name's panel, (9, 38) to (75, 94) inclusive
_BOTTOM: Box = (0, 94, CARD_WIDTH, CARD_HEIGHT)  # the value


def _part(box: Box, paint: Callable[[ImageDraw.ImageDraw, int, int], None]) -> tuple[Image.Image, tuple[int, int]]:
    """What `paint` draws (in the card's coordinates at `_SS` scale, given the `box`'s top left there) within `box`,
    reduced to its final size on a transparent tile, and where that tile goes on the card. Reducing averages
    premultiplied colour, so composing reduced parts looks as drawing them all at `_SS` scale and reducing once."""
    s = _SS
    image = Image.new("RGBA", ((box[2] - box[0]) * s, (box[3] - box[1]) * s))
    paint(ImageDraw.Draw(image), box[0] * s, box[1] * s)
    return image.reduce(s), (box[0], box[1])


@lru_cache(maxsize=64)
def _body(colour: Colour, special: bool, ring: RGB | None) -> Image.Image:
    """The card's shape: the mark's ring, the thin edge, the body in its colour and a special card's gold frame."""
    s = _SS
    w, h = CARD_WIDTH * s, CARD_HEIGHT * s
    image = Image.new("RGBA", (w, h), (*EDGE, 0))
    draw = ImageDraw.Draw(image)
    radius = 8 * s
    inset = 0
    if ring is not None:
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=radius, fill=ring)
        inset = _RING * s
    edge_box = (inset, inset, w - 1 - inset, h - 1 - inset)
    draw.rounded_rectangle(edge_box, radius=radius - inset // 2, fill=EDGE)
    body_box = (inset + s, inset + s, w - 1 - inset - s, h - 1 - inset - s)
    draw.rounded_rectangle(body_box, radius=radius - inset // 2 - s, fill=CARD_COLOURS[colour])
    if special:
        frame = 3 * s
        draw.rounded_rectangle((body_box[0] + frame, body_box[1] + frame, body_box[2] - frame, body_box[3] - frame),
                               radius=4 * s, outline=GOLD, width=round(1.5 * s))
    return image.reduce(s)


@lru_cache(maxsize=128)
def _number(copy: int, ink: RGB) -> tuple[Image.Image, tuple[int, int]]:
    """The copy number, large, top left."""
    s = _SS
    number = str(copy)

    def paint(draw: ImageDraw.ImageDraw, ox: int, oy: int) -> None:
        draw_centred(draw, ((22 if len(number) == 2 else 18) * s - ox, 21 * s - oy), number, 26 * s, ink, bold=s // 2)

    return _part(_NUMBER, paint)


@lru_cache(maxsize=64)
def _corner(colour: Colour, special: str) -> tuple[Image.Image, tuple[int, int]]:
    """The colour letter, or a special card's badge, top right."""
    s = _SS

    def paint(draw: ImageDraw.ImageDraw, ox: int, oy: int) -> None:
        if special:
            _badge(draw, special, 66 * s - ox, 20 * s - oy, 11 * s)
        else:
            ink = _ink_on(CARD_COLOURS[colour])
            draw_centred(draw, (66 * s - ox, 20 * s - oy), colour.letter.upper(), 15 * s, ink, bold=s // 4)

    return _part(_CORNER, paint)


@lru_cache(maxsize=64)
def _panel(name: str, special: bool) -> tuple[Image.Image, tuple[int, int]]:
    """The symbol's name on its panel."""
    s = _SS

    def paint(draw: ImageDraw.ImageDraw, ox: int, oy: int) -> None:
        panel = (9 * s - ox, 38 * s - oy, (CARD_WIDTH - 9) * s - ox, 94 * s - oy)
        draw.rounded_rectangle(panel, radius=5 * s, fill=SPECIAL_PANEL if special else PANEL)
        lines, size = _name_lines(name)
        centre_x, centre_y = (panel[0] + panel[2]) / 2, (panel[1] + panel[3]) / 2
        for index, line in enumerate(lines):
            y = centre_y + (index - (len(lines) - 1) / 2) * size * 1.2 * s
            draw_centred(draw, (centre_x, y), line, size * s, GOLD if special else PANEL_INK, bold=s // 4)

    return _part(_PANEL, paint)


@lru_cache(maxsize=2048)
def _value(value: int, ink: RGB) -> tuple[Image.Image, tuple[int, int]]:
    """The value at the bottom, big enough to read on a phone (VALUE_SIZE)."""
    s = _SS
    text, size = fit(f"{value:,}", VALUE_SIZE, CARD_WIDTH - 2 * _RING - 4, 12)

    bold = s // 3

    def paint(draw: ImageDraw.ImageDraw, ox: int, oy: int) -> None:  # as draw_centred, from cached glyphs
        left, top, right, bottom = text_bbox(text, size * s, bold)
        x, y = CARD_WIDTH * s / 2 - ox - (left + right) / 2, 107 * s - oy - (top + bottom) / 2
        for stroke in (bold, 0):
            for index, char in enumerate(text):
                mask, (dx, dy) = _glyph(char, size * s, stroke)
                draw.bitmap((round(x + text_length(text[:index], size * s)) + dx, round(y) + dy), mask, fill=ink)

    return _part(_BOTTOM, paint)


@lru_cache(maxsize=256)
def _glyph(char: str, size: int, stroke: int) -> tuple[Image.Image, tuple[int, int]]:
    """A digit or comma of a value: its mask in the first font at `size` (thickened by `stroke`) and the mask's
    offset from the glyph's origin on the baseline."""
    mask, offset = font(size).getmask2(char, "L", stroke_width=stroke, anchor="ls")
    return Image.frombytes("L", mask.size, bytes(mask)), offset


@lru_cache(maxsize=1024)
def _card(card_id: int, mark: str | None) -> Image.Image:
    """One card, CARD_WIDTH x CARD_HEIGHT, RGBA, composed of its cached parts. Cached: callers must not change it."""
    c = card(card_id)
    image = _body(c.colour, bool(c.special), MARKS[mark] if mark in _RINGED else None).copy()
    ink = _ink_on(CARD_COLOURS[c.colour])
    for part, at in (_number(c.copy, ink), _corner(c.colour, c.special), _panel(c.symbol.name, bool(c.special)),
                     _value(c.value, ink)):
        image.alpha_composite(part, at)
    return _grey_out(image) if mark == "lose" else image


def _check_mark(mark: str | None) -> None:
    if mark is not None and mark not in MARKS:
        raise ValueError(f"unknown mark {mark!r}: use one of {', '.join(MARKS)}")


def card_image(card_id: int, *, mark: str | None = None) -> Image.Image:
    """One card, CARD_WIDTH x CARD_HEIGHT (84 x 120), RGBA with rounded corners on a transparent background.

    `mark`: "play" rings the card in green, "win" in gold, "combo" in sky blue, "lose" greys it out; None draws it
    plain.
    Raises ValueError for an id outside 0-6236 or an unknown mark."""
    _check_mark(mark)
    return _card(card_id, mark).copy()


# -- pictures ----------------------------------------------------------------------------------------------------------


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=3)
    return buffer.getvalue()


_MARGIN = 10  # round the picture
_GAP = 4  # between cards of a line
_CAPTION = 16  # the card's notation under it
_LINE_GAP = 6  # between the lines of one row
_ROW_GAP = 12  # between rows
_LABEL_H = 24  # a row's label above its cards
_LABEL_SIZE = 16
_EMPTY_H = 22  # the "(empty)" line of a row without cards
_CELL_W = CARD_WIDTH + _GAP
_LINE_H = CARD_HEIGHT + _CAPTION


def _paste_card(image: Image.Image, draw: ImageDraw.ImageDraw, card_id: int, mark: str | None, x: int,
                y: int) -> None:
    """The card with its top left at (`x`, `y`) and its notation under it, coloured like its mark."""
    _check_mark(mark)
    drawn = _card(card_id, mark)
    image.paste(drawn, (x, y), drawn)
    colour = MARKS[mark] if mark in _RINGED else DIM_LABEL if mark == "lose" else LABEL
    caption = _caption(card(card_id).notation, colour)
    image.paste(caption, (x - _GAP, y + CARD_HEIGHT), caption)


@lru_cache(maxsize=2048)
def _caption(notation: str, colour: RGB) -> Image.Image:
    """The card's notation as it goes under the card, on a transparent tile from `_GAP` left of the card's edge."""
    tile = Image.new("RGBA", (CARD_WIDTH + 2 * _GAP, _CAPTION), (*colour, 0))
    text, size = fit(notation, 12, CARD_WIDTH + _GAP - 2)
    draw_text(ImageDraw.Draw(tile), (_GAP + CARD_WIDTH / 2, _CAPTION / 2 + 1), text, size, colour, anchor="mm")
    return tile


def _layout(count: int, per_line: int) -> tuple[int, int]:
    """(lines, cards per line) for `count` cards, at most `per_line` a line, the lines as even as they can be."""
    lines = max(1, math.ceil(count / per_line))
    return lines, max(1, math.ceil(count / lines))


def _block_height(count: int, per_line: int) -> int:
    """The height of `count` cards laid out in lines, or of the "(empty)" line."""
    if not count:
        return _EMPTY_H
    lines, _ = _layout(count, per_line)
    return lines * _LINE_H + (lines - 1) * _LINE_GAP


def _draw_block(image: Image.Image, draw: ImageDraw.ImageDraw, cards: Sequence[int], marks: Mapping[int, str],
                per_line: int, x: int, y: int, width: int, align: str = "left", empty: str = "(empty)") -> None:
    """`cards` in lines of at most `per_line` within the `width` starting at (`x`, `y`); `align` "left" or
    "right" places shorter lines."""
    if not cards:
        text_x = x if align == "left" else x + width
        draw_text(draw, (text_x, y + _EMPTY_H / 2), clean(empty), 14, DIM_LABEL,
                  anchor="lm" if align == "left" else "rm")
        return
    _, per = _layout(len(cards), per_line)
    for index, card_id in enumerate(cards):
        line, col = divmod(index, per)
        in_line = min(per, len(cards) - line * per)
        start = x if align == "left" else x + width - (in_line * _CELL_W - _GAP)
        _paste_card(image, draw, card_id, marks.get(card_id), start + col * _CELL_W, y + line * (_LINE_H + _LINE_GAP))


def _label(draw: ImageDraw.ImageDraw, x: float, y: int, text: str, width: float, anchor: str = "lm") -> None:
    text, size = fit(clean(text), _LABEL_SIZE, width)
    if text:
        draw_text(draw, (x, y + _LABEL_H / 2 - 1), text, size, LABEL, anchor=anchor)


def cards_picture(rows: Sequence[tuple[str, Sequence[int]]], *, marks: Mapping[int, str] | None = None,
                  per_line: int = PER_LINE, empty: str = EMPTY) -> bytes:
    """Labelled rows of cards as PNG, e.g. [("Hand", hand), ("Reserve", reserve), ("Set aside", aside)].

    Each row is its label above its cards in the given order, each card's notation under it.
    A row of more than `per_line` (PER_LINE, 11) cards wraps onto further lines of even length (33 cards: 3 lines
    of 11); a row without cards shows `empty` (the caller's words for "(empty)"). `marks` maps a card id to a mark
    (see `card_image`).
    At most 10 + 11 x 88 - 4 + 10 = 984 px wide, whatever the rows hold."""
    marks = marks or {}
    rows = [(label, list(cards)) for label, cards in rows] or [("", [])]
    widest = max(_layout(len(cards), per_line)[1] if cards else 0 for _, cards in rows)
    width = 2 * _MARGIN + max(widest * _CELL_W - _GAP, 2 * CARD_WIDTH)
    height = 2 * _MARGIN + sum(_LABEL_H + _block_height(len(cards), per_line) for _, cards in rows)
    height += (len(rows) - 1) * _ROW_GAP
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = _MARGIN
    for label, cards in rows:
        _label(draw, _MARGIN, y, label, width - 2 * _MARGIN)
        y += _LABEL_H
        _draw_block(image, draw, cards, marks, per_line, _MARGIN, y, width - 2 * _MARGIN, empty=empty)
        y += _block_height(len(cards), per_line) + _ROW_GAP
    return _png(image)


_VS_W = 48  # the column between the two sides of a duel


def duel_picture(left_name: str, left_cards: Sequence[int], right_name: str, right_cards: Sequence[int],
                 marks: Mapping[int, str] | None = None, *, empty: str = EMPTY, versus: str = VERSUS) -> bytes:
    """Two players' unfolded cards facing each other as PNG: `left_name` over `left_cards` (pushed towards the
    middle), `versus` ("vs") between the sides, `right_name` over `right_cards`. Each side wraps past DUEL_PER_LINE
    (5) cards; a side without cards shows `empty`. The words are the caller's, in the player's language. `marks` as
    for `cards_picture` (e.g. the winner "win", the loser "lose"). At most about 970 px wide."""
    marks = marks or {}
    left, right = list(left_cards), list(right_cards)
    side_cards = max(_layout(len(side), DUEL_PER_LINE)[1] for side in (left, right))
    side_w = max(side_cards * _CELL_W - _GAP, 2 * CARD_WIDTH)
    width = 2 * _MARGIN + 2 * side_w + _VS_W
    block = max(_block_height(len(left), DUEL_PER_LINE), _block_height(len(right), DUEL_PER_LINE))
    height = 2 * _MARGIN + _LABEL_H + block
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    right_x = _MARGIN + side_w + _VS_W
    _label(draw, _MARGIN + side_w, _MARGIN, left_name, side_w, anchor="rm")
    _label(draw, right_x, _MARGIN, right_name, side_w, anchor="lm")
    top = _MARGIN + _LABEL_H
    _draw_block(image, draw, left, marks, DUEL_PER_LINE, _MARGIN, top, side_w, align="right", empty=empty)
    _draw_block(image, draw, right, marks, DUEL_PER_LINE, right_x, top, side_w, align="left", empty=empty)
    vs_y = top + min(block, CARD_HEIGHT) / 2
    versus, size = fit(clean(versus), 20, _VS_W - 4, 10)
    draw_centred(draw, (_MARGIN + side_w + _VS_W / 2, vs_y), versus, size, GOLD)
    return _png(image)


def picture_file(png_bytes: bytes, name: str = "ginjontan.png") -> discord.File:
    """The PNG as a `discord.File` named `name` (".png" added if missing), to attach to a message or embed."""
    import discord

    if not name.lower().endswith(".png"):
        name += ".png"
    return discord.File(io.BytesIO(png_bytes), filename=name)
