"""Pictures for Uno: Chaos Edition, drawn with Pillow: one card, a player's hand and the table's piles.

Pure functions: they take card ids (see `engine.uno.cards`) and return PNG bytes (or, for one card, an Image), so
the Discord layer only attaches the bytes as a file. Card faces use Pillow's bundled scalable font
(`ImageFont.load_default(size=...)`); lines of text (labels, names, notes) use the bundled fonts of
render/picture_text.py, so any player's name shows.

Cards are drawn at `_SS` times their size and reduced, which smooths ovals, corners and text; each drawn card is
cached, so a hand or a board is mostly pasting.

Each colour has a shape as well (`SYMBOLS`: a circle for red, a triangle for yellow, a square for green, a diamond for
blue), drawn near the top and the bottom of every coloured card and of a Wild whose colour was chosen, so that players
who can't tell the colours apart tell them by the shape. Shapes are drawn with Pillow, not taken from a font.

The words on a picture (labels under the piles) are in `language`, given to the picture so that it is part of its
key (pictures are drawn in worker processes, outside the interaction's language).
"""

from __future__ import annotations

import io
import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from engine.uno.cards import CARDS, DRAW2, REVERSE, SKIP, WILD4, Colour
from render.i18n import SOURCE, _, n_, p_, speaking
from render.picture_text import clean, draw_text, font, text_length

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "SYMBOLS", "PileDrawing", "board_png", "card_back_image", "card_image",
           "colour_word", "hand_png", "symbol_boxes"]

CARD_WIDTH, CARD_HEIGHT = 80, 120
HAND_PER_ROW = 12  # a hand wraps into more rows past this many cards
BOARD_PER_ROW = 6  # cells (the draw pile, then the discard piles) in one row of the board

RGB = tuple[int, int, int]
CARD_COLOURS: dict[Colour, RGB] = {
    Colour.RED: (222, 36, 36),
    Colour.YELLOW: (252, 200, 0),
    Colour.GREEN: (40, 160, 70),
    Colour.BLUE: (20, 100, 210),
}
WILD_BODY: RGB = (24, 24, 24)
WHITE: RGB = (255, 255, 255)
BLACK: RGB = (0, 0, 0)
MARKS: dict[str, RGB] = {"play": (60, 255, 110), "jump": (255, 140, 0)}

HAND_BACKGROUND: RGB = (43, 45, 49)  # Discord's dark grey, so the picture sits well in a dark client
TABLE_GREEN: RGB = (22, 98, 58)
LABEL: RGB = (240, 240, 240)
DIM_LABEL: RGB = (200, 225, 205)
STACK_BADGE: RGB = (235, 30, 60)
STACK_NOTE: RGB = (255, 225, 40)

SYMBOLS: dict[Colour, str] = {Colour.RED: "circle", Colour.YELLOW: "triangle", Colour.GREEN: "square",
                               Colour.BLUE: "diamond"}

_SS = 4  # supersampling factor
_TILT = math.radians(28)  # the oval leans right, like "/"

# -- text --------------------------------------------------------------------------------------------------------------


def colour_word(colour: Colour) -> str:
    """A colour's name in the language in force."""
    if colour is Colour.RED:
        return p_("uno colour", "Red")
    if colour is Colour.YELLOW:
        return p_("uno colour", "Yellow")
    if colour is Colour.GREEN:
        return p_("uno colour", "Green")
    return p_("uno colour", "Blue")


@lru_cache(maxsize=64)
def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=size)  # type: ignore[return-value]  # scalable: Pillow >= 10.1 with FreeType


_ARROW = "→"  # drawn as a shape by _draw_line


def _text_width(text: str, size: int) -> int:
    width = 0.0
    for index, part in enumerate(text.split(_ARROW)):
        if index:
            width += size * 1.0
        width += text_length(part, size)
    return math.ceil(width)


def _draw_line(draw: ImageDraw.ImageDraw, centre_x: float, top: float, text: str, size: int, fill: RGB) -> None:
    """One line of text centred on `centre_x`, its top at `top`; "→" is drawn as an arrow."""
    x = centre_x - _text_width(text, size) / 2
    baseline = top + font(size).getmetrics()[0]
    for index, part in enumerate(text.split(_ARROW)):
        if index:  # an arrow, as wide as the font size, on the x-height's middle
            y = baseline - size * 0.33
            half = max(1.0, size * 0.07)
            x0, x1, head = x + size * 0.12, x + size * 0.88, size * 0.3
            draw.polygon([(x0, y - half), (x1 - head, y - half), (x1 - head, y - head * 0.85), (x1, y),
                          (x1 - head, y + head * 0.85), (x1 - head, y + half), (x0, y + half)], fill=fill)
            x += size * 1.0
        if part:
            draw_text(draw, (x, baseline), part, size, fill)
            x += text_length(part, size)


def _draw_centred(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, size: int, fill: RGB, *,
                  stroke: int = 0, stroke_fill: RGB = BLACK, shadow: int = 0,
                  bold: int = 0) -> tuple[float, float, float, float]:
    """Draw `text` with its ink (not its line box) centred on `centre`, thickened by `bold` (a stroke in its own
    colour), outlined by `stroke` and shadowed down and right by `shadow`; returns the ink's box."""
    font = _font(size)
    outer = bold + stroke
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font, anchor="ls", stroke_width=outer)
    x = centre[0] - (left + right) / 2
    y = centre[1] - (top + bottom) / 2
    if shadow:
        draw.text((x + shadow, y + shadow), text, font=font, fill=stroke_fill, anchor="ls", stroke_width=outer,
                  stroke_fill=stroke_fill)
    if stroke:
        draw.text((x, y), text, font=font, fill=stroke_fill, anchor="ls", stroke_width=outer, stroke_fill=stroke_fill)
    draw.text((x, y), text, font=font, fill=fill, anchor="ls", stroke_width=bold, stroke_fill=fill)
    return x + left, y + top, x + right, y + bottom


# -- shapes ------------------------------------------------------------------------------------------------------------


def _oval(cx: float, cy: float, a: float, b: float, start: float = 0.0, end: float = 360.0,
          steps: int = 90) -> list[tuple[float, float]]:
    """Points of the tilted ellipse (semi-axes `a` across, `b` along), from angle `start` to `end` in degrees."""
    cos_t, sin_t = math.cos(_TILT), math.sin(_TILT)
    points = []
    for i in range(steps + 1):
        t = math.radians(start + (end - start) * i / steps)
        x, y = a * math.cos(t), b * math.sin(t)
        points.append((cx + x * cos_t - y * sin_t, cy + x * sin_t + y * cos_t))
    return points


def _outlined_polygons(draw: ImageDraw.ImageDraw, polygons: list[list[tuple[float, float]]], fill: RGB,
                       outline: RGB, width: float) -> None:
    """Fill each polygon with `fill`, all of them ringed together by `outline` (`width` wide, outside)."""
    for points in polygons:
        draw.polygon(points, fill=outline)
        draw.line([*points, points[0], points[1]], fill=outline, width=round(2 * width), joint="curve")
    for points in polygons:
        draw.polygon(points, fill=fill)


def _rotate(points: list[tuple[float, float]], angle: float, cx: float, cy: float) -> list[tuple[float, float]]:
    cos_a, sin_a = math.cos(angle), math.sin(angle)
    return [(cx + x * cos_a - y * sin_a, cy + x * sin_a + y * cos_a) for x, y in points]


def _draw_skip(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, outline: float) -> None:
    """A circle with a slash through it (the Skip symbol), `r` its outer radius."""
    ring = r * 0.26
    o = outline
    # black first: the ring and the slash, each `o` wider on both sides
    draw.ellipse((cx - r - o, cy - r - o, cx + r + o, cy + r + o), outline=BLACK, width=round(ring + 2 * o))
    d = (r - ring / 2) * math.sqrt(0.5)
    slash = [(cx - d, cy + d), (cx + d, cy - d)]
    draw.line(slash, fill=BLACK, width=round(ring + 2 * o))
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), outline=fill, width=round(ring))
    draw.line(slash, fill=fill, width=round(ring))


def _draw_reverse(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB, outline: float) -> None:
    """Two arrows along the "/" diagonal, pointing opposite ways (the Reverse symbol), within radius `r`."""
    length, shaft, head_len, head_half = 1.45 * r, 0.24 * r, 0.5 * r, 0.36 * r
    arrow = [(-length / 2, -shaft / 2), (length / 2 - head_len, -shaft / 2), (length / 2 - head_len, -head_half),
             (length / 2, 0.0), (length / 2 - head_len, head_half), (length / 2 - head_len, shaft / 2),
             (-length / 2, shaft / 2)]
    angle = -math.pi / 4  # pointing up and to the right
    offset = 0.4 * r  # each arrow moved off the diagonal, to its own side
    nx, ny = math.cos(angle - math.pi / 2), math.sin(angle - math.pi / 2)
    up = _rotate([(x, y) for x, y in arrow], angle, cx + nx * offset, cy + ny * offset)
    down = _rotate([(x, y) for x, y in arrow], angle + math.pi, cx - nx * offset, cy - ny * offset)
    _outlined_polygons(draw, [up, down], fill, BLACK, outline)


def _symbol_points(shape: str, cx: float, cy: float, r: float, turned: bool) -> list[tuple[float, float]]:
    """The outline of a colour's shape centred on (`cx`, `cy`), about `r` in radius; `turned`: upside down."""
    if shape == "triangle":
        points = [(0.0, -1.2 * r), (1.1 * r, 0.75 * r), (-1.1 * r, 0.75 * r)]
    elif shape == "square":
        points = [(-0.85 * r, -0.85 * r), (0.85 * r, -0.85 * r), (0.85 * r, 0.85 * r), (-0.85 * r, 0.85 * r)]
    elif shape == "diamond":
        points = [(0.0, -1.25 * r), (0.85 * r, 0.0), (0.0, 1.25 * r), (-0.85 * r, 0.0)]
    else:  # a circle
        points = [(r * math.cos(t), r * math.sin(t)) for t in (2 * math.pi * i / 48 for i in range(48))]
    sign = -1 if turned else 1
    return [(cx + sign * x, cy + sign * y) for x, y in points]


def symbol_boxes(width: int) -> list[tuple[int, int, int, int]]:
    """Where a card `width` wide shows its colour's shape (near its top, and turned over near its bottom), in its
    pixels: left, top, right, bottom."""
    height = round(width * 1.5)
    r = width * _SYMBOL_R
    half = math.ceil(r * 1.35)
    top = (round(width * _SYMBOL_X), round(height * _SYMBOL_Y))
    bottom = (width - top[0], height - top[1])
    return [(x - half, y - half, x + half, y + half) for x, y in (top, bottom)]


_SYMBOL_X, _SYMBOL_Y, _SYMBOL_R = 0.45, 0.11, 0.065  # a shape's centre (of the width, of the height), radius


def _draw_symbols(draw: ImageDraw.ImageDraw, colour: Colour, width: int, height: int, fill: RGB, ring: RGB) -> None:
    """The colour's shape near the top of the card and, turned over, near its bottom (at `_SS` scale)."""
    s = _SS
    r = width * _SYMBOL_R * s
    outline = max(1.0, width * 0.014 * s)
    x, y = width * _SYMBOL_X * s, height * _SYMBOL_Y * s
    for cx, cy, turned in ((x, y, False), (width * s - x, height * s - y, True)):
        _outlined_polygons(draw, [_symbol_points(SYMBOLS[colour], cx, cy, r, turned)], fill, ring, outline)


# -- one card ----------------------------------------------------------------------------------------------------------


def _card_frame(width: int, height: int, body: RGB, mark: str | None, edge: RGB | None) -> tuple[
        Image.Image, ImageDraw.ImageDraw, tuple[int, int, int, int]]:
    """The card's outline at `_SS` times `width` x `height`: a white (or `mark`-coloured) rim, the body inside,
    ringed by `edge` if given. Returns the image, a drawing context and the body's box."""
    s = _SS
    w, h = width * s, height * s
    rim = MARKS[mark] if mark else WHITE
    image = Image.new("RGBA", (w, h), (*rim, 0))
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=round(width * 0.12 * s), fill=rim)
    inset = round(width * 0.05 * s)
    if mark:  # a thicker rim in the mark's colour, then a thin white line so it stands apart from the body
        thick = round(width * 0.075 * s)
        draw.rounded_rectangle((thick, thick, w - 1 - thick, h - 1 - thick), radius=round(width * 0.08 * s),
                               fill=WHITE)
        inset = thick + round(width * 0.02 * s)
    box = (inset, inset, w - 1 - inset, h - 1 - inset)
    radius = round(width * 0.08 * s)
    if edge is not None:
        draw.rounded_rectangle(box, radius=radius, fill=edge)
        ring = round(width * 0.07 * s)
        draw.rounded_rectangle((box[0] + ring, box[1] + ring, box[2] - ring, box[3] - ring),
                               radius=max(1, radius - ring // 2), fill=body)
    else:
        draw.rounded_rectangle(box, radius=radius, fill=body)
    return image, draw, box


def _corner(rank: str, size: int, fill: RGB) -> Image.Image:
    """The small rank for a corner, at `_SS` scale, on a transparent tile (the bottom corner is this turned over)."""
    s = _SS
    tile = Image.new("RGBA", (size * 2 * s, size * 2 * s), (*fill, 0))
    draw = ImageDraw.Draw(tile)
    centre = (size * s, size * s)
    stroke = max(1, round(size * 0.09 * s))
    if rank == SKIP:
        _draw_skip(draw, *centre, size * 0.46 * s, fill, stroke)
    elif rank == REVERSE:
        _draw_reverse(draw, *centre, size * 0.55 * s, fill, stroke)
    else:
        text = {"wild": "W", WILD4: "+4"}.get(rank, rank)
        font_size = round(size * (0.95 if len(text) == 1 else 0.8) * s)
        box = _draw_centred(draw, centre, text, font_size, fill, stroke=stroke, bold=round(stroke * 0.3))
        if rank in ("6", "9"):
            _underline(draw, box, fill, stroke)
    return tile


def _underline(draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: RGB, outline: float) -> None:
    """The bar under a 6 or a 9, as real cards have, so they cannot be mistaken for each other."""
    left, top, right, bottom = box
    height = bottom - top
    inner = (right - left) * 0.24
    y0 = bottom + height * 0.03
    y1 = y0 + height * 0.12
    draw.rectangle((left + inner - outline, y0 - outline, right - inner + outline, y1 + outline), fill=BLACK)
    draw.rectangle((left + inner, y0, right - inner, y1), fill=fill)


_FIRST_COPY = {(c.colour, c.rank): c.id for c in reversed(CARDS)}  # the copies of a card look alike


def _card(card_id: int, colour_shown: Colour | None, mark: str | None, width: int) -> Image.Image:
    if not 0 <= card_id < len(CARDS):
        raise ValueError(f"no card has the id {card_id!r}")
    c = CARDS[card_id]
    return _face(_FIRST_COPY[c.colour, c.rank], colour_shown if c.is_wild else None, mark, width)


@lru_cache(maxsize=256)
def _face(card_id: int, colour_shown: Colour | None, mark: str | None, width: int) -> Image.Image:
    """One card (the first copy of its face), `width` wide, 1.5 x as high. Cached: callers must not change it."""
    c = CARDS[card_id]
    s = _SS
    height = round(width * 1.5)
    shown = colour_shown if c.is_wild else None
    body = WILD_BODY if c.colour is None else CARD_COLOURS[c.colour]
    image, draw, box = _card_frame(width, height, body, mark, CARD_COLOURS[shown] if shown else None)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    a, b = width * 0.31 * s, width * 0.62 * s
    outline = width * 0.03 * s
    if c.colour is None:  # a wild card
        draw.polygon(_oval(cx, cy, a, b), fill=WHITE)
        order = (Colour.RED, Colour.BLUE, Colour.GREEN, Colour.YELLOW)  # quarters clockwise from the right
        for index, quarter in enumerate(order):
            fill = CARD_COLOURS[shown or quarter]  # once a colour is chosen, the whole oval shows it
            draw.polygon([(cx, cy), *_oval(cx, cy, a * 0.88, b * 0.9, index * 90 - 90, index * 90, 24)], fill=fill)
        if c.rank == WILD4:
            _draw_centred(draw, (cx, cy), "+4", round(width * 0.5 * s), WHITE, stroke=round(outline),
                          shadow=round(outline), bold=round(outline * 0.8))
    else:
        draw.polygon(_oval(cx, cy, a, b), fill=WHITE)
        colour = CARD_COLOURS[c.colour]
        if c.rank == SKIP:
            _draw_skip(draw, cx, cy, width * 0.27 * s, colour, outline)
        elif c.rank == REVERSE:
            _draw_reverse(draw, cx, cy, width * 0.3 * s, colour, outline)
        else:
            underlined = c.rank in ("6", "9")
            size = round(width * (0.48 if c.rank == DRAW2 else 0.62 if underlined else 0.68) * s)
            ink = _draw_centred(draw, (cx, cy - (size * 0.08 if underlined else 0)), c.rank, size,
                                colour, stroke=round(outline), shadow=round(outline * 1.3), bold=round(outline * 0.8))
            if underlined:
                _underline(draw, ink, colour, outline)
    if c.colour is not None:
        _draw_symbols(draw, c.colour, width, height, WHITE, BLACK)
    elif shown is not None:
        _draw_symbols(draw, shown, width, height, CARD_COLOURS[shown], WHITE)
    corner_size = round(width * 0.2)
    corner = _corner(c.rank, corner_size, CARD_COLOURS[shown] if shown else WHITE)
    margin = round(width * 0.035 * s)
    image.alpha_composite(corner, (box[0] + margin, box[1] + margin))
    turned = corner.transpose(Image.Transpose.ROTATE_180)
    image.alpha_composite(turned, (box[2] - margin - turned.width, box[3] - margin - turned.height))
    return image.reduce(s)


@lru_cache(maxsize=4)
def _back(width: int) -> Image.Image:
    s = _SS
    height = round(width * 1.5)
    image, draw, box = _card_frame(width, height, WILD_BODY, None, None)
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    draw.polygon(_oval(cx, cy, width * 0.31 * s, width * 0.62 * s), fill=CARD_COLOURS[Colour.RED])
    logo = Image.new("RGBA", (width * s, width * s), (255, 220, 0, 0))
    logo_draw = ImageDraw.Draw(logo)
    _draw_centred(logo_draw, (width * s / 2, width * s / 2), "UNO", round(width * 0.4 * s), (255, 220, 0),
                  stroke=round(width * 0.03 * s), shadow=round(width * 0.03 * s), bold=round(width * 0.02 * s))
    logo = logo.rotate(math.degrees(_TILT) * 0.9, resample=Image.Resampling.BICUBIC)
    image.alpha_composite(logo, (round(cx - logo.width / 2), round(cy - logo.height / 2)))
    return image.reduce(s)


def card_image(card_id: int, *, colour_shown: Colour | None = None, mark: str | None = None) -> Image.Image:
    """One card, CARD_WIDTH x CARD_HEIGHT (80 x 120), RGBA with rounded corners.

    `colour_shown`: for a Wild or Wild +4, the colour chosen for it (the oval filled with it, a frame and the
    corners in it); ignored for other cards. `mark`: "play" rings the card in green
    (it can be played now), "jump" in orange (it could jump in), None leaves the white rim."""
    if mark not in (None, *MARKS):
        raise ValueError(f"unknown mark {mark!r}")
    return _card(card_id, colour_shown, mark, CARD_WIDTH).copy()


def card_back_image() -> Image.Image:
    """The back of a card (black, a red oval, "UNO"), CARD_WIDTH x CARD_HEIGHT."""
    return _back(CARD_WIDTH).copy()


# -- pictures ----------------------------------------------------------------------------------------------------------


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=3)
    return buffer.getvalue()


def _message(text: str, background: RGB) -> bytes:
    size = 22
    width = _text_width(text, size) + 40
    image = Image.new("RGB", (width, 56), background)
    _draw_line(ImageDraw.Draw(image), width / 2, 56 / 2 - size * 0.6, text, size, LABEL)
    return _png(image)


_HAND_MARGIN, _HAND_GAP, _HAND_LIFT, _HAND_LABEL, _HAND_ROW_GAP = 8, 3, 10, 22, 8


def hand_png(cards: Sequence[int], *, playable: Collection[int] = (), jump: Collection[int] = (),
             language: str = SOURCE) -> bytes:
    """A hand as PNG: cards in the given order, in one row of up to 12, more rows (of equal length) beyond that.

    A card whose id is in `playable` is ringed in green and raised; else one in `jump` is ringed in orange and
    raised. Under each card, its notation (`r5`, `w+4`), coloured like its ring. No cards: a small "no cards" (in
    `language`)."""
    if not cards:
        with speaking(language):
            return _message(_("no cards"), HAND_BACKGROUND)
    rows = math.ceil(len(cards) / HAND_PER_ROW)
    per_row = math.ceil(len(cards) / rows)
    cell_w = CARD_WIDTH + _HAND_GAP
    row_h = _HAND_LIFT + CARD_HEIGHT + 4 + _HAND_LABEL
    width = 2 * _HAND_MARGIN + per_row * cell_w - _HAND_GAP
    height = 2 * _HAND_MARGIN + rows * row_h + (rows - 1) * _HAND_ROW_GAP
    image = Image.new("RGB", (width, height), HAND_BACKGROUND)
    playable, jump = set(playable), set(jump)
    for index, card_id in enumerate(cards):
        row, col = divmod(index, per_row)
        x = _HAND_MARGIN + col * cell_w
        y = _HAND_MARGIN + row * (row_h + _HAND_ROW_GAP)
        mark = "play" if card_id in playable else "jump" if card_id in jump else None
        card = _card(card_id, None, mark, CARD_WIDTH)
        image.paste(card, (x, y + (0 if mark else _HAND_LIFT)), card)
        caption = _hand_caption(CARDS[card_id].notation, MARKS[mark] if mark else LABEL)
        image.paste(caption, (x - _CAPTION_PAD, y + _HAND_LIFT + CARD_HEIGHT + 3), caption)
    return _png(image)


_CAPTION_PAD = 20  # a caption's tile reaches this far past its card on either side


@lru_cache(maxsize=256)
def _hand_caption(notation: str, fill: RGB) -> Image.Image:
    """A card's notation as it goes under the card in a hand, on a transparent tile whose top is the text's top."""
    tile = Image.new("RGBA", (CARD_WIDTH + 2 * _CAPTION_PAD, 40), (*fill, 0))
    _draw_line(ImageDraw.Draw(tile), _CAPTION_PAD + CARD_WIDTH / 2, 0, notation, 20, fill)
    return tile


@dataclass(frozen=True, slots=True)
class PileDrawing:
    """One discard pile as the board shows it: its number, top card, chosen colour (for a Wild on top), how many
    cards it holds, and a running +2/+4 stack with a note on whom it is aimed at (e.g. "→ Alice")."""

    number: int
    top: int
    colour: Colour | None
    size: int
    stack: int | None = None
    stack_note: str | None = None


_BOARD_CARD = 100  # cards on the board are drawn larger than in a hand: the board is read from across the channel
_BOARD_CELL, _BOARD_MARGIN, _BOARD_TEXT = 156, 16, 18
_BOARD_TOP = 12  # room above the cards for the stack badge


def _fit(text: str, size: int, width: int) -> tuple[str, int]:
    """`text` and a font size (down to 16) at which it fits `width`; shortened with "…" if even that is too wide."""
    while size > 16 and _text_width(text, size) > width:
        size -= 1
    if _text_width(text, size) > width:
        while len(text) > 1 and _text_width(text + "…", size) > width:
            text = text[:-1]
        text = text.rstrip() + "…"
    return text, size


def board_png(piles: Sequence[PileDrawing], *, draw_pile: int, language: str = SOURCE) -> bytes:
    """The table as PNG on green felt: the draw pile face down with its count, then each discard pile's top card
    (a Wild in its chosen colour), "Pile N · k cards" under it, and for a running stack a "+n" badge and its note.

    Six cells to a row (the draw pile is the first), more rows beyond; width at most 16 + 6 x 156 + 16 = 968 px.
    Its words are in `language`."""
    with speaking(language):
        return _board_png(piles, draw_pile)


def _board_png(piles: Sequence[PileDrawing], draw_pile: int) -> bytes:
    cells = 1 + len(piles)
    per_row = min(cells, BOARD_PER_ROW)
    rows = math.ceil(cells / per_row)
    card_h = round(_BOARD_CARD * 1.5)
    line = _BOARD_TEXT + 6
    row_h = _BOARD_TOP + card_h + 8 + 3 * line
    width = 2 * _BOARD_MARGIN + per_row * _BOARD_CELL
    height = 2 * _BOARD_MARGIN + rows * row_h
    image = Image.new("RGB", (width, height), TABLE_GREEN)
    draw = ImageDraw.Draw(image)
    text_w = _BOARD_CELL - 8

    def place(index: int) -> tuple[int, int, float]:
        row, col = divmod(index, per_row)
        x = _BOARD_MARGIN + col * _BOARD_CELL
        y = _BOARD_MARGIN + row * row_h
        return x + (_BOARD_CELL - _BOARD_CARD) // 2, y + _BOARD_TOP, x + _BOARD_CELL / 2

    def lines(centre: float, top: int, items: list[tuple[str, RGB, RGB | None]]) -> None:
        """Lines of text under a card; a line with a third colour is drawn as a chip of that colour."""
        for number, (text, colour, chip) in enumerate(items):
            fitted, size = _fit(clean(text), _BOARD_TEXT, text_w - (16 if chip else 0))
            y = top + number * line
            if chip:
                half = _text_width(fitted, size) / 2 + 8
                draw.rounded_rectangle((centre - half, y - 2, centre + half, y + line - 4), radius=(line - 2) // 2,
                                       fill=chip)
            tile = _line_tile(fitted, size, colour)
            image.paste(tile, (round(centre) - tile.width // 2, y), tile)

    x, y, centre = place(0)
    if draw_pile:
        back = _back(_BOARD_CARD)
        image.paste(back, (x, y), back)
    else:  # an empty place where the draw pile was
        draw.rounded_rectangle((x, y, x + _BOARD_CARD - 1, y + card_h - 1), radius=12, outline=DIM_LABEL, width=2)
    lines(centre, y + card_h + 8, [(_("Draw pile"), LABEL, None),
                                   (n_("{count} card", "{count} cards", draw_pile), DIM_LABEL, None)])

    for index, pile in enumerate(piles, start=1):
        x, y, centre = place(index)
        top = CARDS[pile.top]
        card = _card(pile.top, pile.colour if top.is_wild else None, None, _BOARD_CARD)
        image.paste(card, (x, y), card)
        size = n_("Pile {number} · {count} card", "Pile {number} · {count} cards", pile.size, number=pile.number)
        items: list[tuple[str, RGB, RGB | None]] = [(size, LABEL, None)]
        if top.is_wild and pile.colour is not None:
            ink = BLACK if pile.colour is Colour.YELLOW else WHITE
            items.append((_("{colour} chosen", colour=colour_word(pile.colour)), ink, CARD_COLOURS[pile.colour]))
        if pile.stack:
            _badge(draw, x + _BOARD_CARD + 2, y - _BOARD_TOP + 2, f"+{pile.stack}")
            if pile.stack_note:
                items.append((pile.stack_note, STACK_NOTE, None))
        lines(centre, y + card_h + 8, items)
    return _png(image)


@lru_cache(maxsize=1024)
def _line_tile(text: str, size: int, fill: RGB) -> Image.Image:
    """`_draw_line`'s line on a transparent tile, its top the tile's, centred on the tile's middle column."""
    tile = Image.new("RGBA", (2 * (_text_width(text, size) // 2 + size), 2 * size), (*fill, 0))
    _draw_line(ImageDraw.Draw(tile), tile.width // 2, 0, text, size, fill)
    return tile


def _badge(draw: ImageDraw.ImageDraw, right: int, top: int, text: str) -> None:
    """A "+n" badge whose top right corner is at (`right`, `top`)."""
    size = 26
    width = _text_width(text, size) + 18
    height = size + 10
    box = (right - width, top, right, top + height)
    draw.rounded_rectangle((box[0] - 2, box[1] - 2, box[2] + 2, box[3] + 2), radius=height // 2 + 2, fill=WHITE)
    draw.rounded_rectangle(box, radius=height // 2, fill=STACK_BADGE)
    _draw_centred(draw, ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), text, size, WHITE, bold=1)
