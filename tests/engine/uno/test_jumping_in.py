"""Seed 003, "Jumping in" and its edge cases."""

from __future__ import annotations

import pytest

from engine.errors import GameError
from engine.uno.moves import Accept, Callout, Draw, SayUno, TimeOut
from engine.uno.options import CLASSIC
from engine.uno.rules import apply
from tests.engine.uno.notation import act, hand, play, played, scenario, stack, stacks, top, trades

FOUR = (1, 2, 3, 4)


@pytest.mark.parametrize("card, on, ok", [
    ("r5", "r5", True),  # the same number and colour
    ("g5", "r5", False),  # a number needs the colour too
    ("r4", "r5", False),
    ("r6", "r9", True),  # 6 and 9 are the same card
    ("y9", "r9", False),
    ("yskip", "bskip", True),  # power cards: only the symbol
    ("grev", "rrev", True),
    ("bskip", "brev", False),
    ("g0", "r0", True),  # 0, 1, 2, 7 and 8 are power cards
    ("g1", "r1", True),
    ("g8", "b8", True),
    ("w", "w=r", True),
    ("y+2", "w+4=r", True),  # plus cards are all the same (Stacking)
    ("w+4", "b+2", True),
])
def test_jumping_in_match(card, on, ok):
    """Jumping in: a number needs the same number and colour; power cards only the same symbol."""
    state = scenario({1: "y3 y4", 2: "b3 b4", 3: f"{card} g4"}, piles=[on], turn=1)
    move = play(state, 3, card, colour="g" if card.startswith("w") else None)
    if ok:
        state = act(state, move)
        assert top(state) == card.split("=")[0]
    else:
        with pytest.raises(GameError) as err:
            apply(state, move)
        assert err.value.code == "not_turn"


def test_jumping_in_play_proceeds_after_the_jumper():
    """Jumping in: play proceeds as if it was their turn; the player after them plays next."""
    state = scenario({1: "r5 y4", 2: "b3 b4", 3: "r5 g4", 4: "g1 g2"}, piles=["r3"])
    state = played(state, 1, "r5")
    assert state.turn == 2
    state = played(state, 3, "r5")
    assert state.turn == 4


def test_jumping_in_with_a_skip_skips_the_player_after_the_jumper():
    """Jumping in: the jumper's card takes effect as theirs (even the skipped player may jump in)."""
    state = scenario({1: "rskip y4", 2: "gskip b4", 3: "g3 g4", 4: "g1 g2"}, piles=["r3"])
    state = played(state, 1, "rskip")
    assert state.turn == 3
    state = played(state, 2, "gskip")
    assert state.turn == 4


def test_jumping_in_off_in_classic():
    state = scenario({1: "r5 y4", 2: "b3 b4", 3: "r5 g4"}, piles=["r3"], options=CLASSIC)
    state = played(state, 1, "r5")
    with pytest.raises(GameError):
        apply(state, play(state, 3, "r5"))


def test_jumping_in_stacked_sevens_cancel_the_old_trade():
    """Jumping in, edge cases: stacking 7's: the old trade is cancelled; the new 7's player trades."""
    state = scenario({1: "r7 y4 y5", 2: "b3 b4", 3: "g7 g4", 4: "g1 g2"}, piles=["r3"])
    state = played(state, 1, "r7", target=2)
    assert trades(state) == [(1, 2)]
    state = played(state, 3, "g7", target=4)
    assert trades(state) == [(3, 4)] and state.turn == 4


def test_jumping_in_independent_trade_on_another_pile():
    """Jumping in, edge cases: a not involved player jumps in on a 7 on another pile: an independent trade."""
    state = scenario({1: "r7 y4 y5", 2: "b3 b4", 3: "g7 g4", 4: "g1 g2 g5"}, piles=["r3", "b7"])
    state = played(state, 1, "r7", target=2)
    state = played(state, 3, "g7", pile=2, target=4)
    assert trades(state) == [(1, 2), (3, 4)]
    state = act(state, Accept(4))
    assert trades(state) == [(1, 2)] and hand(state, 3) == "g1 g2 g5" and hand(state, 4) == "g4"


def test_jumping_in_a_new_trade_targeting_someone_in_a_trade_cancels_the_old_one():
    """Jumping in, edge cases: "If a new trade targets a player already involved in a trade, the old trade is
    canceled by the new one"."""
    state = scenario({1: "r7 y4 y5", 2: "b3 b4", 3: "g7 g4", 4: "g1 g2 g5"}, piles=["r3", "b7"])
    state = played(state, 1, "r7", target=2)
    state = played(state, 3, "g7", pile=2, target=1)
    assert trades(state) == [(3, 1)]


def test_jumping_in_while_someone_draws_releases_them():
    """Jumping in, edge cases: a jump-in while the turn player draws: they keep what they drew, but need not
    play it (or draw more)."""
    state = scenario({1: "b5 g9", 2: "r8 y1", 3: "y2 y3"}, piles=["r8"], draw="b1 r4", turn=1)
    state = act(state, Draw(1))
    assert state.drawn is not None and hand(state, 1) == "b1 b5 g9 r4"
    state = played(state, 2, "r8")  # jump in
    assert state.drawn is None and state.turn == 3 and hand(state, 1) == "b1 b5 g9 r4"


def test_jumping_in_not_after_being_forced_to_pick_up_until_someone_else_plays():
    """Jumping in, edge cases: "If you are forced to pick up cards, you cannot jump in until someone else plays
    a card"."""
    state = scenario({1: "r+2 y9", 2: "b3 y+2 r4", 3: "r4 y3", 4: "g1"}, piles=["r3"], draw="g5 g6")
    state = played(state, 1, "r+2")
    state = act(state, Draw(2))
    assert state.seat(2).no_jump and state.turn == 3
    with pytest.raises(GameError) as err:
        apply(state, play(state, 2, "y+2"))  # a plus card would jump in on the dead +2
    assert err.value.code == "no_jump"
    state = played(state, 3, "r4")
    assert not state.seat(2).no_jump
    assert top(played(state, 2, "r4")) == "r4"


def test_jumping_in_not_after_drawing_on_your_turn_until_someone_else_plays():
    """Jumping in, edge cases: drawing on your turn is being forced to pick up too (rulings)."""
    state = scenario({1: "b5 g9", 2: "r5 y6", 3: "y2 r7", 4: "g1"}, piles=["r8"], draw="r3 r7", turn=1)
    state = act(state, Draw(1))
    state = played(state, 1, "r3")
    assert state.seat(1).no_jump  # their own card does not count
    state = played(state, 2, "r5")
    assert not state.seat(1).no_jump


@pytest.mark.parametrize("said, loser, skip", [(False, 1, "rskip"), (True, 4, "yskip")])
def test_jumping_in_not_after_drawing_a_call_out_penalty(said, loser, skip):
    """Jumping in, edge cases: "If you are forced to pick up cards, you cannot jump in until someone else plays
    a card": nor after picking up a call-out's penalty (The "Uno" rule), caught or calling falsely."""
    state = scenario({1: "r5 r6", 2: "r4 b4", 3: "r8 b7", 4: "yskip g7"}, piles=["r3", "bskip"],
                     draw="rskip y2 y3 y4 y5 y6 y7 y8")
    if said:
        state = act(state, SayUno(1))
    state = act(played(played(state, 1, "r5"), 2, "r4"), Callout(4, 1))
    assert skip in hand(state, loser).split() and state.seat(loser).no_jump
    with pytest.raises(GameError) as err:
        apply(state, play(state, loser, skip, 2))  # a Skip jumps in on a Skip
    assert err.value.code == "no_jump"
    state = played(state, 3, "r8")
    assert top(played(state, loser, skip, 2), 2) == skip


def test_jumping_in_not_after_the_turn_timer_draws_for_you():
    """Jumping in, edge cases: the turn timer's draw is a forced pick-up too."""
    state = scenario({1: "b5 g9", 2: "r4 y1", 3: "y2 r7"}, piles=["r8", "gskip"], draw="yskip r3", turn=1)
    state = act(state, TimeOut())
    assert hand(state, 1) == "b5 g9 yskip" and state.seat(1).no_jump and state.turn == 2
    with pytest.raises(GameError) as err:
        apply(state, play(state, 1, "yskip", 2))
    assert err.value.code == "no_jump"


def test_jumping_in_facing_a_stack_only_deflections_elsewhere():
    """Rulings (Jumping in): a player facing a stack jumps in elsewhere only with a card that deflects it."""
    state = scenario({1: "y9", 2: "b5 r4 rskip", 3: "y3"}, piles=["r+2", "b5", "r4"], stacks=[stack(1, 2, 2)],
                     turn=2)
    with pytest.raises(GameError) as err:
        apply(state, play(state, 2, "b5", pile=2))
    assert err.value.code == "facing"
    with pytest.raises(GameError):
        apply(state, play(state, 2, "r4", pile=3))
    assert stacks(played(state, 2, "rskip", pile=1)) == [(1, 2, 3)]


def test_jumping_in_a_seven_on_a_seven_after_the_trade_still_trades():
    """Jumping in, edge cases: stacking 7's: "Then either way the player to play the new 7 gets to trade"."""
    state = scenario({1: "r7 y4 y5", 2: "b3 b4", 3: "g7 g4", 4: "g1 g2"}, piles=["r3"])
    state = act(played(state, 1, "r7", target=2), Accept(2))
    assert not trades(state) and hand(state, 1) == "b3 b4"
    state = played(state, 3, "g7", target=1)
    assert trades(state) == [(3, 1)]
