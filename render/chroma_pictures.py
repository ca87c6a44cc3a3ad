"""Pictures for the Chroma-jong calculator, drawn with Pillow: one tile, a hand laid out as players lay it, and a
legend of the seven chromas.

Pure functions: they take `engine.chroma.tiles.Tile`s and return PNG bytes (or, for one tile, an Image), so the
Discord layer only attaches the bytes as a file. Nothing here needs a font file: `ImageFont.load_default(size=...)`
is the scalable font Pillow bundles. It covers ASCII and little more, so captions pass through `_ascii` ("→" becomes
"->", accents are dropped, anything else becomes "?").

A tile is an ivory rounded rectangle with its face written on it: the number and a small suit letter (m dark red,
p blue, s green) for number tiles; E S W N for the winds; an empty blue frame for White, a green "G" for Green and
a red "R" for Red. A chroma tile has a thick band in its chroma's colour round the edge and a tab of it across the
top (prismatic: a rainbow); a tile drawn during riichi (`live`) has a "!" badge in its top right corner.

Tiles are drawn at `_SS` times their size and reduced, which smooths corners and text; each drawn tile is cached,
so a hand is mostly pasting.
"""

from __future__ import annotations

import colorsys
import io
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from engine.chroma.tiles import HONOURS, Chroma, Tile
from render.picture_text import draw_centred, fit, font, to_ascii

__all__ = ["CAPTION_HEIGHT", "CHROMA_COLOURS", "TILE_HEIGHT", "TILE_WIDTH", "hand_png", "legend_png", "tile_image"]

TILE_WIDTH, TILE_HEIGHT = 44, 60
CAPTION_HEIGHT = 16  # the strip under a tile that holds its caption

RGB = tuple[int, int, int]
PRISMATIC = "prismatic"  # not a colour: the band is a rainbow
CHROMA_COLOURS: dict[Chroma, RGB | str] = {
    Chroma.SILVER: (192, 192, 200),
    Chroma.GOLD: (212, 175, 55),
    Chroma.RED: (214, 40, 40),
    Chroma.BLUE: (30, 110, 230),
    Chroma.PRISMATIC: PRISMATIC,
    Chroma.FERN: (79, 121, 66),
    Chroma.SIAM: (240, 150, 150),
}

IVORY: RGB = (250, 246, 232)
IVORY_SHADE: RGB = (222, 212, 186)  # the tile's lower edge, so it reads as a block rather than a card
OUTLINE: RGB = (120, 112, 96)  # the thin edge of a plain tile
INK: RGB = (28, 28, 28)
SUIT_INK: dict[str, tuple[RGB, RGB]] = {  # (number, suit letter) per suit, as ordinary tiles are coloured
    "m": (INK, (165, 25, 30)),
    "p": ((20, 70, 160), (20, 70, 160)),
    "s": ((20, 115, 55), (20, 115, 55)),
}
RED_FIVE_INK: RGB = (200, 25, 25)
WHITE_FRAME: RGB = (35, 85, 190)
GREEN_DRAGON: RGB = (20, 125, 55)
RED_DRAGON: RGB = (200, 25, 25)
BADGE: RGB = (25, 25, 25)
BADGE_MARK: RGB = (255, 215, 0)
WHITE: RGB = (255, 255, 255)

BACKGROUND: RGB = (43, 45, 49)  # Discord's dark grey, so the picture sits well in a dark client
LABEL: RGB = (235, 235, 235)

_SS = 4  # supersampling factor
_WINDS = "ESWN"
_SUITS = "mpsz"

# -- text --------------------------------------------------------------------------------------------------------------


def _caption(draw: ImageDraw.ImageDraw, centre_x: float, top: int, text: str, width: int) -> None:
    """A caption centred on `centre_x` in the strip starting at `top`, shrunk to fit `width`."""
    text, size = fit(to_ascii(text), 12, width, smallest=8)
    if text:
        draw.text((centre_x, top + CAPTION_HEIGHT / 2), text, font=font(size), fill=LABEL, anchor="mm")


# -- one tile ----------------------------------------------------------------------------------------------------------


@lru_cache(maxsize=2)
def _rainbow(width: int, height: int) -> Image.Image:
    """A left-to-right rainbow (red to violet), `width` x `height`, RGBA."""
    row = Image.new("RGBA", (width, 1))
    for x in range(width):
        r, g, b = colorsys.hsv_to_rgb(0.8 * x / max(1, width - 1), 0.75, 0.95)
        row.putpixel((x, 0), (round(r * 255), round(g * 255), round(b * 255), 255))
    return row.resize((width, height), Image.Resampling.NEAREST)


def _paint(image: Image.Image, box: tuple[float, float, float, float], radius: float, fill: RGB | str,
           corners: tuple[bool, bool, bool, bool] | None = None) -> None:
    """A rounded rectangle filled with `fill`, or with the rainbow if `fill` is `PRISMATIC`."""
    if isinstance(fill, str):
        mask = Image.new("L", image.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle(box, radius=round(radius), fill=255, corners=corners)
        image.paste(_rainbow(*image.size), (0, 0), mask)
    else:
        ImageDraw.Draw(image).rounded_rectangle(box, radius=round(radius), fill=fill, corners=corners)


def _draw_face(draw: ImageDraw.ImageDraw, tile: Tile, centre_x: float, top: float, bottom: float) -> None:
    """The tile's face (at `_SS` scale) between `top` and `bottom` of the ivory."""
    s = _SS
    height = bottom - top
    face = tile.face
    if face < HONOURS:
        suit = _SUITS[face // 9]
        number_ink, suit_ink = SUIT_INK[suit]
        if tile.chroma is Chroma.RED:
            number_ink = RED_FIVE_INK
        draw_centred(draw, (centre_x, top + height * 0.4), str(face % 9 + 1), 27 * s, number_ink, bold=s // 2)
        draw_centred(draw, (centre_x, top + height * 0.82), suit, 13 * s, suit_ink, bold=s // 4)
        return
    honour = face - HONOURS
    middle = (centre_x, top + height * 0.5)
    if honour < 4:
        draw_centred(draw, middle, _WINDS[honour], 26 * s, INK, bold=s // 2)
    elif honour == 4:  # White: an empty frame
        half_w, half_h = 10 * s, 14 * s
        draw.rectangle((middle[0] - half_w, middle[1] - half_h, middle[0] + half_w, middle[1] + half_h),
                       outline=WHITE_FRAME, width=round(2.5 * s))
    else:
        letter, ink = ("G", GREEN_DRAGON) if honour == 5 else ("R", RED_DRAGON)
        draw_centred(draw, middle, letter, 26 * s, ink, bold=s // 2)


@lru_cache(maxsize=256)
def _tile(tile: Tile) -> Image.Image:
    """One tile, TILE_WIDTH x TILE_HEIGHT, RGBA. Cached: callers must not change it."""
    if not 0 <= tile.face < 34:
        raise ValueError(f"no tile has the face {tile.face!r}")
    s = _SS
    w, h = TILE_WIDTH * s, TILE_HEIGHT * s
    band = CHROMA_COLOURS[tile.chroma] if tile.chroma is not None else None
    edge = band if band is not None else OUTLINE
    image = Image.new("RGBA", (w, h), (*OUTLINE, 0))
    draw = ImageDraw.Draw(image)
    radius = 6 * s
    _paint(image, (0, 0, w - 1, h - 1), radius, edge)
    inset = (4 if band is not None else 1) * s
    inner = (inset, inset, w - 1 - inset, h - 1 - inset)
    inner_radius = radius - inset / 2
    draw.rounded_rectangle(inner, radius=round(inner_radius), fill=IVORY_SHADE)
    draw.rounded_rectangle((inner[0], inner[1], inner[2], inner[3] - 3 * s), radius=round(inner_radius), fill=IVORY)
    face_top = inner[1]
    if band is not None:  # the tab across the top
        tab = 7 * s
        _paint(image, (inner[0], inner[1], inner[2], inner[1] + tab), inner_radius, band,
               corners=(True, True, False, False))
        face_top += tab
    _draw_face(draw, tile, w / 2, face_top, inner[3] - 3 * s)
    if tile.live:  # the "!" badge, top right
        r = 7 * s
        cx, cy = w - 1 - inset - r + s, inset + r - s
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE)
        ring = round(1.2 * s)
        draw.ellipse((cx - r + ring, cy - r + ring, cx + r - ring, cy + r - ring), fill=BADGE)
        bar = 0.16 * r  # the "!" drawn as a bar and a dot: the font's "!" turns into an "I" when thickened
        draw.rounded_rectangle((cx - bar, cy - 0.62 * r, cx + bar, cy + 0.2 * r), radius=round(bar), fill=BADGE_MARK)
        draw.ellipse((cx - bar * 1.1, cy + 0.38 * r, cx + bar * 1.1, cy + 0.6 * r), fill=BADGE_MARK)
    return image.reduce(s)


def tile_image(tile: Tile, caption: str | None = None) -> Image.Image:
    """One tile, TILE_WIDTH x TILE_HEIGHT (44 x 60), RGBA with rounded corners on a transparent background.

    With a `caption` (e.g. "3m" or "→7s"), the image is CAPTION_HEIGHT taller and the caption is written small and
    light (for a dark background) under the tile; an empty caption gives the strip without text."""
    drawn = _tile(tile)
    if caption is None:
        return drawn.copy()
    image = Image.new("RGBA", (TILE_WIDTH, TILE_HEIGHT + CAPTION_HEIGHT), (*LABEL, 0))
    image.paste(drawn, (0, 0))
    _caption(ImageDraw.Draw(image), TILE_WIDTH / 2, TILE_HEIGHT, caption, TILE_WIDTH + 4)
    return image


# -- pictures ----------------------------------------------------------------------------------------------------------


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, "PNG", compress_level=3)
    return buffer.getvalue()


_MARGIN = 8  # round the picture
_TILE_GAP = 2  # between tiles of one group
_GROUP_GAP = 12  # between the concealed tiles, the winning tile and each meld


def hand_png(tiles: Sequence[Tile], *, melds: Sequence[Sequence[Tile]] = (),
             captions: Sequence[str | None] | None = None, win_index: int | None = None,
             meld_captions: Sequence[Sequence[str | None]] | None = None) -> bytes:
    """A hand as PNG, in one row: the concealed `tiles` in the given order, then the winning tile `tiles[win_index]`
    (if given) set apart to their right, then each of `melds` as its own group.

    `captions[i]` is written under `tiles[i]`, `meld_captions[j][k]` under `melds[j][k]`; if any caption is given,
    every tile gets the caption strip, so the row stays level. A hand of 14 tiles is under 700 px wide, 2 tiles
    and four kans under 900 px; the extreme of 18 concealed tiles and four kans is about 1630 px."""
    if captions is not None and len(captions) != len(tiles):
        raise ValueError(f"{len(captions)} captions for {len(tiles)} tiles")
    if win_index is not None and not 0 <= win_index < len(tiles):
        raise ValueError(f"win_index {win_index} is not a tile of the hand ({len(tiles)} tiles)")
    if meld_captions is not None and [len(c) for c in meld_captions] != [len(m) for m in melds]:
        raise ValueError("meld_captions must have one caption per meld tile")

    def caption_of(index: int) -> str | None:
        return captions[index] if captions is not None else None

    groups: list[list[tuple[Tile, str | None]]] = []
    concealed = [(tile, caption_of(i)) for i, tile in enumerate(tiles) if i != win_index]
    if concealed:
        groups.append(concealed)
    if win_index is not None:
        groups.append([(tiles[win_index], caption_of(win_index))])
    for j, meld in enumerate(melds):
        groups.append([(tile, meld_captions[j][k] if meld_captions is not None else None)
                       for k, tile in enumerate(meld)])

    captioned = any(caption is not None for group in groups for _, caption in group)
    count = sum(len(group) for group in groups)
    tiles_w = count * TILE_WIDTH + (count - len(groups)) * _TILE_GAP + max(0, len(groups) - 1) * _GROUP_GAP
    width = 2 * _MARGIN + max(tiles_w, TILE_WIDTH)
    height = 2 * _MARGIN + TILE_HEIGHT + (CAPTION_HEIGHT + 2 if captioned else 0)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    x = _MARGIN
    for number, group in enumerate(groups):
        if number:
            x += _GROUP_GAP - _TILE_GAP
        for tile, caption in group:
            drawn = _tile(tile)
            image.paste(drawn, (x, _MARGIN), drawn)
            if caption:
                _caption(draw, x + TILE_WIDTH / 2, _MARGIN + TILE_HEIGHT + 2, caption, TILE_WIDTH + _TILE_GAP)
            x += TILE_WIDTH + _TILE_GAP
    return _png(image)


LEGEND: tuple[Tile, ...] = (  # one example tile per chroma: 3*m 5*p 0s 7*s 5*z 6*z 7*z
    Tile(2, Chroma.SILVER), Tile(13, Chroma.GOLD), Tile(22, Chroma.RED), Tile(24, Chroma.BLUE),
    Tile(31, Chroma.PRISMATIC), Tile(32, Chroma.FERN), Tile(33, Chroma.SIAM),
)
_LEGEND_CELL = 66  # wide enough for "fern-green" and "light-siam" under a tile


@lru_cache(maxsize=1)
def legend_png() -> bytes:
    """The seven chromas as PNG: one example tile of each, its chroma's name under it."""
    width = 2 * _MARGIN + len(LEGEND) * _LEGEND_CELL
    height = 2 * _MARGIN + TILE_HEIGHT + 2 + CAPTION_HEIGHT
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for index, tile in enumerate(LEGEND):
        centre = _MARGIN + index * _LEGEND_CELL + _LEGEND_CELL / 2
        drawn = _tile(tile)
        image.paste(drawn, (round(centre - TILE_WIDTH / 2), _MARGIN), drawn)
        _caption(draw, centre, _MARGIN + TILE_HEIGHT + 2, str(tile.chroma), _LEGEND_CELL - 4)
    return _png(image)
