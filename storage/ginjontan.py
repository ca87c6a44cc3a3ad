"""Gin-jon-tan across games: personal collections (Comment 2) and the tournament rating (Comment)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from storage.backend import Backend
from storage.results import exact_sum
from storage.sql import Connection

KIND = "ginjontan"


async def collections(db: Backend, guild_id: int | None, users: list[int]) -> dict[int, tuple[int, ...]]:
    def read(conn: Connection) -> dict[int, tuple[int, ...]]:
        found = {}
        for user in users:
            row = conn.execute("SELECT cards FROM ginjontan_collections WHERE guild_id IS ? AND user_id = ?",
                               (guild_id, user)).fetchone()
            found[user] = tuple(json.loads(row[0])) if row else ()
        return found

    return await db.read(read)


def move_prizes(conn: Connection, guild_id: int | None, transfers: list[tuple[int, int, int]]) -> None:
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


async def tournament(db: Backend, guild_id: int | None, limit: int = 20) -> list[Rating]:
    """The server's rating: tier points first, the points total on a tie ("Higher significance has b)"). One row a
    player (`storage.results.player_totals`)."""

    def read(conn: Connection) -> list[tuple[int, int, int, int, int, str | None]]:
        return conn.execute("SELECT user_id, games, wins, tier_sum, points_small, points_big FROM player_totals"
                            " WHERE guild_id IS ? AND kind = ?", (guild_id, KIND)).fetchall()

    ratings = [Rating(user, games, wins, tier, exact_sum(small, big))
               for user, games, wins, tier, small, big in await db.read(read)]
    return sorted(ratings, key=lambda r: (-r.tier, -r.total, r.user_id))[:limit]
