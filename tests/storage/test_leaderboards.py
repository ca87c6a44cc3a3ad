"""The leaderboard and the Gin-jon-tan rating, now aggregated by SQLite (issue 19: they must not read every game
into Python), give what a plain count over the stored standings gives, exactly, with points of every size."""

from __future__ import annotations

import random
from collections import defaultdict
from fractions import Fraction

import pytest

from storage import Database
from storage.ginjontan import tournament
from storage.results import leaderboard

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
        games.append((game, rng.choice((GUILD, GUILD, OTHER_GUILD)), list(zip(users, places, points, strict=True))))
    return games


async def stored(tmp_path, kind: str, games) -> Database:
    db = await Database.open(tmp_path / "results.db")

    def txn(conn):
        conn.executemany("INSERT INTO games (id, guild_id, channel_id, kind, status, state, created_at, updated_at)"
                         " VALUES (?, ?, 1, ?, 'finished', '{}', 'n', 'n')",
                         [(g, guild, kind) for g, guild, _ in games])
        conn.executemany("INSERT INTO game_results (game_id, guild_id, kind, user_id, place, points, finished_at)"
                         " VALUES (?, ?, ?, ?, ?, ?, 'n')",
                         [(g, guild, kind, u, place, str(pts)) for g, guild, rows in games for u, place, pts in rows])

    await db.write(txn)
    return db


@pytest.mark.parametrize("seed", range(4))
async def test_the_leaderboard_is_what_counting_every_standing_gives(tmp_path, seed):
    games = random_games(random.Random(seed), "table", 120)
    db = await stored(tmp_path, "table", games)
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


@pytest.mark.parametrize("seed", range(4))
async def test_the_rating_is_what_counting_every_standing_gives(tmp_path, seed):
    # seed 004, Comment b): of n players the last takes 1 tier point, the last but one 3, and each place up 3 more;
    # Comment a): the plain total of points breaks a tie
    games = random_games(random.Random(seed), "ginjontan", 120)
    db = await stored(tmp_path, "ginjontan", games)
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
