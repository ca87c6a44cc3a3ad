"""Deploying (issue 20, items 5 and 6): the Dockerfile, compose.yaml, the systemd unit and the locked requirements
say what the project is (its Python, its requirements file, its settings, its shutdown grace), and the PostgreSQL
backup and restore commands of docs/operations.md work as written. The image is built only where a Docker engine
answers."""

from __future__ import annotations

import asyncio
import fnmatch
import json
import re
import shlex
import shutil
import subprocess
import tomllib
import uuid
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import urlsplit

import pytest

from bot import NO_TOKEN_MESSAGE, SHUTDOWN_GRACE_S
from settings import DEFAULT_DATABASE_URL, load_settings

ROOT = Path(__file__).resolve().parents[1]


# --- the project's Python ---------------------------------------------------------------------------------------

def project_python() -> str:
    """The Python the project is for, as pyproject.toml says it (requires-python, mypy and ruff agree)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    required = re.fullmatch(r">=\s*(3\.\d+)", config["project"]["requires-python"])
    assert required, config["project"]["requires-python"]
    version = required.group(1)
    assert config["tool"]["mypy"]["python_version"] == version
    assert config["tool"]["ruff"]["target-version"] == "py" + version.replace(".", "")
    return version


# --- the Dockerfile ----------------------------------------------------------------------------------------------

def dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile's instructions in order, as (INSTRUCTION, arguments): continuation lines joined, comments out."""
    instructions: list[tuple[str, str]] = []
    pending = ""
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        if line.lstrip().startswith("#") or (not line.strip() and not pending):
            continue
        pending += line.rstrip()
        if pending.endswith("\\"):
            pending = pending[:-1] + " "
            continue
        word, _, rest = pending.strip().partition(" ")
        instructions.append((word.upper(), " ".join(rest.split())))
        pending = ""
    assert not pending, "the Dockerfile ends inside a continued line"
    return instructions


def instruction(name: str) -> list[str]:
    return [args for word, args in dockerfile() if word == name]


def test_the_image_is_the_projects_python_slim():
    (base,) = instruction("FROM")
    assert base == f"python:{project_python()}-slim"


def test_the_image_installs_the_locked_requirements_by_their_hashes():
    steps = dockerfile()
    installs = [i for i, (word, args) in enumerate(steps) if word == "RUN" and "pip install" in args]
    assert len(installs) == 1
    argv = shlex.split(steps[installs[0]][1])
    assert argv[:2] == ["pip", "install"] and "--require-hashes" in argv and "--no-cache-dir" in argv
    assert argv[argv.index("-r") + 1] == "requirements.txt"
    copied = [i for i, (word, args) in enumerate(steps) if word == "COPY" and args.split()[0] == "requirements.txt"]
    assert copied and copied[0] < installs[0]  # the file is there when pip runs


def test_the_bot_runs_as_a_user_of_its_own():
    steps = dockerfile()
    users = [i for i, (word, _) in enumerate(steps) if word == "USER"]
    assert users, "the image must not run the bot as root"
    user = steps[users[-1]][1].split(":")[0]
    assert user not in ("root", "0") and not user.startswith("0")
    assert any(word == "RUN" and re.search(rf"useradd\b.*\b{re.escape(user)}\b", args) for word, args in steps)
    (cmd,) = instruction("CMD")
    assert json.loads(cmd) == ["python", "bot.py"]  # exec form: SIGTERM reaches the bot itself
    assert users[-1] < next(i for i, (word, _) in enumerate(steps) if word == "CMD")
    assert instruction("STOPSIGNAL") == ["SIGTERM"]


def test_the_sqlite_default_lives_in_the_volume_and_not_over_the_bundled_data():
    envs = " ".join(instruction("ENV"))
    url = re.search(r"\bDATABASE_URL=(\S+)", envs).group(1)
    settings = load_settings({"DATABASE_URL": url}, ROOT / "tests" / "no-such.env")
    assert settings.database_path is not None and settings.database_path.is_absolute()
    (volume,) = instruction("VOLUME")
    (folder,) = json.loads(volume)
    assert PurePosixPath(settings.database_path).parent == PurePosixPath(folder)
    (workdir,) = instruction("WORKDIR")
    assert not PurePosixPath(workdir, "data", "fonts").is_relative_to(folder)  # a volume would hide the fonts
    user = instruction("USER")[-1]
    assert any(re.search(rf"chown {user}:{user} {re.escape(folder)}\b", args) for args in instruction("RUN"))


def dockerignored(path: str) -> bool:
    """Whether Docker leaves `path` out of the build context (.dockerignore; the last matching pattern decides)."""
    patterns = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines()
                if line.strip() and not line.startswith("#")]
    parts = PurePosixPath(path).parts
    ignored = False
    for pattern in patterns:
        negated, pattern = pattern.startswith("!"), pattern.lstrip("!")
        for depth in range(1, len(parts) + 1):  # a pattern that matches a folder leaves out all it holds
            prefix = "/".join(parts[:depth])
            if fnmatch.fnmatchcase(prefix, pattern) or (pattern.startswith("**/") and
                                                        fnmatch.fnmatchcase(parts[depth - 1], pattern[3:])):
                ignored = not negated
                break
    return ignored


@pytest.mark.parametrize("path", [".env", ".git/HEAD", ".venv/bin/python", ".venv-lock/bin/uv", "data/chaostable.db",
                                  "data/chaostable.db-wal", "storage/__pycache__/games.cpython-311.pyc",
                                  ".pytest_cache/README.md", ".mypy_cache/3.11/bot.data.json"])
def test_secrets_databases_and_venvs_stay_out_of_the_image(path):
    assert dockerignored(path)


@pytest.mark.parametrize("path", ["bot.py", "settings.py", "requirements.txt", "storage/migrations",
                                  "data/fonts/NotoSans-Subset.ttf", "data/fonts/NotoSansCJK-Subset.otf",
                                  "data/tiles", "data/decks", "data/chaosjan/cards.json", "render/picture_text.py"])
def test_what_the_bot_needs_goes_into_the_image(path):
    assert (ROOT / path).exists() and not dockerignored(path)


def docker_engine() -> str | None:
    """Why no image can be built here, or None when a Docker engine answers."""
    if shutil.which("docker") is None:
        return "the docker command is not installed"
    try:
        answer = subprocess.run(["docker", "info"], capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        return "`docker info` did not answer within 30 s"
    if answer.returncode != 0:
        return "no Docker engine answers `docker info` here (the client is installed, the daemon is not running)"
    return None


def test_the_image_builds_and_runs_the_bot_as_its_user():
    reason = docker_engine()
    if reason is not None:
        pytest.skip(f"the image is not built: {reason}")
    tag = f"chaostable-test:{uuid.uuid4().hex[:12]}"
    built = subprocess.run(["docker", "build", "-t", tag, str(ROOT)], capture_output=True, text=True, timeout=1200)
    assert built.returncode == 0, built.stderr[-4000:]
    try:
        def run(*argv: str) -> subprocess.CompletedProcess[str]:
            return subprocess.run(["docker", "run", "--rm", "-e", "DISCORD_TOKEN=", tag, *argv],
                                  capture_output=True, text=True, timeout=300)

        assert run("id", "-u").stdout.strip() not in ("", "0")
        drawn = run("python", "-c", "from render.picture_text import fonts; print(len(fonts(20)))")
        assert drawn.returncode == 0 and drawn.stdout.strip() == "2", drawn.stderr
        no_token = run()  # the image's own command: without a token the bot explains and exits with 2
        assert no_token.returncode == 2 and NO_TOKEN_MESSAGE.strip() in no_token.stderr
    finally:
        subprocess.run(["docker", "rmi", "-f", tag], capture_output=True, timeout=120)


# --- compose.yaml ------------------------------------------------------------------------------------------------

_KEY = re.compile(r"([A-Za-z0-9_.-]+):(?:\s+(.*))?")


def _without_comment(line: str) -> str:
    quote = None
    for i, char in enumerate(line):
        if quote:
            quote = None if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "#" and (i == 0 or line[i - 1] in " \t"):
            return line[:i]
    return line


def _scalar(text: str) -> Any:
    if text.startswith('"'):
        return json.loads(text)
    if text.startswith("'"):
        if not (len(text) > 1 and text.endswith("'")):
            raise ValueError(f"unclosed quote: {text}")
        return text[1:-1].replace("''", "'")
    if text.startswith("["):
        items = json.loads(text)  # a flow sequence of double-quoted strings
        if not all(isinstance(item, str) for item in items):
            raise ValueError(f"only quoted strings in a flow sequence: {text}")
        return items
    if text[0] in "{&*!|>%@`" or ": " in text or text.endswith(":"):
        raise ValueError(f"not a plain scalar this parser knows: {text}")
    return int(text) if text.isdigit() else text


def parse_yaml(text: str) -> Any:
    """The YAML compose.yaml is written in: block mappings and sequences nested by spaces, plain, quoted and
    flow-sequence scalars, comments. Anything else (tabs, uneven indentation, a repeated key) raises ValueError."""
    lines: list[tuple[int, str]] = []
    for raw in text.splitlines():
        content = _without_comment(raw).rstrip()
        if not content.strip():
            continue
        indent = len(content) - len(content.lstrip(" "))
        if content[indent] == "\t":
            raise ValueError(f"a tab in the indentation: {raw!r}")
        lines.append((indent, content.strip()))

    def block(i: int, indent: int) -> tuple[Any, int]:
        if lines[i][1].startswith("- "):
            items = []
            while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
                items.append(_scalar(lines[i][1][2:].strip()))
                i += 1
            return items, i
        mapping: dict[str, Any] = {}
        while i < len(lines) and lines[i][0] == indent:
            match = _KEY.fullmatch(lines[i][1])
            if match is None:
                raise ValueError(f"not a key: {lines[i][1]!r}")
            key, rest = match.group(1), match.group(2)
            if key in mapping:
                raise ValueError(f"the key {key!r} twice")
            i += 1
            if rest:
                mapping[key] = _scalar(rest.strip())
            elif i < len(lines) and lines[i][0] > indent:
                mapping[key], i = block(i, lines[i][0])
            else:
                mapping[key] = None
        if i < len(lines) and lines[i][0] > indent:
            raise ValueError(f"uneven indentation at {lines[i][1]!r}")
        return mapping, i

    document, end = block(0, lines[0][0])
    if end != len(lines):
        raise ValueError(f"left over from {lines[end][1]!r}")
    return document


def interpolate(value: str, environment: dict[str, str]) -> str:
    """compose's `${NAME}` and `${NAME:-default}` (the default when NAME is unset or empty)."""
    def one(match: re.Match[str]) -> str:
        return environment.get(match.group(1)) or (match.group(3) or "")
    return re.sub(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?\}", one, value)


def compose() -> dict[str, Any]:
    return parse_yaml((ROOT / "compose.yaml").read_text())


def test_the_yaml_parser_refuses_what_it_does_not_know():
    for bad in ["a:\n\tb: 1\n", "a: 1\na: 2\n", "a:\n  b: 1\n   c: 2\n", "a: {b: 1}\n", "a: b: c\n", "a: 'x\n"]:
        with pytest.raises(ValueError):
            parse_yaml(bad)
    assert parse_yaml("a:\n  - x  # note\n  - \"y # z\"\nb:\nc: [\"1\", \"2\"]\n") == \
           {"a": ["x", "y # z"], "b": None, "c": ["1", "2"]}


def test_compose_parses_as_yaml():
    document = compose()
    try:
        import yaml  # type: ignore[import-untyped]
    except ImportError:
        pass
    else:  # where PyYAML is installed, it reads the file the same way
        assert yaml.safe_load((ROOT / "compose.yaml").read_text()) == document
    assert set(document["services"]) == {"postgres", "bot"}


@pytest.mark.parametrize("password", [None, "s3cretPassword"])
def test_the_bot_reaches_the_postgres_service_with_its_user_password_and_database(password, tmp_path):
    services = compose()["services"]
    postgres, bot = services["postgres"], services["bot"]
    environment = {} if password is None else {"POSTGRES_PASSWORD": password}
    url = interpolate(bot["environment"]["DATABASE_URL"], environment)
    parts = urlsplit(url)
    assert parts.scheme == "postgresql" and parts.hostname == "postgres" and parts.hostname in services
    assert parts.port == 5432
    assert parts.username == postgres["environment"]["POSTGRES_USER"]
    assert parts.password == interpolate(postgres["environment"]["POSTGRES_PASSWORD"], environment)
    assert parts.password == (password or "chaostable-local-only")
    assert parts.path == "/" + postgres["environment"]["POSTGRES_DB"]
    settings = load_settings({"DATABASE_URL": url}, tmp_path / "missing.env")  # the bot takes it
    assert settings.database_url == url and settings.database_path is None


def test_the_bot_starts_once_postgres_is_healthy_and_stops_in_its_grace():
    services = compose()["services"]
    postgres, bot = services["postgres"], services["bot"]
    assert bot["depends_on"] == {"postgres": {"condition": "service_healthy"}}
    assert "pg_isready" in " ".join(postgres["healthcheck"]["test"])
    assert bot["build"] == "." and bot["env_file"] == ".env"
    assert bot["restart"] == postgres["restart"] == "unless-stopped"
    grace = re.fullmatch(r"(\d+)s", bot["stop_grace_period"])
    assert grace and int(grace.group(1)) > SHUTDOWN_GRACE_S


def test_postgres_keeps_its_files_in_a_named_volume():
    document = compose()
    (mount,) = document["services"]["postgres"]["volumes"]
    name, _, target = mount.partition(":")
    assert name in document["volumes"] and target == "/var/lib/postgresql/data"
    assert "ports" not in document["services"]["postgres"]  # only the bot reaches it


# --- the systemd unit --------------------------------------------------------------------------------------------

def unit() -> dict[str, dict[str, list[str]]]:
    """deploy/chaostable.service by section, each key's values in order (systemd allows a key more than once)."""
    sections: dict[str, dict[str, list[str]]] = {}
    current = None
    for line in (ROOT / "deploy" / "chaostable.service").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            current = sections.setdefault(line.strip("[]"), {})
            continue
        key, equals, value = line.partition("=")
        assert equals and current is not None, line
        current.setdefault(key.strip(), []).append(value.strip())
    return sections


def test_the_unit_runs_bot_py_with_the_projects_venv():
    service = unit()["Service"]
    (workdir,) = service["WorkingDirectory"]
    (start,) = service["ExecStart"]
    argv = shlex.split(start)
    assert argv == [f"{workdir}/.venv/bin/python", f"{workdir}/bot.py"]
    assert service["User"] != ["root"] and service["User"]


def test_the_unit_stops_the_bot_with_sigterm_and_waits_for_its_grace():
    service = unit()["Service"]
    assert service["KillSignal"] == ["SIGTERM"]
    assert int(service["TimeoutStopSec"][0]) > SHUTDOWN_GRACE_S
    assert service["Restart"] == ["on-failure"]


def test_the_unit_lets_the_bot_write_only_its_database_folder():
    service = unit()["Service"]
    (workdir,) = service["WorkingDirectory"]
    database = PurePosixPath(workdir, DEFAULT_DATABASE_URL.removeprefix("sqlite:///"))
    assert service["ProtectSystem"] == ["strict"] and service["NoNewPrivileges"] == ["yes"]
    assert service["ReadWritePaths"] == [str(database.parent)]
    assert unit()["Install"]["WantedBy"] == ["multi-user.target"]


# --- the lock ----------------------------------------------------------------------------------------------------

def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(path: Path) -> dict[str, tuple[str, str, list[str]]]:
    """A requirements file's `name==version` lines by canonical name: (version, marker, hashes)."""
    found: dict[str, tuple[str, str, list[str]]] = {}
    text = re.sub(r"\\\n", " ", path.read_text())
    for line in text.splitlines():
        line = line.split(" #", 1)[0].strip()
        if not line or line.startswith("#") or line.startswith("-"):
            continue
        match = re.fullmatch(r"([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;]+)\s*(?:;\s*(.*?))?((?:\s+--hash=\S+)*)", line)
        assert match, f"{path.name}: not a pinned requirement: {line!r}"
        name, version, marker, hashes = match.groups()
        assert canonical(name) not in found, f"{path.name}: {name} twice"
        found[canonical(name)] = (version, " ".join((marker or "").replace("'", '"').split()), hashes.split())
    return found


@pytest.mark.parametrize("lock", ["requirements.txt", "requirements-dev.txt"])
def test_every_locked_package_has_its_hashes_and_nothing_else_is_installed(lock):
    locked = pins(ROOT / lock)
    assert locked
    for name, (_, _, hashes) in locked.items():
        assert hashes and all(re.fullmatch(r"--hash=sha256:[0-9a-f]{64}", h) for h in hashes), name
    options = [line for line in (ROOT / lock).read_text().splitlines() if line.startswith("-")]
    assert options == []  # no -r, -e or index lines: pip --require-hashes takes this file alone


@pytest.mark.parametrize(("source", "lock"), [("requirements.in", "requirements.txt"),
                                              ("requirements-dev.in", "requirements-dev.txt")])
def test_the_lock_has_the_versions_and_markers_pinned_in_its_in_file(source, lock):
    wanted, locked = pins(ROOT / source), pins(ROOT / lock)
    if source == "requirements-dev.in":
        wanted |= pins(ROOT / "requirements.in")  # by its -r line
    assert wanted
    for name, (version, marker, _) in wanted.items():
        assert name in locked, f"{name} is not in {lock}"
        assert locked[name][0] == version, f"{name}: {source} pins {version}, {lock} has {locked[name][0]}"
        assert locked[name][1] == marker.replace("'", '"'), name
    assert pins(ROOT / "requirements.in")["uvloop"][1] == 'sys_platform != "win32"'


def test_the_dev_lock_has_the_runtime_lock_in_it_at_the_same_versions():
    runtime, dev = pins(ROOT / "requirements.txt"), pins(ROOT / "requirements-dev.txt")
    for name, (version, _, hashes) in runtime.items():  # a marker may differ: a dev tool may need it everywhere
        assert dev[name][0] == version, name
        assert set(hashes) <= set(dev[name][2]), name
    source = (ROOT / "requirements-dev.in").read_text().splitlines()
    assert "-c requirements.txt" in source and "-r requirements.in" in source


def test_make_installs_by_the_hashes_and_locks_for_the_projects_python():
    makefile = (ROOT / "Makefile").read_text()
    for lock in ("requirements.txt", "requirements-dev.txt"):
        installs = re.findall(rf"^\t\S*pip install (.*)-r {re.escape(lock)}$", makefile, flags=re.MULTILINE)
        assert installs and all("--require-hashes" in options for options in installs), lock
    assert re.search(r"^LOCK_PYTHON := (\S+)$", makefile, flags=re.MULTILINE).group(1) == project_python()
    assert re.search(r"^lock: ", makefile, flags=re.MULTILINE)


# --- PostgreSQL backups as docs/operations.md writes them --------------------------------------------------------

DOC_SERVER = "postgresql://chaostable:PASSWORD@localhost:5432/"
DOC_NAME = "chaostable"
DOC_DUMP = "backups/chaostable-$(date +%Y%m%d-%H%M).dump"
DOC_RESTORED = "backups/chaostable-20261125-1100.dump"


def postgres_lines(section: str, programs: tuple[str, ...]) -> list[str]:
    text = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    body = text.split(f"## {section}", 1)[1].split("\n## ", 1)[0].split("### PostgreSQL", 1)[1]
    return [line for line in body.splitlines() if line.split(" ", 1)[0] in programs]


def test_the_postgres_sections_have_their_commands():
    assert [line.split()[0] for line in postgres_lines("Backups", ("pg_dump",))] == ["pg_dump"]
    assert [line.split()[0] for line in postgres_lines("Restore", ("dropdb", "createdb", "pg_restore"))] == \
           ["dropdb", "createdb", "pg_restore"]


def as_run_here(line: str, server_base: str, name: str, dump: Path) -> list[str]:
    """A documented command line with the test server's address, database and backup file in place of the doc's."""
    argv = []
    for word in shlex.split(line.replace(DOC_DUMP, str(dump)).replace(DOC_RESTORED, str(dump))):
        option, equals, value = word.rpartition("=") if word.startswith("--") else ("", "", word)
        if value.startswith(DOC_SERVER):
            database = value.removeprefix(DOC_SERVER)
            value = server_base + (name if database == DOC_NAME else database)
        elif value == DOC_NAME:
            value = name
        argv.append(option + equals + value)
    return argv


async def test_a_pg_dump_of_a_running_database_restores_as_written(postgres_server, tmp_path):
    from storage import GameStore
    from storage.postgres import PostgresDatabase
    from tests.support.tally import TALLY, Add, new_game

    if not all(shutil.which(program) for program in ("pg_dump", "pg_restore", "createdb", "dropdb")):
        pytest.skip("PostgreSQL's client programs (pg_dump, pg_restore, createdb, dropdb) are not installed here")
    url = await postgres_server.new_database()
    base, name = url.rsplit("/", 1)[0] + "/", url.rsplit("/", 1)[1]
    dump = tmp_path / "chaostable.dump"

    async def run(argv: list[str]) -> None:
        process = await asyncio.create_subprocess_exec(*argv, stderr=asyncio.subprocess.PIPE)
        _, err = await asyncio.wait_for(process.communicate(), 60)
        assert process.returncode == 0, f"{argv[0]}: {err.decode()}"

    try:
        db = await PostgresDatabase.open(url)
        store = GameStore(db)
        channels = range(1, 9)
        for channel in channels:
            await store.start(channel, TALLY, new_game(1, [1]), guild_id=None, actor_id=1)
        moving = True

        async def keep_moving() -> int:
            moves = 0
            while moving:
                await asyncio.gather(*(store.apply(c, TALLY, Add(1, 1), actor_id=1) for c in channels))
                moves += len(channels)
            return moves

        mover = asyncio.create_task(keep_moving())
        try:
            await asyncio.sleep(0.05)
            committed = sum([(await store.get(c, TALLY)).version for c in channels])
            (backup,) = postgres_lines("Backups", ("pg_dump",))
            await run(as_run_here(backup, base, name, dump))
        finally:
            moving = False
            moves = await mover
            await db.close()  # "Stop every bot process"
        assert moves > committed  # the game went on while pg_dump ran

        for line in postgres_lines("Restore", ("dropdb", "createdb", "pg_restore")):
            await run(as_run_here(line, base, name, dump))
        restored = await PostgresDatabase.open(url)
        try:
            kept = GameStore(restored)
            games = [await kept.get(c, TALLY) for c in channels]
            assert committed <= sum(g.version for g in games) <= moves
            for game in games:  # each game whole: its state is its log's newest entry
                newest = (await kept.history(game.channel_id, TALLY, limit=1))[-1]
                assert newest.seq == game.version and game.state.total == game.version
        finally:
            await restored.close()
    finally:
        await postgres_server.drop_database(url)
