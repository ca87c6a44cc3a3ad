"""The Chroma-jong pictures: they decode, have the expected sizes, and show what they must (chroma bands, badges,
captions, the winning tile set apart, melds)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from engine.chroma.tiles import CHROMA_FACES, Chroma, Tile, parse_tiles
from render.chroma_pictures import (
    _MARGIN,
    ART_BOX,
    BACKGROUND,
    CAPTION_HEIGHT,
    CHROMA_COLOURS,
    CHROMA_LETTERS,
    DIVIDER,
    TILE_HEIGHT,
    TILE_WIDTH,
    hand_png,
    legend_png,
    tile_image,
)
from tests.support.pictures import decode, differs


def border_band(image: Image.Image) -> set[tuple[int, int, int]]:
    """The colours of the tile's left, right and bottom edge bands (2 px in from the edge), away from the corners."""
    rgb = image.convert("RGB")
    points = [(x, y) for x in (1, 2, TILE_WIDTH - 3, TILE_WIDTH - 2) for y in range(10, TILE_HEIGHT - 10)]
    points += [(x, y) for x in range(10, TILE_WIDTH - 10) for y in (TILE_HEIGHT - 3, TILE_HEIGHT - 2)]
    return {rgb.getpixel(point) for point in points}  # type: ignore[misc]


@pytest.mark.parametrize("face", range(34))
def test_every_face_renders(face: int) -> None:
    image = tile_image(Tile(face))
    assert image.size == (TILE_WIDTH, TILE_HEIGHT)
    assert image.mode == "RGBA"
    assert image.getpixel((0, 0))[3] == 0  # rounded corner: transparent
    assert image.getpixel((TILE_WIDTH // 2, TILE_HEIGHT // 2))[3] == 255


def test_faces_look_different() -> None:
    pictures = [tile_image(Tile(face)).tobytes() for face in range(34)]
    assert len(set(pictures)) == 34


@pytest.mark.parametrize(("chroma", "face"), [(c, f) for c, faces in CHROMA_FACES.items() for f in faces])
def test_every_chroma_tile_renders_and_differs_from_the_plain_tile(chroma: Chroma, face: int) -> None:
    tile = Tile(face, chroma)
    image = tile_image(tile)
    assert image.size == (TILE_WIDTH, TILE_HEIGHT)
    assert image.tobytes() != tile_image(Tile(face)).tobytes()
    assert differs(tile_image(Tile(face, chroma, live=True)), image)  # the live badge shows


@pytest.mark.parametrize("chroma", [c for c in Chroma if c is not Chroma.PRISMATIC])
def test_the_border_band_has_the_chroma_colour(chroma: Chroma) -> None:
    tile = Tile(CHROMA_FACES[chroma][0], chroma)
    colour = CHROMA_COLOURS[chroma]
    assert colour in border_band(tile_image(tile))
    assert colour not in border_band(tile_image(Tile(tile.face)))


def test_the_prismatic_band_is_a_rainbow() -> None:
    colours = border_band(tile_image(Tile(31, Chroma.PRISMATIC)))
    hues = {max(range(3), key=colour.__getitem__) for colour in colours}
    assert hues == {0, 1, 2}  # red-ish, green-ish and blue-ish parts
    assert len(colours) > 10


def test_gold_and_red_fives_differ() -> None:
    gold, red = parse_tiles("5*m0m")
    assert differs(tile_image(gold), tile_image(red))


def test_a_caption_makes_the_tile_taller() -> None:
    tile = Tile(2)
    plain, captioned = tile_image(tile), tile_image(tile, "→7s")
    assert captioned.size == (TILE_WIDTH, TILE_HEIGHT + CAPTION_HEIGHT)
    assert not differs(captioned.crop((0, 0, TILE_WIDTH, TILE_HEIGHT)), plain)
    assert captioned.crop((0, TILE_HEIGHT, TILE_WIDTH, TILE_HEIGHT + CAPTION_HEIGHT)).getbbox() is not None


def test_hand_grows_with_tile_count() -> None:
    tiles = parse_tiles("123456789m12345p")
    small, large = decode(hand_png(tiles[:5])), decode(hand_png(tiles))
    assert small.height == large.height
    assert large.width - small.width >= (len(tiles) - 5) * TILE_WIDTH


def test_hand_captions_make_the_row_taller() -> None:
    tiles = parse_tiles("123*m456p789s11z")
    plain = decode(hand_png(tiles))
    one = decode(hand_png(tiles, captions=[None, None, "→7s", *[None] * (len(tiles) - 3)]))
    assert one.width == plain.width
    assert one.height >= plain.height + CAPTION_HEIGHT
    only_melds = decode(hand_png(tiles[:-3], melds=[tiles[-3:]], meld_captions=[[None, "3m", None]]))
    assert only_melds.height == one.height


def test_the_winning_tile_is_set_apart() -> None:
    tiles = parse_tiles("123m456p789s11z23s")
    together = decode(hand_png(tiles))
    apart = decode(hand_png(tiles, win_index=len(tiles) - 1))
    assert apart.width > together.width
    assert apart.height == together.height
    assert decode(hand_png(tiles, win_index=0)).width == apart.width


def test_melds_widen_the_row() -> None:
    tiles = parse_tiles("123m456p11z")
    without = decode(hand_png(tiles))
    with_meld = decode(hand_png(tiles, melds=[parse_tiles("777*s")]))
    with_two = decode(hand_png(tiles, melds=[parse_tiles("777*s"), parse_tiles("5555z")]))
    assert with_meld.width >= without.width + 3 * TILE_WIDTH
    assert with_two.width >= with_meld.width + 4 * TILE_WIDTH


def test_the_live_badge_changes_the_hand() -> None:
    plain = decode(hand_png(parse_tiles("123*m")))
    live = decode(hand_png(parse_tiles("123!m")))
    assert differs(plain, live)


def test_a_full_hand_fits() -> None:
    tiles = parse_tiles("112233445566778899m")[:18]
    kans = [parse_tiles(text) for text in ("1111z", "2222z", "3333z", "4444z")]
    image = decode(hand_png(tiles, melds=kans, win_index=17, captions=["x"] * 18,
                            meld_captions=[["y"] * 4 for _ in kans]))
    assert image.width < 1700
    assert image.height < 120


def test_hand_refuses_bad_arguments() -> None:
    tiles = parse_tiles("123m")
    with pytest.raises(ValueError):
        hand_png(tiles, captions=["1m"])
    with pytest.raises(ValueError):
        hand_png(tiles, win_index=3)
    with pytest.raises(ValueError):
        hand_png(tiles, melds=[parse_tiles("777s")], meld_captions=[["a"]])


NINE_GATES = parse_tiles("1112345678999m")
NINE_WAITS = [(Tile(face), f"{face % 5} left") for face in range(9)]  # issue 18 item 10: a wait, and how many left


def test_the_waits_stand_beside_the_hand_further_apart_than_a_meld() -> None:
    plain = decode(hand_png(NINE_GATES))
    as_meld = decode(hand_png(NINE_GATES, melds=[[tile for tile, _ in NINE_WAITS]]))
    beside = decode(hand_png(NINE_GATES, waits=NINE_WAITS))
    assert beside.width > as_meld.width >= plain.width + 9 * TILE_WIDTH
    assert beside.height >= plain.height + CAPTION_HEIGHT  # the numbers left under the waits
    row = (0, 0, plain.width - _MARGIN, _MARGIN + TILE_HEIGHT)
    assert not differs(plain.crop(row), beside.crop(row))  # the hand itself is drawn as without waits
    waits_start = beside.width - _MARGIN - 9 * TILE_WIDTH - 8 * 2
    gap = beside.convert("RGB").crop((plain.width - _MARGIN, _MARGIN, waits_start, _MARGIN + TILE_HEIGHT))
    assert DIVIDER in {colour for _, colour in gap.getcolors() or ()}


def test_each_wait_has_its_own_caption() -> None:
    before = decode(hand_png(NINE_GATES, waits=NINE_WAITS))
    changed = decode(hand_png(NINE_GATES, waits=[*NINE_WAITS[:8], (NINE_WAITS[8][0], "0 left!")]))
    left, top, right, _ = ImageChops.difference(before.convert("RGB"), changed.convert("RGB")).getbbox() or (
        0, 0, 0, 0)
    assert top >= _MARGIN + TILE_HEIGHT  # only the caption strip
    assert left >= before.width - _MARGIN - TILE_WIDTH - 4 and right > left  # under the last wait


def test_waits_alone_need_no_divider() -> None:
    alone = decode(hand_png([], waits=NINE_WAITS))
    assert alone.width == decode(hand_png([tile for tile, _ in NINE_WAITS], captions=["x"] * 9)).width


def test_legend_shows_the_seven_chromas() -> None:
    image = decode(legend_png())
    assert image.width > 7 * TILE_WIDTH
    assert TILE_HEIGHT + CAPTION_HEIGHT <= image.height < 2 * TILE_HEIGHT
    colours = {colour for _, colour in image.convert("RGB").getcolors(maxcolors=1 << 16) or ()}
    for chroma, colour in CHROMA_COLOURS.items():
        if chroma is not Chroma.PRISMATIC:
            assert colour in colours


TILE_ART = Path(__file__).resolve().parents[2] / "data" / "tiles"
PLAIN_ART = {"1m": "Man1", "9m": "Man9", "5p": "Pin5", "9p": "Pin9", "1s": "Sou1", "7s": "Sou7", "1z": "Ton",
             "4z": "Pei", "5z": "Haku", "6z": "Hatsu", "7z": "Chun"}


def asset(name: str, size: tuple[int, int]) -> Image.Image:
    with Image.open(TILE_ART / f"{name}.png") as image:
        return image.convert("RGBA").resize(size, Image.Resampling.BOX)


def distance(a: Image.Image, b: Image.Image, mask: Image.Image | None = None) -> float:
    """The mean difference of the two images' channels (0-255), where `mask` is set."""
    return sum(ImageStat.Stat(ImageChops.difference(a.convert("RGBA"), b.convert("RGBA")), mask).mean) / 4


def test_the_tile_art_and_its_licence_are_shipped() -> None:
    names = {path.stem for path in TILE_ART.glob("*.png")}
    assert set(PLAIN_ART.values()) <= names
    assert {"Man5-Dora", "Pin5-Dora", "Sou5-Dora"} <= names
    assert len(names) == 34 + 3
    assert "public domain" in (TILE_ART / "LICENSE.md").read_text()


def nearest_art(image: Image.Image, mask: Image.Image | None = None) -> tuple[str, float]:
    """The shipped art that `image` looks most like (where `mask` is set), and how far it is from it."""
    return min(((path.stem, distance(image, asset(path.stem, image.size), mask)) for path in TILE_ART.glob("*.png")),
               key=lambda pair: pair[1])


@pytest.mark.parametrize(("notation", "name"), PLAIN_ART.items())
def test_a_plain_tile_is_its_art(notation: str, name: str) -> None:
    image = tile_image(parse_tiles(notation)[0])
    assert nearest_art(image) == (name, pytest.approx(0, abs=1))


@pytest.mark.parametrize(("notation", "name"), [("0m", "Man5-Dora"), ("0s", "Sou5-Dora"), ("5*p", "Pin5"),
                                                ("3*s", "Sou3"), ("6*z", "Hatsu"), ("7!z", "Chun")])
def test_a_chroma_tile_shows_its_art_inside_the_frame(notation: str, name: str) -> None:
    inside = tile_image(parse_tiles(notation)[0]).crop(ART_BOX)
    opaque = asset(name, inside.size).getchannel("A").point(lambda a: 255 if a == 255 else 0)
    opaque.paste(0, (inside.width - 10, 0, inside.width, 6))  # where a live tile's badge overlaps the art
    found, far = nearest_art(inside, opaque)
    assert found == name
    assert far < 8


def test_red_fives_use_the_red_five_art() -> None:
    red = tile_image(parse_tiles("0p")[0]).crop(ART_BOX)
    assert distance(red, asset("Pin5-Dora", red.size)) < distance(red, asset("Pin5", red.size))


def test_each_chroma_has_its_own_letter_on_the_tab() -> None:  # readable without telling the colours apart
    assert sorted(CHROMA_LETTERS) == sorted(Chroma)
    assert len(set(CHROMA_LETTERS.values())) == len(Chroma)
    for chroma in Chroma:
        tile = tile_image(Tile(CHROMA_FACES[chroma][0], chroma)).convert("RGB")
        tab = tile.crop((12, 1, TILE_WIDTH - 12, ART_BOX[1]))
        colours = {colour for _, colour in tab.getcolors(maxcolors=1 << 16) or ()}
        dark = {c for c in colours if sum(c) < 150}
        white = {c for c in colours if min(c) > 235}
        assert dark or white, chroma  # the letter's ink, dark or white, whichever reads on the band


def test_the_hand_shows_the_tile_art() -> None:
    hand = decode(hand_png(parse_tiles("19m7z")))
    for index, name in enumerate(("Man1", "Man9", "Chun")):
        x = _MARGIN + index * (TILE_WIDTH + 2)
        shown = hand.crop((x, _MARGIN, x + TILE_WIDTH, _MARGIN + TILE_HEIGHT))
        expected = Image.new("RGBA", (TILE_WIDTH, TILE_HEIGHT), (*BACKGROUND, 255))
        expected.alpha_composite(asset(name, expected.size))
        assert distance(shown, expected) < 3
