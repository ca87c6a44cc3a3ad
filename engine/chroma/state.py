"""A channel's Chroma-jong settings as a game the storage layer keeps: its rules (which ability each chroma has,
the seed's alternatives) and the shuffles that deal the abilities at random for the next hanchan
(seed 002, "Modifications"). Shuffles come from a seed held in the state, so they replay."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from engine.base import Event, GameKind
from engine.chroma.rules import ChromaRules
from engine.errors import IllegalMove
from engine.text import N_, command

KIND = "chroma"


@dataclass(frozen=True)
class ChromaState:
    host: int
    rules: ChromaRules = field(default_factory=ChromaRules)
    seed: int = 0
    shuffles: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"host": self.host, "rules": self.rules.to_dict(), "seed": self.seed, "shuffles": self.shuffles}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ChromaState:
        return cls(host=data["host"], rules=ChromaRules.from_dict(data["rules"]), seed=data["seed"],
                   shuffles=data["shuffles"])


@dataclass(frozen=True)
class SetRules:
    rules: ChromaRules


@dataclass(frozen=True)
class Shuffle:
    pass


Move = SetRules | Shuffle


def new_state(host: int, seed: int, rules: ChromaRules | None = None) -> ChromaState:
    return ChromaState(host=host, rules=rules or ChromaRules(), seed=seed)


def apply(state: ChromaState, move: Move) -> tuple[ChromaState, list[Event]]:
    if isinstance(move, SetRules):
        if move.rules == state.rules:
            raise IllegalMove(N_("Those are already the channel's chroma rules."), N_("Change at least one option."))
        return replace(state, rules=move.rules), [{"type": "rules", "rules": move.rules.to_dict()}]
    if isinstance(move, Shuffle):
        abilities = [ability for _, ability in state.rules.abilities]
        random.Random(f"{state.seed}:{state.shuffles}").shuffle(abilities)
        chromas = [chroma for chroma, _ in state.rules.abilities]
        rules = replace(state.rules, abilities=tuple(zip(chromas, abilities, strict=True)))
        return (replace(state, rules=rules, shuffles=state.shuffles + 1),
                [{"type": "shuffle", "abilities": {c.value: a.value for c, a in rules.abilities}}])
    raise IllegalMove(N_("That isn't a chroma settings change."), N_("Use {rules} or {shuffle}."),
                      rules=command("chroma rules"), shuffle=command("chroma shuffle"))


def move_to_dict(move: Move) -> dict[str, Any]:
    if isinstance(move, SetRules):
        return {"type": "rules", "rules": move.rules.to_dict()}
    return {"type": type(move).__name__.lower(), **asdict(move)}


def move_from_dict(data: dict[str, Any]) -> Move:
    if data["type"] == "rules":
        return SetRules(ChromaRules.from_dict(data["rules"]))
    if data["type"] == "shuffle":
        return Shuffle()
    raise ValueError(f"not a chroma move: {data['type']!r}")


CHROMA = GameKind(name=KIND, state_to_dict=ChromaState.to_dict, state_from_dict=ChromaState.from_dict,
                  move_to_dict=move_to_dict, move_from_dict=move_from_dict, apply=apply)
