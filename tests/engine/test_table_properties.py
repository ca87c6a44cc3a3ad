"""Properties of the /table score sheet over random sequences of moves: no point is created or lost (the seats'
points plus the table's stay what they started at, rules 3.1 and 3.2), every state survives JSON, and the game
either goes on in a valid position or is over and refuses every further hand."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import GameError
from engine.table import (
    TABLE,
    AbortiveDraw,
    Draw,
    GameOver,
    HandValue,
    Kazoe,
    Length,
    Limit,
    Pay,
    Riichi,
    Ron,
    TableOptions,
    Take,
    Tsumo,
    Win,
    apply,
    new_game,
)

HAND_ENDS = (Ron, Tsumo, Draw, AbortiveDraw)


def values():
    return st.one_of(
        st.builds(HandValue, han=st.integers(1, 13), fu=st.sampled_from([20, 25, 30, 40, 70, 110])),
        st.builds(HandValue, han=st.integers(5, 30)),
        st.builds(HandValue, limit=st.sampled_from(list(Limit))),
        st.builds(HandValue, yakuman=st.integers(1, 2)),
        st.builds(HandValue, points=st.integers(1, 200).map(lambda n: n * 100)),
    )


def moves(players: list[int]):
    someone = st.sampled_from(players)
    return st.one_of(
        st.builds(Riichi, someone),
        st.builds(Pay, someone, st.sampled_from([100, 1000, 5000]), st.sampled_from([None, *players])),
        st.builds(Take, someone, st.sampled_from([1000, 3000]), st.booleans()),
        st.builds(Ron, someone, st.lists(st.builds(Win, someone, values()), min_size=1, max_size=2).map(tuple)),
        st.builds(lambda winner, value: Tsumo(Win(winner, value)), someone, values()),
        st.builds(Draw, st.lists(someone, unique=True).map(tuple)),
        st.just(AbortiveDraw()),
    )


@settings(max_examples=60, deadline=None)
@given(st.data(), st.sampled_from([3, 4]), st.booleans(), st.sampled_from(list(Length)), st.booleans(),
       st.sampled_from(list(Kazoe)), st.sampled_from([200, 300]))
def test_random_games_keep_every_point_survive_json_and_end_or_go_on_validly(data, seats, bust, length, aotenjou,
                                                                             kazoe, sanma_honba):
    players = list(range(1, seats + 1))
    options = TableOptions(starting_points=30000, length=length, bust=bust, aotenjou=aotenjou, kazoe=kazoe,
                           sanma_honba=sanma_honba)
    state = new_game(1, players, options)
    total = 30000 * seats
    last_round = 0 if length is Length.EAST else 1
    for move in data.draw(st.lists(moves(players), max_size=40), label="moves"):
        before = state
        try:
            state, _ = apply(state, move)
        except GameOver:
            assert before.over
            continue
        except GameError:  # a refused move changes nothing
            assert not before.over
            continue
        assert not before.over
        assert sum(s.points for s in state.seats) + state.on_table == total
        assert TABLE.state_from_dict(json.loads(json.dumps(TABLE.state_to_dict(state)))) == state
        if isinstance(move, HAND_ENDS):
            assert state.hands_played == before.hands_played + 1
            assert not any(s.riichi for s in state.seats)
            kept = state.dealer == before.dealer and state.round_wind == before.round_wind
            assert state.honba == (before.honba + 1 if kept or isinstance(move, Draw | AbortiveDraw) else 0)
        else:
            assert state.hands_played == before.hands_played and state.honba == before.honba
        if state.over:
            assert state.round_wind > last_round or (bust and any(s.points < 0 for s in state.seats))
        else:
            assert 0 <= state.dealer < seats and 0 <= state.round_wind <= last_round and state.on_table >= 0
            assert not bust or all(s.points >= 0 for s in state.seats)
