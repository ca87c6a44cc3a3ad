"""Gin-jon-tan in Japanese (issue 21, item 6): every text of its files has its Japanese
(data/locales/ja/ginjontan.po) with the same `{named}` parts, and a player whose Discord speaks Japanese plays a
game (lobby, start, hand, status, a refusal, the calculator, the rules) in Japanese, with no `{placeholder}` left."""

from __future__ import annotations

import pytest

from engine.errors import GameError
from engine.ginjontan.cards import parse_card, parse_cards
from engine.ginjontan.moves import Call, Start
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import apply, new_game
from engine.ginjontan.scoring import score_hand
from render import ginjontan as render
from render.i18n import PLACEHOLDER, refusal, speaking
from tests.discord_layer.test_ginjontan import settled
from tests.fake_discord.harness import components, message_text

SEED = 20261123


@pytest.mark.parametrize("cards, english, japanese", [
    ("w1sun w2sun", ["Pair: w1sun w2sun", "x2 (pair)"], ["ペア：w1sun w2sun", "×2（ペア）"]),
    ("r3sun r4fire r5moon", ["Order 3: r3sun r4fire r5moon", "x135 (value of the highest card)"],
     ["3連番：r3sun r4fire r5moon", "×135（最も大きい番号のカードの値）", "単色：赤 ×3"]),
    ("r1sun o1sun y1sun g1sun b1sun v1sun w1bonus", ["Full colours", "Bonus"], ["フルカラー", "ボーナス"]),
    ("v5uni r3sun", ["v5universal (as Red Sun)", "x3 (one colour: Red x3)"],
     ["v5universal（赤 Sun として）", "×3（単色：赤 ×3）"]),
])
def test_a_hand_s_explanation_in_both_languages(cards, english, japanese):
    """The seed's "Point evaluation": the engine gives the explanation in no language; render/ words it."""
    score = score_hand(parse_cards(cards))
    assert all(part in "\n".join(map(str, score.lines)) for part in english)  # the English form, for logs and tests
    with speaking("ja"):
        lines = "\n".join(render.score_lines(score))
    assert all(part in lines for part in japanese), lines
    assert not PLACEHOLDER.search(lines)


@pytest.mark.parametrize("text, japanese", [
    ("r12sun x3fire", "`x` は色ではありません"),
    ("r40sun", "番号は 1〜33 です（40 ではありません）"),
    ("r1s", "`s` は sin, sun, spaceship, supernova のどれとも読めます（3文字目）"),
    ("r1sun r1sun", "🔴 1 Sun が2回書かれています"),
])
def test_a_notation_mistake_is_pointed_at_in_japanese(text, japanese):
    with pytest.raises(GameError) as caught:
        parse_cards(text)
    with speaking("ja"):
        message, hint = refusal(caught.value)
    assert japanese in message and "^" in message and "文字目" in message
    assert hint and ("カードは" in hint or "シンボル：" in hint)
    assert not PLACEHOLDER.search(message + hint)


def test_a_refusal_names_the_player_and_the_command_in_japanese():
    state = new_game(GinjontanOptions(), [1, 2], SEED)
    with pytest.raises(GameError) as caught:
        apply(state, Start(1, {}))
    with speaking("ja"):
        message, hint = refusal(caught.value)
    assert message == "ゲームはもう始まっています。" and hint is None
    with pytest.raises(GameError) as caught:
        apply(state, Call(1))
    with speaking("ja"):
        message, hint = refusal(caught.value)
    assert "ゲームがあなたに求めているのはそれではありません" in message and "手札全体を予備札と入れ替えるか" in message
    assert hint is not None and "`/" in hint and "/ginjontan hand" not in hint  # the command's Japanese name


def test_a_clash_is_said_in_japanese():
    water, fire = parse_card("w1water"), parse_card("w1fire")
    with speaking("ja"):
        line = render.WORDING.line(None, {"type": "clash", "player": 1, "acting": water, "target": fire,
                                          "winner": water, "owner": 1, "points": 2})
    assert "⚪ 1 Water が ⚪ 1 Fire に勝ちます：「Quench Fire!」" in line and "<@1>" in line


def no_placeholder(text: str) -> None:
    assert text and not PLACEHOLDER.search(text), text


async def test_a_game_in_japanese(japanese):
    harness = japanese
    ann, ben = harness.user("ann"), harness.user("ben")
    lobby = await harness.slash("ginjontan new", user=ann, seed=str(SEED))
    assert "「参加」を押して参加してください" in lobby.text and "ギンジョンタン" in lobby.text
    no_placeholder(lobby.text)
    labels = {c.get("label") for c in components(lobby.message)}
    assert {"参加", "退出", "開始"} <= labels
    refused = await harness.click(lobby.message, user=ben, label="開始")
    assert refused.ephemeral and "まだこのゲームに参加していません" in refused.text
    joined = await harness.click(lobby.message, user=ben, label="参加")
    assert f"<@{ben.id}>" in joined.text and "2人" in joined.text
    started = await harness.click(lobby.message, user=ann, label="開始")
    assert "第1ラウンド（全3ラウンド）" in started.text and "ステップ2" in started.text
    no_placeholder(started.text)
    hand = await harness.click(started.message, user=ben, label="自分のカード")
    assert hand.ephemeral and "**手札**（9）" in hand.text and "今の手札" in hand.text
    assert {"手札をそのままにする", "手札と予備札を入れ替える"} <= {c.get("label") for c in components(hand.message)}
    no_placeholder(hand.text)
    kept = await harness.click(hand.message, user=ben, label="手札をそのままにする")
    no_placeholder(kept.text)
    await settled(harness)
    public = "\n".join(message_text(m) for m in harness.channel_messages() if not (m.get("flags") or 0) & 64)
    assert f"<@{ben.id}> は手札をそのままにしました。" in public
    wrong = await harness.slash("ginjontan call", user=ben)
    assert wrong.ephemeral and "今あなたの番ではありません" in wrong.text and f"<@{ann.id}>" in wrong.text
    no_placeholder(wrong.text)
    status = await harness.slash("ginjontan status", user=ann)
    assert "ギンジョンタン — 第1ラウンド" in status.text and "得点" in status.text
    no_placeholder(status.text)
    undone = await harness.slash("ginjontan undo", user=ann)
    assert f"<@{ben.id}> の 手札と予備札の入れ替えの選択 を取り消しました" in undone.text


async def test_the_calculator_and_the_rules_in_japanese(japanese):
    harness = japanese
    ann = harness.user("ann")
    reply = await harness.slash("ginjontan score", user=ann, cards="w1sun w2sun")
    assert reply.ephemeral and "ペア：54点" in reply.text and "×2（ペア）" in reply.text
    no_placeholder(reply.text)
    assert [c.get("label") for c in components(reply.message)] == ["チャンネルで共有"]
    bad = await harness.slash("ginjontan score", user=ann, cards="r12sun x3fire")
    assert bad.ephemeral and "`x` は色ではありません" in bad.text
    rules = await harness.slash("ginjontan rules", user=ann)
    assert "ギンジョンタン — ルール" in rules.text and "特殊カード" in rules.text
    no_placeholder(rules.text)
    rating = await harness.slash("ginjontan rules", user=ann, topic="rating")
    assert "大会レーティング" in rating.text and "/ginjontan standings" not in rating.text
