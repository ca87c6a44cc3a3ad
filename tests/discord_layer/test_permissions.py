"""Acting on someone else's behalf (issue 16, item 8; docs/rulings.md, Mahjong table): a seated player may not
spend another player's points; that player, the host or Manage Channel may."""

from __future__ import annotations

import pytest

from engine.table import TABLE

STARTING = 25000


@pytest.fixture
def seats(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


async def table(harness):
    return (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state


def points(state):
    return {seat.player: seat.points for seat in state.seats}


async def start(harness, seats):
    east, south, west, north = seats
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)


@pytest.mark.option_effect("table pay", "player", "to")
async def test_a_player_cannot_pay_themselves_from_someone_elses_points(harness, seats):
    _, south, west, _ = seats  # the first, east, is the host
    await start(harness, seats)
    before = await table(harness)
    refused = await harness.slash("table pay", user=south, amount=8000, to=south, player=west)
    assert refused.ephemeral and "Only <@" in refused.text and "Manage Channel" in refused.text
    assert await table(harness) == before
    undo = await harness.slash("table undo", user=west)  # nothing of the refused payment to undo
    assert undo.ephemeral

    paid = await harness.slash("table pay", user=west, amount=8000, to=south, player=west)  # the payer themselves
    assert not paid.ephemeral
    expected = {**points(before), west.id: STARTING - 8000, south.id: STARTING + 8000}
    assert points(await table(harness)) == expected


async def test_the_host_and_manage_channel_may_pay_for_a_player(harness, seats):
    east, south, west, north = seats
    await start(harness, seats)
    moderator = harness.user("moderator", manager=True)  # not seated
    await harness.slash("table pay", user=east, amount=1000, to=north, player=west)
    await harness.slash("table pay", user=moderator, amount=300, player=south)
    s = await table(harness)
    assert points(s) == {east.id: STARTING, south.id: STARTING - 300, west.id: STARTING - 1000,
                         north.id: STARTING + 1000}
    assert s.on_table == 300


@pytest.mark.option_effect("table riichi", "player")
async def test_riichi_for_someone_else_is_for_the_host_or_manage_channel(harness, seats):
    east, south, west, _ = seats
    await start(harness, seats)
    before = await table(harness)
    refused = await harness.slash("table riichi", user=south, player=west)
    assert refused.ephemeral and await table(harness) == before
    await harness.slash("table riichi", user=east, player=west)
    s = await table(harness)
    assert s.seat(west.id).riichi and s.seat(west.id).points == STARTING - 1000 and s.on_table == 1000


@pytest.mark.option_effect("table take", "player")
async def test_taking_from_the_table_for_someone_else_is_for_the_host_or_manage_channel(harness, seats):
    _, south, west, _ = seats
    await start(harness, seats)
    await harness.slash("table pay", user=south, amount=2000)  # south's own points onto the table
    before = await table(harness)
    refused = await harness.slash("table take", user=south, amount=2000, player=west)
    assert refused.ephemeral and await table(harness) == before
    await harness.slash("table take", user=west, amount=2000)
    s = await table(harness)
    assert s.seat(west.id).points == STARTING + 2000 and s.on_table == 0


async def test_someone_not_seated_and_not_managing_cannot_act_for_a_player(harness, seats):
    await start(harness, seats)
    stranger = harness.user("stranger")
    before = await table(harness)
    refused = await harness.slash("table pay", user=stranger, amount=1000, to=stranger, player=seats[1])
    assert refused.ephemeral and await table(harness) == before
