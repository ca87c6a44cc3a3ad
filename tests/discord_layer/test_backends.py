"""The Discord-layer smoke suite on both backends (issue 20): a table with its Cosmic Deck, an Uno game, undo and a
restart, through the real bot and the fake Discord, on a SQLite file and on a PostgreSQL database."""

from __future__ import annotations

import re

import pytest

from engine.table import TABLE
from engine.uno.rules import UNO
from tests.conftest import BACKENDS
from tests.discord_layer.test_uno import perform, pick, start_game
from tests.fake_discord import Harness


@pytest.fixture(params=BACKENDS)
async def harness(request, fake_discord, tmp_path):
    """The bot on a SQLite file, then on a PostgreSQL database of its own (tests/conftest.py's server)."""
    url = None
    if request.param == "postgresql":
        server = request.getfixturevalue("postgres_server")
        url = await server.new_database()
    h = Harness(fake_discord, None if url else tmp_path / "chaostable.db", database_url=url)
    await h.start_bot()
    yield h
    await h.stop_bot()
    if url is not None:
        await server.drop_database(url)
    assert fake_discord.rejections == [] and not h.errors


async def test_a_table_with_its_cosmic_deck_undo_and_a_restart(harness):
    east, south, west, north = players = [harness.user(n) for n in ("east", "south", "west", "north")]
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    started = await harness.slash("cosmic start", user=east)
    assert "Library: 30" in started.text
    rolled = await harness.slash("cosmic roll", user=south)
    assert re.search(r"paid 1,000 onto the table", rolled.text), rolled.text
    await harness.slash("table riichi", user=west)
    ron = await harness.slash("table ron", user=east, winner=east, loser=north, han=3, fu=30)
    assert not ron.ephemeral
    before = (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state
    undo = await harness.slash("table undo", user=east)
    assert not undo.ephemeral and "Undone: " in undo.text and "ron off" in undo.text
    undone = (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state
    assert undone != before and undone.on_table == 2000  # the roll and the riichi stick are on the table again
    await harness.restart()
    assert (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state == undone
    shown = await harness.slash("table show", user=east)
    assert f"<@{east.id}>" in shown.text
    assert sum(s.points for s in undone.seats) + undone.on_table == 100000
    assert len(players) == 4


async def test_an_uno_game_with_undo_and_a_restart(harness):
    players = [harness.user(n) for n in ("ann", "ben", "cat")]
    users = {p.id: p for p in players}
    await start_game(harness, players)
    for turn in range(6):
        state = (await harness.bot.games.get(harness.fake.default_channel, UNO)).state
        await perform(harness, state, pick(state), users, turn)
    moved = await harness.bot.games.get(harness.fake.default_channel, UNO)
    undo = await harness.slash("uno undo", user=players[0])
    assert not undo.ephemeral, undo.text
    undone = await harness.bot.games.get(harness.fake.default_channel, UNO)
    assert undone.version == moved.version + 1 and undone.state != moved.state
    await harness.restart()
    again = await harness.bot.games.get(harness.fake.default_channel, UNO)
    assert again.state == undone.state and again.version == undone.version
    hand = await harness.slash("uno hand", user=players[0])
    assert hand.ephemeral and hand.message["attachments"]
