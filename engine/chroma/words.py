"""What Chroma-jong's engine says, left in no language (issue 21): an English template marked with `engine.text.N_`
and its params as an `engine.text.Ref` that render/chroma.py words in the player's language. `str()` of each is its
English form (logs, tests, `GameError.message`)."""

from __future__ import annotations

from typing import Any

from engine.text import Ref, fill

WORDS = "chroma words"  # (template, ((name, value), ...))
PART = "chroma part"  # which option's tiles: "hand", "melds", "discards", "winning tile", ...
CHROMA = "chroma"  # a chroma's value ("silver", ...)
YAKU = "chroma yaku"  # a yaku of the `mahjong` package, by its name there


def words(template: str, **params: Any) -> Ref:
    return Ref(WORDS, (template, tuple(params.items())), fill(template, params))


def part(name: str) -> Ref:
    return Ref(PART, name, name)


def chroma(value: str) -> Ref:
    return Ref(CHROMA, value, value)


def yaku(name: str) -> Ref:
    return Ref(YAKU, name, name)
