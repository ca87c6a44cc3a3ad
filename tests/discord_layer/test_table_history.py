"""/table history (issue 17 item 6): Older/Newer buttons through every entry, and the score sheet as CSV."""

from __future__ import annotations

import copy
import csv
import io
import re

import pytest

from engine.table import TABLE
from tests.engine import table_reference as ref
from tests.fake_discord.harness import components
from tests.support.table import end_table

PAGE = 25
NAMES = ("east", "south", "west", "north")


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in NAMES]


async def start(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)


def seqs(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"`\s*(\d+)`", text)]


def labels(message) -> list[str]:
    return [c.get("label") for c in components(message) if c["type"] == 2]


async def test_older_and_newer_page_through_sixty_entries(harness, players):
    # issue 17 item 6: every entry is reachable; the buttons carry channel, game and page.
    await start(harness, players)
    east = players[0]
    for n in range(1, 60):
        await harness.slash("table set", user=east, player=east, points=1000 * n)
    reply = await harness.slash("table history", user=players[2])
    assert reply.ephemeral and labels(reply.message) == ["Older"]
    pages = [seqs(reply.text)]
    message = reply.message
    while "Older" in labels(message):
        pressed = await harness.click(message, user=players[2], label="Older")
        assert pressed.response_type == 7
        message = pressed.message
        pages.append(seqs(pressed.text))
    assert labels(message) == ["Newer"]
    assert [len(p) for p in pages] == [PAGE, PAGE, 60 - 2 * PAGE]
    assert sorted(n for p in pages for n in p) == list(range(60))  # every entry once
    assert pages[0][-1] == 59 and pages[-1][0] == 0  # newest first page, oldest last
    back = []
    while "Newer" in labels(message):
        pressed = await harness.click(message, user=players[2], label="Newer")
        message = pressed.message
        back.append(seqs(pressed.text))
    assert back == pages[-2::-1]


def forge(harness, message, change) -> dict:
    """The message as the fake holds it, its first button's custom_id rewritten (a modified client)."""
    stored = harness.fake.messages[int(message["id"])]
    button = components(stored)[0]
    button["custom_id"] = change(button["custom_id"])
    return copy.deepcopy(stored)


def part(index: int, value: str):
    """Rewrite one part of `ct:table:history:<channel>:<game>:<page>`."""
    return lambda cid: ":".join(value if i == index else p for i, p in enumerate(cid.split(":")))


@pytest.mark.parametrize("change, words", [
    (part(5, "9"), "no page 9"),
    (part(5, "0"), "doesn't match"),
    (part(3, "12345"), "doesn't match"),
    (part(4, "999999"), "ended"),
])
async def test_a_forged_history_button_is_refused_kindly(harness, players, change, words):
    await start(harness, players)
    for n in range(1, 30):
        await harness.slash("table set", user=players[0], player=players[0], points=1000 * n)
    reply = await harness.slash("table history", user=players[1])
    before = reply.text
    pressed = await harness.click(forge(harness, reply.message, change), user=players[1], label="Older")
    assert pressed.ephemeral and pressed.response_type == 4 and words in pressed.text.lower()
    assert harness.fake.messages[int(reply.message["id"])]["embeds"][0]["description"] in before  # unchanged


async def test_a_history_button_of_an_ended_table_is_refused(harness, players):
    await start(harness, players)
    for n in range(1, 30):
        await harness.slash("table set", user=players[0], player=players[0], points=1000 * n)
    reply = await harness.slash("table history", user=players[0])
    await end_table(harness, players[0])
    await start(harness, players)
    pressed = await harness.click(reply.message, user=players[0], label="Older")
    assert pressed.ephemeral and pressed.response_type == 4 and "ended" in pressed.text.lower()


def expected_points(players: int = 4, start: int = 25000) -> list[list[int]]:
    """Seat points after each standing entry of `play`, from the payment table written in the tests."""
    deltas = [
        [0, -1000, 0, 0],  # south's riichi stick onto the table
        ref.ron_deltas(4, 2, [(1, ref.ron_payment(ref.base_points(3, 30), dealer=False))], honba=0, on_table=1000),
        [-1000, 0, 0, 1000],  # east pays north
        ref.tsumo_deltas(4, 3, 1, ref.tsumo_payments(ref.base_points(2, 30), dealer=False), honba=0, on_table=0),
        ref.noten_deltas(4, {0}),
    ]
    totals = [[start] * players]
    for change in deltas:
        totals.append([t + d for t, d in zip(totals[-1], change, strict=True)])
    return totals


async def play(harness, players):
    east, south, west, north = players
    await harness.slash("table riichi", user=south)
    await harness.slash("table ron", user=south, winner=south, loser=west, han=3, fu=30)
    await harness.slash("table pay", user=east, amount=1000, to=north)
    await harness.slash("table tsumo", user=north, winner=north, han=2, fu=30)
    await harness.slash("table riichi", user=east)
    await harness.slash("table undo", user=east)  # neither the riichi nor its undo is on the sheet
    draw = await harness.slash("table draw", user=east)
    await harness.choose(draw.message, [str(east.id)], user=east)


@pytest.mark.option_effect("table history", "export")
async def test_export_csv_is_the_whole_score_sheet(harness, players):
    # issue 17 item 6; seed 000 rules 3.1 and 3.2: each row's changes add up to the standings.
    await start(harness, players)
    await play(harness, players)
    reply = await harness.slash("table history", user=players[1], export="csv")
    assert reply.ephemeral
    attachment, = reply.message["attachments"]
    assert attachment["filename"].endswith(".csv")
    rows = list(csv.DictReader(io.StringIO(harness.fake.uploads[int(attachment["id"])].decode("utf-8-sig"))))
    assert [r["kind"] for r in rows] == ["start", "riichi", "ron", "pay", "tsumo", "draw"]
    expected = expected_points()
    for row, totals, before in zip(rows, expected, [expected[0], *expected[:-1]], strict=True):
        assert [int(row[f"{name} total"]) for name in NAMES] == totals
        assert [int(row[f"{name} change"]) for name in NAMES] == [t - b for t, b in zip(totals, before, strict=True)]
    game = await harness.bot.games.get(harness.fake.default_channel, TABLE)
    assert [s.points for s in game.state.seats] == expected[-1]
    ron = rows[2]
    assert (ron["round"], ron["honba"], ron["winners"], ron["payers"], ron["value"]) == \
           ("East 1", "0", "south", "west", "3 han 30 fu")
    assert rows[4]["winners"] == "north" and set(rows[4]["payers"].split(", ")) == {"east", "south", "west"}
    assert rows[4]["round"] == "East 2" and rows[5]["round"] == "East 3"
    assert [int(r["on the table"]) for r in rows] == [0, 1000, 0, 0, 0, 0]


async def test_csv_cells_never_start_a_formula(harness):
    # A display name is typed by a player: a spreadsheet must not run "=..." from it.
    players = [harness.user(name) for name in ("=HYPERLINK(1)", "+south", "@west", "north")]
    await start(harness, players)
    await harness.slash("table pay", user=players[0], amount=1000, to=players[1])
    reply = await harness.slash("table history", user=players[0], export="csv")
    text = harness.fake.uploads[int(reply.message["attachments"][0]["id"])].decode("utf-8-sig")
    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    assert {"'=HYPERLINK(1) total", "'+south change", "'=HYPERLINK(1)"} <= set(cells)  # the payer's cell too
    assert not any(cell[:1] in "=+@" for cell in cells if cell)


async def test_history_names_others_not_you_and_heads_each_hand(harness, players):
    # issue 18, item 9: "by <@you>" is left out; a header line opens each hand
    east, south, west, _ = players
    await start(harness, players)
    await harness.slash("table riichi", user=east)
    await harness.slash("table ron", user=south, winner=south, loser=west, han=3, fu=30)  # the deal passes
    mine = await harness.slash("table history", user=east)
    lines = mine.embeds[0]["description"].splitlines()
    assert lines[0] == "**East 1, 0 honba**" and lines[-1].startswith("`  2`") and lines[-1].endswith(f"<@{south.id}>")
    assert "by" not in lines[2] and "declared riichi" in lines[2]
    await harness.slash("table riichi", user=south)
    theirs = (await harness.slash("table history", user=south)).embeds[0]["description"].splitlines()
    assert theirs[-2] == "**East 2, 0 honba**" and "by" not in theirs[-1] and theirs[2].endswith(f"by <@{east.id}>")
