"""CHAOS;JAN moves. Players are Discord user ids; cards are catalogue ids (a player holding two copies plays
either: they are the same card)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine.chaosjan.catalogue import CardType, Catalogue
from engine.chaosjan.state import AutoMode


@dataclass(frozen=True)
class Choose:
    """A private choice before the game (1.2a, 5.1d.2, 5.2d.1): a Character, or three Actions, Stocks or
    Modifiers."""

    player: int
    kind: CardType
    cards: tuple[str, ...]


@dataclass(frozen=True)
class UseCatalogue:
    """Play a group's own cards (`/chaosjan import`): only while choices are being made; they start over."""

    catalogue: Catalogue


@dataclass(frozen=True)
class Play:
    player: int
    card: str
    target: int | None = None  # a player, for effects that name one
    amount: int | None = None  # points, for "any number" takes (3.1f.4)


@dataclass(frozen=True)
class Pass:
    player: int


@dataclass(frozen=True)
class Drew:
    """The active player drew a tile: priority again (2.1). `again`: a second tile in the same turn (a kan's
    replacement tile), which opens priority without starting the turn over."""

    player: int
    again: bool = False


@dataclass(frozen=True)
class Next:
    """The turn passes: to the next seat, or to `to` (after a call)."""

    player: int
    to: int | None = None


@dataclass(frozen=True)
class EndEffect:
    """A Stock's effect has ended (1.6b.1, 1.6c.2): its card number."""

    player: int
    card: int


@dataclass(frozen=True)
class AutoPass:
    """When the bot passes for this player (rulings: auto-pass)."""

    player: int
    mode: AutoMode = AutoMode.AUTO


Move = Choose | UseCatalogue | Play | Pass | Drew | Next | EndEffect | AutoPass
MOVES = (Choose, UseCatalogue, Play, Pass, Drew, Next, EndEffect, AutoPass)


def move_to_dict(move: Move) -> dict[str, Any]:
    if isinstance(move, UseCatalogue):  # the whole catalogue, so that the log replays
        return {"type": "usecatalogue", "catalogue": move.catalogue.name, "cards": move.catalogue.to_dict()}
    data = asdict(move)
    if isinstance(move, Choose):
        data["kind"] = move.kind.value
    return {"type": type(move).__name__.lower(), **data}


_BY_TYPE: dict[str, type] = {cls.__name__.lower(): cls for cls in MOVES}


def move_from_dict(data: dict[str, Any]) -> Move:
    fields = {k: v for k, v in data.items() if k not in ("type", "chaosjan")}
    cls = _BY_TYPE[data["type"]]
    if cls is UseCatalogue:
        return UseCatalogue(Catalogue.from_dict(data["cards"]))
    if cls is Choose:
        return Choose(fields["player"], CardType(fields["kind"]), tuple(fields["cards"]))
    if cls is AutoPass:
        return AutoPass(fields["player"], AutoMode(fields["mode"]))
    return cls(**fields)  # type: ignore[no-any-return]
