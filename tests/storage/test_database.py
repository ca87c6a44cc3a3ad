from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time

import pytest

from storage import database
from storage.database import APPLICATION_ID, Database, DatabaseFileError, check_file
from tests.faults.badfiles import BAD_FILES, make_bad_file, make_ours


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
                                          for p in ("journal_mode", "synchronous", "foreign_keys", "busy_timeout",
                                                    "wal_autocheckpoint")])
        assert values == ["wal", 1, 1, database.BUSY_TIMEOUT_MS, database.WAL_BACKSTOP_PAGES]  # synchronous 1 = NORMAL
    finally:
        await db.close()


async def _wal_after_writes(path, writes):
    db = await Database.open(path)
    try:
        for n in range(writes):
            if n % 10 == 0:  # players pause; a checkpoint under way finishes meanwhile (however busy the machine)
                await db.checkpoint()
            await db.write(lambda c, n=n: c.execute(
                "INSERT INTO games (channel_id, kind, state, created_at, updated_at) VALUES (?, 'k', ?, 'n', 'n')",
                (n, "x" * 8000)))
        await db.checkpoint()
        wal = path.with_name(path.name + "-wal").stat().st_size
        rows = await db.read(lambda c: c.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    finally:
        await db.close()
    return wal, rows


async def test_the_write_ahead_log_is_checkpointed_beside_the_writer_and_stays_small(tmp_path, monkeypatch):
    """The writer never checkpoints (no sync inside a move, issue 19); the Checkpointer keeps the log bounded."""
    runs = []
    real = database.Checkpointer._run
    monkeypatch.setattr(database.Checkpointer, "_run", lambda self: (runs.append(threading.get_ident()), real(self)))
    monkeypatch.setattr(database, "CHECKPOINT_EVERY_WRITES", 10**9)
    unchecked, _ = await _wal_after_writes(tmp_path / "never.db", 300)
    assert runs == []
    monkeypatch.setattr(database, "CHECKPOINT_EVERY_WRITES", 20)
    checked, rows = await _wal_after_writes(tmp_path / "often.db", 300)
    assert rows == 300 and len(runs) >= 300 // 20 // 2 and threading.get_ident() not in runs
    assert unchecked > 300 * 8000 and checked < unchecked / 4


async def test_a_failing_checkpoint_is_logged_and_writes_go_on(tmp_path, monkeypatch, caplog):
    def fail(self):
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(database.Checkpointer, "_run", fail)
    monkeypatch.setattr(database, "CHECKPOINT_EVERY_WRITES", 5)
    with caplog.at_level(logging.WARNING):
        _, rows = await _wal_after_writes(tmp_path / "f.db", 12)
    assert rows == 12 and "checkpointing the database failed" in caplog.text


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


async def test_a_batch_of_writes_is_one_trip_to_the_database_thread(tmp_path, caplog):
    """Group commit rests on aiosqlite running a whole batch as one call in its thread; this fails if aiosqlite
    changes how `executemany` reaches the connection (it logs each call it runs as "executing ...")."""
    db = await Database.open(tmp_path / "hops.db")
    threads = []

    def recording(channel):
        def write(conn):
            threads.append(threading.get_ident())
            return _insert(channel)(conn)
        return write

    try:
        caplog.set_level(logging.DEBUG, logger="aiosqlite")
        results = await asyncio.gather(*(db.write(recording(n)) for n in range(5)))
        calls = [r for r in caplog.records if r.name == "aiosqlite" and r.getMessage().startswith("executing")]
        assert results == list(range(5)) and len(calls) == 1
        assert len(set(threads)) == 1 and threads[0] != threading.get_ident()
    finally:
        await db.close()


async def test_reads_queued_together_are_one_trip_and_fail_alone(tmp_path, caplog):
    """Issue 19: reads waiting for the connection go to its thread together, like writes; one that raises fails
    only itself."""
    db = await Database.open(tmp_path / "reads.db")

    def count(conn):
        return conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]

    def fails(conn):
        raise ValueError("a bad read")

    try:
        await db.write(_insert(1))
        caplog.set_level(logging.DEBUG, logger="aiosqlite")
        results = await asyncio.gather(*(db.read(count) for _ in range(4)), db.read(fails), db.read(count),
                                       return_exceptions=True)
        calls = [r for r in caplog.records if r.name == "aiosqlite" and r.getMessage().startswith("executing")]
        assert results[:4] == [1] * 4 and isinstance(results[4], ValueError) and results[5] == 1
        assert len(calls) == 1
    finally:
        await db.close()


async def test_close_lets_queued_reads_finish(tmp_path):
    db = await Database.open(tmp_path / "read-drain.db")
    await db.write(_insert(7))
    reads = [asyncio.ensure_future(db.read(lambda c: c.execute("SELECT channel_id FROM games").fetchone()[0]))
             for _ in range(100)]
    await asyncio.sleep(0)
    await db.close()
    assert [r.result() for r in reads] == [7] * 100


def _header(path) -> tuple[int, int]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute("PRAGMA application_id").fetchone()[0], conn.execute("PRAGMA user_version").fetchone()[0]
    finally:
        conn.close()


async def _threads_left_over(before: set[threading.Thread]) -> set[threading.Thread]:
    """Threads started since `before` that are still alive (others may end meanwhile; that is fine)."""
    for _ in range(100):  # a stopped thread leaves the list just after its last call returns
        if not set(threading.enumerate()) - before:
            break
        await asyncio.sleep(0.01)
    return set(threading.enumerate()) - before


async def test_a_new_file_is_marked_as_ours(tmp_path):
    path = tmp_path / "new.db"
    await (await Database.open(path)).close()
    assert _header(path) == (APPLICATION_ID, len(database.migrations()))
    check_file(path)


@pytest.mark.parametrize(("kind", "says", "todo"), [
    ("not_sqlite", "is not a SQLite database", "DATABASE_URL"),
    ("foreign", "is not Chaos Table's", "DATABASE_URL"),
    ("foreign_versioned", "is not Chaos Table's", "DATABASE_URL"),
    ("future", "newer Chaos Table", "Restore"),
])
async def test_open_refuses_a_file_that_is_not_ours_and_leaves_it_alone(tmp_path, kind, says, todo):
    path = tmp_path / "chaostable.db"
    await make_bad_file(kind, path)
    before = path.read_bytes()
    threads = set(threading.enumerate())
    with pytest.raises(DatabaseFileError) as refused:
        await Database.open(path)
    message = str(refused.value)
    assert str(path) in message and says in message and todo in message
    assert path.read_bytes() == before  # not migrated over, not even switched to WAL
    assert not await _threads_left_over(threads)  # the database thread is gone, so the process can exit


async def test_a_file_another_program_marked_as_its_own_is_refused(tmp_path):
    path = tmp_path / "marked.db"
    await make_ours(path, games=1)
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA application_id = 1234")
    conn.close()
    with pytest.raises(DatabaseFileError, match="is not Chaos Table's"):
        await Database.open(path)
    assert _header(path)[0] == 1234


@pytest.mark.parametrize("kind", BAD_FILES)
async def test_start_up_check_refuses_every_bad_file_quickly(tmp_path, kind):
    path = tmp_path / "chaostable.db"
    await make_bad_file(kind, path)
    started = time.monotonic()
    with pytest.raises(DatabaseFileError) as refused:
        check_file(path)
    assert time.monotonic() - started < 2
    assert str(path) in str(refused.value)


async def test_start_up_check_names_damage_and_says_to_restore(tmp_path):
    path = tmp_path / "chaostable.db"
    await make_bad_file("corrupt", path)
    with pytest.raises(DatabaseFileError, match=r"(?s)is damaged.*Restore"):
        check_file(path)


def test_start_up_check_leaves_a_missing_file_to_be_created(tmp_path):
    check_file(tmp_path / "none.db")
    check_file(None)
    assert not (tmp_path / "none.db").exists()


async def test_a_database_from_before_the_application_id_is_adopted_and_migrated(tmp_path):
    path = tmp_path / "old.db"
    conn = sqlite3.connect(path)
    conn.executescript(f"{database.migrations()[0][2]}\nPRAGMA user_version = 1;")
    conn.execute("INSERT INTO games (channel_id, kind, state, created_at, updated_at) VALUES (5, 'k', '{}', 'n', 'n')")
    conn.commit()
    conn.close()
    check_file(path)
    db = await Database.open(path)
    try:
        assert await db.read(lambda c: c.execute("SELECT channel_id FROM games").fetchall()[0][0]) == 5
    finally:
        await db.close()
    assert _header(path) == (APPLICATION_ID, len(database.migrations()))


async def test_an_old_version_whose_tables_are_not_ours_is_refused(tmp_path):
    path = tmp_path / "odd.db"
    conn = sqlite3.connect(path)
    conn.executescript(f"{database.migrations()[0][2]}\nCREATE TABLE extra (x);\nPRAGMA user_version = 1;")
    conn.close()
    with pytest.raises(DatabaseFileError, match="extra"):
        await Database.open(path)
    assert _header(path) == (0, 1)
