"""The file a finished game's reveal comes with (issue 21, item 3; docs/fairness.md): what a replay needs.

JSON, one object:
- `format`: "chaostable-fairness/1"; `kind`: the game kind (`table`, `cosmic` for a Cosmic Deck without a table,
  `uno`, `ginjontan`, `chroma`); `game`: its id.
- `seals`: each seed the game was dealt from, with its salt and commitment: `{"game": "cosmic", "at": 3, "seed":
  "<decimal>", "salt": "<32 hex>", "commitment": "<64 hex>"}`. `at` is where the seed enters the game: 0 for the
  start state (the state itself, or its part named `game`: the `cosmic` of a deck without a table, or of a table that
  took such a deck over), else the `seq` of the move that carries it (`/cosmic start`, `/chaosjan new`, a Chroma
  reveal).
- `start`: the game's state at the start (its lobby; for a table, before any move).
- `moves`: the moves that stand (undone ones left out), in order: `{"seq", "actor", "move", "events"}`, `events`
  being what the engine reported for it, which is what the bot announced.
- `final`: the state the bot stored at the end.

Seeds are decimal strings in `seals` (the committed bytes are that text); the states and moves keep them as numbers,
as the engine stores them.
"""

from __future__ import annotations

import gzip
import importlib
import json
from dataclasses import dataclass
from typing import Any

from engine.base import Event, GameKind
from engine.commitment import COMMITMENT, Seal, is_salt

FORMAT = "chaostable-fairness/1"
KINDS = {  # kind -> (module, name): imported when needed, so a replay of Uno needs no mahjong package
    "table": ("engine.table", "TABLE"),
    "cosmic": ("engine.cosmic_only", "COSMIC"),
    "uno": ("engine.uno.rules", "UNO"),
    "ginjontan": ("engine.ginjontan.rules", "GINJONTAN"),
    "chroma": ("engine.chroma.state", "CHROMA"),
}
SEALING_MOVES = {"cosmicstart": "cosmic", "chaosstart": "chaosjan", "reseed": "chroma"}  # move type -> whose seed


class FileError(ValueError):
    """The file is not one this version can read."""


def game_kind(name: str) -> GameKind[Any, Any]:
    if name not in KINDS:
        raise FileError(f"unknown game kind {name!r}: this version replays {', '.join(sorted(KINDS))}")
    module, attribute = KINDS[name]
    kind: GameKind[Any, Any] = getattr(importlib.import_module(module), attribute)
    return kind


@dataclass(frozen=True)
class SealRecord:
    game: str  # whose seed: uno, ginjontan, chroma, cosmic, chaosjan
    at: int  # 0: the start state; else the seq of the move that carries the seed
    seed: int | None  # None: left out of the file (given to the script instead)
    salt: str | None
    commitment: str

    @property
    def seal(self) -> Seal | None:
        return None if self.seed is None or self.salt is None else Seal(self.seed, self.salt)


@dataclass(frozen=True)
class LoggedMove:
    seq: int
    actor: int | None
    move: dict[str, Any]
    events: list[Event]


@dataclass(frozen=True)
class FairnessFile:
    kind: str
    game: int
    seals: tuple[SealRecord, ...]
    start: dict[str, Any]
    moves: tuple[LoggedMove, ...]
    final: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT, "kind": self.kind, "game": self.game,
            "seals": [{"game": s.game, "at": s.at, "seed": None if s.seed is None else str(s.seed), "salt": s.salt,
                       "commitment": s.commitment} for s in self.seals],
            "start": self.start,
            "moves": [{"seq": m.seq, "actor": m.actor, "move": m.move, "events": m.events} for m in self.moves],
            "final": self.final,
        }

    @classmethod
    def from_dict(cls, data: Any) -> FairnessFile:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise FileError(f"not a Chaos Table fairness file (format {FORMAT!r})")
        try:
            seals = tuple(_seal(s) for s in data["seals"])
            moves = tuple(LoggedMove(int(m["seq"]), m.get("actor"), dict(m["move"]), list(m.get("events") or []))
                          for m in data["moves"])
            start, final = data["start"], data.get("final")
            if not isinstance(start, dict) or not (final is None or isinstance(final, dict)):
                raise FileError("`start` and `final` are game states (objects)")
            return cls(str(data["kind"]), int(data["game"]), seals, start, moves, final)
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, FileError):
                raise
            raise FileError(f"the file is damaged: {error!r}") from error


def _seal(data: dict[str, Any]) -> SealRecord:
    seed, salt, digest = data.get("seed"), data.get("salt"), data["commitment"]
    if seed is not None and not (isinstance(seed, str | int) and str(seed).isascii() and str(seed).isdigit()):
        raise FileError(f"a seed is a whole number, not {seed!r}")
    if salt is not None and not is_salt(salt):
        raise FileError(f"a salt is 32 lowercase hex digits, not {salt!r}")
    if not isinstance(digest, str) or not COMMITMENT.fullmatch(digest):
        raise FileError(f"a commitment is 64 lowercase hex digits, not {digest!r}")
    return SealRecord(str(data["game"]), int(data["at"]), None if seed is None else int(seed), salt, digest)


NESTED = ("cosmic", "chaosjan")  # parts of a start state that hold a seed of their own (a deck taken over)


def start_holders(kind: str, start: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The objects of the start state that hold a seed, with whose seed it is: the state itself, or its parts."""
    holders = [(kind, start)] if "seed" in start else []
    holders += [(part, start[part]) for part in NESTED if isinstance(start.get(part), dict) and "seed" in start[part]]
    return holders


def seed_key(holder: dict[str, Any]) -> str:
    """Which key holds the committed seed: an imported deck shuffles from a seed derived from the first one, which
    the state keeps as `first_seed` (engine/cosmic.py)."""
    return "first_seed" if holder.get("first_seed") is not None else "seed"


def seals_in(kind: str, start: dict[str, Any], moves: list[LoggedMove] | tuple[LoggedMove, ...]) -> list[SealRecord]:
    """The seeds a game was dealt from, found where they enter it: the start state, and the moves that bring a seed
    (each with its salt; a seed stored without one had no commitment and is left out)."""
    found = []
    for game, holder in start_holders(kind, start):
        seed = holder.get(seed_key(holder))
        if isinstance(seed, int) and is_salt(holder.get("salt")):
            found.append(_record(game, 0, seed, holder["salt"]))
    for m in moves:
        whose = SEALING_MOVES.get(str(m.move.get("type")))
        if whose is not None and isinstance(m.move.get("seed"), int) and is_salt(m.move.get("salt")):
            found.append(_record(whose, m.seq, m.move["seed"], m.move["salt"]))
    return found


def _record(game: str, at: int, seed: int, salt: str) -> SealRecord:
    return SealRecord(game, at, seed, salt, Seal(seed, salt).commitment)


def seeds_carried(kind: str, start: dict[str, Any],
                  moves: tuple[LoggedMove, ...]) -> list[tuple[int, str, dict[str, Any]]]:
    """Every place a seed enters the game, salted or not: (0 for the start, else the move's seq; whose seed; the
    object holding it). A replay may trust only seeds a seal covers."""
    places = [(0, game, holder) for game, holder in start_holders(kind, start)]
    places += [(m.seq, SEALING_MOVES.get(str(m.move.get("type")), kind), m.move) for m in moves if "seed" in m.move]
    return places


FILE_LIMIT = 8 * 1024 * 1024  # bytes of JSON attached as is; a longer file goes gzipped (the script reads both)


def dumps(file: FairnessFile) -> str:
    """The file's JSON, a move to a line (readable, and diffable against another export)."""
    data = file.to_dict()
    moves = data.pop("moves")
    final = data.pop("final")
    head = json.dumps(data, ensure_ascii=False)[:-1]
    lines = ",\n  ".join(json.dumps(m, ensure_ascii=False) for m in moves)
    return f'{head},\n "moves": [\n  {lines}\n ],\n "final": {json.dumps(final, ensure_ascii=False)}}}\n'


def encoded(file: FairnessFile) -> tuple[bytes, str]:
    """(the bytes to attach, the extension): JSON in UTF-8, gzipped past FILE_LIMIT."""
    data = dumps(file).encode()
    return (data, "json") if len(data) <= FILE_LIMIT else (gzip.compress(data, mtime=0), "json.gz")


def loads(data: bytes) -> FairnessFile:
    """A file as `encoded` made it (gzipped or not)."""
    if data[:2] == b"\x1f\x8b":
        data = gzip.decompress(data)
    try:
        return FairnessFile.from_dict(json.loads(data.decode()))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise FileError(f"not JSON: {error}") from error
