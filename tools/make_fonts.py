"""Make the subset fonts in data/fonts/ that the pictures draw text with (run once; the output is committed).

    /usr/bin/python3 tools/make_fonts.py   # needs fontTools and Debian's fonts-noto-core and fonts-noto-cjk

Two fonts, tried glyph by glyph in this order (render/picture_text.py):
- NotoSans-Subset.ttf: Noto Sans Regular with Latin (Basic, Latin-1, Extended-A and -B, Extended Additional),
  Greek, Cyrillic, general punctuation, currency and a few symbols.
- NotoSansCJK-Subset.otf: Noto Sans CJK JP Regular with arrows and other symbols, CJK punctuation, kana, fullwidth
  forms and the ideographs people's names use most: JIS X 0208 level 1 (Japanese) and GB 2312 level 1 (simplified
  Chinese), about 5,500 (Korean Hangul is not in: it would double the size).
Both keep a drawn .notdef box, so a character no font has shows as a box, never as "?".
Both fonts are under the SIL Open Font License 1.1 (data/fonts/OFL.txt).
"""

from __future__ import annotations

import pathlib

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "data" / "fonts"
NOTO_SANS = pathlib.Path("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf")
NOTO_CJK = pathlib.Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
CJK_FAMILY = "Noto Sans CJK JP"

LATIN_RANGES = [(0x20, 0x7E), (0xA0, 0x24F), (0x250, 0x2AF), (0x2B0, 0x2FF), (0x300, 0x36F), (0x370, 0x3FF),
                (0x400, 0x52F), (0x1E00, 0x1EFF), (0x2000, 0x206F), (0x20A0, 0x20C0), (0x2100, 0x214F),
                (0x2190, 0x21FF), (0x2212, 0x2212), (0x25A0, 0x25FF), (0xFFFD, 0xFFFD)]
KANA_RANGES = [(0x3000, 0x30FF), (0x31F0, 0x31FF), (0xFF00, 0xFFEF)]
SYMBOL_RANGES = [(0x2000, 0x27BF)]  # punctuation, arrows, maths, shapes, symbols: what Noto Sans lacks of them


def euc_row_chars(codec: str, first_rows: range, seconds: range = range(0xA1, 0xFF)) -> set[int]:
    """The characters of the given rows of a two-byte EUC code (JIS X 0208 or GB 2312)."""
    found = set()
    for first in first_rows:
        for second in seconds:
            try:
                char = bytes((first, second)).decode(codec)
            except UnicodeDecodeError:
                continue
            if len(char) == 1:
                found.add(ord(char))
    return found


def ideographs() -> set[int]:
    jis_level_1 = euc_row_chars("euc_jp", range(0xB0, 0xD0))  # rows 16-47
    gb_level_1 = euc_row_chars("gb2312", range(0xB0, 0xD8))  # rows 16-55
    return jis_level_1 | gb_level_1 | {0x3005, 0x3006}  # 々 〆


def spread(ranges: list[tuple[int, int]]) -> set[int]:
    return {code for low, high in ranges for code in range(low, high + 1)}


def make(font: TTFont, codepoints: set[int], path: pathlib.Path) -> None:
    options = subset.Options()
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.layout_features = ["kern", "liga", "ccmp", "locl", "mark", "mkmk"]
    options.hinting = False
    options.desubroutinize = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=codepoints & set(font.getBestCmap()))
    subsetter.subset(font)
    font.save(str(path))
    print(f"{path.relative_to(ROOT)}: {len(font.getBestCmap())} characters, {path.stat().st_size // 1024} KB")


def cjk_font() -> TTFont:
    for font in TTCollection(str(NOTO_CJK)).fonts:
        if font["name"].getDebugName(1) == CJK_FAMILY:
            return font
    raise SystemExit(f"{CJK_FAMILY} is not in {NOTO_CJK}")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    make(TTFont(str(NOTO_SANS)), spread(LATIN_RANGES), OUT / "NotoSans-Subset.ttf")
    make(cjk_font(), spread(KANA_RANGES + SYMBOL_RANGES) | ideographs(), OUT / "NotoSansCJK-Subset.otf")


if __name__ == "__main__":
    main()
