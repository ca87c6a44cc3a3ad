"""What every game module gives the storage layer: how to (de)serialize and how to apply a move."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

State = TypeVar("State")
Move = TypeVar("Move")

Event = dict[str, Any]  # engine events are plain JSON-able dicts: {"type": ..., ...}


@dataclass(frozen=True)
class GameKind(Generic[State, Move]):
    """Binds a game's pure functions under a stable name (the `games.kind` column).

    `apply(state, move)` returns the new state and the events it produced, or raises a GameError.
    """

    name: str
    state_to_dict: Callable[[State], dict[str, Any]]
    state_from_dict: Callable[[dict[str, Any]], State]
    move_to_dict: Callable[[Move], dict[str, Any]]
    apply: Callable[[State, Move], tuple[State, list[Event]]]
