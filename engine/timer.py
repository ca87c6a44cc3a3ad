"""Turn timer bounds shared by the games that have one (Uno, Gin-jon-tan): docs/rulings.md, "Turn timer"."""

from __future__ import annotations

from engine.errors import IllegalMove
from engine.text import N_

MIN_TIMER = 10  # seconds; shorter turns can't be played by hand (0 switches the timer off)
MAX_TIMER = 3600


def check_timer(seconds: int) -> int:
    """A turn timer in seconds: 0 (off) or MIN_TIMER to MAX_TIMER. Never trust the client's bounds."""
    if seconds != 0 and not MIN_TIMER <= seconds <= MAX_TIMER:
        raise IllegalMove(N_("A turn timer is 0 (off) or {low} to {high} seconds."), N_("Try {seconds}."),
                          code="bad_timer", low=MIN_TIMER, high=MAX_TIMER, seconds=60)
    return seconds
