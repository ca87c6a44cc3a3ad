"""Draws nobody has to take on trust (issue 21, item 3; docs/fairness.md): the commitment is the SHA-256 of the
defined bytes, every seeded state keeps its salt through JSON (and one stored before salts still loads), a replay
of a fairness file from the seed reproduces every die, shuffle and draw the bot announced, and a forged file is
caught. The Cosmic Deck's rules are seed 001's "Drawing Cards"."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import replace
from typing import Any

import pytest

from engine.base import GameKind
from engine.chaosjan.catalogue import load_shipped as load_catalogue
from engine.chroma.rules import ChromaRules
from engine.chroma.state import CHROMA, Reseed, Shuffle
from engine.chroma.state import new_state as chroma_state
from engine.commitment import Seal, commitment, committed_bytes, is_salt, new_salt
from engine.cosmic import CosmicState
from engine.cosmic_only import COSMIC as DECK_ONLY
from engine.cosmic_only import Join as DeckJoin
from engine.cosmic_only import NewDeck as DeckNewDeck
from engine.cosmic_only import NextHand as DeckNextHand
from engine.cosmic_only import Reshuffle as DeckReshuffle
from engine.cosmic_only import Roll as DeckRoll
from engine.cosmic_only import new_game as deck_only_game
from engine.cosmic_only import to_table
from engine.deck import load_shipped as load_deck
from engine.errors import GameError, IllegalMove
from engine.fairness_file import FairnessFile, LoggedMove, dumps, encoded, loads, seals_in
from engine.ginjontan.moves import Join as GinjontanJoin
from engine.ginjontan.moves import Start as GinjontanStart
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import GINJONTAN
from engine.ginjontan.rules import legal_moves as ginjontan_moves
from engine.ginjontan.rules import new_lobby as ginjontan_lobby
from engine.ginjontan.state import state_from_dict as ginjontan_from
from engine.ginjontan.state import state_to_dict as ginjontan_to
from engine.replay import check
from engine.seeds import MAX_SEED
from engine.spread import chi_square_survival, spread
from engine.table import TABLE, CosmicStart, Draw, NewDeck, Roll
from engine.table import new_game as table_game
from engine.uno import rules as uno
from engine.uno.moves import Join as UnoJoin
from engine.uno.moves import Start as UnoStart
from engine.uno.options import PRESETS
from engine.uno.state import UnoState
from tests.engine.chaosjan.test_properties import candidates, setup_moves
from tests.storage.test_replay import cosmic_moves

P = [10**17 + i for i in range(1, 5)]
SALT = "0123456789abcdef0123456789abcdef"


# -- the commitment -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("seed", "salt", "digest"), [
    (0, "0" * 32, "de8327cbd7e7a48f44b9dc19477bf057b27a5bb6707794a1cd43856eceb67aeb"),
    (MAX_SEED, SALT, "6538d5a1c7cbd1864f1daf989cd2ef69652a825904933c18ac3ae6007d81a590"),
])
def test_the_commitment_is_the_sha256_of_seed_colon_salt_in_ascii(seed, salt, digest):
    assert committed_bytes(seed, salt) == f"{seed}:{salt}".encode("ascii")
    assert commitment(seed, salt) == hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest() == digest
    assert Seal(seed, salt).commitment == digest


def test_salts_are_fresh_and_32_hex_digits():
    salts = {new_salt() for _ in range(50)}
    assert len(salts) == 50 and all(is_salt(s) for s in salts)
    assert not any(is_salt(bad) for bad in ("", "0" * 31, "G" * 32, "0" * 33, 5, None))


# -- the states keep their salt -------------------------------------------------------------------------------------

def _uno(salt: str | None) -> tuple[Any, GameKind[Any, Any]]:
    return uno.new_lobby(P[0], PRESETS["chaos"], 5, salt=salt), uno.UNO


def _ginjontan(salt: str | None) -> tuple[Any, GameKind[Any, Any]]:
    return ginjontan_lobby(P[0], GinjontanOptions(), 6, salt=salt), GINJONTAN


def _cosmic(salt: str | None) -> tuple[Any, GameKind[Any, Any]]:
    return TABLE.apply(table_game(P[0], P), CosmicStart(load_deck("cosmic"), 7, salt=salt))[0], TABLE


def _chaosjan(salt: str | None) -> tuple[Any, GameKind[Any, Any]]:
    state = table_game(1, [1, 2, 3, 4])
    first = setup_moves(load_catalogue(), 4, 8, random.Random(1))[0]
    return TABLE.apply(state, replace(first, salt=salt))[0], TABLE


def _chroma(salt: str | None) -> tuple[Any, GameKind[Any, Any]]:
    return chroma_state(P[0], 9, ChromaRules(), salt=salt), CHROMA


def _deck_only(salt: str | None) -> tuple[Any, GameKind[Any, Any]]:
    return deck_only_game(P[0], load_deck("cosmic"), 8, salt=salt), DECK_ONLY


def _seal(name: str, state: Any) -> Seal | None:
    if name in ("cosmic", "deck_only"):
        return state.cosmic.seal
    if name == "chaosjan":
        return state.chaosjan.seal
    return state.seal


STARTS = {"uno": _uno, "ginjontan": _ginjontan, "cosmic": _cosmic, "chaosjan": _chaosjan, "chroma": _chroma,
          "deck_only": _deck_only}


@pytest.mark.parametrize("name", STARTS)
@pytest.mark.parametrize("salt", [SALT, None])
def test_a_state_round_trips_through_json_with_and_without_its_salt(name, salt):
    state, kind = STARTS[name](salt)
    data = json.loads(json.dumps(kind.state_to_dict(state)))
    again = kind.state_from_dict(data)
    assert json.loads(json.dumps(kind.state_to_dict(again))) == data
    seal = _seal(name, again)
    if salt is None:  # stored before commitments: it loads and has none; its JSON is what older versions wrote
        assert seal is None and '"salt"' not in json.dumps(data)
    else:
        assert seal is not None and seal.salt == SALT and seal.commitment == commitment(seal.seed, SALT)


def test_an_old_state_without_a_salt_loads_and_has_no_commitment():
    old = uno.UNO.state_to_dict(uno.new_lobby(P[0], PRESETS["classic"], 5))
    old.pop("seed_chosen")  # older still: before chosen seeds
    assert UnoState.from_dict(old).seal is None
    assert ginjontan_from({k: v for k, v in ginjontan_to(_ginjontan(None)[0]).items()}).seal is None


def test_an_imported_deck_keeps_the_commitment_of_the_start():
    """`/cosmic import` shuffles the new deck from a seed derived from the first (seed 001): the commitment posted
    at `/cosmic start` still covers it."""
    state, _ = _cosmic(SALT)
    before = state.cosmic.seal
    for _ in range(3):
        state = TABLE.apply(state, Roll(P[0]))[0]
    state = TABLE.apply(state, NewDeck(load_deck("cosmic")))[0]
    assert state.cosmic.seed != 7 and state.cosmic.seal == before == Seal(7, SALT)
    again = CosmicState.from_dict(json.loads(json.dumps(state.cosmic.to_dict())))
    assert again.seal == before


def test_every_deal_keeps_the_salt():
    state = uno.new_lobby(P[0], PRESETS["chaos"], 5, salt=SALT)
    for move in (UnoJoin(P[1]), UnoStart(P[0])):
        state = uno.apply(state, move)[0]
    assert state.seal == Seal(5, SALT)


# -- the replay -----------------------------------------------------------------------------------------------------

def play(kind: GameKind[Any, Any], state: Any, first: list[Any], pick: Any, steps: int, seed: int = 3,
         ) -> tuple[dict[str, Any], list[LoggedMove], Any]:
    """A game as the bot logs it: the start state's JSON, each move with its events, the last state."""
    start = json.loads(json.dumps(kind.state_to_dict(state)))
    rng, log = random.Random(seed), []
    for n in range(len(first) + steps):
        move = first[n] if n < len(first) else pick(state, rng)
        if move is None:
            break
        try:
            state, events = kind.apply(state, move)
        except GameError:  # a refused move is not logged
            continue
        log.append(LoggedMove(len(log) + 1, None, json.loads(json.dumps(kind.move_to_dict(move))),
                              json.loads(json.dumps(events))))
        if kind.is_over is not None and kind.is_over(state):
            break
    return start, log, state


def as_file(kind: GameKind[Any, Any], start: dict[str, Any], log: list[LoggedMove], final: Any) -> FairnessFile:
    made = FairnessFile(kind.name, 1, tuple(seals_in(kind.name, start, log)), start, tuple(log),
                        json.loads(json.dumps(kind.state_to_dict(final))))
    return loads(dumps(made).encode())  # through the bytes a player downloads


def _uno_moves(state: Any, rng: random.Random) -> Any:
    moves = [m for p in uno.waiting_on(state) for m in uno.legal_moves(state, p)]
    return rng.choice(moves) if moves else None


def _ginjontan_moves(state: Any, rng: random.Random) -> Any:
    if not state.waiting:
        return None
    player, _ = rng.choice(state.waiting)
    return rng.choice(ginjontan_moves(state, player))


def _chaosjan_moves(state: Any, rng: random.Random) -> Any:
    return rng.choice(candidates(state, rng))


def _chroma_moves(state: Any, rng: random.Random) -> Any:
    return Shuffle()


def _deck_only_moves(state: Any, rng: random.Random) -> Any:
    """Seed 001 without a score sheet: players join, roll, end hands, reshuffle."""
    joins = [DeckJoin(p) for p in P if p not in state.players]
    choices = [DeckRoll(p) for p in state.players] + joins[:1]
    return rng.choice([*choices, *choices, DeckNextHand(), DeckReshuffle()])


def _nothing(state: Any, rng: random.Random) -> Any:
    return None


def games() -> dict[str, tuple[GameKind[Any, Any], Any, list[Any], Any, int]]:
    chaos = setup_moves(load_catalogue(), 4, 5, random.Random(5))
    chaos[0] = replace(chaos[0], salt=SALT)
    return {
        "uno": (uno.UNO, uno.new_lobby(P[0], PRESETS["chaos"], 5, salt=SALT),
                [UnoJoin(P[1]), UnoJoin(P[2]), UnoStart(P[0])], _uno_moves, 250),
        "ginjontan": (GINJONTAN, ginjontan_lobby(P[0], GinjontanOptions(rounds=1), 11, salt=SALT),
                      [GinjontanJoin(P[1]), GinjontanStart(P[0], {})], _ginjontan_moves, 150),
        "cosmic": (TABLE, table_game(P[0], P), [CosmicStart(load_deck("cosmic"), 77, salt=SALT)], cosmic_moves, 250),
        "chaosjan": (TABLE, table_game(1, [1, 2, 3, 4]), chaos, _chaosjan_moves, 120),
        "chroma": (CHROMA, chroma_state(P[0], 3, ChromaRules(), salt=SALT), [], _chroma_moves, 12),
        "deck_only": (DECK_ONLY, deck_only_game(P[0], load_deck("cosmic"), 78, salt=SALT), [DeckJoin(P[1])],
                      _deck_only_moves, 150),
    }


@pytest.mark.parametrize("name", ["uno", "ginjontan", "cosmic", "chaosjan", "chroma", "deck_only"])
def test_the_replay_from_the_seed_reproduces_every_move_the_bot_announced(name):
    kind, state, first, pick, steps = games()[name]
    start, log, final = play(kind, state, first, pick, steps)
    report = check(as_file(kind, start, log, final))
    assert report.ok, report.problems
    assert len(report.steps) == len(log) > len(first)
    assert [r.game for r in report.confirmed] == ["cosmic" if name == "deck_only" else name]


def test_a_table_that_took_a_deck_over_replays_from_the_seal_in_its_start():
    """The deck goes on at the table with its seed (issue 21): the table's file carries the seal in its start state,
    and a changed seed there is caught."""
    deck = deck_only_game(P[0], load_deck("cosmic"), 79, salt=SALT)
    deck = DECK_ONLY.apply(DECK_ONLY.apply(deck, DeckRoll(P[0]))[0], DeckReshuffle())[0]
    deck = DECK_ONLY.apply(deck, DeckNewDeck(load_deck("cosmic")))[0]  # an import: the seed derived, first_seed kept
    table = to_table(table_game(P[0], P), deck)
    start, log, final = play(TABLE, table, [], cosmic_moves, 60)
    file = as_file(TABLE, start, log, final)
    assert [(s.game, s.at, s.seed) for s in file.seals] == [("cosmic", 0, 79)]
    assert check(file).ok, check(file).problems
    forged = replace(file, start=start | {"cosmic": start["cosmic"] | {"first_seed": 80}})
    assert not check(forged).ok


def test_the_replayed_dice_are_the_seeds_dice():
    """Seed 001: each paid roll is a d6; the n-th die of a deck is `Random(f"{seed}:die:{n}")`, whoever rolls."""
    kind, state, first, _, _ = games()["cosmic"]
    rolls = [Roll(P[n % 4]) for n in range(8)] + [Draw(())]  # two rolls each, then the hand ends (counts reset)
    start, log, final = play(kind, state, [*first, *rolls * 5], _nothing, 0)
    report = check(as_file(kind, start, log, final))
    dice = [e["die"] for step in report.steps for e in step.events if e["type"] == "roll"]
    assert dice == [random.Random(f"77:die:{n}").randint(1, 6) for n in range(len(dice))] and len(dice) == 40
    assert dice == [e["die"] for m in log for e in m.events if e["type"] == "roll"]


def test_an_undone_roll_rolled_again_shows_the_same_face():
    """An undo takes the deck back to before the roll, die counter included: undoing can't buy a better face."""
    state, _ = _cosmic(SALT)
    for n in range(6):
        before = state
        state, events = TABLE.apply(state, Roll(P[n % 3]))
        again = TABLE.apply(before, Roll(P[0]))[1]
        assert events[0]["die"] == again[0]["die"]


def test_chroma_reveals_only_after_a_shuffle_and_then_deals_from_the_new_seed():
    state = chroma_state(P[0], 3, ChromaRules(), salt=SALT)
    with pytest.raises(IllegalMove) as refused:
        CHROMA.apply(state, Reseed(4, new_salt()))
    assert refused.value.code == "nothing_to_reveal"
    state = CHROMA.apply(state, Shuffle())[0]
    fresh = new_salt()
    state, events = CHROMA.apply(state, Reseed(4, fresh))
    assert state.seal == Seal(4, fresh) and events == [{"type": "reseeded", "commitment": commitment(4, fresh)}]
    assert state.sealed_shuffles == 0
    with pytest.raises(IllegalMove):
        CHROMA.apply(state, Reseed(8, new_salt()))
    old = chroma_state(P[0], 3, ChromaRules())  # settings stored before salts: a first commitment at any time
    assert CHROMA.apply(old, Reseed(8, fresh))[0].seal == Seal(8, fresh)


def test_chroma_reveals_each_seed_of_its_eras_in_one_file():
    state = chroma_state(P[0], 3, ChromaRules(), salt=SALT)
    second = new_salt()
    start, log, final = play(CHROMA, state, [Shuffle(), Shuffle(), Reseed(12, second), Shuffle()], _chroma_moves, 0)
    file = as_file(CHROMA, start, log, final)
    assert [(s.at, s.seed) for s in file.seals] == [(0, 3), (3, 12)]
    assert check(file).ok


# -- a forged file --------------------------------------------------------------------------------------------------

def _cosmic_file() -> FairnessFile:
    kind, state, first, _, _ = games()["cosmic"]
    start, log, final = play(kind, state, [*first, *(Roll(p) for p in P), *(Roll(p) for p in P)], _nothing, 0)
    return as_file(kind, start, log, final)


def test_a_changed_die_is_reported():
    file = _cosmic_file()
    data = json.loads(dumps(file))
    roll = next(m for m in data["moves"] if m["events"] and m["events"][0]["type"] == "roll")
    roll["events"][0]["die"] = roll["events"][0]["die"] % 6 + 1
    report = check(loads(json.dumps(data).encode()))
    assert not report.ok and any(f"move {roll['seq']}: the bot announced" in p for p in report.problems)


def test_another_seed_breaks_the_commitment():
    file = _cosmic_file()
    data = json.loads(dumps(file))
    data["seals"][0]["seed"] = "78"
    report = check(loads(json.dumps(data).encode()))
    assert any("not the commitment" in p for p in report.problems)
    assert any("not the revealed" in p for p in report.problems)  # the move carries 77


def test_a_seed_without_a_commitment_proves_nothing():
    kind, state, _, _, _ = games()["cosmic"]
    start, log, final = play(kind, state, [CosmicStart(load_deck("cosmic"), 77), Roll(P[0])], _nothing, 0)
    report = check(as_file(kind, start, log, final))
    assert not report.ok and any("has no commitment" in p for p in report.problems)


def test_the_stored_end_state_is_compared():
    file = _cosmic_file()
    data = json.loads(dumps(file))
    data["final"]["seats"][0]["points"] += 1000
    report = check(loads(json.dumps(data).encode()))
    assert report.problems == ["the state the bot stored at the end is not the one the moves lead to"]


def test_a_long_file_goes_gzipped(monkeypatch):
    file = _cosmic_file()
    monkeypatch.setattr("engine.fairness_file.FILE_LIMIT", 100)
    data, extension = encoded(file)
    assert extension == "json.gz" and data[:2] == b"\x1f\x8b" and loads(data) == file


# -- the spread of the die ------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("x", "dof", "p"), [  # chi-square critical values (tables; scipy.stats.chi2.sf)
    (3.841459, 1, 0.05), (5.991465, 2, 0.05), (7.814728, 3, 0.05), (9.487729, 4, 0.05), (11.070498, 5, 0.05),
    (15.086272, 5, 0.01), (1.0, 5, 0.9625657732472964), (0.0, 5, 1.0), (20.515006, 5, 0.001),
])
def test_the_chi_square_p_value_matches_the_tables(x, dof, p):
    assert chi_square_survival(x, dof) == pytest.approx(p, rel=1e-6, abs=1e-12)


def test_the_spread_of_known_rolls():
    s = spread([1, 1, 2, 3, 4, 5, 6, 6, 6, 6, 6, 6])  # 12 rolls: 2 expected each
    assert s.counts == (2, 1, 1, 1, 1, 6) and s.expected == 2
    assert s.chi_square == pytest.approx((0 + 1 + 1 + 1 + 1 + 16) / 2)
    assert s.p_value == pytest.approx(chi_square_survival(10.0, 5)) and s.few
    fair = spread([face for face in range(1, 7) for _ in range(10)])
    assert fair.chi_square == 0 and fair.p_value == 1.0 and not fair.few
    assert spread([]).rolls == 0 and spread([]).p_value == 1.0
