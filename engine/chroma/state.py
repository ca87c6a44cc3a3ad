"""A channel's Chroma-jong settings as a game the storage layer keeps: its rules (which ability each chroma has,
the seed's alternatives) and the shuffles that deal the abilities at random for the next hanchan
(seed 002, "Modifications"). Shuffles come from a seed held in the state, so they replay.

The settings never end, so their seed is revealed on request (`/verify game:chroma`, issue 21): the reveal is a
`Reseed` move that puts a fresh seed and salt in the state, so the shuffles after it stay unpredictable and have a
commitment of their own."""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from engine.base import Event, GameKind
from engine.chroma.rules import ChromaRules
from engine.commitment import Seal, commitment, seal
from engine.errors import IllegalMove
from engine.text import N_, command

KIND = "chroma"


@dataclass(frozen=True)
class ChromaState:
    host: int
    rules: ChromaRules = field(default_factory=ChromaRules)
    seed: int = 0
    shuffles: int = 0
    salt: str | None = None  # hides the seed in the commitment the channel's messages show (engine/commitment.py)
    sealed_at: int = 0  # `shuffles` when this seed and salt came: the shuffles a reveal would show are the later ones

    def to_dict(self) -> dict[str, Any]:
        return {"host": self.host, "rules": self.rules.to_dict(), "seed": self.seed, "shuffles": self.shuffles} | (
            {} if self.salt is None else {"salt": self.salt, "sealed_at": self.sealed_at})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ChromaState:
        return cls(host=data["host"], rules=ChromaRules.from_dict(data["rules"]), seed=data["seed"],
                   shuffles=data["shuffles"], salt=data.get("salt"), sealed_at=data.get("sealed_at", 0))

    @property
    def seal(self) -> Seal | None:
        """The seed and salt behind the commitment shown now (None for settings stored before them)."""
        return seal(self.seed, self.salt)

    @property
    def sealed_shuffles(self) -> int:
        """Shuffles dealt from the current seed."""
        return self.shuffles - self.sealed_at


@dataclass(frozen=True)
class SetRules:
    rules: ChromaRules


@dataclass(frozen=True)
class Shuffle:
    pass


@dataclass(frozen=True)
class Reseed:
    """The seed so far is revealed: later shuffles come from this seed and salt."""

    seed: int
    salt: str


Move = SetRules | Shuffle | Reseed


def new_state(host: int, seed: int, rules: ChromaRules | None = None, salt: str | None = None) -> ChromaState:
    return ChromaState(host=host, rules=rules or ChromaRules(), seed=seed, salt=salt)


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
    if isinstance(move, Reseed):
        if state.salt is not None and not state.sealed_shuffles:
            raise IllegalMove(N_("No shuffle has been dealt from this channel's seed since it was last revealed: "
                                 "there is nothing to reveal."), N_("Deal the abilities with {shuffle} first."),
                              code="nothing_to_reveal", shuffle=command("chroma shuffle"))
        return (replace(state, seed=move.seed, salt=move.salt, sealed_at=state.shuffles),
                [{"type": "reseeded", "commitment": commitment(move.seed, move.salt)}])
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
    if data["type"] == "reseed":
        return Reseed(data["seed"], data["salt"])
    raise ValueError(f"not a chroma move: {data['type']!r}")


CHROMA = GameKind(name=KIND, state_to_dict=ChromaState.to_dict, state_from_dict=ChromaState.from_dict,
                  move_to_dict=move_to_dict, move_from_dict=move_from_dict, apply=apply)
