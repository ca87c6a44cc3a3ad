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


# Points are summed in SQL where that is exact: SQLite adds integers of up to 9 characters ("-99999999" to
# "999999999") exactly, and a sum of them can't overflow 64 bits before the file holds billions of rows. Longer ones
# (Aotenjou) come back as text and are added in Python. Either way nothing is rounded.
POINTS_SUM = ("SUM(CASE WHEN length(points) <= 9 THEN CAST(points AS INTEGER) ELSE 0 END),"
              " GROUP_CONCAT(CASE WHEN length(points) > 9 THEN points END, ' ')")


def exact_sum(small: int, big: str | None) -> int:
    """The total of the two columns `POINTS_SUM` selects."""
    return small + sum(map(int, big.split())) if big else small


async def leaderboard(db: Database, guild_id: int | None, kind: str, limit: int = 20) -> list[LeaderboardRow]:
    """Best average place first (then more first places, then more games). Aggregated by SQLite from an index that
    holds the server's standings by player, so only `limit` rows reach Python."""

    def read(conn: sqlite3.Connection) -> list[LeaderboardRow]:
        rows = conn.execute(
            f"SELECT user_id, COUNT(*), SUM(place = 1), AVG(place), {POINTS_SUM} FROM game_results"
            " WHERE guild_id IS ? AND kind = ? GROUP BY user_id"
            " ORDER BY AVG(place), SUM(place = 1) DESC, COUNT(*) DESC, user_id LIMIT ?",
            (guild_id, kind, limit),
        ).fetchall()
        return [LeaderboardRow(r[0], r[1], r[2], r[3], Fraction(exact_sum(r[4], r[5]), r[1])) for r in rows]

    return await db.read(read)
