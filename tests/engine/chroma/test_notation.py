"""Seed 002 "Special Tiles": the one-line tile notation (`123m`, `0m` red, `3*m` chroma, `5!z` drawn during riichi),
errors that point at the wrong character, the physical tile counts, and the `melds` option."""

from __future__ import annotations

import pytest

from engine.chroma.tiles import CHROMA_TILE_COUNT, Chroma, NotationError, Tile, check_counts, format_tiles, parse_melds
from engine.errors import IllegalMove
from tests.engine.chroma.notation import tiles


def written(text: str) -> str:
    return " ".join(str(t) for t in tiles(text))


@pytest.mark.parametrize("text, expected", [
    ("123m456p789s1122z", "1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 2z 2z"),
    ("1m 2m  3m", "1m 2m 3m"),  # spaces are ignored
    ("1 2 3 m", "1m 2m 3m"),
    ("0m0p0s", "0m 0p 0s"),  # the red fives
    ("123*m", "1m 2m 3*m"),  # `*` marks the digit before it, inside a group
    ("3*m3*p3*s5*m5*p5*s7*m7*p7*s", "3*m 3*p 3*s 5*m 5*p 5*s 7*m 7*p 7*s"),
    ("5*z6*z7*z", "5*z 6*z 7*z"),
    ("5!z6!z7!z0!m", "5!z 6!z 7!z 0!m"),  # drawn during riichi
    ("", ""),
])
def test_special_tiles_notation_good_inputs(text, expected):
    """Special Tiles: digits then a suit letter; `0` is the red five, `*` a chroma tile, `!` one drawn in riichi."""
    assert written(text) == expected


@pytest.mark.parametrize("text, face, chroma, live", [
    ("3*m", 2, Chroma.SILVER, False),
    ("3*p", 11, Chroma.SILVER, False),
    ("5*s", 22, Chroma.GOLD, False),
    ("0p", 13, Chroma.RED, False),
    ("0!s", 22, Chroma.RED, True),
    ("7*p", 15, Chroma.BLUE, False),
    ("5*z", 31, Chroma.PRISMATIC, False),
    ("6!z", 32, Chroma.FERN, True),
    ("7*z", 33, Chroma.SIAM, False),
    ("7z", 33, None, False),
    ("5m", 4, None, False),
])
def test_special_tiles_each_chroma_tile_has_its_face(text, face, chroma, live):
    """Special Tiles / "Face vs Chroma": 0p and 5p share the face 5-pin; the chroma is extra."""
    assert tiles(text) == [Tile(face, chroma, live)]


def test_special_tiles_fifteen_chroma_tiles():
    """Special Tiles: 3m5m0m7m3p5p0p7p3s5s0s7s5z6z7z — fifteen chroma tiles."""
    assert CHROMA_TILE_COUNT == 15
    every = tiles("3*5*07*m3*5*07*p3*5*07*s5*6*7*z")
    assert len(every) == 15 and all(t.chroma is not None for t in every)
    check_counts(every)


def test_notation_round_trips_through_compact_format():
    text = "123*m40p5*7*s5!z"
    assert format_tiles(tiles(text)) == text


@pytest.mark.parametrize("text, position, problem", [
    ("12x4m", 2, "is not tile notation"),  # bad letter
    ("123m q", 5, "is not tile notation"),
    ("4*m", 0, "has no chroma tile"),  # `*` on a face with no chroma tile
    ("123m4*p", 4, "has no chroma tile"),
    ("9!s", 0, "has no chroma tile"),
    ("8z", 0, "honours run from 1z to 7z"),
    ("11z8z", 3, "honours run from 1z to 7z"),
    ("0z", 0, "honours run from 1z to 7z"),
    ("0*m", 0, "red five is written `0m`"),
    ("123", 2, "ends without a suit letter"),  # trailing digits with no suit
    ("123m45", 5, "ends without a suit letter"),
    ("1m 2 ", 3, "ends without a suit letter"),
    ("*3m", 0, "must follow a tile's digit"),  # `*` with no digit
    ("3**m", 2, "must follow a tile's digit"),
    ("12m !3p", 4, "must follow a tile's digit"),
    ("m", 0, "has no digits before it"),
    ("123m p", 5, "has no digits before it"),
])
def test_special_tiles_notation_errors_point_at_the_character(text, position, problem):
    """Errors carry `.position`, the index of the offending character, and draw a caret under it."""
    with pytest.raises(NotationError) as caught:
        tiles(text)
    assert caught.value.position == position
    assert problem in caught.value.message
    assert f"\n{text}\n{' ' * position}^\n" in caught.value.message
    assert caught.value.code == "bad_tiles"


@pytest.mark.parametrize("text", [
    "1111m", "4444z", "3m3m3m", "333m3*m", "55m0m5*m", "777*7p", "5*z555z",
    "3*m3*p3*s", "0m0p0s",
])
def test_special_tiles_possible_counts_are_accepted(text):
    """Special Tiles: the chroma tiles replace plain copies; what is left of the four may be held."""
    check_counts(tiles(text))


@pytest.mark.parametrize("text, words", [
    ("3*m3*m", "2 × silver 3m, but the set has only 1"),  # one of each chroma tile
    ("0m0m", "2 × red 5m"),
    ("3*m3!m", "2 × silver 3m"),  # `!` marks when it was drawn; it is the same physical tile
    ("11111m", "5 × plain 1m, but the set has only 4"),
    ("555m", "3 × plain 5m, but the set has only 2"),  # gold 5m and red 0m replace two plain copies
    ("3333m", "4 × plain 3m, but the set has only 3"),  # silver 3m replaces one
    ("7777s", "4 × plain 7s, but the set has only 3"),
    ("5555z", "4 × plain 5z, but the set has only 3"),
    ("7777z", "4 × plain 7z, but the set has only 3"),
])
def test_special_tiles_impossible_counts_are_refused(text, words):
    with pytest.raises(IllegalMove) as caught:
        check_counts(tiles(text))
    assert words in caught.value.message


def test_special_tiles_counts_span_hand_melds_and_discards():
    """The counts hold across every group given (hand, melds, discards, dora indicators)."""
    check_counts(tiles("33m"), tiles("3m"))
    with pytest.raises(IllegalMove):
        check_counts(tiles("33m"), tiles("3m"), tiles("3m"))
    with pytest.raises(IllegalMove):
        check_counts(tiles("5*s"), tiles("5*s"))


# -- the melds option ---------------------------------------------------------------------------------------


def test_melds_option_parses_chii_pon_and_closed_kan():
    chii, pon, kan = parse_melds("123m 777*s [5555z]")
    assert [str(t) for t in chii.tiles] == ["1m", "2m", "3m"] and not chii.concealed and not chii.is_kan
    assert [str(t) for t in pon.tiles] == ["7s", "7s", "7*s"] and not pon.concealed
    assert [str(t) for t in kan.tiles] == ["5z"] * 4 and kan.concealed and kan.is_kan
    assert str(kan) == "[5z5z5z5z]"


@pytest.mark.parametrize("text, count", [(None, 0), ("", 0), ("123m,456p", 2), (" 123m ,  456p ", 2),
                                         ("1111m 2222m 3*333m 4444m", 4)])
def test_melds_option_separators(text, count):
    assert len(parse_melds(text)) == count


@pytest.mark.parametrize("text, position, problem", [
    ("12m", 0, "a meld has 3 or 4 tiles, this one has 2"),
    ("123m 12345p", 5, "this one has 5"),
    ("[555z]", 0, "a meld has 4 tiles, this one has 3"),
    ("123m [5555z", 10, "must close with `]`"),
    ("123m 4*p56p", 5, "has no chroma tile"),  # positions count from the start of the whole option
    ("[12x4m]", 3, "is not tile notation"),
    ("5!z55z", 0, "can't be in a called meld"),
])
def test_melds_option_wrong_sizes_and_errors(text, position, problem):
    with pytest.raises(NotationError) as caught:
        parse_melds(text)
    assert caught.value.position == position
    assert problem in caught.value.message


def test_melds_option_at_most_four_melds():
    with pytest.raises(IllegalMove, match="at most four melds"):
        parse_melds("123m 456m 789m 111z 222z")
