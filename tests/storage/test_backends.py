"""The storage interface on both backends (issue 20): the same games, moves, undo and finish on SQLite and
PostgreSQL, through the same storage functions."""

from __future__ import annotations

import pytest

from storage import GameStore
from storage.errors import NothingToUndo, StaleMove
from tests.support.tally import TALLY, Add, new_game

CHANNEL, ALICE, BOB = 100, 1, 2


async def test_a_game_starts_moves_undoes_and_finishes(database):
    store = GameStore(database)
    await store.start(CHANNEL, TALLY, new_game(ALICE, [ALICE, BOB]), guild_id=9, actor_id=ALICE)
    moved = await store.apply(CHANNEL, TALLY, Add(ALICE, 5), actor_id=ALICE)
    assert moved.game.version == 1
    with pytest.raises(StaleMove):
        await store.apply(CHANNEL, TALLY, Add(ALICE, 1), actor_id=ALICE, expected_version=0)
    undone = await store.undo(CHANNEL, TALLY, actor_id=ALICE)
    assert undone.game.version == 2 and undone.game.state == new_game(ALICE, [ALICE, BOB])
    with pytest.raises(NothingToUndo):
        await store.undo(CHANNEL, TALLY, actor_id=ALICE)
    history = await store.history(CHANNEL, TALLY)
    assert [e.type for e in history] == ["start", "move", "undo"] and history[1].undone
    finished = await store.finish(CHANNEL, TALLY, actor_id=ALICE, results=True)
    assert finished.status == "finished" and await store.get(CHANNEL, TALLY) is None


async def test_postgresql_refuses_another_program_s_database(postgres_url):
    import asyncpg

    from storage.postgres import DatabaseServerError, PostgresDatabase

    conn = await asyncpg.connect(postgres_url)
    await conn.execute("CREATE TABLE invoices (id INTEGER)")
    await conn.close()
    with pytest.raises(DatabaseServerError, match="is not Chaos Table's: it has tables \\(invoices\\)"):
        await PostgresDatabase.open(postgres_url)


async def test_postgresql_refuses_a_newer_version_s_database(postgres_url):
    import asyncpg

    from storage.postgres import DatabaseServerError, PostgresDatabase

    db = await PostgresDatabase.open(postgres_url)
    await db.close()
    conn = await asyncpg.connect(postgres_url)
    await conn.execute("UPDATE chaostable_schema SET version = 999")
    await conn.close()
    with pytest.raises(DatabaseServerError, match="newer Chaos Table \\(schema version 999"):
        await PostgresDatabase.open(postgres_url)


async def test_an_unreachable_server_says_what_to_check_without_the_password():
    from storage.postgres import DatabaseServerError, PostgresDatabase, safe_url

    url = "postgresql://bot:hunter2@127.0.0.1:1/chaostable"
    with pytest.raises(DatabaseServerError) as refused:
        await PostgresDatabase.open(url)
    assert "can't be reached" in str(refused.value) and "hunter2" not in str(refused.value)
    assert safe_url(url) in str(refused.value)


async def test_processes_starting_together_migrate_once(postgres_url):
    import asyncio

    from storage.postgres import PostgresDatabase, migrations

    opened = await asyncio.gather(*(PostgresDatabase.open(postgres_url) for _ in range(4)))
    try:
        assert {await db.schema_version() for db in opened} == {migrations()[-1][0]}
    finally:
        for db in opened:
            await db.close()


@pytest.mark.parametrize(("sql", "expected"), [
    ("SELECT 1 FROM t WHERE a = ? AND b IS ?", "SELECT 1 FROM t WHERE a = $1 AND b IS NOT DISTINCT FROM $2"),
    ("SELECT '?' FROM t WHERE x = ?", "SELECT '?' FROM t WHERE x = $1"),
    ("SELECT 'it''s ?' WHERE y IS NULL AND z = ?", "SELECT 'it''s ?' WHERE y IS NULL AND z = $1"),
])
def test_placeholders_become_postgresql_s_and_quoted_text_stays(sql, expected):
    from storage.postgres import translate

    assert translate(sql) == expected
