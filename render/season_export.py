"""A season's results as a file (issue 21: `/... season export`): CSV, one row per player per game, or JSON, the
season, its final table and every result. The column names and keys are fixed English identifiers, so tools and
spreadsheets can rely on them; points are exact integers, a table's final scores (thousands, after uma and oka)
are rounded to 0.01."""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from typing import Any

from engine.seasons import FinalRow
from storage.seasons import ResultRow, Season

HANDS = ("hands", "hand_wins", "deal_ins", "riichi", "win_points")


def _score(value: Fraction | None) -> float | None:
    return None if value is None else round(float(value), 2)


def as_csv(season: Season, results: list[ResultRow]) -> bytes:
    table = season.kind == "table"
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["season", "game", "finished_at", "user_id", "place", "points"]
                    + (["score", *HANDS] if table else []))
    for r in results:
        hands = [_score(r.score), r.hands, r.hand_wins, r.deal_ins, r.riichi, r.win_points] if table else []
        writer.writerow([_cell(season.name), r.game_id, r.finished_at, r.user_id, r.place, r.points, *hands])
    return out.getvalue().encode("utf-8-sig")  # the mark lets spreadsheets read the season's name as UTF-8


def _cell(text: str) -> str:
    """A text cell a spreadsheet shows as text: never the start of a formula (a season's name is typed)."""
    return f"'{text}" if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def as_json(season: Season, final: list[FinalRow], results: list[ResultRow]) -> bytes:
    table = season.kind == "table"

    def final_row(rank: int, row: FinalRow) -> dict[str, Any]:
        data: dict[str, Any] = {"rank": rank, "user_id": row.user_id, "games": row.games, "wins": row.wins,
                                "lasts": row.lasts, "average_place": round(float(row.average_place), 4),
                                "points": row.points}
        if table:
            data["score"] = _score(row.score)
        if season.kind == "ginjontan":
            data["rating_points"] = row.tier
        return data

    def result(r: ResultRow) -> dict[str, Any]:
        data: dict[str, Any] = {"game": r.game_id, "finished_at": r.finished_at, "user_id": r.user_id,
                                "place": r.place, "points": r.points}
        if table:
            data |= {"score": _score(r.score), **{name: getattr(r, name) for name in HANDS}}
        return data

    document = {
        "season": {"id": season.id, "name": season.name, "game": season.kind, "status": season.status,
                   "started_at": season.started_at, "ended_at": season.ended_at, "games": season.games,
                   "settlement": None if season.settlement is None else season.settlement.to_dict()},
        "final_table": [final_row(rank, row) for rank, row in enumerate(final, start=1)],
        "results": [result(r) for r in results],
    }
    return json.dumps(document, ensure_ascii=False, indent=1).encode()
