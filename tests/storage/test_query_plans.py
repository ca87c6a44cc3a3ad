"""Every statement start-up and the commands run is an index search, so its cost does not grow with the finished
games stored (issue 19: with 100,000 games, start-up and commands as fast as with 100; bench/many_games.py times it).
The statements are the real ones, traced on the bot's connection while it works, then explained by SQLite."""

from __future__ import annotations

import re
import sqlite3

from bot import GAME_KINDS
from storage.command_sync import synced_hash
from tests.support.table import end_table

HISTORY_TABLES = ("games", "game_events", "game_snapshots", "game_results", "player_totals", "ginjontan_collections",
                  "game_messages")
# Timers resume and repair look at every active game: a scan of the index that holds active games alone.
ACTIVE_ONLY = "SCAN games USING INDEX games_one_active_per_channel"
SKIPPED = re.compile(r"^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|PRAGMA|--)", re.IGNORECASE)


def full_scans(path, statements: list[str]) -> dict[str, list[str]]:
    """Each statement that reads a whole history table (or a whole index of one), with its plan."""
    conn = sqlite3.connect(path)
    try:
        found = {}
        for sql in dict.fromkeys(s for s in statements if not SKIPPED.match(s)):
            plan = [row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}")]
            scans = [step for step in plan if step != ACTIVE_ONLY and
                     re.match(rf"SCAN ({'|'.join(HISTORY_TABLES)})\b", step)]
            if scans:
                found[sql] = plan
        return found
    finally:
        conn.close()


async def test_start_up_and_commands_search_indexes_only(harness):
    bot = harness.bot
    statements: list[str] = []
    await bot.db.read(lambda conn: conn.set_trace_callback(statements.append))
    east, south, west, north = (harness.user(name) for name in ("east", "south", "west", "north"))
    await bot.games.repair(GAME_KINDS)
    await bot.uno_timers.resume()
    await bot.ginjontan_timers.resume()
    await synced_hash(bot.db)
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    await harness.slash("table show", user=south)
    await harness.slash("table riichi", user=west)
    await harness.slash("table undo", user=west)
    await harness.slash("table ron", user=east, winner=south, loser=north, han=3, fu=30)
    await harness.slash("table history", user=north)
    await end_table(harness, east)
    reopened = await harness.slash("table undo", user=east)
    assert not reopened.ephemeral, reopened.text
    await end_table(harness, east)
    for command in ("table leaderboard", "uno leaderboard", "ginjontan standings", "ginjontan collection"):
        await harness.slash(command, user=north)
    await harness.slash("uno new", user=south)
    await harness.slash("uno end", user=south)
    await bot.db.read(lambda conn: conn.set_trace_callback(None))
    assert len(statements) > 20
    assert full_scans(harness.database_path, statements) == {}


async def test_the_check_catches_a_lookup_without_its_index(harness):
    """The same check, on the undo of an end with the index that serves it dropped, names that statement."""
    east, south, west = (harness.user(name) for name in ("east", "south", "west"))
    await harness.slash("table start", user=east, east=east, south=south, west=west)
    await end_table(harness, east)
    statements: list[str] = []
    await harness.bot.db.read(lambda conn: conn.set_trace_callback(statements.append))
    await harness.slash("table undo", user=east)
    await harness.bot.db.read(lambda conn: conn.set_trace_callback(None))
    await harness.bot.db.write(lambda conn: conn.execute("DROP INDEX games_by_channel"))
    scans = full_scans(harness.database_path, statements)
    assert scans and all("FROM games WHERE channel_id" in sql for sql in scans)
