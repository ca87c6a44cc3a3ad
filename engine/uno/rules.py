"""Uno: Chaos Edition (seed 003): legality, effects and the game's pure functions.

    new_lobby(host, options, seed) / new_game(options, players, seed)
    legal_moves(state, player) -> [Move]        every move that player may make now
    apply(state, move) -> (state, events)       raises a GameError with a stable code, changes nothing
    waiting_on(state) -> [player]               whom the game waits for (the turn timer's target first)
    view_for(state, player) -> dict             what that player may see: public board and their own hand

A play is classified first (`play_kind`): a normal turn play, a jump-in, adding to a stack, a deflection
(of stacks, of trades, of a 0's shift) or cancelling one's Crazy 8's stack; then its effect is applied to a
mutable working copy (`_Game`) that is frozen back into a new state. Section names in comments are the
seed's headings; decisions the seed leaves open are in docs/rulings.md under "Uno".
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import cache, lru_cache
from typing import Any

from engine.base import Event, GameKind
from engine.errors import IllegalMove, NotAllowed, NotSeated, NotYourTurn
from engine.text import N_, Ref, command
from engine.text import player as player_ref
from engine.uno.cards import CARDS, COLOURS, DECK_SIZE, Card, Colour, card_ref
from engine.uno.legal import SHARED, Options, PlayKind, PlayOption, jump_option, turn_option, wild_option
from engine.uno.moves import (
    Accept,
    Callout,
    Challenge,
    Choose,
    Draw,
    EndRound,
    Join,
    Leave,
    Move,
    Pass,
    Play,
    SayUno,
    SetTimer,
    Start,
    TimeOut,
    move_from_dict,
    move_to_dict,
)
from engine.uno.options import MAX_PLAYERS, MIN_PLAYERS, UnoOptions, check_timer
from engine.uno.state import (
    Drawn,
    Phase,
    Pile,
    Prompt,
    PromptKind,
    Seat,
    Shift,
    Stack,
    StackKind,
    Trade,
    UnoState,
    Wild4,
    plus_stack,
)

KIND = "uno"
DEFLECT_STACK = frozenset({"skip", "rev", "7", "2", "1", "0"})  # Deflection: Plus cards
DEFLECT_TRADE = frozenset({"skip", "rev", "7", "0"})  # Deflection: 7's
DEFLECT_SHIFT = frozenset({"skip", "rev", "0", "2", "1"})  # Deflection: 0's
CRAZY_RUN = 4  # Crazy 8's: four 8s on top of each other
CRAZY_DRAW = 8


class RaceLost(IllegalMove):
    """Someone else's card landed on that pile first (Jumping in: the first one processed wins)."""

    code = "race_lost"


class NeedChoice(IllegalMove):
    """The play is legal but needs a choice the player has not made yet (a colour, a partner, a pile)."""

    code = "need_choice"

    def __init__(self, what: str, message: str, hint: str | None = None, **params: Any) -> None:
        super().__init__(message, hint, **params)
        self.what = what  # "colour" | "target" | "onto" | "split"


class GameOver(IllegalMove):
    code = "uno_over"


# -- matching ---------------------------------------------------------------------------------------------

def face(rank: str, options: UnoOptions) -> str:
    """6 and 9 are the same card (Cards) when the option is on."""
    return _face(rank, options.six_is_nine)


def matches(state: UnoState, c: Card, pile: Pile | _Pile) -> bool:
    """A normal play: the card matches the pile's colour or symbol; wilds go anywhere (Basic rules)."""
    return c.id in turn_matches(state.options.six_is_nine, pile.colour, pile.top)


def jump_matches(state: UnoState, c: Card, pile: Pile | _Pile) -> bool:
    """Jumping in: numbers need the same number and colour; power cards only the same symbol; plus cards
    are all the same for jumping in (Stacking)."""
    o = state.options
    return c.id in jump_matches_ids(o.power_ranks, o.six_is_nine, pile.top)


@cache
def turn_matches(six_is_nine: bool, colour: Colour | None, top: int) -> frozenset[int]:
    """The ids of the cards `matches` allows on a pile of this colour and top card."""
    t = CARDS[top]
    return frozenset(c.id for c in CARDS if c.colour is None or colour is None or c.colour == colour
                     or (t.colour is not None and _face(c.rank, six_is_nine) == _face(t.rank, six_is_nine)))


# turn_matches by six_is_nine, pile colour and top card, filled as asked. The hot paths read it with two subscripts
# and an index, `_TURN_OK[six][colour][top] or _turn_ok(six, colour, top)`: a cache's key costs more than that.
_TURN_OK: dict[bool, dict[Colour | None, list[frozenset[int] | None]]] = {
    six: {colour: [None] * DECK_SIZE for colour in (None, *COLOURS)} for six in (False, True)}


def _turn_ok(six_is_nine: bool, colour: Colour | None, top: int) -> frozenset[int]:
    """`turn_matches`, kept in `_TURN_OK`."""
    ok = _TURN_OK[six_is_nine][colour][top]
    if ok is None:
        ok = _TURN_OK[six_is_nine][colour][top] = turn_matches(six_is_nine, colour, top)
    return ok


@cache
def jump_matches_ids(power_ranks: frozenset[str], six_is_nine: bool, top: int) -> frozenset[int]:
    """The ids of the cards `jump_matches` allows on a pile with this top card."""
    t = CARDS[top]
    same = {c.id for c in CARDS if _face(c.rank, six_is_nine) == _face(t.rank, six_is_nine)}
    return frozenset(c.id for c in CARDS if (c.plus and t.plus) or (
        c.id in same and (c.rank in power_ranks or c.colour == t.colour)))


def _face(rank: str, six_is_nine: bool) -> str:
    return "6" if rank == "9" and six_is_nine else rank


def stack_colour_ok(c: Card, colour: Colour | None) -> bool:
    """Deflection: the card matches the colour of the stack's top card (a colourless wild matches anything)."""
    return colour is None or c.colour == colour


# -- classifying a play -----------------------------------------------------------------------------------

def play_kind(state: UnoState, player: int, c: Card, pile: Pile) -> PlayKind:
    """What playing card `c` on `pile` would be: a turn play, a jump-in, adding to a stack, deflecting stacks or
    trades, changing a pending 0 shift, cancelling your Crazy 8's stack; or why it is not allowed
    (`PlayKind.allowed` is False)."""
    o = state.options
    seat = state.seat(player)
    if state.prompt is not None:
        return PlayKind.PROMPT
    facing = state.stacks_on(player)
    trades = state.trades_on(player)
    if facing or trades:
        if c.plus and o.stacking and any(s.pile == pile.id and not s.immutable for s in facing):
            return PlayKind.STACK
        if c.rank == "8" and any(s.immutable and s.owner == player and s.pile == pile.id for s in facing):
            return PlayKind.EIGHTS
        if o.deflection:
            kind = _deflection(state, player, c, pile, facing, trades)
            if kind:
                return kind
        if state.shift is not None and _shift_ok(state, player, c, pile):
            return PlayKind.SHIFT
        return PlayKind.FACING
    if state.shift is not None:
        if _shift_ok(state, player, c, pile):
            return PlayKind.SHIFT
        if player == state.turn:
            return PlayKind.SHIFT_PENDING
    closing = state.closing
    live_here = [s for s in state.stacks if s.pile == pile.id]
    if live_here:
        if c.plus and o.stacking and any(not s.immutable for s in live_here):
            if player == state.turn and not closing:
                return PlayKind.STACK
            if o.jump_in and not seat.no_jump:
                return PlayKind.STACK
        return PlayKind.LIVE
    if player == state.turn and not closing:
        if state.drawn is not None and state.drawn.player == player and state.drawn.card != c.id:
            return PlayKind.DRAWN
        if matches(state, c, pile):
            return PlayKind.TURN
    if o.jump_in and jump_matches(state, c, pile):
        return PlayKind.NO_JUMP if seat.no_jump and (state.drawn is None or state.drawn.card != c.id) else PlayKind.JUMP
    if closing:
        return PlayKind.CLOSING
    return PlayKind.NO_MATCH if player == state.turn else PlayKind.NOT_TURN


def _placeable(state: UnoState, player: int, c: Card, pile: Pile) -> bool:
    """Whether the card may go on this (free) pile at all: as a turn play or as a jump-in."""
    if any(s.pile == pile.id for s in state.stacks):
        return False
    if player == state.turn and not state.closing and matches(state, c, pile):
        return True
    return state.options.jump_in and jump_matches(state, c, pile)


def _deflection(state: UnoState, player: int, c: Card, pile: Pile, facing: tuple[Stack, ...],
                trades: tuple[Trade, ...]) -> PlayKind | None:
    here = [s for s in facing if s.pile == pile.id]
    if here:  # placed directly on the stack: it affects that stack (Deflection, edge cases)
        if c.rank in DEFLECT_STACK and stack_colour_ok(c, pile.colour) and _stack_deflect_possible(c, here, player):
            return PlayKind.STACKS
        return None
    here_trades = [t for t in trades if t.pile == pile.id]
    if here_trades and c.rank in DEFLECT_TRADE and (c.colour == here_trades[0].colour or c.rank == "7"):
        return PlayKind.TRADES
    if not _placeable(state, player, c, pile):
        return None
    # on any other pile: it affects the stacks (else the trades) aimed at the player
    if facing and c.rank in DEFLECT_STACK and any(stack_colour_ok(c, state.pile(s.pile).colour) for s in facing) \
            and _stack_deflect_possible(c, list(facing), player):
        return PlayKind.STACKS
    if trades and c.rank in DEFLECT_TRADE and any(c.colour == t.colour for t in trades):
        return PlayKind.TRADES
    return None


def _stack_deflect_possible(c: Card, stacks: list[Stack], player: int) -> bool:
    mutable = [s for s in stacks if not s.immutable]
    if c.rank == "2":  # halves a stack, or splits kinds apart; not for immutable stacks alone
        return bool(mutable) and (any(s.total >= 2 for s in mutable) or len(mutable) < len(stacks))
    if c.rank == "1":  # only a fragment goes back to whoever split it off
        return any(s.origin is not None and s.origin != player for s in mutable)
    return True


def _shift_ok(state: UnoState, player: int, c: Card, pile: Pile) -> bool:
    shift = state.pending_shift()
    if c.rank not in DEFLECT_SHIFT:
        return False
    if c.rank == "0" and pile.id == shift.pile and CARDS[pile.top].rank == "0" and state.options.jump_in:
        return not state.seat(player).no_jump  # a 0 jumped in on the 0 adds one (0's table)
    if not state.options.deflection or c.colour != shift.colour:
        return False
    return pile.id == shift.pile or _placeable(state, player, c, pile)


_REFUSALS = {  # kind: (code, message, hint)
    PlayKind.PROMPT: ("prompt", N_("The game is waiting for {prompted} to choose."),
                      N_("Wait a moment; they have a menu for it.")),
    PlayKind.FACING: ("facing", N_("Something is aimed at you: {facing}."),
                      N_("Stack a plus card on it, deflect it with a power card of its colour, or use {draw} "
                         "(a stack) or {accept} (a trade).")),
    PlayKind.SHIFT_PENDING: ("shift", N_("A 0's hand shift is pending."),
                             N_("Use {accept} to let it happen (or deflect it), then play.")),
    PlayKind.LIVE: ("live", N_("Pile {pile} carries a live stack."),
                    N_("Only plus cards (and the deflections of whoever it is aimed at) go on it; try another pile.")),
    PlayKind.DRAWN: ("drawn", N_("You drew {drawn}: you must play that card."), N_("Play it with {play}.")),
    PlayKind.NO_MATCH: ("no_match", N_("{card} doesn't match pile {pile} ({top})."),
                        N_("Play a card of the same colour or symbol, or a Wild; {hand} marks what you can play.")),
    PlayKind.NOT_TURN: ("not_turn", N_("It's {turn}'s turn, and {card} can't jump in on pile {pile} ({top})."),
                        N_("Jump in only with the exact same card (a power card: the same symbol).")),
    PlayKind.NO_JUMP: ("no_jump",
                       N_("You were just forced to pick up cards: you can't jump in until someone else plays a "
                          "card."),
                       N_("Wait for the next card.")),
    PlayKind.CLOSING: ("closing", N_("Someone has played their last card: only jump-ins now."),
                       N_("Jump in with a matching card, or score the round with {status} → Score the round.")),
}


def refusal(state: UnoState, player: int, c: Card, pile: Pile, kind: PlayKind) -> IllegalMove | NotYourTurn:
    fill: dict[str, Any] = {
        "prompted": player_ref(state.prompt.player) if state.prompt else "",
        "facing": describe_facing(state, player), "pile": state.pile_number(pile.id), "card": card_ref(c),
        "top": card_ref(CARDS[pile.top]), "turn": "" if state.turn is None else player_ref(state.turn),
        "drawn": card_ref(CARDS[state.drawn.card]) if state.drawn else "",
        "draw": command("uno draw"), "accept": command("uno accept"), "play": command("uno play"),
        "hand": command("uno hand"), "status": command("uno status"),
    }
    code, message, hint = _REFUSALS[kind]
    error_class = NotYourTurn if kind is PlayKind.NOT_TURN else IllegalMove
    used = {k: v for k, v in fill.items() if "{" + k + "}" in message + hint}
    return error_class(message, hint, code=code, **used)


def describe_facing(state: UnoState, player: int) -> Ref:
    """What is aimed at `player`, as a Ref render/ words: ("stack", total, pile number) and ("trade", initiator)."""
    parts: list[tuple[Any, ...]] = [("stack", s.total, state.pile_number(s.pile)) for s in state.stacks_on(player)]
    parts += [("trade", t.initiator) for t in state.trades_on(player)]
    english = ", ".join(f"a stack of {p[1]} on pile {p[2]}" if p[0] == "stack" else f"a trade from <@{p[1]}>"
                        for p in parts) or "nothing"
    return Ref("uno facing", tuple(parts), english)


# -- the working copy -------------------------------------------------------------------------------------

class _Seat:
    __slots__ = ("exposed_at", "hand", "last_card", "name", "no_jump", "player", "points", "said_uno")

    def __init__(self, s: Seat) -> None:
        self.player, self.hand, self.points = s.player, list(s.hand), s.points
        self.said_uno, self.exposed_at, self.last_card, self.no_jump = s.said_uno, s.exposed_at, s.last_card, s.no_jump
        self.name = s.name

    def freeze(self) -> Seat:  # as Seat(...), field for field
        seat = object.__new__(Seat)
        seat.__dict__.update(player=self.player, hand=tuple(self.hand), points=self.points, said_uno=self.said_uno,
                             exposed_at=self.exposed_at, last_card=self.last_card, no_jump=self.no_jump,
                             name=self.name)
        return seat


class _Pile:
    __slots__ = ("cards", "colour", "eights", "id", "serial", "top_by", "wild4")

    def __init__(self, p: Pile) -> None:
        self.id, self.cards, self.colour, self.serial = p.id, list(p.cards), p.colour, p.serial
        self.top_by, self.eights, self.wild4 = p.top_by, list(p.eights), p.wild4

    @property
    def top(self) -> int:
        return self.cards[-1]

    def freeze(self) -> Pile:  # as Pile(...), field for field
        pile = object.__new__(Pile)
        pile.__dict__.update(id=self.id, cards=tuple(self.cards), colour=self.colour, serial=self.serial,
                             top_by=self.top_by, eights=tuple(self.eights), wild4=self.wild4)
        return pile


class _Game:
    """A mutable copy of the state for one move; `freeze()` gives the new state. Never escapes `apply`.

    Copy on write: `seats` and `piles` hold the state's frozen objects until `seat(player)` or `pile(id)` hands
    out a mutable copy for a change, so a move pays only for what it touches."""

    def __init__(self, s: UnoState) -> None:
        self.o = s.options
        self.state = s
        self.seats: list[Seat | _Seat] = list(s.seats)
        self.by_player: dict[int, Seat | _Seat] = {x.player: x for x in s.seats}
        self._index: dict[int, int] | None = s._index  # None once seats are added or removed
        self._seats_changed = self._piles_changed = False
        self.host, self.seed, self.phase = s.host, s.seed, s.phase
        self.draw_pile: tuple[int, ...] | list[int] = s.draw_pile  # a list once cards are taken or added
        self.piles: list[Pile | _Pile] = list(s.piles)
        self.direction, self.turn = s.direction, s.turn
        self.stacks, self.trades = list(s.stacks), list(s.trades)
        self.shift, self.prompt, self.drawn = s.shift, s.prompt, s.drawn
        self.plays, self.last_player, self.round, self.winners = s.plays, s.last_player, s.round, s.winners
        self.reshuffles, self.next_id, self.timer = s.reshuffles, s.next_id, s.timer
        self.events: list[Event] = []

    def freeze(self) -> UnoState:
        if self._seats_changed:
            seats = tuple([x.freeze() if type(x) is _Seat else x for x in self.seats])
            closing = self.phase is Phase.PLAY and () in [x.hand for x in seats]
        else:
            seats = self.state.seats
            closing = self.state.closing if self.phase is self.state.phase else \
                self.phase is Phase.PLAY and () in [x.hand for x in seats]
        piles = tuple([p.freeze() if type(p) is _Pile else p for p in self.piles]) if self._piles_changed \
            else self.state.piles
        # The fields are set directly (the frozen __init__ costs more than the rest of a move); the same as
        # UnoState(...), including the player index, shared when the seating did not change.
        new = object.__new__(UnoState)
        new.__dict__.update(
            options=self.o, seats=seats, host=self.host, seed=self.seed, phase=self.phase,
            draw_pile=tuple(self.draw_pile) if type(self.draw_pile) is list else self.draw_pile, piles=piles,
            direction=self.direction, turn=self.turn,
            stacks=tuple(self.stacks), trades=tuple(self.trades), shift=self.shift, prompt=self.prompt,
            drawn=self.drawn, plays=self.plays, last_player=self.last_player, round=self.round, winners=self.winners,
            reshuffles=self.reshuffles, next_id=self.next_id, timer=self.timer, seed_chosen=self.state.seed_chosen,
            salt=self.state.salt,
            _index=self._index if self._index is not None else {x.player: i for i, x in enumerate(seats)},
            closing=closing, finished=self.phase is _OVER, _options=None, _moves=None,
        )
        return new

    def emit(self, type_: str, **data: Any) -> None:
        self.events.append({"type": type_, **data})

    # -- seats and turn order ------------------------------------------------------------------------

    def seat(self, player: int) -> _Seat:
        """The player's seat, to change it."""
        seat = self.by_player[player]
        if isinstance(seat, Seat):
            seat = _Seat(seat)
            self.seats[self.seats.index(self.by_player[player])] = seat
            self.by_player[player] = seat
            self._seats_changed = True
        return seat

    def next(self, player: int, steps: int = 1) -> int:
        i = self._index[player] if self._index is not None else \
            next(i for i, x in enumerate(self.seats) if x.player == player)
        return self.seats[(i + self.direction * steps) % len(self.seats)].player

    def pile(self, pile_id: int) -> _Pile:
        """The pile, to change it."""
        for i, p in enumerate(self.piles):
            if p.id == pile_id:
                if isinstance(p, Pile):
                    p = self.piles[i] = _Pile(p)
                    self._piles_changed = True
                return p
        raise KeyError(pile_id)

    def number(self, pile_id: int) -> int:
        return next(i for i, p in enumerate(self.piles) if p.id == pile_id) + 1

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    # -- cards moving ------------------------------------------------------------------------------------

    def refill(self) -> bool:
        """The draw pile is empty: every discard pile but its top card is shuffled into it."""
        under = [c for p in self.piles for c in p.cards[:-1]]
        if not under:
            return False
        for pile_id in [p.id for p in self.piles]:
            del self.pile(pile_id).cards[:-1]
        _shuffle(random.Random(f"{self.seed}:{self.reshuffles}"), under)
        self.reshuffles += 1
        self.draw_pile = under
        self.emit("reshuffled", cards=len(under))
        return True

    def take_top(self) -> int | None:
        if not self.draw_pile and not self.refill():
            return None
        if isinstance(self.draw_pile, tuple):
            self.draw_pile = list(self.draw_pile)
        return self.draw_pile.pop()

    def give(self, player: int, count: int) -> list[int]:
        """`player` draws up to `count` cards (fewer only when every card is in someone's hand)."""
        drawn = []
        for _ in range(count):
            card_id = self.take_top()
            if card_id is None:
                break
            drawn.append(card_id)
        self.add_to_hand(player, drawn)
        return drawn

    def add_to_hand(self, player: int, cards: Iterable[int]) -> None:
        seat = self.seat(player)
        before = len(seat.hand)
        seat.hand.extend(cards)
        if len(seat.hand) > before and len(seat.hand) > 1:
            # The "Uno" player gains more cards: they can no longer be challenged (Uno rule, edge cases)
            seat.said_uno, seat.exposed_at, seat.last_card = False, None, None

    def new_hand(self, player: int, hand: list[int]) -> None:
        """A hand arrives by a trade or a shift: a fresh hand for call-out purposes (Uno rule, edge cases)."""
        seat = self.seat(player)
        seat.hand = hand
        if self.drawn is not None and self.drawn.player == player:
            self.drawn = None  # the drawn card left with the old hand: nothing to play from it
        seat.said_uno, seat.last_card = False, None
        seat.exposed_at = self.plays if len(hand) == 1 else None

    def place(self, player: int, card_id: int, pile: _Pile, colour: Colour | None) -> None:
        c = CARDS[card_id]
        seat = self.seat(player)
        seat.hand.remove(card_id)
        pile.cards.append(card_id)
        pile.colour = c.colour if c.colour is not None else colour
        pile.serial += 1
        pile.top_by = player
        pile.wild4 = None
        pile.eights = [*pile.eights, player] if c.rank == "8" else []
        self.plays += 1
        self.last_player = player
        for other in self.seats:
            if other.no_jump and other.player != player:
                self.seat(other.player).no_jump = False  # "until someone else plays a card"
        if self.drawn is not None:
            if self.drawn.player != player:
                self.emit("released", player=self.drawn.player)  # jumped in on while drawing: no more to pick up
            self.drawn = None
        if len(seat.hand) == 1:
            seat.exposed_at = self.plays
        elif not seat.hand:
            seat.exposed_at = None
            # the seed's last-card call-out; official Uno: going out ends the round, nothing to call back
            seat.last_card = card_id if self.o.uno_rule and not seat.said_uno and not self.o.callout_before_next \
                else None
        self.emit("play", player=player, card=card_id, pile=self.number(pile.id), colour=pile.colour and
                  _CODE[pile.colour])

    # -- effects (Cards) -------------------------------------------------------------------------------------

    def effect(self, player: int, c: Card, pile: _Pile, move: Play | None, flipped: bool) -> None:
        """The card's own effect, as if `player` played it; sets whose turn it is."""
        o = self.o
        self.turn = self.next(player)
        if c.plus:
            stack = Stack(self.new_id(), pile.id, c.plus, self.next(player))
            self.stacks.append(stack)
            self.emit("stack", pile=self.number(pile.id), total=stack.total, target=stack.target)
        elif c.rank == "skip":
            self.turn = self.next(player, 2)
            self.emit("skipped", player=self.next(player))
        elif c.rank == "rev":
            if len(self.seats) == 2 and o.two_player_reverse_skips:
                self.turn = player
                self.emit("skipped", player=self.next(player))
            else:
                self.direction = -self.direction
                self.turn = self.next(player)
                self.emit("reversed", direction=self.direction)
        elif c.rank == "0" and o.zero_passes_hands:
            if self.shift is not None:
                self.shift = replace(self.shift, count=self.shift.count + 1)
            else:
                self.shift = Shift(pile.id, c.suit, 1, self.direction, player)
            self.emit("shift", count=self.shift.count, direction=self.shift.direction)
        elif c.rank == "7" and o.seven_trades:
            if flipped:
                self.prompt = Prompt(player, PromptKind.PARTNER, pile.id)
                self.emit("prompt", player=player, kind="partner")
            else:
                assert move is not None and move.target is not None  # a played 7 names its partner (_check_choices)
                self.start_trade(player, move.target, pile.id, c.suit)
        elif c.rank == "2" and o.two_new_pile:
            self.flip_new_pile(player)
        elif c.rank == "1" and o.one_moves_pile and len(self.piles) > 1:
            if flipped:
                self.prompt = Prompt(player, PromptKind.PILE, pile.id)
                self.emit("prompt", player=player, kind="pile")
            else:
                assert move is not None and move.onto is not None  # a played 1 names its pile (_check_choices)
                self.move_pile(pile, move.onto)
        if not flipped and c.rank == "8" and o.crazy_eights and len(pile.eights) >= CRAZY_RUN:
            self.crazy_eights(pile)

    def flip_new_pile(self, player: int) -> None:
        """2: the draw pile's top card starts a new discard pile; its effect is the 2's player's."""
        if len(self.piles) >= self.o.max_piles:
            self.emit("no_new_pile", limit=self.o.max_piles)
            return
        card_id = self.take_top()
        if card_id is None:
            return
        self.flip(player, card_id)

    def flip(self, player: int, card_id: int) -> None:
        c = CARDS[card_id]
        pile = _Pile(Pile(self.new_id(), (card_id,), c.colour))  # a wild's colour: the next player's choice
        self.piles.append(pile)
        self._piles_changed = True
        self.emit("new_pile", pile=self.number(pile.id), card=card_id, by=player)
        self.effect(player, c, pile, None, flipped=True)

    def move_pile(self, pile: _Pile, onto: int) -> None:
        """1: the pile it is placed on is moved on top of another pile (the ids of both become the target's)."""
        target = self.pile(onto)
        target.cards.extend(pile.cards)
        target.colour, target.top_by, target.eights, target.wild4 = pile.colour, pile.top_by, pile.eights, pile.wild4
        target.serial += pile.serial
        number = self.number(pile.id)
        self.piles.remove(pile)
        self.stacks = [replace(s, pile=onto) if s.pile == pile.id else s for s in self.stacks]
        self.trades = [replace(t, pile=onto) if t.pile == pile.id else t for t in self.trades]
        if self.shift is not None and self.shift.pile == pile.id:
            self.shift = replace(self.shift, pile=onto)
        self.emit("moved_pile", pile=number, onto=self.number(onto))

    def start_trade(self, player: int, target: int, pile_id: int, colour: Colour) -> None:
        """7: trade hands with the chosen player, once the trade is accepted or deflected (Deflection: 7's).

        A 7 on a 7 cancels that 7's trade (Stacking 7's); a trade aimed at someone already in a trade
        cancels the old one (Jumping in, edge cases)."""
        involved = {player, target}
        cancelled = [t for t in self.trades if t.pile == pile_id or {t.initiator, t.target} & involved]
        for t in cancelled:
            self.emit("trade_cancelled", initiator=t.initiator, target=t.target)
        self.trades = [t for t in self.trades if t not in cancelled]
        self.trades.append(Trade(self.new_id(), pile_id, colour, player, target))
        self.emit("trade", initiator=player, target=target)

    def resolve_trade(self, trade: Trade) -> None:
        self.trades.remove(trade)
        a, b = self.seat(trade.initiator), self.seat(trade.target)
        hand_a, hand_b = a.hand, b.hand
        self.new_hand(a.player, hand_b)
        self.new_hand(b.player, hand_a)
        self.emit("traded", initiator=a.player, target=b.player)

    def resolve_shift(self) -> None:
        shift = self.shift
        assert shift is not None, "no shift is pending"
        self.shift = None
        n = len(self.seats)
        hands = [list(x.hand) for x in self.seats]
        moved = shift.count % n
        if moved:
            for i, hand in enumerate(hands):
                self.new_hand(self.seats[(i + shift.direction * moved) % n].player, hand)
        self.emit("shifted", count=shift.count, direction=shift.direction)

    def crazy_eights(self, pile: _Pile) -> None:
        """Four 8s on one pile: everyone who did not play one of them must draw 8 (an immutable stack each)."""
        players = set(pile.eights)
        pile.eights = []
        victims = [x.player for x in self.seats if x.player not in players]
        for victim in victims:
            self.stacks.append(Stack(self.new_id(), pile.id, CRAZY_DRAW, victim, StackKind.EIGHTS, owner=victim))
        self.emit("crazy_eights", pile=self.number(pile.id), victims=victims)

    # -- the round ---------------------------------------------------------------------------------------

    def end_round(self) -> None:
        """Round won: winners lose a point; 0 points wins the game; else they draw their points in cards."""
        winners = [x.player for x in self.seats if not x.hand]
        self.drawn = None
        if not self.o.points:
            self.phase, self.winners, self.turn = Phase.OVER, tuple(winners), None
            self.emit("game_over", winners=winners)
            return
        for player in winners:
            self.seat(player).points -= 1
        champions = [x.player for x in self.seats if x.points <= 0]
        self.emit("round_won", winners=winners, points={str(p): self.seat(p).points for p in winners})
        if champions:
            self.phase, self.winners, self.turn = Phase.OVER, tuple(champions), None
            self.emit("game_over", winners=champions)
            return
        for player in winners:
            seat = self.seat(player)
            drawn = self.give(player, seat.points)
            seat.last_card = None
            seat.said_uno = False  # last round's "Uno" does not cover the new hand
            # "you have until the first player plays before you can be called out"
            seat.exposed_at = self.plays if len(seat.hand) == 1 else None
            self.emit("draw", player=player, count=len(drawn), cards=drawn, reason="round")
        self.round += 1
        if self.last_player is not None and self.last_player in self.by_player:
            self.turn = self.next(self.last_player)
        self.emit("turn", player=self.turn)

    def settle(self) -> UnoState:
        """The new state, after every move: plain games (no jumping in) score the round as soon as someone is out
        and nothing is pending."""
        new = self.freeze()
        if new.closing and not self.o.jump_in and not new.pending:
            self.end_round()
            return self.freeze()
        return new


def _shuffle(rng: random.Random, cards: list[int]) -> None:
    """`rng.shuffle(cards)`: the same order (CPython's Fisher-Yates, each index drawn as `Random._randbelow` draws
    it from `getrandbits`), without a Python call per card; stored games replay their deals and reshuffles."""
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


# -- starting ---------------------------------------------------------------------------------------------

def new_lobby(host: int, options: UnoOptions, seed: int, name: str = "", timer: int = 0, *,
              seed_chosen: bool = False, salt: str | None = None) -> UnoState:
    """`salt`: hides the seed in the commitment the lobby posts (engine/commitment.py)."""
    return UnoState(options=options, seats=(Seat(host, name=name),), host=host, seed=seed, timer=check_timer(timer),
                    seed_chosen=seed_chosen, salt=salt)


def new_game(options: UnoOptions, players: Iterable[int], seed: int, host: int | None = None) -> UnoState:
    """Deal straight away (tests, benchmarks): seats in the given order, the first player plays first."""
    players = tuple(players)
    lobby = UnoState(options=options, seats=tuple(Seat(p) for p in players), host=players[0] if host is None else host,
                     seed=seed)
    return _deal(lobby)


def _deal(state: UnoState) -> UnoState:
    """Basic rules: 7 cards each, the top card flipped as if the dealer (the last seat) played it."""
    order = list(range(DECK_SIZE))
    _shuffle(random.Random(state.seed), order)
    g = _Game(replace(state, phase=Phase.PLAY, draw_pile=()))
    g.draw_pile = order
    for player in [x.player for x in g.seats]:
        seat = g.seat(player)
        seat.hand = [g.draw_pile.pop() for _ in range(g.o.hand_size)]
        seat.points = g.o.hand_size  # Winning the game: as many points as starting cards
    dealer = g.seats[-1].player
    g.turn = g.seats[0].player
    first = g.draw_pile.pop()
    while g.o.first_wild4_returned and CARDS[first].rank == "+4":
        g.draw_pile.insert(0, first)
        first = g.draw_pile.pop()
    g.flip(dealer, first)
    if g.o.first_reverse_dealer_starts and CARDS[first].rank == "rev":
        g.turn = dealer
    g.emit("turn", player=g.turn)
    return g.freeze()


# -- applying moves ---------------------------------------------------------------------------------------

def apply(state: UnoState, move: Move) -> tuple[UnoState, list[Event]]:
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise IllegalMove(N_("Unknown move {move}."), move=type(move).__name__)
    phase = state.phase
    if phase is not _PLAY:
        if phase is Phase.OVER:
            raise GameOver(N_("This game is over."), N_("Start a new one with {new}."), new=command("uno new"))
        if type(move) not in (Join, Start, Leave, SetTimer):
            raise IllegalMove(N_("The game hasn't started yet."),
                              N_("The host starts it with the Start button or {start}."), code="not_started",
                              start=command("uno start"))
    if state.prompt is not None and type(move) not in (Choose, TimeOut, Leave, SetTimer):
        raise IllegalMove(N_("The game is waiting for {prompted} to choose."),
                          N_("Wait a moment; they have a menu for it."), code="prompt",
                          prompted=player_ref(state.prompt.player))
    g = handler(state, move)
    return (g.settle(), g.events) if isinstance(g, _Game) else g


def _require_seat(state: UnoState, player: int) -> None:
    if not state.seated(player):
        raise NotSeated(N_("You are not playing in this game."),
                        N_("Join the next one, or ask the host; you can watch with {status}."),
                        status=command("uno status"))


def _require_other(state: UnoState, player: int) -> None:
    """A player named by someone else (a call-out, a kick) must be at this table."""
    if not state.seated(player):
        raise IllegalMove(N_("{player} is not playing in this game."), N_("Name one of the players at this table."),
                          code="not_a_player", player=player_ref(player))


def _join(state: UnoState, move: Join) -> _Game:
    if state.phase is not Phase.LOBBY:
        raise IllegalMove(N_("This game has already started."), N_("Join the next one."), code="started")
    if state.seated(move.player):
        raise IllegalMove(N_("You have already joined."), N_("Wait for the host to start."), code="already_joined")
    if len(state.seats) >= MAX_PLAYERS:
        raise IllegalMove(N_("The table is full ({count} players)."), N_("Join the next game."), code="full",
                          count=MAX_PLAYERS)
    g = _Game(state)
    g.seats.append(_Seat(Seat(move.player, name=move.name)))
    g.by_player[move.player] = g.seats[-1]
    g._index, g._seats_changed = None, True
    g.emit("joined", player=move.player)
    return g


def _start(state: UnoState, move: Start) -> _Game:
    if state.phase is not Phase.LOBBY:
        raise IllegalMove(N_("The game has already started."), N_("Use {hand} to see your cards."), code="started",
                          hand=command("uno hand"))
    if move.player != state.host:
        raise NotAllowed(N_("Only the host starts the game."), N_("Ask {host}."), host=player_ref(state.host))
    if len(state.seats) < MIN_PLAYERS:
        raise IllegalMove(N_("Uno needs at least {count} players."), N_("Wait for someone to join."), code="too_few",
                          count=MIN_PLAYERS)
    dealt = _deal(state)
    g = _Game(dealt)
    g.emit("started", players=list(dealt.players))
    return g


def _play(state: UnoState, move: Play) -> _Game | tuple[UnoState, list[Event]]:
    player = move.player
    index = state._index.get(player)
    if index is None:
        _require_seat(state, player)
    hand = state.seats[index].hand  # type: ignore[index]  # _require_seat raised without one
    if move.card not in hand:
        if not 0 <= move.card < DECK_SIZE:
            raise IllegalMove(N_("That is not a card."), N_("Use {hand} to see your cards."), code="not_in_hand",
                              hand=command("uno hand"))
        raise IllegalMove(N_("You don't hold {card}."), N_("Use {hand} to see your cards."), code="not_in_hand",
                          card=card_ref(CARDS[move.card]), hand=command("uno hand"))
    k, pile = 0, state.piles[0]
    if pile.id != move.pile:
        k, pile = _find_pile(state, move.pile)
    if move.serial is not None and move.serial != pile.serial:
        hint = N_("Nothing of yours changed; look at the pile and play again if you still can.")
        params: dict[str, Any] = {"card": card_ref(CARDS[pile.top]), "pile": state.pile_number(pile.id)}
        if pile.top_by is None:
            raise RaceLost(N_("A flip was first: {card} is on pile {pile} now."), hint, **params)
        raise RaceLost(N_("{first} was first: {card} is on pile {pile} now."), hint, first=player_ref(pile.top_by),
                       **params)
    c = CARDS[move.card]
    if not (state.stacks or state.trades or state.shift or state.closing):
        o = state.options
        if player == state.turn and state.drawn is None:  # the usual case first
            six, colour, top = o.six_is_nine, pile.colour, pile.cards[-1]
            kind = _TURN if c.id in (_TURN_OK[six][colour][top] or _turn_ok(six, colour, top)) else \
                _free_kind(state, player, c, pile)
        else:
            kind = _free_kind(state, player, c, pile)
        if (kind is _TURN or kind is _JUMP) and (c.rank in o.plain_ranks or c.plus) and len(hand) > 1:
            if c.is_wild and move.colour is None:
                _check_choices(wild_option(c.id, pile.id, kind is _JUMP), move, c)
            done = _plain_play(state, move, c, index, k, kind)  # type: ignore[arg-type]  # index: as above
            if done is not None:
                return done
        option = _allowed_option(state, player, c, pile, kind)
    else:
        option = _listed_option(state, player, c, pile)
    kind = option.kind
    if option.colours or option.targets or option.ontos or option.splits:
        _check_choices(option, move, c)
    g = _Game(state)
    gp = g.pile(pile.id)
    wild4 = _wild4_record(state, move, c, pile, kind) if c.rank == "+4" else None
    g.place(player, c.id, gp, move.colour)
    if kind in (PlayKind.TURN, PlayKind.JUMP):
        g.effect(player, c, gp, move, flipped=False)
    elif kind is PlayKind.STACK:
        _add_to_stack(g, player, c, gp)
    elif kind is PlayKind.STACKS:
        _deflect_stacks(g, state, move, c, gp)
    elif kind is PlayKind.TRADES:
        _deflect_trades(g, state, move, c, gp)
    elif kind is PlayKind.SHIFT:
        _change_shift(g, player, c)
    elif kind is PlayKind.EIGHTS:
        g.stacks = [s for s in g.stacks if not (s.immutable and s.owner == player and s.target == player
                                                  and s.pile == gp.id)]
        g.turn = g.next(player)
        g.emit("eights_cancelled", player=player)
        if g.o.crazy_eights and len(gp.eights) >= CRAZY_RUN:
            g.crazy_eights(gp)
    if wild4 is not None and g.o.challenge_wild4:
        gp.wild4 = wild4 if any(s.id == wild4.stack for s in g.stacks) else None
    g.emit("turn", player=g.turn)
    return g


def _check_choices(option: PlayOption, move: Play, c: Card) -> None:
    """Missing choices are asked for (NeedChoice), wrong ones refused, before anything changes."""
    if option.colours and move.colour is None:
        raise NeedChoice("colour", N_("Which colour for your {card}?"), N_("Choose red, yellow, green or blue."),
                         card=card_ref(c))
    if option.targets and move.target is None:
        if option.kind is PlayKind.STACKS:
            raise NeedChoice("target", N_("Who do you put the stack on?"), N_("Pick a player."))
        raise NeedChoice("target", N_("Who do you trade hands with?"), N_("Pick a player."))
    if option.targets and move.target not in option.targets:
        raise IllegalMove(N_("Pick another player at this table."), N_("You can't choose yourself."),
                          code="bad_target")
    if option.ontos and move.onto is None:
        raise NeedChoice("onto", N_("Which pile do you move this pile onto?"), N_("Pick a pile."))
    if option.ontos and move.onto not in option.ontos:
        raise IllegalMove(N_("Pick one of the other piles."), N_("The 1 moves its own pile onto another one."),
                          code="bad_pile")
    if option.splits and move.split not in option.splits:
        raise NeedChoice("split", N_("Which stacks go on to the next player: the plus stacks or the Crazy 8's?"),
                         N_("Your 2 splits them apart (Deflection, edge cases)."))


def _find_pile(state: UnoState, pile_id: int) -> tuple[int, Pile]:
    """The pile with that id and its position."""
    for k, pile in enumerate(state.piles):
        if pile.id == pile_id:
            return k, pile
    raise IllegalMove(N_("There is no such pile."), N_("Piles are numbered 1 to {count}."), code="no_pile",
                      count=len(state.piles))


def _free_kind(state: UnoState, player: int, c: Card, pile: Pile) -> PlayKind:
    """`play_kind` when nothing is pending and nobody is out: a turn play or a jump-in, or why not."""
    o = state.options
    drawn = state.drawn
    if player == state.turn:
        if drawn is not None and drawn.player == player and drawn.card != c.id:
            return PlayKind.DRAWN
        if c.id in turn_matches(o.six_is_nine, pile.colour, pile.cards[-1]):
            return _TURN
    if o.jump_in and c.id in jump_matches_ids(o.power_ranks, o.six_is_nine, pile.cards[-1]):
        if state.seats[state._index[player]].no_jump and (drawn is None or drawn.card != c.id):
            return PlayKind.NO_JUMP
        return _JUMP
    return PlayKind.NO_MATCH if player == state.turn else PlayKind.NOT_TURN


def _listed_option(state: UnoState, player: int, c: Card, pile: Pile) -> PlayOption:
    """The option for that copy on that pile: from the player's options if they were asked for already, else
    classified (`play_kind`); raises the refusal if it may not go there."""
    kept = state._options
    listed = None if kept is None else kept.get(player)
    if listed is not None:
        card_id, pile_id = c.id, pile.id
        for found in listed.plays:
            if found.card == card_id and found.pile == pile_id:
                return found
    return _allowed_option(state, player, c, pile, play_kind(state, player, c, pile))


def _allowed_option(state: UnoState, player: int, c: Card, pile: Pile, kind: PlayKind) -> PlayOption:
    if not kind.allowed:
        raise refusal(state, player, c, pile, kind)
    return play_option(state, player, c, pile.id, kind)


def _copy(obj: Any) -> tuple[Any, dict[str, Any]]:
    """A copy of a frozen `UnoState`, `Seat` or `Pile` (no slots) and its fields to change before anyone sees it,
    as `_Game.freeze` builds them; a state's copy keeps `_index` and `closing` (callers change neither)."""
    new = _new(obj.__class__)
    fields = new.__dict__
    fields.update(obj.__dict__)
    return new, fields


_new = object.__new__
_set = object.__setattr__


def _plain_play(state: UnoState, move: Play, c: Card, i: int, k: int,
                kind: PlayKind) -> tuple[UnoState, list[Event]] | None:
    """`_Game.place` and `_Game.effect` for a card of `plain_ranks` or a plus card from a hand of two or more (seat
    `i`) onto pile `k`, nothing pending: only the player's seat, the pile, the turn and the direction change (and
    others' no-jump flags clear); a plus card starts a stack for the next player. (None: the general path.)"""
    player, card_id = move.player, c.id
    plays = state.plays + 1
    # The new state, seat and pile are made as _copy makes them, inline, and their fields set one statement each (a
    # tuple assignment builds a tuple): this is the hottest path.
    new = _new(UnoState)
    fields = new.__dict__
    fields.update(state.__dict__)
    seats = list(state.seats)
    seat = seats[i]
    hand = seat.hand
    x = hand.index(card_id)
    seats[i] = new_seat = _new(Seat)
    seat_fields = new_seat.__dict__
    seat_fields.update(seat.__dict__)
    seat_fields["hand"] = hand[1:] if x == 0 else hand[:x] if x == len(hand) - 1 else hand[:x] + hand[x + 1:]
    if len(hand) == 2:
        seat_fields["exposed_at"] = plays
    for other in state.seats:
        if other.no_jump and other is not seat:
            j = state._index[other.player]
            seats[j], seat_fields = _copy(other)
            seat_fields["no_jump"] = False  # "until someone else plays a card"
    pile = state.piles[k]
    colour = c.colour
    if colour is None:
        colour = move.colour
    new_pile = _new(Pile)
    pile_fields = new_pile.__dict__
    pile_fields.update(pile.__dict__)
    pile_fields["cards"] = pile.cards + _ONE[card_id]
    pile_fields["colour"] = colour
    pile_fields["serial"] = pile.serial + 1
    pile_fields["top_by"] = player
    pile_fields["wild4"] = None
    rank = c.rank
    if pile.eights or rank == "8":
        pile_fields["eights"] = (*pile.eights, player) if rank == "8" else ()
    played = {"type": "play", "player": player, "card": card_id, "pile": k + 1, "colour": _CODE[colour]}
    n = len(seats)
    direction = state.direction
    turn = seats[(i + direction) % n].player
    effect = None
    if c.plus:
        fields["stacks"] = (plus_stack(state.next_id, pile.id, c.plus, turn),)
        fields["next_id"] = state.next_id + 1
        effect = {"type": "stack", "pile": k + 1, "total": c.plus, "target": turn}
        if rank == "+4" and state.options.challenge_wild4:
            pile_fields["wild4"] = _wild4_record(state, move, c, pile, kind)
    elif rank == "skip":
        effect = {"type": "skipped", "player": turn}
        turn = seats[(i + 2 * direction) % n].player
    elif rank == "rev":
        if n == 2 and state.options.two_player_reverse_skips:
            effect = {"type": "skipped", "player": turn}
            turn = player
        else:
            direction = -direction
            turn = seats[(i + direction) % n].player
            effect = {"type": "reversed", "direction": direction}
            fields["direction"] = direction
    events: list[Event] = [played, {"type": "turn", "player": turn}] if effect is None else \
        [played, effect, {"type": "turn", "player": turn}]  # made at their size (appending grows the list)
    drawn = state.drawn
    if drawn is not None and drawn.player != player:
        events.insert(0, {"type": "released", "player": drawn.player})  # jumped in on while drawing
    fields["seats"] = tuple(seats)
    piles = state.piles
    fields["piles"] = (new_pile,) if len(piles) == 1 else (*piles[:k], new_pile, *piles[k + 1:])
    fields["plays"] = plays
    fields["last_player"] = player
    fields["drawn"] = None
    fields["turn"] = turn
    fields["_options"] = None
    fields["_moves"] = None
    return new, events


def _plain_draw(state: UnoState, player: int) -> tuple[UnoState, list[Event]] | None:
    """`_draw` on your turn with nothing pending, nobody out and no drawn card: the cards come off the draw pile's
    top as it is. None when the player may not draw (a playable card in hand, unless `draw_while_playable`) or the
    draw pile would run out (the general path refuses or reshuffles)."""
    o = state.options
    if not o.draw_while_playable and playable_now(state, player):
        return None
    i = state._index[player]
    seat = state.seats[i]
    piles = state.piles
    if len(piles) == 1 and not o.jump_in:
        six, colour, top = o.six_is_nine, piles[0].colour, piles[0].cards[-1]
        ok = _TURN_OK[six][colour][top] or _turn_ok(six, colour, top)
    else:
        ok = _takes(state, o.jump_in and not seat.no_jump)
    draw_pile = state.draw_pile
    k = len(draw_pile)
    cards: list[int] = []
    found = None
    while True:
        if not k:
            return None
        k -= 1
        card_id = draw_pile[k]
        cards.append(card_id)
        if card_id in ok:
            found = _drawn(player, card_id, o.draw_until_playable)
            break
        if not o.draw_until_playable:
            break
    seats = list(state.seats)
    seats[i] = new_seat = _new(Seat)  # as _copy(seat), inline
    fields = new_seat.__dict__
    fields.update(seat.__dict__)
    fields["hand"], fields["said_uno"], fields["exposed_at"], fields["last_card"], fields["no_jump"] = \
        seat.hand + (_ONE[card_id] if len(cards) == 1 else tuple(cards)), False, None, None, True
    events: list[Event] = [{"type": "draw", "player": player, "count": len(cards), "cards": cards,
                            "reason": "turn"}]
    turn = state.turn
    if found is None:
        turn = seats[(i + state.direction) % len(seats)].player
        events.append({"type": "turn", "player": turn})
    new = _new(UnoState)  # as _copy(state), in the hottest path
    fields = new.__dict__
    fields.update(state.__dict__)
    fields["seats"], fields["draw_pile"], fields["drawn"], fields["turn"], fields["_options"], fields["_moves"] = \
        tuple(seats), draw_pile[:k], found, turn, None, None
    return new, events


def _takes(state: UnoState, jump: bool) -> frozenset[int]:
    """The cards some pile takes (as a turn play, and with `jump` as a jump-in), no pile carrying a stack."""
    o = state.options
    piles = state.piles
    six = o.six_is_nine
    taken = [turn_matches(six, p.colour, p.cards[-1]) for p in piles]
    if jump:
        taken += [jump_matches_ids(o.power_ranks, six, p.cards[-1]) for p in piles]
    return taken[0].union(*taken[1:])


_drawn = lru_cache(maxsize=SHARED)(Drawn)  # a drawn card to play (or keep): made once


def _wild4_record(state: UnoState, move: Play, c: Card, pile: Pile, kind: PlayKind) -> Wild4 | None:
    """Challenging: remember whether the Wild +4's player had another valid card (another plus card, on a
    stack) they could have played."""
    hand = [CARDS[i] for i in state.hand(move.player) if i != c.id]
    if kind is _STACK:
        guilty = any(h.plus for h in hand)  # plus cards all go on a plus stack (Stacking)
        here = [s for s in state.stacks if s.pile == pile.id and not s.immutable]
        stack = next((s for s in here if s.target == move.player), here[0])  # the one _add_to_stack grows
        return Wild4(move.player, guilty, True, stack.id)
    if kind is not _TURN and kind is not _JUMP:
        return None
    if state.options.wild4_colour_only:  # official Uno: only a card of the pile's colour makes it illegal
        guilty = pile.colour is not None and any(h.colour == pile.colour for h in hand)
    else:  # on any pile ("Players may chose to play on either pile")
        guilty = any(h.rank != "+4" and play_kind(state, move.player, h, p).allowed
                     for h in hand for p in state.piles)
    return Wild4(move.player, guilty, False, state.next_id)  # the stack this card creates gets this id


def _add_to_stack(g: _Game, player: int, c: Card, pile: _Pile) -> None:
    """Stacking: the values add up; the stack goes to whoever's turn follows the last plus card."""
    index = next(i for i, s in enumerate(g.stacks) if s.pile == pile.id and not s.immutable
                 and s.target == player) if any(s.pile == pile.id and not s.immutable and s.target == player
                                                for s in g.stacks) else \
        next(i for i, s in enumerate(g.stacks) if s.pile == pile.id and not s.immutable)
    stack = g.stacks[index]
    g.stacks[index] = replace(stack, total=stack.total + c.plus, target=g.next(player))
    g.turn = g.next(player)
    g.emit("stack", pile=g.number(pile.id), total=stack.total + c.plus, target=g.turn)


def _affected_stacks(state: UnoState, player: int, pile_id: int) -> list[Stack]:
    facing = state.stacks_on(player)
    here = [s for s in facing if s.pile == pile_id]
    return here or list(facing)


def _deflect_stacks(g: _Game, state: UnoState, move: Play, c: Card, pile: _Pile) -> None:
    """Deflection, Plus cards: what each power card does to the stacks aimed at its player."""
    player = move.player
    ids = {s.id for s in _affected_stacks(state, player, pile.id)}
    rank = c.rank

    def retarget(pred, target_of) -> None:
        g.stacks = [replace(s, target=target_of(s)) if pred(s) else s for s in g.stacks]

    if rank == "rev":
        g.direction = -g.direction
    nxt = g.next(player)
    if rank in ("skip", "rev"):
        retarget(lambda s: s.id in ids, lambda s: nxt)
    elif rank == "7":
        retarget(lambda s: s.id in ids, lambda s: move.target)
    elif rank == "0":  # all ongoing stacks pass on, each relative to itself
        retarget(lambda s: True, lambda s: g.next(s.target))
    elif rank == "1":
        retarget(lambda s: s.id in ids and not s.immutable and s.origin not in (None, player), lambda s: s.origin)
    elif rank == "2":
        affected = [s for s in g.stacks if s.id in ids]
        if any(s.immutable for s in affected) and any(not s.immutable for s in affected):
            kind = StackKind.PLUS if move.split == "plus" else StackKind.EIGHTS
            retarget(lambda s: s.id in ids and s.kind is kind, lambda s: nxt)
        else:
            halves = []
            for i, s in enumerate(g.stacks):
                if s.id in ids and not s.immutable and s.total >= 2:
                    half = s.total // 2
                    g.stacks[i] = replace(s, total=s.total - half, origin=player)
                    halves.append(Stack(g.new_id(), s.pile, half, nxt, origin=player))
            g.stacks.extend(halves)
    g.turn = nxt
    g.emit("deflected", player=player, card=c.id, what="stacks",
           stacks=[{"pile": g.number(s.pile), "total": s.total, "target": s.target} for s in g.stacks])


def _deflect_trades(g: _Game, state: UnoState, move: Play, c: Card, pile: _Pile) -> None:
    """Deflection, 7's: what each power card does to the trades aimed at its player."""
    player = move.player
    here = [t for t in state.trades_on(player) if t.pile == pile.id]
    ids = {t.id for t in (here or state.trades_on(player))}
    if c.rank == "rev":
        g.direction = -g.direction
    nxt = g.next(player)
    if c.rank in ("skip", "rev"):
        new = []
        for t in g.trades:
            if t.id in ids:
                target = nxt if nxt != t.initiator else g.next(player, 2)
                t = replace(t, target=target)
            new.append(t)
        g.trades = new
    elif c.rank == "0":  # every ongoing trade moves one seat on, both people in it
        g.trades = [replace(t, initiator=g.next(t.initiator), target=g.next(t.target)) for t in g.trades]
    elif c.rank == "7":  # cancels the trade and lets you start one
        g.trades = [t for t in g.trades if t.id not in ids]
        assert move.target is not None  # a 7 names its partner (_check_choices)
        g.start_trade(player, move.target, pile.id, c.suit)
    g.turn = nxt
    g.emit("deflected", player=player, card=c.id, what="trades",
           trades=[{"initiator": t.initiator, "target": t.target} for t in g.trades])


def _change_shift(g: _Game, player: int, c: Card) -> None:
    """Deflection, 0's: Skip and 0 add one, Reverse turns it round, 2 doubles, 1 halves (rounding down)."""
    s = g.shift
    assert s is not None, "no shift is pending"
    if c.rank in ("skip", "0"):
        s = replace(s, count=s.count + 1)
    elif c.rank == "rev":
        s = replace(s, direction=-s.direction)
    elif c.rank == "2":
        s = replace(s, count=s.count * 2)
    elif c.rank == "1":
        s = replace(s, count=s.count // 2)
    g.shift = s
    g.turn = g.next(player)
    g.emit("shift", count=s.count, direction=s.direction)


def _draw(state: UnoState, move: Draw) -> _Game | tuple[UnoState, list[Event]]:
    player = move.player
    if player == state.turn and state.drawn is None and not (state.stacks or state.trades or state.shift
                                                             or state.closing):
        done = _plain_draw(state, player)
        if done is not None:
            return done
    if player not in state._index:
        _require_seat(state, player)
    if state.prompt is not None:
        raise refusal(state, player, CARDS[0], state.piles[0], PlayKind.PROMPT)
    if state.stacks and state.stacks_on(player):
        if move.count is None:
            done = _plain_take(state, player)
            if done is not None:
                return done
        return _take_stacks(state, player, move.count)
    if state.trades and state.trades_on(player):
        raise IllegalMove(N_("A trade is aimed at you, not a stack."), N_("Use {accept}, or deflect it."),
                          code="trade_pending", accept=command("uno accept"))
    if player != state.turn:
        raise NotYourTurn(N_("It's {turn}'s turn."), N_("You draw only on your turn (or to take a stack)."),
                          turn=player_ref(state.turn_player()))
    if state.closing:
        raise IllegalMove(N_("Someone has played their last card: nobody draws now."),
                          N_("Jump in, or score the round."), code="closing")
    if state.shift is not None:
        raise refusal(state, player, CARDS[0], state.piles[0], PlayKind.SHIFT_PENDING)
    if state.drawn is not None and state.drawn.player == player:
        drawn_card = card_ref(CARDS[state.drawn.card])
        if state.drawn.forced:
            raise IllegalMove(N_("You already drew {card}."), N_("Play it."), code="already_drew", card=drawn_card)
        raise IllegalMove(N_("You already drew {card}."), N_("Play it, or keep it with {keep}."), code="already_drew",
                          card=drawn_card, keep=command("uno pass"))
    playable = [] if state.options.draw_while_playable else playable_now(state, player)
    if playable:
        raise IllegalMove(N_("You can play, so you can't draw."),
                          N_("For example {card}; {hand} marks every card you can play."), code="can_play",
                          card=card_ref(CARDS[playable[0]]), hand=command("uno hand"))
    g = _Game(state)
    drawn: list[int] = []
    # Every pile carries a live stack aimed at someone else: drawing on can't find a card to play, so one card
    # and the turn passes; without this the loop would draw the whole deck.
    free_pile = any(not any(s.pile == p.id for s in state.stacks) for p in state.piles)
    while True:
        got = g.give(player, 1)
        if not got:
            break
        drawn += got
        if _playable_on_any(g, player, got[0]):
            g.drawn = Drawn(player, got[0], g.o.draw_until_playable)
            break
        if not g.o.draw_until_playable or not free_pile:
            break
    g.seat(player).no_jump = True
    g.emit("draw", player=player, count=len(drawn), cards=drawn, reason="turn")
    if g.drawn is None:
        g.turn = g.next(player)
        g.emit("turn", player=g.turn)
    return g


def _playable_on_any(g: _Game, player: int, card_id: int) -> bool:
    """The card just drawn goes on a pile without a live stack, as it would from the hand (a plus card on a
    dead plus card too). (Not a plus card onto a live stack: if that stack died before the card was played, the
    forced card could go nowhere and nobody could act.)"""
    o = g.o
    jump = o.jump_in and not g.by_player[player].no_jump
    return any(not any(s.pile == p.id for s in g.stacks)
               and (card_id in turn_matches(o.six_is_nine, p.colour, p.top)
                    or (jump and card_id in jump_matches_ids(o.power_ranks, o.six_is_nine, p.top))) for p in g.piles)


def playable_now(state: UnoState, player: int) -> list[int]:
    """Cards of the player's hand that are legal on some pile right now."""
    hand = state.hand(player)
    return [i for i in hand if any(play_kind(state, player, CARDS[i], p).allowed for p in state.piles)]


def _take_stacks(state: UnoState, player: int, count: int | None) -> _Game:
    """Take the stacks aimed at you; with `count`, only that many cards (Stacking: partial draws)."""
    g = _Game(state)
    total = sum(s.total for s in state.stacks_on(player))
    wanted = total if count is None else max(1, min(count, total))
    left = wanted
    stacks = []
    for s in g.stacks:
        if s.target == player and left:
            took = min(left, s.total)
            left -= took
            if took < s.total:
                s = replace(s, total=s.total - took)
            else:
                g.emit("stack_dead", pile=g.number(s.pile))
                continue
        stacks.append(s)
    g.stacks = stacks
    drawn = g.give(player, wanted)
    g.emit("draw", player=player, count=len(drawn), cards=drawn, reason="stack", left=total - wanted)
    if wanted == total:
        g.seat(player).no_jump = True  # "If you are forced to pick up cards, you cannot jump in..."
        if g.drawn is not None and g.drawn.player == player:
            g.drawn = None
        if player == g.turn:
            g.turn = g.next(player)  # "This player also skips their turn"
            g.emit("turn", player=g.turn)
    return g


def _plain_take(state: UnoState, player: int) -> tuple[UnoState, list[Event]] | None:
    """`_take_stacks` of every stack aimed at the player, nobody out (nothing to settle) and their hand not empty: the
    cards come off the draw pile's top as it is; None otherwise, or when it holds too few (the general path
    reshuffles)."""
    total = 0
    events: list[Event] = []
    kept = []
    for s in state.stacks:
        if s.target == player:
            total += s.total
            events.append({"type": "stack_dead", "pile": state.pile_number(s.pile)})
        else:
            kept.append(s)
    draw_pile = state.draw_pile
    k = len(draw_pile) - total
    i = state._index[player]
    seat = state.seats[i]
    if k < 0 or not seat.hand or state.closing:
        return None
    cards = list(draw_pile[k:])
    cards.reverse()  # one at a time off the top
    events.append({"type": "draw", "player": player, "count": total, "cards": cards, "reason": "stack", "left": 0})
    seats = list(state.seats)
    seats[i], fields = _copy(seat)
    fields["hand"], fields["no_jump"] = seat.hand + tuple(cards), True  # "If you are forced to pick up cards..."
    if total:  # the "Uno" player gains more cards (Uno rule, edge cases)
        fields["said_uno"], fields["exposed_at"], fields["last_card"] = False, None, None
    drawn, turn = state.drawn, state.turn
    if drawn is not None and drawn.player == player:
        drawn = None
    if player == turn:
        turn = seats[(i + state.direction) % len(seats)].player  # "This player also skips their turn"
        events.append({"type": "turn", "player": turn})
    new, fields = _copy(state)
    fields["seats"], fields["draw_pile"], fields["stacks"], fields["drawn"], fields["turn"] = \
        tuple(seats), draw_pile[:k], tuple(kept), drawn, turn
    fields["_options"], fields["_moves"] = None, None
    return new, events


def _pass(state: UnoState, move: Pass) -> _Game | tuple[UnoState, list[Event]]:
    _require_seat(state, move.player)
    drawn = state.drawn
    if drawn is None or drawn.player != move.player:
        raise IllegalMove(N_("There is nothing to pass on."), N_("On your turn, play a card or {draw}."),
                          code="no_pass", draw=command("uno draw"))
    if drawn.forced:
        raise IllegalMove(N_("You must play the card you drew, {card}."), N_("Play it with {play}."),
                          code="must_play", card=card_ref(CARDS[drawn.card]), play=command("uno play"))
    done = _plain_pass(state, move.player)
    if done is not None:
        return done
    g = _Game(state)
    g.drawn = None
    g.turn = g.next(move.player)
    g.emit("passed", player=move.player)
    g.emit("turn", player=g.turn)
    return g


def _plain_pass(state: UnoState, player: int) -> tuple[UnoState, list[Event]] | None:
    """`_pass` with nobody out (nothing to settle): only the drawn card and the turn change; None: the general
    path."""
    if state.closing:
        return None
    i = state._index[player]
    turn = state.seats[(i + state.direction) % len(state.seats)].player
    new, fields = _copy(state)
    fields["drawn"], fields["turn"], fields["_options"], fields["_moves"] = None, turn, None, None
    return new, [{"type": "passed", "player": player}, {"type": "turn", "player": turn}]


def _accept(state: UnoState, move: Accept) -> _Game:
    _require_seat(state, move.player)
    trades = state.trades_on(move.player)
    shift = state.shift is not None and move.player == state.turn
    if not trades and not shift:
        raise IllegalMove(N_("Nothing is waiting for you to accept."),
                          N_("Accept is for a trade aimed at you, or a 0's shift on your turn."),
                          code="nothing_to_accept")
    g = _Game(state)
    for trade in trades:
        g.resolve_trade(trade)
    if shift:
        g.resolve_shift()
    return g


def _choose(state: UnoState, move: Choose) -> _Game:
    prompt = state.prompt
    if prompt is None or prompt.player != move.player:
        raise IllegalMove(N_("Nobody asked you to choose anything."), N_("Carry on playing."), code="no_prompt")
    g = _Game(state)
    g.prompt = None
    if prompt.kind is PromptKind.PARTNER:
        if move.target is None or move.target == move.player or not state.seated(move.target):
            raise NeedChoice("target", N_("Who do you trade hands with?"), N_("Pick another player."))
        g.start_trade(move.player, move.target, prompt.pile, CARDS[state.pile(prompt.pile).top].suit)
    else:
        if move.onto is None or move.onto == prompt.pile or all(p.id != move.onto for p in state.piles):
            raise NeedChoice("onto", N_("Which pile does the 1's pile move onto?"), N_("Pick one of the other piles."))
        g.move_pile(g.pile(prompt.pile), move.onto)
    return g


def _say_uno(state: UnoState, move: SayUno) -> _Game | tuple[UnoState, list[Event]]:
    _require_seat(state, move.player)
    seat = state.seat(move.player)
    if not state.options.uno_rule:
        raise IllegalMove(N_("This game plays without the Uno rule."), N_("No need to say it."), code="no_uno_rule")
    if seat.said_uno:
        raise IllegalMove(N_("You have already said Uno."), N_("Everyone heard you."), code="already_said")
    if _exposed(state, seat):
        raise IllegalMove(N_("Too late: a card has been played since you went down to one card."),
                          N_("You can be called out now; say Uno as you play your second-to-last card."),
                          code="too_late")
    if not 1 <= len(seat.hand) <= 2:
        raise IllegalMove(N_("You hold {count} cards."),
                          N_("Say Uno as you go down to one card (with two or one left)."), code="not_uno",
                          count=len(seat.hand))
    done = _plain_say_uno(state, move.player)
    if done is not None:
        return done
    g = _Game(state)
    g.seat(move.player).said_uno = True
    g.emit("uno", player=move.player)
    return g


def _plain_say_uno(state: UnoState, player: int) -> tuple[UnoState, list[Event]] | None:
    """`_say_uno` with nobody out (nothing to settle): only their seat changes; None: the general path."""
    if state.closing:
        return None
    seats = list(state.seats)
    i = state._index[player]
    seats[i], fields = _copy(seats[i])
    fields["said_uno"] = True
    new, fields = _copy(state)
    fields["seats"], fields["_options"], fields["_moves"] = tuple(seats), None, None
    return new, [{"type": "uno", "player": player}]


def uno_penalty(state: UnoState, player: int) -> int:
    """The cards a call-out against `player` costs whoever loses it."""
    base = state.options.uno_penalty
    return base * 2 if doubles(state, player) else base


def doubles(state: UnoState, player: int) -> bool:
    """Round won: at 1 point "the cards you draw from the "Uno" rule double, as well as the cards drawn from a
    failed challenge against you"."""
    return state.options.points and state.seat(player).points == 1


def _callout(state: UnoState, move: Callout) -> _Game:
    """The "Uno" rule: a call-out on a one-card hand (or an emptied one) that never said "Uno"."""
    _require_seat(state, move.caller)
    _require_other(state, move.target)
    if not state.options.uno_rule:
        raise IllegalMove(N_("This game plays without the Uno rule."), N_("There is nobody to call out."),
                          code="no_uno_rule")
    if move.caller == move.target:
        raise IllegalMove(N_("You can't call yourself out."), N_("Say Uno with {uno} instead."), code="self_callout",
                          uno=command("uno uno"))
    target = state.seat(move.target)
    called_back = target.last_card if not target.hand else None  # the card that emptied the hand, if any
    if len(target.hand) != 1 and called_back is None and not (not target.hand and target.said_uno):
        raise IllegalMove(N_("{player} holds {count} cards: there's nothing to call out."),
                          N_("Call out a player who is down to one card and didn't say Uno."), code="no_callout",
                          player=player_ref(move.target), count=len(target.hand))
    g = _Game(state)
    if target.said_uno:
        loser = move.caller
    else:
        if state.options.callout_before_next:
            if len(target.hand) == 1 and (target.exposed_at is None or _exposed(state, target)):
                raise IllegalMove(N_("Too late to call them out: a card has been played since."),
                                  N_("Call out a missing Uno before the next card is played."), code="too_late")
        elif len(target.hand) == 1 and (target.exposed_at is None or state.plays <= target.exposed_at):
            raise IllegalMove(N_("Too early to call them out."),
                              N_("You must wait until at least the next player has played a card."),
                              code="too_early")
        loser = move.target
        if called_back is not None:  # return the last card to the hand, then draw
            card_id = called_back
            for found in list(g.piles):
                if card_id in found.cards and len(found.cards) > 1:
                    pile = g.pile(found.id)
                    was_top = pile.cards[-1] == card_id
                    pile.cards.remove(card_id)
                    if was_top:
                        pile.colour, pile.wild4, pile.eights = CARDS[pile.cards[-1]].colour, None, []
                        pile.serial += 1
                    g.add_to_hand(move.target, [card_id])
                    break
            g.seat(move.target).last_card = None
    penalty = uno_penalty(state, move.target)
    stack_index = next((i for i, s in enumerate(g.stacks) if s.target == move.target and not s.immutable), None)
    if stack_index is not None:  # "+4 is added to the stack and pointed at whoever failed the challenge"
        s = g.stacks[stack_index]
        g.stacks[stack_index] = replace(s, total=s.total + penalty, target=loser)
        g.emit("callout", caller=move.caller, target=move.target, loser=loser, cards=penalty, stack=True)
    else:
        drawn = g.give(loser, penalty)
        g.seat(loser).no_jump = True  # forced to pick up (Jumping in, edge cases)
        g.emit("callout", caller=move.caller, target=move.target, loser=loser, cards=len(drawn), stack=False)
        g.emit("draw", player=loser, count=len(drawn), cards=drawn, reason="callout")
    return g


def challengeable(state: UnoState, player: int) -> list[Pile]:
    """The piles whose Wild +4 `player` may challenge (Challenging)."""
    found = []
    for p in state.piles:
        record = p.wild4
        if record is not None and record.player != player:
            anyone = not state.options.challenge_next_only
            if any(s.id == record.stack and (anyone or s.target == player) for s in state.stacks):
                found.append(p)
    return found


def _challenge(state: UnoState, move: Challenge) -> _Game | tuple[UnoState, list[Event]]:
    """Challenging a Wild +4, also on a stack: +4 goes to whoever was wrong."""
    _require_seat(state, move.player)
    if not state.options.challenge_wild4:
        raise IllegalMove(N_("This game plays without challenges."), N_("Take the stack with {draw}."),
                          code="no_challenge", draw=command("uno draw"))
    open_piles = challengeable(state, move.player)
    if move.pile is not None:
        open_piles = [p for p in open_piles if p.id == move.pile]
    if not open_piles:
        hint = N_("You can challenge a Wild +4 that makes you draw while it is the top card of a live stack.") \
            if state.options.challenge_next_only else \
            N_("You can challenge a Wild +4 (not your own) while it is the top card of a live stack.")
        raise IllegalMove(N_("There is no Wild +4 you can challenge."), hint, code="no_wild4")
    if len(open_piles) > 1:
        raise NeedChoice("pile", N_("Which Wild +4 do you challenge?"), N_("Pick its pile."))
    pile = open_piles[0]
    record = pile.wild4
    assert record is not None  # challengeable piles carry one
    g = _Game(state)
    g.pile(pile.id).wild4 = None
    loser = record.player if record.guilty else move.player
    index = next(i for i, s in enumerate(g.stacks) if s.id == record.stack)
    s = g.stacks[index]
    cost = 4 if record.on_stack else 0
    if not record.guilty:
        cost += state.options.challenge_extra
        if doubles(state, record.player):  # on a fresh one: the Wild +4's own cards double too
            cost += cost if record.on_stack else s.total + cost
    g.stacks[index] = replace(s, total=s.total + cost, target=loser)
    g.emit("challenge", player=move.player, against=record.player, guilty=record.guilty, loser=loser,
           total=g.stacks[index].total)
    if not state.options.stacking:  # nothing can change the stack before it is taken: it is taken at once
        challenged = g.freeze()
        done = _plain_take(challenged, loser)
        if done is not None:
            return done[0], g.events + done[1]
        return _then(g, _take_stacks(challenged, loser, None))
    return g


def _end_round(state: UnoState, move: EndRound) -> _Game:
    _require_seat(state, move.player)
    if not state.closing:
        raise IllegalMove(N_("Nobody has played their last card."), N_("The round goes on."), code="not_closing")
    if state.pending:
        raise IllegalMove(N_("Effects are still pending."),
                          N_("Every stack, trade and shift must be resolved before the round is scored."),
                          code="pending")
    g = _Game(state)
    g.end_round()
    return g


def _time_out(state: UnoState, move: TimeOut) -> _Game:
    """The turn timer ran out: answer for the absent player, draw one card for them and skip them."""
    g = _Game(state)
    if state.prompt is not None:
        prompt = state.prompt
        g.prompt = None
        if prompt.kind is PromptKind.PARTNER:
            g.start_trade(prompt.player, g.next(prompt.player), prompt.pile, CARDS[state.pile(prompt.pile).top].suit)
        else:
            g.move_pile(g.pile(prompt.pile), next(p.id for p in state.piles if p.id != prompt.pile))
        g.emit("timed_out", player=prompt.player)
        return g
    if state.closing:  # answer for everyone still owing something, then score the round
        g.emit("timed_out", player=None)
        for player in dict.fromkeys(s.target for s in state.stacks):
            g = _then(g, _take_stacks(g.freeze(), player, None))
        for trade in list(g.trades):
            g.resolve_trade(trade)
        if g.shift is not None:
            g.resolve_shift()
        if any(not x.hand for x in g.seats):
            g.end_round()
        return g
    player = state.turn_player()
    g.emit("timed_out", player=player)
    if state.stacks_on(player):
        return _then(g, _take_stacks(state, player, None))
    for trade in state.trades_on(player):
        g.resolve_trade(trade)
    if g.shift is not None:
        g.resolve_shift()
    g.drawn = None
    drawn = g.give(player, 1)
    g.seat(player).no_jump = True
    g.emit("draw", player=player, count=len(drawn), cards=drawn, reason="timer")
    g.turn = g.next(player)
    g.emit("turn", player=g.turn)
    return g


def _then(first: _Game, second: _Game) -> _Game:
    second.events[:0] = first.events
    return second


def _leave(state: UnoState, move: Leave) -> _Game:
    """A player leaves (or is removed): their cards go under the draw pile; what aimed at them is cancelled."""
    _require_other(state, move.player)
    player = move.player
    g = _Game(state)
    seat = g.seat(player)
    if state.phase is Phase.PLAY:
        g.draw_pile = [*seat.hand, *g.draw_pile]
        if g.turn == player:
            g.turn = g.next(player)
        if g.last_player == player:
            g.last_player = g.turn
        g.stacks = [s for s in g.stacks if s.target != player]
        g.trades = [t for t in g.trades if player not in (t.initiator, t.target)]
        if g.prompt is not None and g.prompt.player == player:
            g.prompt = None
        if g.drawn is not None and g.drawn.player == player:
            g.drawn = None
        g.stacks = [replace(s, origin=None) if s.origin == player else s for s in g.stacks]
        for pile in list(g.piles):  # their Wild +4 can't be challenged any more: it would aim a stack at nobody
            if pile.wild4 is not None and pile.wild4.player == player:
                g.pile(pile.id).wild4 = None
    g.seats.remove(seat)
    del g.by_player[player]
    g._index = None
    g.emit("left", player=player, cards=len(seat.hand))
    if not g.seats:
        g.phase = Phase.OVER
        return g
    if g.host == player:
        g.host = g.seats[0].player
    if state.phase is Phase.PLAY and len(g.seats) < MIN_PLAYERS:
        g.phase, g.winners, g.turn = Phase.OVER, (g.seats[0].player,), None
        g.emit("game_over", winners=list(g.winners))
    elif state.phase is Phase.PLAY:
        g.emit("turn", player=g.turn)
    return g


def _set_timer(state: UnoState, move: SetTimer) -> _Game:
    g = _Game(state)
    g.timer = check_timer(move.seconds)
    g.emit("timer", seconds=move.seconds)
    return g


_HANDLERS: dict[type, Callable[[UnoState, Any], _Game | tuple[UnoState, list[Event]]]] = {
    Join: _join, Start: _start, Play: _play, Draw: _draw, Pass: _pass, Accept: _accept, Choose: _choose,
    SayUno: _say_uno, Callout: _callout, Challenge: _challenge, EndRound: _end_round, TimeOut: _time_out,
    Leave: _leave, SetTimer: _set_timer}


# -- what can be done -----------------------------------------------------------------------------------

def legal_moves(state: UnoState, player: int) -> list[Move]:
    """Every move `player` may make now (one card per face: copies of a card are the same move)."""
    kept = state._moves
    moves = None if kept is None else kept.get(player)
    if moves is None:
        answer = _free_answer(state, player, True) or _stacked_answer(state, player)
        if answer is None:
            moves = options(state, player).moves()
        else:
            moves, actions, _ = answer
            if actions is not moves:
                moves += actions
        if kept is None:
            _set(state, "_moves", {player: moves})  # a cache, not a field of the game: the state is unchanged
        else:
            kept[player] = moves
    return [*moves]


def options(state: UnoState, player: int) -> Options:
    """What `player` may do now: the one answer that moves, menus, marks and autocomplete are read from (worked
    out once per state and player)."""
    kept = state._options
    found = None if kept is None else kept.get(player)
    if found is None:
        answer = _free_answer(state, player, False) or _stacked_answer(state, player)
        if answer is None:
            found = _options(state, player)
        else:
            plays, actions, only = answer
            found = Options(player, tuple(plays), tuple(actions), only)
        if kept is None:
            _set(state, "_options", {player: found})
        else:
            kept[player] = found
    return found


def _options(state: UnoState, player: int) -> Options:
    """`options` when the game is not under way, or something is pending (a stack, a trade, a shift, a prompt) or
    someone is out."""
    if state.phase is not _PLAY or player not in state._index:
        if state.phase is _LOBBY and player == state.host and len(state.seats) >= MIN_PLAYERS:
            return Options(player, actions=(Start(player),))
        return Options(player)
    if state.prompt is not None:
        if state.prompt.player != player:
            return Options(player)
        if state.prompt.kind is PromptKind.PARTNER:
            return Options(player, actions=tuple(Choose(player, target=p) for p in state.players if p != player))
        return Options(player, actions=tuple(Choose(player, onto=p.id) for p in state.piles
                                             if p.id != state.prompt.pile))
    is_turn = player == state.turn
    forced = state.drawn.card if state.drawn is not None and state.drawn.player == player else None
    plays = []
    seen: set[tuple[Colour | None, str]] = set()
    for card_id in () if _no_card_goes(state) else state.hand(player):
        c = CARDS[card_id]
        if (c.colour, c.rank) in seen and card_id != forced:  # only the drawn copy may be played
            continue
        seen.add((c.colour, c.rank))
        for pile in state.piles:
            kind = play_kind(state, player, c, pile)
            if kind.allowed:
                plays.append(play_option(state, player, c, pile.id, kind))
    actions: list[Move] = []
    trades = state.trades_on(player)
    if any(s.target == player for s in state.stacks):
        actions.append(_shared_draw(player))
    elif is_turn and not state.closing and state.shift is None and not trades:
        if state.drawn is not None and state.drawn.player == player:
            if not state.drawn.forced:
                actions.append(_shared_pass(player))
        elif state.options.draw_while_playable or not plays:  # "If a player does not have a card that can be played"
            actions.append(_shared_draw(player))
    if trades or (state.shift is not None and is_turn):
        actions.append(_shared_accept(player))
    o = state.options
    seat = state.seats[state._index[player]]
    if o.uno_rule:
        if 1 <= len(seat.hand) <= 2 and not seat.said_uno and not _exposed(state, seat):
            actions.append(_shared_sayuno(player))
        for other in state.seats:  # a call-out is on a hand of one card or none
            if len(other.hand) <= 1 and other.player != player and _callout_possible(state, other):
                actions.append(_shared_callout(player, other.player))
    if o.challenge_wild4:
        actions += [_shared_challenge(player, p.id) for p in challengeable(state, player)]
    if state.closing and not state.pending:
        actions.append(_shared_endround(player))
    only = forced if is_turn and not state.closing else None
    return Options(player, tuple(plays), tuple(actions), only)


_Entry = tuple[PlayOption, tuple[Move, ...]]  # a play's option and its moves


def _no_card_goes(state: UnoState) -> bool:
    """Every pile carries a live stack, and nothing but stacking and deflecting answers one (official Uno): no card
    can be played by anyone (`play_kind` refuses every one as FACING or LIVE)."""
    o = state.options
    if o.stacking or o.deflection or state.shift is not None or not state.stacks:
        return False
    stacked = set()
    for s in state.stacks:
        if s.kind is not _PLUS_STACK:  # an immutable one (Crazy 8's) takes its owner's 8
            return False
        stacked.add(s.pile)
    return len(stacked) == len(state.piles)


def _free_answer(state: UnoState, player: int, listing: bool) -> tuple[list[Any], list[Move], int | None] | None:
    """What `player` may do in the usual case, a game under way with nothing pending, nobody out and no prompt (None
    otherwise, or for a player not at the table): the plays (as moves with `listing`, else as options), Draw or Pass
    on your turn, the "Uno" rule's moves (no Wild +4 can be challenged without a stack); and the card that alone
    may be played. With `listing` the actions are added to the plays' list (one list of moves, returned twice)."""
    index = state._index.get(player)
    if index is None or state.phase is not _PLAY or state.prompt is not None or state.stacks or state.trades \
            or state.shift or state.closing:
        return None
    is_turn = player == state.turn
    drawn = state.drawn
    forced = drawn.card if drawn is not None and drawn.player == player else None
    seat = state.seats[index]
    o = state.options
    if len(state.piles) == 1 and not o.jump_in and not o.seven_trades:  # official Uno: turn plays on one pile
        plays = _official_plays(state, player, (forced,) if forced is not None else seat.hand, listing) \
            if is_turn else []
    else:
        entries = _free_plays(state, player, seat, is_turn, forced)
        plays = [move for _, moves in entries for move in moves] if listing else [option for option, _ in entries]
    actions: list[Any] = plays if listing else []
    if is_turn:
        if forced is not None:
            if not drawn.forced:  # type: ignore[union-attr]  # forced is set only with a drawn card
                actions.append(_shared_pass(player))
        elif o.draw_while_playable or not plays:  # "If a player does not have a card that can be played"
            actions.append(_shared_draw(player))
    if o.uno_rule:
        if len(seat.hand) <= 2 and not seat.said_uno and not _exposed(state, seat):
            actions.append(_shared_sayuno(player))
        for other in state.seats:  # a call-out is on a hand of one card or none
            if len(other.hand) <= 1 and other is not seat and _callout_possible(state, other):
                actions.append(_shared_callout(player, other.player))
    return plays, actions, forced if is_turn else None


def _stacked_answer(state: UnoState, player: int) -> tuple[list[Any], list[Move], int | None] | None:
    """What `player` may do while every pile carries a live stack that takes no card (`_no_card_goes`), nothing
    else pending and nobody out (None otherwise): no plays; Draw for whoever a stack is aimed at (or on your
    turn), Pass for a drawn card you may keep, the "Uno" rule's moves and the challenges."""
    if state.phase is not _PLAY or state.prompt is not None or state.trades or state.closing \
            or player not in state._index or not _no_card_goes(state):
        return None
    is_turn = player == state.turn
    drawn = state.drawn
    forced = drawn.card if drawn is not None and drawn.player == player else None
    seat = state.seats[state._index[player]]
    o = state.options
    actions: list[Move] = []
    for s in state.stacks:
        if s.target == player:
            actions.append(_shared_draw(player))
            break
    else:
        if is_turn:
            if forced is None:
                actions.append(_shared_draw(player))  # no card can be played
            elif not drawn.forced:  # type: ignore[union-attr]  # forced is set only with a drawn card
                actions.append(_shared_pass(player))
    if o.uno_rule:
        if 1 <= len(seat.hand) <= 2 and not seat.said_uno and not _exposed(state, seat):
            actions.append(_shared_sayuno(player))
        for other in state.seats:  # a call-out is on a hand of one card or none
            if len(other.hand) <= 1 and other is not seat and _callout_possible(state, other):
                actions.append(_shared_callout(player, other.player))
    if o.challenge_wild4:
        for p in challengeable(state, player):
            actions.append(_shared_challenge(player, p.id))
    return [], actions, forced if is_turn else None


def _official_plays(state: UnoState, player: int, hand: tuple[int, ...], listing: bool) -> list[Any]:
    """The turn plays from `hand` on the only pile, nobody jumping in and no 7 asking for a partner (official Uno):
    the first copy of each face the pile takes, as its moves (`listing`) or its option, from the pile's tables."""
    pile = state.piles[0]
    six, colour, top = state.options.six_is_nine, pile.colour, pile.cards[-1]
    ok = _TURN_OK[six][colour][top] or _turn_ok(six, colour, top)
    table = _turn_moves(player, pile.id) if listing else _turn_options(pile.id)
    plays: list[Any] = []
    faces: dict[int, None] = {}  # (a dict: storing a key costs less than set.add)
    for card_id in hand:
        if card_id in ok:
            face = _FACE[card_id]
            if face not in faces:
                faces[face] = None
                plays += table[card_id]
    return plays


@lru_cache(maxsize=256)
def _turn_moves(player: int, pile_id: int) -> tuple[tuple[Move, ...], ...]:
    """Every card's turn play on a pile where only a Wild's colour is chosen, by card id: its moves."""
    return tuple(_plain_moves(player, card_id, pile_id, False) for card_id in range(DECK_SIZE))


@lru_cache(maxsize=256)
def _turn_options(pile_id: int) -> tuple[tuple[PlayOption], ...]:
    """Every card's turn play on a pile where only a Wild's colour is chosen, by card id: its option (alone in a
    tuple, as `_turn_moves` holds moves)."""
    return tuple((_plain_option(card_id, pile_id, False),) for card_id in range(DECK_SIZE))


def _plain_option(card_id: int, pile_id: int, jump: bool) -> PlayOption:
    """A turn play or a jump-in with nothing but a Wild's colour to choose."""
    if card_id in _WILDS:
        return wild_option(card_id, pile_id, jump)
    return jump_option(card_id, pile_id) if jump else turn_option(card_id, pile_id)


@lru_cache(maxsize=SHARED)
def _plain_moves(player: int, card_id: int, pile_id: int, jump: bool) -> tuple[Move, ...]:
    """The moves of `_plain_option`, made once."""
    return tuple(_plain_option(card_id, pile_id, jump).moves(player))


def _free_plays(state: UnoState, player: int, seat: Seat, is_turn: bool, forced: int | None) -> list[_Entry]:
    """The plays when nothing is pending, as play_kind would classify them: a turn play or a jump-in, read from
    each pile's match tables. Copies of a face match alike, so a card no pile takes is skipped outright."""
    o = state.options
    piles = state.piles
    plays: list[_Entry] = []
    seen: set[int] = set()  # faces (_FACE)
    empty: frozenset[int] = frozenset()
    turn_ok = [turn_matches(o.six_is_nine, p.colour, p.top) for p in piles] if is_turn else [empty] * len(piles)
    # on your turn with a drawn card, only that card, and a drawn plus card goes on a dead plus card
    may_jump = o.jump_in and ((is_turn and forced is not None) or not seat.no_jump)
    jump_ok = [jump_matches_ids(o.power_ranks, o.six_is_nine, p.top) for p in piles] if may_jump \
        else [empty] * len(piles)
    sets = [*turn_ok, *jump_ok] if may_jump else turn_ok
    taken = sets[0] if len(sets) == 1 else sets[0].union(*sets[1:])
    hand = (forced,) if is_turn and forced is not None else seat.hand
    for card_id in filter(taken.__contains__, hand):
        face = _FACE[card_id]
        if face in seen and card_id != forced:
            continue
        seen.add(face)
        choosing = card_id in _CHOOSING and card_id not in _WILDS  # a 7's partner or a 1's pile, if asked for
        for i, pile in enumerate(piles):
            jump = card_id not in turn_ok[i]
            if jump and card_id not in jump_ok[i]:
                continue
            if choosing:
                option = play_option(state, player, CARDS[card_id], pile.id, _JUMP if jump else _TURN)
                plays.append((option, tuple(option.moves(player))))
            else:
                plays.append((_plain_option(card_id, pile.id, jump), _plain_moves(player, card_id, pile.id, jump)))
    return plays


_ONE = tuple((card_id,) for card_id in range(DECK_SIZE))  # one card as a tuple, to add to a pile or hand (made once)
_FACE = tuple(next(d.id for d in CARDS if (d.colour, d.rank) == (c.colour, c.rank)) for c in CARDS)  # first copy
_CHOOSING = frozenset(c.id for c in CARDS if c.is_wild or c.rank in ("7", "1"))  # a colour, partner or pile to choose
_WILDS = frozenset(c.id for c in CARDS if c.is_wild)
# Enum members read in the hot paths: a member's lookup on its class (Phase.PLAY) costs about as much as a small
# function call on CPython 3.11.
_PLAY, _LOBBY, _OVER = Phase.PLAY, Phase.LOBBY, Phase.OVER
_PLUS_STACK = StackKind.PLUS
_CODE = {None: None} | {colour: colour.value for colour in COLOURS}  # `colour and colour.value`: a Python-level
# property on 3.11
_TURN, _JUMP, _STACK = PlayKind.TURN, PlayKind.JUMP, PlayKind.STACK
_shared_draw = lru_cache(maxsize=SHARED)(Draw)
_shared_pass = lru_cache(maxsize=SHARED)(Pass)
_shared_accept = lru_cache(maxsize=SHARED)(Accept)
_shared_sayuno = lru_cache(maxsize=SHARED)(SayUno)
_shared_endround = lru_cache(maxsize=SHARED)(EndRound)
_shared_callout = lru_cache(maxsize=SHARED)(Callout)
_shared_challenge = lru_cache(maxsize=SHARED)(Challenge)


def _callout_possible(state: UnoState, seat: Seat) -> bool:
    if seat.said_uno:
        return len(seat.hand) <= 1
    if not seat.hand:
        return seat.last_card is not None
    if state.options.callout_before_next:
        return len(seat.hand) == 1 and seat.exposed_at is not None and state.plays <= seat.exposed_at
    return _exposed(state, seat)


def _exposed(state: UnoState, seat: Seat) -> bool:
    """A one-card hand with a card played since it began: open to a call-out, too late to say Uno."""
    return len(seat.hand) == 1 and seat.exposed_at is not None and state.plays > seat.exposed_at


def play_option(state: UnoState, player: int, c: Card, pile_id: int, kind: PlayKind) -> PlayOption:
    """An allowed play and the choices it asks for (Cards: Wild, 7, 1; Deflection edge cases: a 2's split)."""
    o = state.options
    colours = COLOURS if c.is_wild else ()
    targets: tuple[int, ...] = ()
    if c.rank == "7" and o.seven_trades and kind in (PlayKind.TURN, PlayKind.JUMP, PlayKind.TRADES, PlayKind.STACKS):
        targets = tuple(x.player for x in state.seats if x.player != player)
    ontos: tuple[int, ...] = ()
    if c.rank == "1" and o.one_moves_pile and kind in (PlayKind.TURN, PlayKind.JUMP) and len(state.piles) > 1:
        ontos = tuple(p.id for p in state.piles if p.id != pile_id)
    splits: tuple[str, ...] = ()
    if c.rank == "2" and kind is PlayKind.STACKS:
        facing = _affected_stacks(state, player, pile_id)
        if any(s.immutable for s in facing) and any(not s.immutable for s in facing):
            splits = ("plus", "eights")
    if not (targets or ontos or splits) and (kind is _TURN or kind is _JUMP):
        if colours:
            return wild_option(c.id, pile_id, kind is _JUMP)
        return turn_option(c.id, pile_id) if kind is _TURN else jump_option(c.id, pile_id)
    return PlayOption(c.id, pile_id, kind, colours, targets, ontos, splits)


def waiting_on(state: UnoState) -> list[int]:
    """Whom the game waits for, the one the turn timer is for first. Empty only when the game is over."""
    phase = state.phase
    if phase is not _PLAY:
        return [] if phase is _OVER else [state.host]
    if state.prompt is not None:
        return [state.prompt.player]
    if not (state.stacks or state.trades or state.closing):
        return [state.turn]  # type: ignore[list-item]  # a game under way has a turn player
    waiting = [] if state.closing else [state.turn_player()]
    for s in state.stacks:
        if s.target not in waiting:
            waiting.append(s.target)
    for t in state.trades:
        if t.target not in waiting:
            waiting.append(t.target)
    if state.closing:
        if state.shift is not None:
            if state.turn_player() not in waiting:
                waiting.append(state.turn_player())
        elif not waiting:
            return list(state.players)
    return waiting


def view_for(state: UnoState, player: int | None) -> dict[str, Any]:
    """Everything `player` may see: the public board and, if seated, their own hand. Nobody else's cards."""
    view: dict[str, Any] = {
        "phase": state.phase.value, "round": state.round, "turn": state.turn, "direction": state.direction,
        "draw_pile": len(state.draw_pile),
        "piles": [{"number": i + 1, "top": p.top, "colour": p.colour and p.colour.value, "size": len(p.cards)}
                  for i, p in enumerate(state.piles)],
        "stacks": [{"pile": state.pile_number(s.pile), "total": s.total, "target": s.target, "kind": s.kind.value}
                   for s in state.stacks],
        "trades": [{"initiator": t.initiator, "target": t.target} for t in state.trades],
        "shift": None if state.shift is None else {"count": state.shift.count, "direction": state.shift.direction},
        "seats": [{"player": s.player, "cards": len(s.hand), "points": s.points, "said_uno": s.said_uno}
                  for s in state.seats],
        "winners": list(state.winners),
    }
    if player is not None and state.seated(player):
        view["hand"] = list(state.hand(player))
        if state.phase is Phase.PLAY:
            view["playable"], view["jump"] = options(state, player).marked(state.hand(player))
    return view


def card_count(state: UnoState) -> int:
    """Every card somewhere: hands, draw pile, discard piles (always 108)."""
    return sum(len(s.hand) for s in state.seats) + len(state.draw_pile) + sum(len(p.cards) for p in state.piles)


def standings(state: UnoState) -> list[tuple[int, int, int]]:
    """(player, place, points), best first: the winners, then fewest points, then fewest cards; players equal
    on all three share the better place."""
    def key(s: Seat) -> tuple[bool, int, int]:
        return s.player not in state.winners, s.points, len(s.hand)

    seats = sorted(state.seats, key=key)
    return [(s.player, 1 + sum(1 for o in seats if key(o) < key(s)), s.points) for s in seats]


UNO: GameKind[UnoState, Move] = GameKind(
    name=KIND, state_to_dict=UnoState.to_dict, state_from_dict=UnoState.from_dict,
    move_to_dict=move_to_dict, move_from_dict=move_from_dict, apply=apply, is_over=lambda state: state.finished,
    results=standings,
)

__all__ = ["UNO", "NeedChoice", "RaceLost", "apply", "legal_moves", "move_from_dict", "new_game", "new_lobby",
           "options", "standings", "view_for", "waiting_on"]
