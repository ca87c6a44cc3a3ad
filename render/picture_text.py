"""Text on pictures, shared by the picture modules: Pillow's bundled font (ASCII only), fitting text to a width,
and centring its ink."""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from PIL import ImageDraw, ImageFont

RGB = tuple[int, int, int]

_REPLACEMENTS = {"→": "->", "←": "<-", "⇒": "=>", "–": "-", "—": "-", "−": "-", "×": "x", "·": ".", "•": ".",
                 "’": "'", "‘": "'", "“": '"', "”": '"', "…": "...", "ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o",
                 "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "\u00a0": " "}


def to_ascii(text: str) -> str:
    """`text` in ASCII, which the bundled font draws: known symbols replaced, accents dropped, emoji and other
    symbols left out, any other letter or digit shown as "?"."""
    out: list[str] = []
    for char in text:
        if char.isascii():
            out.append(char if char.isprintable() else " ")
        elif char in _REPLACEMENTS:
            out.append(_REPLACEMENTS[char])
        else:
            base = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
            if base and base.isascii() and base.isprintable():
                out.append(base)
            elif unicodedata.category(char)[0] in "LN":
                out.append("?")
            elif char.isspace():
                out.append(" ")
            # symbols (emoji), marks and controls are left out
    return " ".join("".join(out).split())


@lru_cache(maxsize=32)
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=size)  # type: ignore[return-value]  # scalable: Pillow >= 10.1 with FreeType


def fit(text: str, size: int, width: float, smallest: int = 9) -> tuple[str, int]:
    """`text` and a font size (down to `smallest`) at which it fits `width`; cut short with ".." if even that is
    too wide."""
    while size > smallest and font(size).getlength(text) > width:
        size -= 1
    if font(size).getlength(text) > width:
        while len(text) > 1 and font(size).getlength(text + "..") > width:
            text = text[:-1]
        text = text.rstrip() + ".."
    return text, size


def draw_centred(draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, size: int, fill: RGB, *,
                 bold: int = 0) -> None:
    """`text` with its ink centred on `centre`; `bold` thickens the strokes by that many pixels."""
    face = font(size)
    left, top, right, bottom = draw.textbbox((0, 0), text, font=face, anchor="ls", stroke_width=bold)
    x = centre[0] - (left + right) / 2
    y = centre[1] - (top + bottom) / 2
    draw.text((x, y), text, font=face, fill=fill, anchor="ls", stroke_width=bold, stroke_fill=fill)
