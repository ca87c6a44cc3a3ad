"""PostgreSQL, for deployments that outgrow one process: `DATABASE_URL=postgresql://user:password@host:port/db`.

The storage functions are the ones SQLite runs (plain functions of a connection, `storage/sql.py`); here each runs
in a greenlet on the bot's own event loop, and every statement it executes is awaited on an asyncpg connection
from a pool: the function reads as synchronous code, the loop never blocks, and no thread is involved (the technique
SQLAlchemy's asyncio support uses). A write is one transaction on one pooled connection: several run at once, each
serialised with the others on the same game by the row lock its function takes (`Dialect.for_update`), so moves
from several bot processes (shards) on one database apply one at a time and exactly once.

Migrations: `storage/migrations/postgresql/`. A PostgreSQL database starts at the schema SQLite's migrations had
reached when this backend was added (`0009_schema.sql`); every later migration comes in both folders with the same
number. `chaostable_schema` holds the version and marks the database as Chaos Table's.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import asyncpg
from greenlet import greenlet

from storage.database import DatabaseFileError
from storage.faults import crash_point
from storage.sql import POSTGRESQL, Dialect

log = logging.getLogger(__name__)
T = TypeVar("T")

POOL_SIZE = 8  # connections: writes on different games run at once
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
BASELINE = 9  # the first PostgreSQL migration: the whole schema as SQLite's migrations 1-9 left it
_MIGRATION_LOCK = 0x43685462  # pg_advisory_xact_lock key: one process migrates at a time ("ChTb")
SERVER_TODO = ("Check DATABASE_URL (host, port, user, password, database) and that the PostgreSQL server is running "
               "and accepts connections from this machine.")
FOREIGN_TODO = "Point DATABASE_URL at an empty database or at Chaos Table's own."
NEWER_TODO = "Run that newer Chaos Table, or restore a backup this version made (docs/operations.md)."


class DatabaseServerError(DatabaseFileError):
    """The PostgreSQL database can't be used: unreachable, refused, or not Chaos Table's. bot.py prints the message
    and exits with code 2, as for a bad SQLite file."""

    def __init__(self, url: str, problem: str, todo: str) -> None:
        Exception.__init__(self, f"The PostgreSQL database {safe_url(url)} {problem}.\n{todo}")
        self.path = None


def safe_url(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    host = parts.hostname or "localhost"
    port = f":{parts.port}" if parts.port else ""
    user = f"{parts.username}@" if parts.username else ""
    return f"postgresql://{user}{host}{port}{parts.path}"


# -- SQL written for both databases ---------------------------------------------------------------------------------

_TOKENS = re.compile(r"'(?:[^']|'')*'|\bIS \?|\?")


@lru_cache(maxsize=512)
def translate(sql: str) -> str:
    """`?` placeholders as `$1, $2, ...`, and the null-safe `IS ?` as `IS NOT DISTINCT FROM $n`; quoted text is
    left as it is."""
    count = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal count
        token = match.group(0)
        if token.startswith("'"):
            return token
        count += 1
        return f"IS NOT DISTINCT FROM ${count}" if token.startswith("IS") else f"${count}"

    return _TOKENS.sub(replace, sql)


# -- synchronous storage functions over asyncpg, in a greenlet ------------------------------------------------------

class _Await:
    """What a storage function's greenlet hands its driver: a coroutine to await on its behalf."""

    __slots__ = ("coroutine",)

    def __init__(self, coroutine: Awaitable[Any]) -> None:
        self.coroutine = coroutine


def _await(coroutine: Awaitable[T]) -> T:
    """In a storage function: the coroutine's result, awaited by the driver (`run`) while this greenlet waits."""
    parent = greenlet.getcurrent().parent
    if parent is None:
        raise RuntimeError("PostgreSQL statements run only inside a storage function given to read() or write()")
    return parent.switch(_Await(coroutine))  # type: ignore[no-any-return]


async def run(fn: Callable[..., T], *args: Any) -> T:
    """`fn(*args)` in a greenlet of its own; each coroutine it hands over is awaited here, on the event loop, and its
    result (or exception) handed back."""
    worker = greenlet(fn)
    handed = worker.switch(*args)
    while not worker.dead:
        if not isinstance(handed, _Await):
            raise RuntimeError(f"a storage function switched out with {handed!r}")
        try:
            result = await handed.coroutine
        except BaseException as error:  # into the function, which may catch it; else it comes out of throw()
            handed = worker.throw(error)
        else:
            handed = worker.switch(result)
    return handed  # type: ignore[no-any-return]


class Cursor:
    """A statement's rows, read as a `sqlite3.Cursor`'s: asyncpg's records answer by name and by position."""

    __slots__ = ("_rows",)

    def __init__(self, rows: list[asyncpg.Record]) -> None:
        self._rows = rows

    def fetchone(self) -> asyncpg.Record | None:
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list[asyncpg.Record]:
        return self._rows

    def __iter__(self) -> Iterator[asyncpg.Record]:
        return iter(self._rows)


class PgConnection:
    """What a storage function is given on PostgreSQL (`storage.sql.Connection`)."""

    dialect: Dialect = POSTGRESQL

    def __init__(self, raw: asyncpg.Connection) -> None:
        self._raw = raw

    def execute(self, sql: str, parameters: Sequence[Any] = (), /) -> Cursor:
        return Cursor(_await(self._raw.fetch(translate(sql), *parameters)))

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> None:
        rows = [tuple(row) for row in parameters]
        if rows:
            _await(self._raw.executemany(translate(sql), rows))


# -- the backend ----------------------------------------------------------------------------------------------------

def migrations() -> list[tuple[int, str, str]]:
    """(number, file name, SQL) for every file in storage/migrations/postgresql, in order."""
    found = []
    for entry in resources.files("storage.migrations").joinpath("postgresql").iterdir():
        match = _MIGRATION_NAME.match(entry.name)
        if match:
            found.append((int(match.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    found.sort()
    numbers = [number for number, _, _ in found]
    if numbers != list(range(BASELINE, BASELINE + len(found))):
        raise RuntimeError(f"PostgreSQL migrations must be numbered {BASELINE:04d}, {BASELINE + 1:04d}, ... without "
                           f"gaps; found {numbers}")
    return found


class PostgresDatabase:
    """A pool of asyncpg connections, with the same interface as SQLite's `storage.database.Database`."""

    dialect = POSTGRESQL
    path: Path | None = None  # no file

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.url = url
        self._closed = False
        self._refusal: DatabaseFileError | None = None
        self._busy: set[asyncio.Task[Any]] = set()

    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL_SIZE) -> PostgresDatabase:
        """Connect, refuse a database that is not Chaos Table's (or a newer version's), and migrate."""
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, command_timeout=60)
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, ValueError) as error:
            raise DatabaseServerError(url, f"can't be reached ({type(error).__name__}: {error})", SERVER_TODO) \
                from error
        db = cls(pool, url)
        try:
            await db.migrate()
        except BaseException:
            await pool.close()
            raise
        return db

    @property
    def closed(self) -> bool:
        return self._closed

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("the database is closed")

    async def read(self, fn: Callable[[PgConnection], T]) -> T:
        """`fn(conn)`, outside any transaction."""
        self._check_open()
        async with self._pool.acquire() as raw:
            return await self._tracked(run(fn, PgConnection(raw)))

    async def write(self, fn: Callable[[PgConnection], T]) -> T:
        """`fn(conn)` in a transaction of its own: all of it or nothing (an exception rolls it back)."""
        self._check_open()
        if self._refusal is not None:
            raise self._refusal
        async with self._pool.acquire() as raw:
            return await self._tracked(self._transaction(raw, fn))

    async def _transaction(self, raw: asyncpg.Connection, fn: Callable[[PgConnection], T]) -> T:
        async with raw.transaction():
            result = await run(fn, PgConnection(raw))
            crash_point("before_commit")
        crash_point("after_commit")
        return result

    async def _tracked(self, work: Awaitable[T]) -> T:
        task = asyncio.ensure_future(work)
        self._busy.add(task)
        task.add_done_callback(self._busy.discard)
        return await task

    async def schema_version(self) -> int:
        return await self.read(_version)

    async def migrate(self) -> int:
        """Apply every migration newer than the stored version, in one transaction, under an advisory lock (two
        processes starting at once migrate once)."""
        self._check_open()
        async with self._pool.acquire() as raw:
            return await run(_migrate, raw, self.url)

    async def checkpoint(self) -> None:
        """Nothing to wait for (SQLite's checkpoints have no counterpart here)."""

    def refuse_writes(self, error: DatabaseFileError) -> None:
        self._refusal = error

    async def close(self) -> None:
        """Let the reads and writes under way finish, then close the pool."""
        if self._busy:
            await asyncio.wait(set(self._busy))
        if not self._closed:
            self._closed = True
            await self._pool.close()


def _version(conn: PgConnection) -> int:
    if conn.execute("SELECT to_regclass('chaostable_schema') IS NULL").fetchall()[0][0]:
        return 0
    row = conn.execute("SELECT version FROM chaostable_schema").fetchone()
    return 0 if row is None else int(row[0])


def _migrate(raw: asyncpg.Connection, url: str) -> int:
    transaction = raw.transaction()
    _await(transaction.start())
    try:
        version = _migrate_in(raw, url)
    except BaseException:
        _await(transaction.rollback())
        raise
    _await(transaction.commit())
    return version


def _migrate_in(raw: asyncpg.Connection, url: str) -> int:
    conn = PgConnection(raw)
    conn.execute(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
    current = _version(conn)
    known = migrations()
    newest = known[-1][0]
    if current == 0:
        tables = [r[0] for r in conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename")]
        if tables:
            raise DatabaseServerError(url, f"is not Chaos Table's: it has tables ({', '.join(tables[:8])}) and no "
                                           "chaostable_schema", FOREIGN_TODO)
    elif current > newest:
        raise DatabaseServerError(url, f"was written by a newer Chaos Table (schema version {current}; this one "
                                       f"knows up to {newest})", NEWER_TODO)
    pending = [(n, name, sql) for n, name, sql in known if n > current]
    for _, _, sql in pending:
        _await(raw.execute(sql))
    if pending:
        if current == 0:
            conn.execute("CREATE TABLE chaostable_schema (version INTEGER NOT NULL)")
            conn.execute("INSERT INTO chaostable_schema (version) VALUES (?)", (newest,))
        else:
            conn.execute("UPDATE chaostable_schema SET version = ?", (newest,))
        log.info("PostgreSQL database migrated from version %d to %d (%s)", current, newest,
                 ", ".join(name for _, name, _ in pending))
    return max(current, newest)
