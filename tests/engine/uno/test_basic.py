"""Seed 003, "Basic rules": the deal, the flipped card as the dealer's play, matching, drawing."""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from engine.errors import IllegalMove, NotYourTurn
from engine.uno.cards import CARDS, DECK_SIZE, Colour
from engine.uno.moves import Draw, Join, Pass, Play, Start
from engine.uno.options import CHAOS, CLASSIC
from engine.uno.rules import apply, legal_moves, new_game, new_lobby
from engine.uno.state import Phase, PromptKind
from tests.engine.uno.notation import act, assert_cards, hand, play, played, scenario, stack, stacks, top

P = (1, 2, 3, 4)


@cache
def deal_flipping(rank: str, players: tuple[int, ...] = P, options=CHAOS):
    """A fresh game whose first flipped card has this rank (searching seeds)."""
    for seed in range(5000):
        state = new_game(options, players, seed)
        if CARDS[state.piles[0].cards[0]].rank == rank:
            return state
    raise AssertionError(f"no seed flips a {rank}")


def test_basic_rules_every_player_begins_with_7_cards_the_rest_is_the_draw_pile():
    """Basic rules: every player begins with 7 cards; all other cards are the draw pile (one flipped)."""
    state = new_game(CHAOS, P, seed=1)
    assert state.phase is Phase.PLAY
    assert all(len(s.hand) == 7 for s in state.seats)
    assert_cards(state)
    flipped = sum(len(p.cards) for p in state.piles)
    assert len(state.draw_pile) == DECK_SIZE - 4 * 7 - flipped


def test_basic_rules_lobby_start_deals():
    """Basic rules: the host starts a lobby game; the deal happens then."""
    state = new_lobby(1, CHAOS, seed=5)
    state, _ = apply(state, Join(2))
    state, _ = apply(state, Join(3))
    state, events = apply(state, Start(1))
    assert state.phase is Phase.PLAY and state.players == (1, 2, 3)
    assert all(len(s.hand) == 7 and s.points == 7 for s in state.seats)
    assert any(e["type"] == "started" for e in events)


def test_basic_rules_flipped_number_first_seat_plays():
    """Basic rules: a flipped number card has no effect; the first seat (after the dealer) plays first."""
    state = deal_flipping("5")
    assert state.turn == 1 and state.direction == 1 and not state.pending


def test_basic_rules_flipped_skip_skips_the_first_seat():
    """Basic rules: the flipped card's effect is the dealer's (the last seat): a Skip skips the first seat."""
    assert deal_flipping("skip").turn == 2


def test_basic_rules_flipped_reverse_the_seat_before_the_dealer_starts():
    """Basic rules: a flipped Reverse turns play round, so the seat before the dealer starts."""
    state = deal_flipping("rev")
    assert state.direction == -1 and state.turn == 3


def test_basic_rules_flipped_reverse_with_two_players_acts_as_skip():
    """Basic rules + rulings (2-player Reverse is a Skip): the dealer plays first."""
    state = deal_flipping("rev", (1, 2))
    assert state.turn == 2


@pytest.mark.parametrize("rank, total", [("+2", 2), ("+4", 4)])
def test_basic_rules_flipped_plus_card_makes_a_live_stack_on_the_first_seat(rank, total):
    """Basic rules / Stacking edge cases ("this includes the very start of the game")."""
    state = deal_flipping(rank)
    assert stacks(state) == [(1, total, 1)] and state.turn == 1
    assert state.piles[0].wild4 is None  # a flipped Wild +4 has no player to challenge


def test_basic_rules_flipped_plus_card_can_be_stacked_at_the_start():
    """Stacking edge cases: a plus card that starts the game can be stacked on (here by the first seat)."""
    state = scenario({1: "g+2 r5", 2: "y1", 3: "y2"}, piles=["b+2"], stacks=[stack(1, 2, 1)])
    state = played(state, 1, "g+2")
    assert stacks(state) == [(1, 4, 2)] and state.turn == 2


def test_basic_rules_flipped_wild_allows_anything_next():
    """Basic rules: if the revealed card is wild, any card may be played next (and it sets the colour)."""
    state = deal_flipping("wild")
    assert state.piles[0].colour is None
    first = state.hand(1)[0]
    state, _ = apply(state, Play(1, first, state.piles[0].id, colour=Colour.RED if CARDS[first].is_wild else None))
    assert state.piles[0].colour is (CARDS[first].colour or Colour.RED)


def test_basic_rules_flipped_seven_asks_the_dealer_for_a_partner():
    """Basic rules + rulings: a flipped 7 asks the dealer (last seat) whom to trade with."""
    state = deal_flipping("7")
    assert state.prompt is not None and state.prompt.player == 4 and state.prompt.kind is PromptKind.PARTNER
    assert legal_moves(state, 1) == []  # nobody else acts until they answer


def test_basic_rules_flipped_zero_starts_a_shift():
    """Basic rules + rulings: a flipped 0 starts a pending one-seat hand shift, by the dealer."""
    state = deal_flipping("0")
    assert state.shift is not None and state.shift.count == 1 and state.shift.by == 4


def test_basic_rules_flipped_two_flips_another_pile():
    """Basic rules + Cards (2): a flipped 2 flips an additional discard pile."""
    state = deal_flipping("2")
    assert len(state.piles) >= 2
    assert_cards(state)


@pytest.mark.parametrize("card, ok", [
    ("r4", True),  # colour
    ("b3", True),  # symbol (number)
    ("b6", False),
    ("w", True),  # wild anywhere
    ("w+4", True),
    ("gskip", False),
])
def test_basic_rules_a_card_must_match_colour_or_symbol_wilds_anywhere(card, ok):
    """Basic rules: match the colour or symbol of the discard pile; wild cards can be played on anything."""
    state = scenario({1: f"{card} y9", 2: "y1", 3: "y2"}, piles=["r3"], turn=1)
    move = play(state, 1, card, colour="g" if card.startswith("w") else None)
    if ok:
        state = act(state, move)
        assert top(state) == card
    else:
        with pytest.raises(IllegalMove) as err:
            apply(state, move)
        assert err.value.code == "no_match"


def test_basic_rules_symbol_match_for_power_cards():
    """Basic rules: a blue skip goes on a red skip (symbol)."""
    state = scenario({1: "bskip y9", 2: "y1", 3: "y2"}, piles=["rskip"], turn=1)
    assert top(played(state, 1, "bskip")) == "bskip"


def test_basic_rules_wild_colour_is_then_the_colour_to_match():
    """Cards (Wild): the next player can only play the chosen colour or another wild."""
    state = scenario({1: "y9", 2: "r3 g3 w", 3: "y2"}, piles=["b3 w=g"], turn=2)
    with pytest.raises(IllegalMove):
        apply(state, play(state, 2, "r3"))
    assert top(played(state, 2, "g3")) == "g3"
    assert top(played(state, 2, "w", colour="y")) == "w"


def test_basic_rules_only_the_turn_player_plays_normally():
    """Basic rules: play proceeds in turn; a non-matching card out of turn is refused as not your turn."""
    state = scenario({1: "r5", 2: "r7", 3: "y2"}, piles=["r3"], turn=1)
    with pytest.raises(NotYourTurn):
        apply(state, play(state, 2, "r7"))


def test_basic_rules_play_initially_proceeds_clockwise():
    """Basic rules: play proceeds clockwise from the first seat."""
    state = scenario({1: "r5 y1", 2: "r4 y2", 3: "r3 y4"}, piles=["r3"])
    state = played(state, 1, "r5")
    assert state.turn == 2
    assert played(state, 2, "r4").turn == 3


def test_basic_rules_draw_until_playable_then_play_that_card():
    """Basic rules: without a playable card you draw until you have one, and must play that card."""
    state = scenario({1: "b5 g9", 2: "y1", 3: "y2"}, piles=["r3"], draw="b1 g2 r8 r9", turn=1)
    state, _ = apply(state, Draw(1))
    assert hand(state, 1) == "b1 b5 g2 g9 r8"
    assert state.drawn is not None and state.drawn.forced and CARDS[state.drawn.card].notation == "r8"
    assert state.turn == 1
    with pytest.raises(IllegalMove) as err:
        apply(state, Pass(1))
    assert err.value.code == "must_play"
    with pytest.raises(IllegalMove) as err:
        apply(state, play(state, 1, "g9"))
    assert err.value.code == "drawn"
    state = played(state, 1, "r8")
    assert state.turn == 2 and state.drawn is None


def test_basic_rules_draw_until_playable_stops_at_a_plus_card_for_a_dead_plus_card():
    """Basic rules: "draw cards from the draw pile until they do [have a card that can be played], and play that
    card". Plus cards all go on a plus card (Stacking), so a drawn +2 on a dead Wild +4 is playable: held in
    hand, it would have made the draw illegal (`can_play`)."""
    holding = scenario({1: "g5 y7 r+2", 2: "y1", 3: "y2"}, piles=["r3 w+4=b"], turn=1)
    with pytest.raises(IllegalMove) as err:
        apply(holding, Draw(1))
    assert err.value.code == "can_play"
    state = scenario({1: "g5 y7", 2: "y1", 3: "y2"}, piles=["r3 w+4=b"], draw="r+2 b1", turn=1)
    state = act(state, Draw(1))
    assert hand(state, 1) == "g5 r+2 y7" and CARDS[state.drawn.card].notation == "r+2"
    assert [m for m in legal_moves(state, 1) if isinstance(m, Play)] == [play(state, 1, "r+2")]
    state = played(state, 1, "r+2")  # drawing set no_jump, but the drawn card must still be played
    assert stacks(state) == [(1, 2, 2)] and state.turn == 2


def test_basic_rules_you_may_only_draw_without_a_playable_card():
    """Basic rules: "if a player does not have a card that can be played" they draw; else they can't."""
    state = scenario({1: "r5", 2: "y1", 3: "y2"}, piles=["r3"], turn=1)
    with pytest.raises(IllegalMove) as err:
        apply(state, Draw(1))
    assert err.value.code == "can_play"
    assert Draw(1) not in legal_moves(state, 1)


def test_basic_rules_classic_draws_one_and_may_keep_a_playable_card():
    """Basic rules (classic preset, rulings): draw one card; if playable, play it or keep it with Pass."""
    state = scenario({1: "b5", 2: "y1", 3: "y2"}, piles=["r3"], draw="r8 r9", turn=1, options=CLASSIC)
    state = act(state, Draw(1))
    assert hand(state, 1) == "b5 r8" and state.drawn is not None and not state.drawn.forced
    assert Pass(1) in legal_moves(state, 1)
    passed = act(state, Pass(1))
    assert passed.turn == 2 and hand(passed, 1) == "b5 r8"
    assert played(state, 1, "r8").turn == 2


def test_basic_rules_classic_unplayable_draw_passes_the_turn():
    """Basic rules (classic): the one drawn card is unplayable: the turn passes."""
    state = scenario({1: "b5", 2: "y1", 3: "y2"}, piles=["r3"], draw="g8 r9", turn=1, options=CLASSIC)
    state = act(state, Draw(1))
    assert hand(state, 1) == "b5 g8" and state.turn == 2 and state.drawn is None


def test_basic_rules_empty_draw_pile_reshuffles_the_discards_under_the_tops():
    """Rulings (draw pile runs out): every pile but its top card is shuffled into a new draw pile."""
    state = scenario({1: "b5", 2: "y1", 3: "y2"}, piles=["g1 g2 g4 r3"], turn=1)
    third = replace(state.seats[2], hand=state.seats[2].hand + state.draw_pile)
    state = replace(state, draw_pile=(), seats=(*state.seats[:2], third))
    state, events = apply(state, Draw(1))
    assert any(e["type"] == "reshuffled" for e in events)
    assert top(state) == "r3" and len(state.piles[0].cards) == 1 and state.reshuffles == 1
    assert hand(state, 1) == "b5 g1 g2 g4" and state.drawn is None and state.turn == 2  # nothing playable
    assert_cards(state)
