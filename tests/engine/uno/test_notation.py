"""The scenario notation itself: 108 unique cards, draw order, pile colours, moves from notation."""

from __future__ import annotations

import pytest

from engine.uno.cards import CARDS, Colour
from engine.uno.moves import Play
from engine.uno.state import Phase
from tests.engine.uno.notation import (
    all_cards,
    card_id,
    hand,
    play,
    scenario,
    stack,
    stacks,
    top,
)


def test_scenario_holds_every_card_once_and_draws_in_the_written_order():
    state = scenario({1: "r5 r5 w+4", 2: "g+2 w+4"}, piles=["r3", "b1 w=g"], draw="g1 g2 b9", turn=2)
    assert sorted(all_cards(state)) == list(range(108))
    assert state.phase is Phase.PLAY and state.turn == 2 and state.players == (1, 2)
    assert hand(state, 1) == "r5 r5 w+4" and len(set(state.hand(1))) == 3
    assert [CARDS[c].notation for c in reversed(state.draw_pile[-3:])] == ["g1", "g2", "b9"]
    assert top(state, 2) == "w" and state.piles[1].colour is Colour.GREEN and state.piles[0].colour is Colour.RED
    assert [p.id for p in state.piles] == [1, 2]


def test_scenario_stacks_get_fresh_ids():
    state = scenario({1: "r5", 2: "g1"}, piles=["r+2", "g+2"], stacks=[stack(1, 2, 1), stack(2, 2, 2)])
    assert stacks(state) == [(1, 2, 1), (2, 2, 2)]
    assert len({s.id for s in state.stacks} | {p.id for p in state.piles}) == 4 and state.next_id == 5


def test_scenario_refuses_a_fifth_copy():
    with pytest.raises(ValueError):
        scenario({1: "r5 r5 r5", 2: "g1"})


def test_play_turns_notation_and_pile_numbers_into_a_move():
    state = scenario({1: "w r1", 2: "g1"}, piles=["r3", "g4"])
    move = play(state, 1, "w", pile=2, colour="y")
    assert move == Play(1, card_id(state, 1, "w"), 2, colour=Colour.YELLOW)
    assert play(state, 1, "r1", onto=2).onto == 2
