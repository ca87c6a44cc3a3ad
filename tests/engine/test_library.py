"""The deck library's rules (engine/library.py): the names a deck is saved under, the shipped decks of each kind,
and a game's deck written out as a file that imports as the same deck."""

from __future__ import annotations

import json

import pytest

from engine.chaosjan import catalogue
from engine.deck import MAX_CARDS, MAX_FILE_BYTES, parse_deck, parse_file
from engine.library import CHAOSJAN, COSMIC, DeckNameError, export_file_name, exported, normal, saved_name


@pytest.mark.parametrize(("typed", "kept"), [
    ("ours", "ours"), ("House-Rules", "house-rules"), ("  spring_2026 ", "spring_2026"), ("ＨＯＵＳＥ", "house"),
    ("ハウスルール", "ハウスルール"), ("a" * 32, "a" * 32)])
def test_a_good_name_is_kept_in_lower_case(typed, kept):
    assert saved_name(COSMIC, typed) == kept == normal(typed)


@pytest.mark.parametrize("typed", ["", "   ", "a" * 33, "our deck", "../secrets", "ours.json", "<@123>", "a\u202eb",
                                   "x\ny", "deck!"])
def test_a_bad_name_is_refused_naming_the_rule(typed):
    with pytest.raises(DeckNameError) as refused:
        saved_name(COSMIC, typed)
    assert "1-32 letters, digits, - and _" in refused.value.message and refused.value.hint


def test_the_shipped_decks_names_are_taken():
    assert COSMIC.shipped() == ["cosmic"] and CHAOSJAN.shipped() == ["starter"]
    for library, name in ((COSMIC, "Cosmic"), (CHAOSJAN, "starter")):
        with pytest.raises(DeckNameError, match="ships"):
            saved_name(library, name)
    assert saved_name(CHAOSJAN, "cosmic") == "cosmic"  # each kind has its own names


def test_a_game_s_deck_exports_as_a_file_that_imports_as_the_same_deck():
    shipped = COSMIC.load_shipped("cosmic")
    assert parse_file(exported(shipped), "out.json") == shipped
    starter = CHAOSJAN.load_shipped("starter")
    assert catalogue.parse_file(exported(starter), "out.json") == starter
    every_field = parse_deck({"schema": 1, "name": "Every Field", "description": "", "cards": [
        {"id": "a", "name": "A", "type": "modifier", "text": " Pre. ", "sanma": "Three.", "suuma": "Four.",
         "on_reveal": "each pays.", "actions": [{"kind": "aotenjou"},
                                                {"kind": "each_other_pays_you", "amount": 1000, "sanma_amount": 1500}]},
        {"id": "b", "name": "B 牌", "type": "event", "text": "Take.", "lasts": "until_dismissed",
         "actions": [{"kind": "take_from_table", "amount": 2000, "up_to": True},
                     {"kind": "yakitori_pay_table", "amount": 500}]}]})
    assert parse_file(exported(every_field), "out.json") == every_field
    assert "牌" in exported(every_field).decode()  # written as UTF-8, not \\u escapes


def test_a_deck_at_the_size_limit_exports_compact_to_stay_importable():
    text = "x" * 240
    cards = [{"id": f"card-{n}", "name": f"Card {n}", "type": "event", "text": text, "lasts": "instant"}
             for n in range(MAX_CARDS)]
    raw = {"schema": 1, "name": "Big", "description": "", "cards": cards}
    compact = json.dumps(raw, separators=(",", ":")).encode()
    assert len(compact) <= MAX_FILE_BYTES < len(json.dumps(raw, indent=2).encode())
    big = parse_file(compact, "big.json")
    assert len(exported(big)) <= MAX_FILE_BYTES and parse_file(exported(big), "big.json") == big


@pytest.mark.parametrize(("title", "file_name"), [
    ("Our Deck", "our-deck.json"), ("Cosmic Deck (Chaos Table edition)", "cosmic-deck-chaos-table-edition.json"),
    ("Café Ünïcode", "cafe-unicode.json"), ("牌の山", "deck.json"), ("../../etc/passwd", "etc-passwd.json")])
def test_an_exported_deck_s_file_is_named_after_it(title, file_name):
    assert export_file_name(COSMIC, title) == file_name
    assert export_file_name(CHAOSJAN, "牌") == "catalogue.json"
