"""The deck library's words (issue 21): every text it adds has its Japanese (data/locales/ja/decks.po) with the same
`{named}` parts, its commands' Japanese names are names Discord takes, and its answers come out in Japanese."""

from __future__ import annotations

import pytest

from engine.library import COSMIC
from render import deck_library as render
from render.i18n import speaking
from storage.decks import SavedDeck


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
