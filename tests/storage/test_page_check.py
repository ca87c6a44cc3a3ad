"""A big database file is not read whole before start-up (issue 19: start-up must not grow with the history); its
pages are read after start-up by a `PageCheck`, and damage found then stops every write."""

from __future__ import annotations

import sqlite3
import threading

import pytest

from engine.table import TABLE
from storage import GameStore, database
from storage.database import Database, DatabaseFileError, PageCheck, check_file, checked_at_start
from tests.faults.badfiles import damage_history, make_bad_file, make_history


@pytest.fixture
def small_threshold(monkeypatch):
    """Every file counts as big: its pages are left to the check after start-up."""
    monkeypatch.setattr(database, "FULL_CHECK_AT_START_BYTES", 0)


async def test_only_a_file_up_to_the_threshold_is_read_whole_at_start_up(tmp_path, monkeypatch):
    path = tmp_path / "chaostable.db"
    await make_history(path, games=40)
    size = path.stat().st_size + sum(p.stat().st_size for p in tmp_path.glob("chaostable.db-wal"))
    monkeypatch.setattr(database, "FULL_CHECK_AT_START_BYTES", size)
    assert checked_at_start(path)
    monkeypatch.setattr(database, "FULL_CHECK_AT_START_BYTES", size - 1)
    assert not checked_at_start(path)


@pytest.mark.usefixtures("small_threshold")
async def test_damage_in_a_big_files_history_is_found_after_start_up(tmp_path):
    path = tmp_path / "chaostable.db"
    await make_history(path, games=80)
    damage_history(path)
    check_file(path)  # the header and the schema read fine: start-up goes on
    with pytest.raises(DatabaseFileError, match=r"(?s)is damaged.*Restore") as found:
        PageCheck(path).run()
    assert str(path) in str(found.value)


@pytest.mark.usefixtures("small_threshold")
@pytest.mark.parametrize("kind", ["not_sqlite", "foreign", "foreign_versioned", "future"])
async def test_a_big_file_that_is_not_ours_is_still_refused_before_start_up(tmp_path, kind):
    path = tmp_path / "chaostable.db"
    await make_bad_file(kind, path)
    with pytest.raises(DatabaseFileError):
        check_file(path)


async def test_the_page_check_reads_a_snapshot_while_the_bot_writes(tmp_path):
    path = tmp_path / "chaostable.db"
    await make_history(path, games=80)
    db = await Database.open(path)
    try:
        await db.write(lambda conn: conn.execute(
            "INSERT INTO games (channel_id, kind, state, created_at, updated_at) VALUES (1, 'k', '{}', 'n', 'n')"))
        assert PageCheck(path).run() is True
        assert await db.read(lambda conn: conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]) == 81
    finally:
        await db.close()


async def test_a_stopped_page_check_reads_nothing_and_says_so(tmp_path):
    path = tmp_path / "chaostable.db"
    await make_history(path, games=80)
    check = PageCheck(path)
    check.stop()
    assert check.run() is False


async def test_stopping_interrupts_a_page_check_under_way(tmp_path, monkeypatch):
    path = tmp_path / "chaostable.db"
    await make_history(path, games=80)
    check = PageCheck(path)
    reading = threading.Event()

    def slow_check(conn: sqlite3.Connection, at: object) -> None:
        conn.set_progress_handler(lambda: reading.set() or None, 100)
        conn.execute("WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT COUNT(*) FROM n")

    monkeypatch.setattr(database, "_quick_check", slow_check)
    outcome: list[bool] = []
    worker = threading.Thread(target=lambda: outcome.append(check.run()))
    worker.start()
    assert reading.wait(5)
    check.stop()
    worker.join(5)
    assert outcome == [False]


async def test_refused_writes_change_nothing_and_reads_go_on(tmp_path):
    path = tmp_path / "chaostable.db"
    db = await Database.open(path)
    try:
        refusal = DatabaseFileError(path, "is damaged (test)", database.DAMAGED_TODO)
        db.refuse_writes(refusal)
        with pytest.raises(DatabaseFileError) as refused:
            await db.write(lambda conn: conn.execute(
                "INSERT INTO games (channel_id, kind, state, created_at, updated_at) VALUES (1, 'k', '{}', 'n', 'n')"))
        assert refused.value is refusal
        assert await db.read(lambda conn: conn.execute("SELECT COUNT(*) FROM games").fetchone()[0]) == 0
    finally:
        await db.close()


@pytest.mark.usefixtures("small_threshold")
async def test_damage_a_read_meets_is_named_like_damage_found_at_start_up(tmp_path):
    path = tmp_path / "chaostable.db"
    await make_bad_file("corrupt", path)
    check_file(path)
    opened: list[Database] = []
    try:
        with pytest.raises(DatabaseFileError, match=r"(?s)is damaged.*Restore"):
            opened.append(await Database.open(path))
            await GameStore(opened[0]).active(TABLE)
    finally:
        for db in opened:
            await db.close()
