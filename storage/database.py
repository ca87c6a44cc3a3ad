"""The one aiosqlite connection, its pragmas, its migrations and its transactions."""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000
WAL_AUTOCHECKPOINT_PAGES = 4000  # ~16 MB of WAL between checkpoints: fewer, cheaper-per-move pauses
MAX_BATCH = 64  # writes that may share one transaction
CACHE_KIB = 32 * 1024  # page cache: every active game's state stays in memory
_Job = tuple[Callable[[sqlite3.Connection], Any], "asyncio.Future[Any]"]
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
T = TypeVar("T")

# aiosqlite hands every call to its own thread, and each hand-off costs ~0.2 ms on a small machine. A move is
# a handful of statements, so the storage layer runs whole transactions as one function in that thread
# (`Connection._execute`, pinned with aiosqlite in requirements.txt and exercised by every storage test).
assert hasattr(aiosqlite.Connection, "_execute"), "aiosqlite changed: Database.write needs Connection._execute"


def migrations() -> list[tuple[int, str, str]]:
    """(number, file name, SQL) for every file in storage/migrations, in order."""
    found = []
    for entry in resources.files("storage.migrations").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [number for number, _, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise RuntimeError(f"migrations must be numbered 0001, 0002, ... without gaps; found {numbers}")
    return found


class Database:
    """One connection shared by the whole bot.

    SQLite has one writer at a time and a connection has one transaction at a time, so every use of
    the connection goes through `self._lock`: no coroutine can read another's uncommitted writes.
    """

    def __init__(self, conn: aiosqlite.Connection, path: Path | None) -> None:
        self._conn = conn
        self.path = path
        self._lock = asyncio.Lock()
        self._queue: list[_Job] = []
        self._writer: asyncio.Task[None] | None = None
        self._closed = False

    @classmethod
    async def open(cls, path: Path | None) -> Database:
        """Open (creating folders as needed) and migrate. `None` opens an in-memory database."""
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(":memory:" if path is None else str(path), isolation_level=None)
        conn.row_factory = sqlite3.Row
        for pragma in (
            "PRAGMA journal_mode = WAL",
            "PRAGMA synchronous = NORMAL",
            "PRAGMA foreign_keys = ON",
            f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
            f"PRAGMA wal_autocheckpoint = {WAL_AUTOCHECKPOINT_PAGES}",
            f"PRAGMA cache_size = -{CACHE_KIB}",
        ):
            await conn.execute(pragma)
        db = cls(conn, path)
        try:
            await db.migrate()
        except BaseException:
            await conn.close()
            raise
        return db

    async def schema_version(self) -> int:
        async with self._lock, self._conn.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        assert row is not None, "PRAGMA user_version always answers one row"
        return row[0]

    async def migrate(self) -> int:
        """Apply every migration newer than `PRAGMA user_version`, all in one transaction."""
        current = await self.schema_version()
        pending = [(n, name, sql) for n, name, sql in migrations() if n > current]
        if not pending:
            return current
        target = pending[-1][0]
        script = "\n".join(sql for _, _, sql in pending)
        async with self._lock:
            try:
                # executescript commits any open transaction first, so BEGIN and COMMIT live in the script.
                await self._conn.executescript(
                    f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {target};\nCOMMIT;"
                )
            except BaseException:
                if self._conn.in_transaction:
                    await self._conn.rollback()
                raise
        log.info("database migrated from version %d to %d (%s)", current, target,
                 ", ".join(name for _, name, _ in pending))
        return target

    async def write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn(conn)` atomically in the database thread and return its result; if it raises, nothing it
        wrote stays and the exception propagates. `fn` must be synchronous and must not commit.

        Group commit: writes that queue up while another is running go to the thread together and share one
        transaction, each inside its own SAVEPOINT, so one failing write rolls back only itself. Under load
        that is one thread hand-off and one commit for many moves instead of one each.
        """
        self._check_open()
        job: _Job = (fn, asyncio.get_running_loop().create_future())
        self._queue.append(job)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._drain(), name="database-writer")
        return await job[1]

    async def _drain(self) -> None:
        while self._queue:
            batch, self._queue = self._queue[:MAX_BATCH], self._queue[MAX_BATCH:]
            try:
                async with self._lock:
                    self._check_open()
                    outcomes = await self._conn._execute(_run_batch, self._conn._conn, [fn for fn, _ in batch])
            except asyncio.CancelledError:  # shutting down: nobody will wait for these answers
                for _, future in batch + self._queue:
                    future.cancel()
                raise
            except Exception as error:  # the whole batch failed (commit error, closed database)
                outcomes = [(False, error)] * len(batch)
            for (_, future), (ok, value) in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)

    async def read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn(conn)` in the database thread, never in the middle of someone else's transaction."""
        async with self._lock:
            self._check_open()
            return await self._conn._execute(fn, self._conn._conn)

    async def close(self) -> None:
        """Let queued writes finish (commit or roll back), then close."""
        if self._writer is not None:
            await asyncio.wait({self._writer})
        async with self._lock:
            if self._closed:
                return
            self._closed = True
            await self._conn.close()

    @property
    def closed(self) -> bool:
        return self._closed

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("the database is closed")


def _run_batch(conn: sqlite3.Connection, fns: list[Callable[[sqlite3.Connection], Any]]) -> list[tuple[bool, Any]]:
    """In the database thread: one BEGIN IMMEDIATE ... COMMIT, each write in its own savepoint."""
    outcomes: list[tuple[bool, Any]] = []
    conn.execute("BEGIN IMMEDIATE")
    try:
        for fn in fns:
            conn.execute("SAVEPOINT write")
            try:
                outcomes.append((True, fn(conn)))
            except Exception as error:
                conn.execute("ROLLBACK TO write")
                outcomes.append((False, error))
            conn.execute("RELEASE write")
        conn.commit()
    except BaseException:
        conn.rollback()
        raise
    return outcomes
