"""The real bot process runs on uvloop where uvloop is installed (requirements.txt), else on asyncio's own loop."""

from __future__ import annotations

import importlib.util


async def test_the_bot_process_runs_on_uvloop_when_it_is_installed(bot_process, process_harness):
    await bot_process.start()
    reply = await process_harness.slash("help", user=process_harness.user("alice"))
    assert reply.ephemeral and "Chaos Table" in reply.text  # it answers on that loop
    assert await bot_process.stop() == 0
    expected = "uvloop." if importlib.util.find_spec("uvloop") is not None else "asyncio."
    assert f"event loop: {expected}" in bot_process.log_tail()
