"""The `classic` preset is official Uno (Mattel's instruction sheet), rule by rule, where the bot can follow it.

The differences the bot keeps are listed in docs/rulings.md (Uno, "classic preset").
"""

from __future__ import annotations

from functools import cache

import pytest

from engine.errors import IllegalMove
from engine.uno.cards import CARDS
from engine.uno.moves import Callout, Challenge, Draw, Pass, Play
from engine.uno.options import CHAOS, CLASSIC
from engine.uno.rules import apply, legal_moves, new_game
from engine.uno.state import UnoState
from tests.engine.uno.notation import act, hand, played, scenario, stacks, top

P = (1, 2, 3, 4)
DRAW = "y1 y2 y3 y4 y5 y6 y7 y8 y9 g1 g2 g3"


@cache
def first_flip(rank: str, options=CLASSIC, seats: tuple[int, ...] = P) -> UnoState:
    """A fresh game whose first turned card has this rank (searching seeds)."""
    for seed in range(5000):
        state = new_game(options, seats, seed)
        if CARDS[state.piles[0].cards[0]].rank == rank:
            return state
    raise AssertionError(f"no seed turns a {rank}")


# -- the first card turned -----------------------------------------------------------------------------------

def test_classic_first_wild_draw_four_is_returned_and_another_card_turned():
    """Official: "Wild Draw 4 card turned up: return it to the deck, shuffle, turn the next card"."""
    for seed in range(5000):
        chaos = new_game(CHAOS, P, seed)
        if CARDS[chaos.piles[0].cards[0]].rank == "+4" and CARDS[chaos.draw_pile[-1]].rank != "+4":
            break
    classic = new_game(CLASSIC, P, seed)  # the same shuffle and deal
    assert [s.hand for s in classic.seats] == [s.hand for s in chaos.seats]
    assert classic.piles[0].cards == (chaos.draw_pile[-1],)  # the next card is turned
    assert classic.draw_pile[0] == chaos.piles[0].cards[0]  # the Wild Draw 4 went back into the deck
    assert not classic.stacks and classic.turn == 1


def test_classic_first_reverse_the_dealer_plays_first_and_play_goes_right():
    """Official: "Reverse card turned up: the dealer plays first; play then moves to the right"."""
    state = first_flip("rev")
    dealer = P[-1]
    assert state.turn == dealer and state.direction == -1
    assert state.next_player(dealer) == P[-2]
    chaos = first_flip("rev", CHAOS)
    assert chaos.turn == P[-2]  # the chaos reading: the seat after the dealer in the new direction


def test_classic_first_skip_skips_the_first_player():
    """Official: "Skip card turned up: the player to the dealer's left is skipped"."""
    assert first_flip("skip").turn == P[1]


def test_classic_first_draw_two_the_first_player_draws_2_and_is_skipped():
    """Official: "Draw Two card turned up: the first player draws 2 cards and is skipped"."""
    state = first_flip("+2")
    assert stacks(state) == [(1, 2, P[0])] and [type(m) for m in legal_moves(state, P[0])] == [Draw]
    after = act(state, Draw(P[0]))
    assert len(after.hand(P[0])) == CLASSIC.hand_size + 2 and after.turn == P[1]


def test_classic_first_wild_any_card_may_follow():
    """Official: "Wild card turned up: the first player chooses the colour": the bot lets them play any card,
    which sets the colour (rulings: the same choices)."""
    state = first_flip("wild")
    assert state.piles[0].colour is None
    faces = {CARDS[m.card].notation for m in legal_moves(state, P[0]) if isinstance(m, Play)}
    assert faces == {CARDS[c].notation for c in state.hand(P[0])}


# -- drawing -----------------------------------------------------------------------------------------------

def test_classic_you_may_draw_instead_of_playing():
    """Official: "You may choose not to play a playable card from your hand. If so, you must draw a card"; a
    playable drawn card may be put down in the same turn."""
    state = scenario({1: "r5", 2: "y1", 3: "y2"}, piles=["r3"], draw="r8 g9", turn=1, options=CLASSIC)
    assert Draw(1) in legal_moves(state, 1)
    state = act(state, Draw(1))
    assert hand(state, 1) == "r5 r8" and CARDS[state.drawn.card].notation == "r8"
    assert Pass(1) in legal_moves(state, 1)
    assert top(played(state, 1, "r8")) == "r8"
    with pytest.raises(IllegalMove) as err:
        apply(scenario({1: "r5", 2: "y1", 3: "y2"}, piles=["r3"], turn=1), Draw(1))
    assert err.value.code == "can_play"  # chaos: "If a player does not have a card that can be played"


# -- challenging a Wild Draw 4 ----------------------------------------------------------------------------

def wild4(other: str, options=CLASSIC) -> UnoState:
    """Player 1 plays a Wild Draw 4 (blue) on r3, holding `other` besides it."""
    state = scenario({1: f"w+4 {other}", 2: "b7 b8 y3", 3: "y4 y5 y6"}, piles=["r3"], draw=DRAW, options=options)
    return played(state, 1, "w+4", colour="b")


@pytest.mark.parametrize("other, guilty", [
    ("r7", True),  # the colour of the card it was played on
    ("g3", False),  # the number matches, the colour doesn't
    ("w", False),  # a Wild has no colour to match
    ("w+4", False),
])
def test_classic_a_wild_draw_four_is_judged_by_colour_only(other, guilty):
    """Official: "you can only play this card when you don't have a card in your hand that matches the color of
    the card previously played"."""
    assert wild4(other).piles[0].wild4.guilty is guilty


def test_classic_only_the_next_player_may_challenge():
    """Official: the player who must draw (the next player) may challenge; chaos: "another player"."""
    state = wild4("r7")
    assert not any(isinstance(m, Challenge) for m in legal_moves(state, 3))
    with pytest.raises(IllegalMove) as err:
        apply(state, Challenge(3))
    assert err.value.code == "no_wild4"
    assert Challenge(3, state.piles[0].id) in legal_moves(wild4("r7", CHAOS), 3)


def test_classic_guilty_the_player_draws_4_and_the_challenger_plays_on():
    """Official: "If guilty, the challenged player must draw 4 cards" (the challenger then takes their turn)."""
    state = wild4("r7")
    before = len(state.hand(1))
    state = act(state, Challenge(2))
    assert len(state.hand(1)) == before + 4 and not state.stacks and state.turn == 2
    assert top(played(state, 2, "b7")) == "b7"


def test_classic_innocent_the_challenger_draws_6_and_loses_the_turn():
    """Official: "If innocent, the challenger must draw the 4 cards plus 2 additional cards" (and is skipped)."""
    state = wild4("g3")
    before = len(state.hand(2))
    state = act(state, Challenge(2))
    assert len(state.hand(2)) == before + 4 + 2 and not state.stacks and state.turn == 3


# -- UNO ------------------------------------------------------------------------------------------------

def down_to_one() -> UnoState:
    state = scenario({1: "r5 r6", 2: "r4 b4 b5", 3: "r7 b6 b7"}, piles=["r3"], draw=DRAW, options=CLASSIC)
    return played(state, 1, "r5")


def test_classic_caught_without_uno_draws_2():
    """Official: "If you don't say UNO and another player catches you, you must draw 2 cards"."""
    state = act(down_to_one(), Callout(3, 1))
    assert hand(state, 1) == "r6 y1 y2"


def test_classic_caught_only_before_the_next_player_plays():
    """Official: caught "before the next player begins their turn"; chaos waits for that play instead."""
    state = down_to_one()
    assert Callout(3, 1) in legal_moves(state, 3)
    state = played(state, 2, "r4")
    assert Callout(3, 1) not in legal_moves(state, 3)
    with pytest.raises(IllegalMove) as err:
        apply(state, Callout(3, 1))
    assert err.value.code == "too_late"


def test_classic_going_out_without_uno_is_not_called_back():
    """Official: the hand ends when a player goes out (the next player still draws for a Draw Two); the seed's
    call-back of a last card played without "Uno" is chaos only."""
    state = scenario({1: "r+2", 2: "r4 b4 b5", 3: "r7 b6 b7"}, piles=["r3"], draw=DRAW, options=CLASSIC,
                     seat={1: {"exposed_at": 0}})
    state = played(state, 1, "r+2")
    assert state.closing and stacks(state) == [(1, 2, 2)]
    assert not any(isinstance(m, Callout) for m in legal_moves(state, 3))
    with pytest.raises(IllegalMove) as err:
        apply(state, Callout(3, 1))
    assert err.value.code == "no_callout"
    state = act(state, Draw(2))
    assert state.finished and state.winners == (1,)
