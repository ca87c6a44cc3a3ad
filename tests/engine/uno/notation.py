"""Fixed-deck Uno scenarios written in the players' card notation (`r5`, `g+2`, `w+4`, `bskip`, `yrev`).

    s = scenario(hands={1: "r5 r7 bskip", 2: "g+2 w+4", 3: "y1"}, piles=["r3"], draw="g1 g2 b9", turn=1)
    s = act(s, play(s, 1, "r5"), play(s2, 2, ...))   # or: s = played(s, 1, "r5")

Seats are the `hands` keys in order; piles get ids 1, 2, ... (so, at the start, a pile's id is its number);
a pile is written bottom .. top, and a Wild on top may carry its chosen colour: `"r5 w=g"`. `draw` lists the
cards drawn first, first; every card not named anywhere goes under them, so the state always holds 108 cards.
Stacks and trades given to `scenario` may have id 0: they get fresh ids.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from engine.uno.cards import CARDS, DECK_SIZE, Colour, Face, parse_colour, parse_face
from engine.uno.moves import Move, Play
from engine.uno.options import CHAOS, UnoOptions
from engine.uno.rules import apply
from engine.uno.state import Phase, Pile, Seat, Stack, StackKind, Trade, UnoState


def faces(text: str) -> list[Face]:
    return [parse_face(word) for word in text.split()]


class _Pool:
    """Hands out unused copies of a face, lowest id first, so every id appears once."""

    def __init__(self) -> None:
        self.free = list(range(DECK_SIZE))

    def take(self, face: Face) -> int:
        for card_id in self.free:
            if face.matches(CARDS[card_id]):
                self.free.remove(card_id)
                return card_id
        raise ValueError(f"no copy of {face.notation} left")

    def cards(self, text: str) -> list[int]:
        return [self.take(f) for f in faces(text)]


def _pile(pool: _Pool, pile_id: int, text: str) -> Pile:
    words = text.split()
    colour: Colour | None = None
    if "=" in words[-1]:
        words[-1], chosen = words[-1].split("=")
        colour = parse_colour(chosen)
    cards = tuple(pool.cards(" ".join(words)))
    top = CARDS[cards[-1]]
    return Pile(pile_id, cards, top.colour if top.colour is not None else colour)


def stack(pile: int, total: int, target: int, *, kind: str = "plus", origin: int | None = None,
          owner: int | None = None) -> Stack:
    """A stack for `scenario(stacks=...)` on pile number `pile` (its id in a fresh scenario)."""
    return Stack(0, pile, total, target, StackKind(kind), origin, owner)


def trade(pile: int, colour: str, initiator: int, target: int) -> Trade:
    return Trade(0, pile, parse_colour(colour), initiator, target)


def scenario(hands: dict[int, str], piles: list[str] | tuple[str, ...] = ("r3",), draw: str = "",
             turn: int | None = None, options: UnoOptions = CHAOS, *, direction: int = 1,
             points: dict[int, int] | None = None, seat: dict[int, dict[str, Any]] | None = None,
             stacks: tuple[Stack, ...] | list[Stack] = (), trades: tuple[Trade, ...] | list[Trade] = (),
             seed: int = 0, **changes: Any) -> UnoState:
    """An `UnoState` in `Phase.PLAY` built from notation. `turn` defaults to the first seat; `points` to the
    hand size; `seat` overrides Seat fields (`said_uno`, `exposed_at`, ...); `changes` any UnoState field."""
    pool = _Pool()
    seats = []
    for player, text in hands.items():
        extra = (seat or {}).get(player, {})
        seats.append(Seat(player, tuple(pool.cards(text)), (points or {}).get(player, options.hand_size), **extra))
    pile_states = tuple(_pile(pool, i + 1, text) for i, text in enumerate(piles))
    wanted = pool.cards(draw)
    draw_pile = (*pool.free, *reversed(wanted))  # the top is the end: `draw`'s first card comes first
    next_id = len(pile_states) + 1
    fresh_stacks = []
    for s in stacks:
        fresh_stacks.append(replace(s, id=next_id) if s.id == 0 else s)
        next_id += 1
    fresh_trades = []
    for t in trades:
        fresh_trades.append(replace(t, id=next_id) if t.id == 0 else t)
        next_id += 1
    state = UnoState(options=options, seats=tuple(seats), host=seats[0].player, seed=seed, phase=Phase.PLAY,
                     draw_pile=draw_pile, piles=pile_states, direction=direction,
                     turn=seats[0].player if turn is None else turn, stacks=tuple(fresh_stacks),
                     trades=tuple(fresh_trades), next_id=next_id)
    state = replace(state, **changes)
    assert_cards(state)
    return state


# -- moves --------------------------------------------------------------------------------------------------

def card_id(state: UnoState, player: int, text: str) -> int:
    """The id of a copy of `text` in the player's hand (any copy if they hold none: apply will refuse it)."""
    face = parse_face(text)
    for i in state.hand(player):
        if face.matches(CARDS[i]):
            return i
    return next(c.id for c in CARDS if face.matches(c))


def pile_id(state: UnoState, number: int) -> int:
    return state.piles[number - 1].id


def play(state: UnoState, player: int, text: str, pile: int = 1, colour: str | None = None,
         target: int | None = None, onto: int | None = None, split: str | None = None,
         serial: int | None = None) -> Play:
    """A `Play` from notation: `pile` and `onto` are pile numbers (1-based), `colour` a colour letter."""
    return Play(player, card_id(state, player, text), pile_id(state, pile),
                colour=None if colour is None else parse_colour(colour), target=target,
                onto=None if onto is None else pile_id(state, onto), split=split, serial=serial)


def act(state: UnoState, *moves: Move) -> UnoState:
    for move in moves:
        state, _ = apply(state, move)
        assert_cards(state)
    return state


def played(state: UnoState, player: int, text: str, pile: int = 1, **kw: Any) -> UnoState:
    return act(state, play(state, player, text, pile, **kw))


# -- reading a state ----------------------------------------------------------------------------------------

def hand(state: UnoState, player: int) -> str:
    """The player's hand in notation, sorted: "r5 r7 w"."""
    return " ".join(sorted(CARDS[i].notation for i in state.hand(player)))


def top(state: UnoState, number: int = 1) -> str:
    return CARDS[state.piles[number - 1].top].notation


def stacks(state: UnoState) -> list[tuple[int, int, int]]:
    """Every live stack as (pile number, total, target), in order."""
    return [(state.pile_number(s.pile), s.total, s.target) for s in state.stacks]


def trades(state: UnoState) -> list[tuple[int, int]]:
    return [(t.initiator, t.target) for t in state.trades]


def all_cards(state: UnoState) -> list[int]:
    return [*(c for s in state.seats for c in s.hand), *state.draw_pile, *(c for p in state.piles for c in p.cards)]


def assert_cards(state: UnoState) -> None:
    """Exactly the 108 cards, each once, across hands, the draw pile and the discard piles."""
    counts = Counter(all_cards(state))
    assert sorted(counts) == list(range(DECK_SIZE)), "cards missing or foreign"
    assert max(counts.values()) == 1, f"cards twice: {[c for c, n in counts.items() if n > 1]}"
