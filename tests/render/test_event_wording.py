"""Every event type an engine emits has words (issue 15, item 18): found by reading `engine/` (each `emit("...")`
call and each dict literal with a constant "type", move records aside) and by watching random games; a type with
no words is shown as a visible line and logged, never dropped."""

from __future__ import annotations

import ast
import logging
import random
from pathlib import Path

import pytest

from engine import cosmic_only as CosmicOnly
from engine import table as tb
from engine import table_stats
from engine.chaosjan.state import Phase as ChaosPhase
from engine.cosmic_only import apply as cosmic_only_apply
from engine.cosmic_only import new_game as cosmic_only_game
from engine.deck import load_shipped
from engine.errors import GameError
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import apply as ginjontan_apply
from engine.ginjontan.rules import new_game as ginjontan_game
from engine.ginjontan.state import Phase as GinjontanPhase
from engine.uno.moves import TimeOut
from engine.uno.rules import apply as uno_apply
from render import chaosjan, chroma, cosmic_only, ginjontan, table, uno
from render.events import Wording
from tests.engine.chaosjan.test_properties import POOL, candidates, setup_moves
from tests.engine.ginjontan.test_properties import choose
from tests.engine.uno.test_legal import walk

ENGINE = Path(__file__).resolve().parents[2] / "engine"
GAMES: dict[str, tuple[tuple[str, ...], Wording]] = {  # game: (its engine files or folders, its words)
    "uno": (("uno",), uno.WORDING),
    "ginjontan": (("ginjontan",), ginjontan.WORDING),
    "chaosjan": (("chaosjan",), chaosjan.WORDING),
    "table": (("table.py",), table.WORDING),
    "cosmic": (("cosmic.py",), table.WORDING),  # the Cosmic Deck's events are table events
    "cosmic_only": (("cosmic_only.py", "cosmic.py"), cosmic_only.WORDING),  # and those of the deck on its own
    "chroma": (("chroma",), chroma.WORDING),
}


def _files(parts: tuple[str, ...]) -> list[Path]:
    return [f for part in parts for f in ([ENGINE / part] if part.endswith(".py") else (ENGINE / part).glob("*.py"))]


def emitted(path: Path) -> set[str]:
    """Event types written in one engine file: `emit("type", ...)` and {"type": "...", ...} outside move_to_dict."""
    found: set[str] = set()

    def visit(node: ast.AST, in_move_record: bool) -> None:
        if isinstance(node, ast.FunctionDef):
            in_move_record = in_move_record or node.name == "move_to_dict"
        if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) == "emit":
            first = node.args[0]
            assert isinstance(first, ast.Constant), f"{path.name}:{node.lineno}: an event type that isn't a literal"
            found.add(first.value)
        if isinstance(node, ast.Dict) and not in_move_record:
            for key, value in zip(node.keys, node.values, strict=True):
                if isinstance(key, ast.Constant) and key.value == "type" and isinstance(value, ast.Constant):
                    found.add(value.value)
        for child in ast.iter_child_nodes(node):
            visit(child, in_move_record)

    visit(ast.parse(path.read_text()), False)
    return found


SCANNED = {game: set().union(*(emitted(f) for f in _files(parts))) for game, (parts, _) in GAMES.items()}
# Events no engine move makes: a correction's log entry, written by storage/corrections.py (issue 21).
SCANNED["table"] |= {table_stats.CORRECTED}


def test_the_scan_covers_every_engine_file_that_emits_events():
    covered = {f for parts, _ in GAMES.values() for f in _files(parts)}
    emitting = {f for f in ENGINE.rglob("*.py") if emitted(f)}
    assert emitting <= covered, sorted(str(f) for f in emitting - covered)
    assert {"play", "draw", "turn"} <= SCANNED["uno"] and {"ron", "riichi"} <= SCANNED["table"]  # the scan reads


@pytest.mark.parametrize("game", GAMES)
def test_every_event_type_the_engine_emits_has_words(game):
    assert sorted(SCANNED[game] - set(GAMES[game][1].lines)) == []


@pytest.mark.parametrize("wording", {id(w): w for _, w in GAMES.values()}.values(), ids=lambda w: w.game)
def test_no_words_for_an_event_no_engine_emits(wording):
    """Words for a type no engine emits any more are a sign the two drifted apart."""
    emitted_by_its_games = set().union(*(SCANNED[g] for g, (_, w) in GAMES.items() if w is wording))
    assert sorted(set(wording.lines) - emitted_by_its_games) == []


def _observed_uno() -> set[str]:
    seen: set[str] = set()
    for seed, preset in [(s, p) for s in range(6) for p in ("chaos", "classic")]:
        for state in walk(preset, 2 + seed % 4, seed, 150):
            if state.finished:
                break
            seen |= {e["type"] for e in uno_apply(state, TimeOut())[1]}
    return seen


def _observed_ginjontan() -> set[str]:
    seen: set[str] = set()
    for seed in range(3):
        rng = random.Random(seed)
        state = ginjontan_game(GinjontanOptions(rounds=1), [1, 2, 3], seed)
        for _ in range(150):
            if state.phase is GinjontanPhase.OVER:
                break
            state, events = ginjontan_apply(state, choose(state, rng, everyone=False))
            seen |= {e["type"] for e in events}
    return seen


def _observed_table() -> set[str]:
    seen: set[str] = set()
    for seed in range(4):
        rng = random.Random(seed)
        ts = tb.new_game(1, [1, 2, 3])
        for move in setup_moves(POOL[seed % len(POOL)], 3, seed, rng):
            ts, events = tb.apply(ts, move)
            seen |= {e["type"] for e in events}
        for _ in range(80):
            if ts.over:
                break
            ts, events = tb.apply(ts, rng.choice(candidates(ts, rng)))
            seen |= {e["type"] for e in events}
    return seen


def _observed_cosmic_only() -> set[str]:
    seen: set[str] = set()
    deck = load_shipped("cosmic")
    for seed in range(3):
        rng = random.Random(seed)
        state = cosmic_only_game(1, deck, seed)
        for _ in range(120):
            move = rng.choice([CosmicOnly.Roll(rng.choice([1, 2, 3])), CosmicOnly.Join(rng.choice([2, 3])),
                               CosmicOnly.Leave(rng.choice([2, 3])), CosmicOnly.NextHand(), CosmicOnly.Reshuffle(),
                               CosmicOnly.Chombo(rng.choice([1, 2, 3])),
                               *(CosmicOnly.Dismiss(e.card) for e in state.cosmic.in_effect)])
            try:
                state, events = cosmic_only_apply(state, move)
            except GameError:
                continue
            seen |= {e["type"] for e in events}
    return seen


def test_events_seen_in_random_games_all_have_words():
    """The scan's answer checked against what games really emit (Uno, Gin-jon-tan, the table with CHAOS;JAN, the
    Cosmic Deck on its own)."""
    every = {t for _, w in GAMES.values() for t in w.lines}
    for seen in (_observed_uno(), _observed_ginjontan(), _observed_table(), _observed_cosmic_only()):
        assert seen, "the random games emitted nothing"
        assert sorted(seen - every) == []
        assert seen <= set().union(*SCANNED.values())


UNKNOWN = {"type": "brand_new_effect", "player": 1}


def test_an_unknown_event_is_shown_and_logged(caplog):
    uno_state = next(walk("chaos", 2, 1, 1))
    gjt_state = ginjontan_game(GinjontanOptions(rounds=1), [1, 2], 1)
    with caplog.at_level(logging.WARNING, logger="render.events"):
        texts = [uno.event_lines(uno_state, [UNKNOWN]), ginjontan.event_lines(gjt_state, [UNKNOWN]),
                 table.describe_events([UNKNOWN]), chroma.event_title(None, [UNKNOWN])]
    assert all("brand_new_effect" in text for text in texts), texts
    assert sum("brand_new_effect" in r.getMessage() for r in caplog.records) == len(texts)


def test_a_chaosjan_event_on_the_table_is_worded_once():
    """A CHAOS;JAN move that also changes the table (a riichi Action, 1.1e) reports "riichi" in the table's words;
    the CHAOS;JAN lines leave it to them, and the table's lines leave the card's events to the CHAOS;JAN lines."""
    events = [{"type": "riichi", "player": 1, "on_table": 1000}, {"type": "drew_tile", "player": 1}]
    assert table.describe_events(events).count("\n") == 0 and "riichi" in table.describe_events(events)
    state = _chaos_state()
    lines = chaosjan.event_lines(state, events, table.WORDING)
    assert "riichi" not in lines and "drew a tile" in lines


def _chaos_state():
    rng = random.Random(0)
    ts = tb.new_game(1, [1, 2, 3])
    for move in setup_moves(POOL[0], 3, 0, rng):
        ts, _ = tb.apply(ts, move)
    assert ts.chaosjan.phase is ChaosPhase.PLAYING
    return ts.chaosjan
