"""The state of a CHAOS;JAN game: choices, both decks, hands, cards in play, priority and sub-priority.

Action-Deck cards are numbered: `cards[n]` is the catalogue id of card number n, and every zone (deck, hands,
discard, the priority chain, Stocks in play) holds numbers, so copies of one card stay distinct and no card can be
created or lost. Modifiers are unique (5.2d.2), so their zones hold catalogue ids. Seats are indexes into
`players`, which follows the table's seating order (turn order, 2.3).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from engine import text
from engine.chaosjan.catalogue import Card, CardType, Catalogue, Colour, Lasts
from engine.chaosjan.options import ChaosOptions
from engine.errors import NotSeated
from engine.text import N_


class Phase(StrEnum):
    SETUP = "setup"  # players choose Characters and deck cards (1.2a, 5.1d, 5.2d)
    PLAYING = "playing"


class Window(StrEnum):
    """Why a round of priority is open (2.1, 1.1e.1)."""

    BEFORE_DRAW = "before_draw"  # the start of the active player's turn
    AFTER_DRAW = "after_draw"  # the active player has drawn a tile
    RIICHI = "riichi"  # an Action played as part of declaring riichi (1.1e.1)


class AutoMode(StrEnum):
    """When the bot passes for a player (rulings: auto-pass)."""

    AUTO = "auto"  # the default: when nothing they hold can be played now
    ASK = "ask"  # never: they are asked every time
    UNTIL_PLAYED = "until_played"  # whatever they hold, until someone plays a card (then AUTO)
    UNTIL_MY_TURN = "until_my_turn"  # whatever they hold, Negates too, until their own turn begins (then AUTO)


@dataclass(frozen=True)
class Choice:
    character: str | None = None
    actions: tuple[str, ...] = ()
    stocks: tuple[str, ...] = ()
    modifiers: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return (self.character is not None and bool(self.actions) and bool(self.stocks)
                and len(self.modifiers) == 3)  # a Modifier refused as taken leaves a place to fill (5.2d.2)


@dataclass(frozen=True)
class Played:
    card: int
    seat: int
    target: int | None = None  # a seat, for effects that name a player
    amount: int | None = None  # for "any number" takes (3.1f.4)


@dataclass(frozen=True)
class SubPriority:
    """2.7: the round for Negates. `chain[0]` is the card that opened it; each later card is a Negate of the one
    before it (1.5b)."""

    holder: int
    chain: tuple[Played, ...]
    passes: int = 0  # passes in a row since the last card was played (2.5, 2.7a)
    ahead: tuple[int, ...] = ()  # seats that passed before it reached them; a card played cancels it (2.5)


@dataclass(frozen=True)
class Priority:
    holder: int
    window: Window
    passes: int = 0  # passes in a row since the last card was played (2.5)
    sub: SubPriority | None = None  # main priority waits while it runs (2.7d)
    ahead: tuple[int, ...] = ()  # seats that passed before it reached them; a card played cancels it (2.5)


@dataclass(frozen=True)
class InPlay:
    """A Stock (or a Hyper that is a Stock effect, 1.3b) whose effect is active (1.6b)."""

    card: int
    seat: int
    lasts: Lasts | None  # None: no active time phrase (1.6c.3)
    target: int | None = None  # the seat its player named when playing it (Loan Shark's lender is repaid)


@dataclass(frozen=True)
class Table:
    """What CHAOS;JAN reads from and writes to the channel's `/table`: points by seat, points on the table, and
    the dealer's seat. The table applies the result in the same move."""

    points: tuple[int, ...]
    on_table: int = 0
    dealer: int = 0
    riichi: tuple[bool, ...] = ()  # who has declared riichi this hand (read only; the table pays the stick)

    def __post_init__(self) -> None:
        if not self.riichi:
            object.__setattr__(self, "riichi", (False,) * len(self.points))


@dataclass(frozen=True)
class ChaosState:
    catalogue: Catalogue
    options: ChaosOptions
    seed: int
    players: tuple[int, ...]
    host: int
    phase: Phase = Phase.SETUP
    choices: tuple[Choice, ...] = ()
    cards: tuple[str, ...] = ()
    deck: tuple[int, ...] = ()  # the Action Deck, top first
    hands: tuple[tuple[int, ...], ...] = ()
    discard: tuple[int, ...] = ()
    stocks: tuple[InPlay, ...] = ()
    modifier_deck: tuple[str, ...] = ()  # top first
    modifier: str | None = None
    modifier_discard: tuple[str, ...] = ()
    active: int = 0
    drawn: bool = False  # the active player has drawn a tile this turn
    draw_waits: bool = False  # they said they drew while priority before the draw went round: it counts when it stops
    priority: Priority | None = None
    doubles: int = 0  # "double the point exchange" effects waiting for the next ron or tsumo (3.2c.2)
    autopass: tuple[AutoMode, ...] = ()  # by seat: when the bot passes for them (empty: AUTO for everyone)
    shuffles: int = 0
    hands_begun: int = 0
    seed_chosen: bool = False  # shuffled from a seed a player gave (said publicly: they know every hand)

    # -- reading --------------------------------------------------------------------------------------------

    @property
    def n(self) -> int:
        return len(self.players)

    def seat_of(self, player: int) -> int:
        try:
            return self.players.index(player)
        except ValueError:
            raise NotSeated(N_("{player} is not playing CHAOS;JAN at this table."),
                            N_("Only the table's players take part."), player=text.player(player)) from None

    def card(self, number: int) -> Card:
        return self.catalogue.card(self.cards[number])

    def character(self, seat: int) -> Card | None:
        chosen = self.choices[seat].character if self.choices else None
        return None if chosen is None else self.catalogue.card(chosen)

    def colour(self, seat: int) -> Colour | None:
        character = self.character(seat)
        return None if character is None else character.colour

    def bonus_applies(self, card: Card, seat: int) -> bool:
        """1.2d.2 (and 1.4d for the Modifier): the player's Character has the card's colour."""
        return card.colour is not None and card.colour == self.colour(seat)

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.n

    @property
    def holder(self) -> tuple[str, int] | None:
        """Who must act now: ("sub", seat) while sub-priority runs, ("main", seat), or None (2.6)."""
        if self.priority is None:
            return None
        if self.priority.sub is not None:
            return "sub", self.priority.sub.holder
        return "main", self.priority.holder

    def mode(self, seat: int) -> AutoMode:
        return self.autopass[seat] if self.autopass else AutoMode.AUTO

    def with_mode(self, seat: int, mode: AutoMode) -> ChaosState:
        return replace(self, autopass=tuple(mode if i == seat else self.mode(i) for i in range(self.n)))

    def modifier_card(self) -> Card | None:
        return None if self.modifier is None else self.catalogue.card(self.modifier)

    def all_cards(self) -> list[int]:
        """Every Action-Deck card number, wherever it is (for the "no card created or lost" invariant)."""
        chain = [p.card for p in self.priority.sub.chain] if self.priority and self.priority.sub else []
        return [*self.deck, *(c for hand in self.hands for c in hand), *self.discard, *(s.card for s in self.stocks),
                *chain]

    def all_modifiers(self) -> list[str]:
        return [*self.modifier_deck, *([self.modifier] if self.modifier else []), *self.modifier_discard]

    # -- JSON ---------------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "catalogue": self.catalogue.to_dict(), "options": self.options.to_dict(), "seed": self.seed,
            "players": list(self.players), "host": self.host, "phase": self.phase.value,
            "choices": [{"character": c.character, "actions": list(c.actions), "stocks": list(c.stocks),
                         "modifiers": list(c.modifiers)} for c in self.choices],
            "cards": list(self.cards), "deck": list(self.deck), "hands": [list(h) for h in self.hands],
            "discard": list(self.discard),
            "stocks": [{"card": s.card, "seat": s.seat, "lasts": s.lasts and s.lasts.value, "target": s.target}
                       for s in self.stocks],
            "modifier_deck": list(self.modifier_deck), "modifier": self.modifier,
            "modifier_discard": list(self.modifier_discard), "active": self.active, "drawn": self.drawn,
            "draw_waits": self.draw_waits,
            "priority": None if self.priority is None else _priority_dict(self.priority),
            "doubles": self.doubles, "pass_modes": [m.value for m in self.autopass], "shuffles": self.shuffles,
            "hands_begun": self.hands_begun, "seed_chosen": self.seed_chosen,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ChaosState:
        return cls(
            catalogue=Catalogue.from_dict(data["catalogue"]), options=ChaosOptions.from_dict(data["options"]),
            seed=data["seed"], players=tuple(data["players"]), host=data["host"], phase=Phase(data["phase"]),
            choices=tuple(Choice(c["character"], tuple(c["actions"]), tuple(c["stocks"]), tuple(c["modifiers"]))
                          for c in data["choices"]),
            cards=tuple(data["cards"]), deck=tuple(data["deck"]), hands=tuple(tuple(h) for h in data["hands"]),
            discard=tuple(data["discard"]),
            stocks=tuple(InPlay(s["card"], s["seat"], Lasts(s["lasts"]) if s["lasts"] else None, s.get("target"))
                         for s in data["stocks"]),
            modifier_deck=tuple(data["modifier_deck"]), modifier=data["modifier"],
            modifier_discard=tuple(data["modifier_discard"]), active=data["active"], drawn=data["drawn"],
            draw_waits=data.get("draw_waits", False),
            priority=None if data["priority"] is None else _priority_from(data["priority"]),
            doubles=data["doubles"], autopass=_modes(data), shuffles=data["shuffles"],
            hands_begun=data["hands_begun"], seed_chosen=data.get("seed_chosen", False),
        )

    def with_hand(self, seat: int, hand: tuple[int, ...]) -> ChaosState:
        return replace(self, hands=tuple(hand if i == seat else h for i, h in enumerate(self.hands)))

    def has_type(self, seat: int, card_type: CardType) -> bool:
        return any(self.card(c).type is card_type for c in self.hands[seat])


def _modes(data: dict[str, Any]) -> tuple[AutoMode, ...]:
    """Stored games from before the modes kept the seats that had switched auto-pass on (the rest were asked)."""
    if "pass_modes" in data:
        return tuple(AutoMode(m) for m in data["pass_modes"])
    return tuple(AutoMode.AUTO if seat in data["autopass"] else AutoMode.ASK for seat in range(len(data["players"])))


def _played_dict(p: Played) -> dict[str, Any]:
    return {"card": p.card, "seat": p.seat, "target": p.target, "amount": p.amount}


def _priority_dict(p: Priority) -> dict[str, Any]:
    sub = None if p.sub is None else {"holder": p.sub.holder, "passes": p.sub.passes, "ahead": list(p.sub.ahead),
                                      "chain": [_played_dict(x) for x in p.sub.chain]}
    return {"holder": p.holder, "window": p.window.value, "passes": p.passes, "sub": sub, "ahead": list(p.ahead)}


def _priority_from(data: dict[str, Any]) -> Priority:
    sub = data["sub"]
    return Priority(data["holder"], Window(data["window"]), data["passes"],
                    None if sub is None else SubPriority(sub["holder"], tuple(Played(**x) for x in sub["chain"]),
                                                         sub["passes"], tuple(sub.get("ahead", ()))),
                    tuple(data.get("ahead", ())))
