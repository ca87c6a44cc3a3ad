"""What a player may do, as the fast paths list it for the usual case (nothing pending: `rules._free_answer`), is
what the general path lists, which classifies every card of the hand on every pile with `play_kind`: the same
moves in the same order from `legal_moves`, the same options from `options`, in every state of seeded games."""

from __future__ import annotations

import random

import pytest

from engine.uno import rules
from engine.uno.moves import TimeOut
from engine.uno.options import PRESETS
from engine.uno.state import UnoState


def _unasked(state: UnoState) -> UnoState:
    """The same state with nothing worked out yet (`rules.options` and `rules.legal_moves` keep their answers)."""
    return UnoState.from_dict(state.to_dict())


@pytest.mark.parametrize(("preset", "players", "seed"), [("classic", 2, 31), ("classic", 4, 32), ("chaos", 2, 33),
                                                         ("chaos", 4, 34)])
def test_the_free_paths_list_what_play_kind_allows(preset: str, players: int, seed: int) -> None:
    state = rules.new_game(PRESETS[preset], range(1, players + 1), seed)
    rng = random.Random(seed)
    free = 0
    for _ in range(300):
        if state.finished:
            break
        for player in state.players:
            general = rules._options(state, player)
            assert rules.options(_unasked(state), player) == general
            assert rules.legal_moves(_unasked(state), player) == general.moves()
            free += rules._free_answer(state, player, True) is not None
        moves = [m for p in state.players for m in rules.legal_moves(state, p)]
        state, _ = rules.apply(state, rng.choice(moves) if moves else TimeOut())
    assert free > 100
