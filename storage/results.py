"""Final standings, stored when a game finishes, each player's totals over them, and the server's leaderboard."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.ginjontan.rating import tier_points
from storage.backend import Backend
from storage.sql import Connection

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


def store_results(conn: Connection, record: GameRecord[Any], standings: list[Standing]) -> None:
    """Runs inside the finishing transaction (`GameStore` calls it with the kind's `results`)."""
    conn.executemany(
        "INSERT INTO game_results (game_id, guild_id, kind, user_id, place, points, finished_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(record.id, record.guild_id, record.kind, s.user_id, s.place, str(s.points), record.updated_at)
         for s in standings],
    )
    for s in standings:
        _add(conn, record.guild_id, record.kind, s.user_id, s.place, len(standings), s.points, 1)


def forget_results(conn: Connection, game_id: int) -> None:
    """Inside the transaction that reopens a finished game: its standings go, and leave the players' totals."""
    rows = conn.execute("SELECT guild_id, kind, user_id, place, points FROM game_results WHERE game_id = ?",
                        (game_id,)).fetchall()
    for guild_id, kind, user_id, place, points in rows:
        _add(conn, guild_id, kind, user_id, place, len(rows), int(points), -1)
    conn.execute("DELETE FROM game_results WHERE game_id = ?", (game_id,))


# A player's points total is exact however big the points (Aotenjou): migration 0009 sums in SQL only the points of
# up to 9 characters (no sum of them can overflow 64 bits before the file holds billions of rows) into
# `points_small` and keeps the longer ones as text in `points_big`; `_add` keeps one exact total, in `points_small`
# while it fits 64 bits.
SMALL = 10**18


def exact_sum(small: int, big: str | None) -> int:
    """The total of `points_small` and `points_big`."""
    return small + sum(map(int, big.split())) if big else small


def _add(conn: Connection, guild_id: int | None, kind: str, user_id: int, place: int, players: int,
         points: int, sign: int) -> None:
    """Add one standing to a player's totals (`sign` 1), or take it back (-1)."""
    key = (guild_id, kind, user_id)
    row = conn.execute("SELECT games, wins, place_sum, tier_sum, points_small, points_big FROM player_totals"
                       " WHERE guild_id IS ? AND kind = ? AND user_id = ?", key).fetchone()
    games, wins, place_sum, tier_sum, small, big = row if row is not None else (0, 0, 0, 0, 0, None)
    tier = tier_points(place, players) if kind == "ginjontan" else 0
    total = exact_sum(small, big) + sign * points
    conn.execute("DELETE FROM player_totals WHERE guild_id IS ? AND kind = ? AND user_id = ?", key)
    if games + sign:
        conn.execute("INSERT INTO player_totals (guild_id, kind, user_id, games, wins, place_sum, tier_sum,"
                     " points_small, points_big) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                     (*key, games + sign, wins + sign * (place == 1), place_sum + sign * place,
                      tier_sum + sign * tier, *((total, None) if -SMALL < total < SMALL else (0, str(total)))))


async def leaderboard(db: Backend, guild_id: int | None, kind: str, limit: int = 20) -> list[LeaderboardRow]:
    """Best average place first (then more first places, then more games). One row a player (`player_totals`)."""

    def read(conn: Connection) -> list[LeaderboardRow]:
        rows = conn.execute(
            "SELECT user_id, games, wins, CAST(place_sum AS DOUBLE PRECISION) / games AS average, points_small,"
            " points_big FROM player_totals WHERE guild_id IS ? AND kind = ?"
            " ORDER BY average, wins DESC, games DESC, user_id LIMIT ?",
            (guild_id, kind, limit),
        ).fetchall()
        return [LeaderboardRow(r[0], r[1], r[2], r[3], Fraction(exact_sum(r[4], r[5]), r[1])) for r in rows]

    return await db.read(read)
