"""Gin-jon-tan across games: personal collections (Comment 2) and the tournament rating (Comment)."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from dataclasses import dataclass

from engine.ginjontan.rating import tier_points
from storage.database import Database
from storage.results import POINTS_SUM, exact_sum

KIND = "ginjontan"


async def collections(db: Database, guild_id: int | None, users: list[int]) -> dict[int, tuple[int, ...]]:
    def read(conn: sqlite3.Connection) -> dict[int, tuple[int, ...]]:
        found = {}
        for user in users:
            row = conn.execute("SELECT cards FROM ginjontan_collections WHERE guild_id IS ? AND user_id = ?",
                               (guild_id, user)).fetchone()
            found[user] = tuple(json.loads(row[0])) if row else ()
        return found

    return await db.read(read)


def move_prizes(conn: sqlite3.Connection, guild_id: int | None, transfers: list[tuple[int, int, int]]) -> None:
    """Inside the finishing transaction: each (from, to, card) leaves `from`'s collection (if it is there: a
    drafted deck may hold top-up cards) and joins `to`'s."""
    users = {u for f, t, _ in transfers for u in (f, t)}
    held: dict[int, list[int]] = {}
    for user in users:
        row = conn.execute("SELECT cards FROM ginjontan_collections WHERE guild_id IS ? AND user_id = ?",
                           (guild_id, user)).fetchone()
        held[user] = json.loads(row[0]) if row else []
    for giver, taker, cid in transfers:
        if cid in held[giver]:
            held[giver].remove(cid)
        held[taker].append(cid)
    for user, cards in held.items():
        conn.execute("DELETE FROM ginjontan_collections WHERE guild_id IS ? AND user_id = ?", (guild_id, user))
        conn.execute("INSERT INTO ginjontan_collections (guild_id, user_id, cards) VALUES (?, ?, ?)",
                     (guild_id, user, json.dumps(sorted(cards))))


@dataclass(frozen=True)
class Rating:
    user_id: int
    games: int
    wins: int
    tier: int  # Comment b): places
    total: int  # Comment a): plain total of points


async def tournament(db: Database, guild_id: int | None, limit: int = 20) -> list[Rating]:
    """The server's rating: tier points first, the points total on a tie ("Higher significance has b)"). SQLite
    counts each player's places by the size of the game; Python weighs them with the tier points."""

    def read(conn: sqlite3.Connection) -> list[tuple[int, int, int, int, int, str | None]]:
        return conn.execute(
            f"SELECT user_id, place, (SELECT COUNT(*) FROM game_results s WHERE s.game_id = r.game_id) AS size,"
            f" COUNT(*), {POINTS_SUM} FROM game_results r WHERE guild_id IS ? AND kind = ?"
            " GROUP BY user_id, place, size", (guild_id, KIND)).fetchall()

    tier: Counter[int] = Counter()
    total: Counter[int] = Counter()
    games: Counter[int] = Counter()
    wins: Counter[int] = Counter()
    for user, place, size, count, small, big in await db.read(read):
        tier[user] += tier_points(place, size) * count
        total[user] += exact_sum(small, big)
        games[user] += count
        wins[user] += count if place == 1 else 0
    ranked = sorted(games, key=lambda u: (-tier[u], -total[u], u))
    return [Rating(u, games[u], wins[u], tier[u], total[u]) for u in ranked[:limit]]
