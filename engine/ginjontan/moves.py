"""Moves of Gin-jon-tan: small frozen dataclasses, one per thing a player can do (with the step they are from)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Join:
    player: int
    name: str = ""


@dataclass(frozen=True)
class Leave:
    """A player leaves, or is removed (in the lobby, or at any step after the start)."""

    player: int


@dataclass(frozen=True)
class Start:
    player: int
    collections: dict[int, tuple[int, ...]] = field(default_factory=dict)  # personal decks: each player's cards


@dataclass(frozen=True)
class Swap:
    """Step 2: exchange the whole hand with the reserve (`swap`), or keep it."""

    player: int
    swap: bool


@dataclass(frozen=True)
class SetAside:
    """Step 3 and 3.5: the three cards to unfold next."""

    player: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Act:
    """Step 3.3: one of your unfolded cards acts on one of your opponent's."""

    player: int
    card: int
    target: int


@dataclass(frozen=True)
class Exchange:
    """Hand cards `give` go to the reserve, reserve cards `take` to the hand: up to 3 (3.4), up to 9 (step 4),
    1-3 (6.1b). In 3.4 and step 4 an empty exchange means "no exchange"."""

    player: int
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()


@dataclass(frozen=True)
class Trim:
    """Reserve cards that go back to the deck (3.3: over 33; step 5: over 9)."""

    player: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Call:
    """6.1a: "Gin jon tan!"."""

    player: int


@dataclass(frozen=True)
class AskCards:
    """6.1c: give 1-3 hand cards to `target` and ask for as many from their hand or reserve."""

    player: int
    target: int
    source: str
    give: tuple[int, ...]


@dataclass(frozen=True)
class Give:
    """6.1c: the asked player picks the cards they hand over."""

    player: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Evaluate:
    """Step 7: show your hand, or say "Kat oh!" (7a)."""

    player: int
    kat_oh: bool = False


@dataclass(frozen=True)
class TimeOut:
    """The turn timer ran out: the bot answers with their default move for everyone the game waits for."""


Move = Join | Leave | Start | Swap | SetAside | Act | Exchange | Trim | Call | AskCards | Give | Evaluate | TimeOut
MOVES: dict[str, type] = {cls.__name__.lower(): cls for cls in (Join, Leave, Start, Swap, SetAside, Act, Exchange,
                                                                Trim, Call, AskCards, Give, Evaluate, TimeOut)}


def move_to_dict(move: Any) -> dict[str, Any]:
    data = asdict(move)
    if isinstance(move, Start):
        data["collections"] = {str(k): list(v) for k, v in move.collections.items()}
    return {"move": type(move).__name__.lower(), **data}


def move_from_dict(data: dict[str, Any]) -> Any:
    data = dict(data)
    cls = MOVES[data.pop("move")]
    if cls is Start:
        data["collections"] = {int(k): tuple(v) for k, v in data.get("collections", {}).items()}
    return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})
