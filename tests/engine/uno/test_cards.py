"""Seed 003, "Cards": what every card does."""

from __future__ import annotations

import pytest

from engine.errors import GameError, IllegalMove
from engine.uno.cards import Colour
from engine.uno.moves import Accept, Choose, Draw
from engine.uno.options import CHAOS, CLASSIC
from engine.uno.rules import apply, legal_moves
from engine.uno.state import PromptKind
from tests.engine.uno.notation import act, hand, play, played, scenario, stacks, top, trades

THREE = {1: "r3 r4 r5 y1", 2: "b1 b2", 3: "g1 g2"}


@pytest.mark.parametrize("card", ["r3", "r4", "r5"])
def test_cards_3_4_5_turn_moves_to_the_next_player(card):
    """Cards: 3, 4 and 5: turn moves to the next player; no effect."""
    state = played(scenario(THREE, piles=["r8"]), 1, card)
    assert state.turn == 2 and not state.pending and state.direction == 1


@pytest.mark.parametrize("card, on", [("g6", "r9"), ("g9", "r6"), ("r6", "r9")])
def test_cards_6_and_9_are_identical(card, on):
    """Cards: 6 and 9 are treated as identical (symbol matching)."""
    state = played(scenario({1: f"{card} y1", 2: "b1", 3: "g1"}, piles=[on]), 1, card)
    assert top(state) == card


def test_cards_6_and_9_differ_in_classic():
    """Cards (classic preset, rulings): 6 ≠ 9."""
    state = scenario({1: "g6 y1", 2: "b1", 3: "g1"}, piles=["r9"], options=CLASSIC)
    with pytest.raises(IllegalMove):
        apply(state, play(state, 1, "g6"))


def test_cards_skip_skips_next_player():
    """Cards: Skip: the next player's turn is skipped."""
    state = played(scenario({1: "rskip y1", 2: "b1", 3: "g1", 4: "g2"}, piles=["r8"]), 1, "rskip")
    assert state.turn == 3


def test_cards_reverse_reverses_the_turn_order():
    """Cards: Reverse: the turn order is reversed (clockwise to counter clockwise and vice-versa)."""
    state = scenario({1: "rrev y1", 2: "b1", 3: "g1", 4: "grev g2"}, piles=["r8"])
    state = played(state, 1, "rrev")
    assert state.direction == -1 and state.turn == 4
    state = played(state, 4, "grev")
    assert state.direction == 1 and state.turn == 1


def test_cards_reverse_with_two_players_is_a_skip():
    """Cards: Reverse with two players works as a Skip (rulings, `two_player_reverse_skips`)."""
    state = played(scenario({1: "rrev y1", 2: "b1"}, piles=["r8"]), 1, "rrev")
    assert state.turn == 1
    plain = scenario({1: "rrev y1", 2: "b1"}, piles=["r8"], options=CHAOS.with_changes(two_player_reverse_skips=False))
    assert played(plain, 1, "rrev").turn == 2


def test_cards_plus_two_next_player_draws_2_and_skips():
    """Cards: +2: the next player must draw 2 cards and skip their turn."""
    state = scenario({1: "r+2 y1", 2: "b1 b2", 3: "g1"}, piles=["r8"], draw="y7 y8")
    state = played(state, 1, "r+2")
    assert stacks(state) == [(1, 2, 2)] and state.turn == 2
    state = act(state, Draw(2))
    assert hand(state, 2) == "b1 b2 y7 y8" and state.turn == 3 and not state.stacks


def test_cards_wild_plus_four_next_player_draws_4_and_passes():
    """Cards: Wild +4 is a wild (colour chosen) and the next player picks up 4 and passes."""
    state = scenario({1: "w+4 y1", 2: "b1 b2", 3: "g1"}, piles=["r8"], draw="y3 y4 y5 y6")
    state = played(state, 1, "w+4", colour="b")
    assert state.piles[0].colour is Colour.BLUE and stacks(state) == [(1, 4, 2)]
    state = act(state, Draw(2))
    assert hand(state, 2) == "b1 b2 y3 y4 y5 y6" and state.turn == 3


def test_cards_wild_chooses_the_colour():
    """Cards: Wild: its player chooses one of the 4 colours."""
    state = played(scenario({1: "w y1", 2: "b1", 3: "g1"}, piles=["r8"]), 1, "w", colour="g")
    assert state.piles[0].colour is Colour.GREEN and state.turn == 2


def test_cards_zero_every_hand_moves_to_the_next_player_on_accept():
    """Cards: 0: each player gives their cards to the next player in the turn order (once accepted, rulings)."""
    state = scenario({1: "r0 y1", 2: "b1 b2", 3: "g1 g2 g3"}, piles=["r8"])
    state = played(state, 1, "r0")
    assert state.shift is not None and state.turn == 2
    assert hand(state, 2) == "b1 b2"  # nothing moved yet
    with pytest.raises(IllegalMove) as err:
        apply(state, play(state, 2, "b1"))  # the turn player must accept first
    assert err.value.code == "shift"
    assert Accept(2) in legal_moves(state, 2)
    state = act(state, Accept(2))
    assert state.shift is None
    assert (hand(state, 1), hand(state, 2), hand(state, 3)) == ("g1 g2 g3", "y1", "b1 b2")


def test_cards_zero_follows_the_turn_order_counter_clockwise():
    """Cards: 0: "the next player in the turn order": counter-clockwise after a Reverse."""
    state = scenario({1: "r0 y1", 2: "b1 b2", 3: "g1 g2 g3"}, piles=["r8"], direction=-1)
    state = played(state, 1, "r0")
    state = act(state, Accept(3))
    assert (hand(state, 1), hand(state, 2), hand(state, 3)) == ("b1 b2", "g1 g2 g3", "y1")


def test_cards_zero_is_a_plain_number_in_classic():
    state = played(scenario({1: "r0 y1", 2: "b1", 3: "g1"}, piles=["r8"], options=CLASSIC), 1, "r0")
    assert state.shift is None and state.turn == 2


def test_cards_seven_trades_hands_with_the_chosen_player_on_accept():
    """Cards: 7: the player chooses another and they trade hands (when the target accepts, rulings)."""
    state = scenario({1: "r7 y1 y2", 2: "b1", 3: "g1 g2"}, piles=["r8"])
    state = played(state, 1, "r7", target=3)
    assert trades(state) == [(1, 3)] and state.turn == 2
    state = act(state, Accept(3))
    assert (hand(state, 1), hand(state, 3)) == ("g1 g2", "y1 y2") and not state.trades


def test_cards_seven_target_cannot_take_a_normal_turn_before_accepting():
    """Rulings (Cards: 7): until they accept, the target cannot take a normal turn."""
    state = scenario({1: "r7 y1 y2", 2: "r1 b1 b2", 3: "g1 g2"}, piles=["r8"])
    state = played(state, 1, "r7", target=2)
    with pytest.raises(IllegalMove) as err:
        apply(state, play(state, 2, "r1", onto=None))
    assert err.value.code == "facing"
    assert [type(m).__name__ for m in legal_moves(state, 2)] == ["Accept"]


def test_cards_seven_cannot_trade_with_yourself():
    state = scenario({1: "r7 y1", 2: "b1", 3: "g1"}, piles=["r8"])
    with pytest.raises(IllegalMove) as err:
        apply(state, play(state, 1, "r7", target=1))
    assert err.value.code == "bad_target"


def test_cards_two_flips_a_new_discard_pile_with_the_players_effect():
    """Cards: 2: the draw pile's top card becomes a new discard pile; its effect is the 2's player's."""
    state = scenario({1: "r2 y1", 2: "b1", 3: "g1", 4: "g2"}, piles=["r8"], draw="bskip")
    state = played(state, 1, "r2")
    assert len(state.piles) == 2 and top(state, 2) == "bskip"
    assert state.turn == 3  # the flipped Skip, as if player 1 played it, skips player 2


def test_cards_two_flipping_a_plus_card_makes_a_live_stack():
    """Cards: 2 + Stacking edge cases: a new pile created with a plus card can be stacked on."""
    state = scenario({1: "r2 y1", 2: "b+2 b1", 3: "g1"}, piles=["r8"], draw="g+2")
    state = played(state, 1, "r2")
    assert stacks(state) == [(2, 2, 2)] and state.turn == 2
    state = played(state, 2, "b+2", pile=2)
    assert stacks(state) == [(2, 4, 3)]


def test_cards_two_flipping_a_wild_leaves_the_colour_to_the_next_player():
    """Cards: 2: "if it is a wild card then the color is determined by the next player to play"."""
    state = scenario({1: "r2 y1", 2: "b1 b5", 3: "g1"}, piles=["r8"], draw="w")
    state = played(state, 1, "r2")
    assert state.piles[1].colour is None
    state = played(state, 2, "b5", pile=2)
    assert state.piles[1].colour is Colour.BLUE


def test_cards_two_players_may_play_on_either_pile():
    """Cards: 2: players may choose to play on either pile."""
    state = scenario({1: "y1", 2: "g4 r5 y9", 3: "g1"}, piles=["r8", "g3"], turn=2)
    assert top(played(state, 2, "r5", pile=1), 1) == "r5"
    assert top(played(state, 2, "g4", pile=2), 2) == "g4"


def test_cards_two_flips_nothing_at_max_piles():
    """Rulings (Cards: 2): with `max_piles` piles on the table, a 2 flips nothing."""
    options = CHAOS.with_changes(max_piles=2)
    state = scenario({1: "r2 y1", 2: "b1", 3: "g1"}, piles=["r8", "g3"], draw="b9", options=options)
    state, events = apply(state, play(state, 1, "r2"))
    assert len(state.piles) == 2 and any(e["type"] == "no_new_pile" for e in events)
    assert state.turn == 2


def test_cards_two_flipped_seven_asks_the_twos_player_for_a_partner():
    """Rulings (Cards: 2, 1): a 7 revealed by a 2's flip: the 2's player picks the partner."""
    state = scenario({1: "r2 y1", 2: "b1", 3: "g1"}, piles=["r8"], draw="b7")
    state = played(state, 1, "r2")
    assert state.prompt is not None and state.prompt.player == 1 and state.prompt.kind is PromptKind.PARTNER
    assert legal_moves(state, 2) == []
    state = act(state, Choose(1, target=3))
    assert state.prompt is None and trades(state) == [(1, 3)]


def test_cards_two_flipped_one_asks_the_twos_player_for_a_pile():
    """Rulings (Cards: 2, 1): a 1 revealed by a 2's flip: the 2's player picks where the 1's pile goes."""
    state = scenario({1: "r2 y1", 2: "b1", 3: "g1"}, piles=["r8"], draw="b1")
    state = played(state, 1, "r2")
    assert state.prompt is not None and state.prompt.kind is PromptKind.PILE
    state = act(state, Choose(1, onto=state.piles[0].id))
    assert len(state.piles) == 1 and top(state) == "b1"
    assert len(state.piles[0].cards) == 3 and state.turn == 2


def test_cards_one_moves_its_pile_onto_another():
    """Cards: 1: the discard pile it is placed on is moved on top of another pile of the player's choice."""
    state = scenario({1: "r1 y1", 2: "b1", 3: "g1"}, piles=["r8", "g3 g5"])
    state = played(state, 1, "r1", pile=1, onto=2)
    assert len(state.piles) == 1 and hand(state, 1) == "y1"
    assert [top(state)] == ["r1"] and len(state.piles[0].cards) == 4  # g3 g5 r8 r1
    assert state.piles[0].colour is Colour.RED and state.turn == 2


def test_cards_one_with_a_single_pile_has_no_effect_but_is_a_power_card():
    """Cards: 1: with only one discard pile it has no effect; it still jumps in by symbol."""
    state = scenario({1: "r1 y1", 2: "g1 b5", 3: "g2"}, piles=["r8"])
    state = played(state, 1, "r1")
    assert len(state.piles) == 1 and state.turn == 2
    state = played(state, 2, "g1")  # any 1 on a 1 (turn play by symbol)
    assert state.turn == 3
    state = scenario({1: "r1 y1", 2: "b5", 3: "g1 g2"}, piles=["r8"])
    state = played(state, 1, "r1")
    state = played(state, 3, "g1")  # jump in by symbol (power card)
    assert state.turn == 1


def test_cards_eight_jumps_in_as_a_power_card():
    """Cards: 8: like a number card, but it jumps in as if it were a power card (symbol only)."""
    state = scenario({1: "r8 y1", 2: "b5", 3: "g8 g2"}, piles=["r3"])
    state = played(state, 1, "r8")
    state = played(state, 3, "g8")
    assert top(state) == "g8" and state.turn == 1
    plain = scenario({1: "r8 y1", 2: "b5", 3: "g8 g2"}, piles=["r3"],
                     options=CHAOS.with_changes(eight_jumps=False))
    plain = played(plain, 1, "r8")
    with pytest.raises(GameError):
        apply(plain, play(plain, 3, "g8"))


def test_cards_one_trades_and_shifts_follow_the_moved_pile():
    """Rulings (Cards: 1): the target pile keeps its place; trades and shifts on the moved pile follow it."""
    state = scenario({1: "r7 y1 y2", 2: "r1 b1 b2", 3: "g1 g2"}, piles=["g3", "r8"], turn=1)
    state = played(state, 1, "r7", pile=2, target=3)
    target_id = state.piles[0].id
    state = played(state, 2, "r1", pile=2, onto=1)
    assert len(state.piles) == 1 and state.piles[0].id == target_id
    assert [t.pile for t in state.trades] == [target_id] and trades(state) == [(1, 3)]
