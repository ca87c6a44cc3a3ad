"""Seed 003, "Winning the game": points, playing the last card, round won, game over."""

from __future__ import annotations

import pytest

from engine.errors import GameError, IllegalMove
from engine.uno.moves import Accept, Draw, EndRound, SayUno
from engine.uno.options import CHAOS, CLASSIC
from engine.uno.rules import GameOver, apply, legal_moves, new_game
from engine.uno.state import Phase
from tests.engine.uno.notation import act, hand, play, played, scenario

DRAW = "y1 y2 y3 y4 y5 y6 y7 y8 y9 g1 g2 g3"


def last_card(points: int = 7, **kw):
    """Player 1 (who said Uno) plays their last card, r5; player 3 could jump in with r5."""
    state = scenario({1: "r5", 2: "r4 b4 b5", 3: "r5 b6 b7", 4: "g6"}, piles=["r3"], draw=DRAW,
                     points={1: points}, seat={1: {"said_uno": True}}, **kw)
    return played(state, 1, "r5")


@pytest.mark.parametrize("size", [5, 7, 9])
def test_winning_points_start_at_the_hand_size(size):
    """Winning the game: each player starts with as many points as cards."""
    state = new_game(CHAOS.with_changes(hand_size=size), (1, 2, 3), seed=3)
    assert all(s.points == size and len(s.hand) == size for s in state.seats)


def test_winning_last_card_only_jump_ins_until_the_round_is_scored():
    """Playing the last card: no player can play a card except for jumping in."""
    state = last_card()
    assert state.closing and state.turn == 2
    with pytest.raises(IllegalMove) as err:
        apply(state, play(state, 2, "r4"))
    assert err.value.code == "closing"
    with pytest.raises(IllegalMove) as err:
        apply(state, Draw(2))
    assert err.value.code == "closing"
    assert EndRound(2) in legal_moves(state, 2)
    state = played(state, 3, "r5")  # jumping in is unaffected
    assert hand(state, 3) == "b6 b7"


def test_winning_round_won_subtracts_a_point_and_draws_that_many():
    """Round won: winners subtract 1 point, then draw as many cards as their points."""
    state = act(last_card(), EndRound(4))
    assert state.seat(1).points == 6 and len(state.hand(1)) == 6 and state.round == 2
    assert all(s.points == 7 for s in state.seats[1:])


def test_winning_next_round_starts_after_the_last_player_to_play():
    """Round won: play resumes with the next player after the last player to play a card."""
    state = act(last_card(), EndRound(4))
    assert state.turn == 2
    state = act(played(last_card(), 3, "r5"), EndRound(2))
    assert state.turn == 4


def test_winning_effects_resolve_before_the_round_is_scored():
    """Playing the last card: card effects are still processed; the round is scored once all are resolved."""
    state = scenario({1: "r+2", 2: "r4 b4 b5", 3: "b6 b7"}, piles=["r3"], draw=DRAW, seat={1: {"said_uno": True}})
    state = played(state, 1, "r+2")
    with pytest.raises(IllegalMove) as err:
        apply(state, EndRound(3))
    assert err.value.code == "pending"
    assert EndRound(3) not in legal_moves(state, 3)
    state = act(state, Draw(2), EndRound(3))
    assert state.seat(1).points == 6 and len(state.hand(2)) == 5


def test_winning_a_last_seven_trade_is_resolved_first():
    """Playing the last card: 7's too, even the last card of someone's hand: the receiver of the empty hand
    wins the round."""
    state = scenario({1: "r7", 2: "r4 b4 b5", 3: "b6 b7"}, piles=["r3"], draw=DRAW, seat={1: {"said_uno": True}})
    state = played(state, 1, "r7", target=2)
    state = act(state, Accept(2), EndRound(3))
    assert state.seat(2).points == 6 and state.seat(1).points == 7 and hand(state, 1) == "b4 b5 r4"


def test_winning_several_winners_together():
    """Round won: "If a player or players have won the round, they each subtract 1"."""
    state = scenario({1: "r5", 2: "r4 b4 b5", 3: "r5", 4: "g6"}, piles=["r3"], draw=DRAW,
                     seat={1: {"said_uno": True}, 3: {"said_uno": True}})
    state = played(played(state, 1, "r5"), 3, "r5")
    state = act(state, EndRound(2))
    assert (state.seat(1).points, state.seat(3).points) == (6, 6)
    assert len(state.hand(1)) == len(state.hand(3)) == 6 and state.turn == 4


def test_winning_zero_points_wins_the_game():
    """Round won: a player reaching 0 points is the winner; the game is over."""
    state = act(last_card(points=1), EndRound(2))
    assert state.phase is Phase.OVER and state.winners == (1,) and state.finished
    with pytest.raises(GameOver):
        apply(state, SayUno(2))
    assert legal_moves(state, 2) == []


def test_winning_several_reach_zero_together():
    state = scenario({1: "r5", 2: "r4 b4 b5", 3: "r5", 4: "g6"}, piles=["r3"], draw=DRAW,
                     points={1: 1, 3: 1}, seat={1: {"said_uno": True}, 3: {"said_uno": True}})
    state = act(played(played(state, 1, "r5"), 3, "r5"), EndRound(2))
    assert state.winners == (1, 3)


def test_winning_without_points_the_first_empty_hand_wins_at_once():
    """Rulings (classic preset): no points: the first empty hand wins, scored at once without jump-ins."""
    state = scenario({1: "r5", 2: "r4 b4 b5", 3: "r5 b6 b7"}, piles=["r3"], draw=DRAW, options=CLASSIC,
                     seat={1: {"said_uno": True}})
    state = played(state, 1, "r5")
    assert state.phase is Phase.OVER and state.winners == (1,)


def test_winning_end_round_needs_an_empty_hand():
    state = scenario({1: "r5 r6", 2: "r4"}, piles=["r3"])
    with pytest.raises(GameError) as err:
        apply(state, EndRound(1))
    assert err.value.code == "not_closing"
