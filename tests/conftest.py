from __future__ import annotations

import logging

import pytest
from hypothesis import settings

from storage.database import Database
from tests.fake_discord import FakeDiscord, Harness
from tests.support.postgres import PostgresServer, server_programs

# No per-example time limit: a property test must not fail because the machine is busy (timing goals live in bench/).
settings.register_profile("chaostable", deadline=None)
settings.load_profile("chaostable")


@pytest.fixture
async def fake_discord():
    fake = FakeDiscord()
    await fake.start()
    yield fake
    await fake.stop()


@pytest.fixture
def harness_extensions() -> list[str] | None:
    """Override in a test module to load extra (test-only) extensions beside the real cogs."""
    return None


@pytest.fixture
def harness_picture_workers() -> int:
    """Override in a test module to draw pictures in threads of the test's process (0), e.g. to hold a drawing."""
    return 2


@pytest.fixture
async def harness(fake_discord, tmp_path, harness_extensions, harness_picture_workers, request):
    h = Harness(fake_discord, tmp_path / "chaostable.db", extensions=harness_extensions,
                picture_workers=harness_picture_workers)
    await h.start_bot()
    yield h
    await h.stop_bot()
    if request.node.get_closest_marker("allow_rejections") is None:
        assert fake_discord.rejections == [], f"Discord would have refused: {fake_discord.rejections}"
    assert fake_discord.unknown_routes == [], f"the bot called routes the fake does not know: " \
                                              f"{fake_discord.unknown_routes}"
    if request.node.get_closest_marker("allow_error_logs") is None:
        assert not h.errors, "the bot logged errors:\n" + "\n".join(
            logging.Formatter().format(r) for r in h.errors)


@pytest.fixture(scope="session")
def postgres_server():
    """A PostgreSQL server of this test process's own (tests/support/postgres.py), started when first needed."""
    programs = server_programs()
    if programs is None:
        pytest.skip("PostgreSQL's server programs (initdb, pg_ctl) are not installed on this machine; install the "
                    "postgresql package to run the PostgreSQL tests")
    server = PostgresServer(programs)
    server.start()
    yield server
    server.stop()


@pytest.fixture
async def postgres_url(postgres_server):
    """An empty database of its own on the test server, dropped afterwards."""
    url = await postgres_server.new_database()
    yield url
    await postgres_server.drop_database(url)


BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(params=BACKENDS)
async def database(request, tmp_path):
    """An open database of each backend in turn: a SQLite file, then a PostgreSQL database (storage.backend)."""
    if request.param == "sqlite":
        db = await Database.open(tmp_path / "chaostable.db")
        yield db
        await db.close()
        return
    from storage.postgres import PostgresDatabase

    server = request.getfixturevalue("postgres_server")
    url = await server.new_database()
    db = await PostgresDatabase.open(url)
    yield db
    await db.close()
    await server.drop_database(url)
