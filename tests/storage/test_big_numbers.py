"""Issue 16, item 3: final points of any size are stored exactly (Aotenjou scores outgrow SQLite's 64-bit
integers), read back exactly by the leaderboard and the Gin-jon-tan rating, and migration 0006 keeps old rows."""

from __future__ import annotations

import sqlite3
from fractions import Fraction

import pytest

from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import GINJONTAN, new_lobby
from engine.table import TABLE
from storage import Database, GameStore, database
from storage.ginjontan import tournament
from storage.results import Standing, leaderboard, store_results
from tests.engine import table_reference as ref
from tests.support.postgres import refusals
from tests.support.table import end_table

GUILD = 9
INT64 = 2**63 - 1


@pytest.fixture
async def store(database):
    """On SQLite, then on PostgreSQL (tests/conftest.py)."""
    return GameStore(database)


async def finished(store, channel, kind, places):
    await store.start(channel, GINJONTAN, new_lobby(places[0][0], GinjontanOptions(), 1), guild_id=GUILD,
                      actor_id=places[0][0])
    await store.finish(channel, GINJONTAN, actor_id=None, on_finish=lambda conn, record: store_results(
        conn, record, [Standing(u, place, pts) for u, place, pts in places]))


@pytest.mark.parametrize("big", [INT64 + 1, 10**40, 7**400, -(10**60) - 3])
async def test_points_beyond_64_bits_are_stored_and_averaged_exactly(store, big):
    await finished(store, 1, GINJONTAN, [(10, 1, big), (20, 2, -big)])
    await finished(store, 2, GINJONTAN, [(20, 1, 1), (10, 2, 2)])
    rows = {r.user_id: r for r in await leaderboard(store.db, GUILD, GINJONTAN.name)}
    assert rows[10].average_points == Fraction(big + 2, 2)
    assert rows[20].average_points == Fraction(1 - big, 2)
    assert [r.user_id for r in await leaderboard(store.db, GUILD, GINJONTAN.name)] == [10, 20]  # places: 1.5 each,
    # then first places (one each), then games (two each), then the user id


async def test_the_ginjontan_rating_totals_huge_points_exactly(store):
    # seed 004, Comment a): the plain total of points breaks a tie in tier points
    await finished(store, 1, GINJONTAN, [(10, 1, 10**30), (20, 2, 10**30 + 1)])
    await finished(store, 2, GINJONTAN, [(20, 1, 5), (10, 2, 5)])
    rows = await tournament(store.db, GUILD)
    assert [(r.user_id, r.total) for r in rows] == [(20, 10**30 + 6), (10, 10**30 + 5)]


async def test_migration_0006_keeps_existing_points(tmp_path):
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    for _, _, sql in database.migrations()[:5]:
        conn.executescript(sql)
    conn.execute("PRAGMA user_version = 5")
    conn.execute("INSERT INTO games (id, channel_id, kind, status, state, version, created_at, updated_at)"
                 " VALUES (1, 1, 'table', 'finished', '{}', 0, 'x', 'x')")
    old = [(1, GUILD, "table", 10, 1, INT64, "x"), (1, GUILD, "table", 20, 2, -INT64 - 1, "x"),
           (1, GUILD, "table", 30, 3, 0, "x")]
    conn.executemany("INSERT INTO game_results VALUES (?, ?, ?, ?, ?, ?, ?)", old)
    conn.commit()
    conn.close()
    db = await Database.open(path)
    try:
        rows = await leaderboard(db, GUILD, "table")
        assert [(r.user_id, r.average_points) for r in rows] == [(u, p) for _, _, _, u, _, p, _ in old]
        types = await db.read(lambda c: [r[0] for r in c.execute("SELECT typeof(points) FROM game_results")])
        assert types == ["text"] * 3
    finally:
        await db.close()


@pytest.mark.parametrize("forged", ["1e5", "05", "-0", "", "1 ", "--1", "٣", 5.5])
async def test_a_stored_point_is_a_plain_decimal(store, forged):
    await finished(store, 1, GINJONTAN, [(10, 1, 5)])
    with pytest.raises(refusals()):
        await store.db.write(lambda conn: conn.execute("UPDATE game_results SET points = ?", (forged,)))


async def test_table_end_stores_an_aotenjou_score_over_64_bits(harness):
    # seed 001, glossary: aotenjou has no limits, fu x 2^(2+han); 78 han 110 fu pays far beyond 2^63
    players = [harness.user(name) for name in ("east", "south", "west", "north")]
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north, aotenjou=True)
    paid = ref.ron_payment(ref.base_points(78, 110, aotenjou=True), dealer=True)
    assert paid > INT64
    await harness.slash("table ron", user=east, winner=east, loser=south, han=78, fu=110)
    await harness.slash("table set", user=east, player=south, points=0)
    ended = await end_table(harness, east)
    assert not ended.ephemeral
    board = await harness.slash("table leaderboard", user=east)
    assert f"{25000 + paid:,}" in board.text
    rows = await leaderboard(harness.bot.db, harness.fake.guild_id, TABLE.name)
    assert rows[0].user_id == east.id and rows[0].average_points == 25000 + paid
