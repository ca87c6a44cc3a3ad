"""The turn timer's bounds, checked by the engine whatever the client sends (issue 16, item 11; docs/rulings.md,
Uno: "Turn timer"): 0 is off, otherwise MIN_TIMER to MAX_TIMER seconds."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.uno.moves import SetTimer
from engine.uno.options import CHAOS, MAX_TIMER, MIN_TIMER
from engine.uno.rules import apply, new_game, new_lobby

ALLOWED = [0, 10, 11, 60, 3600]
REFUSED = [-1, -3600, 1, 9, 3601, 10**6, 10**400]


def test_the_bounds_are_the_documented_ones():
    assert (MIN_TIMER, MAX_TIMER) == (10, 3600)


@pytest.mark.parametrize("seconds", ALLOWED)
def test_a_timer_in_bounds_is_set(seconds):
    state, events = apply(new_game(CHAOS, (1, 2), seed=3), SetTimer(seconds))
    assert state.timer == seconds and events == [{"type": "timer", "seconds": seconds}]
    assert new_lobby(1, CHAOS, seed=3, timer=seconds).timer == seconds


@pytest.mark.parametrize("seconds", REFUSED)
def test_a_timer_out_of_bounds_is_refused_and_changes_nothing(seconds):
    before = new_game(CHAOS, (1, 2), seed=3)
    with pytest.raises(IllegalMove) as refused:
        apply(before, SetTimer(seconds))
    assert refused.value.code == "bad_timer" and refused.value.hint
    with pytest.raises(IllegalMove):
        new_lobby(1, CHAOS, seed=3, timer=seconds)
