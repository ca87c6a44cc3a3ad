"""Text on pictures, shared by the picture modules: the bundled fonts tried glyph by glyph, fitting text to a width,
and centring its ink.

The fonts are subsets of Noto Sans (Latin, Greek, Cyrillic, punctuation) and Noto Sans CJK JP (kana and the common
Japanese and Chinese ideographs) in data/fonts/, made by tools/make_fonts.py. Each character is drawn with the
first font that has it; one that no font has is drawn as the first font's "missing" box, so it shows, never as "?".
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from pathlib import Path

from PIL import ImageDraw, ImageFont

RGB = tuple[int, int, int]
Box = tuple[float, float, float, float]

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
FONT_FILES = ("NotoSans-Subset.ttf", "NotoSansCJK-Subset.otf")  # tried in this order
MISSING = "\ue000"  # a private-use character: no font has it, so it draws the "missing" box
_PROBE_SIZE = 24
_INVISIBLE = {"\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"}


@lru_cache(maxsize=64)
def fonts(size: int) -> tuple[ImageFont.FreeTypeFont, ...]:
    # the basic layout: twice as fast as Raqm's, and Latin and CJK names need no shaping
    return tuple(ImageFont.truetype(FONT_DIR / name, size, layout_engine=ImageFont.Layout.BASIC) for name in FONT_FILES)


def font(size: int) -> ImageFont.FreeTypeFont:
    """The first font at `size`: it draws Latin text on its own."""
    return fonts(size)[0]


@lru_cache(maxsize=len(FONT_FILES))
def _missing_mask(index: int) -> tuple[tuple[int, int], bytes]:
    mask = fonts(_PROBE_SIZE)[index].getmask(MISSING)
    return mask.size, bytes(mask)


@lru_cache(maxsize=8192)
def font_index(char: str) -> int | None:
    """The index in FONT_FILES of the first font that has a glyph for `char`, or None if none has."""
    for index, face in enumerate(fonts(_PROBE_SIZE)):
        mask = face.getmask(char)
        if (mask.size, bytes(mask)) != _missing_mask(index):
            return index
    return None


def clean(text: str) -> str:
    """`text` as one line for a picture: composed (NFC), line breaks and tabs as spaces, runs of spaces as one,
    invisible and control characters left out. Every other character is kept."""
    text = unicodedata.normalize("NFC", text)
    kept = "".join(" " if char.isspace() else char for char in text
                   if char.isspace() or (char not in _INVISIBLE and unicodedata.category(char) not in ("Cc", "Cf")))
    return " ".join(kept.split())


def runs(text: str) -> list[tuple[int, str]]:
    """`text` split into runs drawn with one font each: (index in FONT_FILES, run)."""
    out: list[tuple[int, str]] = []
    for char in text:
        index = font_index(char)
        index = 0 if index is None else index
        if out and out[-1][0] == index:
            out[-1] = (index, out[-1][1] + char)
        else:
            out.append((index, char))
    return out


@lru_cache(maxsize=4096)
def _run_length(index: int, run: str, size: int) -> float:
    return fonts(size)[index].getlength(run)


def text_length(text: str, size: int) -> float:
    return sum(_run_length(index, run, size) for index, run in runs(text))


def text_bbox(text: str, size: int, stroke_width: int = 0) -> Box:
    """The box of the ink of `text` drawn with its baseline's left end at (0, 0)."""
    faces = fonts(size)
    x = 0.0
    box: Box | None = None
    for index, run in runs(text):
        left, top, right, bottom = faces[index].getbbox(run, anchor="ls", stroke_width=stroke_width)
        part = (x + left, float(top), x + right, float(bottom))
        box = part if box is None else (min(box[0], part[0]), min(box[1], part[1]), max(box[2], part[2]),
                                        max(box[3], part[3]))
        x += _run_length(index, run, size)
    return box or (0.0, 0.0, 0.0, 0.0)


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: RGB, *,
              anchor: str = "ls", stroke_width: int = 0, stroke_fill: RGB | None = None) -> None:
    """`text` at `xy`, each character in the first font that has it. `anchor` as Pillow's, horizontal "l", "m" or
    "r" then vertical "a" (ascender), "m" (middle) or "s" (baseline), all by the first font's line."""
    faces = fonts(size)
    ascent, descent = faces[0].getmetrics()
    x = xy[0] - {"l": 0.0, "m": 0.5, "r": 1.0}[anchor[0]] * text_length(text, size)
    y = xy[1] + {"a": ascent, "m": (ascent - descent) / 2, "s": 0.0}[anchor[1]]
    for index, run in runs(text):
        draw.text((x, y), run, font=faces[index], fill=fill, anchor="ls", stroke_width=stroke_width,
                  stroke_fill=stroke_fill if stroke_fill is not None else fill)
        x += _run_length(index, run, size)


def fit(text: str, size: int, width: float, smallest: int = 9) -> tuple[str, int]:
    """`text` and a font size (down to `smallest`) at which it fits `width`; cut short with ".." if even that is
    too wide."""
    while size > smallest and text_length(text, size) > width:
        size -= 1
    if text_length(text, size) > width:
        while len(text) > 1 and text_length(text + "..", size) > width:
            text = text[:-1]
        text = text.rstrip() + ".."
    return text, size


def draw_centred(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, size: int, fill: RGB, *,
                 bold: int = 0) -> None:
    """`text` with its ink centred on `centre`; `bold` thickens the strokes by that many pixels."""
    left, top, right, bottom = text_bbox(text, size, bold)
    draw_text(draw, (centre[0] - (left + right) / 2, centre[1] - (top + bottom) / 2), text, size, fill,
              stroke_width=bold)
