"""Properties of random legal self-play, both presets, 2-10 players.

(a) exactly the 108 cards, each once; (b) the JSON round trip is exact; (c) someone can always act and every
move `legal_moves` lists, for every player, is accepted by `apply` on that state; (d) a player's view holds no
one else's cards; (e) a refused move raises a GameError with a code and changes nothing; (f) the same seed and
moves replay to the same state; (g) a round someone is out of can always be scored, and classic games end.
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import GameError
from engine.uno.cards import COLOURS
from engine.uno.moves import (
    Accept,
    Callout,
    Challenge,
    Choose,
    Draw,
    EndRound,
    Leave,
    Move,
    Pass,
    Play,
    SayUno,
    TimeOut,
    move_from_dict,
    move_to_dict,
)
from engine.uno.options import PRESETS
from engine.uno.rules import apply, legal_moves, new_game, view_for, waiting_on
from engine.uno.state import Phase, UnoState
from tests.engine.uno.notation import assert_cards

STEPS = 200


def snapshot(state: UnoState) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def check_state(state: UnoState) -> None:
    assert_cards(state)  # (a)
    assert UnoState.from_dict(json.loads(json.dumps(state.to_dict()))) == state  # (b)
    tops = [p.top for p in state.piles]
    for player in state.players:  # (d)
        view = view_for(state, player)
        own = set(state.hand(player))
        for key in ("hand", "playable", "jump"):
            assert set(view.get(key, ())) <= own
        assert [p["top"] for p in view["piles"]] == tops
        assert all(set(p) <= {"number", "top", "colour", "size"} for p in view["piles"])
        rest = {k: v for k, v in view.items() if k not in ("hand", "playable", "jump")}
        assert '"hand"' not in json.dumps(rest)
    if state.phase is Phase.PLAY:
        assert waiting_on(state)
    if state.closing and state.prompt is None:  # (g): the timer answers for everyone and scores the round
        scored, _ = apply(state, TimeOut())
        assert scored.finished or scored.round == state.round + 1 or not scored.closing


def random_move(state: UnoState, rng: random.Random) -> Move:
    """Any move at all, legal or not, for probing refusals (e)."""
    player = rng.choice([*state.players, 999])
    kind = rng.randrange(8)
    if kind <= 3 and state.seated(player) and state.hand(player):
        pile = rng.choice(state.piles)
        return Play(player, rng.choice(state.hand(player)), rng.choice([pile.id, 999]),
                    colour=rng.choice([None, *COLOURS]), target=rng.choice([None, *state.players]),
                    onto=rng.choice([None, *(p.id for p in state.piles)]), split=rng.choice([None, "plus", "eights"]),
                    serial=rng.choice([None, pile.serial, pile.serial - 1]))
    other = rng.choice(state.players)
    return rng.choice([Draw(player), Draw(player, count=rng.randrange(1, 5)), Pass(player), Accept(player),
                       SayUno(player), Callout(player, other), Challenge(player), EndRound(player),
                       Choose(player, target=other), Choose(player, onto=state.piles[0].id)])


def pick(state: UnoState, rng: random.Random, check_all: bool, chaotic: bool) -> Move:
    """A random listed move (mostly plays); `chaotic`: more timeouts, leaving, partial draws and non-plays."""
    every: list[Move] = []
    for player in state.players:
        every += legal_moves(state, player)
    assert every, "nobody can act"  # (c)
    if check_all:
        before = snapshot(state)
        for move in every:  # (c): every listed move is accepted
            apply(state, move)
        assert snapshot(state) == before  # and none of them changed the state it was applied to
    roll = rng.random()
    if roll < (0.08 if chaotic else 0.01):
        return TimeOut()
    if roll < (0.10 if chaotic else 0.012) and len(state.players) > 2:
        return Leave(rng.choice(state.players))
    plays = [m for m in every if isinstance(m, Play)]
    if plays and roll < (0.5 if chaotic else 0.75):
        return rng.choice(plays)
    move = rng.choice(every)
    if isinstance(move, Draw) and state.stacks_on(move.player) and rng.random() < (0.5 if chaotic else 0.3):
        return Draw(move.player, count=rng.randrange(1, 4))  # a partial draw (Stacking)
    return move


def self_play(preset: str, players: int, seed: int, rng_seed: int, chaotic: bool = False, check_all: bool = False,
              probe: bool = False):
    state = new_game(PRESETS[preset], range(1, players + 1), seed)
    rng = random.Random(rng_seed)
    moves: list[Move] = []
    for _ in range(STEPS):
        check_state(state)
        if state.finished:
            break
        if probe:  # (e)
            before = snapshot(state)
            try:
                apply(state, random_move(state, rng))
            except GameError as err:
                assert isinstance(err.code, str) and err.code
            assert snapshot(state) == before
        move = pick(state, rng, check_all, chaotic)
        assert move_from_dict(json.loads(json.dumps(move_to_dict(move)))) == move
        before = snapshot(state)
        old, (state, events) = state, apply(state, move)
        assert snapshot(old) == before  # states are values: applying a move never changes the old one
        json.dumps(events)
        moves.append(move)
    return state, moves


def replay(preset: str, players: int, seed: int, moves: list[Move]) -> UnoState:
    state = new_game(PRESETS[preset], range(1, players + 1), seed)
    for move in moves:
        state, _ = apply(state, move)
    return state


game = dict(preset=st.sampled_from(sorted(PRESETS)), players=st.integers(2, 10), seed=st.integers(0, 2**32),
            rng_seed=st.integers(0, 2**32), chaotic=st.booleans())


@settings(max_examples=30, deadline=None)
@given(**game)
def test_self_play_invariants_and_replay(preset, players, seed, rng_seed, chaotic):
    """(a) (b) (c) (d) (g) at every step; (f) the replay is identical."""
    state, moves = self_play(preset, players, seed, rng_seed, chaotic, check_all=True)
    assert replay(preset, players, seed, moves) == state


def finisher(state: UnoState, rng: random.Random) -> Move:
    """A plain player's policy: score, answer, play a random listed card, else draw (the timer if nobody can)."""
    every = [m for player in waiting_on(state) for m in legal_moves(state, player)]
    for kind in (EndRound, Choose, Accept, Play, Draw, Pass):
        found = [m for m in every if isinstance(m, kind)]
        if found:
            return rng.choice(found)
    return TimeOut()


@settings(max_examples=30, deadline=None)
@given(players=st.integers(2, 6), seed=st.integers(0, 2**32), rng_seed=st.integers(0, 2**32))
def test_classic_games_end(players, seed, rng_seed):
    """(g): plain play of the classic preset ends with a winner whose hand is empty."""
    state = new_game(PRESETS["classic"], range(1, players + 1), seed)
    rng = random.Random(rng_seed)
    for _ in range(1000):
        if state.finished:
            break
        state, _ = apply(state, finisher(state, rng))
        assert_cards(state)
    assert state.finished and state.winners and all(not state.hand(p) for p in state.winners)


@settings(max_examples=25, deadline=None)
@given(**game)
def test_self_play_refused_moves_change_nothing(preset, players, seed, rng_seed, chaotic):
    """(e): random moves, legal or not: a refusal is a GameError with a code, and the state is unchanged."""
    self_play(preset, players, seed, rng_seed, chaotic, probe=True)
