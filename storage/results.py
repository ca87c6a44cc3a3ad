"""Final standings, stored when a game finishes, and the server's leaderboard over them."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from storage.database import Database

if TYPE_CHECKING:
    from storage.games import GameRecord



@dataclass(frozen=True)
class Standing:
    user_id: int
    place: int
    points: int


@dataclass(frozen=True)
class LeaderboardRow:
    user_id: int
    games: int
    wins: int  # first places
    average_place: float
    average_points: Fraction  # exact: points may have any number of digits


def store_results(conn: sqlite3.Connection, record: GameRecord[Any], standings: list[Standing]) -> None:
    """Runs inside the finishing transaction (`GameStore` calls it with the kind's `results`)."""
    conn.executemany(
        "INSERT INTO game_results (game_id, guild_id, kind, user_id, place, points, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(record.id, record.guild_id, record.kind, s.user_id, s.place, str(s.points), record.updated_at)
         for s in standings],
    )


async def leaderboard(db: Database, guild_id: int | None, kind: str, limit: int = 20) -> list[LeaderboardRow]:
    """Best average place first (then more first places, then more games)."""

    def read(conn: sqlite3.Connection) -> list[LeaderboardRow]:
        rows = conn.execute(
            "SELECT user_id, COUNT(*), SUM(place = 1), AVG(place), GROUP_CONCAT(points, ' ') FROM game_results"
            " WHERE guild_id IS ? AND kind = ? GROUP BY user_id"
            " ORDER BY AVG(place), SUM(place = 1) DESC, COUNT(*) DESC, user_id LIMIT ?",
            (guild_id, kind, limit),
        ).fetchall()
        return [LeaderboardRow(r[0], r[1], r[2], r[3], Fraction(sum(map(int, r[4].split())), r[1])) for r in rows]

    return await db.read(read)
