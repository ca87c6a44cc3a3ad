"""Moves: small frozen dataclasses, each with a JSON form for the event log (`move_to_dict`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine.uno.cards import Colour


@dataclass(frozen=True, slots=True)
class Join:
    player: int
    name: str = ""


@dataclass(frozen=True, slots=True)
class Start:
    player: int


@dataclass(frozen=True, slots=True)
class Play:
    """Play `card` (an id from the hand) on the pile with id `pile`.

    `colour` for a Wild; `target` a player (a 7's trade partner, or where a 7 puts a stack); `onto` a pile id
    (where a 1 moves its pile); `split` for a 2 played against mixed stacks ("plus" or "eights": which kind
    goes on). `serial`: the pile's serial the player saw; if the pile changed since, someone was first.
    """

    player: int
    card: int
    pile: int
    colour: Colour | None = None
    target: int | None = None
    onto: int | None = None
    split: str | None = None
    serial: int | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw on your turn when you can't play, or take the stacks aimed at you (`count`: only that many)."""

    player: int
    count: int | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """Keep the card you drew (plain Uno: drawing one card, you may play it or keep it)."""

    player: int


@dataclass(frozen=True, slots=True)
class Accept:
    """Let the trade aimed at you happen, or (as the turn player) let the pending 0 shift happen."""

    player: int


@dataclass(frozen=True, slots=True)
class Choose:
    """Answer a prompt: a trade partner (`target`) or a pile (`onto`) for a card revealed by a flip."""

    player: int
    target: int | None = None
    onto: int | None = None


@dataclass(frozen=True, slots=True)
class SayUno:
    player: int


@dataclass(frozen=True, slots=True)
class Callout:
    caller: int
    target: int


@dataclass(frozen=True, slots=True)
class Challenge:
    player: int
    pile: int | None = None


@dataclass(frozen=True, slots=True)
class EndRound:
    player: int


@dataclass(frozen=True, slots=True)
class TimeOut:
    """The turn timer ran out: the bot answers for the player the game waits on, draws for them and skips."""


@dataclass(frozen=True, slots=True)
class Leave:
    player: int


@dataclass(frozen=True, slots=True)
class SetTimer:
    seconds: int


MOVES = {cls.__name__: cls for cls in (Join, Start, Play, Draw, Pass, Accept, Choose, SayUno, Callout, Challenge,
                                       EndRound, TimeOut, Leave, SetTimer)}
Move = Join | Start | Play | Draw | Pass | Accept | Choose | SayUno | Callout | Challenge | EndRound | TimeOut | \
    Leave | SetTimer


def move_to_dict(move: Move) -> dict[str, Any]:
    data = {k: (v.value if isinstance(v, Colour) else v) for k, v in asdict(move).items() if v is not None}
    return {"move": type(move).__name__, **data}


def move_from_dict(data: dict[str, Any]) -> Move:
    data = dict(data)
    cls = MOVES[data.pop("move")]
    if data.get("colour") is not None:
        data["colour"] = Colour(data["colour"])
    return cls(**data)
