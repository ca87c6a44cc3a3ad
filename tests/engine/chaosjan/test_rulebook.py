"""Seed 000 (CHAOS;JAN full rules): every rule number is in the rulebook, and lookup/suggest are forgiving."""

from __future__ import annotations

import pytest

from engine.chaosjan.rulebook import RULES, SECTIONS, contents, lookup, suggest

DOCUMENT_NUMBERS = (
    "1",
    "1.1", "1.1a", "1.1b", "1.1c", "1.1d", "1.1e", "1.1e.1", "1.1e.2", "1.1f",
    "1.2", "1.2a", "1.2b", "1.2c", "1.2d", "1.2d.1", "1.2d.2",
    "1.3", "1.3a", "1.3b", "1.3c", "1.3d", "1.3d.1", "1.3e",
    "1.4", "1.4a", "1.4b", "1.4b.1", "1.4b.2", "1.4c", "1.4c.1", "1.4c.2", "1.4d", "1.4e",
    "1.5", "1.5a", "1.5a.1", "1.5a.2", "1.5a.3", "1.5b", "1.5c", "1.5d", "1.5e",
    "1.6", "1.6a", "1.6b", "1.6b.1", "1.6c", "1.6c.1", "1.6c.2", "1.6c.3",
    "2", "2.1", "2.2", "2.3", "2.4", "2.5", "2.6", "2.7", "2.7a", "2.7b", "2.7c", "2.7d",
    "3",
    "3.1", "3.1a", "3.1b", "3.1c", "3.1d", "3.1e", "3.1f", "3.1f.1", "3.1f.2", "3.1f.3", "3.1f.4", "3.1f.5", "3.1g",
    "3.2", "3.2a", "3.2b", "3.2c", "3.2c.1", "3.2c.2", "3.2c.2a", "3.2c.3",
    "4", "4.1", "4.2", "4.3", "4.4", "4.5",
    "5",
    "5.1", "5.1a", "5.1b", "5.1c", "5.1d", "5.1d.1", "5.1d.2", "5.1d.3",
    "5.2", "5.2a", "5.2b", "5.2c", "5.2d", "5.2d.1", "5.2d.2",
)  # fmt: skip

# Sentences of the document itself: the summaries are our own words, so none may hold one of these.
DOCUMENT_SENTENCES = (
    "When an Action card is put into play, its effect occurs and then is discarded.",
    "Hyper cards cannot be negated.",
    "Negate cards are cards that can prevent a card's effect from occuring.",
    "Only one Modifier can be in play at a time.",
    "Sub-priority works identically to main priority.",
    "Points on the table remain on the table as hands change and winds rotate.",
    "This specified payment is called the point exchange.",
    "Players cannot draw from the Modifier Deck.",
    "The Modifier Deck is a shared deck.",
    "Stock cards are cards that have a lasting effect.",
)


def numbers(hits: list[tuple[str, str]]) -> list[str]:
    return [number for number, _ in hits]


def test_every_rule_of_the_document_is_there_in_document_order() -> None:
    assert tuple(RULES) == DOCUMENT_NUMBERS
    assert len(RULES) == 107


@pytest.mark.parametrize("number", DOCUMENT_NUMBERS)
def test_summaries_are_short_and_not_the_document_sentence(number: str) -> None:
    summary = RULES[number]
    assert 0 < len(summary) <= 350
    assert summary == summary.strip()
    assert not any(sentence.lower() in summary.lower() for sentence in DOCUMENT_SENTENCES)


def test_rules_that_point_at_missing_rules_say_so() -> None:
    assert "does not exist yet" in RULES["3.1f.5"]
    assert "does not exist yet" in RULES["3.2c"]


def test_sections_and_contents() -> None:
    assert SECTIONS["1"] == "Card types"
    assert SECTIONS["1.5"] == "Negate cards"
    assert SECTIONS["3.1"] == "General payment and points on the table"
    assert all(number in RULES for number in SECTIONS)
    assert numbers(contents()) == [
        "1", "1.1", "1.2", "1.3", "1.4", "1.5", "1.6", "2", "3", "3.1", "3.2", "4", "5", "5.1", "5.2",
    ]  # fmt: skip
    assert contents()[0] == ("1", "Card types")


@pytest.mark.parametrize("query", ["", "   ", None])
def test_nothing_asked_gives_nothing(query: str | None) -> None:
    assert lookup(query) == []


@pytest.mark.parametrize("query", ["1.5d", "1.5D", " 1.5d ", "rule 1.5d", "Rule 1.5d", "1.5 d", "1.5d:", "#1.5d"])
def test_forms_of_one_number(query: str) -> None:
    assert lookup(query) == [("1.5d", RULES["1.5d"])]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("1.5a", ["1.5a", "1.5a.1", "1.5a.2", "1.5a.3"]),
        ("2.7", ["2.7", "2.7a", "2.7b", "2.7c", "2.7d"]),
        ("1.1", ["1.1", "1.1a", "1.1b", "1.1c", "1.1d", "1.1e", "1.1e.1", "1.1e.2", "1.1f"]),
        ("1.1:", ["1.1", "1.1a", "1.1b", "1.1c", "1.1d", "1.1e", "1.1e.1", "1.1e.2", "1.1f"]),
        ("3.2c.2", ["3.2c.2", "3.2c.2a"]),
        ("4", ["4", "4.1", "4.2", "4.3", "4.4", "4.5"]),
        ("5.2d.2", ["5.2d.2"]),
    ],
)
def test_a_number_gives_the_rule_and_its_children(query: str, expected: list[str]) -> None:
    assert numbers(lookup(query)) == expected


def test_whole_sections() -> None:
    assert numbers(lookup("1.5")) == [n for n in DOCUMENT_NUMBERS if n.startswith("1.5")]
    assert numbers(lookup("3")) == [n for n in DOCUMENT_NUMBERS if n.startswith("3")]
    assert numbers(lookup("rule 2")) == [n for n in DOCUMENT_NUMBERS if n.startswith("2")]


@pytest.mark.parametrize("query", ["1.10", "2.70", "1.5z", "9", "6.1a", "3.1f.6"])
def test_false_prefixes_and_unknown_numbers_give_nothing(query: str) -> None:
    assert lookup(query) == []


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("sub-priority", ["1.5a", "1.5a.1", "1.5a.2", "2.7", "2.7a", "2.7b", "2.7c", "2.7d"]),
        ("RIICHI", ["1.1e", "1.1e.1", "1.1e.2", "3", "3.1", "3.1f.3"]),
        ("up to", ["3.1f.3"]),
        ("wareme", ["3.2c.2a"]),
        ("tsumo ron", ["3.2c"]),
        ("no such words here", []),
    ],
)
def test_words(query: str, expected: list[str]) -> None:
    assert numbers(lookup(query)) == expected


def test_a_common_word_gives_at_most_ten_in_document_order() -> None:
    hits = numbers(lookup("negate"))
    assert len(hits) == 10
    assert hits == [n for n in DOCUMENT_NUMBERS if "negate" in RULES[n].lower()][:10]


@pytest.mark.parametrize(
    ("current", "expected"),
    [
        ("1.5a", ["1.5a", "1.5a.1", "1.5a.2", "1.5a.3"]),
        ("3.2c.", ["3.2c.1", "3.2c.2", "3.2c.2a", "3.2c.3"]),
        ("Rule 5.2D", ["5.2d", "5.2d.1", "5.2d.2"]),
        ("9", []),
    ],
)
def test_suggest(current: str, expected: list[str]) -> None:
    assert suggest(current) == expected


def test_suggest_caps_at_25() -> None:
    assert suggest("") == list(DOCUMENT_NUMBERS[:25])
    assert suggest("1") == list(DOCUMENT_NUMBERS[:25])
