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
    When `is_over(state)` holds after a move, storage finishes the game in that move's transaction: it stores
    `results(state)` as (player, place, points) and moves `prizes(state)`, (giver, taker, card), between the
    players' collections.

    `corrects(move)`, for a kind whose finished or past entries may be corrected (issue 21), is (the entry's seq, the
    move that replaces it) when `move` is such a correction, else None. A correction is not applied to a state: the
    log is replayed with the replacement in the entry's place (storage/corrections.py), through `apply`.
    """

    name: str
    state_to_dict: Callable[[State], dict[str, Any]]
    state_from_dict: Callable[[dict[str, Any]], State]
    move_to_dict: Callable[[Move], dict[str, Any]]
    move_from_dict: Callable[[dict[str, Any]], Move]  # the inverse of move_to_dict, so the log replays
    apply: Callable[[State, Move], tuple[State, list[Event]]]
    is_over: Callable[[State], bool] | None = None
    results: Callable[[State], list[tuple[int, int, int]]] | None = None
    prizes: Callable[[State], list[tuple[int, int, int]]] | None = None
    corrects: Callable[[Move], tuple[int, Move] | None] | None = None
