"""The rules of Gin-jon-tan (seed 004, "Game sequence"): pure functions over GinjontanState.

`apply(state, move)` returns the new state and the events it produced, or raises a GameError with a stable
code. The game moves on by itself whenever nobody is waiting to act: dealing (1), turning reserve cards for
the order (3.1), unfolding and drawing (3.2), filling reserves (5), the evaluation (7b) and the re-deal (8).
Randomness comes from the state's seed, so a game replays exactly.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from engine.base import Event, GameKind
from engine.errors import IllegalMove, NotAllowed, NotSeated, NotYourTurn
from engine.ginjontan.cards import BLACK_HOLE, FULL_SET_SIZE, card, clash, named
from engine.ginjontan.moves import (
    Act,
    AskCards,
    Call,
    Evaluate,
    Exchange,
    Give,
    Join,
    Leave,
    SetAside,
    Start,
    Swap,
    TimeOut,
    Trim,
    move_from_dict,
    move_to_dict,
)
from engine.ginjontan.options import (
    ACTIVE,
    HAND,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RESERVE,
    RESERVE_CAP,
    GinjontanOptions,
)
from engine.ginjontan.scoring import score_hand
from engine.ginjontan.state import (
    Ask,
    Clash,
    Deck,
    Duel,
    GinjontanState,
    Phase,
    RoundResult,
    Seat,
    state_from_dict,
    state_to_dict,
)
from engine.ginjontan.words import joined, words, zone
from engine.seeds import SEED_BITS
from engine.text import N_, Ref, command
from engine.text import player as someone
from engine.timer import check_timer

PERSONAL_DECK = 33  # step 1: "their own selection of 33 cards"
TASK_TEXT = {
    "swap": N_("decide whether to swap your whole hand with your reserve (step 2)"),
    "aside": N_("choose 3 cards to unfold (step 3)"),
    "act": N_("act with one of your unfolded cards (step 3.3)"),
    "exchange3": N_("exchange up to 3 cards between hand and reserve, or none (step 3.4)"),
    "trim": N_("choose the reserve cards over 33 that go back to the deck (step 3.3)"),
    "exchange9": N_("exchange up to 9 cards between hand and reserve, or none (step 4)"),
    "surplus": N_("choose the reserve cards over 9 that go back to the deck (step 5)"),
    "turn": N_("say Gin jon tan!, exchange 1-3 cards, or ask another player (step 6.1)"),
    "give": N_("choose the cards you hand over to the player who asked (step 6.1c)"),
    "reveal": N_("show your hand or say Kat oh! (step 7)"),
}


def task_named(name: str) -> Ref:
    """A task the game waits for, for render/ to word (TASK_TEXT)."""
    return words(TASK_TEXT[name])




def _rng(state: GinjontanState, *parts: Any) -> random.Random:
    return random.Random("/".join(str(p) for p in (state.seed, *parts)))


# -- the mutable working copy ------------------------------------------------------------------------------------

@dataclass
class _Seat:
    player: int
    name: str
    hand: list[int]
    reserve: list[int]
    active: list[int]
    unfolded: list[int]
    points: int
    round_start: int
    deck: Deck | None
    own: tuple[int, ...]
    called: bool
    result: str
    hand_points: int

    @classmethod
    def thaw(cls, s: Seat) -> _Seat:
        return cls(s.player, s.name, list(s.hand), list(s.reserve), list(s.active), list(s.unfolded), s.points,
                   s.round_start, s.deck, s.own, s.called, s.result, s.hand_points)

    def freeze(self) -> Seat:
        return Seat(self.player, self.name, tuple(self.hand), tuple(self.reserve), tuple(self.active),
                    tuple(self.unfolded), self.points, self.round_start, self.deck, self.own,
                    self.called, self.result, self.hand_points)


class _Game:
    def __init__(self, state: GinjontanState) -> None:
        self.base = state
        self.options = state.options
        self.seats = {s.player: _Seat.thaw(s) for s in state.seats}
        self.deck = state.deck
        self.fields: dict[str, Any] = {}
        self.waiting = list(state.waiting)
        self.events: list[Event] = []

    def __getattr__(self, name: str) -> Any:  # unchanged fields read through to the old state
        if name in ("base", "fields"):
            raise AttributeError(name)
        return self.fields[name] if name in self.fields else getattr(self.base, name)

    def set(self, **changes: Any) -> None:
        self.fields.update(changes)

    def emit(self, type_: str, **data: Any) -> None:
        self.events.append({"type": type_, **data})

    def freeze(self) -> GinjontanState:
        return replace(self.base, **self.fields, seats=tuple(self.seats[p].freeze() for p in self.players),
                       deck=self.deck, waiting=tuple(self.waiting), moves=self.base.moves + 1)

    @property
    def players(self) -> list[int]:
        return [s.player for s in self.base.seats]

    # cards and decks
    def draw(self, player: int, count: int) -> list[int]:
        seat = self.seats[player]
        if self.options.deck == "personal":
            assert seat.deck is not None  # drafted at the start (step 1)
            seat.deck, cards = seat.deck.draw(count)
        else:
            self.deck, cards = self.deck.draw(count)
        return list(cards)

    def to_deck(self, player: int, cards: list[int]) -> None:
        """`player`'s cards go under their deck (the common deck, or their own)."""
        if not cards:
            return
        seat = self.seats[player]
        if self.options.deck == "personal":
            assert seat.deck is not None  # drafted at the start (step 1)
            seat.deck = seat.deck.put_back(cards)
        else:
            self.deck = self.deck.put_back(cards)

    def done(self, player: int, task: str) -> None:
        self.waiting.remove((player, task))

    def wait(self, player: int, task: str) -> None:
        if (player, task) not in self.waiting:
            self.waiting.append((player, task))


# -- starting ----------------------------------------------------------------------------------------------------

def new_lobby(host: int, options: GinjontanOptions, seed: int, name: str = "", *,
              seed_chosen: bool = False, timer: int = 0, salt: str | None = None) -> GinjontanState:
    """`salt`: hides the seed in the commitment the lobby posts (engine/commitment.py)."""
    return GinjontanState(options=options, host=host, seed=seed, seats=(Seat(host, name),), seed_chosen=seed_chosen,
                          timer=check_timer(timer), salt=salt)


def new_game(options: GinjontanOptions, players: list[int] | tuple[int, ...], seed: int,
             collections: dict[int, tuple[int, ...]] | None = None) -> GinjontanState:
    """A dealt game (the lobby skipped): `players` in seat order, the first one hosting."""
    state = GinjontanState(options=options, host=players[0], seed=seed,
                           seats=tuple(Seat(p) for p in players))
    return apply(state, Start(players[0], collections or {}))[0]


def draft(collection: tuple[int, ...], rng: random.Random) -> tuple[int, ...]:
    """Comment 2: a 33-card deck drafted from a personal collection; a collection under 33 cards is topped up
    from the full set (rulings), so a new player can play with personal decks at once."""
    if len(collection) >= PERSONAL_DECK:
        return tuple(rng.sample(list(collection), PERSONAL_DECK))
    have = list(collection)
    rest = [c for c in rng.sample(range(FULL_SET_SIZE), PERSONAL_DECK * 2) if c not in have]
    return tuple(have + rest[:PERSONAL_DECK - len(have)])


def _deal(g: _Game) -> None:
    """Step 1 (and step 8): 9 cards to the hand and 9 face down to the reserve from a freshly shuffled deck."""
    rng = _rng(g.base, "deal", g.round)
    if g.options.deck == "personal":
        for seat in g.seats.values():
            cards = list(seat.own)
            rng.shuffle(cards)
            seat.deck = Deck(None, 0, tuple(cards))
    else:
        g.deck = Deck(rng.getrandbits(SEED_BITS))
    for player in g.players:
        seat = g.seats[player]
        seat.hand = g.draw(player, HAND)
        seat.reserve = g.draw(player, RESERVE)
        seat.active, seat.unfolded = [], []
        seat.round_start, seat.called, seat.result, seat.hand_points = seat.points, False, "", 0
    g.emit("dealt", round=g.round)


def _start_round(g: _Game) -> None:
    """Step 3 and 3.1: everyone chooses cards to unfold; reserve cards turned decide the order."""
    rng = _rng(g.base, "order", g.round)
    turned: dict[int, list[int]] = {p: [] for p in g.players}
    left = {p: list(g.seats[p].reserve) for p in g.players}
    for cards in left.values():
        rng.shuffle(cards)

    def rank(group: list[int]) -> list[int]:
        """Order `group` by the value of the next card each turns; ties turn again (3.1)."""
        if len(group) == 1:
            return group
        values: dict[int, int] = {}
        for p in group:
            if left[p]:
                c = left[p].pop()
                turned[p].append(c)
                values[p] = card(c).value
            else:
                values[p] = -1  # nothing left to turn: after the others (rulings)
        out: list[int] = []
        for v in sorted(set(values.values()), reverse=True):
            tied = [p for p in group if values[p] == v]
            if len(tied) > 1 and all(not left[p] for p in tied):
                out += tied  # nobody can turn again: seat order
            else:
                out += rank(tied)
        return out

    order = rank(list(g.players))
    schedule: list[tuple[int, int]] = []
    for i, active in enumerate(order):  # 3.6, 3.7: each in turn duels the others, in the order after them
        others = order[i + 1:] + order[:i]
        if g.options.duels == "once":
            others = order[i + 1:]
        schedule += [(active, o) for o in others]
    g.set(phase=Phase.SETUP, order=tuple(order), schedule=tuple(schedule), duel_index=0, duel=None,
          turned=tuple((p, *turned[p]) for p in g.players), turn=0, calls_in_row=0, ask=None)
    g.emit("order", order=order, turned=[[p, turned[p]] for p in g.players])
    for p in order:
        if g.seats[p].hand:
            g.wait(p, "aside")


def _needs_aside(g: _Game, player: int, after: int) -> bool:
    """Does `player` unfold again in a duel after the one at index `after`?"""
    return any(player in pair for pair in g.schedule[after + 1:])


def _begin_duel(g: _Game) -> None:
    """3.2 and 3.3: both unfold the cards they set aside and draw as many (rulings: the second player too)."""
    while g.duel_index < len(g.schedule):
        active, opponent = g.schedule[g.duel_index]
        g.set(duel=Duel(active, opponent))
        for p in (active, opponent):
            seat = g.seats[p]
            seat.unfolded, seat.active = seat.active, []
            new = g.draw(p, len(seat.unfolded))
            seat.hand += new
            g.emit("drew", player=p, cards=new)
        g.emit("duel", active=active, opponent=opponent,
               unfolded=[[p, list(g.seats[p].unfolded)] for p in (active, opponent)])
        if g.seats[active].unfolded and g.seats[opponent].unfolded:
            g.wait(active, "act")
            return
        _end_acting(g)
        if g.waiting:
            return
        g.set(duel_index=g.duel_index + 1)
    _after_duels(g)


def _end_acting(g: _Game) -> None:
    """Unused cards go to the reserve; then trims (over 33), 3.4 and 3.5 for the active player, and the
    opponent's next cards to unfold."""
    duel = g.duel
    for p in (duel.active, duel.opponent):
        seat = g.seats[p]
        seat.reserve += seat.unfolded
        seat.unfolded = []
    g.set(duel=replace(duel, acting_over=True))
    for p in (duel.active, duel.opponent):
        _after_duel_task(g, p, None)


def _after_duel_task(g: _Game, player: int, finished: str | None) -> None:
    """What `player` does next once the acting is over (the chain trim -> exchange3 -> aside)."""
    duel = g.duel
    seat = g.seats[player]
    if len(seat.reserve) > RESERVE_CAP:
        g.wait(player, "trim")
        return
    if duel is not None and player == duel.active and finished in (None, "trim") and seat.hand and seat.reserve:
        g.wait(player, "exchange3")
        return
    if _needs_aside(g, player, g.duel_index) and not seat.active and seat.hand:
        g.wait(player, "aside")


def _next_step(g: _Game) -> None:
    """Nobody is waiting: the game moves on by itself."""
    if g.waiting:
        return
    if g.phase is Phase.SWAP:
        _start_round(g)
    elif g.phase is Phase.SETUP:
        g.set(phase=Phase.DUEL, duel_index=0)
        _begin_duel(g)
    elif g.phase is Phase.DUEL:
        g.set(duel_index=g.duel_index + 1)
        _begin_duel(g)
    elif g.phase is Phase.EXCHANGE or g.phase is Phase.REFILL:
        _refill(g)
    elif g.phase is Phase.EVALUATION:
        _evaluate(g)


def _after_duels(g: _Game) -> None:
    """Step 4: everyone may exchange up to 9 cards between hand and reserve."""
    for seat in g.seats.values():  # cards set aside but never unfolded go back to the hand
        seat.hand += seat.active
        seat.active = []
    g.set(phase=Phase.EXCHANGE, duel=None)
    g.emit("phase", phase="exchange")
    for p in g.order:
        if g.seats[p].hand and g.seats[p].reserve:
            g.wait(p, "exchange9")
    _next_step(g)


def _refill(g: _Game) -> None:
    """Step 5: reserves over 9 give back what their players choose; reserves under 9 are filled."""
    if g.phase is Phase.EXCHANGE:
        g.set(phase=Phase.REFILL)
        for p in g.order:
            if len(g.seats[p].reserve) > RESERVE:
                g.wait(p, "surplus")
        if g.waiting:
            return
    for p in g.order:
        seat = g.seats[p]
        if len(seat.reserve) < RESERVE:
            new = g.draw(p, RESERVE - len(seat.reserve))
            seat.reserve += new
            g.emit("filled", player=p, count=len(new))
    g.set(phase=Phase.COMBINATION, turn=0, calls_in_row=0)
    g.emit("phase", phase="combination")
    _turn(g)


def _turn(g: _Game) -> None:
    """Step 6: the turn goes round in the order of 3.1. A player who said "Gin jon tan!" and was not asked
    since can only say it again (6.1a), which the bot does for them. Everyone in a row: evaluation (6.2)."""
    n = len(g.order)
    while g.calls_in_row < n:
        player = g.order[g.turn % n]
        if not g.seats[player].called:
            g.wait(player, "turn")
            return
        g.emit("call", player=player, auto=True)
        g.set(calls_in_row=g.calls_in_row + 1, turn=g.turn + 1)
    g.set(phase=Phase.EVALUATION, turn=0)
    g.emit("phase", phase="evaluation")
    g.wait(g.order[0], "reveal")


def _evaluate(g: _Game) -> None:
    """Step 7b: the highest combination adds its points; the others deduct theirs, the second once, the third
    twice ... A revealed Defeat loses the round: that player's points go back to where the round began."""
    shown = [p for p in g.order if g.seats[p].result == "shown"]
    ranked = sorted(shown, key=lambda p: -g.seats[p].hand_points)
    rows: list[tuple[int, str, int, int]] = []
    for p in g.order:
        seat = g.seats[p]
        if seat.result == "defeat":
            lost = seat.points - seat.round_start
            seat.points = seat.round_start
            rows.append((p, "defeat", 0, lost))
            g.emit("defeat", player=p, lost=lost)
    changes: list[list[int]] = []
    for p in ranked:
        seat = g.seats[p]
        rank = 1 + sum(1 for q in ranked if g.seats[q].hand_points > seat.hand_points)
        change = seat.hand_points if rank == 1 else -(rank - 1) * seat.hand_points
        seat.points += change
        changes.append([p, change])
        rows.append((p, "place", rank, change))
    for p in g.order:
        if g.seats[p].result == "kat oh":
            rows.append((p, "kat oh", 0, g.seats[p].points))
    revealed = ranked + [p for p in g.order if g.seats[p].result == "defeat"]
    g.emit("evaluated", changes=changes, round=g.round, hands=[[p, list(g.seats[p].hand)] for p in revealed])
    g.set(last_round=RoundResult(g.round, tuple(rows)))
    if g.round >= g.options.rounds:
        g.set(phase=Phase.OVER)
        g.emit("over", standings=[[p, place, pts] for p, place, pts in standings(g.freeze())])
        return
    g.set(round=g.round + 1)  # step 8: shuffle and re-deal, then steps 3-8 again
    _deal(g)
    _start_round(g)


def standings(state: GinjontanState) -> list[tuple[int, int, int]]:
    """Step 10: (player, place, points), best first; equal points share the better place."""
    seats = sorted(state.seats, key=lambda s: -s.points)
    return [(s.player, 1 + sum(1 for o in seats if o.points > s.points), s.points) for s in seats]


# -- applying moves -------------------------------------------------------------------------------------------------

def apply(state: GinjontanState, move: Any) -> tuple[GinjontanState, list[Event]]:
    if state.phase is Phase.OVER:
        raise IllegalMove(N_("This game is over."), N_("Start another with {command}."), code="game_over",
                          command=command("ginjontan new"))
    if isinstance(move, TimeOut):
        return _time_out(state)
    handler = _HANDLERS.get(type(move))
    if handler is None:
        raise IllegalMove(N_("Unknown move {move}."), code="unknown_move", move=type(move).__name__)
    g = handler(state, move)
    return g.freeze(), g.events


def _seated(state: GinjontanState, player: int) -> None:
    if not state.seated(player):
        raise NotSeated(N_("You are not playing in this game."), N_("Watch, or join the next one."))


def _task(state: GinjontanState, player: int, *tasks: str) -> str:
    """The task among `tasks` that `player` owes now, or a refusal that says what the game waits for."""
    _seated(state, player)
    owed = state.tasks(player)
    for task in tasks:
        if task in owed:
            return task
    if owed:
        raise NotYourTurn(N_("That's not what the game waits for from you: {task}."),
                          N_("Open {command} for the moves you can make now."), code="wrong_step",
                          task=task_named(owed[0]), command=command("ginjontan hand"))
    if not state.waiting:
        raise NotYourTurn(N_("Nothing is waiting for you right now; the game waits for nobody."),
                          N_("Wait for your turn; {command} shows the game."), code="not_your_turn",
                          command=command("ginjontan status"))
    who = joined("; ", (words(N_("{player}: {task}"), player=someone(p), task=task_named(t))
                        for p, t in state.waiting[:3]))
    raise NotYourTurn(N_("Nothing is waiting for you right now; the game waits for {waiting}."),
                      N_("Wait for your turn; {command} shows the game."), code="not_your_turn", waiting=who,
                      command=command("ginjontan status"))


def _cards_in(cards: tuple[int, ...], pool: list[int], where: str, code: str = "not_yours") -> None:
    left = Counter(pool)
    for c in cards:
        if left[c] <= 0:
            raise IllegalMove(N_("{card} is not in your {zone}."), N_("Pick cards from your {zone}."), code=code,
                              card=named(c), zone=zone(where))
        left[c] -= 1


def _join(state: GinjontanState, move: Join) -> _Game:
    if state.phase is not Phase.LOBBY:
        raise IllegalMove(N_("The game has started."), N_("Join the next one."), code="started")
    if state.seated(move.player):
        raise IllegalMove(N_("You are already in this game."), N_("Wait for the host to press Start."), code="joined")
    if len(state.seats) >= MAX_PLAYERS:
        raise IllegalMove(N_("The game is full ({count} players)."), N_("Join the next one."), code="full",
                          count=MAX_PLAYERS)
    g = _Game(replace(state, seats=(*state.seats, Seat(move.player, move.name))))
    g.emit("joined", player=move.player)
    return g


def _leave(state: GinjontanState, move: Leave) -> _Game:
    _seated(state, move.player)
    if state.phase is not Phase.LOBBY:
        return _leave_game(state, move.player)
    if move.player == state.host:
        raise NotAllowed(N_("The host can't leave the lobby."), N_("End it with {command} instead."), code="host",
                         command=command("ginjontan end"))
    g = _Game(replace(state, seats=tuple(s for s in state.seats if s.player != move.player)))
    g.emit("left", player=move.player)
    return g


def _leave_game(state: GinjontanState, player: int) -> _Game:
    """A player leaves after the start (rulings, "Leaving"): what they hold goes under the common deck (with
    personal decks it leaves with them, their deck too); nothing waits for them, duels with them are dropped, a
    duel under way with them ends as if its cards were unused, an ask to or from them is cancelled. Fewer than
    two players left: the game is over."""
    seat = state.seat(player)
    held = [*seat.hand, *seat.reserve, *seat.active, *seat.unfolded]
    g = _Game(replace(state, seats=tuple(s for s in state.seats if s.player != player)))
    g.waiting = [w for w in g.waiting if w[0] != player]
    ask = state.ask
    if ask is not None and player in (ask.asker, ask.target):
        g.set(ask=None)
        g.waiting = [w for w in g.waiting if w[1] != "give"]
        if ask.asker == player:
            held += ask.give
        else:
            g.seats[ask.asker].hand += ask.give
    if state.options.deck == "common":
        g.deck = g.deck.put_back(held)
    if player in state.order:
        _leave_order(g, state, player)
    if state.schedule:
        _leave_schedule(g, state, player)
    if state.host == player:
        g.set(host=g.players[0])
    g.emit("left", player=player, cards=len(held), started=True)
    if len(g.players) < MIN_PLAYERS:
        g.waiting = []
        g.set(phase=Phase.OVER, duel=None, ask=None)
        g.emit("over", standings=[[p, place, pts] for p, place, pts in standings(g.freeze())])
    elif g.phase is Phase.COMBINATION:
        if not g.waiting:
            _turn(g)
    else:
        if g.phase is Phase.EVALUATION and not g.waiting and g.turn < len(g.order):
            g.wait(g.order[g.turn], "reveal")
        _next_step(g)
    return g


def _leave_order(g: _Game, state: GinjontanState, player: int) -> None:
    """The order without `player`; in steps 6 and 7 the turn stays with whoever had it (or goes to the next
    player), and a call of theirs no longer counts towards the calls in a row (6.2)."""
    order = list(state.order)
    j, n = order.index(player), len(order)
    if state.phase is Phase.COMBINATION:
        i = state.turn % n
        calls = state.calls_in_row - (1 <= (i - j) % n <= state.calls_in_row)
        g.set(turn=(i - (j < i)) % max(n - 1, 1), calls_in_row=calls)
    elif state.phase is Phase.EVALUATION:
        g.set(turn=state.turn - (j < state.turn))
    order.remove(player)
    g.set(order=tuple(order), turned=tuple(t for t in state.turned if t[0] != player))


def _leave_schedule(g: _Game, state: GinjontanState, player: int) -> None:
    """The round's duels without `player` (3.6, 3.7)."""
    schedule = tuple(d for d in state.schedule if player not in d)
    duel = state.duel
    if state.phase is Phase.DUEL and (duel is None or player in (duel.active, duel.opponent)):
        g.set(schedule=schedule, duel=None,
              duel_index=sum(player not in d for d in state.schedule[:state.duel_index + (duel is None)]) - 1)
        if duel is not None:
            other = state.duel_opponent(player)
            rest = g.seats[other]
            if not duel.acting_over:
                rest.reserve += rest.unfolded
                rest.unfolded = []
                g.waiting = [w for w in g.waiting if w != (other, "act")]
                _after_duel_task(g, other, None)
    else:
        g.set(schedule=schedule, duel_index=sum(player not in d for d in state.schedule[:state.duel_index]))
    start = 0 if state.phase is Phase.SETUP else g.duel_index + 1
    g.waiting = [(p, t) for p, t in g.waiting if t != "aside" or any(p in d for d in schedule[start:])]


def _start(state: GinjontanState, move: Start) -> _Game:
    if state.phase is not Phase.LOBBY:
        raise IllegalMove(N_("The game has already started."), code="started")
    if move.player not in state.players:
        raise NotAllowed(N_("You aren't in this game yet."), N_("Press Join first; then {host}, the host, presses "
                                                                 "Start."), code="not_joined", host=someone(state.host))
    if move.player != state.host:
        raise NotAllowed(N_("Only the host starts the game."), N_("Ask {host}."), code="not_host",
                         host=someone(state.host))
    if len(state.seats) < MIN_PLAYERS:
        raise IllegalMove(N_("Gin-jon-tan needs at least {count} players."), N_("Wait for someone to press Join."),
                          code="too_few", count=MIN_PLAYERS)
    g = _Game(state)
    g.set(round=1, phase=Phase.SWAP)
    if state.options.deck == "personal":
        rng = _rng(state, "draft")
        for p in g.players:
            g.seats[p].own = draft(tuple(move.collections.get(p, ())), rng)
    _deal(g)
    for p in g.players:
        g.wait(p, "swap")
    return g


def _swap(state: GinjontanState, move: Swap) -> _Game:
    _task(state, move.player, "swap")
    g = _Game(state)
    seat = g.seats[move.player]
    if move.swap:
        seat.hand, seat.reserve = seat.reserve, seat.hand
    g.done(move.player, "swap")
    g.emit("swap", player=move.player, swapped=move.swap)
    _next_step(g)
    return g


def _set_aside(state: GinjontanState, move: SetAside) -> _Game:
    _task(state, move.player, "aside")
    seat = state.seat(move.player)
    want = min(ACTIVE, len(seat.hand))
    if len(move.cards) != want:
        raise IllegalMove(N_("Choose exactly {count} cards to unfold."), N_("Pick them from your hand."),
                          code="count", count=want)
    _cards_in(move.cards, list(seat.hand), "hand")
    g = _Game(state)
    s = g.seats[move.player]
    for c in move.cards:
        s.hand.remove(c)
    s.active = list(move.cards)
    g.done(move.player, "aside")
    g.emit("aside", player=move.player)
    _next_step(g)
    return g


def _act(state: GinjontanState, move: Act) -> _Game:
    _task(state, move.player, "act")
    other = state.duel_opponent(move.player)
    if move.card not in state.seat(move.player).unfolded:
        raise IllegalMove(N_("{card} is not one of your unfolded cards."),
                          N_("Act with a card you unfolded in this duel."), code="not_unfolded",
                          card=named(move.card))
    if move.target not in state.seat(other).unfolded:
        raise IllegalMove(N_("{card} is not one of {player}'s unfolded cards."),
                          N_("Choose a target among the cards your opponent unfolded."), code="bad_target",
                          card=named(move.target), player=someone(other))
    g = _Game(state)
    result = clash(move.card, move.target)
    me, them = g.seats[move.player], g.seats[other]
    me.unfolded.remove(move.card)
    them.unfolded.remove(move.target)
    points = 0
    emptied: list[Event] = []  # told after the clash itself
    if result.winner is None:  # a standoff: both unused (rulings)
        me.reserve.append(move.card)
        them.reserve.append(move.target)
    else:
        winner, loser = (move.player, other) if result.acting_won else (other, move.player)
        points = card(result.winner).value + card(result.loser).value  # 3.3: winning + losing card
        g.seats[winner].points += points
        if card(result.winner).symbol is BLACK_HOLE:  # "both opponents lose their reserves"
            victims = (move.player, other) if state.options.black_hole == "both" else (loser,)
            for p in victims:
                g.to_deck(p, g.seats[p].reserve)
                emptied.append({"type": "reserve_lost", "player": p, "count": len(g.seats[p].reserve)})
                g.seats[p].reserve = []
        assert result.loser is not None  # a clash with a winner has a loser
        g.to_deck(loser, [result.loser])
        if state.options.winners_to == "reserve":
            g.seats[winner].reserve.append(result.winner)
        else:
            g.to_deck(winner, [result.winner])
    record = Clash(move.player, move.card, move.target, result.winner, points)
    g.set(duel=replace(g.duel, clashes=(*g.duel.clashes, record)))
    g.done(move.player, "act")
    g.emit("clash", player=move.player, acting=move.card, target=move.target, winner=result.winner,
           owner=None if result.winner is None else winner, points=points)
    g.events += emptied
    if me.unfolded and them.unfolded:
        g.wait(other, "act")
    else:
        _end_acting(g)
    _next_step(g)
    return g


def _exchange(state: GinjontanState, move: Exchange) -> _Game:
    task = _task(state, move.player, "exchange3", "exchange9", "turn")
    seat = state.seat(move.player)
    limit = 9 if task == "exchange9" else 3
    if len(move.give) != len(move.take):
        raise IllegalMove(N_("An exchange swaps as many hand cards as reserve cards ({given} and {taken} given)."),
                          N_("Give one hand card for each reserve card you take."), code="uneven",
                          given=len(move.give), taken=len(move.take))
    if len(move.give) > limit:
        raise IllegalMove(N_("At most {count} cards can be exchanged now."), N_("Pick {count} or fewer."),
                          code="too_many", count=limit)
    if task == "turn" and not move.give:
        raise IllegalMove(N_("Exchange 1 to 3 cards, or say Gin jon tan!."), code="empty_exchange")
    _cards_in(move.give, list(seat.hand), "hand")
    _cards_in(move.take, list(seat.reserve), "reserve")
    g = _Game(state)
    s = g.seats[move.player]
    for a, b in zip(move.give, move.take, strict=True):
        s.hand.remove(a)
        s.reserve.remove(b)
    s.hand += move.take
    s.reserve += move.give
    g.done(move.player, task)
    g.emit("exchange", player=move.player, count=len(move.give), step=task)
    if task == "turn":
        g.set(calls_in_row=0, turn=g.turn + 1)
        _turn(g)
    elif task == "exchange3":
        _after_duel_task(g, move.player, "exchange3")
    _next_step(g)
    return g


def _trim(state: GinjontanState, move: Trim) -> _Game:
    task = _task(state, move.player, "trim", "surplus")
    seat = state.seat(move.player)
    need = surplus(state, move.player)
    if len(move.cards) != need:
        raise IllegalMove(N_("Choose exactly {count} reserve cards to go back to the deck (your reserve holds "
                             "{held}, at most {kept} stay)."), code="count", count=need, held=len(seat.reserve),
                          kept=len(seat.reserve) - need)
    _cards_in(move.cards, list(seat.reserve), "reserve")
    g = _Game(state)
    s = g.seats[move.player]
    for c in move.cards:
        s.reserve.remove(c)
    g.to_deck(move.player, list(move.cards))
    g.done(move.player, task)
    g.emit("trim", player=move.player, count=len(move.cards))
    if task == "trim":
        _after_duel_task(g, move.player, "trim")
    _next_step(g)
    return g


def _call(state: GinjontanState, move: Call) -> _Game:
    _task(state, move.player, "turn")
    g = _Game(state)
    g.seats[move.player].called = True
    g.done(move.player, "turn")
    g.emit("call", player=move.player, auto=False)
    g.set(calls_in_row=g.calls_in_row + 1, turn=g.turn + 1)
    _turn(g)
    return g


def _ask(state: GinjontanState, move: AskCards) -> _Game:
    _task(state, move.player, "turn")
    if move.target == move.player or not state.seated(move.target):
        raise IllegalMove(N_("Ask another player of this game."), code="bad_target")
    if move.source not in ("hand", "reserve"):
        raise IllegalMove(N_("Ask for cards from their hand or their reserve (not both)."), code="bad_source")
    if not 1 <= len(move.give) <= 3:
        raise IllegalMove(N_("Give 1 to 3 cards from your hand."), code="count")
    pool = state.seat(move.target).hand if move.source == "hand" else state.seat(move.target).reserve
    if len(pool) < len(move.give):
        raise IllegalMove(N_("{player}'s {zone} has only {count} cards."), N_("Ask for fewer cards."), code="count",
                          player=someone(move.target), zone=zone(move.source), count=len(pool))
    _cards_in(move.give, list(state.seat(move.player).hand), "hand")
    g = _Game(state)
    for c in move.give:
        g.seats[move.player].hand.remove(c)
    g.set(ask=Ask(move.player, move.target, move.source, move.give))
    g.done(move.player, "turn")
    g.wait(move.target, "give")
    g.emit("ask", player=move.player, target=move.target, source=move.source, count=len(move.give))
    return g


def _give(state: GinjontanState, move: Give) -> _Game:
    _task(state, move.player, "give")
    ask = state.pending_ask()
    seat = state.seat(move.player)
    pool = seat.hand if ask.source == "hand" else seat.reserve
    if len(move.cards) != len(ask.give):
        raise IllegalMove(N_("Hand over exactly {count} cards from your {zone}."), code="count", count=len(ask.give),
                          zone=zone(ask.source))
    _cards_in(move.cards, list(pool), ask.source)
    g = _Game(state)
    target = g.seats[move.player]
    mine = target.hand if ask.source == "hand" else target.reserve
    for c in move.cards:
        mine.remove(c)
    mine += ask.give
    g.seats[ask.asker].hand += move.cards
    target.called = False  # "until asked, what nullifies this limitation"
    g.set(ask=None, calls_in_row=0, turn=g.turn + 1)
    g.done(move.player, "give")
    g.emit("give", player=move.player, asker=ask.asker, count=len(move.cards), source=ask.source,
           given=list(ask.give), taken=list(move.cards))
    _turn(g)
    return g


def _evaluate_move(state: GinjontanState, move: Evaluate) -> _Game:
    _task(state, move.player, "reveal")
    g = _Game(state)
    seat = g.seats[move.player]
    if move.kat_oh:
        seat.result = "kat oh"
        g.emit("kat_oh", player=move.player)
    else:
        score = score_hand(seat.hand, state.options)
        seat.result = "defeat" if score.defeat else "shown"
        seat.hand_points = 0 if score.defeat else score.points
        g.emit("shown", player=move.player, cards=list(seat.hand), points=score.points, defeat=score.defeat)
    g.done(move.player, "reveal")
    g.set(turn=g.turn + 1)
    if g.turn < len(g.order):
        g.wait(g.order[g.turn], "reveal")
    _next_step(g)
    return g


def default_move(state: GinjontanState, player: int, task: str) -> Any:
    """What the bot does for `player` when the turn timer runs out on `task` (rulings, "Turn timer"): keep the
    hand, unfold or give up the lowest cards, act with the first unfolded card on the first of the opponent's,
    exchange nothing, put the lowest reserve cards back, say "Gin jon tan!", and "Kat oh!" at evaluation."""
    seat = state.seat(player)

    def lowest(cards: tuple[int, ...], count: int) -> tuple[int, ...]:
        return tuple(sorted(cards, key=lambda c: card(c).value)[:count])

    if task == "swap":
        return Swap(player, False)
    if task == "aside":
        return SetAside(player, lowest(seat.hand, min(ACTIVE, len(seat.hand))))
    if task == "act":
        return Act(player, seat.unfolded[0], state.seat(state.duel_opponent(player)).unfolded[0])
    if task in ("exchange3", "exchange9"):
        return Exchange(player)
    if task in ("trim", "surplus"):
        return Trim(player, lowest(seat.reserve, surplus(state, player)))
    if task == "turn":
        return Call(player)
    if task == "give":
        ask = state.pending_ask()
        return Give(player, lowest(seat.hand if ask.source == "hand" else seat.reserve, len(ask.give)))
    return Evaluate(player, kat_oh=True)


def _time_out(state: GinjontanState) -> tuple[GinjontanState, list[Event]]:
    """Everyone the game waits for gets their default move, in the order they were waited for."""
    if not state.waiting:
        raise IllegalMove(N_("Nobody is waited for."), N_("The timer runs once the game has started."),
                          code="nothing_waiting")
    absent = list(state.waiting)
    events: list[Event] = [{"type": "timeout", "players": list(dict.fromkeys(p for p, _ in absent))}]
    for player, task in absent:
        if (player, task) in state.waiting and not state.finished:
            state, more = apply(state, default_move(state, player, task))
            events += more
    return state, events


_HANDLERS: dict[type, Callable[[GinjontanState, Any], _Game]] = {
    Join: _join, Leave: _leave, Start: _start, Swap: _swap, SetAside: _set_aside, Act: _act, Exchange: _exchange,
    Trim: _trim, Call: _call, AskCards: _ask, Give: _give, Evaluate: _evaluate_move}


# -- what a player may do and see ---------------------------------------------------------------------------------

def surplus(state: GinjontanState, player: int) -> int:
    """How many reserve cards `player` must put back: over 33 after a duel (3.3), over 9 in step 5."""
    tasks = state.tasks(player)
    cap = RESERVE_CAP if "trim" in tasks else RESERVE if "surplus" in tasks else None
    return 0 if cap is None else max(0, len(state.seat(player).reserve) - cap)


def legal_moves(state: GinjontanState, player: int) -> list[Any]:
    """Every legal move of `player` now, except that for exchanges and trims only the smallest are listed
    (no exchange, each one-card swap, the first cards that fit a trim): bigger ones are legal too."""
    if not state.seated(player) or state.phase in (Phase.LOBBY, Phase.OVER):
        return []
    seat = state.seat(player)
    out: list[Any] = []
    for task in state.tasks(player):
        if task == "swap":
            out += [Swap(player, False), Swap(player, True)]
        elif task == "aside":
            out += [SetAside(player, c) for c in combinations(seat.hand, min(ACTIVE, len(seat.hand)))]
        elif task == "act":
            other = state.duel_opponent(player)
            out += [Act(player, a, t) for a in seat.unfolded for t in state.seat(other).unfolded]
        elif task in ("exchange3", "exchange9", "turn"):
            if task != "turn":
                out.append(Exchange(player))
            out += [Exchange(player, (a,), (b,)) for a in seat.hand for b in seat.reserve]
            if task == "turn":
                out.append(Call(player))
                for other in state.players:
                    if other != player and seat.hand:
                        for source in ("hand", "reserve"):
                            pool = state.seat(other).hand if source == "hand" else state.seat(other).reserve
                            if pool:
                                out.append(AskCards(player, other, source, (seat.hand[0],)))
        elif task in ("trim", "surplus"):
            out.append(Trim(player, seat.reserve[len(seat.reserve) - surplus(state, player):]))
        elif task == "give":
            ask = state.pending_ask()
            pool = seat.hand if ask.source == "hand" else seat.reserve
            out += [Give(player, c) for c in combinations(pool, len(ask.give))]
        elif task == "reveal":
            out += [Evaluate(player), Evaluate(player, True)]
    return out


def view_for(state: GinjontanState, player: int) -> dict[str, Any]:
    """What `player` may see: their own hand, reserve and cards set aside; of the others only counts, the
    unfolded cards and the hands shown at evaluation."""
    seats = []
    for s in state.seats:
        public = {"player": s.player, "name": s.name, "points": s.points, "hand": len(s.hand),
                  "reserve": len(s.reserve), "active": len(s.active), "unfolded": list(s.unfolded),
                  "called": s.called, "result": s.result}
        if s.result == "shown" or s.result == "defeat":
            public["shown"] = list(s.hand)
        if s.player == player:
            public.update(hand=list(s.hand), reserve=list(s.reserve), active=list(s.active))
        seats.append(public)
    return {"phase": state.phase.value, "round": state.round, "rounds": state.options.rounds, "seats": seats,
            "order": list(state.order), "waiting": [list(w) for w in state.waiting],
            "tasks": state.tasks(player)}


def _prizes(state: GinjontanState) -> list[tuple[int, int, int]]:
    from engine.ginjontan.rating import prizes  # rating reads standings from here

    return prizes(state)


GINJONTAN: GameKind[GinjontanState, Any] = GameKind(
    name="ginjontan", state_to_dict=state_to_dict, state_from_dict=state_from_dict, move_to_dict=move_to_dict,
    move_from_dict=move_from_dict, apply=apply, is_over=lambda state: state.finished, results=standings,
    prizes=_prizes)
