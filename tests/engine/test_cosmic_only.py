"""The Cosmic Deck without a score sheet (issue 21; seed 001): players join, rolls count and say what to pay, the
players end each hand, and a /table takes the deck over."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import table as tb
from engine.cosmic import ChomboPenalty
from engine.cosmic_only import (
    COSMIC,
    Chombo,
    DeckOnlyState,
    Dismiss,
    Join,
    Leave,
    NewDeck,
    NextHand,
    Reshuffle,
    Roll,
    apply,
    move_from_dict,
    move_to_dict,
    new_game,
    to_table,
)
from engine.deck import load_shipped, parse_deck
from engine.errors import GameError, IllegalMove, NotSeated

A, B, C, D, E = 1, 2, 3, 4, 5

DECK = parse_deck({"schema": 1, "name": "Test deck", "description": "", "cards": [
    {"id": "mod-a", "name": "Mod A", "type": "modifier", "text": "A."},
    {"id": "mod-b", "name": "Mod B", "type": "modifier", "text": "B."},
    {"id": "sky", "name": "Sky", "type": "modifier", "text": "Aotenjou.", "actions": [{"kind": "aotenjou"}]},
    {"id": "instant", "name": "Instant", "type": "event", "text": "Now.", "lasts": "instant"},
    {"id": "fish", "name": "Fish", "type": "event", "text": "This hand.", "lasts": "hand"},
    {"id": "night", "name": "Night", "type": "event", "text": "Until.", "lasts": "until_dismissed"},
    {"id": "robbery", "name": "Robbery", "type": "event", "text": "Take up to 2000 points from the table.",
     "lasts": "instant", "actions": [{"kind": "take_from_table", "amount": 2000, "up_to": True}]},
    {"id": "tribute", "name": "Tribute", "type": "event", "sanma": "1500 each.", "suuma": "1000 each.",
     "lasts": "instant", "actions": [{"kind": "each_other_pays_you", "amount": 1000, "sanma_amount": 1500}]},
    {"id": "roast", "name": "Roast", "type": "event", "text": "Yakitori pay 1000.", "lasts": "instant",
     "actions": [{"kind": "yakitori_pay_table", "amount": 1000}]},
]})
ALL = {c.id for c in DECK.cards}


def deck_only(players=(A, B, C, D), seats=4, chombo=ChomboPenalty.MANGAN) -> DeckOnlyState:
    state = new_game(players[0], DECK, seed=7, seats=seats, chombo=chombo)
    for p in players[1:]:
        state, _ = apply(state, Join(p))
    return state


def stack(state: DeckOnlyState, *top: str) -> DeckOnlyState:
    rest = tuple(c for c in state.cosmic.library if c not in top)
    return replace(state, cosmic=replace(state.cosmic, library=(*top, *rest)))


def die(state: DeckOnlyState, value: int) -> DeckOnlyState:
    k = state.cosmic.dice_rolled
    while random.Random(f"{state.cosmic.seed}:die:{k}").randint(1, 6) != value:
        k += 1
    return replace(state, cosmic=replace(state.cosmic, dice_rolled=k))


def roll(state, player=A, value=2, top=()):
    return apply(die(stack(state, *top), value), Roll(player))


def cards_everywhere(state) -> list[str]:
    c = state.cosmic
    return [*c.library, *c.discards, *([c.active] if c.active else []), *(e.card for e in c.in_effect)]


def rolls_of(state) -> dict[int, int]:
    return dict(zip(state.players, state.cosmic.rolls, strict=True))


# -- joining ---------------------------------------------------------------------------------------------------------

def test_the_opener_is_seated_and_may_roll_at_once():
    state = new_game(A, DECK, seed=7)
    assert state.players == (A,) and state.cosmic.rolls == (0,) and state.host == A
    assert sorted(state.cosmic.library) == sorted(ALL)
    state, events = roll(state)
    assert events[0]["cost"] == 1000 and rolls_of(state) == {A: 1}


@pytest.mark.parametrize(("seats", "fifth"), [(4, E), (3, D)])
def test_join_up_to_the_game_s_player_count(seats, fifth):
    state = deck_only((A, B, C, D)[:seats], seats=seats)
    assert len(state.players) == seats and state.cosmic.rolls == (0,) * seats
    with pytest.raises(IllegalMove) as full:
        apply(state, Join(fifth))
    assert full.value.code == "deck_full"


def test_join_twice_is_refused():
    with pytest.raises(IllegalMove) as twice:
        apply(deck_only(), Join(B))
    assert twice.value.code == "already_joined"


@pytest.mark.parametrize("seats", [2, 5])
def test_a_mahjong_game_has_three_or_four_players(seats):
    with pytest.raises(IllegalMove) as refused:
        new_game(A, DECK, seed=1, seats=seats)
    assert refused.value.code == "bad_seats" and refused.value.params == {"seats": seats}


def test_leaving_drops_the_player_and_keeps_the_others_counts():
    state, _ = roll(deck_only(), C)
    state, events = apply(state, Leave(B))
    assert state.players == (A, C, D) and rolls_of(state) == {A: 0, C: 1, D: 0}
    assert events == [{"type": "left", "player": B, "players": 3}]


def test_a_player_who_rolled_this_hand_leaves_only_after_it():
    # Drawing Cards: the count is the player's for the whole hand; leaving and joining again must not reset it.
    state, _ = roll(deck_only(), B)
    with pytest.raises(IllegalMove) as refused:
        apply(state, Leave(B))
    assert refused.value.code == "rolled_this_hand" and refused.value.params["count"] == 1
    state, _ = apply(state, NextHand())
    state, _ = apply(state, Leave(B))
    assert B not in state.players


@pytest.mark.parametrize("move", [Roll(E), Leave(E)])
def test_only_joined_players_roll_or_leave(move):
    with pytest.raises(NotSeated) as refused:
        apply(deck_only(), move)
    assert refused.value.code == "not_joined"


# -- Drawing Cards: what to pay --------------------------------------------------------------------------------------

def test_roll_costs_1000_2000_4000_8000_and_nothing_moves_but_the_count():
    state = deck_only()
    costs = []
    for _ in range(4):
        state, events = roll(state)
        costs.append(events[0]["cost"])
    assert costs == [1000, 2000, 4000, 8000] and events[0]["next_cost"] == 16000
    assert rolls_of(state) == {A: 4, B: 0, C: 0, D: 0}


def test_each_player_has_their_own_count():
    state, _ = roll(deck_only(), A)
    state, events = roll(state, B)
    assert events[0]["cost"] == 1000 and rolls_of(state) == {A: 1, B: 1, C: 0, D: 0}


def test_a_roll_no_stick_box_could_pay_is_refused():
    state = deck_only()
    for _ in range(10):  # 1,000 ... 512,000
        state, _ = roll(state)
    with pytest.raises(IllegalMove) as refused:
        roll(state)
    assert refused.value.code == "roll_too_dear" and refused.value.params["cost"] == 1_024_000


@pytest.mark.parametrize(("value", "draws"), [(1, True), (2, False), (3, True), (4, False), (5, True), (6, False)])
def test_odd_draws_a_card_and_even_does_not(value, draws):
    state, events = roll(deck_only(), value=value, top=("instant",))
    assert events[0]["die"] == value
    assert any(e["type"] == "revealed" for e in events) is draws
    assert ("instant" in state.cosmic.library) is not draws


# -- cards that move points: said, not done --------------------------------------------------------------------------

@pytest.mark.parametrize(("card", "seats", "said"), [
    ("robbery", 4, {"type": "take_by_hand", "player": B, "amount": 2000, "up_to": True}),
    ("tribute", 4, {"type": "tribute_by_hand", "to": B, "amount": 1000}),  # Events: "you" is the revealer
    ("tribute", 3, {"type": "tribute_by_hand", "to": B, "amount": 1500}),  # Sanma: ... Suuma: ...
    ("roast", 4, {"type": "yakitori_by_hand", "amount": 1000}),
])
def test_a_card_that_moves_points_says_who_pays_what_and_nothing_is_owed(card, seats, said):
    state, events = roll(deck_only((A, B, C, D)[:seats], seats=seats), B, value=1, top=(card,))
    assert said in events and state.cosmic.owed == ()


# -- Modifiers and the hand's end --------------------------------------------------------------------------------------

def test_next_hand_resets_counts_and_keeps_the_active_modifier():
    # Drawing Cards: "At the end of each hand, all players should reset their counts back to zero."
    # Modifiers: the Active Modifier stays until another is revealed.
    state, _ = roll(deck_only(), A, value=1, top=("mod-a",))
    state, _ = roll(state, B)
    state, events = apply(state, NextHand())
    assert state.cosmic.rolls == (0, 0, 0, 0) and state.cosmic.active == "mod-a" and state.hands == 1
    assert events == [{"type": "next_hand", "hands": 1, "expired": []}]
    _, events = roll(state, A)
    assert events[0]["cost"] == 1000


@pytest.mark.parametrize(("card", "lasts_past_the_hand"), [("fish", False), ("night", True)])
def test_next_hand_ends_this_hand_events_and_keeps_those_until_dismissed(card, lasts_past_the_hand):
    # Events: "follow the event card's effect until it expires"; the deck file says when (docs/rulings.md).
    state, _ = roll(deck_only(), value=1, top=(card,))
    state, events = apply(state, NextHand())
    assert bool(state.cosmic.in_effect) is lasts_past_the_hand
    assert (card in state.cosmic.discards) is not lasts_past_the_hand
    assert events[0]["expired"] == ([] if lasts_past_the_hand else [card])


def test_dismiss_ends_a_lasting_event():
    state, _ = roll(deck_only(), value=1, top=("night",))
    state, events = apply(state, Dismiss("night"))
    assert state.cosmic.in_effect == () and events == [{"type": "dismissed", "card": "night"}]
    with pytest.raises(IllegalMove) as refused:
        apply(state, Dismiss("night"))
    assert refused.value.code == "not_in_effect"


def test_reshuffle_keeps_the_active_modifier():
    state, _ = roll(deck_only(), value=1, top=("mod-a",))
    state, _ = roll(state, value=1, top=("instant",))
    state, _ = apply(state, Reshuffle())
    assert state.cosmic.discards == () and state.cosmic.active == "mod-a" and len(state.cosmic.library) == len(ALL) - 1


def test_a_new_deck_replaces_the_old_and_keeps_the_counts():
    state, _ = roll(deck_only(), value=1, top=("mod-a",))
    state, events = apply(state, NewDeck(load_shipped("cosmic")))
    assert state.cosmic.deck.name != DECK.name and state.cosmic.active is None and rolls_of(state)[A] == 1
    assert events[0]["type"] == "deck_imported"


# -- failing an Event ------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("chombo", "seats", "aotenjou", "penalty"), [
    (ChomboPenalty.MANGAN, 4, False, {"dealer_each": 4000, "to_dealer": 4000, "to_others": 2000}),
    (ChomboPenalty.MANGAN, 3, False, {"dealer_each": 4000, "to_dealer": 4000, "to_others": 2000}),
    (ChomboPenalty.MANGAN, 4, True, {"dealer_each": 7700, "to_dealer": 7700, "to_others": 3900}),
    (ChomboPenalty.NONE, 4, False, None),
])
def test_chombo_is_a_dead_hand_says_the_penalty_and_keeps_counts(chombo, seats, aotenjou, penalty):
    # Events: "Failure to perform an event will result in a dead hand and chombo ... dice counters are not reset."
    state = deck_only((A, B, C, D)[:seats], seats=seats, chombo=chombo)
    state, _ = roll(state, value=1, top=("sky",) if aotenjou else ())
    state, events = apply(state, Chombo(C))
    assert events == [{"type": "chombo", "player": C, "penalty": penalty}]
    assert state.cosmic.dead == (C,) and rolls_of(state)[A] == 1 and state.hands == 0
    with pytest.raises(IllegalMove):
        apply(state, Chombo(C))
    state, _ = apply(state, NextHand())
    assert state.cosmic.dead == ()


def test_chombo_may_fall_on_a_player_who_never_joined():
    state, _ = apply(deck_only((A, B)), Chombo(E))
    assert state.cosmic.dead == (E,)


# -- a table takes the deck over ------------------------------------------------------------------------------------

def test_a_table_takes_the_deck_over_as_it_stands():
    state, _ = roll(deck_only((A, B, C, E)), A, value=1, top=("mod-a",))
    state, _ = roll(state, B, value=1, top=("night",))
    state, _ = roll(state, B)
    state, _ = apply(state, Chombo(C))
    table = to_table(tb.new_game(A, [D, C, B, A]), state)
    deck = table.cosmic
    assert (deck.library, deck.discards, deck.active, deck.in_effect, deck.seed, deck.dice_rolled) == (
        state.cosmic.library, state.cosmic.discards, "mod-a", state.cosmic.in_effect, 7, state.cosmic.dice_rolled)
    assert deck.rolls == (0, 0, 2, 1)  # by player: D never joined, E is not seated
    assert deck.dead == (C,)
    table, events = tb.apply(table, tb.Roll(B))  # the third roll of B this hand, now paid from the score sheet
    assert events[0]["cost"] == 4000 and table.on_table == 4000


def test_a_table_with_a_deck_of_its_own_takes_no_other():
    table, _ = tb.apply(tb.new_game(A, [A, B, C]), tb.CosmicStart(DECK, seed=1))
    with pytest.raises(IllegalMove):
        to_table(table, deck_only())


# -- the log -----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("move", [Join(B), Leave(B), Roll(A), NextHand(), Dismiss("night"), Chombo(C), Reshuffle(),
                                  NewDeck(DECK)])
def test_every_move_round_trips_through_the_log(move):
    assert move_from_dict(json.loads(json.dumps(move_to_dict(move)))) == move


actions = st.lists(st.one_of(st.sampled_from([A, B, C, D, E]).map(Roll), st.sampled_from([B, C, E]).map(Join),
                             st.sampled_from([B, C]).map(Leave), st.just(NextHand()), st.just(Reshuffle()),
                             st.sampled_from(["fish", "night"]).map(Dismiss), st.sampled_from([C, E]).map(Chombo)),
                   max_size=40)


@settings(max_examples=80)
@given(actions)
def test_no_card_is_created_or_lost_counts_follow_players_and_state_round_trips(sequence):
    state = deck_only((A, D))
    for move in sequence:
        try:
            state, _ = apply(state, move)
        except GameError:
            continue
        assert sorted(cards_everywhere(state)) == sorted(ALL)
        assert len(state.cosmic.rolls) == len(state.players) == len(set(state.players)) <= 4
    assert COSMIC.state_from_dict(json.loads(json.dumps(COSMIC.state_to_dict(state)))) == state
