"""What the storage functions may ask of a connection, whichever database runs them.

A storage function (a transaction or a read: `GameStore`'s, the results', the messages') is a plain function of a
connection: it calls `execute(sql, parameters)` and reads rows by name or position, as with `sqlite3`. The SQL is
written once, with `?` placeholders, in what SQLite and PostgreSQL both understand, plus two spellings each backend
gives its own way (`Dialect`): a null-safe equality written `IS ?` (PostgreSQL: `IS NOT DISTINCT FROM`), and the row
lock a change takes on its game (`FOR UPDATE` on PostgreSQL, where several processes write; nothing on SQLite, which
has one writer at a time).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class Row(Protocol):
    def __getitem__(self, key: int | str, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def keys(self) -> Iterable[str]: ...


class Rows(Protocol):
    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """The part of a `sqlite3.Connection` that storage functions use; `storage.postgres` gives the same."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Any: ...

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Any: ...


@dataclass(frozen=True)
class Dialect:
    name: str
    for_update: str  # appended to a SELECT of the game row a change is about to write
    deflate_log: bool  # the log's events and snapshots stored deflated when shorter (SQLite's dynamic typing)


SQLITE = Dialect("sqlite", "", True)
POSTGRESQL = Dialect("postgresql", " FOR UPDATE", False)  # TOAST compresses long values by itself


def dialect(conn: Any) -> Dialect:
    return getattr(conn, "dialect", SQLITE)
