"""Properties. Scoring: a Bonus never lowers a score, a Universal is never worse than leaving it out, the order
of the cards doesn't matter, `combinations=all` >= `best`, a shown Defeat always loses. The game, by random
legal play with 2-5 players and both deck options: no card is created or lost, the state round-trips through
`state_to_dict`/`state_from_dict` and JSON, `view_for` never shows another player's hand or reserve, a refused
move changes nothing, and the same seed and moves replay to the same state."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.errors import GameError
from engine.ginjontan.cards import BONUS, COLOURS, DEFEAT, SYMBOLS, UNIVERSAL, card, card_id, parse_cards
from engine.ginjontan.moves import Call, Evaluate, move_from_dict, move_to_dict
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import apply, legal_moves, new_game, view_for
from engine.ginjontan.scoring import score_hand
from engine.ginjontan.state import GinjontanState, Phase, state_from_dict, state_to_dict
from tests.engine.ginjontan.notation import evaluation_table, names
from tests.engine.ginjontan.reference import reference_score

ALL = GinjontanOptions(combinations="all")
ORDINARY = [s for s in SYMBOLS if not s.special or s.special == "black_hole"]
SCORING = settings(max_examples=150, deadline=None)


def cards_of(symbols, copies: int = 12):
    """Card ids of the given symbols, any colour, copy numbers 1..copies (few enough to make combinations)."""
    return st.builds(card_id, st.sampled_from(symbols), st.sampled_from(COLOURS), st.integers(1, copies))


ordinary_card = cards_of(ORDINARY[:8]) | cards_of(ORDINARY, 33)
hands = st.lists(ordinary_card, max_size=8, unique=True)
universal = cards_of([UNIVERSAL], 33)
bonus = cards_of([BONUS], 33)
mixed_hands = st.lists(ordinary_card | universal | bonus, max_size=8, unique=True)


@SCORING
@given(mixed_hands, bonus)
def test_adding_a_bonus_never_lowers_a_score(hand, extra):
    if extra in hand:
        return
    assert score_hand([*hand, extra]).points >= score_hand(hand).points


@SCORING
@given(mixed_hands, universal)
def test_a_universal_is_never_worse_than_leaving_it_out(hand, extra):
    if extra in hand:
        return
    for options in (None, ALL):
        assert score_hand([*hand, extra], options).points >= score_hand(hand, options).points


@SCORING
@given(st.lists(ordinary_card | universal | bonus, max_size=9, unique=True), st.randoms(use_true_random=False))
def test_score_is_independent_of_card_order(hand, rng):
    shuffled = list(hand)
    rng.shuffle(shuffled)
    assert score_hand(shuffled).points == score_hand(hand).points
    assert score_hand(shuffled, ALL).points == score_hand(hand, ALL).points


@SCORING
@given(st.lists(ordinary_card | universal | bonus, max_size=9, unique=True))
def test_all_combinations_score_at_least_the_best_one(hand):
    best, every = score_hand(hand), score_hand(hand, ALL)
    assert every.points >= best.points >= 0


small_hands = st.lists(cards_of(ORDINARY[:6], 9) | cards_of(ORDINARY, 33) | universal | bonus, max_size=7,
                       unique=True)


@settings(max_examples=120, deadline=None)
@given(small_hands)
def test_score_matches_a_brute_force_reading_of_the_rulings(hand):
    """reference.py tries every subset, every place and colour of each Universal."""
    assume(len([x for x in hand if card(x).special == "universal"]) <= 2)
    assert score_hand(hand).points == reference_score(hand)


@settings(max_examples=40, deadline=None)
@given(small_hands)
def test_combinations_all_matches_a_brute_force_reading_of_the_rulings(hand):
    assume(len([x for x in hand if card(x).special == "universal"]) <= 2)
    assert score_hand(hand, ALL).points == reference_score(hand, every=True)


@settings(max_examples=25, deadline=None)
@given(hands, st.sampled_from(COLOURS), st.integers(1, 33), st.integers(-10**6, 10**6), st.integers(0, 10**6))
def test_defeat_always_loses(hand, colour, copy, start, gained):
    """Defeat: a shown hand holding it gets "defeat"; the round's points are void, whatever the hand scores."""
    defeat = card_id(DEFEAT, colour, copy)
    other = parse_cards("w1fire w3fire")
    assume(not set(other) & set(hand))
    seats = {1: {"hand": names([*hand, defeat]), "reserve": "", "points": start + gained, "round_start": start},
             2: {"hand": "w1fire w3fire", "reserve": "", "points": 0}}
    state = evaluation_table(seats, options=GinjontanOptions(rounds=1))
    state, _ = apply(state, Evaluate(1))
    assert state.seat(1).result == "defeat" and state.seat(1).hand_points == 0
    state, _ = apply(state, Evaluate(2))
    assert state.finished and state.seat(1).points == start
    assert state.seat(2).points == score_hand(state.seat(2).hand).points  # the only hand ranked


# -- random legal play -----------------------------------------------------------------------------------------------

def choose(state: GinjontanState, rng: random.Random, everyone: bool = False):
    """A legal move of someone the game waits for. Every move listed for that player is accepted, and with
    `everyone` every move listed for every player (issue 15: what legal_moves offers, apply accepts)."""
    player, _ = rng.choice(state.waiting)
    for someone in state.players if everyone else (player,):
        for listed in legal_moves(state, someone):
            apply(state, listed)
    moves = legal_moves(state, player)
    assert moves, f"{player} is waited for but has no legal move"
    calls = [m for m in moves if isinstance(m, Call)]
    if calls and rng.random() < 0.7:  # or the combination round may go on for ever
        return calls[0]
    return rng.choice(moves)


def check(state: GinjontanState, cards: Counter) -> None:
    assert Counter(state.all_cards()) == cards, "a card was created or lost"
    data = state_to_dict(state)
    assert state_from_dict(data) == state
    assert state_from_dict(json.loads(json.dumps(data))) == state
    for viewer in state.players:
        view = view_for(state, viewer)
        json.dumps(view)
        for seat in view["seats"]:
            real = state.seat(seat["player"])
            if seat["player"] == viewer:
                assert seat["hand"] == list(real.hand) and seat["reserve"] == list(real.reserve)
                continue
            assert seat["hand"] == len(real.hand) and seat["reserve"] == len(real.reserve)
            assert seat["active"] == len(real.active)
            assert ("shown" in seat) == (real.result in ("shown", "defeat"))


def check_refusal(state: GinjontanState, rng: random.Random) -> None:
    """A player the game doesn't wait for can't call: refused with a code, and nothing changes."""
    idle = [p for p in state.players if not state.tasks(p)]
    if not idle:
        return
    snapshot = state_to_dict(state)
    try:
        apply(state, Call(rng.choice(idle)))
    except GameError as err:
        assert err.code in ("not_your_turn", "game_over")
    else:
        raise AssertionError("an idle player's call was accepted")
    assert state_to_dict(state) == snapshot


@settings(max_examples=8, deadline=None)
@given(st.integers(2, 5), st.sampled_from(["common", "personal"]), st.sampled_from(["every", "once"]),
       st.integers(0, 2**32), st.integers(0, 2**32))
def test_random_legal_play(players, deck, duels, seed, choices):
    options = GinjontanOptions(deck=deck, duels=duels, rounds=3, black_hole="both" if seed % 2 else "opponent",
                               winners_to="reserve" if seed % 3 else "deck")
    rng = random.Random(choices)
    start = new_game(options, list(range(1, players + 1)), seed)
    state, cards, moves = start, Counter(start.all_cards()), []
    check(state, cards)
    phases = {state.phase}
    for _ in range(300):
        if state.finished:
            break
        assert state.waiting, "nobody to move in an unfinished game"
        move = choose(state, rng, everyone=len(moves) % 5 == 0)
        assert move_from_dict(json.loads(json.dumps(move_to_dict(move)))) == move
        state, events = apply(state, move)
        json.dumps(events)
        moves.append(move)
        check(state, cards)
        if len(moves) % 10 == 0:
            check_refusal(state, rng)
        phases.add(state.phase)
    assert Phase.DUEL in phases
    replay = new_game(options, list(range(1, players + 1)), seed)
    for move in moves:
        replay, _ = apply(replay, move)
    assert replay == state
    assert all(card(c) for c in state.all_cards())
