"""Absent players (issue 17): leaving or being removed after the start, and the turn timer's default moves.
Seed 004's steps with the rulings of docs/rulings.md, Gin-jon-tan: "Leaving" and "Turn timer"."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ginjontan.cards import card
from engine.ginjontan.moves import AskCards, Call, Evaluate, Leave, Swap, TimeOut, move_from_dict, move_to_dict
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import GINJONTAN, apply, legal_moves, new_game, new_lobby
from engine.ginjontan.scoring import score_hand
from engine.ginjontan.state import GinjontanState, Phase, state_from_dict, state_to_dict
from engine.timer import MAX_TIMER, MIN_TIMER
from tests.engine.ginjontan.notation import (
    c,
    cards,
    combination_table,
    duel_table,
    evaluation_table,
    hand,
    names,
    refused,
    reserve,
    run,
    run_events,
    table,
)

COMMON = GinjontanOptions()
THREE_WAY = ((1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2))  # 3.6, 3.7 with duels=every


def held(state: GinjontanState, player: int) -> list[int]:
    s = state.seat(player)
    return [*s.hand, *s.reserve, *s.active, *s.unfolded]


def lowest(text: str, count: int) -> str:
    """The `count` lowest-valued cards of `text`, by the card values of "Point evaluation"."""
    return names(sorted(cards(text), key=lambda x: card(x).value)[:count])


# -- leaving after the start (rulings, "Leaving") ---------------------------------------------------------------------

def test_3_3_a_player_leaving_mid_duel_their_cards_go_under_the_deck_and_the_duel_ends_unused():
    seats = {1: {"hand": "w1fire w2fire w3fire w4fire w5fire w6fire", "reserve": "w1moon", "unfolded": "r5sun"},
             2: {"hand": "w1air w2air", "reserve": "w1path w2path", "unfolded": "g3love w9earth"},
             3: {"hand": "w1night w2night w3night", "reserve": "w3path"}}
    state = duel_table(seats, schedule=THREE_WAY)
    leaver = held(state, 2)
    after, events = run_events(state, Leave(2))
    assert after.players == (1, 3) and after.order == (1, 3)
    assert after.deck.cards()[-len(leaver):] == tuple(leaver)  # under the common deck (3.3: "go to deck")
    assert reserve(after, 1) == names(cards("w1moon r5sun"))  # unfolded but never used: to the reserve (3.3)
    assert after.schedule == tuple(d for d in THREE_WAY if 2 not in d)
    assert after.duel is None and after.waiting == ((1, "aside"),)  # player 1 still duels player 3 (3.5)
    assert {"type": "left", "player": 2, "cards": len(leaver), "started": True} in events
    after = run(after, TimeOut())  # the game goes on: the next duel is 1 against 3 (3.6)
    assert after.duel is not None and (after.duel.active, after.duel.opponent) == (1, 3)


def test_3_6_a_player_leaving_between_duels_drops_only_the_duels_with_them():
    seats = {1: {"hand": "w1fire w2fire w3fire w4fire", "unfolded": "r5sun"},
             2: {"hand": "w1air w2air w3air w4air", "unfolded": "g3love"},
             3: {"hand": "w1night w2night w3night", "active": "w4night w5night w6night"}}
    state = duel_table(seats, schedule=THREE_WAY)
    after = run(state, Leave(3))
    assert after.schedule == ((1, 2), (2, 1))
    assert after.duel is not None and after.duel_index == 0 and after.waiting == ((1, "act"),)


@pytest.mark.parametrize(("leaver", "calls", "next_up"), [
    (2, 1, 3),  # the turn player leaves: the turn passes to the next in the order (6.1)
    (3, 1, 2),  # another player leaves: the turn stays
    (1, 0, 2),  # a player who said "Gin jon tan!" leaves: their call no longer counts (6.2)
])
def test_6_2_a_player_leaving_the_combination_round(leaver, calls, next_up):
    seats = {p: {"hand": f"w1{s} w2{s} w3{s}"} for p, s in ((1, "fire"), (2, "air"), (3, "night"))}
    state = combination_table(seats, waiting=((2, "turn"),), turn=1, calls_in_row=1)
    after = run(state, Leave(leaver))
    assert after.calls_in_row == calls and after.waiting == ((next_up, "turn"),)
    remaining = len(after.players)
    for _ in range(remaining - calls):  # as many calls in a row as there are players left end the round (6.2)
        assert after.phase is Phase.COMBINATION
        after = run(after, Call(after.waiting[0][0]))
    assert after.phase is Phase.EVALUATION


def test_6_1c_the_asked_player_leaves_the_asker_gets_their_cards_back_and_moves_again():
    seats = {1: {"hand": "w1fire w2fire w3fire"}, 2: {"hand": "w1air w2air"}, 3: {"hand": "w1night"}}
    state = run(combination_table(seats), AskCards(1, 2, "hand", (c("w1fire"),)))
    after = run(state, Leave(2))
    assert after.ask is None and hand(after, 1) == names(cards("w1fire w2fire w3fire"))
    assert after.waiting == ((1, "turn"),)


def test_6_1c_the_asker_leaves_their_cards_go_under_the_deck_and_the_turn_passes_on():
    seats = {1: {"hand": "w1fire w2fire w3fire"}, 2: {"hand": "w1air w2air"}, 3: {"hand": "w1night"}}
    state = run(combination_table(seats), AskCards(1, 2, "hand", (c("w1fire"),)))
    after = run(state, Leave(1))
    assert after.ask is None and after.waiting == ((2, "turn"),)
    assert c("w1fire") in after.deck.cards()[-3:] and hand(after, 2) == names(cards("w1air w2air"))


def test_7b_a_player_leaving_before_showing_is_not_ranked():
    seats = {1: {"hand": "w1sun w2sun", "points": 10}, 2: {"hand": "w1moon w5moon w9moon"},
             3: {"hand": "w1fire w3fire"}}
    state = run(evaluation_table(seats, options=GinjontanOptions(rounds=1)), Evaluate(1))
    after = run(state, Leave(2))  # 2 was to show next: 3 shows now
    assert after.waiting == ((3, "reveal"),)
    after = run(after, Evaluate(3))
    first, second = sorted(((1, hand_score("w1sun w2sun")), (3, hand_score("w1fire w3fire"))), key=lambda x: -x[1])
    assert after.finished
    assert after.seat(first[0]).points == (10 if first[0] == 1 else 0) + first[1]
    assert after.seat(second[0]).points == (10 if second[0] == 1 else 0) - second[1]
    assert {p for p, _, _ in GINJONTAN.results(after)} == {1, 3}


def hand_score(text: str) -> int:
    return score_hand(cards(text)).points


@pytest.mark.parametrize("phase", [Phase.SWAP, Phase.COMBINATION])
def test_too_few_players_left_the_game_ends_with_the_one_left_first(phase):
    """"Game is intended for three or more players, but there is possibility to play it in pair": under two, over."""
    state = new_game(COMMON, [1, 2], seed=5)
    if phase is Phase.COMBINATION:
        state = combination_table({1: {"hand": "w1fire", "points": -40}, 2: {"hand": "w1air", "points": 99}})
    after, events = run_events(state, Leave(2))
    assert after.finished and after.waiting == ()
    assert GINJONTAN.results(after) == [(1, 1, state.seat(1).points)]
    assert events[-1]["type"] == "over"
    refused(after, TimeOut(), "game_over")


def test_the_host_leaving_after_the_start_passes_the_host_on():
    state = new_game(COMMON, [1, 2, 3], seed=5)
    after = run(state, Leave(1))
    assert after.host == 2 and after.waiting == ((2, "swap"), (3, "swap"))
    after = run(after, Swap(2, False), Swap(3, True))  # step 2 done: the round starts without them (3.1)
    assert after.phase is Phase.SETUP and set(after.order) == {2, 3}


def test_1_personal_decks_a_leaver_takes_their_deck_and_cards_with_them():
    options = GinjontanOptions(deck="personal")
    state = new_game(options, [1, 2, 3], seed=9)
    deck = state.seat(2).deck
    assert deck is not None
    gone = Counter([*held(state, 2), *deck.cards()])
    after, _ = apply(state, Leave(2))
    assert Counter(after.all_cards()) == Counter(state.all_cards()) - gone


def test_a_player_not_seated_can_t_leave():
    refused(new_game(COMMON, [1, 2], seed=5), Leave(7), "not_seated")


# -- the turn timer (rulings, "Turn timer") ------------------------------------------------------------------------

@pytest.mark.parametrize("seconds", [-1, 1, MIN_TIMER - 1, MAX_TIMER + 1])
def test_timer_bounds_are_checked_by_the_engine(seconds):
    with pytest.raises(Exception) as err:
        new_lobby(1, COMMON, seed=1, timer=seconds)
    assert getattr(err.value, "code", None) == "bad_timer"


@pytest.mark.parametrize("seconds", [0, MIN_TIMER, MAX_TIMER])
def test_timer_lengths_accepted_and_stored(seconds):
    lobby = new_lobby(1, COMMON, seed=1, timer=seconds)
    assert state_from_dict(json.loads(json.dumps(state_to_dict(lobby)))).timer == seconds


def test_a_time_out_in_the_lobby_is_refused():
    refused(new_lobby(1, COMMON, seed=1), TimeOut(), "nothing_waiting")


def test_2_a_time_out_keeps_every_absent_players_hand_and_the_game_moves_on():
    state = new_game(COMMON, [1, 2, 3], seed=4)
    state = run(state, Swap(1, True))
    after, events = run_events(state, TimeOut())
    assert events[0] == {"type": "timeout", "players": [2, 3]}
    assert [(e["player"], e["swapped"]) for e in events if e["type"] == "swap"] == [(2, False), (3, False)]
    assert after.phase is Phase.SETUP
    assert after.seat(2).hand == state.seat(2).hand


def test_3_a_time_out_sets_aside_the_three_lowest_cards():
    seats = {1: {"hand": "v9sun w1fire r2moon w1sun b4path"}, 2: {"hand": "w1air w2air w3air w4air"}}
    state = table(seats, phase=Phase.SETUP, order=(1, 2), schedule=((1, 2), (2, 1)),
                  waiting=((1, "aside"), (2, "aside")))
    _, events = run_events(state, TimeOut())
    unfolded = dict(next(e for e in events if e["type"] == "duel")["unfolded"])  # 3.2: the first duel begins
    assert names(unfolded[1]) == lowest("v9sun w1fire r2moon w1sun b4path", 3)
    assert names(unfolded[2]) == lowest("w1air w2air w3air w4air", 3)


def test_3_3_a_time_out_acts_with_the_first_unfolded_card_on_the_first_of_the_opponent():
    seats = {1: {"hand": "w1fire", "unfolded": "r5sun w2fire"}, 2: {"hand": "w1air", "unfolded": "g3love w9earth"}}
    after, events = run_events(duel_table(seats), TimeOut())
    clash = next(e for e in events if e["type"] == "clash")
    assert (clash["player"], clash["acting"], clash["target"]) == (1, c("r5sun"), c("g3love"))
    assert (2, "act") in after.waiting  # the opponent was not waited for: their turn comes


@pytest.mark.parametrize(("task", "phase"), [("exchange9", Phase.EXCHANGE), ("surplus", Phase.REFILL)])
def test_4_5_a_time_out_exchanges_nothing_and_puts_the_lowest_reserve_cards_back(task, phase):
    extra = "w1fire w2fire v9sun w3fire r2moon b4path g5life y6hope o7love w8air w9air"
    seats = {1: {"hand": "w1air", "reserve": extra}, 2: {"hand": "w2air", "reserve": "w1night"}}
    state = table(seats, phase=phase, order=(1, 2), waiting=((1, task),))
    before = Counter(state.all_cards())
    after = run(state, TimeOut())
    if task == "exchange9":
        assert hand(after, 1) == names(cards("w1air"))
    else:
        kept = Counter(cards(extra)) - Counter(cards(lowest(extra, len(cards(extra)) - 9)))
        assert Counter(after.seat(1).reserve) == kept
    assert Counter(after.all_cards()) == before


def test_6_a_time_out_says_gin_jon_tan_and_gives_the_lowest_cards_asked_for():
    seats = {1: {"hand": "w1fire w2fire w3fire"}, 2: {"hand": "v9sun w1air r2moon"}}
    state = run(combination_table(seats), AskCards(1, 2, "hand", (c("w1fire"), c("w2fire"))))
    after, events = run_events(state, TimeOut())
    give = next(e for e in events if e["type"] == "give")
    assert names(give["taken"]) == lowest("v9sun w1air r2moon", 2)
    after, events = run_events(after, TimeOut())  # now 2's turn: "Gin jon tan!"
    assert any(e["type"] == "call" and e["player"] == 2 and not e["auto"] for e in events)


def test_7a_a_time_out_at_evaluation_says_kat_oh():
    seats = {1: {"hand": "w1sun w2sun", "points": 7}, 2: {"hand": "w1fire w3fire"}}
    after = run(evaluation_table(seats, options=GinjontanOptions(rounds=1)), TimeOut())
    assert after.seat(1).result == "kat oh" and after.seat(1).points == 7


def test_every_task_the_game_waits_for_has_a_default():
    """Whatever the game waits for, a time-out answers it: a game of time-outs (and a few moves) reaches its end,
    having met every task, and conserves the cards."""
    rng = random.Random(17)
    state = new_game(COMMON, [1, 2, 3], seed=17)
    seen = set()
    while not state.finished:
        seen |= {task for _, task in state.waiting}
        state = run(state, TimeOut())
        if rng.random() < 0.3 and not state.finished:
            player, _ = state.waiting[0]
            state = run(state, rng.choice(legal_moves(state, player)))
    assert seen >= {"swap", "aside", "act", "exchange3", "exchange9", "turn", "reveal"}


# -- property: random games with leaves and time-outs ---------------------------------------------------------------

@settings(max_examples=8, deadline=None)
@given(st.integers(2, 4), st.sampled_from(["common", "personal"]), st.sampled_from(["every", "once"]),
       st.integers(0, 2**32), st.integers(0, 2**32))
def test_random_games_with_leaves_and_time_outs_terminate_and_conserve_cards(players, deck, duels, seed, choices):
    rng = random.Random(choices)
    state = new_game(GinjontanOptions(deck=deck, duels=duels, rounds=2), list(range(1, players + 1)), seed)
    for step in range(600):
        if state.finished:
            break
        roll = rng.random()
        if roll < 0.03:
            move = Leave(rng.choice(state.players))
        elif roll < 0.4:
            move = TimeOut()
        else:
            player, _ = rng.choice(state.waiting)
            moves = legal_moves(state, player)
            calls = [m for m in moves if isinstance(m, Call)]
            move = calls[0] if calls and rng.random() < 0.7 else rng.choice(moves)
        assert move_from_dict(json.loads(json.dumps(move_to_dict(move)))) == move
        before = Counter(state.all_cards())
        gone: Counter[int] = Counter()
        if isinstance(move, Leave) and deck == "personal":
            seat = state.seat(move.player)
            gone = Counter([*held(state, move.player), *(seat.deck.cards() if seat.deck else ())])
            if state.ask is not None and state.ask.asker == move.player:
                gone.update(state.ask.give)
        round_ = state.round
        state, _ = apply(state, move)
        expected = before - gone
        if deck == "personal" and state.round != round_:  # step 8: everyone's drafted 33 come back to them
            expected = sum((Counter(s.own) for s in state.seats), Counter())
        assert Counter(state.all_cards()) == expected, "a card was created or lost"
        assert state.finished or state.waiting, "nobody to move in an unfinished game"
        if step % 10 == 0 or isinstance(move, Leave):
            assert state_from_dict(json.loads(json.dumps(state_to_dict(state)))) == state
        assert all(state.seated(p) for p, _ in state.waiting)
    assert state.finished
