"""Picture functions for tests/render/test_offload.py's worker processes: a worker imports them by name, so they
live at module level (a test's local function cannot be sent to another process)."""

from __future__ import annotations

import os
import time


def pid(text: str) -> bytes:
    """The worker's process id, after `text`."""
    return f"{text}:{os.getpid()}".encode()


def priority(text: str) -> bytes:
    """The worker's niceness."""
    return f"{text}:{os.getpriority(os.PRIO_PROCESS, 0)}".encode()


def slow(text: str, seconds: float) -> bytes:
    time.sleep(seconds)
    return text.encode()


def fails(text: str) -> bytes:
    raise ValueError(text)


class Odd(Exception):
    """An exception pickle cannot rebuild (its __init__ wants two arguments; pickle gives it one)."""

    def __init__(self, what: str, why: str) -> None:
        super().__init__(f"{what}: {why}")


def odd(text: str) -> bytes:
    raise Odd(text, "no")


def total(numbers: tuple[int, ...]) -> int:
    return sum(numbers)
