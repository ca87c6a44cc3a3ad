"""Seasons (issue 21, item 4): a server's named stretch of one kind of game (migration 0012).

One season of a kind is open at a time per server; a game counts in the season open when it finished (its
`game_results.season_id`, set by `storage.results.store_results` in the finishing transaction), and each player's
totals in it are kept beside the all-time ones (`season_totals`). Ending a season archives its final table
(`seasons.standings`): each player's games, places and points, and for a table the sum of their final scores after
uma and oka, from the settlement given to `season end` or else each table's own (`/table end` records it in the
game's 'end' entry). A correction of one of its games archives it again (storage/corrections.py).
"""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, datetime
from fractions import Fraction
from typing import Any

from engine.errors import GameError
from engine.seasons import UMA, FinalRow, final_order, settle
from engine.text import N_, command
from storage.backend import Backend
from storage.results import season_rows
from storage.sql import Connection, dialect

_COLUMNS = ("id, guild_id, kind, name, status, games, started_by, started_at, ended_by, ended_at, settlement,"
            " standings")
COMMAND = {"table": "table season", "uno": "uno season", "ginjontan": "ginjontan season"}


@dataclass(frozen=True)
class Settlement:
    """How a table's games are scored at the season's end: uma by place and the return points (None: each game's
    starting points, so no oka)."""

    uma: str = "none"
    return_points: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"uma": self.uma, "return_points": self.return_points}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settlement:
        return cls(data.get("uma") or "none", data.get("return_points"))


@dataclass(frozen=True)
class Season:
    id: int
    guild_id: int
    kind: str
    name: str
    status: str  # 'open' | 'ended'
    games: int
    started_by: int | None
    started_at: str
    ended_by: int | None
    ended_at: str | None
    settlement: Settlement | None  # given to `season end` (a table's); None: each game's own
    standings: list[FinalRow] | None  # the final table, once ended

    @property
    def open(self) -> bool:
        return self.status == "open"


def _season(row: Any) -> Season:
    settlement = None if row[10] is None else Settlement.from_dict(json.loads(row[10]))
    standings = None if row[11] is None else [_final_row(r) for r in json.loads(row[11])]
    return Season(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8], row[9], settlement,
                  standings)


def _final_row(data: dict[str, Any]) -> FinalRow:
    score = data.get("score")
    return FinalRow(data["user_id"], data["games"], data["wins"], data["lasts"], data["place_sum"], int(data["points"]),
                    data.get("tier", 0), None if score is None else Fraction(score))


def _final_dict(row: FinalRow) -> dict[str, Any]:
    return {"user_id": row.user_id, "games": row.games, "wins": row.wins, "lasts": row.lasts,
            "place_sum": row.place_sum, "points": str(row.points), "tier": row.tier,
            "score": None if row.score is None else str(row.score)}


class SeasonStillOpen(GameError):
    code = "season_open"

    def __init__(self, name: str, kind: str) -> None:
        super().__init__(N_("The season {season} is still open: one season at a time."),
                         N_("End it first with {command}."), season=name, command=command(f"{COMMAND[kind]} end"))


class SeasonNameTaken(GameError):
    code = "season_name_taken"

    def __init__(self, name: str) -> None:
        super().__init__(N_("This server already had a season named {season}."), N_("Pick another name."),
                         season=name)


class NoOpenSeason(GameError):
    code = "no_open_season"

    def __init__(self, kind: str) -> None:
        super().__init__(N_("No season is open."), N_("Start one with {command}."),
                         command=command(f"{COMMAND[kind]} start"))


class NoSuchSeason(GameError):
    code = "no_such_season"

    def __init__(self, name: str, kind: str) -> None:
        super().__init__(N_("This server has no season named {season}."), N_("See its seasons with {command}."),
                         season=name, command=command(f"{COMMAND[kind]} list"))


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _open_row(conn: Connection, guild_id: int, kind: str, *, lock: bool = False) -> Any:
    return conn.execute(f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND kind = ? AND status = 'open'"
                        f"{dialect(conn).for_update if lock else ''}", (guild_id, kind)).fetchone()


def _named_row(conn: Connection, guild_id: int, kind: str, name: str) -> Any:
    return conn.execute(f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND kind = ? AND name = ?",
                        (guild_id, kind, name)).fetchone()


async def start(db: Backend, guild_id: int, kind: str, name: str, *, actor_id: int | None) -> Season:
    """Open a season named `name` (checked by `engine.seasons.season_name`)."""

    def txn(conn: Connection) -> Season:
        running = _open_row(conn, guild_id, kind, lock=True)
        if running is not None:
            raise SeasonStillOpen(running[3], kind)
        if _named_row(conn, guild_id, kind, name) is not None:
            raise SeasonNameTaken(name)
        conn.execute("INSERT INTO seasons (guild_id, kind, name, started_by, started_at) VALUES (?, ?, ?, ?, ?)",
                     (guild_id, kind, name, actor_id, _now()))
        return _season(_named_row(conn, guild_id, kind, name))

    return await db.write(txn)


async def end(db: Backend, guild_id: int, kind: str, *, actor_id: int | None,
              settlement: Settlement | None = None) -> Season:
    """End the open season and archive its final table (a table's with `settlement`, or each game's own)."""

    def txn(conn: Connection) -> Season:
        row = _open_row(conn, guild_id, kind, lock=True)  # a game finishing now waits, or is counted before
        if row is None:
            raise NoOpenSeason(kind)
        conn.execute("UPDATE seasons SET status = 'ended', ended_by = ?, ended_at = ?, settlement = ? WHERE id = ?",
                     (actor_id, _now(), None if settlement is None else json.dumps(settlement.to_dict()), row[0]))
        archive_again(conn, row[0])
        return _season(conn.execute(f"SELECT {_COLUMNS} FROM seasons WHERE id = ?", (row[0],)).fetchone())

    return await db.write(txn)


async def listing(db: Backend, guild_id: int, kind: str) -> list[Season]:
    """The server's seasons of this kind, oldest first."""
    return [_season(row) for row in await db.read(lambda conn: conn.execute(
        f"SELECT {_COLUMNS} FROM seasons WHERE guild_id = ? AND kind = ? ORDER BY id", (guild_id, kind)).fetchall())]


async def named(db: Backend, guild_id: int, kind: str, name: str) -> Season:
    row = await db.read(lambda conn: _named_row(conn, guild_id, kind, name))
    if row is None:
        raise NoSuchSeason(name, kind)
    return _season(row)


async def current(db: Backend, guild_id: int, kind: str) -> Season | None:
    row = await db.read(lambda conn: _open_row(conn, guild_id, kind))
    return None if row is None else _season(row)


# -- the final table ---------------------------------------------------------------------------------------------


def archive_again(conn: Connection, season_id: int) -> None:
    """Write an ended season's final table from its totals (a table's scores from its games); an open one has none."""
    season = _season(conn.execute(f"SELECT {_COLUMNS} FROM seasons WHERE id = ?", (season_id,)).fetchone())
    if not season.open:
        archived = [_final_dict(r) for r in _final_table(conn, season)]
        conn.execute("UPDATE seasons SET standings = ? WHERE id = ?", (json.dumps(archived), season_id))


def _final_table(conn: Connection, season: Season) -> list[FinalRow]:
    """The season's final table as its totals and games say now, best first."""
    scores: dict[int, Fraction] = defaultdict(Fraction)
    if season.kind == "table":
        for (_, user), score in game_scores(conn, season).items():
            scores[user] += score
    return final_order(season.kind, [
        FinalRow(t.user_id, t.games, t.wins, t.lasts, t.place_sum, t.points, t.tier_sum,
                 scores[t.user_id] if season.kind == "table" else None) for t in season_rows(conn, season.id)])


def game_scores(conn: Connection, season: Season) -> dict[tuple[int, int], Fraction]:
    """Each (table, player)'s final score in the season's games: points less the return points in thousands, with
    uma and oka, as the season's settlement or else each table's own `/table end` says."""
    games: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for game_id, user_id, points in conn.execute(
            "SELECT game_id, user_id, points FROM game_results WHERE season_id = ? ORDER BY game_id, user_id",
            (season.id,)):
        games[game_id].append((user_id, int(points)))
    scores = {}
    for game_id, results in games.items():
        ended, starting = _table_end(conn, game_id)
        rule = season.settlement or ended
        finals = settle([p for _, p in results], uma=UMA.get(rule.uma, (0, 0)), starting_points=starting,
                        return_points=rule.return_points or starting)
        scores.update({(game_id, user): score for (user, _), score in zip(results, finals, strict=True)})
    return scores


def _table_end(conn: Connection, game_id: int) -> tuple[Settlement, int]:
    """The uma and return points a table was ended with, and its starting points."""
    from storage.games import _unpack  # storage.games stores results, which these read

    end = conn.execute("SELECT move FROM game_events WHERE game_id = ? AND type = 'end' AND undone_by IS NULL"
                       " ORDER BY seq DESC LIMIT 1", (game_id,)).fetchone()
    recorded = json.loads(end[0]) if end is not None and end[0] is not None else {}
    starting = recorded.get("starting_points")
    if starting is None:  # ended by something that didn't record it: the table's own options say
        state = conn.execute("SELECT state FROM games WHERE id = ?", (game_id,)).fetchone()[0]
        starting = _unpack(state)["options"]["starting_points"]
    return Settlement.from_dict(recorded), int(starting)


# -- export -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ResultRow:
    """One player's result in one of the season's games."""

    game_id: int
    finished_at: str
    user_id: int
    place: int
    points: int
    hands: int
    hand_wins: int
    deal_ins: int
    riichi: int
    win_points: int
    score: Fraction | None  # a table's final score after uma and oka


async def results(db: Backend, season: Season) -> list[ResultRow]:
    """Every result of the season's games, by game and place."""

    def read(conn: Connection) -> list[ResultRow]:
        scores = game_scores(conn, season) if season.kind == "table" else {}
        return [ResultRow(r[0], r[1], r[2], r[3], int(r[4]), r[5], r[6], r[7], r[8], int(r[9]),
                          scores.get((r[0], r[2]))) for r in conn.execute(
            "SELECT game_id, finished_at, user_id, place, points, hands, hand_wins, deal_ins, riichi, win_points"
            " FROM game_results WHERE season_id = ? ORDER BY game_id, place, user_id", (season.id,))]

    return await db.read(read)


async def final_rows(db: Backend, season: Season) -> list[FinalRow]:
    """The season's final table: archived once it ended; while it is open, as it would be archived now."""
    if season.standings is not None:
        return season.standings
    return await db.read(lambda conn: _final_table(conn, season))
