"""Issue 18 item 5: Gin-jon-tan cards read one way everywhere (colour mark, copy number, symbol; notation only for
typing), and the private hand's picture is sorted, outlines the combination that scores and reads at phone width."""

from __future__ import annotations

from PIL import Image

from engine.ginjontan.cards import COLOURS, card
from engine.ginjontan.scoring import score_hand
from render import ginjontan as render
from render.ginjontan_pictures import CARD_HEIGHT, MARKS
from tests.engine.ginjontan.notation import c, cards, table
from tests.support.pictures import decode
from ui.ginjontan import _option, advice_here, hand_message

PHONE_WIDTH = 400  # about what a phone gives an attached picture
LEGIBLE = 10  # px: the ink height of a digit that reads without zooming (Discord's own text is about 11 px tall)
MARGIN, LABEL_H, CELL_W, LINE_H = 10, 24, 88, CARD_HEIGHT + 16 + 6  # the picture's layout, px


def png_of(message: dict) -> Image.Image:
    return decode(message["files"][0].draw())  # the picture the message is sent with


def test_a_card_is_written_colour_mark_copy_symbol() -> None:
    executioner = c("o29executioner")
    assert render.card_words(executioner) == "🟠 29 Executioner"
    marks = {render.card_words(c(f"{colour.letter}1sun")).split()[0] for colour in COLOURS}
    assert len(marks) == len(COLOURS), "each colour has its own mark"


def test_menus_and_public_lines_write_cards_the_same_way() -> None:
    state = table({1: {"hand": "r12sun"}, 2: {}})
    acting, target = c("r12sun"), c("v9prisoner")
    option = _option(acting)
    assert option.label == render.card_words(acting)
    assert option.description.startswith(card(acting).notation)  # the notation stays, for typing
    line = render.event_lines(state, [{"type": "clash", "player": 1, "acting": acting, "target": target,
                                       "text": "Sun wins", "winner": acting, "owner": 1, "points": 5}])
    assert f"{render.card_words(acting)} on {render.card_words(target)}" in line
    assert card(acting).notation not in line and card(target).notation not in line


HAND = "w5sun w9moon w33fire w2sun w17boat w8water w21hope w3night w12earth"  # white: dark ink on a light card


async def test_the_hand_picture_is_sorted_and_outlines_the_cards_that_score() -> None:
    hand = cards(HAND)
    state = table({1: {"hand": HAND}, 2: {}})
    scoring = {x for combination in score_hand(hand, state.options).combinations for x in combination.cards}
    assert scoring and len(scoring) < len(hand)
    order = sorted(hand, key=lambda x: (card(x).symbol.index, COLOURS.index(card(x).colour), card(x).copy))
    image = png_of(hand_message(state, 1, advice_here(state, 1))).convert("RGB")
    per_line = 5
    for index, cid in enumerate(order):
        line, col = divmod(index, per_line)
        x, y = MARGIN + col * CELL_W, MARGIN + LABEL_H + line * LINE_H
        edge = image.getpixel((x + 2, y + CARD_HEIGHT // 2))
        ringed = sum(abs(a - b) for a, b in zip(edge, MARKS["combo"], strict=True)) < 30
        assert ringed == (cid in scoring), f"{card(cid).notation} at place {index}"


async def test_the_hand_picture_values_read_at_phone_width() -> None:
    state = table({1: {"hand": HAND}, 2: {}})
    image = png_of(hand_message(state, 1, advice_here(state, 1))).convert("L")
    scale = PHONE_WIDTH / image.width
    phone = image.resize((PHONE_WIDTH, round(image.height * scale)), Image.Resampling.LANCZOS)
    top = MARGIN + LABEL_H  # the first card; its value is written below its name panel (which ends at 94 px)
    box = (round((MARGIN + 8) * scale), round((top + 96) * scale), round((MARGIN + 76) * scale),
           round((top + 117) * scale))
    value = phone.crop(box)
    rows = [y for y in range(value.height) if any(value.getpixel((x, y)) < 110 for x in range(value.width))]
    assert rows, "no value drawn"
    assert rows[-1] - rows[0] + 1 >= LEGIBLE, f"the value is {rows[-1] - rows[0] + 1} px tall at {PHONE_WIDTH} px"

