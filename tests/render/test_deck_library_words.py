"""The deck library's words (issue 21): every text it adds has its Japanese (data/locales/ja/decks.po) with the same
`{named}` parts, its commands' Japanese names are names Discord takes, and its answers come out in Japanese."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from babel.messages.extract import extract

from engine.library import COSMIC
from render import deck_library as render
from render.i18n import PLACEHOLDER, merged_catalogue, speaking
from storage.decks import SavedDeck
from tools import messages

ROOT = Path(__file__).resolve().parents[2]
FILES = ("render/deck_library.py", "ui/deck_library.py", "engine/library.py", "storage/decks.py")
COMMANDS = ("/cosmic decks", "/cosmic export", "/cosmic deletedeck", "/cosmic import save_as", "/cosmic start deck",
            "/chaosjan catalogues", "/chaosjan export", "/chaosjan deletecatalogue", "/chaosjan import save_as",
            "/chaosjan new catalogue")


def marked() -> list[tuple[str | None, str | tuple[str, ...]]]:
    found = []
    for name in FILES:
        with (ROOT / name).open("rb") as file:
            found += [(context, message) for _, message, _, context in extract("python", file,
                                                                              keywords=messages.KEYWORDS)]
    return found


def placeholders(text: str) -> set[str]:
    return {match.group(1) for match in PLACEHOLDER.finditer(text)}


def test_every_text_of_the_library_has_its_japanese_with_the_same_parts():
    japanese = merged_catalogue("ja")
    texts = marked()
    assert len(texts) > 30, "the texts were not found"
    for context, message in texts:
        key = message[0] if isinstance(message, tuple) else message
        known = japanese.get(key, context)
        assert known is not None and known.string, f"no Japanese for {message!r}"
        strings = known.string if isinstance(known.string, tuple) else (known.string,)
        for string in strings:
            assert placeholders(string) == placeholders(key), f"{key!r}: {string!r}"


def test_the_new_commands_are_translated_as_discord_takes_them():
    tree = asyncio.run(messages.bot_tree())
    japanese = merged_catalogue("ja")
    strings = [(context, text, where) for context, text, where in messages.command_messages(tree)
               if where.startswith(COMMANDS)]
    assert {where for _, _, where in strings} >= set(COMMANDS)
    for context, text, where in strings:
        known = japanese.get(text, context)
        assert known is not None and known.string, f"{where}: no Japanese for {context} {text!r}"
        if context in ("command name", "option name"):
            assert 1 <= len(known.string) <= 32 and all(c.isalnum() or c in "-_" for c in known.string), known.string
            assert known.string == known.string.lower()
        else:
            assert len(known.string) <= 100, known.string


def test_the_answers_come_out_in_japanese():
    deck = SavedDeck(1, "cosmic", "ours", "Ours", 2, "ours.json", "", 5, "2026-11-28T12:00:00+00:00")
    with speaking("ja"):
        saved = render.saved_message("cosmic", deck, replaced=False, played_here=False, kept_because=None)
        embed = render.library_embed(COSMIC, [("cosmic", "Cosmic Deck", 30)], [deck])
        label = render.choice_label("ours", "Ours " * 40, 2, shipped=False)
    assert "サーバー全体に保存しました" in saved
    assert "`/コズミック 開始 デッキ:ours`" in saved  # the command and option in their Japanese names
    assert embed.title == "遊べるコズミックデッキ" and "30枚" in embed.fields[0].value
    assert "<t:1795" in embed.description and "<@5>" in embed.description and "（1 / 25）" in embed.description
    assert len(label) <= render.CHOICE_LIMIT and "このサーバー" in label


def test_a_full_library_with_long_names_lists_every_deck():
    full = [SavedDeck(1, "cosmic", f"{n:02}" + "x" * 30, "T" * 100, 200, "f.json", "", 10**18 + n,
                      "2026-11-28T12:00:00+00:00") for n in range(25)]
    embed = render.library_embed(COSMIC, [("cosmic", "Cosmic Deck", 30)], full)
    assert len(embed.description) <= 4096 and all(f"<@{d.saved_by}>" in embed.description for d in full)
    assert "…" not in embed.description.splitlines()[-1][-3:]  # nothing cut at the end


@pytest.mark.parametrize("count", [1, 2])
def test_card_counts_in_english(count):
    with speaking("en"):
        assert render.cards(count) == ("1 card" if count == 1 else "2 cards")
