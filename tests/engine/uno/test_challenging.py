"""Seed 003, "Challenging": a Wild +4 may be challenged, fresh or on a stack, until a card covers it."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.uno.moves import Challenge, Draw
from engine.uno.options import CHAOS
from engine.uno.rules import apply, legal_moves
from tests.engine.uno.notation import act, hand, played, scenario, stack, stacks


def fresh(first_hand: str):
    """Player 1 plays a Wild +4 (blue) on r3 holding `first_hand` besides it."""
    state = scenario({1: f"w+4 {first_hand}", 2: "b7 b8 y3", 3: "y4 y5 y6"}, piles=["r3"], draw="b1 b2 b3 b4")
    return played(state, 1, "w+4", colour="b")


def test_challenging_guilty_the_plus_four_goes_back_to_its_player():
    """Challenging: if its player had another valid card they could have played, the +4 applies to them."""
    state = fresh("r1 g5")  # r1 matches r3
    assert state.piles[0].wild4.guilty
    assert Challenge(2, state.piles[0].id) in legal_moves(state, 2)
    state, events = apply(state, Challenge(2))
    assert stacks(state) == [(1, 4, 1)]
    assert any(e["type"] == "challenge" and e["guilty"] for e in events)


@pytest.mark.parametrize("other", ["w", "g3"])
def test_challenging_guilty_also_with_a_wild_or_symbol_match(other):
    """Challenging (rulings: "another card playable on that pile the same way"): a Wild or a 3 counts."""
    assert fresh(f"{other} g5").piles[0].wild4.guilty


def test_challenging_innocent_the_challenger_takes_it():
    """Challenging: otherwise the +4 is applied to the challenging player."""
    state = act(fresh("g5 w+4"), Challenge(2))  # another Wild +4 is not "another valid card"
    assert stacks(state) == [(1, 4, 2)]


def test_challenging_any_other_player_may_challenge():
    """Challenging: "another player can chose to challenge it" — not only the one it is aimed at."""
    state = act(fresh("g5"), Challenge(3))
    assert stacks(state) == [(1, 4, 3)]
    with pytest.raises(IllegalMove) as err:
        apply(fresh("g5"), Challenge(1))
    assert err.value.code == "no_wild4"  # not your own


def on_stack(second_hand: str):
    """Player 2 adds a Wild +4 to a +2 stack aimed at them, holding `second_hand` besides it."""
    state = scenario({1: "y1 y2", 2: f"w+4 {second_hand}", 3: "y4 y5 y6"}, piles=["g3 r+2"],
                     stacks=[stack(1, 2, 2)], turn=2)
    return played(state, 2, "w+4", colour="g")


def test_challenging_on_a_stack_guilty_adds_4_and_points_it_at_them():
    """Challenging: on a stack, +4 is added; if they had another plus card the stack is pointed at them."""
    state = on_stack("b+2 b5")
    assert stacks(state) == [(1, 6, 3)]
    state = act(state, Challenge(3))
    assert stacks(state) == [(1, 10, 2)]


def test_challenging_on_a_stack_innocent_points_it_at_the_challenger():
    """Challenging: otherwise (no other plus card) the grown stack is pointed at whoever challenged."""
    state = act(on_stack("b5 g5"), Challenge(1))
    assert stacks(state) == [(1, 10, 1)]


def test_challenging_only_until_another_card_is_placed_on_top():
    """Challenging: "any player can still challenge it, unless another card is placed on top"."""
    state = scenario({1: "y1 y2", 2: "w+4 b5", 3: "y+2 y5 y6"}, piles=["g3 r+2"], stacks=[stack(1, 2, 2)], turn=2)
    state = played(state, 2, "w+4", colour="g")
    state = played(state, 3, "y+2")  # stacked on top
    assert stacks(state) == [(1, 8, 1)]
    with pytest.raises(IllegalMove) as err:
        apply(state, Challenge(1))
    assert err.value.code == "no_wild4"
    assert not any(type(m).__name__ == "Challenge" for m in legal_moves(state, 1))


def test_challenging_not_once_the_stack_is_dead():
    """Challenging (rulings): only while the Wild +4 tops a live stack."""
    state = act(fresh("g5"), Draw(2))
    with pytest.raises(IllegalMove) as err:
        apply(state, Challenge(3))
    assert err.value.code == "no_wild4"


def test_challenging_survives_a_partial_draw():
    """Challenging + Stacking (partial draws): the stack is still alive, the +4 still on top."""
    state = act(fresh("r1"), Draw(2, count=1))
    assert stacks(state) == [(1, 3, 2)]
    assert stacks(act(state, Challenge(2))) == [(1, 3, 1)]


def test_challenging_off():
    state = scenario({1: "w+4 r1", 2: "b7", 3: "y4"}, piles=["r3"],
                     options=CHAOS.with_changes(challenge_wild4=False))
    state = played(state, 1, "w+4", colour="b")
    with pytest.raises(IllegalMove) as err:
        apply(state, Challenge(2))
    assert err.value.code == "no_challenge"


def test_challenging_a_wild_four_on_a_split_fragment_moves_that_fragment():
    """Challenging on a stack after a 2 split: the stack that grew is the one the challenge moves.

    A 2 leaves two stacks on the same pile; the Wild +4 goes onto the fragment aimed at its player."""
    state = scenario({1: "r2 r9", 2: "w+4 r+2 y5", 3: "y4 y5"}, piles=["g3 r+2"], stacks=[stack(1, 4, 1)], turn=1)
    state = played(state, 1, "r2")  # 2 for player 1, 2 for player 2
    assert sorted(stacks(state)) == [(1, 2, 1), (1, 2, 2)]
    state = played(state, 2, "w+4", colour="b")  # guilty: holds a +2
    assert sorted(stacks(state)) == [(1, 2, 1), (1, 6, 3)]
    state = act(state, Challenge(3))
    assert sorted(stacks(state)) == [(1, 2, 1), (1, 10, 2)]


def test_challenging_won_the_turn_player_facing_a_blocked_pile_draws_one_card():
    """Challenging + Basic rules (drawing): after a won challenge the only pile carries a live stack aimed at
    the Wild +4's player. The turn player can only add a plus card there; drawing gives one card and passes
    (it used to draw the whole deck, looking for a card that could never be played)."""
    state = act(fresh("r1 g5"), Challenge(2))
    assert stacks(state) == [(1, 4, 1)] and state.turn == 2
    assert [type(m).__name__ for m in legal_moves(state, 2)] == ["Draw"]
    state = act(state, Draw(2))
    assert len(state.hand(2)) == 4 and state.turn == 3 and state.drawn is None


def test_challenging_a_plus_card_drawn_onto_a_blocked_pile_is_kept():
    """Basic rules (drawing) with every pile blocked: a drawn plus card is kept, not forced onto the stack
    (if that stack died first, the forced card could go nowhere)."""
    state = scenario({1: "r1 g5", 2: "b7 b8 y3", 3: "y4 y5 y6"}, piles=["r3 w+4=b"], stacks=[stack(1, 4, 1)],
                     turn=2, draw="b+2 b1")
    state = act(state, Draw(2))
    assert "b+2" in hand(state, 2).split() and state.turn == 3 and state.drawn is None


def test_challenging_on_a_stack_a_second_wild_four_is_another_plus_card():
    """Challenging (seed 003): on a stack, guilty "if the player had another plus card they could have
    played": a second Wild +4 is a plus card and can go on any plus stack."""
    state = on_stack("w+4 b5")
    assert state.piles[0].wild4.guilty
    assert stacks(act(state, Challenge(3))) == [(1, 2 + 4 + 4, 2)]


@pytest.mark.parametrize("pile2, live, other, guilty", [
    ("g7", False, "g5", True),  # playable on pile 2 by colour
    ("y1 w+4=g", False, "b+2", True),  # pile 2: a dead Wild +4, a plus card may go on it (Stacking)
    ("g7", False, "b5", False),  # nowhere
    ("g7 g+2", True, "g5", False),  # pile 2 carries a live stack: only plus cards go there
])
def test_challenging_a_valid_play_on_another_pile_counts(pile2, live, other, guilty):
    """Challenging (seed 003): guilty if "the player who played it had another valid card they could have
    played"; with several discard piles "players may chose to play on either pile" (Cards: 2)."""
    state = scenario({1: f"w+4 {other}", 2: "b7 b8 y3", 3: "y4 y5 y6"}, piles=["r3", pile2],
                     stacks=[stack(2, 2, 3)] if live else [],
                     draw="b1 b2 b3 b4")
    state = played(state, 1, "w+4", colour="b")
    assert state.piles[0].wild4.guilty is guilty
    state = act(state, Challenge(2))
    assert (1, 4, 1 if guilty else 2) in stacks(state)


@pytest.mark.parametrize("other, guilty", [("g7", True), ("r5", False)])
def test_challenging_a_jumped_in_wild_four_counts_other_jump_ins(other, guilty):
    """Challenging (seed 003) + Jumping in: a Wild +4 jumped in out of turn is judged by what its player could
    have played then: another jump-in (g7 on pile 2's g7) counts, a card only the turn player may play not."""
    state = scenario({1: "b5 b6", 2: "b7 b8", 3: f"w+4 {other}", 4: "y4 y5"}, piles=["r3 r+2", "g7"],
                     draw="b1 b2 b3 b4", turn=1)
    state = played(state, 3, "w+4", colour="b")  # plus cards jump in on a (dead) plus card
    assert state.turn == 4 and state.piles[0].wild4.guilty is guilty
    assert stacks(act(state, Challenge(4))) == [(1, 4, 3 if guilty else 4)]


@pytest.mark.parametrize("other, points, loser, total", [
    ("g5", {1: 1}, 2, 2 * 4),  # innocent at 1 point: the failed challenge against them costs double
    ("r1", {1: 1}, 1, 4),  # guilty: no failed challenge against them
    ("g5", {2: 1}, 2, 4),  # the challenger's points don't matter
])
def test_challenging_a_failed_challenge_against_a_one_point_player_doubles(other, points, loser, total):
    """Round won (seed 003): "If you only have 1 point, ... the cards drawn from a failed challenge against you"
    double: a Wild +4 challenge too."""
    state = scenario({1: f"w+4 {other}", 2: "b7 b8 y3", 3: "y4 y5 y6"}, piles=["r3"], draw="b1 b2 b3 b4",
                     points=points)
    state = act(played(state, 1, "w+4", colour="b"), Challenge(2))
    assert stacks(state) == [(1, total, loser)]


def test_challenging_on_a_stack_a_failed_challenge_against_a_one_point_player_adds_double():
    """Round won + Challenging on a stack: the challenge adds +4 to the stack; failed against a 1-point player,
    it adds twice that."""
    state = scenario({1: "y1 y2", 2: "w+4 b5 g5", 3: "y4 y5 y6"}, piles=["g3 r+2"], stacks=[stack(1, 2, 2)],
                     turn=2, points={2: 1})
    state = act(played(state, 2, "w+4", colour="g"), Challenge(1))
    assert stacks(state) == [(1, 2 + 4 + 2 * 4, 1)]
