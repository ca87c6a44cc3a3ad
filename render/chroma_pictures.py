"""Pictures for the Chroma-jong calculator, drawn with Pillow: one tile, a hand laid out as players lay it, and a
legend of the seven chromas.

Pure functions: they take `engine.chroma.tiles.Tile`s and return PNG bytes (or, for one tile, an Image), so the
Discord layer only attaches the bytes as a file. Captions are drawn with the bundled fonts (render/picture_text.py),
so any player's name or symbol shows.

A tile is the public-domain riichi-mahjong-tiles art (data/tiles/, made by tools/make_tiles.py; red fives are its
"Dora" tiles). A chroma tile is framed in its chroma's colour (prismatic: a rainbow), with a wider tab at the top
that carries the chroma's letter (`CHROMA_LETTERS`), so the chroma reads without telling colours apart; the art sits
inside the frame. A tile drawn during riichi (`live`) has a "!" badge in its top right corner.

The art is loaded once; frames and badges are drawn at `_SS` times their size and reduced, which smooths corners
and text; each drawn tile is cached, so a hand is mostly pasting.
"""

from __future__ import annotations

import colorsys
import io
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw

from engine.chroma.tiles import HONOURS, Chroma, Tile
from render.picture_text import clean, draw_centred, draw_text, fit

__all__ = ["ART_BOX", "CAPTION_HEIGHT", "CHROMA_COLOURS", "CHROMA_LETTERS", "DIVIDER", "TILE_HEIGHT", "TILE_WIDTH",
           "art_path", "hand_png", "legend_png", "tile_image"]

TILE_WIDTH, TILE_HEIGHT = 45, 60
CAPTION_HEIGHT = 16  # the strip under a tile that holds its caption
TILE_DIR = Path(__file__).resolve().parent.parent / "data" / "tiles"

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
CHROMA_LETTERS: dict[Chroma, str] = {
    Chroma.SILVER: "S", Chroma.GOLD: "G", Chroma.RED: "R", Chroma.BLUE: "B", Chroma.PRISMATIC: "P",
    Chroma.FERN: "F", Chroma.SIAM: "L",
}

INK: RGB = (28, 28, 28)
BADGE: RGB = (25, 25, 25)
BADGE_MARK: RGB = (255, 215, 0)
WHITE: RGB = (255, 255, 255)

BACKGROUND: RGB = (43, 45, 49)  # Discord's dark grey, so the picture sits well in a dark client
LABEL: RGB = (235, 235, 235)

_SS = 4  # supersampling factor
_SUIT_NAMES = ("Man", "Pin", "Sou")
_HONOUR_NAMES = ("Ton", "Nan", "Shaa", "Pei", "Haku", "Hatsu", "Chun")
_TAB = 11  # the frame's top, with the chroma's letter
_FRAME = 3  # the frame's bottom; its sides are what the art's width leaves
_ART_HEIGHT = TILE_HEIGHT - _TAB - _FRAME
_ART_WIDTH = round(_ART_HEIGHT * 3 / 4)
ART_BOX = ((TILE_WIDTH - _ART_WIDTH) // 2, _TAB, (TILE_WIDTH + _ART_WIDTH) // 2, _TAB + _ART_HEIGHT)  # in a chroma tile

# -- text --------------------------------------------------------------------------------------------------------------


def _caption(draw: ImageDraw.ImageDraw, centre_x: float, top: int, text: str, width: int) -> None:
    """A caption centred on `centre_x` in the strip starting at `top`, shrunk to fit `width`."""
    text, size = fit(clean(text), 12, width, smallest=8)
    if text:
        draw_text(draw, (centre_x, top + CAPTION_HEIGHT / 2), text, size, LABEL, anchor="mm")


# -- one tile ----------------------------------------------------------------------------------------------------------


def art_path(tile: Tile) -> Path:
    """The art of `tile`'s face (a red five's own art for `Chroma.RED`), twice the size a plain tile is shown at."""
    if not 0 <= tile.face < 34:
        raise ValueError(f"no tile has the face {tile.face!r}")
    if tile.face >= HONOURS:
        name = _HONOUR_NAMES[tile.face - HONOURS]
    else:
        name = f"{_SUIT_NAMES[tile.face // 9]}{tile.face % 9 + 1}" + ("-Dora" if tile.chroma is Chroma.RED else "")
    return TILE_DIR / f"{name}.png"


@lru_cache(maxsize=64)
def _art(path: Path) -> Image.Image:
    with Image.open(path) as image:
        return image.convert("RGBA")


@lru_cache(maxsize=2)
def _rainbow(width: int, height: int) -> Image.Image:
    """A left-to-right rainbow (red to violet), `width` x `height`, RGBA."""
    row = Image.new("RGBA", (width, 1))
    for x in range(width):
        r, g, b = colorsys.hsv_to_rgb(0.8 * x / max(1, width - 1), 0.75, 0.95)
        row.putpixel((x, 0), (round(r * 255), round(g * 255), round(b * 255), 255))
    return row.resize((width, height), Image.Resampling.NEAREST)


def _paint(image: Image.Image, box: tuple[float, float, float, float], radius: float, fill: RGB | str) -> None:
    """A rounded rectangle filled with `fill`, or with the rainbow if `fill` is `PRISMATIC`."""
    if isinstance(fill, str):
        mask = Image.new("L", image.size, 0)
        ImageDraw.Draw(mask).rounded_rectangle(box, radius=round(radius), fill=255)
        image.paste(_rainbow(*image.size), (0, 0), mask)
    else:
        ImageDraw.Draw(image).rounded_rectangle(box, radius=round(radius), fill=fill)


def _letter_ink(band: RGB | str) -> RGB:
    """Dark or white, whichever reads better on `band` (by its relative luminance; dark on the rainbow)."""
    if isinstance(band, str):
        return INK
    r, g, b = (c / 255 for c in band)
    return INK if 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 else WHITE


def _frame(chroma: Chroma) -> Image.Image:
    """The chroma's frame with its letter in the top tab, TILE_WIDTH x TILE_HEIGHT, RGBA."""
    s = _SS
    band = CHROMA_COLOURS[chroma]
    image = Image.new("RGBA", (TILE_WIDTH * s, TILE_HEIGHT * s), (255, 255, 255, 0))
    _paint(image, (0, 0, TILE_WIDTH * s - 1, TILE_HEIGHT * s - 1), 6 * s, band)
    draw_centred(ImageDraw.Draw(image), (TILE_WIDTH * s / 2, (_TAB - 0.5) * s / 2), CHROMA_LETTERS[chroma], 10 * s,
                 _letter_ink(band), bold=s // 2)
    return image.reduce(s)


def _badge() -> Image.Image:
    """The "!" badge of a live tile, top right, on a transparent TILE_WIDTH x TILE_HEIGHT image."""
    s = _SS
    image = Image.new("RGBA", (TILE_WIDTH * s, TILE_HEIGHT * s), (255, 255, 255, 0))
    draw = ImageDraw.Draw(image)
    r = 7 * s
    cx, cy = (TILE_WIDTH - 8) * s, 8 * s
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=WHITE)
    ring = round(1.2 * s)
    draw.ellipse((cx - r + ring, cy - r + ring, cx + r - ring, cy + r - ring), fill=BADGE)
    bar = 0.16 * r  # the "!" drawn as a bar and a dot, sharper than a font's
    draw.rounded_rectangle((cx - bar, cy - 0.62 * r, cx + bar, cy + 0.2 * r), radius=round(bar), fill=BADGE_MARK)
    draw.ellipse((cx - bar * 1.1, cy + 0.38 * r, cx + bar * 1.1, cy + 0.6 * r), fill=BADGE_MARK)
    return image.reduce(s)


@lru_cache(maxsize=256)
def _tile(tile: Tile) -> Image.Image:
    """One tile, TILE_WIDTH x TILE_HEIGHT, RGBA. Cached: callers must not change it."""
    art = _art(art_path(tile))
    if tile.chroma is None:
        image = art.reduce(art.width // TILE_WIDTH)
    else:
        image = _frame(tile.chroma)
        inner = art.resize((_ART_WIDTH, _ART_HEIGHT), Image.Resampling.LANCZOS)
        image.alpha_composite(inner, ART_BOX[:2])
    if tile.live:
        image.alpha_composite(_badge())
    return image


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
_WAITS_GAP = 30  # between the hand and its waits, a divider in the middle
DIVIDER: RGB = (120, 122, 128)


def hand_png(tiles: Sequence[Tile], *, melds: Sequence[Sequence[Tile]] = (),
             captions: Sequence[str | None] | None = None, win_index: int | None = None,
             meld_captions: Sequence[Sequence[str | None]] | None = None,
             waits: Sequence[tuple[Tile, str]] = ()) -> bytes:
    """A hand as PNG, in one row: the concealed `tiles` in the given order, then the winning tile `tiles[win_index]`
    (if given) set apart to their right, then each of `melds` as its own group, then the `waits` (a tile and its
    caption, e.g. the number left) behind a divider.

    `captions[i]` is written under `tiles[i]`, `meld_captions[j][k]` under `melds[j][k]`; if any caption is given,
    every tile gets the caption strip, so the row stays level. A hand of 14 tiles is under 700 px wide, 2 tiles
    and four kans under 900 px; the extreme of 18 concealed tiles and four kans is about 1660 px; 13 tiles and 13
    waits (thirteen orphans) about 1280 px."""
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

    waits_from = len(groups)
    if waits:
        groups.append(list(waits))
    captioned = any(caption is not None for group in groups for _, caption in group)
    count = sum(len(group) for group in groups)
    tiles_w = count * TILE_WIDTH + (count - len(groups)) * _TILE_GAP + max(0, len(groups) - 1) * _GROUP_GAP
    if waits and waits_from:
        tiles_w += _WAITS_GAP - _GROUP_GAP
    width = 2 * _MARGIN + max(tiles_w, TILE_WIDTH)
    height = 2 * _MARGIN + TILE_HEIGHT + (CAPTION_HEIGHT + 2 if captioned else 0)
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    x = _MARGIN
    for number, group in enumerate(groups):
        if number == waits_from and number:
            divider = x - _TILE_GAP + _WAITS_GAP // 2
            draw.line((divider, _MARGIN, divider, height - _MARGIN), fill=DIVIDER, width=2)
            x += _WAITS_GAP - _TILE_GAP
        elif number:
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


@lru_cache(maxsize=4)
def legend_png(names: tuple[str, ...] | None = None) -> bytes:
    """The seven chromas as PNG: one example tile of each, its chroma's name under it (`names`, in LEGEND's order
    and the player's language, given by the caller: pictures are drawn in the workers)."""
    width = 2 * _MARGIN + len(LEGEND) * _LEGEND_CELL
    height = 2 * _MARGIN + TILE_HEIGHT + 2 + CAPTION_HEIGHT
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for index, tile in enumerate(LEGEND):
        centre = _MARGIN + index * _LEGEND_CELL + _LEGEND_CELL / 2
        drawn = _tile(tile)
        image.paste(drawn, (round(centre - TILE_WIDTH / 2), _MARGIN), drawn)
        name = names[index] if names is not None and index < len(names) else str(tile.chroma)
        _caption(draw, centre, _MARGIN + TILE_HEIGHT + 2, name, _LEGEND_CELL - 4)
    return _png(image)
