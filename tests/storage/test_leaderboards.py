"""The leaderboard and the Gin-jon-tan rating, now read from each player's totals (issue 19: they must not read every
game), give what a plain count over the standings that count gives, exactly, with points of every size: whether the
totals were kept as games finished (and reopened) or filled by migration 0009 from an older database."""

from __future__ import annotations

import random
import sqlite3
from collections import defaultdict
from fractions import Fraction
from types import SimpleNamespace

import pytest

from storage import Database, database
from storage.ginjontan import tournament
from storage.results import Standing, forget_results, leaderboard, store_results

GUILD, OTHER_GUILD = 5, 6
EDGES = (999_999_999, 1_000_000_000, -99_999_999, -100_000_000, 0, 2**63, -(2**63) - 1, 10**40)


def random_games(rng: random.Random, kind: str, count: int) -> list[tuple[int, int, list[tuple[int, int, int]]]]:
    """(game id, guild, [(user, place, points)]) with places shared now and then and points of every size."""
    games = []
    for game in range(1, count + 1):
        users = rng.sample(range(1, 13), rng.randint(2, 5))
        places = sorted(rng.randint(1, len(users)) for _ in users)
        points = [rng.choice((rng.randint(-50_000, 90_000), rng.choice(EDGES), rng.randint(-10**30, 10**30)))
                  for _ in users]
        guild = rng.choice((GUILD, GUILD, OTHER_GUILD, None))  # None: a game played outside a server
        games.append((game, guild, list(zip(users, places, points, strict=True))))
    return games


HOW = ("finished", "migrated", "finished, then some reopened")


async def stored(tmp_path, kind: str, games, how: str):
    """A database holding these games' standings, stored `how`; and the games that still count."""
    path = tmp_path / "results.db"
    games_rows = [(g, guild, kind) for g, guild, _ in games]
    results_rows = [(g, guild, kind, u, place, str(pts)) for g, guild, rows in games for u, place, pts in rows]
    if how == "migrated":  # made by the version before migration 0009, which fills the totals
        conn = sqlite3.connect(path)
        conn.executescript("\n".join(sql for number, _, sql in database.migrations() if number < 9))
        conn.executemany(GAME, games_rows)
        conn.executemany(RESULT, results_rows)
        conn.commit()
        conn.execute("PRAGMA user_version = 8")
        conn.close()
        return await Database.open(path), games
    db = await Database.open(path)

    def finish(conn):
        conn.executemany(GAME, games_rows)
        for g, guild, rows in games:
            store_results(conn, SimpleNamespace(id=g, guild_id=guild, kind=kind, updated_at="n"),
                          [Standing(*row) for row in rows])

    await db.write(finish)
    if how == "finished":
        return db, games
    reopened = games[::3]
    await db.write(lambda conn: [forget_results(conn, g) for g, _, _ in reopened])
    return db, [game for game in games if game not in reopened]


GAME = ("INSERT INTO games (id, guild_id, channel_id, kind, status, state, created_at, updated_at)"
        " VALUES (?, ?, 1, ?, 'finished', '{}', 'n', 'n')")
RESULT = ("INSERT INTO game_results (game_id, guild_id, kind, user_id, place, points, finished_at)"
          " VALUES (?, ?, ?, ?, ?, ?, 'n')")


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("seed", range(3))
async def test_the_leaderboard_is_what_counting_every_standing_gives(tmp_path, seed, how):
    db, games = await stored(tmp_path, "table", random_games(random.Random(seed), "table", 120), how)
    try:
        rows = await leaderboard(db, GUILD, "table", limit=8)
    finally:
        await db.close()
    mine: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for _, guild, standings in games:
        for user, place, points in standings:
            if guild == GUILD:
                mine[user].append((place, points))
    expected = sorted(mine, key=lambda u: (Fraction(sum(p for p, _ in mine[u]), len(mine[u])),
                                           -sum(p == 1 for p, _ in mine[u]), -len(mine[u]), u))[:8]
    assert [r.user_id for r in rows] == expected
    for row in rows:
        played = mine[row.user_id]
        assert row.games == len(played) and row.wins == sum(p == 1 for p, _ in played)
        assert row.average_place == pytest.approx(sum(p for p, _ in played) / len(played))
        assert row.average_points == Fraction(sum(points for _, points in played), len(played))


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("seed", range(3))
async def test_the_rating_is_what_counting_every_standing_gives(tmp_path, seed, how):
    # seed 004, Comment b): of n players the last takes 1 tier point, the last but one 3, and each place up 3 more;
    # Comment a): the plain total of points breaks a tie
    db, games = await stored(tmp_path, "ginjontan", random_games(random.Random(seed), "ginjontan", 120), how)
    try:
        rows = await tournament(db, GUILD, limit=8)
    finally:
        await db.close()
    tier, total, played, wins = defaultdict(int), defaultdict(int), defaultdict(int), defaultdict(int)
    for _, guild, standings in games:
        n = len(standings)
        for user, place, points in standings if guild == GUILD else ():
            tier[user] += {n: 1}.get(place, 3 * (n - place))
            total[user] += points
            played[user] += 1
            wins[user] += place == 1
    expected = sorted(played, key=lambda u: (-tier[u], -total[u], u))[:8]
    assert [(r.user_id, r.tier, r.total, r.games, r.wins) for r in rows] == \
        [(u, tier[u], total[u], played[u], wins[u]) for u in expected]
