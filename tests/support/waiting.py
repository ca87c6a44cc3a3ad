"""Waiting in a test for something the bot does on its own (a timer running out)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable


async def wait_for(predicate: Callable[[], Awaitable[bool]], seconds: float = 10.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if await predicate():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("timed out waiting")
