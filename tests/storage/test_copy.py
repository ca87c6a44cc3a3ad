"""`python -m storage.copy` (issue 20, item 4): a deployment moved from SQLite to PostgreSQL and back, every row
compared, and the copy goes on working as the bot's database."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import GINJONTAN, new_lobby
from engine.uno.options import PRESETS
from engine.uno.rules import UNO, legal_moves, waiting_on
from engine.uno.rules import new_game as uno_game
from storage import Database, GameStore, games
from storage.command_sync import remember_synced, synced_hash
from storage.copy import TABLES, CopyError, _page, copy, main, text_of
from storage.ginjontan import collections, move_prizes
from storage.messages import find_message, remember_message
from storage.postgres import PostgresDatabase
from storage.results import Standing, leaderboard, store_results
from tests.support.tally import TALLY, Add, new_game

GUILD = 7


async def fill(db) -> None:
    """A database as a server leaves it: finished games with results and prizes, an active Uno game with undone
    moves and snapshots, collections, a remembered board, the command sync, a game with no server."""
    store = GameStore(db)
    for channel, places in ((1, [(10, 1, 500), (20, 2, -300)]), (2, [(20, 1, 10**30), (10, 2, 7)])):
        await store.start(channel, GINJONTAN, new_lobby(10, GinjontanOptions(), channel), guild_id=GUILD, actor_id=10)
        await store.finish(channel, GINJONTAN, actor_id=None, on_finish=lambda conn, record, p=places: store_results(
            conn, record, [Standing(*s) for s in p]))
    await db.write(lambda conn: move_prizes(conn, GUILD, [(20, 10, 5), (10, 20, 6)]))
    await db.write(lambda conn: move_prizes(conn, None, [(30, 40, 9)]))
    rng = random.Random(20)
    record = await store.start(3, UNO, uno_game(PRESETS["classic"], [10, 20, 30], seed=4), guild_id=GUILD, actor_id=10)
    for step in range(40):
        state = (await store.require(3, UNO)).state
        player = waiting_on(state)[0]
        await store.apply(3, UNO, rng.choice(legal_moves(state, player)), actor_id=player)
        if step % 7 == 6:
            await store.undo(3, UNO, actor_id=player)
    await remember_message(db, record.id, "board", 3, 123456789012345678)
    await store.start(4, TALLY, new_game(10, [10, 20]), guild_id=None, actor_id=10)
    await store.apply(4, TALLY, Add(10, 3), actor_id=10)
    await remember_synced(db, "abc123")


async def rows(db) -> dict[str, list[tuple]]:
    """Every row of every table, logged JSON as text, in key order."""
    found = {}
    for table in TABLES:
        found[table.name], after = [], None
        while page := await db.read(lambda conn, t=table, a=after: _page(conn, t, a)):
            found[table.name] += [tuple(text_of(v) if c in table.logged else v
                                        for c, v in zip(table.columns, r, strict=True)) for r in page]
            after = tuple(page[-1][table.columns.index(k)] for k in table.key)
    return found


@pytest.fixture(autouse=True)
def small_pages_and_snapshots(monkeypatch):
    monkeypatch.setattr("storage.copy.PAGE", 7)  # many pages, so paging is exercised
    monkeypatch.setattr(games, "SNAPSHOT_EVERY", 5)


async def test_sqlite_to_postgresql_and_back_keeps_every_row(tmp_path, postgres_server):
    source = await Database.open(tmp_path / "source.db")
    url = await postgres_server.new_database()
    try:
        await fill(source)
        original = await rows(source)
        assert all(original[t.name] for t in TABLES), "every table has rows to copy"
        pg = await PostgresDatabase.open(url)
        try:
            counts = await copy(source, pg)
            assert counts == {name: len(found) for name, found in original.items()}
            assert await rows(pg) == original
            back = await Database.open(tmp_path / "back.db")
            try:
                await copy(pg, back)
                assert await rows(back) == original
            finally:
                await back.close()
            # the copy is a working database: games go on, results add up, a new game takes a new id
            store = GameStore(pg)
            uno = await store.require(3, UNO)
            state = uno.state
            player = waiting_on(state)[0]
            moved = await store.apply(3, UNO, legal_moves(state, player)[0], actor_id=player)
            assert moved.game.version == uno.version + 1
            assert (await store.undo(3, UNO, actor_id=player)).game.state == state
            assert await find_message(pg, uno.id, "board") == 123456789012345678
            assert await collections(pg, GUILD, [10, 20]) == {10: (5,), 20: (6,)}
            assert await synced_hash(pg) == "abc123"
            board = {row.user_id: row.average_points for row in await leaderboard(pg, GUILD, GINJONTAN.name)}
            assert board == {10: Fraction(500 + 7, 2), 20: Fraction(10**30 - 300, 2)}
            fresh = await store.start(5, TALLY, new_game(10, [10, 20]), guild_id=GUILD, actor_id=10)
            assert fresh.id > max(row[0] for row in original["games"])
        finally:
            await pg.close()
    finally:
        await source.close()
        await postgres_server.drop_database(url)


async def test_a_target_with_games_is_refused(tmp_path):
    source, target = await Database.open(tmp_path / "a.db"), await Database.open(tmp_path / "b.db")
    try:
        await fill(source)
        await GameStore(target).start(9, TALLY, new_game(1, [1, 2]), guild_id=1, actor_id=1)
        with pytest.raises(CopyError, match="already holds games"):
            await copy(source, target)
    finally:
        await source.close()
        await target.close()


async def test_the_command_copies_by_urls_and_says_what_it_did(tmp_path, capsys):
    source = await Database.open(tmp_path / "from.db")
    await fill(source)
    original = await rows(source)
    await source.close()
    code = await main([f"sqlite:///{tmp_path / 'from.db'}", f"sqlite:///{tmp_path / 'to.db'}"])
    out = capsys.readouterr()
    assert code == 0 and "every table's count and every game's log checked equal" in out.out
    copied = await Database.open(tmp_path / "to.db")
    try:
        assert await rows(copied) == original
    finally:
        await copied.close()
    assert await main([f"sqlite:///{tmp_path / 'from.db'}", f"sqlite:///{tmp_path / 'to.db'}"]) == 1
    assert "already holds games" in capsys.readouterr().err
    assert await main(["mysql://x", f"sqlite:///{tmp_path / 'x.db'}"]) == 1
