"""Gin-jon-tan positions written in the players' card notation (`r12sun`, `v33bh`, `w1bonus`, `y5uni`).

    state = table({1: {"hand": "r12sun w1bonus", "reserve": "v3moon"}, 2: {"unfolded": "w1path"}},
                  draw="g1fire g2fire", phase=Phase.DUEL, ...)
    state = run(state, Act(1, c("r12sun"), c("w1path")))

`table` deals a real game with `new_game` (seats in the order of the dict's keys) and then replaces what the
test names: seat fields (card fields in notation), and any `GinjontanState` field. With the common deck, the
deck becomes the `draw` cards (drawn first) followed by every card not named anywhere, so the position holds
the full set, each card once.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from engine.errors import GameError
from engine.ginjontan.cards import FULL_SET_SIZE, format_cards, parse_card, parse_cards
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import apply, new_game
from engine.ginjontan.state import Deck, Duel, GinjontanState, Phase, state_to_dict

CARD_FIELDS = ("hand", "reserve", "active", "unfolded")


def cards(text: str) -> tuple[int, ...]:
    """`"r12sun w1bonus"` -> the card ids, in the order written; `""` -> ()."""
    return tuple(parse_cards(text)) if text.strip() else ()


def c(text: str) -> int:
    """One card id: `c("r12sun")`."""
    return parse_card(text)


def names(ids: tuple[int, ...] | list[int]) -> str:
    """Card ids back to notation, sorted: "r12sun w1bonus" (order-free comparisons)."""
    return " ".join(sorted(format_cards(list(ids)).split()))


def table(seats: dict[int, dict[str, Any]], *, options: GinjontanOptions | None = None, seed: int = 1,
          draw: str = "", **changes: Any) -> GinjontanState:
    """A dealt game with the named seat fields and state fields replaced (see the module doc). A personal deck
    is given per seat as `"deck": "w1fire w2fire"` (top first)."""
    options = options or GinjontanOptions()
    state = new_game(options, list(seats), seed)
    new_seats = []
    for seat in state.seats:
        fields = dict(seats[seat.player])
        for name in CARD_FIELDS:
            if name in fields:
                fields[name] = cards(fields[name])
        if "deck" in fields:
            fields["deck"] = Deck(None, 0, cards(fields["deck"]))
        new_seats.append(replace(seat, **fields))
    state = replace(state, seats=tuple(new_seats), **changes)
    if options.deck == "common":
        named = [x for s in state.seats for name in CARD_FIELDS for x in getattr(s, name)]
        top = cards(draw)
        taken = set(named) | set(top)
        assert len(taken) == len(named) + len(top), "a card is named twice (or collides with a dealt card)"
        rest = tuple(x for x in range(FULL_SET_SIZE) if x not in taken)
        state = replace(state, deck=Deck(None, 0, top + rest))
        assert_full_set(state)
    return state


def duel_table(seats: dict[int, dict[str, Any]], *, schedule: tuple[tuple[int, int], ...] = ((1, 2), (2, 1)),
               **kw: Any) -> GinjontanState:
    """`table` in the first duel of `schedule` (3.3): both duellists' cards unfolded, the active player to act.
    The order (3.1) is the seats' order unless given."""
    active, opponent = schedule[0]
    kw.setdefault("order", tuple(seats))
    kw.setdefault("waiting", ((active, "act"),))
    return table(seats, phase=Phase.DUEL, schedule=schedule, duel_index=0, duel=Duel(active, opponent), **kw)


def combination_table(seats: dict[int, dict[str, Any]], **kw: Any) -> GinjontanState:
    """`table` in step 6, the first player of the order (the seats' order unless given) to move."""
    kw.setdefault("order", tuple(seats))
    kw.setdefault("waiting", ((kw["order"][0], "turn"),))
    kw.setdefault("turn", 0)
    kw.setdefault("calls_in_row", 0)
    return table(seats, phase=Phase.COMBINATION, **kw)


def evaluation_table(seats: dict[int, dict[str, Any]], **kw: Any) -> GinjontanState:
    """`table` in step 7, the first player of the order to show their hand or say "Kat oh!"."""
    kw.setdefault("order", tuple(seats))
    kw.setdefault("waiting", ((kw["order"][0], "reveal"),))
    kw.setdefault("turn", 0)
    return table(seats, phase=Phase.EVALUATION, **kw)


def run(state: GinjontanState, *moves: Any) -> GinjontanState:
    """Apply the moves in turn; the cards in play never change (conservation)."""
    return run_events(state, *moves)[0]


def run_events(state: GinjontanState, *moves: Any) -> tuple[GinjontanState, list[dict[str, Any]]]:
    """`run`, with the events. (In the lobby there are no cards yet: the check starts once dealt.)"""
    events: list[dict[str, Any]] = []
    for move in moves:
        before = None if state.phase is Phase.LOBBY else Counter(state.all_cards())
        state, new = apply(state, move)
        events += new
        assert before is None or Counter(state.all_cards()) == before, "a card was created or lost"
    return state, events


def refused(state: GinjontanState, move: Any, code: str) -> GameError:
    """`move` is refused with `code`, and the state passed in is unchanged."""
    snapshot = state_to_dict(state)
    with pytest.raises(GameError) as err:
        apply(state, move)
    assert err.value.code == code, err.value.message
    assert state_to_dict(state) == snapshot
    return err.value


def assert_full_set(state: GinjontanState) -> None:
    """A common-deck game holds the full set, each card once."""
    assert sorted(state.all_cards()) == list(range(FULL_SET_SIZE))


def hand(state: GinjontanState, player: int) -> str:
    return names(state.seat(player).hand)


def reserve(state: GinjontanState, player: int) -> str:
    return names(state.seat(player).reserve)
