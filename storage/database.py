"""The one aiosqlite connection, its pragmas, its migrations and its transactions; and the checks that keep the
bot off a database file that is not its own, was written by a newer version, or is damaged."""

from __future__ import annotations

import asyncio
import logging
import re
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite

from storage.faults import crash_point
from storage.sql import SQLITE

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5000
CHECKPOINT_EVERY_WRITES = 256  # committed writes between two checkpoints, run by `Checkpointer` beside the writer
WAL_BACKSTOP_PAGES = 16000  # ~64 MB: the writer checkpoints only if writes never pause for the Checkpointer
CHECKPOINT_ROUNDS = 20  # a checkpoint goes on until the whole log is in the file, so the writer can start it again
MAX_BATCH = 64  # writes that may share one transaction
CACHE_KIB = 32 * 1024  # page cache: every active game's state stays in memory
APPLICATION_ID = int.from_bytes(b"ChTb", "big")  # PRAGMA application_id: this file is Chaos Table's
FULL_CHECK_AT_START_BYTES = 32 * 1024 * 1024  # a bigger file's pages are read after start-up (`PageCheck`)
_CONNECTION_PRAGMAS = (  # these change nothing in the file, so they may run before it is checked
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
    f"PRAGMA wal_autocheckpoint = {WAL_BACKSTOP_PAGES}",
    f"PRAGMA cache_size = -{CACHE_KIB}",
)
_Job = tuple[Callable[[sqlite3.Connection], Any], "asyncio.Future[Any]"]
_MIGRATION_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
T = TypeVar("T")

FOREIGN_TODO = "Point DATABASE_URL at Chaos Table's database, or move this file away to start with an empty one."
DAMAGED_TODO = 'Keep a copy of this file, then restore the newest backup (docs/operations.md, "Restore").'
NEWER_TODO = 'Run that newer Chaos Table, or restore a backup this version made (docs/operations.md, "Restore").'
ACCESS_TODO = ("Check the path in DATABASE_URL, the free disk space, and that this user may read and write the file "
               "and its folder.")
_FILE_ERRORS = {  # SQLite's primary result codes that blame the file, not the code
    sqlite3.SQLITE_NOTADB: ("is not a SQLite database", FOREIGN_TODO),
    sqlite3.SQLITE_CORRUPT: ("is damaged", DAMAGED_TODO),
    sqlite3.SQLITE_CANTOPEN: ("can't be opened", ACCESS_TODO),
    sqlite3.SQLITE_PERM: ("can't be opened", ACCESS_TODO),
    sqlite3.SQLITE_READONLY: ("can't be written", ACCESS_TODO),
    sqlite3.SQLITE_IOERR: ("can't be read or written", ACCESS_TODO),
    sqlite3.SQLITE_FULL: ("can't grow: the disk is full", ACCESS_TODO),
}


class DatabaseFileError(Exception):
    """The database file can't be used as it is. The message names the file and says what to do; bot.py prints it
    and exits with code 2."""

    def __init__(self, path: Path | None, problem: str, todo: str) -> None:
        super().__init__(f"The database file {path or ':memory:'} {problem}.\n{todo}")
        self.path = path


# aiosqlite hands every call to its own thread, and each hand-off costs ~0.2 ms on a small machine. A move is a
# handful of statements, so whole transactions run as one function in that thread. aiosqlite 0.22 has no public
# call for that, but its `executemany(sql, parameters)` calls the sqlite3 connection's `executemany` there, and
# `aiosqlite.connect` hands `factory` to `sqlite3.connect`: our connection runs a `_Call` given as the parameters.
# (Moves never use `executemany` in a hot path, so their statements pay nothing for this.)
# tests/storage/test_database.py checks that a batch is still one hand-off.
class _Call:
    __slots__ = ("fn", "result")
    fn: Callable[[sqlite3.Connection], Any]
    result: Any

    def __init__(self, fn: Callable[[sqlite3.Connection], Any]) -> None:
        self.fn = fn


class _Connection(sqlite3.Connection):
    def executemany(self, sql: str, parameters: Any, /) -> Any:
        if isinstance(parameters, _Call):
            parameters.result = parameters.fn(self)
            return None
        return super().executemany(sql, parameters)


_CALL_SQL = "-- a function run in the database thread"


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
    """SQLite: one connection shared by the whole bot (`storage.backend.Backend`).

    SQLite has one writer at a time and a connection has one transaction at a time, so every use of
    the connection goes through `self._lock`: no coroutine can read another's uncommitted writes.
    """

    dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection, path: Path | None) -> None:
        self._conn = conn
        self.path = path
        self._lock = asyncio.Lock()
        self._queue: list[_Job] = []
        self._writer: asyncio.Task[None] | None = None
        self._reads: list[_Job] = []
        self._reader: asyncio.Task[None] | None = None
        self._closed = False
        self._refusal: DatabaseFileError | None = None
        self._checkpointer = None if path is None else Checkpointer(path)
        self._writes_since_checkpoint = 0

    @classmethod
    async def open(cls, path: Path | None) -> Database:
        """Open (creating folders as needed), refuse a file that is not ours (`DatabaseFileError`), and migrate.
        `None` opens an in-memory database."""
        with _file_errors(path):
            if path is not None:
                path.parent.mkdir(parents=True, exist_ok=True)
            conn = await aiosqlite.connect(":memory:" if path is None else str(path), isolation_level=None,
                                           factory=_Connection)
        conn.row_factory = sqlite3.Row
        db = cls(conn, path)
        try:
            with _file_errors(path):
                await db._call(partial(_prepare, path=path))
                await db.migrate()
        except BaseException:
            await conn.close()  # else its thread would keep the process alive
            raise
        return db

    async def schema_version(self) -> int:
        return await self.read(lambda conn: _pragma(conn, "user_version"))

    async def migrate(self) -> int:
        """Apply every migration newer than `PRAGMA user_version`, all in one transaction, and mark the file as
        Chaos Table's."""
        async with self._lock:
            self._check_open()
            return await self._call(_migrate)

    async def write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn(conn)` atomically in the database thread and return its result; if it raises, nothing it
        wrote stays and the exception propagates. `fn` must be synchronous and must not commit.

        Group commit: writes that queue up while another is running go to the thread together and share one
        transaction, each inside its own SAVEPOINT, so one failing write rolls back only itself. Under load
        that is one thread hand-off and one commit for many moves instead of one each.
        """
        self._check_open()
        if self._refusal is not None:
            raise self._refusal
        job: _Job = (fn, asyncio.get_running_loop().create_future())
        self._queue.append(job)
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._drain(), name="database-writer")
        return await job[1]

    async def _drain(self) -> None:
        await self._run_queue("_queue", _run_batch)

    async def _run_queue(self, queue: str, runner: Callable[..., list[tuple[bool, Any]]]) -> None:
        """Hand the jobs in `self.<queue>` to the database thread, up to MAX_BATCH at a time, `runner` running each
        batch there; then settle each job's future with its own outcome."""
        while jobs := getattr(self, queue):
            batch = jobs[:MAX_BATCH]
            setattr(self, queue, jobs[MAX_BATCH:])
            try:
                async with self._lock:
                    self._check_open()
                    if self._refusal is not None and runner is _run_batch:  # reads go on
                        raise self._refusal
                    outcomes = await self._call(partial(runner, fns=[fn for fn, _ in batch]))
            except asyncio.CancelledError:  # shutting down: nobody will wait for these answers
                for _, future in batch + getattr(self, queue):
                    future.cancel()
                raise
            except Exception as error:  # the whole batch failed (commit error, closed database)
                outcomes = [(False, error)] * len(batch)
            if runner is _run_batch:
                self._count_writes(len(batch))
            for (_, future), (ok, value) in zip(batch, outcomes, strict=True):
                if future.done():
                    continue
                if ok:
                    future.set_result(value)
                else:
                    future.set_exception(value)

    async def read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run `fn(conn)` in the database thread, never in the middle of someone else's transaction.

        Reads that queue up while the connection is busy go to the thread together (one hand-off for all of them,
        as writes do); one that raises fails only itself."""
        self._check_open()
        job: _Job = (fn, asyncio.get_running_loop().create_future())
        self._reads.append(job)
        if self._reader is None or self._reader.done():
            self._reader = asyncio.create_task(self._run_queue("_reads", _run_reads), name="database-reader")
        return await job[1]

    def _count_writes(self, count: int) -> None:
        self._writes_since_checkpoint += count
        if self._checkpointer is not None and self._writes_since_checkpoint >= CHECKPOINT_EVERY_WRITES \
                and self._checkpointer.start():
            self._writes_since_checkpoint = 0

    async def checkpoint(self) -> None:
        """Wait for a checkpoint under way, if any (for tests and tools)."""
        if self._checkpointer is not None:
            await self._checkpointer.wait()

    async def close(self) -> None:
        """Let queued writes and a checkpoint under way finish (commit or roll back), then close."""
        busy = {task for task in (self._writer, self._reader) if task is not None}
        if busy:
            await asyncio.wait(busy)
        if self._checkpointer is not None:
            await self._checkpointer.close()
        async with self._lock:
            if self._closed:
                return
            self._closed = True
            await self._conn.close()

    def refuse_writes(self, error: DatabaseFileError) -> None:
        """From now on every write, and every write still queued, fails with `error`: the file was found damaged."""
        self._refusal = error

    @property
    def closed(self) -> bool:
        return self._closed

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError("the database is closed")

    async def _call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """`fn(conn)` in the database thread: one hand-off, whatever `fn` does. Hold `self._lock`."""
        call = _Call(fn)
        with _file_errors(self.path):
            await self._conn.executemany(_CALL_SQL, call)
        return call.result


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
        crash_point("before_commit")
        conn.commit()
    except BaseException:
        conn.rollback()
        raise
    crash_point("after_commit")
    return outcomes


def _run_reads(conn: sqlite3.Connection, fns: list[Callable[[sqlite3.Connection], Any]]) -> list[tuple[bool, Any]]:
    """In the database thread: each read on its own, outside any transaction."""
    outcomes: list[tuple[bool, Any]] = []
    for fn in fns:
        try:
            outcomes.append((True, fn(conn)))
        except Exception as error:
            outcomes.append((False, error))
    return outcomes


def check_file(path: Path | None) -> None:
    """The start-up check, before anything connects: refuse (`DatabaseFileError`) a file that is not Chaos Table's
    database or one a newer version wrote; and, if it is at most `FULL_CHECK_AT_START_BYTES`, one damaged anywhere
    (every page is read). A bigger file's pages are read after start-up by a `PageCheck`, so start-up does not grow
    with the history. A missing file passes."""
    if path is None or not path.exists():
        return
    with _file_errors(path):
        conn = sqlite3.connect(path)
        try:
            _inspect(conn, path)
            if checked_at_start(path):
                _quick_check(conn, path)
        finally:
            conn.close()


def checked_at_start(path: Path | None) -> bool:
    """Whether `check_file` reads every page of this file (with its write-ahead log) at start-up."""
    if path is None:
        return True
    sizes = (p.stat().st_size for p in (path, path.with_name(path.name + "-wal")) if p.exists())
    return sum(sizes) <= FULL_CHECK_AT_START_BYTES


class Checkpointer:
    """Copies committed pages from the write-ahead log into the file, in a thread and on a connection of its own.

    SQLite's automatic checkpoint runs inside the commit that crosses its threshold, so one move in thousands used
    to wait for a whole checkpoint, its writes and its sync of the file (a 100 ms step in the tail under load,
    issue 19). A passive checkpoint on another connection blocks neither the writer nor readers. The writer starts
    the log again from its beginning when, as its next transaction begins, everything in the log is in the file:
    so a checkpoint goes round again while moves were committed during its round, until a round finds nothing new
    (a pause between writes, which a live table always has). Should writes never pause, the automatic checkpoint at
    `WAL_BACKSTOP_PAGES` bounds the log. Committed moves are in the log either way: a kill at any point loses
    nothing."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._conn: sqlite3.Connection | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> bool:
        """Begin a checkpoint unless one is under way; whether one began."""
        if self._task is not None and not self._task.done():
            return False
        self._task = asyncio.create_task(asyncio.to_thread(self._run), name="database-checkpoint")
        self._task.add_done_callback(_log_failure)
        return True

    async def wait(self) -> None:
        if self._task is not None:
            await asyncio.wait({self._task})

    async def close(self) -> None:
        await self.wait()
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def _run(self) -> None:
        if self._conn is None:
            self._conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self._conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        seen = -1
        for _ in range(CHECKPOINT_ROUNDS):  # moves committed meanwhile are copied by the next, shorter, round
            busy, in_log, copied = self._conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            if busy or copied < in_log or in_log == seen:
                return
            seen = in_log


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:  # the next one tries again; the log keeps every move
        log.warning("checkpointing the database failed", exc_info=task.exception())


class PageCheck:
    """Every page of a big file read after start-up (`PRAGMA quick_check`), in a worker thread, on a read-only
    connection of its own that reads one consistent snapshot while the bot goes on writing. `stop()` interrupts it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._conn: sqlite3.Connection | None = None
        self._stopped = False
        self._guard = threading.Lock()

    def run(self) -> bool:
        """Blocking: True if the file is sound, False if stopped first; `DatabaseFileError` if it is damaged."""
        with _file_errors(self.path):
            conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, check_same_thread=False)
            with self._guard:
                self._conn = None if self._stopped else conn
            try:
                if self._conn is None:
                    return False
                _quick_check(conn, self.path)
            except sqlite3.OperationalError:
                if self._stopped:  # interrupted
                    return False
                raise
            finally:
                with self._guard:
                    self._conn = None
                conn.close()
        return True

    def stop(self) -> None:
        with self._guard:
            self._stopped = True
            if self._conn is not None:
                self._conn.interrupt()


@contextmanager
def _file_errors(path: Path | None) -> Iterator[None]:
    """SQLite and OS errors that blame the file become a `DatabaseFileError`; others (a bad migration) pass."""
    try:
        yield
    except sqlite3.Error as error:
        known = _FILE_ERRORS.get(getattr(error, "sqlite_errorcode", 0) & 0xFF)
        if known is None:
            raise
        raise DatabaseFileError(path, f"{known[0]} (SQLite: {error})", known[1]) from error
    except OSError as error:
        raise DatabaseFileError(path, f"can't be created ({error})", ACCESS_TODO) from error


def _pragma(conn: sqlite3.Connection, name: str) -> Any:
    return conn.execute(f"PRAGMA {name}").fetchone()[0]


def _tables(conn: sqlite3.Connection) -> frozenset[str]:
    return frozenset(row[0] for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"))


def _tables_at(version: int) -> frozenset[str] | None:
    """The tables migrations 1 to `version` create; None past the newest migration."""
    if version > len(migrations()):
        return None
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript("\n".join(sql for number, _, sql in migrations() if number <= version))
        return _tables(conn)
    finally:
        conn.close()


def _inspect(conn: sqlite3.Connection, path: Path | None) -> None:
    """Refuse another program's database (another application_id; or none, and tables that are not what our
    migrations made by its user_version) and one a newer Chaos Table wrote. An empty file is ours to fill."""
    application_id, version = _pragma(conn, "application_id"), _pragma(conn, "user_version")
    if application_id == APPLICATION_ID:
        if version > len(migrations()):
            raise DatabaseFileError(path, f"was written by a newer Chaos Table (schema version {version}; this one "
                                          f"knows up to {len(migrations())})", NEWER_TODO)
    else:
        tables = _tables(conn)
        if application_id != 0 or tables != _tables_at(version):
            found = f"application_id {application_id}" if application_id else \
                f"user_version {version}, tables {', '.join(sorted(tables)) or 'none'}"
            raise DatabaseFileError(path, f"is not Chaos Table's: it is another program's SQLite database ({found})",
                                    FOREIGN_TODO)


def _quick_check(conn: sqlite3.Connection, path: Path | None) -> None:
    problems = " ".join(row[0] for row in conn.execute("PRAGMA quick_check(3)")).replace("\n", " ")
    if problems != "ok":
        raise DatabaseFileError(path, f"is damaged (SQLite's check: {problems[:300]})", DAMAGED_TODO)


def _prepare(conn: sqlite3.Connection, path: Path | None) -> None:
    for pragma in _CONNECTION_PRAGMAS:
        conn.execute(pragma)
    _inspect(conn, path)
    conn.execute("PRAGMA journal_mode = WAL")  # the first write to the file, once it is known to be ours


def _migrate(conn: sqlite3.Connection) -> int:
    current = _pragma(conn, "user_version")
    pending = [(n, name, sql) for n, name, sql in migrations() if n > current]
    if not pending and _pragma(conn, "application_id") == APPLICATION_ID:
        return current
    target = pending[-1][0] if pending else current
    script = "\n".join(sql for _, _, sql in pending)
    try:
        # executescript commits any open transaction first, so BEGIN and COMMIT live in the script.
        conn.executescript(f"BEGIN IMMEDIATE;\n{script}\nPRAGMA user_version = {target};\n"
                           f"PRAGMA application_id = {APPLICATION_ID};\nCOMMIT;")
    except BaseException:
        if conn.in_transaction:
            conn.rollback()
        raise
    if pending:
        log.info("database migrated from version %d to %d (%s)", current, target,
                 ", ".join(name for _, name, _ in pending))
    return target
