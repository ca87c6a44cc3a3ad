"""Text for pictures: Pillow's bundled font draws ASCII only."""

from __future__ import annotations

import unicodedata

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
