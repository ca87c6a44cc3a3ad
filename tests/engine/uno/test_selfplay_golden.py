"""Seeded random self-play: invariants at every step, and whole games against golden fingerprints.

The fingerprints (`data/selfplay_golden.json`) were recorded from the engine before the speed work of issue 19
(item 4): each game's moves, and for every move a hash of the move, the events and the new state's JSON. A
faster engine must play every one of these games move for move the same. Re-record (only for a deliberate rule
change) with `python -m tests.engine.uno.test_selfplay_golden`.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.errors import GameError
from engine.uno.cards import CARDS, COLOURS, DECK_SIZE
from engine.uno.moves import Accept, Callout, Draw, EndRound, Move, Pass, Play, SayUno, TimeOut, move_to_dict
from engine.uno.options import PRESETS
from engine.uno.rules import apply, legal_moves, new_game, options
from engine.uno.state import UnoState

GOLDEN = Path(__file__).parent / "data" / "selfplay_golden.json"
GAMES = [  # preset, players, deal seed, pick seed, moves at most
    ("classic", 2, 11, 1, 300), ("classic", 4, 12, 2, 300), ("classic", 7, 13, 3, 300),
    ("chaos", 2, 14, 4, 400), ("chaos", 3, 15, 5, 400), ("chaos", 4, 16, 6, 400), ("chaos", 6, 17, 7, 400),
    ("chaos", 10, 18, 8, 400),
]


def every_move(state: UnoState) -> list[Move]:
    return [m for p in state.players for m in legal_moves(state, p)]


def pick(state: UnoState, rng: random.Random) -> Move | None:
    """Uniform over every player's listed moves; now and then the turn timer runs out."""
    if state.finished:
        return None
    moves = every_move(state)
    return TimeOut() if not moves or rng.random() < 0.02 else rng.choice(moves)


def fingerprint(move: Move, events: list[Any], state: UnoState) -> str:
    text = json.dumps([move_to_dict(move), events, state.to_dict()], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def play_game(preset: str, players: int, seed: int, pick_seed: int, steps: int) -> dict[str, Any]:
    state = new_game(PRESETS[preset], range(1, players + 1), seed)
    rng = random.Random(pick_seed)
    record: dict[str, Any] = {"start": fingerprint(TimeOut(), [], state), "moves": [], "prints": []}
    for _ in range(steps):
        move = pick(state, rng)
        if move is None:
            break
        state, events = apply(state, move)
        record["moves"].append(move_to_dict(move))
        record["prints"].append(fingerprint(move, events, state))
    return record


def golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("game", GAMES, ids=lambda g: "-".join(map(str, g)))
def test_seeded_game_matches_golden(game):
    """Every move, its events and the state after it are those the engine gave before the speed work."""
    want = golden()["-".join(map(str, game))]
    got = play_game(*game)
    assert got["start"] == want["start"]
    for i, (move, print_) in enumerate(zip(want["moves"], want["prints"], strict=True)):
        assert (got["moves"][i], got["prints"][i]) == (move, print_), f"move {i + 1}"
    assert len(got["moves"]) == len(want["moves"])


def test_golden_games_cover_the_rules():
    """The recorded games are long and varied enough to mean something: a play of every rank, draws, timer answers,
    trades, call-outs."""
    moves = [m for g in golden().values() for m in g["moves"]]
    kinds = Counter(m["move"] for m in moves)
    assert {"Play", "Draw", "TimeOut", "Accept", "SayUno", "Callout"} <= set(kinds)
    ranks = {CARDS[m["card"]].rank for m in moves if m["move"] == "Play"}
    assert ranks == {c.rank for c in CARDS}
    assert len(moves) > 2000


def _candidates(state: UnoState, player: int) -> list[Move]:
    """Every card of the hand on every pile (with the choices its listed option asks, else none), and the plain
    actions."""
    plays: list[Move] = []
    listed = options(state, player)
    for card_id in state.hand(player):
        for pile in state.piles:
            option = listed.option(card_id, pile.id)
            if option is None:
                plays.append(Play(player, card_id, pile.id, colour=COLOURS[0] if CARDS[card_id].is_wild else None,
                                  target=next(p for p in state.players if p != player), onto=pile.id))
            else:
                first = option.moves(player)[0]
                plays.append(Play(player, card_id, pile.id, first.colour, first.target, first.onto, first.split))
    others = [Callout(player, p) for p in state.players if p != player]
    return [*plays, Draw(player), Pass(player), Accept(player), SayUno(player), EndRound(player), *others]


def _listed(state: UnoState, move: Move) -> bool:
    if isinstance(move, Play):
        return options(state, move.player).option(move.card, move.pile) is not None
    return move in legal_moves(state, getattr(move, "player", getattr(move, "caller", None)))


@pytest.mark.parametrize("preset,players,seed", [("classic", 2, 1), ("classic", 5, 2), ("chaos", 3, 3),
                                                 ("chaos", 5, 4), ("chaos", 6, 5)])
def test_seeded_self_play_invariants(preset, players, seed):
    """At every step: the 108 cards, each once; an exact JSON round trip; every listed move applies; every card
    on every pile that is not listed, and every plain action not listed, is refused with a GameError."""
    state = new_game(PRESETS[preset], range(1, players + 1), seed)
    rng = random.Random(seed)
    for _ in range(150):
        hands = [c for s in state.seats for c in s.hand]
        assert sorted([*state.draw_pile, *hands, *(c for p in state.piles for c in p.cards)]) == list(range(DECK_SIZE))
        assert UnoState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
        before = json.dumps(state.to_dict())
        for move in every_move(state):
            apply(state, move)
        for player in state.players:
            for move in _candidates(state, player):
                if not _listed(state, move):
                    with pytest.raises(GameError):
                        apply(state, move)
        assert json.dumps(state.to_dict()) == before
        move = pick(state, rng)
        if move is None:
            break
        state, _ = apply(state, move)


if __name__ == "__main__":
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps({"-".join(map(str, g)): play_game(*g) for g in GAMES}, separators=(",", ":")) + "\n")
    print(f"recorded {len(GAMES)} games in {GOLDEN}")
