from __future__ import annotations

import pytest

from settings import PROJECT_ROOT, SettingsError, load_settings


@pytest.fixture
def dotenv(tmp_path):
    path = tmp_path / ".env"
    path.write_text("DISCORD_TOKEN=from-file\nDEV_GUILD_ID=123\nLOG_LEVEL=debug\n")
    return path


def test_dotenv_values_are_used(dotenv):
    settings = load_settings({}, dotenv)
    assert (settings.token, settings.dev_guild_id, settings.log_level) == ("from-file", 123, "DEBUG")


def test_real_environment_wins_over_dotenv(dotenv):
    settings = load_settings({"DISCORD_TOKEN": "from-env", "DEV_GUILD_ID": ""}, dotenv)
    assert settings.token == "from-env" and settings.dev_guild_id is None


def test_defaults(tmp_path):
    settings = load_settings({}, tmp_path / "missing.env")
    assert settings.token is None
    assert settings.database_path == PROJECT_ROOT / "data" / "chaostable.db"
    assert settings.log_level == "INFO" and settings.dev_guild_id is None


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("sqlite:///data/other.db", PROJECT_ROOT / "data" / "other.db"),
        ("sqlite:////tmp/abs.db", "/tmp/abs.db"),
        ("sqlite:///:memory:", None),
    ],
)
def test_database_url_forms(tmp_path, url, expected):
    path = load_settings({"DATABASE_URL": url}, tmp_path / "none").database_path
    assert (str(path) if isinstance(expected, str) else path) == expected


@pytest.mark.parametrize(
    ("env", "complaint"),
    [
        ({"DATABASE_URL": "mysql://x/y"}, "DATABASE_URL must look like"),
        ({"DATABASE_URL": "postgres://x"}, "must name the server and the database"),
        ({"DATABASE_URL": "postgresql://u:secret@host:notaport/db"}, "not a valid PostgreSQL URL"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a number"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a number"),
        ({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,x", "DATABASE_URL": "postgresql://h/db"}, "shard numbers"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2", "DATABASE_URL": "postgresql://h/db"}, "below SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1,1", "DATABASE_URL": "postgresql://h/db"}, "each shard once"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0"}, "SQLite is one process's"),
        ({"PICTURE_WORKERS": "many"}, "PICTURE_WORKERS must be"),
        ({"DATABASE_URL": "sqlite:///"}, "no file path"),
        ({"DEV_GUILD_ID": "my-server"}, "DEV_GUILD_ID must be a server id"),
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL must be one of"),
    ],
)
def test_bad_settings_say_how_to_fix_them(tmp_path, env, complaint):
    with pytest.raises(SettingsError, match=complaint):
        load_settings(env, tmp_path / "none")


def test_a_postgresql_url_selects_postgresql_and_no_file(tmp_path):
    url = "postgresql://bot:secret@db.example:5432/chaostable"
    settings = load_settings({"DATABASE_URL": url}, tmp_path / "none")
    assert settings.database_url == url and settings.database_path is None


def test_a_refused_url_never_shows_its_password(tmp_path):
    with pytest.raises(SettingsError) as refused:
        load_settings({"DATABASE_URL": "postgresql://bot:hunter2@db:notaport/x"}, tmp_path / "none")
    assert "hunter2" not in str(refused.value)


@pytest.mark.parametrize(("env", "count", "ids"), [
    ({}, None, None),
    ({"SHARD_COUNT": "4"}, 4, (0, 1, 2, 3)),  # every shard in this process: SQLite will do
    ({"SHARD_COUNT": "4", "SHARD_IDS": "3, 1", "DATABASE_URL": "postgresql://h/db"}, 4, (1, 3)),
])
def test_shards(tmp_path, env, count, ids):
    settings = load_settings(env, tmp_path / "none")
    assert (settings.shard_count, settings.shard_ids) == (count, ids)
