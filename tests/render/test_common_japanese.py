"""What every game shares, in Japanese (issue 21, item 6): /help, refusals (bounds, seeds, card files, paging,
permissions), and the alt text every picture carries, through the fake Discord with a Japanese client, and in
English for an English one."""

from __future__ import annotations

import re

import discord
import pytest

from engine.chroma.tiles import Chroma, Tile
from engine.deck import DeckError, parse_deck
from engine.errors import GameError
from engine.uno.cards import CARDS
from engine.uno.rules import UNO
from render import alt_text, chroma_pictures, ginjontan_pictures, uno_pictures
from render.common import seed_lines
from render.i18n import p_, refusal, speaking
from render.offload import Drawing
from tests.discord_layer.test_uno import start_game
from tests.fake_discord.harness import InteractionLog
from ui import paging
from ui.permissions import host, require_manager

PLACEHOLDER = re.compile(r"\{\w+(?:[:!][^{}]*)?\}")


async def in_japanese(harness, command: str, *, user, **options) -> InteractionLog:
    """`/command` sent by a player whose Discord is in Japanese."""
    payload = harness.slash_payload(command, user=user, **options)
    return await harness._send(dict(payload, locale="ja", guild_locale="ja"))


def no_placeholder_left(*texts: str) -> None:
    for text in texts:
        assert not PLACEHOLDER.search(text), text


def description(reply: InteractionLog, message: dict | None = None) -> str:
    attachments = (message or reply.message)["attachments"]
    assert attachments, "no picture"
    return attachments[0].get("description") or ""


# -- /help and refusals through the fake Discord -------------------------------------------------------------------

async def test_help_and_its_menu_come_in_japanese_with_the_japanese_command_names(harness):
    ann = harness.user("ann")
    shown = await in_japanese(harness, "help", user=ann)
    assert shown.ephemeral and "秘密の情報はあなたにだけ表示されます" in shown.text
    assert "`/ウノ`" in shown.text or "`/uno`" in shown.text
    assert "`/クロマ雀`" in shown.text  # a group's Japanese name, as the player types it
    menu = next(c for row in shown.message["components"] for c in row["components"])
    assert menu["placeholder"] == "ゲームを選ぶとコマンドが表示されます"
    chosen = await harness._send(harness._envelope(
        3, {"custom_id": menu["custom_id"], "component_type": 3, "values": ["chroma"]}, ann,
        int(shown.message["channel_id"]), message=shown.message, locale="ja"))
    assert "/クロマ雀 待ち" in chosen.text and "/chroma waits" not in chosen.text
    no_placeholder_left(shown.text, chosen.text)
    english = await harness.slash("help", user=ann)
    assert "your hand and other secrets are only ever shown to you" in english.text and "`/chroma`" in english.text


async def test_an_option_out_of_bounds_is_refused_in_japanese_with_the_japanese_names(harness):
    ann = harness.user("ann")
    forged = [{"name": "preset", "type": 3, "value": "bogus"}]
    refused = await in_japanese(harness, "uno new", user=ann, raw_options=forged)
    with speaking("ja"):
        option, chaos = p_("option name", "preset"), p_("choice", "chaos")
    assert refused.ephemeral and f"`{option}` に 'bogus' は指定できません。" in refused.text
    assert f"`{chaos}`" in refused.text and "のどれかを選んでください" in refused.text
    wall = await in_japanese(harness, "chroma odds", user=ann, raw_options=[{"name": "wall", "type": 4,
                                                                             "value": 10**9}])
    assert "`牌山` は1〜1,000にしてください。" in wall.text and "その範囲の値で" in wall.text
    no_placeholder_left(refused.text, wall.text)
    english = await harness.slash("uno new", user=ann, raw_options=forged)
    assert "`preset` can't be 'bogus'." in english.text and "Pick one of `chaos`, `classic`." in english.text


async def test_a_bad_seed_is_refused_in_japanese(harness):
    ann = harness.user("ann")
    refused = await in_japanese(harness, "uno new", user=ann, seed="12x")
    assert refused.ephemeral and "`12x` はシードではありません。" in refused.text
    no_placeholder_left(refused.text)


# -- alt text through the fake Discord -----------------------------------------------------------------------------

async def test_the_uno_hand_and_board_carry_alt_text_in_the_players_language(harness):
    ann, ben = players = [harness.user("ann"), harness.user("ben")]
    lobby = await start_game(harness, players)
    state = (await harness.bot.games.get(harness.fake.default_channel, UNO)).state
    hand = await in_japanese(harness, "uno hand", user=ann)
    await hand.answered()
    message = hand.record.followups[0] if hand.response_type == 5 else hand.message
    said = description(hand, message)
    count = len(state.hand(ann.id))
    assert said.startswith(f"ウノの手札{count}枚：") and len(said) <= 1024
    assert all(CARDS[c].notation in said for c in state.hand(ann.id))  # every card of the hand, by what it shows
    english = await harness.slash("uno hand", user=ben)
    await english.answered()
    message = english.record.followups[0] if english.response_type == 5 else english.message
    assert description(english, message).startswith(f"A hand of {len(state.hand(ben.id))} Uno cards: ")
    boards = [m for m in harness.public_messages() if m["attachments"]]
    assert boards and all(description(lobby, m).startswith("Uno table: the draw pile") for m in boards)
    top = state.piles[0].top
    assert "on top" in description(lobby, boards[-1]) and CARDS[top].notation in description(lobby, boards[-1])


@pytest.mark.option_effect("chroma waits", "hand")
async def test_a_chroma_hand_and_the_chroma_legend_carry_their_tiles(harness):
    ann = harness.user("ann")
    waits = await in_japanese(harness, "chroma waits", user=ann, hand="3*p111z222z333z444z")
    said = description(waits)
    assert said.startswith("クロマ雀の手牌13枚：銀の3筒（3*p）") and "待ち：" in said and "東（1z）" in said
    legend = await harness.slash("chroma abilities", user=ann)
    said = description(legend)
    assert said.startswith("The seven chromas, one example tile each: silver 3 Characters (3*m)")
    assert all(f"({tile})" in said for tile in chroma_pictures.LEGEND)


@pytest.mark.option_effect("ginjontan score", "cards")
async def test_gin_jon_tan_cards_carry_their_names_and_notation(harness):
    ann = harness.user("ann")
    scored = await in_japanese(harness, "ginjontan score", user=ann, cards="w1sun w2sun")
    said = description(scored)
    assert "白の1・太陽（w1sun）" in said and "白の2・太陽（w2sun）" in said
    english = await harness.slash("ginjontan score", user=ann, cards="r3sun")
    assert "Red 3 Sun (r3sun)" in description(english)


# -- the words themselves ------------------------------------------------------------------------------------------

PICTURES = [
    Drawing("board.png", uno_pictures.board_png,
            ((uno_pictures.PileDrawing(1, 5, None, 3), uno_pictures.PileDrawing(2, 104, "b", 7, 4, "→ Ann")),),
            {"draw_pile": 40}),
    Drawing("hand.png", uno_pictures.hand_png, ((1, 2, 104),), {"playable": frozenset({1}), "jump": frozenset({2})}),
    Drawing("cards.png", ginjontan_pictures.cards_picture, ((("Hand", (1, 2)), ("Reserve", ())),),
            {"marks": {1: "combo"}}),
    Drawing("duel.png", ginjontan_pictures.duel_picture, ("Ann", (1,), "Ben", (2,)), {"marks": {1: "win"}}),
    Drawing("hand.png", chroma_pictures.hand_png, ((Tile(0), Tile(13, Chroma.GOLD, True), Tile(33)),),
            {"win_index": 2, "melds": ((Tile(9), Tile(10), Tile(11)),), "waits": ((Tile(4), "2 left"),)}),
    Drawing("chromas.png", chroma_pictures.legend_png),
]


def test_every_picture_function_has_a_describer():
    """A picture function (a module-level function of a pictures module giving PNG bytes) without words here would
    go out described only as "A picture."."""
    drawn = {fn for module in (uno_pictures, ginjontan_pictures, chroma_pictures) for name, fn in vars(module).items()
             if callable(fn) and getattr(fn, "__module__", None) == module.__name__ and not name.startswith("_")
             and fn.__annotations__.get("return") in ("bytes", bytes)}
    assert drawn and drawn <= set(alt_text.DESCRIBERS), drawn - set(alt_text.DESCRIBERS)


@pytest.mark.parametrize("drawing", PICTURES, ids=lambda d: d.fn.__name__)
def test_each_picture_is_described_in_english_and_in_japanese(drawing):
    english = alt_text.describe(drawing)
    with speaking("ja"):
        japanese = alt_text.describe(drawing)
    assert english and japanese and english != japanese and "A picture" not in english
    assert not re.search(r"[A-Za-z]{4,}", re.sub(r"（[^）]*）|Ann|Ben|Hand|Reserve|left|→", "", japanese)), japanese
    no_placeholder_left(english, japanese)


def test_a_wild_on_top_says_its_chosen_colour_and_a_stack_whom_it_is_aimed_at():
    said = alt_text.describe(PICTURES[0])
    assert said == ("Uno table: the draw pile, face down, with 40 cards. Pile 1: red 3 (r3) on top, 3 cards. "
                    "Pile 2: Wild Draw Four (w+4) on top, colour chosen: blue, 7 cards. +4 stacked on it → Ann.")


def test_a_huge_hand_is_described_within_discords_limit():
    whole_deck = Drawing("hand.png", uno_pictures.hand_png, (tuple(range(108)),))
    assert len(alt_text.describe(whole_deck)) <= alt_text.DESCRIPTION_LIMIT  # copies counted: "red 1 (r1) ×2"
    assert "Wild Draw Four (w+4) ×4." in alt_text.describe(whole_deck)
    reserve = Drawing("cards.png", ginjontan_pictures.cards_picture, ((("Reserve", tuple(range(0, 6000, 30))),),))
    for language in ("en", "ja"):
        with speaking(language):
            said = alt_text.describe(reserve)
        assert len(said) == alt_text.DESCRIPTION_LIMIT and said.endswith("…")


async def test_ui_pictures_attaches_the_description():
    from ui.pictures import files

    with speaking("ja"):
        attached = await files(PICTURES[5])
    assert isinstance(attached[0], discord.File) and attached[0].description.startswith("7種類のクロマ")
    assert attached[0].to_dict(0)["description"] == attached[0].description


# -- refusals worded by render/ ------------------------------------------------------------------------------------

def japanese_refusal(error: GameError) -> tuple[str, str | None]:
    with speaking("ja"):
        return refusal(error)


def test_a_card_file_error_names_the_card_in_japanese():
    with pytest.raises(DeckError) as refused:
        parse_deck({"schema": 1, "name": "Mine", "description": "", "cards": [
            {"id": "a", "name": "Lucky", "type": "modifier", "text": "x"},
            {"id": "b", "name": "Odd", "type": "modifier"}]})
    assert refused.value.message == "Card 2 (Odd): field `text` is missing."
    message, hint = japanese_refusal(refused.value)
    assert message == "2枚目のカード（Odd）：フィールド `text` がありません。"
    assert hint == "効果を `text` に、または `sanma` と `suuma` に書いてください。"
    with pytest.raises(DeckError) as refused:
        parse_deck({"schema": 2})
    assert japanese_refusal(refused.value)[0] == "デッキの `schema` は 2 ではなく 1 でなければなりません。"


class _Interaction:
    """Just enough of an interaction for ui.permissions: a user who is not the host, without Manage Channel."""

    class user:
        id = 5

    permissions = discord.Permissions.none()


def test_a_managers_refusal_names_the_host_in_the_players_language():
    with pytest.raises(GameError) as refused:
        require_manager(_Interaction(), 7, "end this table")  # type: ignore[arg-type]
    assert refused.value.template == "Only {host} or someone with Manage Channel can {action}."
    assert refused.value.message == "Only the host (<@7>) or someone with Manage Channel can end this table."
    assert refused.value.params["host"] == host(7)
    message, hint = japanese_refusal(refused.value)
    assert message.startswith("この卓を終えることができるのは、") and "<@7>" in message, message
    assert hint == "その人に代わりにやってもらってください。"


def test_paged_menus_turn_their_pages_in_japanese():
    options = [discord.SelectOption(label=f"Card {i}", value=str(i)) for i in range(40)]
    with speaking("ja"):
        first = paging.select("menu", paging.Menu(options, placeholder="カードを選ぶ"))
        several = paging.select("menu", paging.Menu(options, low=1, high=3), paging.Page(1, "0" * 8))
    assert first.options[-1].label == "2 / 2 ページ ▶" and first.placeholder == "カードを選ぶ（1 / 2 ページ）"
    assert several.options[0].label == "◀ 1 / 2 ページ" and several.options[-1].label == "✅ 決定"
    assert several.placeholder == "選んでください…（2 / 2 ページ）"


def test_seed_lines_name_the_command_in_the_players_language():
    with speaking("ja"):
        lines = seed_lines(42, chosen=True, over=True, command="/uno new")
    assert lines[0].startswith("⚠️ プレイヤーが指定したシード")
    assert lines[1] == "シード 42 · `/uno 新規 シード:42` でこのゲームをもう一度配れます"
    assert seed_lines(42, chosen=False, over=True, command="/uno new") == [
        "Seed 42 · `/uno new seed:42` deals this game again"]


async def test_no_game_here_is_said_in_japanese_with_the_command_that_opens_one(harness):
    ann = harness.user("ann")
    refused = await in_japanese(harness, "uno hand", user=ann)
    assert refused.ephemeral and "このチャンネルで進行中のウノはありません。" in refused.text
    assert "`/uno 新規` で始めてください。" in refused.text
    english = await harness.slash("uno hand", user=ann)
    assert "There is no uno game running in this channel." in english.text and "`/uno new`" in english.text

