"""Text on pictures: names in Latin, Japanese and Chinese are drawn as their glyphs (issue 17, item 5), never as "?"
or the "missing" box; a character no bundled font has shows as that box; every picture module draws names so."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image, ImageDraw, ImageFont

from engine.chroma.tiles import parse_tiles
from render import chroma_pictures, ginjontan_pictures, uno_pictures
from render.picture_text import FONT_DIR, FONT_FILES, MISSING, clean, draw_text, font_index, runs, text_length
from tests.support.pictures import decode, differs

NAMES = ("東風", "Zoë", "Łukasz")
ASCII_FOLDED = {"東風": "??", "Zoë": "Zoe", "Łukasz": "Lukasz"}  # what an ASCII-only font showed
SIZE = 32


def drawn(text: str) -> Image.Image:
    image = Image.new("RGB", (8 * SIZE, 2 * SIZE))
    draw_text(ImageDraw.Draw(image), (SIZE / 2, SIZE), text, SIZE, (255, 255, 255), anchor="lm")
    return image


@pytest.mark.parametrize("name", NAMES)
def test_every_letter_of_a_name_is_its_own_glyph(name: str) -> None:
    for char in name:
        glyph = drawn(char)
        assert glyph.getbbox() is not None  # ink
        assert differs(glyph, drawn(MISSING))  # not the "missing" box
        assert differs(glyph, drawn("?"))
    assert differs(drawn(name), drawn("?" * len(name)))


def test_a_decomposed_accent_is_drawn_as_the_letter() -> None:
    assert clean("Zoe\u0308") == "Zoë"
    assert not differs(drawn(clean("Zoe\u0308")), drawn("Zoë"))


@pytest.mark.parametrize("char", ["한", "\U0001f3b2", "\u0e01"])  # Hangul, an emoji, Thai: in no bundled font
def test_a_character_no_font_has_shows_as_the_missing_box(char: str) -> None:
    assert font_index(char) is None
    box = drawn(char)
    assert box.getbbox() is not None
    assert not differs(box, drawn(MISSING))
    assert differs(box, drawn("?"))


def test_latin_and_cjk_use_their_own_fonts_in_one_line() -> None:
    assert runs("Zoë 東風!") == [(0, "Zoë "), (1, "東風"), (0, "!")]
    latin, cjk = (ImageFont.truetype(FONT_DIR / name, SIZE) for name in FONT_FILES)
    expected = latin.getlength("Zoë ") + cjk.getlength("東風")
    assert text_length("Zoë 東風", SIZE) == pytest.approx(expected, abs=1)


def test_clean_keeps_every_letter_on_one_line() -> None:
    assert clean("Zoë 🎲 — Bjørn") == "Zoë 🎲 — Bjørn"
    assert clean(" 太郎\n\tx\u200b  y\x00 ") == "太郎 x y"


def chroma_hand(name: str) -> bytes:
    return chroma_pictures.hand_png(parse_tiles("123m"), captions=[name, None, None])


def ginjontan_rows(name: str) -> bytes:
    return ginjontan_pictures.cards_picture([(name, [0, 1])])


def ginjontan_duel(name: str) -> bytes:
    return ginjontan_pictures.duel_picture(name, [0], "Bob", [1])


def uno_board(name: str) -> bytes:
    return uno_pictures.board_png([uno_pictures.PileDrawing(1, 5, None, 3, stack=2, stack_note=name)], draw_pile=9)


@pytest.mark.parametrize("picture", [chroma_hand, ginjontan_rows, ginjontan_duel, uno_board],
                         ids=lambda f: f.__name__)
@pytest.mark.parametrize("name", NAMES)
def test_every_picture_draws_names_as_glyphs(picture: Callable[[str], bytes], name: str) -> None:
    shown = decode(picture(name))
    for stand_in in (ASCII_FOLDED[name], "?" * len(name), MISSING * len(name)):
        other = decode(picture(stand_in))
        assert other.size == shown.size
        assert differs(shown, other)
