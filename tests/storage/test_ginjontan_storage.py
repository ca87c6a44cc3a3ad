"""Gin-jon-tan across games: the tournament rating (seed 004, Comment) and prize cards moving between
collections (Comment 2), in the database."""

from __future__ import annotations

import pytest

from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import GINJONTAN, new_lobby
from storage import GameStore
from storage.ginjontan import collections, move_prizes, tournament
from storage.results import Standing, store_results

GUILD = 9


@pytest.fixture
async def store(database):
    """On SQLite, then on PostgreSQL (tests/conftest.py)."""
    return GameStore(database)


async def finished_game(store, channel, places):
    """A game whose final standings are `places`: [(user, place, points), ...]."""
    await store.start(channel, GINJONTAN, new_lobby(places[0][0], GinjontanOptions(), 1), guild_id=GUILD,
                      actor_id=places[0][0])
    await store.finish(channel, GINJONTAN, actor_id=None, on_finish=lambda conn, record: store_results(
        conn, record, [Standing(u, place, pts) for u, place, pts in places]))


async def test_comment_tier_points_decide_before_totals(store):
    # game 1, three players: 6, 3, 1 tier points; game 2, two players: 3, 1
    await finished_game(store, 1, [(10, 1, 500), (20, 2, 900), (30, 3, 10_000)])
    await finished_game(store, 2, [(30, 1, 50), (10, 2, 40)])
    rows = await tournament(store.db, GUILD)
    assert [(r.user_id, r.tier, r.total, r.games, r.wins) for r in rows] == [
        (10, 6 + 1, 540, 2, 1), (30, 1 + 3, 10_050, 2, 1), (20, 3, 900, 1, 0)]


async def test_comment_equal_tier_points_fall_back_to_the_total(store):
    await finished_game(store, 1, [(10, 1, 5), (20, 2, 1)])
    await finished_game(store, 2, [(20, 1, 100), (10, 2, 1)])
    rows = await tournament(store.db, GUILD)
    assert [(r.user_id, r.tier) for r in rows] == [(20, 4), (10, 4)]


async def test_comment_2_prizes_move_cards_between_collections(store):
    def seed(conn):
        move_prizes(conn, GUILD, [(20, 10, 5), (20, 10, 6)])  # 20 never owned them: top-up cards of its deck
        move_prizes(conn, GUILD, [(10, 20, 5)])

    await store.db.write(seed)
    owned = await collections(store.db, GUILD, [10, 20, 30])
    assert owned == {10: (6,), 20: (5,), 30: ()}
    assert await collections(store.db, GUILD + 1, [10]) == {10: ()}, "collections belong to one server"
