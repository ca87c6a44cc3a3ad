"""Uno in Japanese (issue 21, item 6): every text of /uno has its Japanese (data/locales/ja/uno.po) with the same
`{named}` parts, a Japanese player plays a game in Japanese through the fake Discord, and the colours are told by
more than their hue: a shape per colour on the cards, a mark with the colour's letter in text."""

from __future__ import annotations

import random
import re

import pytest

from engine.errors import GameError
from engine.uno import rules
from engine.uno.cards import CARDS, COLOURS, Colour
from engine.uno.moves import Draw, Play
from engine.uno.options import CHAOS
from engine.uno.state import Pile, Seat
from render import uno as render
from render.i18n import PLACEHOLDER, refusal, speaking
from render.uno_pictures import SYMBOLS, PileDrawing, board_png, card_image, hand_png, symbol_boxes
from tests.fake_discord.harness import components, message_text

LEFTOVER = PLACEHOLDER  # a `{named}` part nobody filled
JAPANESE = re.compile(r"[ぁ-んァ-ヶ一-龯]")


def card_id(colour: Colour | None, rank: str) -> int:
    return next(c.id for c in CARDS if c.colour == colour and c.rank == rank)


# -- the catalogue ------------------------------------------------------------------------------------------------


# -- words of the engine's refusals and events --------------------------------------------------------------------

def two_players(hand_a: tuple[int, ...], hand_b: tuple[int, ...], top: int) -> rules.UnoState:
    state = rules.new_game(CHAOS, (1, 2), 7)
    seats = (Seat(1, hand_a), Seat(2, hand_b))
    return rules.UnoState(options=CHAOS, seats=seats, host=1, seed=7, phase=state.phase, draw_pile=state.draw_pile,
                          piles=(Pile(0, (top,), CARDS[top].colour),), turn=1)


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Red 5 doesn't match pile 1 (Blue 3)."),
    ("ja", "赤5 は捨て山1（青3）に合いません。"),
])
def test_a_refusal_names_the_cards_in_the_players_language(language, expected):
    # seed 003, Basic rules: a card matches the pile's colour or symbol
    red5, blue3 = card_id(Colour.RED, "5"), card_id(Colour.BLUE, "3")
    state = two_players((red5, card_id(Colour.GREEN, "4")), (card_id(Colour.GREEN, "7"),), blue3)
    with pytest.raises(GameError) as refused:
        rules.apply(state, Play(1, red5, 0))
    assert refused.value.code == "no_match"
    with speaking(language):
        message, hint = refusal(refused.value)
    assert message == expected and hint is not None and not LEFTOVER.search(hint)
    if language == "ja":
        assert "`/uno 手札`" in hint  # the command by its Japanese name


def test_not_your_turn_names_the_player_and_the_command_in_japanese():
    state = two_players((card_id(Colour.RED, "5"),), (card_id(Colour.GREEN, "7"),), card_id(Colour.BLUE, "3"))
    with pytest.raises(GameError) as refused:
        rules.apply(state, Draw(2))
    with speaking("ja"):
        message, _hint = refusal(refused.value)
    assert message == "<@1> の番です。"


def test_event_lines_in_japanese_have_no_leftover_parts():
    rng = random.Random(5)
    state = rules.new_game(CHAOS, (1, 2, 3), 20261123)
    for _ in range(80):
        if state.finished:
            break
        state, events = rules.apply(state, rng.choice([m for p in state.players for m in rules.legal_moves(state, p)]))
        with speaking("ja"):
            text = render.event_lines(state, events)
            board = render.board_embed(state)
        assert text and not LEFTOVER.search(text), text
        assert JAPANESE.search(text), text
        board_text = "\n".join([board.title or "", board.description or ""] + [f.name + f.value for f in board.fields])
        assert not LEFTOVER.search(board_text) and "捨て山" in board_text


# -- the colours told apart by more than their hue --------------------------------------------------------------

def symbol_mask(image, box) -> frozenset[tuple[int, int]]:
    """The light pixels (the shape, drawn white on a coloured card) in `box`: the shape, whatever the hue."""
    left, top, right, bottom = box
    return frozenset((x - left, y - top) for x in range(left, right) for y in range(top, bottom)
                     if min(image.getpixel((x, y))[:3]) > 200)


@pytest.mark.parametrize("rank", ["5", "skip", "+2"])
def test_each_colour_has_its_own_shape_on_the_card(rank):
    masks = {colour: [symbol_mask(card_image(card_id(colour, rank)), box) for box in symbol_boxes(80)]
             for colour in COLOURS}
    for colour, (top, bottom) in masks.items():
        assert len(top) > 30 and len(bottom) > 30, colour  # a shape is drawn, near the top and the bottom
    for a in COLOURS:
        for b in COLOURS:
            if a is not b:  # the shapes differ in many pixels: not only their colour
                assert len(masks[a][0] ^ masks[b][0]) > 15, (SYMBOLS[a], SYMBOLS[b])


def test_a_wild_shows_the_shape_of_its_chosen_colour():
    wild = card_id(None, "wild")
    shapes = {}
    for colour in COLOURS:
        image = card_image(wild, colour_shown=colour)
        box = symbol_boxes(80)[0]
        shapes[colour] = frozenset((x, y) for x in range(box[0], box[2]) for y in range(box[1], box[3])
                                   if image.getpixel((x, y))[:3] != image.getpixel((box[0], box[1]))[:3]
                                   and max(image.getpixel((x, y))[:3]) > 120)
    assert len({frozenset(s) for s in shapes.values()}) == 4
    assert len(shapes[Colour.RED] ^ shapes[Colour.BLUE]) > 15


def test_text_marks_each_colour_with_its_letter():
    marks = {colour: render.card_text(card_id(colour, "5")) for colour in COLOURS}
    assert marks == {Colour.RED: "🟥R Red 5", Colour.YELLOW: "🟨Y Yellow 5", Colour.GREEN: "🟩G Green 5",
                     Colour.BLUE: "🟦B Blue 5"}
    with speaking("ja"):
        assert render.card_text(card_id(Colour.GREEN, "skip")) == "🟩G 緑スキップ"
        assert render.colour_text("b") == "🟦B 青"
        assert render.card_text(card_id(None, "+4")) == "ワイルドドロー4"  # a Wild has no colour yet
    letters = {render.COLOUR_MARKS[c][-1].lower() for c in COLOURS}
    assert letters == {c.value for c in COLOURS}  # the letter is the colour's notation, as players type it


def test_the_pictures_words_follow_the_language_given():
    piles = (PileDrawing(1, card_id(None, "wild"), Colour.BLUE, 3),)
    assert board_png(piles, draw_pile=40) != board_png(piles, draw_pile=40, language="ja")
    assert hand_png([]) != hand_png([], language="ja")


# -- a game in Japanese through the fake Discord -------------------------------------------------------------


def no_leftovers(*texts: str) -> None:
    for text in texts:
        assert not LEFTOVER.search(text), text


async def test_a_japanese_player_plays_uno_in_japanese(japanese):
    harness = japanese
    ann, ben = harness.user("ann"), harness.user("ben")
    lobby = await harness.slash("uno new", user=ann, seed="20261123")
    assert "ロビー" in lobby.text and "ホスト" in lobby.text
    assert [c.get("label") for c in components(lobby.message)] == ["参加", "退出", "開始"]
    joined = await harness.click(lobby.message, user=ben, label="参加")
    assert f"<@{ben.id}> が参加しました。" in joined.text
    started = await harness.click(lobby.message, user=ann, label="開始")
    await started.followed_up()
    first = message_text(started.record.followups[0])
    assert "2人でゲームを始めます。`/uno 手札` で手札を確認してください。" in first
    assert "ウノ：カオス・エディション · 第1ラウンド" in first and "手番：" in first
    assert [c.get("label") for c in components(started.record.followups[0])][:3] == ["自分の手札", "ドロー", "ウノ！"]

    record = await harness.bot.games.get(harness.fake.default_channel, rules.UNO)
    turn = record.state.turn_player()
    player, other = (ann, ben) if turn == ann.id else (ben, ann)
    hand = await harness.slash("uno hand", user=player)
    assert hand.ephemeral and "あなたの手札 · 7枚" in hand.text
    assert any(mark in hand.text for mark in ("🟥R", "🟨Y", "🟩G", "🟦B"))
    assert "緑：今出せる" in hand.text

    refused = await harness.slash("uno draw", user=other)
    assert refused.ephemeral and f"<@{turn}> の番です。" in refused.text

    rules_page = await harness.slash("uno rules", user=other, topic="notation")
    assert "ウノのルール：カードの記法" in rules_page.text and "`/uno 出す`" in rules_page.text

    bad = await harness.slash("uno play", user=player, card="zz9")
    assert bad.ephemeral and "'zz9' をカードとして読み取れません。" in bad.text

    public = [message_text(m) for m in harness.channel_messages()]
    no_leftovers(lobby.text, joined.text, first, hand.text, refused.text, rules_page.text, bad.text, *public)
