"""The CHAOS;JAN rulebook and the CSV score sheet in Japanese (issue 21, item 6): every rule summary and section
title has its Japanese, `/chaosjan rules` and its autocomplete answer a Japanese client in Japanese (rule numbers as
the document writes them), words of either language find rules, and the score sheet's headers, rounds, values and
kinds' words follow the reader's language while the `kind` codes and the numbers stay the same in both."""

from __future__ import annotations

import csv
import io
import re
from typing import Any

import pytest

from engine.chaosjan import rulebook
from render.i18n import _, merged_catalogue, speaking
from tests.fake_discord.harness import FakeUser

LEFT_OVER = re.compile(r"\{\w+(?:[:!][^{}]*)?\}")
KANA_OR_KANJI = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
NAMES = ("east", "south", "west", "north")


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in NAMES]


async def in_japanese(harness, command: str, **options: Any):
    payload = harness.slash_payload(command, **options)
    payload["locale"] = "ja"
    return await harness._send(payload)


async def autocomplete(harness, command: str, option: str, current: str, *, user: FakeUser,
                       locale: str) -> list[dict[str, Any]]:
    """`harness.autocomplete`, from a client in `locale`."""
    names = command.split()
    schema = next(c for c in harness.fake.commands_for(harness.fake.guild_id) if c["name"] == names[0])
    leaf: list[dict[str, Any]] = [{"name": option, "type": 3, "value": current, "focused": True}]
    for name in reversed(names[1:]):
        leaf = [{"name": name, "type": 1, "options": leaf}]
    data = {"id": schema["id"], "name": schema["name"], "type": 1, "options": leaf,
            "guild_id": str(harness.fake.guild_id)}
    payload = harness._envelope(4, data, user, None)
    payload["locale"] = locale
    log = await harness._send(payload)
    assert log.response_type == 8
    return log.data["choices"]


@pytest.fixture(scope="module")
def japanese():
    return merged_catalogue("ja")


@pytest.mark.parametrize("number", [*rulebook.SECTIONS, *rulebook.RULES])
def test_every_title_and_summary_has_its_japanese(japanese, number: str) -> None:
    for table in (rulebook.SECTIONS, rulebook.RULES):
        if number in table:
            known = japanese.get(table[number])
            assert known is not None and known.string, f"rule {number}: no Japanese for {table[number]!r}"
            assert KANA_OR_KANJI.search(known.string), known.string
            assert not LEFT_OVER.search(known.string)


def test_japanese_summaries_keep_the_rule_numbers_they_cite(japanese) -> None:
    # A summary that points at another rule ("see rule 2.7") points at the same rule in Japanese.
    cited = re.compile(r"\d+\.\d+[a-z]?(?:\.\d+[a-z]?)*")
    for number, summary in rulebook.RULES.items():
        english = {m.group(0) for m in cited.finditer(summary)} & set(rulebook.RULES)
        translated = japanese.get(summary).string
        assert english <= {m.group(0) for m in cited.finditer(translated)}, (number, translated)


@pytest.mark.parametrize(("query", "expected"), [
    ("サブ優先権", ["1.5a", "1.5a.1", "1.5a.2", "2.7", "2.7a", "2.7b", "2.7c", "2.7d"]),  # the Japanese words
    ("sub-priority", ["1.5a", "1.5a.1", "1.5a.2", "2.7", "2.7a", "2.7b", "2.7c", "2.7d"]),  # English still works
    ("点数移動", ["3.2c.1", "3.2c.2", "3.2c.3", "4", "4.3"]),
    ("存在しない言葉", []),
])
def test_japanese_words_find_rules(query: str, expected: list[str]) -> None:
    with speaking("ja"):
        assert [n for n, _text in rulebook.lookup(query, _)] == expected
    assert [n for n, _text in rulebook.lookup(query)] == (expected if query.isascii() else [])


def test_suggest_by_words_and_by_number() -> None:
    with speaking("ja"):
        assert rulebook.suggest("ネゲート", _)[:3] == ["1", "1.2d", "1.3e"]
        assert rulebook.suggest("2.7", _) == ["2.7", "2.7a", "2.7b", "2.7c", "2.7d"]
    assert rulebook.suggest("9") == []
    assert rulebook.suggest("ネゲート") == []  # without the reader's words, Japanese finds nothing


@pytest.mark.option_effect("chaosjan rules", "rule")
async def test_chaosjan_rules_in_japanese(harness, players):
    contents = await in_japanese(harness, "chaosjan rules", user=players[0])
    assert contents.ephemeral
    assert "**2** 優先権" in contents.text and "**5.2** モディファイアデッキ" in contents.text
    assert "Priority" not in contents.text and not LEFT_OVER.search(contents.text)
    rule = await in_japanese(harness, "chaosjan rules", user=players[1], rule="1.5d")
    assert rule.ephemeral and "**1.5d** ネゲートに別のネゲートで応じる" in rule.text
    assert not LEFT_OVER.search(rule.text)
    found = await in_japanese(harness, "chaosjan rules", user=players[1], rule="供託")
    assert "**3.1c**" in found.text and "「供託」と呼びます" in found.text
    english = await harness.slash("chaosjan rules", user=players[1], rule="1.5d")
    assert "**1.5d** A Negate may answer another Negate" in english.text


async def test_chaosjan_rules_autocomplete_in_japanese(harness, players):
    choices = await autocomplete(harness, "chaosjan rules", "rule", "2.7", user=players[0], locale="ja")
    assert [c["value"] for c in choices] == ["2.7", "2.7a", "2.7b", "2.7c", "2.7d"]
    assert choices[1]["name"] == "2.7a サブ優先権は、メインの優先権とまったく同じように働きます。"
    assert all(len(c["name"]) <= 100 for c in choices)
    by_word = await autocomplete(harness, "chaosjan rules", "rule", "点数移動", user=players[0], locale="ja")
    assert [c["value"] for c in by_word] == ["3.2c.1", "3.2c.2", "3.2c.3", "4", "4.3"]
    english = await autocomplete(harness, "chaosjan rules", "rule", "2.7a", user=players[0], locale="en-US")
    assert english == [{"name": "2.7a Sub-priority behaves just as main priority does.", "value": "2.7a"}]


async def sheet(harness, user: FakeUser, *, locale: str) -> list[dict[str, str]]:
    payload = harness.slash_payload("table history", user=user, export="csv")
    payload["locale"] = locale
    reply = await harness._send(payload)
    assert reply.ephemeral
    attachment, = reply.message["attachments"]
    return list(csv.DictReader(io.StringIO(harness.fake.uploads[int(attachment["id"])].decode("utf-8-sig"))))


@pytest.mark.option_effect("table history", "export")
async def test_the_score_sheet_in_japanese_and_in_english(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    await harness.slash("table riichi", user=south)
    await harness.slash("table ron", user=south, winner=south, loser=west, han=3, fu=30)
    await harness.slash("table pay", user=east, amount=1000, to=north)
    japanese = await sheet(harness, east, locale="ja")
    english = await sheet(harness, east, locale="en-US")
    assert list(japanese[0]) == ["番号", "局", "本場", "種類", "内容", "和了者", "支払者", "点数",
                                 "east 増減", "east 持ち点", "south 増減", "south 持ち点", "west 増減", "west 持ち点",
                                 "north 増減", "north 持ち点", "供託"]
    assert list(english[0]) == ["entry", "round", "honba", "kind", "description", "winners", "payers", "value",
                                "east change", "east total", "south change", "south total", "west change",
                                "west total", "north change", "north total", "on the table"]
    # the kinds' codes and every number are the same in both languages: only the words differ
    assert [r["種類"] for r in japanese] == [r["kind"] for r in english] == ["start", "riichi", "ron", "pay"]
    assert [r["内容"] for r in japanese] == ["卓を開始", "リーチ", "ロン", "支払い"]
    assert [r["description"] for r in english] == ["Table started", "Riichi", "Ron", "Payment"]
    for ja, en in zip(japanese, english, strict=True):
        assert list(ja.values())[8:] == list(en.values())[8:]
        assert (ja["番号"], ja["本場"], ja["和了者"], ja["支払者"]) == (en["entry"], en["honba"], en["winners"],
                                                                     en["payers"])
    ron_ja, ron_en = japanese[2], english[2]
    assert (ron_ja["局"], ron_ja["点数"], ron_ja["和了者"], ron_ja["支払者"]) == ("東1局", "3翻30符", "south", "west")
    assert (ron_en["round"], ron_en["value"]) == ("East 1", "3 han 30 fu")
    assert not any(LEFT_OVER.search(cell) for row in japanese for cell in [*row, *row.values()])
