"""The state of a Gin-jon-tan game: frozen dataclasses with a JSON round trip.

Players are referred to by id. `waiting` lists what the game waits for: (player, task) pairs, tasks being
"swap" (step 2), "aside" (step 3, 3.5), "act" (3.3), "exchange3" (3.4), "trim" (3.3: reserve over 33),
"exchange9" (step 4), "surplus" (step 5: reserve over 9), "turn" (step 6), "give" (6.1c: the asked player
picks), "reveal" (step 7). A move is legal only for a task it answers.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from functools import lru_cache
from typing import Any

from engine.commitment import Seal, seal
from engine.ginjontan.cards import FULL_SET_SIZE
from engine.ginjontan.options import GinjontanOptions


class Phase(StrEnum):
    LOBBY = "lobby"
    SWAP = "swap"  # step 2
    SETUP = "setup"  # step 3: choosing the cards to unfold
    DUEL = "duel"  # steps 3.2-3.7
    EXCHANGE = "exchange"  # step 4
    REFILL = "refill"  # step 5
    COMBINATION = "combination"  # step 6
    EVALUATION = "evaluation"  # step 7
    OVER = "over"  # step 10


@lru_cache(maxsize=32)
def full_order(seed: int) -> tuple[int, ...]:
    """The full set in the order a seed shuffles it (a common deck is this order plus what came back)."""
    order = list(range(FULL_SET_SIZE))
    random.Random(seed).shuffle(order)
    return tuple(order)


@dataclass(frozen=True, slots=True)
class Deck:
    """A face-down deck. With `seed` set it is the full set shuffled by that seed (only how many were drawn is
    stored, so a 6237-card deck costs a few bytes); `bottom` holds cards put back, oldest first, under the rest.
    A personal deck has no seed: `bottom` is the whole deck, top first."""

    seed: int | None = None
    drawn: int = 0
    bottom: tuple[int, ...] = ()

    def __len__(self) -> int:
        return (FULL_SET_SIZE - self.drawn if self.seed is not None else 0) + len(self.bottom)

    def cards(self) -> tuple[int, ...]:
        head = full_order(self.seed)[self.drawn:] if self.seed is not None else ()
        return head + self.bottom

    def draw(self, count: int) -> tuple[Deck, tuple[int, ...]]:
        taken: list[int] = []
        drawn, bottom = self.drawn, self.bottom
        if self.seed is not None:
            n = min(count, FULL_SET_SIZE - drawn)
            taken.extend(full_order(self.seed)[drawn:drawn + n])
            drawn += n
        rest = count - len(taken)
        taken.extend(bottom[:rest])
        return Deck(self.seed, drawn, bottom[rest:]), tuple(taken)

    def put_back(self, cards: tuple[int, ...] | list[int]) -> Deck:
        return Deck(self.seed, self.drawn, self.bottom + tuple(cards))


@dataclass(frozen=True, slots=True)
class Seat:
    player: int
    name: str = ""
    hand: tuple[int, ...] = ()
    reserve: tuple[int, ...] = ()
    active: tuple[int, ...] = ()  # set aside for unfolding (step 3, 3.5), face down
    unfolded: tuple[int, ...] = ()  # face up in the current duel, not acted with yet (3.3)
    points: int = 0
    round_start: int = 0  # points when the round began: a Defeat nullifies the round's gains (step 7)
    deck: Deck | None = None  # personal decks only (step 1)
    own: tuple[int, ...] = ()  # the personal deck drafted for this game: step 8 re-deals it
    called: bool = False  # 6.1a: said "Gin jon tan!" and not asked since
    result: str = ""  # step 7: "shown", "kat oh" or "defeat"
    hand_points: int = 0  # step 7: the points of the hand shown


@dataclass(frozen=True, slots=True)
class Clash:
    """One card acting on another (3.3)."""

    actor: int
    acting: int
    target: int
    winner: int | None  # card id, None for a standoff
    points: int  # what the winner's owner gained


@dataclass(frozen=True, slots=True)
class Duel:
    active: int  # the active player (3.2)
    opponent: int  # "second player" (3.3)
    clashes: tuple[Clash, ...] = ()
    acting_over: bool = False


@dataclass(frozen=True, slots=True)
class Ask:
    """6.1c: `asker` gave `give` and waits for as many cards from `target`'s hand or reserve."""

    asker: int
    target: int
    source: str  # "hand" or "reserve"
    give: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RoundResult:
    """The last round's outcome, for the status (render/ words it): (player, outcome, place, points) rows, the
    outcome "place" (points: the change), "defeat" (points: the change made void) or "kat oh" (points: the total
    kept). `lines` holds the English lines of a game stored before the rows were (shown as they are)."""

    round: int
    rows: tuple[tuple[int, str, int, int], ...] = ()
    lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class GinjontanState:
    options: GinjontanOptions
    host: int
    seed: int
    seats: tuple[Seat, ...] = ()
    phase: Phase = Phase.LOBBY
    round: int = 0  # 1-based once dealt
    deck: Deck = field(default_factory=Deck)  # the common deck (unused with personal decks)
    order: tuple[int, ...] = ()  # step 3.1, for this round
    turned: tuple[tuple[int, ...], ...] = ()  # 3.1: (player, first card turned, next on a tie, ...) per seat
    schedule: tuple[tuple[int, int], ...] = ()  # the round's duels (active, opponent), 3.6-3.7
    duel_index: int = 0
    duel: Duel | None = None
    waiting: tuple[tuple[int, str], ...] = ()
    turn: int = 0  # steps 6-7: index into `order`
    calls_in_row: int = 0  # 6.2
    ask: Ask | None = None
    last_round: RoundResult | None = None
    moves: int = 0
    seed_chosen: bool = False  # dealt from a seed a player gave (said publicly: they know every hand)
    timer: int = 0  # seconds the game waits before the bot answers for absent players; 0: off
    salt: str | None = None  # hides the seed in the commitment the lobby posts (engine/commitment.py)

    @property
    def seal(self) -> Seal | None:
        """The seed and salt behind the commitment the lobby posted (None for a game stored before them)."""
        return seal(self.seed, self.salt)

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(s.player for s in self.seats)

    @property
    def finished(self) -> bool:
        return self.phase is Phase.OVER

    def seated(self, player: int) -> bool:
        return any(s.player == player for s in self.seats)

    def seat(self, player: int) -> Seat:
        for s in self.seats:
            if s.player == player:
                return s
        raise KeyError(player)

    def name(self, player: int) -> str:
        return self.seat(player).name or str(player)

    def duel_opponent(self, player: int) -> int:
        """The other player in the duel under way (3.3)."""
        assert self.duel is not None, "no duel is under way"
        return self.duel.opponent if player == self.duel.active else self.duel.active

    def pending_ask(self) -> Ask:
        """The ask that waits for a "give" (6.1c)."""
        assert self.ask is not None, "no ask is waiting"
        return self.ask

    def tasks(self, player: int) -> list[str]:
        return [task for p, task in self.waiting if p == player]

    def all_cards(self) -> list[int]:
        """Every card in the game, wherever it is (for the conservation invariant)."""
        out: list[int] = []
        for s in self.seats:
            out += [*s.hand, *s.reserve, *s.active, *s.unfolded]
            if s.deck is not None:
                out += s.deck.cards()
        if self.options.deck == "common" and self.phase is not Phase.LOBBY:
            out += self.deck.cards()
        if self.ask is not None:
            out += self.ask.give
        return out


# -- JSON ----------------------------------------------------------------------------------------------------

def _deck_to(d: Deck | None) -> dict[str, Any] | None:
    return None if d is None else {"seed": d.seed, "drawn": d.drawn, "bottom": list(d.bottom)}


def _deck_from(d: dict[str, Any]) -> Deck:
    return Deck(d["seed"], d["drawn"], tuple(d["bottom"]))


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def state_to_dict(state: GinjontanState) -> dict[str, Any]:
    seats = []
    for s in state.seats:
        d = {f.name: getattr(s, f.name) for f in fields(Seat)}
        d["deck"] = _deck_to(s.deck)
        seats.append(d)
    return {
        "options": state.options.to_dict(), "host": state.host, "seed": state.seed,
        "seats": seats, "phase": state.phase.value, "round": state.round, "deck": _deck_to(state.deck),
        "order": state.order, "turned": state.turned, "schedule": state.schedule, "duel_index": state.duel_index,
        "duel": None if state.duel is None else asdict(state.duel), "waiting": state.waiting, "turn": state.turn,
        "calls_in_row": state.calls_in_row, "ask": None if state.ask is None else asdict(state.ask),
        "last_round": None if state.last_round is None else asdict(state.last_round), "moves": state.moves,
        "seed_chosen": state.seed_chosen, "timer": state.timer,
    } | ({} if state.salt is None else {"salt": state.salt})


def state_from_dict(data: dict[str, Any]) -> GinjontanState:
    seats = []
    for d in data["seats"]:
        d = dict(d)
        d["deck"] = None if d["deck"] is None else _deck_from(d["deck"])
        seats.append(Seat(**{k: _tuples(v) for k, v in d.items()}))
    duel = data["duel"]
    if duel is not None:
        duel = Duel(duel["active"], duel["opponent"], tuple(Clash(**c) for c in duel["clashes"]),
                    duel["acting_over"])
    ask = data["ask"]
    last = data["last_round"]
    return GinjontanState(
        options=GinjontanOptions.from_dict(data["options"]), host=data["host"], seed=data["seed"],
        seats=tuple(seats), phase=Phase(data["phase"]), round=data["round"], deck=_deck_from(data["deck"]),
        order=_tuples(data["order"]), turned=_tuples(data["turned"]), schedule=_tuples(data["schedule"]),
        duel_index=data["duel_index"], duel=duel, waiting=_tuples(data["waiting"]), turn=data["turn"],
        calls_in_row=data["calls_in_row"], ask=None if ask is None else Ask(**{k: _tuples(v) for k, v in ask.items()}),
        last_round=None if last is None else RoundResult(last["round"], _tuples(last.get("rows", [])),
                                                         tuple(last.get("lines", ()))), moves=data["moves"],
        seed_chosen=data.get("seed_chosen", False), timer=data.get("timer", 0), salt=data.get("salt"),
    )
