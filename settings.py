"""Settings from the environment and `.env`; real environment variables win over `.env`."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

PROJECT_ROOT = Path(__file__).resolve().parent
DEFAULT_DATABASE_URL = "sqlite:///data/chaostable.db"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class SettingsError(ValueError):
    """A setting is present but unusable; the message says how to fix it."""


@dataclass(frozen=True)
class Settings:
    token: str | None
    database_path: Path | None  # None means an in-memory database
    dev_guild_id: int | None
    log_level: str
    picture_workers: int = 2  # processes that draw pictures; 0 draws them in threads of the bot's process
    database_url: str | None = None  # a postgresql:// URL: PostgreSQL instead of the SQLite file (issue 20)
    shard_count: int | None = None  # SHARD_COUNT: run these shards of that many (discord.py's AutoShardedBot)
    shard_ids: tuple[int, ...] | None = None  # SHARD_IDS: this process's shards (default: all of them)


POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def database_path_from_url(url: str) -> Path | None:
    """`sqlite:///relative/to/project`, `sqlite:////absolute/path` or `sqlite:///:memory:`."""
    prefix = "sqlite:///"
    if not url.startswith(prefix):
        raise SettingsError(
            f"DATABASE_URL must look like {DEFAULT_DATABASE_URL!r} (sqlite:/// then a path) or "
            f"'postgresql://user:password@host:port/database'; got {shown_url(url)!r}."
        )
    raw = url[len(prefix):]
    if raw == ":memory:":
        return None
    if not raw:
        raise SettingsError("DATABASE_URL has no file path after sqlite:///.")
    path = Path(raw)
    return path if path.is_absolute() else PROJECT_ROOT / path


def shown_url(url: str) -> str:
    """The URL with any password hidden, for messages."""
    head, at, tail = url.rpartition("@")
    if not at or "://" not in head:
        return url
    scheme, _, credentials = head.partition("://")
    user = credentials.split(":", 1)[0]
    return f"{scheme}://{user}:***@{tail}" if ":" in credentials else url


def postgres_url(url: str) -> str:
    """A PostgreSQL URL, checked for what the bot needs: a host and a database name."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port that is not a number
    except ValueError as error:
        raise SettingsError(f"DATABASE_URL is not a valid PostgreSQL URL ({error}): {shown_url(url)!r}.") from None
    if not parts.hostname or parts.path in ("", "/"):
        raise SettingsError("DATABASE_URL must name the server and the database, like "
                            f"'postgresql://user:password@host:5432/chaostable'; got {shown_url(url)!r}.")
    return url


def load_settings(environ: Mapping[str, str] | None = None, dotenv_file: Path | None = None) -> Settings:
    """Read settings now (not at import). `environ` defaults to the process environment."""
    file_values = dotenv_values(dotenv_file or PROJECT_ROOT / ".env")
    merged = {k: v for k, v in file_values.items() if v is not None}
    merged.update(os.environ if environ is None else environ)

    token = (merged.get("DISCORD_TOKEN") or "").strip() or None

    guild_raw = (merged.get("DEV_GUILD_ID") or "").strip()
    if guild_raw and not guild_raw.isdigit():
        raise SettingsError(f"DEV_GUILD_ID must be a server id (digits only); got {guild_raw!r}.")

    level = (merged.get("LOG_LEVEL") or "INFO").strip().upper()
    if level not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}; got {level!r}.")

    workers_raw = (merged.get("PICTURE_WORKERS") or "2").strip()
    if not workers_raw.isdigit() or int(workers_raw) > 32:
        raise SettingsError(f"PICTURE_WORKERS must be a number of processes from 0 to 32; got {workers_raw!r}.")

    shard_count, shard_ids = shards((merged.get("SHARD_COUNT") or "").strip(), (merged.get("SHARD_IDS") or "").strip())

    url = (merged.get("DATABASE_URL") or DEFAULT_DATABASE_URL).strip()
    postgres = url.startswith(POSTGRES_SCHEMES)
    if shard_count is not None and not postgres and shard_ids != tuple(range(shard_count)):
        raise SettingsError("Shards in several processes share one database, and SQLite is one process's: set "
                            "DATABASE_URL to a postgresql:// URL, or run every shard in this process (no SHARD_IDS).")
    return Settings(
        token=token,
        database_path=None if postgres else database_path_from_url(url),
        database_url=postgres_url(url) if postgres else None,
        dev_guild_id=int(guild_raw) if guild_raw else None,
        log_level=level,
        picture_workers=int(workers_raw),
        shard_count=shard_count,
        shard_ids=shard_ids,
    )


MAX_SHARDS = 4096


def shards(count_raw: str, ids_raw: str) -> tuple[int | None, tuple[int, ...] | None]:
    """SHARD_COUNT (how many shards the bot has in all) and SHARD_IDS (which of them this process runs, e.g.
    `0,1`; by default all of them)."""
    if not count_raw:
        if ids_raw:
            raise SettingsError("SHARD_IDS needs SHARD_COUNT: how many shards the bot has in all.")
        return None, None
    if not count_raw.isdigit() or not 1 <= int(count_raw) <= MAX_SHARDS:
        raise SettingsError(f"SHARD_COUNT must be a number of shards from 1 to {MAX_SHARDS}; got {count_raw!r}.")
    count = int(count_raw)
    if not ids_raw:
        return count, tuple(range(count))
    parts = [part.strip() for part in ids_raw.split(",")]
    if not all(part.isdigit() for part in parts):
        raise SettingsError(f"SHARD_IDS must be shard numbers separated by commas, like 0,1; got {ids_raw!r}.")
    ids = tuple(sorted({int(part) for part in parts}))
    if len(ids) != len(parts) or ids[-1] >= count:
        raise SettingsError(f"SHARD_IDS must name each shard once, each below SHARD_COUNT ({count}); got {ids_raw!r}.")
    return count, ids


def log_level_number(settings: Settings) -> int:
    return getattr(logging, settings.log_level)
