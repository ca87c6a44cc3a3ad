"""Final standings, stored when a game finishes, each player's totals over them (for all time, and per season), and
the server's leaderboard and statistics."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.errors import GameError
from engine.ginjontan.rating import tier_points
from engine.table_stats import HandTally, hand_tallies
from engine.text import N_, command
from storage.backend import Backend
from storage.sql import Connection, dialect

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


@dataclass(frozen=True)
class PlayerTotals:
    """A player's totals over the games that count (all time, or one season): places from the stored standings, and
    for a table the hands counted from each game's log (engine/table_stats.py)."""

    user_id: int
    games: int
    wins: int  # first places
    lasts: int  # last places: the game's worst place, shared or not
    place_sum: int
    tier_sum: int  # Gin-jon-tan tier points
    points: int
    hands: int
    hand_wins: int
    deal_ins: int
    riichi: int
    win_points: int


class SeasonEnded(GameError):
    code = "season_ended"

    def __init__(self, name: str) -> None:
        super().__init__(N_("This game counts in the season {season}, which has ended: its results can't be taken "
                            "back any more."), N_("Correct a hand instead with {command}."), season=name,
                         command=command("table correct"))


# The totals a standing adds to: counts, and exact sums kept as `<name>_small` and `<name>_big` (below).
COUNTS = ("games", "wins", "lasts", "place_sum", "tier_sum", "hands", "hand_wins", "deal_ins", "riichi")
EXACT = ("points", "win_points")
_COLUMNS = COUNTS + tuple(f"{name}_{part}" for name in EXACT for part in ("small", "big"))
ALL_TIME = ("player_totals", ("guild_id", "kind", "user_id"), "guild_id IS ? AND kind = ? AND user_id = ?")
IN_SEASON = ("season_totals", ("season_id", "user_id"), "season_id = ? AND user_id = ?")


def open_season(conn: Connection, guild_id: int | None, kind: str) -> int | None:
    """The id of the server's open season of this kind, if any: locked, so that a season ending at the same moment
    (another process) either sees this game's results or waits for them."""
    if guild_id is None:
        return None
    row = conn.execute(f"SELECT id FROM seasons WHERE guild_id = ? AND kind = ? AND status = 'open'"
                       f"{dialect(conn).for_update}", (guild_id, kind)).fetchone()
    return None if row is None else int(row[0])


_CURRENT: Any = object()


def store_results(conn: Connection, record: GameRecord[Any], standings: list[Standing], *,
                  season_id: int | None = _CURRENT) -> None:
    """Runs inside the finishing transaction (`GameStore` calls it with the kind's `results`). The game counts in the
    season open now, unless `season_id` says which (a corrected game keeps its season)."""
    season = open_season(conn, record.guild_id, record.kind) if season_id is _CURRENT else season_id
    tallies = table_tallies(conn, record.id, [s.user_id for s in standings]) if record.kind == "table" else {}
    worst = max((s.place for s in standings), default=0)
    rows = [(s, tallies.get(s.user_id, HandTally())) for s in standings]
    conn.executemany(
        "INSERT INTO game_results (game_id, guild_id, kind, user_id, place, points, finished_at, season_id, hands,"
        " hand_wins, deal_ins, riichi, win_points) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [(record.id, record.guild_id, record.kind, s.user_id, s.place, str(s.points), record.updated_at, season,
          t.hands, t.wins, t.deal_ins, t.riichi, str(t.win_points)) for s, t in rows])
    for s, t in rows:
        _add_everywhere(conn, record.guild_id, record.kind, season, s.user_id,
                        _delta(record.kind, s.place, len(standings), s.place == worst, s.points, t), 1)
    if season is not None:
        conn.execute("UPDATE seasons SET games = games + 1 WHERE id = ?", (season,))


def forget_results(conn: Connection, game_id: int, *, ended_seasons: bool = False) -> int | None:
    """Inside the transaction that reopens (or corrects) a finished game: its standings go, and leave the players'
    totals. Refused (`SeasonEnded`) if the game counts in a season that has ended, unless `ended_seasons` (a
    correction, which archives the season again). Returns the game's season."""
    rows = conn.execute("SELECT guild_id, kind, user_id, place, points, season_id, hands, hand_wins, deal_ins, riichi,"
                        " win_points FROM game_results WHERE game_id = ?", (game_id,)).fetchall()
    season = next((row[5] for row in rows), None)
    if season is not None and not ended_seasons:
        name, status = conn.execute("SELECT name, status FROM seasons WHERE id = ?", (season,)).fetchone()
        if status == "ended":
            raise SeasonEnded(name)
    worst = max((row[3] for row in rows), default=0)
    for guild_id, kind, user_id, place, points, _, hands, wins, deal_ins, riichi, win_points in rows:
        tally = HandTally(hands, wins, deal_ins, riichi, int(win_points))
        _add_everywhere(conn, guild_id, kind, season, user_id,
                        _delta(kind, place, len(rows), place == worst, int(points), tally), -1)
    conn.execute("DELETE FROM game_results WHERE game_id = ?", (game_id,))
    if season is not None and rows:
        conn.execute("UPDATE seasons SET games = games - 1 WHERE id = ?", (season,))
    return season


def table_tallies(conn: Connection, game_id: int, players: list[int]) -> dict[int, HandTally]:
    """Each player's hands in the table `game_id`, counted from the entries of its log that stand."""
    from storage.games import _unpack  # storage.games stores results through this module

    entries = [(seq, [] if events is None else _unpack(events)) for seq, events in conn.execute(
        "SELECT seq, events FROM game_events WHERE game_id = ? AND type = 'move' AND undone_by IS NULL ORDER BY seq",
        (game_id,))]
    return hand_tallies(entries, players)


def _delta(kind: str, place: int, players: int, last: bool, points: int, tally: HandTally) -> dict[str, int]:
    return {"games": 1, "wins": int(place == 1), "lasts": int(last), "place_sum": place,
            "tier_sum": tier_points(place, players) if kind == "ginjontan" else 0, "points": points,
            "hands": tally.hands, "hand_wins": tally.wins, "deal_ins": tally.deal_ins, "riichi": tally.riichi,
            "win_points": tally.win_points}


# A player's points total is exact however big the points (Aotenjou): migration 0009 sums in SQL only the points of
# up to 9 characters (no sum of them can overflow 64 bits before the file holds billions of rows) into
# `points_small` and keeps the longer ones as text in `points_big`; `_add` keeps one exact total, in `points_small`
# while it fits 64 bits. Points won (`win_points`, migration 0012) are kept the same way.
SMALL = 10**18


def exact_sum(small: int, big: str | None) -> int:
    """The total of `points_small` and `points_big`."""
    return small + sum(map(int, big.split())) if big else small


def _add_everywhere(conn: Connection, guild_id: int | None, kind: str, season: int | None, user_id: int,
                    delta: dict[str, int], sign: int) -> None:
    _add(conn, ALL_TIME, (guild_id, kind, user_id), delta, sign)
    if season is not None:
        _add(conn, IN_SEASON, (season, user_id), delta, sign)


def _add(conn: Connection, table: tuple[str, tuple[str, ...], str], key: tuple[Any, ...], delta: dict[str, int],
         sign: int) -> None:
    """Add one standing to a player's totals in `table` (`sign` 1), or take it back (-1)."""
    name, key_columns, where = table
    row = conn.execute(f"SELECT {', '.join(_COLUMNS)} FROM {name} WHERE {where}", key).fetchone()
    old: dict[str, Any] = dict(zip(_COLUMNS, row, strict=True)) if row is not None else \
        {c: None if c.endswith("_big") else 0 for c in _COLUMNS}
    new: dict[str, Any] = {c: old[c] + sign * delta[c] for c in COUNTS}
    for total in EXACT:
        value = exact_sum(old[f"{total}_small"], old[f"{total}_big"]) + sign * delta[total]
        new[f"{total}_small"], new[f"{total}_big"] = (value, None) if -SMALL < value < SMALL else (0, str(value))
    conn.execute(f"DELETE FROM {name} WHERE {where}", key)
    if new["games"]:
        columns = key_columns + _COLUMNS
        conn.execute(f"INSERT INTO {name} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})",
                     (*key, *(new[c] for c in _COLUMNS)))


def _scope(guild_id: int | None, kind: str, season_id: int | None) -> tuple[str, str, tuple[Any, ...]]:
    """(table, condition, parameters) of the totals that count: a season's, or the server's for all time."""
    if season_id is not None:
        return "season_totals", "season_id = ?", (season_id,)
    return "player_totals", "guild_id IS ? AND kind = ?", (guild_id, kind)


async def leaderboard(db: Backend, guild_id: int | None, kind: str, limit: int = 20, *, season_id: int | None = None,
                      min_games: int = 1) -> list[LeaderboardRow]:
    """Best average place first (then more first places, then more games), of the players with at least `min_games`
    games: for all time, or in the season `season_id`. One row a player (`player_totals`, `season_totals`)."""
    table, where, params = _scope(guild_id, kind, season_id)

    def read(conn: Connection) -> list[LeaderboardRow]:
        rows = conn.execute(
            "SELECT user_id, games, wins, CAST(place_sum AS DOUBLE PRECISION) / games AS average, points_small,"
            f" points_big FROM {table} WHERE {where} AND games >= ?"
            " ORDER BY average, wins DESC, games DESC, user_id LIMIT ?",
            (*params, min_games, limit),
        ).fetchall()
        return [LeaderboardRow(r[0], r[1], r[2], r[3], Fraction(exact_sum(r[4], r[5]), r[1])) for r in rows]

    return await db.read(read)


def _totals(user_id: int, row: Any) -> PlayerTotals:
    c = dict(zip(_COLUMNS, row, strict=True))
    return PlayerTotals(user_id, c["games"], c["wins"], c["lasts"], c["place_sum"], c["tier_sum"],
                        exact_sum(c["points_small"], c["points_big"]), c["hands"], c["hand_wins"], c["deal_ins"],
                        c["riichi"], exact_sum(c["win_points_small"], c["win_points_big"]))


async def player_totals(db: Backend, guild_id: int | None, kind: str, user_id: int, *,
                        season_id: int | None = None) -> PlayerTotals | None:
    """One player's totals, for all time or in the season `season_id`; None if they have no game there."""
    table, where, params = _scope(guild_id, kind, season_id)

    def read(conn: Connection) -> PlayerTotals | None:
        row = conn.execute(f"SELECT {', '.join(_COLUMNS)} FROM {table} WHERE {where} AND user_id = ?",
                           (*params, user_id)).fetchone()
        return None if row is None else _totals(user_id, row)

    return await db.read(read)


def season_rows(conn: Connection, season_id: int) -> list[PlayerTotals]:
    """Every player's totals in a season (its final table is made of them)."""
    return [_totals(row[0], row[1:]) for row in conn.execute(
        f"SELECT user_id, {', '.join(_COLUMNS)} FROM season_totals WHERE season_id = ? ORDER BY user_id",
        (season_id,))]
