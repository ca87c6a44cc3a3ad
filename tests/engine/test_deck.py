"""Deck files (docs/deck-format.md): every shipped deck is valid; a bad file names the card and the field."""

from __future__ import annotations

import json

import pytest

from engine.deck import (
    DECKS_FOLDER,
    CardType,
    DeckError,
    Lasts,
    deck_from_dict,
    load_shipped,
    parse_deck,
    parse_file,
    shipped,
)

GOOD_CARD = {"id": "go-fish", "name": "Go Fish", "type": "event", "text": "Ask.", "lasts": "hand"}


def deck(*cards):
    return {"schema": 1, "name": "Ours", "description": "", "cards": list(cards)}


@pytest.mark.parametrize("name", shipped())
def test_every_shipped_deck_is_valid(name):
    loaded = load_shipped(name)
    assert loaded.cards and parse_deck(loaded.to_dict()) == loaded


def test_the_cosmic_deck_has_30_modifiers_and_events_including_the_named_ones():
    cosmic = load_shipped("cosmic")
    assert len(cosmic.cards) == 30 and {c.type for c in cosmic.cards} == {CardType.MODIFIER, CardType.EVENT}
    beginning, fish, robbery = (cosmic.find(n) for n in ("Beginning of the Cosmos", "Go Fish", "Riichi Robbery"))
    assert beginning.type is CardType.MODIFIER and beginning.on_reveal
    assert fish.type is CardType.EVENT and fish.lingers
    assert robbery.actions[0].kind == "take_from_table" and robbery.actions[0].up_to
    assert any(c.aotenjou for c in cosmic.cards)
    assert sum(c.sanma is not None for c in cosmic.cards) >= 3


@pytest.mark.parametrize(
    ("card", "complaint"),
    [
        ({**GOOD_CARD, "lasts": "forever"}, "Card 1 (Go Fish): field `lasts`"),
        ({**GOOD_CARD, "type": "action"}, "Card 1 (Go Fish): field `type`"),
        ({**GOOD_CARD, "id": "Go Fish"}, "field `id` must be kebab-case"),
        ({k: v for k, v in GOOD_CARD.items() if k != "text"}, "Card 1 (Go Fish): field `text` is missing"),
        ({**GOOD_CARD, "sanma": "3p"}, "come together"),
        ({**GOOD_CARD, "on_reveal": "x"}, "`on_reveal` is only for modifiers"),
        ({**GOOD_CARD, "type": "modifier"}, "`lasts` is only for events"),
        ({**GOOD_CARD, "actions": [{"kind": "teleport"}]}, "field `actions.kind`"),
        ({**GOOD_CARD, "actions": [{"kind": "take_from_table", "amount": 150, "up_to": True}]}, "actions.amount"),
        ({**GOOD_CARD, "actions": [{"kind": "aotenjou"}]}, "only for modifiers"),
        ({**GOOD_CARD, "colour": "red"}, "unknown field `colour`"),
        ({**GOOD_CARD, "name": "x" * 61}, "field `name` must be 1-60"),
    ],
)
def test_bad_cards_name_the_card_and_field(card, complaint):
    with pytest.raises(DeckError) as refused:
        parse_deck(deck(card))
    assert complaint in refused.value.message


def test_duplicate_ids_are_refused():
    with pytest.raises(DeckError, match="already used by card 1"):
        parse_deck(deck(GOOD_CARD, {**GOOD_CARD, "name": "Other"}))


def test_toml_and_json_give_the_same_deck():
    toml = b'schema = 1\nname = "Ours"\ndescription = ""\n\n[[cards]]\nid = "go-fish"\nname = "Go Fish"\n' \
           b'type = "event"\ntext = "Ask."\nlasts = "hand"\n'
    assert parse_file(toml, "ours.toml") == parse_file(json.dumps(deck(GOOD_CARD)).encode(), "ours.json")
    assert parse_file(toml, "ours.toml").cards[0].lasts is Lasts.HAND


@pytest.mark.parametrize(
    ("data", "filename", "complaint"),
    [
        (b"{" * 70000, "big.json", "at most 64 KB"),
        (b"{nope", "bad.json", "not valid JSON: line 1"),
        (b"schema = = 1", "bad.toml", "not valid TOML"),
        (b"{}", "deck.yaml", "neither .json nor .toml"),
        (b"\xff\xfe", "deck.json", "not UTF-8"),
        (b'{"schema": 2}', "deck.json", "`schema` must be 1"),
    ],
)
def test_bad_files_are_refused_clearly(data, filename, complaint):
    with pytest.raises(DeckError) as refused:
        parse_file(data, filename)
    assert complaint in refused.value.message


def test_too_many_cards():
    cards = [{**GOOD_CARD, "id": f"c{i}", "name": f"C{i}"} for i in range(201)]
    with pytest.raises(DeckError, match="at most 200"):
        parse_deck(deck(*cards))


def test_decks_folder_holds_only_valid_json():
    assert sorted(p.stem for p in DECKS_FOLDER.glob("*.json")) == shipped()


@pytest.mark.parametrize("name", ["nope", "../decks/cosmic", "/etc/passwd", ""])
def test_only_shipped_decks_load_by_name(name):
    with pytest.raises(DeckError, match="no shipped deck"):
        load_shipped(name)


@pytest.mark.parametrize("name", shipped())
def test_a_decks_dictionary_is_its_file_and_a_changed_copy_changes_nothing(name):
    """Deck.to_dict works the cards out once (issue 19): each call still gives the file's content, as new objects."""
    loaded = load_shipped(name)
    on_disk = json.loads((DECKS_FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    first = loaded.to_dict()
    assert json.loads(json.dumps(first)) == on_disk
    first["cards"][0]["name"] = "changed"
    first["cards"].append({"id": "extra"})
    for card in first["cards"]:
        card.get("actions", []).append({"kind": "changed"})
    assert json.loads(json.dumps(loaded.to_dict())) == on_disk


def test_equal_decks_are_one_object_and_a_different_one_is_not():
    """Tables that load the same deck share it (issue 19: fewer objects for the collector)."""
    loaded = load_shipped("cosmic")
    assert load_shipped("cosmic") is loaded
    assert deck_from_dict(json.loads(json.dumps(loaded.to_dict()))) is loaded
    changed = loaded.to_dict()
    changed["cards"][0]["name"] = "Renamed"
    other = parse_deck(changed)
    assert other is not loaded and other != loaded and other.cards[0].name == "Renamed"
    assert loaded.cards[0].name != "Renamed"


def test_a_shipped_file_is_parsed_once_until_it_changes(tmp_path):
    """engine.deck.read_shipped (issue 19): parsing a deck takes milliseconds, so a shipped file is parsed once, and
    again only when it changed on disk (size or modification time)."""
    import os

    from engine.deck import read_shipped

    calls = []

    def parse(data: bytes, name: str) -> str:
        calls.append(name)
        return data.decode()

    path = tmp_path / "deck.json"
    path.write_text("one")
    first = read_shipped(path, parse)
    assert read_shipped(path, parse) is first and calls == ["deck.json"]
    path.write_text("two!")
    os.utime(path, ns=(1, 1))
    assert read_shipped(path, parse) == "two!" and len(calls) == 2
