"""Issue 17, "First start": the bot registers its slash commands globally by itself, only when they changed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import discord
import pytest

from bot import NO_TOKEN_MESSAGE
from settings import Settings
from storage import Database
from storage.command_sync import payload_hash, remember_synced, synced_hash
from tests.fake_discord import Harness
from tests.test_bot import ROOT, run_bot_py

USED_PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True, embed_links=True, attach_files=True,
                                       create_public_threads=True, send_messages_in_threads=True)  # thread: true


class ProductionHarness(Harness):
    """The harness with only a token set (no DEV_GUILD_ID); `force` is `bot.py --sync`."""

    force = False

    def settings(self) -> Settings:
        return Settings(token="fake-token", database_path=self.database_path, dev_guild_id=None, log_level="DEBUG")

    def new_bot(self):
        bot = super().new_bot()
        bot.sync_global = self.force
        return bot


def global_puts(fake) -> int:
    return fake.requests.count(("PUT", f"/api/v10/applications/{fake.application_id}/commands"))


def registered(fake) -> set[str]:
    return {command["name"] for command in fake.global_commands}


@pytest.fixture
async def production(fake_discord, tmp_path):
    harness = ProductionHarness(fake_discord, tmp_path / "sync.db")
    yield harness
    await harness.stop_bot()


async def test_first_start_syncs_everything_and_an_unchanged_restart_syncs_nothing(production):
    bot = await production.start_bot()
    assert global_puts(production.fake) == 1
    assert registered(production.fake) == {command.name for command in bot.tree.get_commands()}
    assert production.fake.guild_commands == {}
    await production.restart()
    assert global_puts(production.fake) == 1


async def test_a_changed_command_tree_syncs_again(production):
    await production.start_bot()
    dropped = production.extensions[-1]
    production.extensions = production.extensions[:-1]
    bot = await production.restart()
    assert global_puts(production.fake) == 2
    assert registered(production.fake) == {command.name for command in bot.tree.get_commands()}
    await production.restart()
    assert global_puts(production.fake) == 2
    production.extensions = [*production.extensions, dropped]
    await production.restart()
    assert global_puts(production.fake) == 3


async def test_sync_flag_forces_a_sync(production):
    await production.start_bot()
    production.force = True
    await production.restart()
    assert global_puts(production.fake) == 2


async def test_dev_guild_syncs_there_at_every_start_and_globally_only_with_the_flag(harness):
    puts = harness.fake.requests.count(
        ("PUT", f"/api/v10/applications/{harness.fake.application_id}/guilds/{harness.fake.guild_id}/commands"))
    assert puts == 1 and global_puts(harness.fake) == 0
    await harness.restart()
    assert global_puts(harness.fake) == 0


async def test_the_hash_is_kept_in_the_database(tmp_path):
    db = await Database.open(tmp_path / "hash.db")
    try:
        assert await synced_hash(db) is None
        await remember_synced(db, "a" * 64)
        await remember_synced(db, "b" * 64)
        assert await synced_hash(db) == "b" * 64
    finally:
        await db.close()


def test_the_hash_ignores_order_but_not_content():
    one = {"name": "table", "type": 1, "description": "A table", "options": []}
    two = {"name": "uno", "type": 1, "description": "Uno", "options": []}
    assert payload_hash([one, two]) == payload_hash([two, dict(reversed(list(one.items())))])
    assert payload_hash([one, two]) != payload_hash([one, {**two, "description": "Uno!"}])
    assert payload_hash([one]) != payload_hash([one, two])


def test_no_token_message_names_the_project_python(tmp_path):
    result = run_bot_py(tmp_path)
    assert result.returncode == 2 and "make run" in result.stderr and ".venv/bin/python" in result.stderr
    assert not re.search(r"(?<![/\w])python bot\.py", result.stderr)


@pytest.mark.parametrize("text", [NO_TOKEN_MESSAGE, (ROOT / "README.md").read_text(),
                                  (ROOT / ".env.example").read_text()], ids=["message", "readme", "env"])
def test_invite_link_asks_for_the_scopes_and_only_the_permissions_used(text):
    links = re.findall(r"https://discord\.com/oauth2/authorize\?\S+", text)
    assert links
    for link in links:
        assert "scope=bot+applications.commands" in link
        assert re.search(r"permissions=(\d+)", link).group(1) == str(USED_PERMISSIONS.value)


def test_readme_quick_start_uses_make_run():
    quick_start = Path(ROOT / "README.md").read_text().split("## Commands")[0]
    assert "make run" in quick_start and "bot applications.commands" in quick_start


async def test_a_changed_translation_syncs_again(production, monkeypatch):
    """Issue 21: the commands' translations are part of what was registered, so a new or corrected translation is
    registered at the next start (discord.py's `to_dict` leaves them out; the hash covers the translated payload)."""
    from render import i18n

    await production.start_bot()
    await production.restart()
    assert global_puts(production.fake) == 1
    real = i18n.CommandTranslator.translate

    async def corrected(self, string, locale, context):
        text = await real(self, string, locale, context)
        return text + "!" if text and context.location.name == "command_description" else text

    monkeypatch.setattr(i18n.CommandTranslator, "translate", corrected)
    await production.restart()
    assert global_puts(production.fake) == 2
    assert '!"' in json.dumps(production.fake.global_commands, ensure_ascii=False)  # the corrected text was sent
