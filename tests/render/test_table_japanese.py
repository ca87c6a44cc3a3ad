"""The score sheet, the Cosmic Deck at a table and CHAOS;JAN in Japanese (issue 21, item 6): every text of their
files has its Japanese with the same `{named}` parts, and a player whose client speaks Japanese reads the table, a
ron, a roll, the CHAOS;JAN panel and a refusal in Japanese, with no `{placeholder}` left over."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.fake_discord.harness import components

LEFT_OVER = re.compile(r"\{\w+(?:[:!][^{}]*)?\}")


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


async def in_japanese(harness, command: str, **options: Any):
    payload = harness.slash_payload(command, **options)
    payload["locale"] = "ja"
    return await harness._send(payload)


def japanese_only(text: str) -> None:
    assert not LEFT_OVER.search(text), text


async def test_a_japanese_table_ron_and_roll(harness, players):
    east, south, west, north = players
    opened = await in_japanese(harness, "table start", user=east, east=east, south=south, west=west, north=north)
    assert "四麻" in opened.text and "東" in opened.text and "供託" in opened.text
    japanese_only(opened.text)
    ron = await in_japanese(harness, "table ron", user=east, winner=south, loser=west, han=3, fu=30)
    assert "ロン" in ron.text and "3翻30符" in ron.text and "東2局" in ron.text
    japanese_only(ron.text)
    await harness.slash("cosmic start", user=east)
    rolled = await in_japanese(harness, "cosmic roll", user=south)
    assert "供託に出し" in rolled.text and "次のロール" in rolled.text
    japanese_only(rolled.text)
    refused = await in_japanese(harness, "table pay", user=east, amount=150)
    assert refused.ephemeral and "点棒では払えません" in refused.text
    japanese_only(refused.text)


async def test_a_japanese_chaosjan_panel_and_refusal(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    panel = await in_japanese(harness, "chaosjan new", user=east)
    assert "カードを選んでください" in panel.text and "カタログ" in panel.text
    assert "カードを選ぶ" in [c.get("label") for c in components(panel.message)]
    japanese_only(panel.text)
    refused = await in_japanese(harness, "chaosjan pass", user=south)
    assert refused.ephemeral and "カードを選んで" in refused.text and "<@" in refused.text
    japanese_only(refused.text)
    card = await in_japanese(harness, "chaosjan card", user=east, name="bribery")
    assert "ストック" in card.text and "持続" in card.text
    japanese_only(card.text)
