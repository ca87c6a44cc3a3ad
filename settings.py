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


def database_path_from_url(url: str) -> Path | None:
    """`sqlite:///relative/to/project`, `sqlite:////absolute/path` or `sqlite:///:memory:`."""
    prefix = "sqlite:///"
    if not url.startswith(prefix):
        raise SettingsError(
            f"DATABASE_URL must look like {DEFAULT_DATABASE_URL!r} (sqlite:/// then a path); got {url!r}."
        )
    raw = url[len(prefix):]
    if raw == ":memory:":
        return None
    if not raw:
        raise SettingsError("DATABASE_URL has no file path after sqlite:///.")
    path = Path(raw)
    return path if path.is_absolute() else PROJECT_ROOT / path


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

    return Settings(
        token=token,
        database_path=database_path_from_url((merged.get("DATABASE_URL") or DEFAULT_DATABASE_URL).strip()),
        dev_guild_id=int(guild_raw) if guild_raw else None,
        log_level=level,
        picture_workers=int(workers_raw),
    )


def log_level_number(settings: Settings) -> int:
    return getattr(logging, settings.log_level)
