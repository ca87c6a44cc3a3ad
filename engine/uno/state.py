"""The state of an Uno: Chaos Edition game: frozen dataclasses, JSON round trip.

Players are referred to by id everywhere (turn, stack targets, trades), so a player leaving changes no
other reference. Piles have stable ids; the number players see is the pile's position + 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, TypeVar

from engine.commitment import Seal, seal
from engine.uno.cards import Colour
from engine.uno.legal import Options
from engine.uno.moves import Move
from engine.uno.options import UnoOptions

T = TypeVar("T")


def _instance_fields(cls: type[T]) -> type[T]:
    """Drops the class attributes @dataclass leaves for field defaults (its __init__ keeps the defaults): CPython 3.11
    does not specialize reading an instance attribute that shadows a class attribute, and the rules read these
    fields a great deal."""
    for f in fields(cls):  # type: ignore[arg-type]  # a dataclass
        if f.name in cls.__dict__:
            delattr(cls, f.name)
    return cls


class Phase(StrEnum):
    LOBBY = "lobby"
    PLAY = "play"
    OVER = "over"


_OVER = Phase.OVER  # read from the module: an enum member's lookup on its class is slow on CPython 3.11


class StackKind(StrEnum):
    PLUS = "plus"  # +2 / Wild +4 cards: grows when plus cards are added (Stacking)
    EIGHTS = "eights"  # Crazy 8's: an immutable stack of 8 for one player (Immutable stacks)


_PLUS = StackKind.PLUS


class PromptKind(StrEnum):
    PARTNER = "partner"  # a 7 revealed by a flip: its player picks a trade partner
    PILE = "pile"  # a 1 revealed by a flip: its player picks the pile to move it onto


@_instance_fields
@dataclass(frozen=True)  # no slots: rules._Seat/_Pile.freeze fill its __dict__ at once (far cheaper than __init__)
class Seat:
    player: int
    hand: tuple[int, ...] = ()
    points: int = 0
    said_uno: bool = False
    exposed_at: int | None = None  # `plays` when this one-card hand began: a call-out needs a play since
    last_card: int | None = None  # the card that emptied the hand without "Uno" (it can be called back)
    no_jump: bool = False  # was forced to pick up: no jumping in until someone else plays a card
    name: str = ""  # display name when they joined, for pictures and menus (mentions everywhere else)


@dataclass(frozen=True, slots=True)
class Wild4:
    """A Wild +4 on top of a pile, open to a challenge (Challenging)."""

    player: int
    guilty: bool  # they had another card they could have played (another plus card, on a stack)
    on_stack: bool  # it was added to a live stack: a challenge adds +4 to that stack
    stack: int  # the stack's id


@_instance_fields
@dataclass(frozen=True)  # no slots: rules._Seat/_Pile.freeze fill its __dict__ at once (far cheaper than __init__)
class Pile:
    id: int
    cards: tuple[int, ...]  # bottom .. top
    colour: Colour | None  # colour to match; None: anything goes (a wild nobody chose a colour for)
    serial: int = 1  # cards placed on it so far: a play names the serial it saw, so races are detected
    top_by: int | None = None  # who placed the top card (None: flipped from the draw pile)
    eights: tuple[int, ...] = ()  # players of the run of 8s on top (Crazy 8's)
    wild4: Wild4 | None = None

    @property
    def top(self) -> int:
        return self.cards[-1]


@_instance_fields
@dataclass(frozen=True)  # no slots: plus_stack fills its __dict__ at once (far cheaper than __init__)
class Stack:
    id: int
    pile: int  # pile id
    total: int
    target: int
    kind: StackKind = StackKind.PLUS
    origin: int | None = None  # who split it off with a 2: a 1 sends it back to them (Deflection)
    owner: int | None = None  # Crazy 8's: the player these 8 cards were meant for

    @property
    def immutable(self) -> bool:
        return self.kind is StackKind.EIGHTS


def plus_stack(id: int, pile: int, total: int, target: int) -> Stack:
    """Stack(id, pile, total, target), as a plus card starts one, its fields set at once."""
    stack = object.__new__(Stack)
    stack.__dict__.update(id=id, pile=pile, total=total, target=target, kind=_PLUS, origin=None, owner=None)
    return stack


@dataclass(frozen=True, slots=True)
class Trade:
    """A 7's trade that has not happened yet: the target may deflect it or accept it."""

    id: int
    pile: int
    colour: Colour
    initiator: int
    target: int


@dataclass(frozen=True, slots=True)
class Shift:
    """A 0's hand shift that has not happened yet (0's deflection table changes count and direction)."""

    pile: int
    colour: Colour
    count: int
    direction: int
    by: int


@dataclass(frozen=True, slots=True)
class Prompt:
    player: int
    kind: PromptKind
    pile: int


@dataclass(frozen=True, slots=True)
class Drawn:
    """The turn player drew a playable card: they play it (or, drawing one at a time, may keep it)."""

    player: int
    card: int
    forced: bool


@_instance_fields
@dataclass(frozen=True)
class UnoState:
    options: UnoOptions
    seats: tuple[Seat, ...]  # in clockwise order
    host: int
    seed: int
    phase: Phase = Phase.LOBBY
    draw_pile: tuple[int, ...] = ()  # top is the end
    piles: tuple[Pile, ...] = ()
    direction: int = 1  # 1 clockwise, -1 counter-clockwise
    turn: int | None = None
    stacks: tuple[Stack, ...] = ()
    trades: tuple[Trade, ...] = ()
    shift: Shift | None = None
    prompt: Prompt | None = None
    drawn: Drawn | None = None
    plays: int = 0  # cards played so far (flips excluded)
    last_player: int | None = None  # who played the last card (the next round starts after them)
    round: int = 1
    winners: tuple[int, ...] = ()
    reshuffles: int = 0
    next_id: int = 1  # ids for stacks and trades
    timer: int = 0  # seconds the turn player has before the bot draws for them; 0: off
    seed_chosen: bool = False  # dealt from a seed a player gave (said publicly: they know every hand)
    salt: str | None = None  # hides the seed in the commitment posted at the start (engine/commitment.py)
    # Derived, set by __post_init__ (and by rules._Game.freeze, which builds states directly):
    _index: dict[int, int] = field(init=False, repr=False, compare=False)  # player -> seat position
    # Someone has played their last card: only jump-ins and answers until the round is scored.
    closing: bool = field(init=False, repr=False, compare=False)
    finished: bool = field(init=False, repr=False, compare=False)  # the game is over (read after every move)
    # `rules.options` and `rules.legal_moves` per player, kept as asked (None until the first is asked): a state
    # never changes, nor its answers.
    _options: dict[int, Options] | None = field(init=False, repr=False, compare=False)
    _moves: dict[int, list[Move]] | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_index", {s.player: i for i, s in enumerate(self.seats)})
        object.__setattr__(self, "closing", self.phase is Phase.PLAY and any(not s.hand for s in self.seats))
        object.__setattr__(self, "finished", self.phase is _OVER)
        object.__setattr__(self, "_options", None)
        object.__setattr__(self, "_moves", None)

    # -- lookups ---------------------------------------------------------------------------------------

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(s.player for s in self.seats)

    def seated(self, player: int) -> bool:
        return player in self._index

    def index(self, player: int) -> int:
        return self._index[player]

    def seat(self, player: int) -> Seat:
        return self.seats[self._index[player]]

    def turn_player(self) -> int:
        """Whose turn it is (a game under way always has a turn player)."""
        assert self.turn is not None, "no game is under way"
        return self.turn

    def pending_shift(self) -> Shift:
        """The 0's hand shift that waits to happen."""
        assert self.shift is not None, "no shift is pending"
        return self.shift

    def hand(self, player: int) -> tuple[int, ...]:
        return self.seats[self._index[player]].hand

    def name(self, player: int) -> str:
        return self.seat(player).name or f"Player {self._index[player] + 1}"

    @property
    def seal(self) -> Seal | None:
        """The seed and salt behind the commitment the lobby posted (None for a game stored before them)."""
        return seal(self.seed, self.salt)

    def pile(self, pile_id: int) -> Pile:
        for p in self.piles:
            if p.id == pile_id:
                return p
        raise KeyError(pile_id)

    def pile_number(self, pile_id: int) -> int:
        for number, p in enumerate(self.piles, 1):
            if p.id == pile_id:
                return number
        raise KeyError(pile_id)

    def next_player(self, player: int, steps: int = 1, direction: int | None = None) -> int:
        d = self.direction if direction is None else direction
        return self.seats[(self._index[player] + d * steps) % len(self.seats)].player

    def stacks_on(self, player: int) -> tuple[Stack, ...]:
        return tuple(s for s in self.stacks if s.target == player) if self.stacks else ()

    def trades_on(self, player: int) -> tuple[Trade, ...]:
        return tuple(t for t in self.trades if t.target == player) if self.trades else ()

    @property
    def pending(self) -> bool:
        """An effect still waits to be resolved (a stack, a trade, a shift or a choice)."""
        return bool(self.stacks or self.trades or self.shift or self.prompt)

    # -- JSON ------------------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "options": self.options.to_dict(),
            "seats": [[s.player, list(s.hand), s.points, s.said_uno, s.exposed_at, s.last_card, s.no_jump, s.name]
                      for s in self.seats],
            "host": self.host, "seed": self.seed, "phase": self.phase.value,
            "draw_pile": list(self.draw_pile),
            "piles": [{"id": p.id, "cards": list(p.cards), "colour": _c(p.colour), "serial": p.serial,
                       "top_by": p.top_by, "eights": list(p.eights),
                       "wild4": None if p.wild4 is None else [p.wild4.player, p.wild4.guilty, p.wild4.on_stack,
                                                              p.wild4.stack]}
                      for p in self.piles],
            "direction": self.direction, "turn": self.turn,
            "stacks": [[s.id, s.pile, s.total, s.target, s.kind.value, s.origin, s.owner] for s in self.stacks],
            "trades": [[t.id, t.pile, t.colour.value, t.initiator, t.target] for t in self.trades],
            "shift": None if self.shift is None else [self.shift.pile, self.shift.colour.value, self.shift.count,
                                                      self.shift.direction, self.shift.by],
            "prompt": None if self.prompt is None else [self.prompt.player, self.prompt.kind.value,
                                                        self.prompt.pile],
            "drawn": None if self.drawn is None else [self.drawn.player, self.drawn.card, self.drawn.forced],
            "plays": self.plays, "last_player": self.last_player, "round": self.round,
            "winners": list(self.winners), "reshuffles": self.reshuffles, "next_id": self.next_id,
            "timer": self.timer, "seed_chosen": self.seed_chosen,
        } | ({} if self.salt is None else {"salt": self.salt})

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> UnoState:
        return cls(
            options=UnoOptions.from_dict(d["options"]),
            seats=tuple(Seat(p, tuple(h), pts, said, exp, last, nj, name)
                        for p, h, pts, said, exp, last, nj, name in d["seats"]),
            host=d["host"], seed=d["seed"], phase=Phase(d["phase"]), draw_pile=tuple(d["draw_pile"]),
            piles=tuple(Pile(p["id"], tuple(p["cards"]), _colour(p["colour"]), p["serial"], p["top_by"],
                             tuple(p["eights"]), None if p["wild4"] is None else Wild4(*p["wild4"]))
                        for p in d["piles"]),
            direction=d["direction"], turn=d["turn"],
            stacks=tuple(Stack(i, pile, total, target, StackKind(kind), origin, owner)
                         for i, pile, total, target, kind, origin, owner in d["stacks"]),
            trades=tuple(Trade(i, pile, Colour(c), a, b) for i, pile, c, a, b in d["trades"]),
            shift=None if d["shift"] is None else Shift(d["shift"][0], Colour(d["shift"][1]), *d["shift"][2:]),
            prompt=None if d["prompt"] is None else Prompt(d["prompt"][0], PromptKind(d["prompt"][1]),
                                                           d["prompt"][2]),
            drawn=None if d["drawn"] is None else Drawn(*d["drawn"]),
            plays=d["plays"], last_player=d["last_player"], round=d["round"], winners=tuple(d["winners"]),
            reshuffles=d["reshuffles"], next_id=d["next_id"], timer=d["timer"],
            seed_chosen=d.get("seed_chosen", False), salt=d.get("salt"),
        )


def _c(colour: Colour | None) -> str | None:
    return None if colour is None else colour.value


def _colour(value: str | None) -> Colour | None:
    return None if value is None else Colour(value)
