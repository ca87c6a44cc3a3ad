"""CHAOS;JAN — The Cosmic Deck (seed 001): the Library, Discards, the Active Modifier, Events in effect and every
player's paid rolls this hand. Pure transitions on CosmicState; the table applies the payments.

Randomness (die rolls, shuffles) comes from the state's seed and counters, so a game replays exactly.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, replace
from enum import StrEnum
from typing import Any

from engine.base import Event
from engine.commitment import Seal, seal
from engine.deck import Card, CardType, Deck, Lasts, deck_from_dict

BASE_COST = 1000


class ChomboPenalty(StrEnum):
    MANGAN = "mangan"  # pays each other player their share of a mangan tsumo (5 han 30 fu, as the table scores)
    NONE = "none"  # only recorded


@dataclass(frozen=True)
class InEffect:
    card: str  # card id
    revealer: int


@dataclass(frozen=True)
class Owed:
    """A revealed card's payment not made yet: `reveal` is the roll that revealed it (the dice rolled so far)."""

    card: str
    revealer: int
    reveal: int


@dataclass(frozen=True)
class CosmicState:
    deck: Deck
    library: tuple[str, ...]  # card ids, top first
    rolls: tuple[int, ...]  # per seat, rolls made this hand
    seed: int
    discards: tuple[str, ...] = ()
    active: str | None = None  # the Active Modifier
    active_revealer: int | None = None
    in_effect: tuple[InEffect, ...] = ()  # lingering Events
    dead: tuple[int, ...] = ()  # players with a dead hand (chombo) this hand
    chombo: ChomboPenalty = ChomboPenalty.MANGAN
    dice_rolled: int = 0
    shuffles: int = 0
    owed: tuple[Owed, ...] = ()  # revealed cards whose payment waits for its button, this hand
    salt: str | None = None  # hides the seed in the commitment `/cosmic start` posts (engine/commitment.py)
    first_seed: int | None = None  # the seed of `/cosmic start` once an imported deck shuffles from one derived from it

    def to_dict(self) -> dict[str, Any]:
        return {"deck": self.deck.to_dict(), "library": list(self.library), "rolls": list(self.rolls),
                "seed": self.seed, "discards": list(self.discards), "active": self.active,
                "active_revealer": self.active_revealer,
                "in_effect": [{"card": e.card, "revealer": e.revealer} for e in self.in_effect],
                "dead": list(self.dead), "chombo": self.chombo.value, "dice_rolled": self.dice_rolled,
                "shuffles": self.shuffles, "owed": [asdict(o) for o in self.owed]} | (
            {} if self.salt is None else {"salt": self.salt}) | (
            {} if self.first_seed is None else {"first_seed": self.first_seed})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> CosmicState:
        return cls(deck=deck_from_dict(data["deck"]), library=tuple(data["library"]), rolls=tuple(data["rolls"]),
                   seed=data["seed"], discards=tuple(data["discards"]), active=data["active"],
                   active_revealer=data["active_revealer"],
                   in_effect=tuple(InEffect(**e) for e in data["in_effect"]), dead=tuple(data["dead"]),
                   chombo=ChomboPenalty(data["chombo"]), dice_rolled=data["dice_rolled"], shuffles=data["shuffles"],
                   owed=tuple(Owed(**o) for o in data.get("owed", ())), salt=data.get("salt"),
                   first_seed=data.get("first_seed"))

    @property
    def seal(self) -> Seal | None:
        """The seed and salt behind the commitment `/cosmic start` posted (None for a deck stored before them).
        Every shuffle and roll follows from that seed, an imported deck's too."""
        return seal(self.seed if self.first_seed is None else self.first_seed, self.salt)

    @property
    def active_card(self) -> Card | None:
        return None if self.active is None else self.deck.card(self.active)

    @property
    def aotenjou(self) -> bool:
        """The Active Modifier switches Aotenjou scoring on."""
        card = self.active_card
        return card is not None and card.aotenjou


def roll_cost(rolls_before: int) -> int:
    """1000 x 2^n, n being the player's rolls this hand (seed 001, Drawing Cards)."""
    return BASE_COST * 2**rolls_before


def start(deck: Deck, seats: int, seed: int, chombo: ChomboPenalty = ChomboPenalty.MANGAN,
          salt: str | None = None) -> CosmicState:
    state = CosmicState(deck=deck, library=tuple(c.id for c in deck.cards), rolls=(0,) * seats, seed=seed,
                        chombo=chombo, salt=salt)
    return _shuffle_library(state, state.library)


def _shuffle_library(state: CosmicState, cards: tuple[str, ...]) -> CosmicState:
    order = list(cards)
    random.Random(f"{state.seed}:shuffle:{state.shuffles}").shuffle(order)
    return replace(state, library=tuple(order), shuffles=state.shuffles + 1)


def roll_die(state: CosmicState) -> tuple[CosmicState, int]:
    value = random.Random(f"{state.seed}:die:{state.dice_rolled}").randint(1, 6)
    return replace(state, dice_rolled=state.dice_rolled + 1), value


def count_roll(state: CosmicState, seat: int) -> CosmicState:
    return replace(state, rolls=tuple(n + 1 if i == seat else n for i, n in enumerate(state.rolls)))


def draw_top(state: CosmicState) -> tuple[CosmicState, Card | None, list[Event]]:
    """Take the Library's top card; an empty Library is refilled by shuffling the Discards (never the Active
    Modifier or Events in effect)."""
    events: list[Event] = []
    if not state.library:
        if not state.discards:
            return state, None, [{"type": "library_empty"}]
        state = replace(_shuffle_library(state, state.discards), discards=())
        events.append({"type": "refilled", "cards": len(state.library)})
    top, rest = state.library[0], state.library[1:]
    return replace(state, library=rest), state.deck.card(top), events


def reveal(state: CosmicState, card: Card, revealer: int) -> tuple[CosmicState, list[Event]]:
    """Put a revealed card where it belongs: a Modifier replaces the active one, an Event lingers or is done. A card
    that moves points is owed until its payment is made."""
    event: Event = {"type": "revealed", "card": card.id, "revealer": revealer}
    if card.payments:
        state = replace(state, owed=(*state.owed, Owed(card.id, revealer, state.dice_rolled)))
    if card.type is CardType.MODIFIER:
        discards = state.discards + ((state.active,) if state.active else ())
        if state.active:
            event["replaced"] = state.active
        return replace(state, active=card.id, active_revealer=revealer, discards=discards), [event]
    if card.lingers:
        return replace(state, in_effect=(*state.in_effect, InEffect(card.id, revealer))), [event]
    return replace(state, discards=(*state.discards, card.id)), [event]


def dismiss(state: CosmicState, card_id: str) -> CosmicState:
    remaining = tuple(e for e in state.in_effect if e.card != card_id)
    return replace(state, in_effect=remaining, discards=(*state.discards, card_id))


def end_hand(state: CosmicState) -> tuple[CosmicState, list[str]]:
    """Every roll count back to zero; "this hand" Events expire, and unpaid card payments lapse. Returns the expired
    card ids."""
    expired = [e.card for e in state.in_effect if state.deck.card(e.card).lasts is Lasts.HAND]
    kept = tuple(e for e in state.in_effect if e.card not in expired)
    return replace(state, rolls=(0,) * len(state.rolls), dead=(), in_effect=kept, owed=(),
                   discards=state.discards + tuple(expired)), expired


def reshuffle(state: CosmicState) -> CosmicState:
    """The Library and the Discards shuffled together; the Active Modifier and Events in effect stay."""
    return replace(_shuffle_library(state, state.library + state.discards), discards=())


def with_deck(state: CosmicState, deck: Deck) -> CosmicState:
    """A new deck: Library shuffled from it, everything else about the old deck cleared; roll counts kept."""
    first = state.seed if state.first_seed is None else state.first_seed
    return replace(start(deck, len(state.rolls), state.seed + state.shuffles, state.chombo, state.salt),
                   rolls=state.rolls, dead=state.dead, first_seed=None if state.salt is None else first)
