"""The direct paths for plain plays and draws (issue 19, item 4) give what the general `_Game` path gives: the same
new state (JSON, `closing`, player index) and the same events, move for move over seeded random games."""

from __future__ import annotations

import random

import pytest

from engine.uno import rules
from engine.uno.moves import Draw, Play
from engine.uno.options import PRESETS, UnoOptions


def _general(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(UnoOptions, "plain_ranks", property(lambda self: frozenset()))
    monkeypatch.setattr(rules, "_plain_draw", lambda state, player: None)


@pytest.mark.parametrize(("preset", "players", "seed"), [("classic", 2, 21), ("classic", 5, 22), ("chaos", 3, 23)])
def test_plain_plays_and_draws_match_the_general_path(monkeypatch: pytest.MonkeyPatch, preset: str, players: int,
                                                       seed: int) -> None:
    state = rules.new_game(PRESETS[preset], range(1, players + 1), seed)
    rng = random.Random(seed)
    steps = []
    for _ in range(400):
        if state.finished:
            break
        move = rng.choice([m for p in rules.waiting_on(state) for m in rules.legal_moves(state, p)])
        after, events = rules.apply(state, move)
        if isinstance(move, Play | Draw):
            steps.append((state, move, after, events))
        state = after
    fast_plays = sum(1 for _, m, *_ in steps if isinstance(m, Play) and rules.CARDS[m.card].rank in
                     PRESETS[preset].plain_ranks)
    assert fast_plays > 20
    _general(monkeypatch)
    for before, move, after, events in steps:
        again, again_events = rules.apply(before, move)
        assert again_events == events
        assert again.to_dict() == after.to_dict()
        assert (again.closing, again._index) == (after.closing, after._index)
