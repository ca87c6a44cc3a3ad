"""Gin-jon-tan across games: personal collections (Comment 2) and the tournament rating (Comment)."""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from dataclasses import dataclass

from engine.ginjontan.rating import tier_points
from storage.database import Database

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
    """The server's rating: tier points first, the points total on a tie ("Higher significance has b)"). The
    server's standings come from an index alone (migration 0009). Python adds them up: grouping them in SQLite by
    player, place and game size measured three times slower (616 standings in 420 groups, bench/many_games.py)."""

    def read(conn: sqlite3.Connection) -> list[tuple[int, int, int, str]]:
        return conn.execute(
            "SELECT r.game_id, r.user_id, r.place, r.points FROM game_results r WHERE r.guild_id IS ? AND r.kind = ?",
            (guild_id, KIND)).fetchall()

    rows = await db.read(read)
    size = Counter(game for game, _, _, _ in rows)
    tier: Counter[int] = Counter()
    total: Counter[int] = Counter()
    games: Counter[int] = Counter()
    wins: Counter[int] = Counter()
    for game, user, place, points in rows:
        tier[user] += tier_points(place, size[game])
        total[user] += int(points)
        games[user] += 1
        wins[user] += place == 1
    ranked = sorted(games, key=lambda u: (-tier[u], -total[u], u))
    return [Rating(u, games[u], wins[u], tier[u], total[u]) for u in ranked[:limit]]
