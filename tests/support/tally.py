"""A tiny game used only by tests and benchmarks: seated players add to a shared tally.

It exercises everything the storage and Discord layers give a real game (typed errors, seats, a log
of moves in order) without depending on any real game's rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.base import GameKind
from engine.errors import IllegalMove, NotSeated


@dataclass(frozen=True)
class TallyState:
    host: int
    players: tuple[int, ...]
    total: int = 0
    added: tuple[int, ...] = ()  # every amount, in the order applied
    padding: str = ""  # lets benchmarks size the state
    extra: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"host": self.host, "players": list(self.players), "total": self.total,
                "added": list(self.added), "padding": self.padding}

    @classmethod
    def from_dict(cls, data: dict) -> TallyState:
        return cls(host=data["host"], players=tuple(data["players"]), total=data["total"],
                   added=tuple(data["added"]), padding=data.get("padding", ""))


@dataclass(frozen=True)
class Add:
    player: int
    amount: int

    def to_dict(self) -> dict:
        return {"type": "add", "player": self.player, "amount": self.amount}


def new_game(host: int, players: list[int], padding: int = 0) -> TallyState:
    return TallyState(host=host, players=tuple(players), padding="x" * padding)


def apply(state: TallyState, move: Add) -> tuple[TallyState, list[dict]]:
    if move.player not in state.players:
        raise NotSeated("You are not playing in this tally.", "Ask the host to start one with you in it.")
    if move.amount <= 0:
        raise IllegalMove("You can only add a positive amount.", "Try `amount: 1` or more.", code="tally_amount")
    new = TallyState(state.host, state.players, state.total + move.amount, (*state.added, move.amount),
                     state.padding)
    return new, [{"type": "added", "player": move.player, "amount": move.amount, "total": new.total}]


TALLY = GameKind(
    name="tally",
    state_to_dict=TallyState.to_dict,
    state_from_dict=TallyState.from_dict,
    move_to_dict=Add.to_dict,
    move_from_dict=lambda data: Add(data["player"], data["amount"]),
    apply=apply,
)
