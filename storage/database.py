"""The one aiosqlite connection, its pragmas, its migrations and its transactions."""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import TypeVar

import aiosqlite

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
T = TypeVar("T")

# aiosqlite hands every call to its own thread, and each hand-off costs ~0.2 ms on a small machine. A move is
# a handful of statements, so the storage layer runs each whole transaction as one function in that thread
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
            (version,) = await cursor.fetchone()
        return version

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
        """Run `fn(conn)` in one BEGIN IMMEDIATE transaction in the database thread; any exception
        rolls everything back and propagates. `fn` must be synchronous and must not commit."""
        async with self._lock:
            self._check_open()
            return await self._conn._execute(_in_transaction, self._conn._conn, fn)

    async def read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn(conn)` in the database thread, never in the middle of someone else's transaction."""
        async with self._lock:
            self._check_open()
            return await self._conn._execute(fn, self._conn._conn)

    async def close(self) -> None:
        """Wait for the running transaction (if any) to finish, then close."""
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


def _in_transaction(conn: sqlite3.Connection, fn: Callable[[sqlite3.Connection], T]) -> T:
    conn.execute("BEGIN IMMEDIATE")
    try:
        result = fn(conn)
    except BaseException:
        conn.rollback()
        raise
    conn.commit()
    return result
