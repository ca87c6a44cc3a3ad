"""Seed 003, "Win condition": "The "Uno" rule" and its edge cases."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.uno.moves import Accept, Callout, Draw, EndRound, SayUno
from engine.uno.options import CHAOS
from engine.uno.rules import apply, legal_moves
from tests.engine.uno.notation import act, hand, played, scenario, stack, stacks, top

DRAW = "y1 y2 y3 y4 y5 y6 y7 y8 y9 g1 g2 g3"
HANDS = {1: "r5 r6", 2: "r4 b4 b5", 3: "r7 b6 b7", 4: "g4 g5 g6"}


def down_to_one(say: bool = False):
    """Player 1 plays r5 and holds one card (r6), having said Uno or not."""
    state = scenario(HANDS, piles=["r3"], draw=DRAW)
    if say:
        state = act(state, SayUno(1))
    return played(state, 1, "r5")


def test_uno_rule_say_uno_protects_and_a_false_call_out_costs_the_caller_4():
    """The "Uno" rule: a player who said Uno can't be caught; the challenging player draws 4 instead."""
    state = down_to_one(say=True)
    assert state.seat(1).said_uno
    state = played(state, 2, "r4")
    state, events = apply(state, Callout(3, 1))
    assert len(state.hand(3)) == 7 and hand(state, 1) == "r6"
    assert any(e["type"] == "callout" and e["loser"] == 3 for e in events)


def test_uno_rule_call_out_too_early_is_refused():
    """The "Uno" rule: the challenging player must wait until at least the next player has played a card."""
    state = down_to_one()
    assert not any(isinstance(m, Callout) for m in legal_moves(state, 3))
    with pytest.raises(IllegalMove) as err:
        apply(state, Callout(3, 1))
    assert err.value.code == "too_early"


def test_uno_rule_call_out_after_the_next_play_draws_4():
    """The "Uno" rule: caught without saying Uno, the player picks up 4 cards."""
    state = played(down_to_one(), 2, "r4")
    assert Callout(3, 1) in legal_moves(state, 3)
    state = act(state, Callout(3, 1))
    assert hand(state, 1) == "r6 y1 y2 y3 y4" and len(state.hand(3)) == 3


def test_uno_rule_saying_uno_with_one_card_left_still_counts_before_a_call_out():
    """Rulings (Uno rule): a player may say it with one card too, as long as nobody caught them first."""
    state = act(down_to_one(), SayUno(1))
    state = played(state, 2, "r4")
    assert len(act(state, Callout(3, 1)).hand(3)) == 7


def test_uno_rule_saying_uno_is_too_late_once_the_call_out_window_opened():
    """The "Uno" rule (seed 003): the challenging player "must wait until at least the next player has played a
    card to call it out"; from then on a call-out catches them, so Uno can no longer be said."""
    state = played(down_to_one(), 2, "r4")
    assert SayUno(1) not in legal_moves(state, 1)
    with pytest.raises(IllegalMove) as err:
        apply(state, SayUno(1))
    assert err.value.code == "too_late"
    assert hand(act(state, Callout(3, 1)), 1) == "r6 y1 y2 y3 y4"


def test_uno_rule_calling_out_someone_with_more_cards_is_refused():
    state = scenario(HANDS, piles=["r3"], draw=DRAW)
    with pytest.raises(IllegalMove) as err:
        apply(state, Callout(3, 2))
    assert err.value.code == "no_callout"
    with pytest.raises(IllegalMove) as err:
        apply(state, SayUno(2))
    assert err.value.code == "not_uno"


def test_uno_rule_last_card_without_uno_comes_back_and_4_more():
    """The "Uno" rule: played their last card without saying Uno, they can again be challenged: the card
    returns to their hand and they draw 4 more."""
    state = scenario({1: "r5", 2: "r4 b4 b5", 3: "r7 b6 b7"}, piles=["r3"], draw=DRAW, seat={1: {"exposed_at": 0}})
    state = played(state, 1, "r5")
    assert state.closing and state.seat(1).last_card is not None
    state = act(state, Callout(2, 1))  # at once: nothing to wait for
    assert hand(state, 1) == "r5 y1 y2 y3 y4" and top(state) == "r3" and not state.closing


def test_uno_rule_last_card_after_saying_uno_the_caller_draws():
    """The "Uno" rule: "However if the player has already said Uno, the challenging player must pick up 4"."""
    state = scenario({1: "r5", 2: "r4 b4 b5", 3: "r7 b6 b7"}, piles=["r3"], draw=DRAW,
                     seat={1: {"said_uno": True}})
    state = act(played(state, 1, "r5"), Callout(2, 1))
    assert hand(state, 1) == "" and len(state.hand(2)) == 7


def test_uno_rule_call_out_while_facing_a_stack_adds_4_to_the_stack():
    """The "Uno" rule: if the player being challenged faces a stack, +4 is added to the stack and it is
    pointed at whoever failed the challenge."""
    state = scenario({1: "r6", 2: "b4 b5", 3: "b6 b7"}, piles=["g3 r+2"], draw=DRAW, stacks=[stack(1, 2, 1)],
                     seat={1: {"exposed_at": 0}}, plays=1)
    state = act(state, Callout(2, 1))
    assert stacks(state) == [(1, 6, 1)] and hand(state, 1) == "r6" and hand(state, 2) == "b4 b5"


def test_uno_rule_false_call_out_on_a_player_facing_a_stack_points_it_at_the_caller():
    state = scenario({1: "r6", 2: "b4 b5", 3: "b6 b7"}, piles=["g3 r+2"], draw=DRAW, stacks=[stack(1, 2, 1)],
                     seat={1: {"exposed_at": 0, "said_uno": True}}, plays=1)
    state = act(state, Callout(2, 1))
    assert stacks(state) == [(1, 6, 2)] and hand(state, 2) == "b4 b5"


def test_uno_rule_gaining_cards_ends_the_exposure():
    """The "Uno" rule, edge cases: if the "Uno" player gains more cards, they can no longer be challenged."""
    state = scenario({1: "r6", 2: "b4 b5", 3: "b6 b7"}, piles=["g3 r+2"], draw=DRAW, stacks=[stack(1, 2, 1)],
                     seat={1: {"exposed_at": 0, "said_uno": True}}, plays=1)
    state = act(state, Draw(1))
    assert state.seat(1).exposed_at is None and not state.seat(1).said_uno
    with pytest.raises(IllegalMove) as err:
        apply(state, Callout(2, 1))
    assert err.value.code == "no_callout"


def test_uno_rule_a_trade_gives_the_receiver_a_fresh_wait():
    """The "Uno" rule, edge cases: a player who trades for a one-card hand has until the next card is played
    before they can be challenged; the old holder can't be challenged any more."""
    state = scenario({1: "r6", 2: "r7 b5 b6", 3: "r4 b7 b8"}, piles=["r3"], draw=DRAW, turn=2,
                     seat={1: {"exposed_at": 0}}, plays=1)
    assert Callout(3, 1) in legal_moves(state, 3)
    state = played(state, 2, "r7", target=1)
    state = act(state, Accept(1))
    assert hand(state, 2) == "r6" and hand(state, 1) == "b5 b6"
    with pytest.raises(IllegalMove) as err:
        apply(state, Callout(3, 2))
    assert err.value.code == "too_early"
    with pytest.raises(IllegalMove):
        apply(state, Callout(3, 1))
    state = played(state, 3, "r4")
    assert len(act(state, Callout(1, 2)).hand(2)) == 5


@pytest.mark.parametrize("said, points, loser, cards", [
    (False, {1: 1}, 1, 2 * 4),  # caught at 1 point: "the cards you draw from the Uno rule double"
    (True, {1: 1}, 3, 2 * 4),  # "as well as the cards drawn from a failed challenge against you"
    (False, {3: 1}, 1, 4),  # the caller's points don't matter
    (True, {3: 1}, 3, 4),  # a false call-out by a one-point player against a 7-point one
])
def test_uno_rule_penalty_doubles_at_one_point(said, points, loser, cards):
    """Winning the game, Round won (seed 003): "If you only have 1 point, the cards you draw from the "Uno"
    rule double, as well as the cards drawn from a failed challenge against you" (player 1 is called out)."""
    state = scenario(HANDS, piles=["r3"], draw=DRAW, points=points)
    if said:
        state = act(state, SayUno(1))
    state = played(played(state, 1, "r5"), 2, "r4")
    before = len(state.hand(loser))
    after = act(state, Callout(3, 1))
    assert len(after.hand(loser)) == before + cards


def test_uno_rule_penalty_option():
    state = scenario(HANDS, piles=["r3"], draw=DRAW, options=CHAOS.with_changes(uno_penalty=2))
    state = played(played(state, 1, "r5"), 2, "r4")
    assert len(act(state, Callout(3, 1)).hand(1)) == 3


def test_uno_rule_after_winning_a_round_one_card_waits_for_the_first_play():
    """The "Uno" rule, edge cases: after winning a round and drawing one card you have until the first player
    plays before you can be called out (and last round's "Uno" does not cover you)."""
    state = scenario({1: "r5", 2: "r4 b4 b5", 3: "r7 b6 b7"}, piles=["r3"], draw=DRAW, points={1: 2},
                     seat={1: {"said_uno": True}})
    state = act(played(state, 1, "r5"), EndRound(2))
    assert state.seat(1).points == 1 and len(state.hand(1)) == 1
    assert not state.seat(1).said_uno
    with pytest.raises(IllegalMove) as err:
        apply(state, Callout(3, 1))
    assert err.value.code == "too_early"
    state = played(state, 2, "r4")
    assert len(act(state, Callout(3, 1)).hand(1)) == 1 + 8  # caught at 1 point: doubled


def test_uno_rule_off():
    state = scenario(HANDS, piles=["r3"], draw=DRAW, options=CHAOS.with_changes(uno_rule=False))
    state = played(played(state, 1, "r5"), 2, "r4")
    for move in (Callout(3, 1), SayUno(1)):
        with pytest.raises(IllegalMove) as err:
            apply(state, move)
        assert err.value.code == "no_uno_rule"
