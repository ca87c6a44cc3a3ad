"""What Gin-jon-tan's engine says, left in no language (issue 21): an English template marked with
`engine.text.N_` and its params, as an `engine.text.Ref` that render/ginjontan.py words in the player's language.
`str()` of each is its English form (logs, tests, `GameError.message`)."""

from __future__ import annotations

from typing import Any

from engine.text import Ref, fill

WORDS = "ginjontan words"  # (template, ((name, value), ...)): a sentence or a phrase
JOINED = "ginjontan joined"  # (separator, (part, ...)): parts in no language, or Refs
COLOUR = "ginjontan colour"  # a colour's letter
CARD = "ginjontan card"  # a card's id
SET = "ginjontan set"  # (cards, title): a set's name ("Pair" as a title, "pair" in an explanation)
ZONE = "ginjontan zone"  # "hand" or "reserve"


def words(template: str, **params: Any) -> Ref:
    """`template` (marked with N_) with `params` in no language (numbers, notation, Refs)."""
    return Ref(WORDS, (template, tuple(params.items())), fill(template, params))


def joined(separator: str, parts: Any) -> Ref:
    """Parts (Refs or values in no language) with `separator` (no words) between them."""
    parts = tuple(parts)
    return Ref(JOINED, (separator, parts), separator.join(str(p) for p in parts))


def colour(letter: str, english: str) -> Ref:
    return Ref(COLOUR, letter, english)


def set_name(count: int, english: str, *, title: bool) -> Ref:
    return Ref(SET, (count, title), english.capitalize() if title else english)


def zone(name: str) -> Ref:
    return Ref(ZONE, name, name)
