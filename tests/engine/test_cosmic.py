"""The Cosmic Deck (seed 001) on the table: paid rolls, draws, Modifiers, Events, refills, chombo."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cosmic import ChomboPenalty
from engine.deck import parse_deck
from engine.errors import GameError, IllegalMove
from engine.table import (
    Chombo,
    CosmicStart,
    Dismiss,
    Draw,
    HandValue,
    Reshuffle,
    Riichi,
    Roll,
    Ron,
    SetPoints,
    TableState,
    Tsumo,
    Win,
    apply,
    new_game,
)

A, B, C, D = 1, 2, 3, 4

DECK = parse_deck({"schema": 1, "name": "Test deck", "description": "", "cards": [
    {"id": "mod-a", "name": "Mod A", "type": "modifier", "text": "A.", "on_reveal": "everyone claps."},
    {"id": "mod-b", "name": "Mod B", "type": "modifier", "text": "B."},
    {"id": "sky", "name": "Sky", "type": "modifier", "text": "Aotenjou.", "actions": [{"kind": "aotenjou"}]},
    {"id": "instant", "name": "Instant", "type": "event", "text": "Now.", "lasts": "instant"},
    {"id": "fish", "name": "Fish", "type": "event", "text": "This hand.", "lasts": "hand"},
    {"id": "night", "name": "Night", "type": "event", "text": "Until.", "lasts": "until_dismissed"},
    {"id": "robbery", "name": "Robbery", "type": "event", "text": "Take up to 2000 points from the table.",
     "lasts": "instant", "actions": [{"kind": "take_from_table", "amount": 2000, "up_to": True}]},
    {"id": "split", "name": "Split", "type": "event", "text": "Both:", "sanma": "three.", "suuma": "four.",
     "lasts": "instant"},
]})
ALL = {c.id for c in DECK.cards}


def table(players=(A, B, C, D), chombo=ChomboPenalty.MANGAN) -> TableState:
    state, _ = apply(new_game(A, list(players)), CosmicStart(DECK, seed=7, chombo=chombo))
    return state


def stack(state: TableState, *top: str) -> TableState:
    """Put these cards on top of the Library, in this order."""
    rest = tuple(c for c in state.cosmic.library if c not in top)
    return replace(state, cosmic=replace(state.cosmic, library=(*top, *rest)))


def die(state: TableState, value: int) -> TableState:
    """Make the next die show `value` (the die comes from the state's seed and counter)."""
    k = state.cosmic.dice_rolled
    while random.Random(f"{state.cosmic.seed}:die:{k}").randint(1, 6) != value:
        k += 1
    return replace(state, cosmic=replace(state.cosmic, dice_rolled=k))


def roll(state, player=A, value=2, top=()):
    return apply(die(stack(state, *top), value), Roll(player))


def cards_everywhere(state) -> list[str]:
    c = state.cosmic
    return [*c.library, *c.discards, *([c.active] if c.active else []), *(e.card for e in c.in_effect)]


# -- Drawing Cards --------------------------------------------------------------------------------------------

def test_start_shuffles_the_library_and_discards_and_modifier_start_empty():
    c = table().cosmic
    assert sorted(c.library) == sorted(ALL) and c.discards == () and c.active is None


def test_roll_costs_1000_2000_4000_8000_onto_the_table():
    state = table()
    paid = []
    for _ in range(4):
        before = state.seat(A).points
        state, events = roll(state)
        paid.append(before - state.seat(A).points)
        assert events[0]["type"] == "roll"
    assert paid == [1000, 2000, 4000, 8000] and state.on_table == 15000
    assert state.cosmic.rolls == (4, 0, 0, 0)


def test_each_player_has_their_own_count():
    state, _ = roll(table(), A)
    state, events = roll(state, B)
    assert events[0]["cost"] == 1000 and state.cosmic.rolls == (1, 1, 0, 0)


@pytest.mark.parametrize("end", [Draw(()), Ron(loser=C, wins=(Win(B, HandValue(1, 30)),)),
                                 Tsumo(Win(B, HandValue(1, 30)))])
def test_counts_reset_to_zero_at_the_end_of_each_hand(end):
    state, _ = roll(table())
    state, _ = roll(state)
    state, _ = apply(state, end)
    assert state.cosmic.rolls == (0, 0, 0, 0)
    _, events = roll(state)
    assert events[0]["cost"] == 1000


def test_not_enough_points_may_not_roll_and_is_told_cost_and_points():
    state = apply(table(), SetPoints(A, 1500))[0]
    state, _ = roll(state)  # 1000: fine, 500 left
    with pytest.raises(IllegalMove) as refused:
        roll(state)
    assert "costs 2,000" in refused.value.message and "500 points" in refused.value.message


@pytest.mark.parametrize(("value", "draws"), [(1, True), (2, False), (3, True), (4, False), (5, True), (6, False)])
def test_odd_draws_a_card_and_even_does_not(value, draws):
    state, events = roll(table(), value=value, top=("instant",))
    assert events[0]["die"] == value
    assert any(e["type"] == "revealed" for e in events) is draws
    assert ("instant" in state.cosmic.library) is not draws


# -- Modifiers ------------------------------------------------------------------------------------------------

def test_first_modifier_becomes_active():
    state, events = roll(table(), value=1, top=("mod-a",))
    assert state.cosmic.active == "mod-a" and state.cosmic.active_revealer == A
    assert {"type": "revealed", "card": "mod-a", "revealer": A} in events


def test_only_one_modifier_is_active_the_old_one_is_discarded():
    state, _ = roll(table(), value=1, top=("mod-a",))
    state, events = roll(state, B, value=1, top=("mod-b",))
    assert state.cosmic.active == "mod-b" and state.cosmic.discards == ("mod-a",)
    assert events[-1]["replaced"] == "mod-a"


def test_the_when_revealed_part_is_on_the_card():
    assert DECK.card("mod-a").on_reveal == "everyone claps."


def test_an_aotenjou_modifier_switches_scoring_to_aotenjou_while_active():
    state, _ = roll(table(), value=1, top=("sky",))
    state, _ = apply(state, Ron(loser=C, wins=(Win(B, HandValue(5, 30)),)))
    assert state.seat(B).points == 25000 + 15400 + 1000  # no mangan limit (30 x 2^7 x 4), plus the roll on the table


# -- Events ---------------------------------------------------------------------------------------------------

def test_an_instant_event_takes_effect_and_is_discarded():
    state, _ = roll(table(), value=1, top=("instant",))
    assert state.cosmic.discards == ("instant",) and state.cosmic.in_effect == ()


def test_you_means_the_revealer_riichi_robbery_takes_up_to_2000():
    state = apply(table(), Riichi(C))[0]
    state, events = roll(state, B, value=1, top=("robbery",))  # table: 1000 riichi + 1000 roll
    assert state.seat(B).points == 25000 - 1000 + 2000 and state.on_table == 0
    assert {"type": "take", "player": B, "amount": 2000, "on_table": 0} in events


def test_up_to_takes_what_is_there_when_less():
    state, _ = roll(table(), B, value=1, top=("robbery",))  # only B's own 1000 on the table
    assert state.seat(B).points == 25000 and state.on_table == 0


def test_a_lingering_event_stays_in_effect_until_the_hand_ends():
    state, _ = roll(table(), value=1, top=("fish",))
    assert [e.card for e in state.cosmic.in_effect] == ["fish"]
    state, events = apply(state, Draw(()))
    assert state.cosmic.in_effect == () and "fish" in state.cosmic.discards
    assert {"type": "rolls_reset", "expired": ["fish"]} in events


def test_an_until_dismissed_event_outlives_the_hand_until_dismissed():
    state, _ = roll(table(), value=1, top=("night",))
    state, _ = apply(state, Draw(()))
    assert [e.card for e in state.cosmic.in_effect] == ["night"]
    state, _ = apply(state, Dismiss("night"))
    assert state.cosmic.in_effect == () and state.cosmic.discards[-1] == "night"
    with pytest.raises(IllegalMove, match="not in effect"):
        apply(state, Dismiss("night"))


@pytest.mark.parametrize(("players", "shown"), [((A, B, C), "Both: three."), ((A, B, C, D), "Both: four.")])
def test_sanma_suuma_only_the_text_for_the_player_count(players, shown):
    assert DECK.card("split").text_for(sanma=len(players) == 3) == shown


# -- the Library ----------------------------------------------------------------------------------------------

def test_an_empty_library_is_refilled_from_discards_never_the_active_modifier():
    state = table()
    c = state.cosmic
    state = replace(state, cosmic=replace(c, library=(), discards=("instant", "mod-b"), active="mod-a"))
    state, events = roll(state, value=1)
    assert {"type": "refilled", "cards": 2} in events
    assert "mod-a" not in state.cosmic.library and state.cosmic.active in ("mod-a", "mod-b")
    assert sorted(cards_everywhere(state)) == ["instant", "mod-a", "mod-b"]


def test_with_no_card_left_anywhere_a_draw_reveals_nothing():
    state = table()
    state = replace(state, cosmic=replace(state.cosmic, library=(), discards=(), active="mod-a"))
    _, events = roll(state, value=1)
    assert {"type": "library_empty"} in events


def test_reshuffle_puts_discards_back_but_keeps_the_active_modifier():
    state, _ = roll(table(), value=1, top=("mod-a",))
    state, _ = roll(state, value=1, top=("instant",))
    state, _ = apply(state, Reshuffle())
    assert state.cosmic.discards == () and len(state.cosmic.library) == len(ALL) - 1
    assert state.cosmic.active == "mod-a"


# -- failing an Event -----------------------------------------------------------------------------------------

def test_chombo_is_a_dead_hand_and_leaves_roll_counts_and_the_hand_alone():
    state, _ = roll(table())
    state, events = apply(state, Chombo(C))
    assert state.cosmic.rolls == (1, 0, 0, 0) and state.hands_played == 0 and state.cosmic.dead == (C,)
    assert events == [{"type": "chombo", "player": C, "paid": 8000}]
    assert [s.points for s in state.seats] == [24000 + 4000, 27000, 17000, 27000]  # mangan: 4000 dealer, 2000 others


def test_chombo_penalty_none_only_records_it():
    state, _ = apply(table(chombo=ChomboPenalty.NONE), Chombo(C))
    assert [s.points for s in state.seats] == [25000] * 4 and state.cosmic.dead == (C,)


def test_cosmic_commands_need_a_started_deck():
    with pytest.raises(IllegalMove, match="no Cosmic Deck"):
        apply(new_game(A, [A, B, C, D]), Roll(A))


def test_the_same_seed_replays_the_same_game():
    def play():
        state = table()
        outcomes = []
        for player in (A, B, C, A, B):
            state, events = apply(state, Roll(player))
            outcomes.append(json.dumps(events))
        return outcomes, state
    assert play() == play()


actions = st.lists(st.one_of(st.sampled_from([A, B, C, D]).map(Roll), st.just(Draw(())), st.just(Reshuffle()),
                             st.sampled_from(["fish", "night"]).map(Dismiss)), max_size=40)


@settings(max_examples=80)
@given(actions)
def test_no_card_is_created_or_lost_no_point_either_and_state_round_trips(sequence):
    state = table()
    for move in sequence:
        try:
            state, _ = apply(state, move)
        except GameError:  # a refused move (an illegal one, or any move once the game is over) changes nothing
            continue
        assert sorted(cards_everywhere(state)) == sorted(ALL)
        assert sum(s.points for s in state.seats) + state.on_table == 100000
    assert TableState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
