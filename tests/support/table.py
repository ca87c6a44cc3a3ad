"""Shared steps for /table tests through the fake Discord."""

from __future__ import annotations

from typing import Any

from tests.fake_discord.harness import Harness, InteractionLog
from tests.fake_discord.server import FakeUser


async def end_table(harness: Harness, user: FakeUser, **options: Any) -> InteractionLog:
    """`/table end` confirmed with "End the game": the press's log, whose message shows the final standings (or the
    command's refusal, when it asked nothing)."""
    asked = await harness.slash("table end", user=user, **options)
    if asked.ephemeral:
        return asked
    return await harness.click(asked.message, user=user, label="End the game")
