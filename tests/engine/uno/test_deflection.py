"""Seed 003, "Deflection": the three tables (plus stacks, 7's trades, 0's shifts) and the edge cases."""

from __future__ import annotations

import pytest

from engine.errors import GameError
from engine.uno.cards import Colour
from engine.uno.moves import Accept
from engine.uno.options import CHAOS
from engine.uno.rules import NeedChoice, apply, legal_moves
from engine.uno.state import Shift
from tests.engine.uno.notation import act, hand, play, played, scenario, stack, stacks, trade, trades

# Player 2 faces a red +2 stack of 4 on pile 1; five players, clockwise.
FACING = dict(piles=["g3 r+2"], stacks=[stack(1, 4, 2)], turn=2)
HANDS = {1: "y1 y2", 2: "r9 g9", 3: "b1 b2", 4: "b3 b4", 5: "b5 b6"}


def facing(card: str, **kw):
    return scenario({**HANDS, 2: f"{card} g9"}, **{**FACING, **kw})


# -- Plus cards ---------------------------------------------------------------------------------------------

def test_deflection_plus_skip_passes_the_stack_to_the_next_player():
    """Deflection, Plus cards: Skip: the stack is passed to the next player in the turn order."""
    state = played(facing("rskip"), 2, "rskip")
    assert stacks(state) == [(1, 4, 3)] and state.turn == 3


def test_deflection_plus_reverse_reverses_and_passes_the_stack():
    """Deflection, Plus cards: Reverse: the turn order is reversed and the stack passed to the next person."""
    state = played(facing("rrev"), 2, "rrev")
    assert state.direction == -1 and stacks(state) == [(1, 4, 1)] and state.turn == 1


def test_deflection_plus_seven_puts_the_stack_on_a_chosen_player():
    """Deflection, Plus cards: 7: the stack is put on the player of your choice."""
    state = facing("r7")
    with pytest.raises(NeedChoice) as err:
        apply(state, play(state, 2, "r7"))
    assert err.value.what == "target"
    state = played(state, 2, "r7", target=5)
    assert stacks(state) == [(1, 4, 5)] and not state.trades and hand(state, 2) == "g9"  # no trade


def test_deflection_plus_two_halves_the_stack():
    """Deflection, Plus cards: 2: half the stack goes to the next person; two independent stacks."""
    state = played(facing("r2"), 2, "r2")
    assert sorted(stacks(state)) == [(1, 2, 2), (1, 2, 3)]
    assert len(state.piles) == 1  # a deflecting 2 flips no pile (rulings)
    assert all(s.origin == 2 for s in state.stacks)


def test_deflection_plus_two_odd_stack_next_player_gets_the_smaller_half():
    state = played(scenario({**HANDS, 2: "r2 g9"}, piles=["g3 r+2"], stacks=[stack(1, 5, 2)], turn=2), 2, "r2")
    assert sorted(stacks(state)) == [(1, 2, 3), (1, 3, 2)]


def test_deflection_plus_one_sends_a_fragment_back_to_who_split_it():
    """Deflection, Plus cards: 1: only on a stack that was half of a previous stack; it goes back to the
    person that created this fragment."""
    state = scenario({**HANDS, 2: "r2 g9", 3: "r1 b2"}, **FACING)
    state = played(state, 2, "r2")
    state = played(state, 3, "r1")
    assert sorted(stacks(state)) == [(1, 2, 2), (1, 2, 2)] and state.turn == 4


def test_deflection_plus_one_needs_a_fragment():
    """Deflection, Plus cards: 1 "can only be played if the player is receiving a stack that was at some point
    half of a previous stack"."""
    state = facing("r1")
    with pytest.raises(GameError) as err:
        apply(state, play(state, 2, "r1"))
    assert err.value.code == "facing"


def test_deflection_plus_zero_passes_every_stack_on_relative_to_each():
    """Deflection, Plus cards: 0: all ongoing stacks are passed to the next person, relative to each stack."""
    state = scenario({**HANDS, 2: "r0 g9"}, piles=["g3 r+2", "b+2"], stacks=[stack(1, 4, 2), stack(2, 2, 4)],
                     turn=2)
    state = played(state, 2, "r0")
    assert stacks(state) == [(1, 4, 3), (2, 2, 5)] and state.shift is None  # no hands move (rulings)


@pytest.mark.parametrize("card", ["gskip", "brev", "y7", "b2", "g0"])
def test_deflection_needs_the_colour_of_the_stacks_top_card(card):
    """Deflection: the power card must match the colour of the top card of the stack."""
    state = facing(card)
    with pytest.raises(GameError) as err:
        apply(state, play(state, 2, card, target=3))
    assert err.value.code == "facing"


def test_deflection_wild_top_uses_the_colour_its_player_chose():
    """Deflection: if the last card on the stack was wild, its player decided the colour."""
    state = scenario({**HANDS, 2: "gskip rskip"}, piles=["g3 w+4=g"], stacks=[stack(1, 4, 2)], turn=2)
    with pytest.raises(GameError):
        apply(state, play(state, 2, "rskip"))
    assert stacks(played(state, 2, "gskip")) == [(1, 4, 3)]


@pytest.mark.parametrize("card", ["r3", "r5", "r6", "r8", "r9"])
def test_deflection_only_power_cards_deflect(card):
    """Deflection: number cards (3-6, 8, 9) are no way out."""
    state = facing(card)
    with pytest.raises(GameError):
        apply(state, play(state, 2, card))


def test_deflection_off():
    state = facing("rskip", options=CHAOS.with_changes(deflection=False))
    with pytest.raises(GameError):
        apply(state, play(state, 2, "rskip"))


# -- 7's ----------------------------------------------------------------------------------------------------

def traded(card: str, **kw):
    """Player 1's red 7 trade is aimed at player 2 (five players); player 2 holds `card`."""
    base = dict(piles=["g3 r7"], trades=[trade(1, "r", 1, 2)], turn=2)
    return scenario({**HANDS, 2: f"{card} g9"}, **{**base, **kw})


def test_deflection_sevens_skip_initiator_trades_with_the_next_player():
    """Deflection, 7's: Skip: they are forced to attempt trading with the next person in the turn order."""
    state = played(traded("rskip"), 2, "rskip")
    assert trades(state) == [(1, 3)] and state.turn == 3


def test_deflection_sevens_skip_never_to_the_initiator():
    """Rulings (Deflection: 7's): a Skip that would aim the trade at its initiator goes one seat further."""
    state = played(traded("rskip", trades=[trade(1, "r", 3, 2)]), 2, "rskip")
    assert trades(state) == [(3, 4)]


def test_deflection_sevens_reverse_reverses_and_passes_the_trade():
    """Deflection, 7's: Reverse: turn order reversed; the trade goes to the next person."""
    state = played(traded("rrev", trades=[trade(1, "r", 4, 2)]), 2, "rrev")
    assert state.direction == -1 and trades(state) == [(4, 1)]


def test_deflection_sevens_seven_cancels_and_starts_your_own_trade():
    """Deflection, 7's: 7: cancels the trade and allows you to initiate a trade."""
    state = played(traded("b7"), 2, "b7", target=4)  # any 7 on the 7 (stacking 7's)
    assert trades(state) == [(2, 4)]
    state = act(state, Accept(4))
    assert hand(state, 4) == "g9" and hand(state, 2) == "b3 b4"


def test_deflection_sevens_zero_moves_every_trade_one_seat_on():
    """Deflection, 7's: 0: all ongoing trades move one spot further, both people involved."""
    state = traded("r0", trades=[trade(1, "r", 1, 2), trade(2, "g", 4, 5)], piles=["g3 r7", "g7"])
    state = played(state, 2, "r0")
    assert trades(state) == [(2, 3), (5, 1)] and state.shift is None


def test_deflection_sevens_need_the_sevens_colour():
    state = traded("gskip")
    with pytest.raises(GameError):
        apply(state, play(state, 2, "gskip"))


# -- 0's ----------------------------------------------------------------------------------------------------

def shifting(card: str, player: int = 3):
    """Player 1 played a red 0: a one-seat shift waits; `player` holds `card`."""
    return scenario({**HANDS, player: f"{card} b9"}, piles=["g3 r0"], turn=2, shift=Shift(1, Colour.RED, 1, 1, 1))


@pytest.mark.parametrize("card, count, direction", [
    ("rskip", 2, 1),  # Skip: the shift amount increases by one
    ("rrev", 1, -1),  # Reverse: reverses the shift direction
    ("b0", 2, 1),  # 0: adds one (a 0 on the 0, any colour)
    ("r2", 2, 1),  # 2: doubles the shift count
    ("r1", 0, 1),  # 1: halves the shift count (rounding down, rulings)
])
def test_deflection_zeros_table(card, count, direction):
    """Deflection, 0's: before the shift occurs any player can change it."""
    state = played(shifting(card), 3, card)
    assert (state.shift.count, state.shift.direction) == (count, direction)
    assert len(state.piles) == 1 and not state.trades


def test_deflection_zeros_the_shift_then_happens_as_changed():
    """Deflection, 0's: a doubled shift moves every hand two seats along."""
    state = played(shifting("r2", player=2), 2, "r2")
    assert state.turn == 3
    state = act(state, Accept(3))
    assert [hand(state, p) for p in (1, 2, 3, 4, 5)] == ["b3 b4", "b5 b6", "y1 y2", "b9", "b1 b2"]


def test_deflection_zeros_need_the_zeros_colour():
    state = shifting("gskip")
    with pytest.raises(GameError):
        apply(state, play(state, 3, "gskip"))


# -- edge cases ---------------------------------------------------------------------------------------------

TWO_STACKS = dict(piles=["g3 r+2", "g4 b+2", "r5"], stacks=[stack(1, 4, 2), stack(2, 2, 2)], turn=2)


def test_deflection_on_the_stack_affects_that_stack_only():
    """Deflection edge cases: placed directly on a stack, it affects that stack; with several stacks facing
    the player, the one they played on."""
    state = played(scenario({**HANDS, 2: "rskip g9"}, **TWO_STACKS), 2, "rskip", pile=1)
    assert stacks(state) == [(1, 4, 3), (2, 2, 2)]


def test_deflection_on_a_free_pile_affects_every_stack_facing_the_player():
    """Deflection edge cases: on any other discard pile it affects the stacks targeting the player."""
    state = played(scenario({**HANDS, 2: "rskip g9"}, **TWO_STACKS), 2, "rskip", pile=3)
    assert stacks(state) == [(1, 4, 3), (2, 2, 3)]


def test_deflection_on_a_free_pile_must_be_placeable_there():
    """Deflection: the card must be valid on the pile it goes on."""
    state = scenario({**HANDS, 2: "rskip g9"}, piles=["g3 r+2", "g4"], stacks=[stack(1, 4, 2)], turn=2)
    with pytest.raises(GameError):
        apply(state, play(state, 2, "rskip", pile=2))


def test_deflection_out_of_turn_only_on_the_stack_or_by_jumping_in():
    """Deflection: not their turn, a player can only play on the stack targeting them, unless they can jump
    in on another pile."""
    state = scenario({**HANDS, 4: "rskip b4"}, piles=["g3 r+2", "r5", "bskip"], stacks=[stack(1, 4, 4)], turn=2)
    with pytest.raises(GameError):
        apply(state, play(state, 4, "rskip", pile=2))  # a turn play there, not a jump-in
    assert stacks(played(state, 4, "rskip", pile=3)) == [(1, 4, 5)]  # a jump-in (symbol)
    assert stacks(played(state, 4, "rskip", pile=1)) == [(1, 4, 5)]


def test_deflection_two_with_mixed_stacks_asks_which_kind_goes_on():
    """Deflection edge cases: a 2 on a free pile against plus and Crazy 8's stacks splits them; the player
    chooses which kind is passed to the next player."""
    base = dict(piles=["g3 r+2", "b8", "r5"], stacks=[stack(1, 4, 2), stack(2, 8, 2, kind="eights", owner=2)],
                turn=2)
    state = scenario({**HANDS, 2: "r2 g9"}, **base)
    with pytest.raises(NeedChoice) as err:
        apply(state, play(state, 2, "r2", pile=3))
    assert err.value.what == "split"
    moves = [m for m in legal_moves(state, 2) if getattr(m, "pile", None) == state.piles[2].id]
    assert {m.split for m in moves} == {"plus", "eights"}
    assert stacks(played(state, 2, "r2", pile=3, split="plus")) == [(1, 4, 3), (2, 8, 2)]
    assert stacks(played(state, 2, "r2", pile=3, split="eights")) == [(1, 4, 2), (2, 8, 3)]


def test_deflection_two_does_not_split_an_immutable_stack_alone():
    """Deflection, Plus cards: 2 "does not apply to immutable stacks"."""
    state = scenario({**HANDS, 2: "b2 g9"}, piles=["g3 b8"], stacks=[stack(1, 8, 2, kind="eights", owner=2)],
                     turn=2)
    with pytest.raises(GameError):
        apply(state, play(state, 2, "b2"))
