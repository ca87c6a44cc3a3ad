"""Moving a deployment between databases: `python -m storage.copy SOURCE_URL TARGET_URL`.

Copies every game with its log and snapshots, every result, player total, Gin-jon-tan collection, remembered
message and the command-sync record, from one database to another: SQLite to PostgreSQL (to grow into shards) or
back. URLs as in DATABASE_URL (`sqlite:///data/chaostable.db`, `postgresql://user:password@host:5432/db`). Both are
migrated to this version's schema first; the target must be empty (no game in it), so ids stay as they are. Stop
the bot first, so that nothing changes in the source meanwhile. Rows go over in pages, a transaction each; at the
end every table's row count, and a digest of each game and log, are compared between the two, and any difference
is an error (exit code 1: empty the target and run again).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import sys
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from settings import SettingsError, database_path_from_url, postgres_url, shown_url
from storage.backend import Backend, is_postgres_url, open_database
from storage.sql import Connection, dialect

PAGE = 2000  # rows a transaction


@dataclass(frozen=True)
class Table:
    name: str
    key: tuple[str, ...]  # the order rows are read in (unique)
    columns: tuple[str, ...]
    logged: tuple[str, ...] = ()  # JSON columns SQLite may keep deflated


TABLES = (
    Table("games", ("id",), ("id", "guild_id", "channel_id", "kind", "status", "state", "version", "created_by",
                             "created_at", "updated_at", "finished_at")),
    Table("game_events", ("game_id", "seq"), ("game_id", "seq", "type", "actor_id", "move", "events", "undone_by",
                                               "created_at", "request"), logged=("events",)),
    Table("game_snapshots", ("game_id", "seq"), ("game_id", "seq", "state"), logged=("state",)),
    Table("game_results", ("game_id", "user_id"), ("game_id", "guild_id", "kind", "user_id", "place", "points",
                                                   "finished_at")),
    Table("game_messages", ("game_id", "role"), ("game_id", "role", "channel_id", "message_id")),
    Table("ginjontan_collections", ("guild_id", "user_id"), ("guild_id", "user_id", "cards")),
    Table("player_totals", ("guild_id", "kind", "user_id"), ("guild_id", "kind", "user_id", "games", "wins",
                                                             "place_sum", "tier_sum", "points_small", "points_big")),
    Table("command_sync", ("scope",), ("scope", "payload_hash", "synced_at")),
)


class CopyError(Exception):
    """The copy can't go on, or did not come out equal; the message says what to do."""


def text_of(value: Any) -> Any:
    """A logged JSON column as text: SQLite keeps long ones deflated (a BLOB)."""
    return zlib.decompress(value, wbits=-15).decode() if isinstance(value, bytes) else value


def _stored(conn: Connection, table: Table, row: Sequence[Any]) -> tuple[Any, ...]:
    """A row as the target stores it: logged JSON deflated where the target's dialect keeps it so."""
    from storage.games import _pack

    values = []
    for column, value in zip(table.columns, row, strict=True):
        if column in table.logged and value is not None:
            value = _pack(conn, text_of(value)) if dialect(conn).deflate_log else text_of(value)
        values.append(value)
    return tuple(values)


def _page(conn: Connection, table: Table, after: tuple[Any, ...] | None) -> list[tuple[Any, ...]]:
    """The next page of rows in key order, after the key `after`. NULL keys (a collection or total without a
    server) sort first on both databases through COALESCE."""
    keys = [f"COALESCE({k}, -1)" if k == "guild_id" else k for k in table.key]
    where = ""
    params: tuple[Any, ...] = ()
    if after is not None:
        where = f" WHERE ({', '.join(keys)}) > ({', '.join('?' for _ in keys)})"
        params = tuple(-1 if k == "guild_id" and v is None else v for k, v in zip(table.key, after, strict=True))
    rows = conn.execute(f"SELECT {', '.join(table.columns)} FROM {table.name}{where}"
                        f" ORDER BY {', '.join(keys)} LIMIT {PAGE}", params).fetchall()
    return [tuple(row) for row in rows]


def _key(table: Table, row: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(row[table.columns.index(k)] for k in table.key)


def _insert(conn: Connection, table: Table, rows: list[tuple[Any, ...]]) -> None:
    conn.executemany(f"INSERT INTO {table.name} ({', '.join(table.columns)})"
                     f" VALUES ({', '.join('?' for _ in table.columns)})", [_stored(conn, table, r) for r in rows])


def _count(conn: Connection, table: Table) -> int:
    return int(conn.execute(f"SELECT COUNT(*) FROM {table.name}").fetchone()[0])


def _digest(conn: Connection) -> str:
    """What must come out the same: each game's head and state, and each log entry with its JSON as text."""
    digest = hashlib.sha256()
    for table in TABLES[:3]:
        after = None
        while rows := _page(conn, table, after):
            for row in rows:
                digest.update(repr(tuple(text_of(v) if c in table.logged else v
                                         for c, v in zip(table.columns, row, strict=True))).encode())
            after = _key(table, rows[-1])
    return digest.hexdigest()


async def copy(source: Backend, target: Backend, report: Any = None) -> dict[str, int]:
    """Copy everything from `source` into the empty `target`; the row count of each table."""
    if await target.read(lambda conn: _count(conn, TABLES[0])):
        raise CopyError("The target database already holds games. Copy into an empty database (a new SQLite file, "
                        "or a new PostgreSQL database).")
    counts = {}
    for table in TABLES:
        after, copied = None, 0
        while rows := await source.read(lambda conn, t=table, a=after: _page(conn, t, a)):  # type: ignore[misc]
            await target.write(lambda conn, t=table, r=rows: _insert(conn, t, r))  # type: ignore[misc]
            copied += len(rows)
            after = _key(table, rows[-1])
        counts[table.name] = copied
        if report is not None:
            report(f"{table.name}: {copied:,} rows")
    if dialect_name(target) == "postgresql":  # new games after the copy take ids above the copied ones
        await target.write(lambda conn: conn.execute(
            "SELECT setval(pg_get_serial_sequence('games', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM games"))
    for table in TABLES:
        there = await target.read(lambda conn, t=table: _count(conn, t))  # type: ignore[misc]
        if there != counts[table.name]:
            raise CopyError(f"{table.name}: {counts[table.name]:,} rows read but {there:,} in the target.")
    if await source.read(_digest) != await target.read(_digest):
        raise CopyError("The games or their logs differ between the two databases after the copy.")
    return counts


def dialect_name(db: Backend) -> str:
    return db.dialect.name


async def open_url(url: str) -> Backend:
    if is_postgres_url(url):
        return await open_database(postgres_url(url))
    return await open_database(path=database_path_from_url(url))


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m storage.copy", description=__doc__.splitlines()[0])
    parser.add_argument("source", help="DATABASE_URL of the database to copy from")
    parser.add_argument("target", help="DATABASE_URL of the empty database to copy into")
    args = parser.parse_args(argv)
    try:
        source = await open_url(args.source)
        try:
            target = await open_url(args.target)
            try:
                counts = await copy(source, target, report=print)
            finally:
                await target.close()
        finally:
            await source.close()
    except (SettingsError, CopyError, OSError) as error:
        print(f"Not copied: {error}", file=sys.stderr)
        return 1
    except Exception as error:  # a database refusing (DatabaseFileError) or unreachable
        print(f"Not copied: {error}", file=sys.stderr)
        return 1
    print(f"Copied {sum(counts.values()):,} rows from {shown_url(args.source)} to {shown_url(args.target)}; every "
          "table's count and every game's log checked equal.")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
