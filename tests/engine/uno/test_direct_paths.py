"""Every direct path of `apply` (a play that passes the turn on or starts a stack, a draw, taking the stacks aimed at
you, at once after a challenge too, keeping a drawn card, saying "Uno") gives what the general `_Game` path gives:
the same new state (JSON, `closing`, player index) and the same events, move for move over seeded random games of
both presets."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.uno import rules
from engine.uno.moves import Challenge, Draw, Pass, Play, SayUno, TimeOut
from engine.uno.options import PRESETS


def _general(monkeypatch: pytest.MonkeyPatch) -> None:
    for direct in ("_plain_play", "_plain_draw", "_plain_take", "_plain_pass", "_plain_say_uno"):
        monkeypatch.setattr(rules, direct, lambda *args: None)


def _kind(state: rules.UnoState, move: object) -> str:
    if isinstance(move, Play):
        return "plus" if rules.CARDS[move.card].plus else "play"
    if isinstance(move, Draw):
        return "take" if state.stacks_on(move.player) else "draw"
    return type(move).__name__.lower()


@pytest.mark.parametrize(("preset", "players", "seed"), [("classic", 2, 41), ("classic", 4, 42), ("chaos", 3, 43)])
def test_direct_paths_match_the_general_path(monkeypatch: pytest.MonkeyPatch, preset: str, players: int,
                                             seed: int) -> None:
    state = rules.new_game(PRESETS[preset], range(1, players + 1), seed)
    rng = random.Random(seed)
    steps = []
    for _ in range(600):
        if state.finished:
            break
        moves = [m for p in rules.waiting_on(state) for m in rules.legal_moves(state, p)]
        move = rng.choice(moves) if moves else TimeOut()
        after, events = rules.apply(state, move)
        if isinstance(move, Play | Draw | Pass | SayUno | Challenge):
            steps.append((state, move, after, events))
        state = after
    kinds = Counter(_kind(before, move) for before, move, *_ in steps)
    assert kinds["play"] > 20 and kinds["draw"] > 20 and kinds["plus"] > 3 and kinds["take"] > 3, kinds
    if preset == "classic":
        assert kinds["pass"] > 3 and kinds["sayuno"] > 0 and kinds["challenge"] > 0, kinds
    _general(monkeypatch)
    for before, move, after, events in steps:
        again, again_events = rules.apply(before, move)
        assert again_events == events
        assert again.to_dict() == after.to_dict()
        assert (again.closing, again._index) == (after.closing, after._index)


@pytest.mark.parametrize("seed", [0, 1, 12345, "7:0", "7:3"])
@pytest.mark.parametrize("size", [1, 2, 57, 108])
def test_the_shuffle_is_random_shuffle(seed: int | str, size: int) -> None:
    """Deals and reshuffles come out in the order `random.Random(seed).shuffle` gives."""
    expected, got = list(range(size)), list(range(size))
    random.Random(seed).shuffle(expected)
    rules._shuffle(random.Random(seed), got)
    assert got == expected
