"""Seed 003, "Stacking", "Immutable stacks" and "Crazy 8's"."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.errors import GameError
from engine.uno.moves import Draw
from engine.uno.options import CHAOS, CLASSIC
from engine.uno.rules import apply, legal_moves
from engine.uno.state import StackKind
from tests.engine.uno.notation import act, hand, play, played, scenario, stack, stacks, top

DRAW = "y1 y2 y3 y4 y5 y6 y7 y8 y9 g1 g2 g3 g4 g5 g6 g7"


@pytest.mark.parametrize("first, second, total", [("r+2", "b+2", 4), ("r+2", "w+4", 6), ("w+4", "g+2", 6),
                                                  ("w+4", "w+4", 8)])
def test_stacking_plus_cards_add_up_across_kinds(first, second, total):
    """Stacking: plus cards are all the same for jumping in; played on another plus card the values add up."""
    state = scenario({1: f"{first} b5", 2: f"{second} b6", 3: "g5 g6"}, piles=["r3"], draw=DRAW)
    state = played(state, 1, first, colour="r" if first.startswith("w") else None)
    state = played(state, 2, second, colour="r" if second.startswith("w") else None)
    assert stacks(state) == [(1, total, 3)] and state.turn == 3


def test_stacking_the_player_after_the_last_plus_card_takes_the_total_and_skips():
    """Stacking: whoever's turn it is after the last plus card picks up the total and skips their turn."""
    state = scenario({1: "r+2 b5", 2: "b+2 b6", 3: "g5 g6", 4: "g8"}, piles=["r3"], draw=DRAW)
    state = played(played(state, 1, "r+2"), 2, "b+2")
    state = act(state, Draw(3))
    assert hand(state, 3) == "g5 g6 y1 y2 y3 y4" and state.turn == 4 and not state.stacks


def test_stacking_a_jump_in_on_a_stack_passes_it_on_after_the_jumper():
    """Stacking: anyone (not barred) may jump in with a plus card; the stack goes to the player after them."""
    state = scenario({1: "r+2 b5", 2: "b6 b7", 3: "g+2 g6", 4: "g8"}, piles=["r3"], draw=DRAW)
    state = played(state, 1, "r+2")
    state = played(state, 3, "g+2")
    assert stacks(state) == [(1, 4, 4)] and state.turn == 4


def test_stacking_a_live_stack_takes_only_plus_cards():
    """Rulings (Stacking): a normal card does not bury a live stack, not even the turn player's."""
    state = scenario({1: "y9", 2: "r5 r6", 3: "r4 g6"}, piles=["r+2"], stacks=[stack(1, 2, 3)], turn=2)
    with pytest.raises(GameError) as err:
        apply(state, play(state, 2, "r5"))
    assert err.value.code == "live"


def test_stacking_dead_stack_can_be_jumped_on_but_the_new_stack_does_not_include_it():
    """Stacking: once all its cards are picked up the stack is dead; its card can still be jumped in on, but
    the new stack does not include it."""
    state = scenario({1: "r+2 b5", 2: "b6 b7", 3: "g+2 g6", 4: "g8"}, piles=["r3"], draw=DRAW)
    state = act(played(state, 1, "r+2"), Draw(2))
    assert not state.stacks and top(state) == "r+2"
    state = played(state, 3, "g+2")
    assert stacks(state) == [(1, 2, 4)]


def test_stacking_new_pile_plus_card_dies_when_picked_up():
    """Stacking edge cases: a plus card flipped onto a new pile makes a stack; picked up, it is dead."""
    state = scenario({1: "r2 b5", 2: "b6 b7", 3: "g+2 g6"}, piles=["r3"], draw="y+2 y1 y3")
    state = played(state, 1, "r2")
    assert stacks(state) == [(2, 2, 2)]
    state = act(state, Draw(2))
    assert not state.stacks and hand(state, 2) == "b6 b7 y1 y3" and state.turn == 3


def test_stacking_independent_stacks_on_other_piles():
    """Stacking edge cases: a player not receiving a stack may jump in on another pile's plus card: an
    additional, independent stack."""
    state = scenario({1: "r+2 b5", 2: "b6 b7", 3: "g+2 g6", 4: "g8"}, piles=["r3", "b+2"], draw=DRAW)
    state = played(state, 1, "r+2")
    state = played(state, 3, "g+2", pile=2)
    assert stacks(state) == [(1, 2, 2), (2, 2, 4)]
    state = act(state, Draw(2))
    assert stacks(state) == [(2, 2, 4)]


def test_stacking_a_player_facing_a_stack_cannot_start_another_elsewhere():
    """Stacking edge cases: only "a player who is not currently receiving a stack" may."""
    state = scenario({1: "y9", 2: "g+2 b7", 3: "g6"}, piles=["r+2", "b+2"], stacks=[stack(1, 2, 2)], turn=2)
    with pytest.raises(GameError) as err:
        apply(state, play(state, 2, "g+2", pile=2))
    assert err.value.code == "facing"


def test_stacking_partial_draw_reduces_the_stack_and_others_may_jump_in():
    """Stacking edge cases: after a partial draw the stack is alive, smaller by the cards drawn; others may
    jump in; the drawer keeps the cards and need not draw more."""
    state = scenario({1: "w+4 b5", 2: "b6 b7", 3: "g+2 g6", 4: "g8"}, piles=["r3"], draw=DRAW)
    state = played(state, 1, "w+4", colour="g")
    state = act(state, Draw(2, count=1))
    assert stacks(state) == [(1, 3, 2)] and hand(state, 2) == "b6 b7 y1" and state.turn == 2
    state = played(state, 3, "g+2")
    assert stacks(state) == [(1, 5, 4)] and hand(state, 2) == "b6 b7 y1" and state.turn == 4


def test_stacking_after_a_partial_draw_the_drawer_may_stack_again():
    """Stacking edge cases: "the player who had to draw is also now able to jump in on the stack again"."""
    state = scenario({1: "w+4 b5", 2: "b6 b7", 3: "g6", 4: "g8"}, piles=["r3"], draw="y+2 y1 y2")
    state = played(state, 1, "w+4", colour="g")
    state = act(state, Draw(2, count=1))  # draws the y+2
    state = played(state, 2, "y+2")
    assert stacks(state) == [(1, 5, 3)] and state.turn == 3


def test_stacking_taking_a_stack_early_costs_no_turn():
    """Rulings (Stacking): taking all of a stack aimed at you when it is not your turn costs no turn."""
    state = scenario({1: "y9", 2: "b6 b7", 3: "g6 g7"}, piles=["r+2"], stacks=[stack(1, 2, 3)], turn=2,
                     draw=DRAW)
    state = act(state, Draw(3))
    assert state.turn == 2 and not state.stacks and hand(state, 3) == "g6 g7 y1 y2"


def test_stacking_off_in_classic_the_target_must_draw():
    state = scenario({1: "r+2 b5 b6", 2: "b+2 b6 b7", 3: "g5"}, piles=["r3"], draw=DRAW, options=CLASSIC)
    state = played(state, 1, "r+2")
    with pytest.raises(GameError):
        apply(state, play(state, 2, "b+2"))
    assert [type(m).__name__ for m in legal_moves(state, 2)] == ["Draw"]


# -- Crazy 8's and immutable stacks ---------------------------------------------------------------------------

EIGHTS = {1: "r8 y8 b1", 2: "g8 b2", 3: "b8 b3", 4: "y4 g4 gskip", 5: "y5 r8 b5"}


def four_eights():
    """Players 1, 2, 3, 1 put four 8s on pile 1: players 4 and 5 each get an 8-card stack."""
    state = scenario(EIGHTS, piles=["r3"], draw=DRAW + " b4 b6 b7 b9 r1 r2 r4 r5 r6 r7 r9")
    state = played(state, 1, "r8")
    state = played(state, 2, "g8")
    state = played(state, 3, "b8")
    return played(state, 1, "y8")


def test_crazy_eights_four_eights_make_everyone_else_draw_8():
    """Crazy 8's: four 8s on top of each other in one pile: every player who did not play one draws 8."""
    state = four_eights()
    assert stacks(state) == [(1, 8, 4), (1, 8, 5)]
    assert all(s.kind is StackKind.EIGHTS and s.owner == s.target for s in state.stacks)
    assert state.turn == 2 and state.piles[0].eights == ()  # the run restarts after it fires


def test_crazy_eights_only_played_eights_count_not_a_flipped_one():
    """Rulings (Crazy 8's): flipped cards don't count towards the four."""
    state = scenario(EIGHTS, piles=["g8"], draw=DRAW)
    state = played(state, 1, "r8")
    state = played(state, 2, "g8")
    state = played(state, 3, "b8")
    assert not state.stacks and len(state.piles[0].eights) == 3


def test_crazy_eights_off():
    state = scenario(EIGHTS, piles=["r3"], draw=DRAW, options=CHAOS.with_changes(crazy_eights=False))
    for player, card in ((1, "r8"), (2, "g8"), (3, "b8"), (1, "y8")):
        state = played(state, player, card)
    assert not state.stacks


def test_immutable_stacks_cannot_grow():
    """Immutable stacks: cannot be changed in value: no plus card goes on a Crazy 8's stack."""
    state = scenario({1: "y9", 2: "b2", 3: "b3", 4: "y+2 g4"}, piles=["r3 y8"],
                     stacks=[stack(1, 8, 4, kind="eights", owner=4)], turn=4)
    with pytest.raises(GameError) as err:
        apply(state, play(state, 4, "y+2"))
    assert err.value.code == "facing"
    state = scenario({1: "y9", 2: "b+2", 3: "b3", 4: "g4"}, piles=["r3 y8"],
                     stacks=[stack(1, 8, 4, kind="eights", owner=4)], turn=2)
    with pytest.raises(GameError) as err:
        apply(state, play(state, 2, "b+2"))
    assert err.value.code == "live"


def test_immutable_stacks_can_be_deflected():
    """Immutable stacks: they can still be deflected (here with a Skip of the 8's colour)."""
    state = scenario({**EIGHTS, 4: "y4 yskip"}, piles=["r3 y8"], turn=4,
                     stacks=[stack(1, 8, 4, kind="eights", owner=4), stack(1, 8, 5, kind="eights", owner=5)])
    state = played(state, 4, "yskip")
    assert stacks(state) == [(1, 8, 5), (1, 8, 5)]


def test_immutable_stacks_are_independent_of_the_stack_underneath():
    """Immutable stacks: created independently of any other stack; the plus stack keeps its target."""
    state = scenario({1: "r8 b1", 2: "g2", 3: "b3", 4: "y4 y5"}, piles=["b5 g8 b8 y8", "b+2"],
                     stacks=[stack(2, 2, 4)], turn=1)
    state = replace(state, piles=(replace(state.piles[0], eights=(2, 3, 2)), state.piles[1]))
    state = played(state, 1, "r8")
    assert stacks(state) == [(2, 2, 4), (1, 8, 4)]


def test_crazy_eights_cancel_your_own_stack_with_another_eight():
    """Crazy 8's: a player avoids picking up by playing another 8 on the pile (their own 8 cards only)."""
    state = four_eights()
    state = played(state, 5, "r8")
    assert stacks(state) == [(1, 8, 4)] and hand(state, 5) == "b5 y5"


def test_crazy_eights_deflected_eights_stay():
    """Crazy 8's: another 8 "only cancels the specific 8 cards that they were meant to draw, not any that
    were deflected onto them"."""
    state = scenario({**EIGHTS, 4: "y4 yskip"}, piles=["r3 y8"], turn=4,
                     stacks=[stack(1, 8, 4, kind="eights", owner=4), stack(1, 8, 5, kind="eights", owner=5)])
    state = played(state, 4, "yskip")
    state = played(state, 5, "r8")
    assert stacks(state) == [(1, 8, 5)] and state.stacks[0].owner == 4


def test_crazy_eights_victim_takes_the_eight_cards():
    state = four_eights()
    state = act(state, Draw(4))
    assert len(state.hand(4)) == 11 and stacks(state) == [(1, 8, 5)]
