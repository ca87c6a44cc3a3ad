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
        ({"DATABASE_URL": "postgres://x"}, "DATABASE_URL must look like"),
        ({"DATABASE_URL": "sqlite:///"}, "no file path"),
        ({"DEV_GUILD_ID": "my-server"}, "DEV_GUILD_ID must be a server id"),
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL must be one of"),
    ],
)
def test_bad_settings_say_how_to_fix_them(tmp_path, env, complaint):
    with pytest.raises(SettingsError, match=complaint):
        load_settings(env, tmp_path / "none")
