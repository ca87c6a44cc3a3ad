"""A throwaway PostgreSQL server for the tests (issue 20): its own cluster in a temporary folder, on a free port of
127.0.0.1, started once per test process and stopped at its end; each test gets a database of its own.

The server refuses to run as root: when the tests run as root it runs as the `postgres` user (`runuser`), on a
folder that user owns. Without PostgreSQL's server programs (a laptop without it) the tests that need it are
skipped, saying so; on a machine that has them they always run.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path

START_TIMEOUT_S = 60


def server_programs() -> Path | None:
    """The folder holding initdb and pg_ctl: on PATH, else Debian's /usr/lib/postgresql/<version>/bin."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class PostgresServer:
    def __init__(self, programs: Path) -> None:
        self.programs = programs
        self.folder = Path(tempfile.mkdtemp(prefix="chaostable-pg-"))
        self.port = _free_port()
        self._as_postgres = os.geteuid() == 0 if hasattr(os, "geteuid") else False
        self.user = "postgres"

    def _run(self, *args: str) -> None:
        command = [str(self.programs / args[0]), *args[1:]]
        if self._as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=START_TIMEOUT_S)

    def start(self) -> None:
        if self._as_postgres:
            shutil.chown(self.folder, "postgres")
        data = self.folder / "data"
        self._run("initdb", "-D", str(data), "-A", "trust", "-U", self.user, "--no-sync")
        self._run("pg_ctl", "-D", str(data), "-l", str(self.folder / "log"), "-w", "-t", str(START_TIMEOUT_S),
                  "start", "-o", f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                                 "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    async def new_database(self) -> str:
        """A fresh, empty database on the server; its URL."""
        import asyncpg

        name = f"t_{uuid.uuid4().hex[:16]}"
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()
        return self.url(name)

    async def drop_database(self, url: str) -> None:
        import asyncpg

        name = url.rsplit("/", 1)[1]
        conn = await asyncpg.connect(self.url())
        try:
            await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await conn.close()


def refusals() -> tuple[type[BaseException], ...]:
    """What either database raises when it refuses a row (a constraint, or a value of the wrong type)."""
    import sqlite3

    import asyncpg

    return sqlite3.IntegrityError, asyncpg.IntegrityConstraintViolationError, asyncpg.DataError
