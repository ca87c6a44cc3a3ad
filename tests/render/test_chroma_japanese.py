"""Chroma-jong in Japanese (issue 21, item 6): every text of its files has its Japanese (data/locales/ja/chroma.po)
with the same `{named}` parts; yaku go by their standard Japanese names; and a player whose Discord speaks Japanese
gets waits, a score, a refusal, the odds and the abilities in Japanese, with no `{placeholder}` left."""

from __future__ import annotations

import pytest
from mahjong.hand_calculating.yaku_config import YakuConfig

from engine.chroma.tiles import parse_melds, parse_tiles
from engine.errors import GameError
from render import chroma as render
from render.i18n import PLACEHOLDER, refusal, speaking
from tests.discord_layer.test_chroma import answer
from tests.fake_discord.harness import message_text


def test_every_yaku_of_the_package_has_its_japanese_name():
    names = {yaku.name for yaku in vars(YakuConfig()).values() if hasattr(yaku, "name")}
    assert len(names) > 50
    with speaking("ja"):
        untranslated = [name for name in names if render.yaku_text(name) == name]
    assert not untranslated
    with speaking("ja"):
        assert (render.yaku_text("Riichi"), render.yaku_text("Iipeiko"), render.yaku_text("Chiitoitsu")) == \
            ("立直", "一盃口", "七対子")


@pytest.mark.parametrize("text, japanese", [
    ("123m456x", "`x` は牌の表記ではありません"),
    ("123m4*m", "4m にはクロマ牌がありません"),
    ("123m45", "手牌がスートの文字で終わっていません"),
])
def test_a_notation_mistake_in_japanese(text, japanese):
    with pytest.raises(GameError) as caught:
        parse_tiles(text)
    with speaking("ja"):
        message, hint = refusal(caught.value)
    assert japanese in message and "文字目" in message and "^" in message and hint
    assert not PLACEHOLDER.search(message + hint)


def test_a_meld_mistake_names_the_option_in_japanese():
    with pytest.raises(GameError) as caught:
        parse_melds("123m 456")
    with speaking("ja"):
        message, hint = refusal(caught.value)
    assert "副露がスートの文字で終わっていません（8文字目）" in message
    assert hint == "各まとまりは m、p、s、z のどれかで終えてください。"


def no_placeholder(text: str) -> None:
    assert text and not PLACEHOLDER.search(text), text


async def test_waits_score_odds_and_abilities_in_japanese(japanese):
    harness = japanese
    east = harness.user("east")
    waits = await harness.slash("chroma waits", user=east, hand="3*p111z222z333z444z", discards="3s")
    assert waits.ephemeral and "聴牌" in waits.text and "フリテン" in waits.text and "**あり**" in waits.text
    no_placeholder(waits.text)
    far = await harness.slash("chroma waits", user=east, hand="1m4m7m1p4p7p1s4s7s1234z")
    assert "向聴" in far.text
    bad = await harness.slash("chroma waits", user=east, hand="123m")
    assert bad.ephemeral and "待ちの形の手牌は13枚です" in bad.text
    no_placeholder(bad.text)
    reply = await harness.slash("chroma score", user=east, hand="123m789p4s5*s5s6s6s7s11z", win="1m", riichi=True)
    text = message_text(await answer(reply))
    assert "一盃口" in text and "立直：1翻" in text and "チップ" in text
    assert "`4s` を **7s** として（金、和了後）" in text
    no_placeholder(text)
    odds = await harness.slash("chroma odds", user=east)
    assert "クロマ牌を少なくとも k 枚引く確率" in odds.text and "役満" in odds.text
    abilities = await harness.slash("chroma abilities", user=east)
    assert "このチャンネルのクロマ能力" in abilities.text and "**銀**" in abilities.text
    assert "レインボー" in abilities.text
    assert "/chroma rules" not in abilities.text  # the command in its Japanese name
    no_placeholder(abilities.text)
