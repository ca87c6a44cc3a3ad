"""Issue 17 item 9: a Cosmic Deck card that moves points gets a button on its reveal that makes the payment as one
undoable table entry; "(yakitori)" shows only at a table that plays yakitori. Expected amounts are read from the
card texts (seed 001: "you" is the revealer; seed 000 3.1: no recipient, onto the table; 3.2: to the recipient)."""

from __future__ import annotations

import copy
import random
import re
import sys

import pytest

from engine import cosmic
from engine.deck import load_shipped
from engine.table import TABLE
from tests.fake_discord.harness import components

SHIPPED = load_shipped("cosmic")


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


def seed_revealing(card: str) -> int:
    """A seed whose first die is odd and whose shuffled Library has `card` on top."""
    for seed in range(100_000):
        if random.Random(f"{seed}:die:0").randint(1, 6) % 2 and cosmic.start(SHIPPED, 4, seed).library[0] == card:
            return seed
    raise AssertionError(f"no seed reveals {card}")


async def state(harness):
    return (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state


def points(s) -> list[int]:
    return [seat.points for seat in s.seats]


async def reveal(harness, monkeypatch, players, card: str, roller):
    seed = seed_revealing(card)
    monkeypatch.setattr(sys.modules["cogs.cosmic"], "new_seed", lambda: seed)  # the loaded extension
    await harness.slash("cosmic start", user=players[0])
    reply = await harness.slash("cosmic roll", user=roller)
    name = SHIPPED.card(card).name
    assert f"Pay: {name}" in [c.get("label") for c in components(reply.message)]
    return reply, f"Pay: {name}"


async def start(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)


async def press_old(harness, message, user):
    """Press the first button of `message` as it was (an old copy of the message, kept by a client)."""
    button = components(message)[0]
    data = {"custom_id": button["custom_id"], "component_type": 2}
    return await harness._send(harness._envelope(3, data, user, int(message["channel_id"]), message=message))


async def test_cosmic_tribute_is_paid_once_by_its_button_and_undone_by_table_undo(harness, monkeypatch, players):
    east, south, west, north = players
    await start(harness, players)
    reply, label = await reveal(harness, monkeypatch, players, "cosmic-tribute", west)
    amount = int(re.search(r"Each other player pays you (\d+) points", SHIPPED.card("cosmic-tribute")
                           .text_for(sanma=False)).group(1))
    old = copy.deepcopy(reply.message)
    before = points(await state(harness))

    watcher = harness.user("watcher")
    refused = await harness.click(reply.message, user=watcher, label=label)
    assert refused.ephemeral and points(await state(harness)) == before

    paid = await harness.click(reply.message, user=south, label=label)
    await paid.followed_up()
    assert points(await state(harness)) == [before[0] - amount, before[1] - amount, before[2] + 3 * amount,
                                            before[3] - amount]
    public = paid.record.followups[0]
    assert not public.get("flags", 0) & 64 and f"<@{east.id}> paid {amount:,} to <@{west.id}>" in public["content"]
    assert components(harness.fake.messages[int(reply.message["id"])]) == []  # the button is gone

    again = await press_old(harness, old, south)
    assert again.ephemeral and "already" in again.text and points(await state(harness)) == [
        before[0] - amount, before[1] - amount, before[2] + 3 * amount, before[3] - amount]

    await harness.slash("table undo", user=south)  # one entry: one undo gives every point back
    assert points(await state(harness)) == before
    status = await harness.slash("cosmic status", user=north)
    assert "Payments to make" in status.text
    repaid = await harness.click(status.message, user=north, label=label)
    await repaid.followed_up()
    assert points(await state(harness))[2] == before[2] + 3 * amount


async def test_yakitori_roast_charges_only_players_still_yakitori(harness, monkeypatch, players):
    east, south, _, north = players
    await start(harness, players)
    await harness.slash("table ron", user=south, winner=south, loser=north, han=1, fu=30)  # south is no longer yakitori
    reply, label = await reveal(harness, monkeypatch, players, "yakitori-roast", east)
    amount = int(re.search(r"puts (\d+) points on the table", SHIPPED.card("yakitori-roast").text).group(1))
    before = await state(harness)
    paid = await harness.click(reply.message, user=north, label=label)
    await paid.followed_up()
    after = await state(harness)
    assert points(after) == [p - (0 if player is south else amount)
                             for player, p in zip(players, points(before), strict=True)]
    assert after.on_table == before.on_table + 3 * amount


async def test_yakitori_is_shown_only_when_the_table_plays_it(harness, players):
    # seed 001 glossary: yakitori is a Cosmic Deck matter; the shipped deck has Yakitori Roast.
    await start(harness, players)
    plain = await harness.slash("table show", user=players[0])
    assert "yakitori" not in plain.text and "(dealer)" in plain.text
    await harness.slash("cosmic start", user=players[0])
    shown = await harness.slash("table show", user=players[0])
    assert "(dealer, yakitori)" in shown.text
