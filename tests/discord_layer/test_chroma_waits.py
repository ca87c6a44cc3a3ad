"""Issue 18 item 10: `/chroma waits` reads at a glance: one line of waits, the tiles left of each (four of a face,
less what the hand, the melds, the discards and `seen` show; a suitless silver counts for each of its faces), and
the waits drawn beside the hand with the number left under each. Every expected number is counted from the
notation by hand, in the comments."""

from __future__ import annotations

import re

import pytest

from engine.chroma.state import CHROMA
from render.chroma_pictures import TILE_WIDTH
from tests.support.pictures import decode

NINE_GATES = "1112345678999m"


@pytest.fixture
def player(harness):
    return harness.user("east")


def lines(reply) -> list[str]:
    return reply.embeds[0]["description"].splitlines()


def left_of(reply) -> tuple[int, dict[str, int]]:
    """The total and each wait's number from the line "**Tiles left (n):** 1m ×1 · … · 9m **0 left**"."""
    (line,) = [line for line in lines(reply) if line.startswith("**Tiles left")]
    total, entries = re.fullmatch(r"\*\*Tiles left \((\d+)\):\*\* (.*)", line).groups()
    counts = {}
    for entry in entries.split(" · "):
        face, number = re.fullmatch(r"(\d[mpsz]) (?:×(\d+)|\*\*0 left\*\*)", entry).groups()
        counts[face] = int(number or 0)
    return int(total), counts


async def test_nine_gates_is_one_line_of_waits_and_one_of_tiles_left(harness, player):
    reply = await harness.slash("chroma waits", user=player, hand=NINE_GATES)
    assert reply.ephemeral
    assert lines(reply) == [f"`{NINE_GATES}`", "**Waits (9):** 1m 2m 3m 4m 5m 6m 7m 8m 9m", lines(reply)[2]]
    expected = {"1m": 4 - 3, "2m": 4 - 1, "3m": 4 - 1 + 2,  # the silver 3p and 3s may be read as 3m
                "4m": 4 - 1, "5m": 4 - 1, "6m": 4 - 1, "7m": 4 - 1, "8m": 4 - 1, "9m": 4 - 3}
    assert left_of(reply) == (sum(expected.values()), expected)
    picture = decode(harness.fake.uploads[int(reply.message["attachments"][0]["id"])])
    assert picture.width > (13 + 9) * TILE_WIDTH  # the hand and, beside it, the nine waits
    assert reply.embeds[0]["image"]["url"] == "attachment://hand.png"


async def test_a_wait_with_none_left_is_listed_and_marked(harness, player):
    """Seed 002 "Interpret": tenpai on a face the hand shows four times; nothing is left to bring it."""
    reply = await harness.slash("chroma waits", user=player, hand="1111m234p567p789s")
    assert "**Waits (1):** 1m" in lines(reply)
    assert "**Tiles left (0):** 1m **0 left**" in lines(reply)


@pytest.mark.option_effect("chroma waits", "seen")
@pytest.mark.parametrize(("seen", "expected"), [
    (None, 4 - 1 + 2),  # a plain 3p in hand; the silver 3m and 3s read as 3p
    ("3p3*s1m", 4 - 1 + 2 - 2),
    ("3p3p3*p3*m3*s", 0),
    ("3m3s", 4 - 1 + 2),  # plain 3m and 3s can't be read as 3p
])
async def test_seen_tiles_are_not_left(harness, player, seen, expected):
    options = {"seen": seen} if seen else {}
    reply = await harness.slash("chroma waits", user=player, hand="3p111z222z333z444z", **options)
    assert left_of(reply) == (expected, {"3p": expected})


@pytest.mark.option_effect("chroma waits", "discards")
async def test_discards_are_not_left(harness, player):
    reply = await harness.slash("chroma waits", user=player, hand="3p111z222z333z444z", discards="3*s9m")
    assert left_of(reply) == (4 - 1 + 2 - 1, {"3p": 4 - 1 + 2 - 1})
    assert "**Yes**" in reply.text  # the silver 3s still makes it furiten


@pytest.mark.option_effect("chroma waits", "melds")
@pytest.mark.parametrize(("melds", "expected"), [
    ("444z", 4 - 1 + 2),
    ("345p", 4 - 1 + 2 - 1),
    ("3*m3*p3*s", 4 - 1 + 2 - 3),  # a pon of the three silvers, read as 3m
])
async def test_melded_tiles_are_not_left(harness, player, melds, expected):
    reply = await harness.slash("chroma waits", user=player, hand="3p111z222z333z", melds=melds)
    assert left_of(reply) == (expected, {"3p": expected})


async def test_a_seen_tile_the_set_does_not_hold_is_refused_privately(harness, player):
    reply = await harness.slash("chroma waits", user=player, hand="3*s111z222z333z444z", seen="3*s")
    assert reply.ephemeral and "the set has only 1" in reply.text
    assert await harness.bot.games.get(harness.fake.default_channel, CHROMA) is None
