"""Crash points for the fault tests: where `CHAOSTABLE_CRASH_AT` names one, the process kills itself there.

A real SIGKILL, as a power cut or the OOM killer would do it, not an exception that cleanup code could see.
Unset (always, outside tests/faults/), `crash_point` does nothing.
"""

from __future__ import annotations

import os
import signal

CRASH_AT = "CHAOSTABLE_CRASH_AT"
POINTS = ("before_commit", "after_commit")  # in storage.database._run_batch, around a batch's COMMIT
_ARMED = os.environ.get(CRASH_AT)  # read once: crash_point runs twice for every batch of moves


def crash_point(name: str) -> None:
    if name == _ARMED:
        os.kill(os.getpid(), signal.SIGKILL)
