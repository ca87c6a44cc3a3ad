from __future__ import annotations

import asyncio
import sqlite3

import pytest

from storage import database
from storage.database import Database


async def test_migrates_from_empty(tmp_path):
    db = await Database.open(tmp_path / "sub" / "fresh.db")  # the folder is created
    try:
        assert await db.schema_version() == len(database.migrations())
        tables = await db.read(lambda c: {r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type='table'")})
        assert {"games", "game_events"} <= tables
    finally:
        await db.close()


async def test_rerunning_migrations_changes_nothing(tmp_path):
    path = tmp_path / "again.db"
    db = await Database.open(path)
    await db.write(lambda c: c.execute("INSERT INTO games (channel_id, kind, state, created_at, updated_at)"
                                       " VALUES (1, 'k', '{}', 'now', 'now')"))
    version = await db.schema_version()
    await db.close()
    db = await Database.open(path)
    try:
        assert await db.migrate() == version
        assert await db.read(lambda c: c.execute("SELECT COUNT(*) FROM games").fetchone()[0]) == 1
    finally:
        await db.close()


async def test_a_failing_migration_applies_nothing(tmp_path, monkeypatch):
    path = tmp_path / "broken.db"
    real = database.migrations()
    broken = (len(real) + 1, f"{len(real) + 1:04d}_broken.sql", "CREATE TABLE extra (x);\nTHIS IS NOT SQL;")
    monkeypatch.setattr(database, "migrations", lambda: [*real, broken])
    with pytest.raises(sqlite3.OperationalError):
        await Database.open(path)
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
        assert conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE type='table'").fetchone()[0] == 0
    finally:
        conn.close()


def test_migrations_are_numbered_without_gaps():
    numbers = [n for n, _, _ in database.migrations()]
    assert numbers == list(range(1, len(numbers) + 1))
    for _, _, sql in database.migrations():  # the runner wraps them all in one transaction
        assert "BEGIN" not in sql.upper().split() and "COMMIT" not in sql.upper()


async def test_connection_pragmas(tmp_path):
    db = await Database.open(tmp_path / "p.db")
    try:
        values = await db.read(lambda c: [c.execute(f"PRAGMA {p}").fetchone()[0]
                                          for p in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout")])
        assert values == ["wal", 1, 1, database.BUSY_TIMEOUT_MS]  # synchronous 1 = NORMAL
    finally:
        await db.close()


async def test_write_rolls_back_on_error(tmp_path):
    db = await Database.open(tmp_path / "r.db")

    def half_then_fail(conn):
        conn.execute("INSERT INTO games (channel_id, kind, state, created_at, updated_at) VALUES (1,'k','{}','n','n')")
        raise ValueError("boom")

    try:
        with pytest.raises(ValueError):
            await db.write(half_then_fail)
        assert await db.read(lambda c: c.execute("SELECT COUNT(*) FROM games").fetchone()[0]) == 0
    finally:
        await db.close()


async def test_closed_database_refuses_use(tmp_path):
    db = await Database.open(tmp_path / "c.db")
    await db.close()
    await db.close()  # closing twice is harmless
    with pytest.raises(RuntimeError, match="closed"):
        await db.read(lambda c: None)


def _insert(channel):
    def write(conn):
        conn.execute("INSERT INTO games (channel_id, kind, state, created_at, updated_at)"
                     " VALUES (?, 'k', '{}', 'n', 'n')", (channel,))
        return channel
    return write


async def test_writes_sharing_a_batch_fail_alone(tmp_path):
    """Group commit: a write that raises inside a shared transaction rolls back only its own changes."""
    db = await Database.open(tmp_path / "batch.db")

    def fails(conn):
        _insert(2)(conn)
        raise ValueError("refused")

    try:
        results = await asyncio.gather(db.write(_insert(1)), db.write(fails), db.write(_insert(3)),
                                       return_exceptions=True)
        assert results[0] == 1 and isinstance(results[1], ValueError) and results[2] == 3
        channels = await db.read(lambda c: [r[0] for r in c.execute("SELECT channel_id FROM games ORDER BY 1")])
        assert channels == [1, 3]
    finally:
        await db.close()


async def test_close_lets_queued_writes_finish(tmp_path):
    path = tmp_path / "drain.db"
    db = await Database.open(path)
    writes = [asyncio.ensure_future(db.write(_insert(n))) for n in range(200)]
    await asyncio.sleep(0)  # the writes are queued, none has committed yet
    await db.close()
    assert [w.result() for w in writes] == list(range(200))
    conn = sqlite3.connect(path)
    try:
        assert conn.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 200
    finally:
        conn.close()
