"""The storage interface every database backend gives, and the choice of backend by DATABASE_URL.

`storage.database.Database` is SQLite (the embedded default: one file, one writer thread, group commit);
`storage.postgres.PostgresDatabase` is PostgreSQL (several bot processes on one database). The games, results and
messages code only ever sees a `Backend` and the connection its functions are given (`storage.sql`), so it never
knows which one runs.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Protocol, TypeVar

from storage.database import Database, DatabaseFileError
from storage.sql import Connection, Dialect

T = TypeVar("T")


class Backend(Protocol):
    dialect: Dialect
    path: Path | None  # the SQLite file; None for an in-memory database and for PostgreSQL

    async def read(self, fn: Callable[[Connection], T], /) -> T:
        """`fn(conn)` outside any transaction, never seeing another's uncommitted writes."""
        ...

    async def write(self, fn: Callable[[Connection], T], /) -> T:
        """`fn(conn)` atomically: all it wrote commits, or (it raised) none of it."""
        ...

    async def migrate(self) -> int: ...

    async def schema_version(self) -> int: ...

    async def checkpoint(self) -> None: ...

    def refuse_writes(self, error: DatabaseFileError) -> None: ...

    async def close(self) -> None: ...

    @property
    def closed(self) -> bool: ...


def is_postgres_url(url: str) -> bool:
    return url.startswith(("postgresql://", "postgres://"))


async def open_database(url: str | None = None, *, path: Path | None = None) -> Backend:
    """PostgreSQL for a `postgresql://` URL; else the SQLite file at `path` (None: in memory)."""
    if url is not None and is_postgres_url(url):
        from storage.postgres import PostgresDatabase  # asyncpg is loaded only when PostgreSQL is used

        return await PostgresDatabase.open(url)
    return await Database.open(path)
