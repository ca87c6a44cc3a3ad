"""A fake Discord on 127.0.0.1 (REST + gateway) that the real discord.py code talks to in tests."""

from tests.fake_discord.harness import Harness, InteractionLog
from tests.fake_discord.server import FakeDiscord, FakeUser

__all__ = ["FakeDiscord", "FakeUser", "Harness", "InteractionLog"]
