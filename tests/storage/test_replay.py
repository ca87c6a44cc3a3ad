"""The log replays (issue 19, item 2): for every game, a seeded game through the store (many moves, undos, for the
table an end and its reopening) keeps, after each entry, the state current then; afterwards the state after every
entry is rebuilt from the log (the nearest snapshot and the moves standing then) and must be that state. Snapshots
are taken every few entries here, so that undos reach behind them."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from engine.base import GameKind
from engine.chaosjan.catalogue import load_shipped as load_catalogue
from engine.chaosjan.state import Phase
from engine.chroma.rules import ChromaRules
from engine.chroma.state import CHROMA, SetRules, Shuffle
from engine.chroma.state import new_state as chroma_state
from engine.deck import load_shipped as load_deck
from engine.errors import GameError
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import GINJONTAN
from engine.ginjontan.rules import legal_moves as ginjontan_moves
from engine.ginjontan.rules import new_game as ginjontan_game
from engine.table import (
    TABLE,
    CardPayment,
    Chombo,
    CosmicStart,
    Dismiss,
    NewDeck,
    Pay,
    Reshuffle,
    Riichi,
    Roll,
    SetPoints,
    Take,
)
from engine.table import new_game as table_game
from engine.uno import rules as uno
from engine.uno.options import PRESETS
from storage import GameStore, games
from storage.errors import NothingToUndo
from tests.engine.chaosjan.test_properties import candidates, hand_end, setup_moves
from tests.support.tally import TALLY, Add
from tests.support.tally import new_game as tally_game

CHANNEL = 7
P = [10**17 + i for i in range(1, 5)]
Pick = Callable[[Any, random.Random], Any]  # the state -> a move to try


def tally_moves(state: Any, rng: random.Random) -> Any:
    return Add(rng.choice(state.players), rng.randint(1, 9))


def uno_moves(state: Any, rng: random.Random) -> Any:
    return rng.choice([m for p in uno.waiting_on(state) for m in uno.legal_moves(state, p)])


def ginjontan_moves_(state: Any, rng: random.Random) -> Any:
    player, _ = rng.choice(state.waiting)
    return rng.choice(ginjontan_moves(state, player))


def chroma_moves(state: Any, rng: random.Random) -> Any:
    if rng.random() < 0.6:
        return Shuffle()
    return SetRules(replace(state.rules, rainbow_from=rng.randint(3, 7), chip_value=rng.randint(0, 5),
                            open_tanyao=rng.random() < 0.5))


def cosmic_moves(state: Any, rng: random.Random) -> Any:
    """Cosmic Deck and score-sheet moves, legal or not (a refused one changes nothing and is left out)."""
    player, cosmic = rng.choice(state.players), state.cosmic
    if cosmic is None:  # (its start was undone)
        return CosmicStart(load_deck("cosmic"), 77)
    picks: list[Any] = [Roll(player), Roll(player), Roll(player), Riichi(player), hand_end(state, rng),
                        Pay(player, 1000, rng.choice([None, *state.players])), Take(player, 1000, True),
                        Chombo(player), Reshuffle(), SetPoints(player, rng.randrange(0, 500) * 100)]
    if cosmic.active is not None:
        picks.append(Dismiss(cosmic.active))
    picks += [CardPayment(owed.reveal) for owed in cosmic.owed]
    if rng.random() < 0.02:
        picks.append(NewDeck(load_deck("cosmic")))
    return rng.choice(picks)


CHAOS_SETUP = setup_moves(load_catalogue(), 4, 5, random.Random(5))


def chaosjan_moves(state: Any, rng: random.Random) -> Any:
    if state.chaosjan is None or state.chaosjan.phase is not Phase.PLAYING:  # (setting up, or that was undone)
        return rng.choice(CHAOS_SETUP)
    return rng.choice(candidates(state, rng))


GAMES: dict[str, tuple[GameKind[Any, Any], Callable[[], Any], list[Any], Pick]] = {
    # kind, its start, the moves made first, then random moves
    "tally": (TALLY, lambda: tally_game(P[0], P[:3]), [], tally_moves),
    "uno": (uno.UNO, lambda: uno.new_game(PRESETS["chaos"], P, 5), [], uno_moves),
    "uno-classic": (uno.UNO, lambda: uno.new_game(PRESETS["classic"], P[:3], 6), [], uno_moves),
    "ginjontan": (GINJONTAN, lambda: ginjontan_game(GinjontanOptions(rounds=2), P[:3], 11), [], ginjontan_moves_),
    "chroma": (CHROMA, lambda: chroma_state(P[0], 3, ChromaRules()), [], chroma_moves),
    "table-cosmic": (TABLE, lambda: table_game(P[0], P), [CosmicStart(load_deck("cosmic"), 77)], cosmic_moves),
    "chaosjan": (TABLE, lambda: table_game(1, [1, 2, 3, 4]), CHAOS_SETUP, chaosjan_moves),
}


@pytest.fixture
async def store(database, monkeypatch):
    """On SQLite, then on PostgreSQL (tests/conftest.py)."""
    monkeypatch.setattr(games, "SNAPSHOT_EVERY", 6)
    return GameStore(database)


async def play(store: GameStore, name: str, seed: int, steps: int) -> tuple[GameKind[Any, Any], int, dict[int, Any]]:
    """Plays a seeded game; returns its kind, its id and the state current after each entry (by seq)."""
    kind, start, opening, pick = GAMES[name]
    rng = random.Random(seed)
    record = await store.start(CHANNEL, kind, start(), guild_id=1, actor_id=P[0])
    seen = {0: record.state}
    game_id = record.id
    queue = list(opening)
    for step in range(steps):
        roll = rng.random()
        try:
            if roll < 0.12 or (roll < 0.2 and step % 17 < 4):  # now and then a run of undos
                record = (await store.undo(CHANNEL, kind, actor_id=P[0])).game
            elif roll < 0.22 and kind in (TABLE, TALLY):
                record = await store.finish(CHANNEL, kind, actor_id=P[0], results=True)
                seen[record.version] = record.state
                record = (await store.reopen(CHANNEL, kind, actor_id=P[0])).game
            else:
                move = queue.pop(0) if queue else pick(record.state, rng)
                result = await store.apply(CHANNEL, kind, move, actor_id=P[0])
                record = result.game
                if record.status == "finished":  # finished by the move: the move's entry, then the end
                    seen[record.version - 1] = record.state
        except (GameError, NothingToUndo):
            continue
        seen[record.version] = record.state
        if record.status == "finished":
            break
    return kind, game_id, seen


async def replayed(store: GameStore, kind: GameKind[Any, Any], game_id: int, first: int, last: int) -> list[Any]:
    return await store.db.read(lambda conn: games._replay(conn, kind, game_id, first, last)[0])


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("seed", [1, 2])
async def test_every_entry_replays_to_the_state_current_then(store, name, seed):
    kind, game_id, seen = await play(store, name, seed, steps=250)
    last = max(seen)
    assert sorted(seen) == list(range(last + 1)), "every entry's state was seen"
    undos = await store.db.read(lambda conn: conn.execute(
        "SELECT COUNT(*) FROM game_events WHERE game_id = ? AND type = 'undo'", (game_id,)).fetchone()[0])
    assert last >= 60 and undos >= 5
    expected = [kind.state_to_dict(seen[seq]) for seq in range(last + 1)]
    assert [kind.state_to_dict(s) for s in await replayed(store, kind, game_id, 0, last)] == expected
    for seq in random.Random(seed).sample(range(last + 1), 25):  # each from its own nearest usable snapshot
        (state,) = await replayed(store, kind, game_id, seq, seq)
        assert kind.state_to_dict(state) == expected[seq], seq
