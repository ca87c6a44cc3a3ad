"""The processes that draw pictures (render/offload.py, issue 19): a killed worker is replaced and the picture still
comes; when the bot stops, by SIGTERM or by SIGKILL, none of its processes is left behind."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path

from tests.faults.conftest import BotProcess, ProcessHarness

HANDS = iter(f"123m456p789s11{n}{n}z" for n in range(2, 8))  # a new picture each time, never one cached


def descendants(pid: int) -> set[int]:
    """Every living process started by `pid`, and by those, from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if stat[0] != "Z":
                parents[int(entry.name)] = int(stat[1])
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def alive(pids: set[int]) -> set[int]:
    living = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            living.add(pid)
    return living


async def gone(pids: set[int], timeout: float = 10) -> set[int]:
    """The processes of `pids` still alive after `timeout` seconds (empty as soon as none is)."""
    deadline = time.monotonic() + timeout
    for _ in range(int(timeout / 0.05)):
        if not alive(pids) or time.monotonic() > deadline:
            break
        await asyncio.sleep(0.05)
    return alive(pids)


async def a_picture(h: ProcessHarness, timeout: float = 60) -> None:
    """A picture drawn anew; `timeout` (only an upper bound on the wait): the first picture starts the workers (a
    fresh interpreter each, importing the picture modules), which a machine busy with other tests makes slow."""
    sent = await h.unanswered("chroma waits", user=h.user("ann"), hand=next(HANDS))
    reply = await sent.answered(timeout)
    assert [a["filename"] for a in reply.message["attachments"]] == ["hand.png"], reply.text


async def workers(bot: BotProcess) -> set[int]:
    assert bot.process is not None
    found = descendants(bot.process.pid)
    assert found, "the bot started no picture workers"
    return found


async def test_a_killed_picture_worker_is_replaced_and_the_next_picture_still_comes(bot_process, process_harness):
    await bot_process.start()
    await a_picture(process_harness)
    before = await workers(bot_process)
    for pid in before:
        os.kill(pid, signal.SIGKILL)  # the forkserver and the workers: as the out-of-memory killer might
    assert await gone(before) == set()
    await a_picture(process_harness)
    assert await workers(bot_process) - before
    assert await bot_process.stop() == 0
    assert "a picture worker process died" in bot_process.log.read_text()


async def test_sigterm_leaves_no_picture_process_behind(bot_process, process_harness):
    await bot_process.start()
    await a_picture(process_harness)
    started = await workers(bot_process)
    assert await bot_process.stop() == 0
    assert await gone(started) == set()


async def test_sigkill_of_the_bot_leaves_no_picture_process_behind(bot_process, process_harness):
    await bot_process.start()
    await a_picture(process_harness)
    started = await workers(bot_process)
    assert bot_process.process is not None
    bot_process.process.kill()
    assert await bot_process.exited() == -signal.SIGKILL
    assert await gone(started) == set(), "picture workers outlived the killed bot"
