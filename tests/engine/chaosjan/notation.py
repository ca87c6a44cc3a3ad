"""CHAOS;JAN scenarios in a short notation, on small catalogues the tests control.

    state, table = game("E: act-a negate | S: negate | W: - | N: stk-hand", active="E", holder="E")
    state, table, events = run(state, table, play("E", "act-a"), pass_("E"), play("S", "negate"))

Seats are written E, S, W, N (three or four of them, in that order): seat i is player id i + 1, and East (seat
0) deals. A hand lists catalogue ids (`-` for none). `game` builds a PLAYING state directly: every card it names
(hands, `deck`, `in_play`) gets a number, so the "no card created or lost" invariant holds; each seat gets a
Character (`chars`, default "white"), three Actions, three Stocks and three Modifiers of its own; the first
chosen Modifier is in play. `holder` is the seat holding main priority (None: priority passing has stopped).
`autopass` gives seats' auto-pass settings ("S W:turn N:played E:ask"; a bare seat is `auto`); a seat not named is
asked every time (`ask`), so a test passes by hand unless it says otherwise.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

from engine.base import Event
from engine.chaosjan import rules
from engine.chaosjan.catalogue import CardType, Catalogue, Lasts, parse_catalogue
from engine.chaosjan.moves import Choose, Drew, Move, Next, Pass, Play
from engine.chaosjan.options import ChaosOptions
from engine.chaosjan.state import AutoMode, ChaosState, Choice, InPlay, Phase, Priority, Table, Window
from engine.errors import GameError

WINDS = "ESWN"
E, S, W, N = 1, 2, 3, 4  # player ids
POINTS = 25000

DRAW1 = {"kind": "draw", "count": 1}
DRAW2 = {"kind": "draw", "count": 2}


def _action(card_id: str, **fields: Any) -> dict[str, Any]:
    return {"id": card_id, "name": card_id.replace("-", " ").title(), "type": "action", "text": card_id, **fields}


def _stock(card_id: str, **fields: Any) -> dict[str, Any]:
    return {"id": card_id, "name": card_id.replace("-", " ").title(), "type": "stock", "text": card_id, **fields}


def _character(card_id: str, colour: str, **fields: Any) -> dict[str, Any]:
    return {"id": card_id, "name": card_id.title(), "type": "character", "colour": colour, "hyper": card_id,
            **fields}


CHARACTERS = [
    _character("white", "white", hyper_effects=[DRAW1]),
    _character("red", "red", hyper_effects=[DRAW1]),
    _character("green", "green", hyper_effects=[DRAW2]),
    _character("anytime", "green", hyper_timing="any_time", hyper_effects=[DRAW1]),
    _character("lasting", "white", hyper_lasts="hand"),
    _character("anylast", "red", hyper_timing="any_time", hyper_lasts="your_next_turn",
               hyper_effects=[DRAW1]),  # "at any time" (1.3d.1) and a Stock effect (1.3b)
]
ACTIONS = [
    _action("act-a", effects=[DRAW1]),  # its effect is visible: one more card in hand
    _action("act-b"),  # no effect the bot carries out
    _action("act-c"),
    _action("act-mine", timing="your_turn"),
    _action("act-theirs", timing="others_turn"),
    _action("act-late", timing="after_draw"),
    _action("act-riichi", timing="riichi", effects=[DRAW1]),
    _action("act-pay", effects=[{"kind": "pay", "amount": 1000}]),
    _action("act-give", effects=[{"kind": "pay", "amount": 1000, "to": "target"}]),
    _action("act-collect", effects=[{"kind": "collect", "amount": 1000}]),
    _action("act-take", effects=[{"kind": "take_from_table", "amount": 1000}]),
    _action("act-upto", effects=[{"kind": "take_from_table", "amount": 1000, "up_to": True}]),
    _action("act-any", effects=[{"kind": "take_from_table", "any_number": True}]),
    _action("act-double", effects=[{"kind": "double_exchange"}]),
    _action("act-red", colour="red", bonus="Draw a card.", bonus_effects=[DRAW1]),
    _action("act-allin", timing="riichi", effects=[{"kind": "pay", "amount": 1000}]),  # All-In Riichi
    _action("act-tax", effects=[{"kind": "richer_pay", "amount": 500}]),  # Wealth Tax
]
STOCKS = [
    _stock("stk-hand", lasts="hand"),
    _stock("stk-deal", lasts="deal_in"),
    _stock("stk-win", lasts="win"),
    _stock("stk-turn", lasts="your_next_turn"),
    _stock("stk-applies", lasts="applies"),
    _stock("stk-none"),
    _stock("stk-bribe", lasts="hand", effects=[{"kind": "negated_pays", "amount": 1000}]),
    _stock("stk-red", colour="red", lasts="hand", bonus="Draw a card.", bonus_effects=[DRAW1]),
    _stock("stk-loan", lasts="deal_in", colour="red", bonus="Repay 2000.",  # Loan Shark
           effects=[{"kind": "collect", "amount": 2000}, {"kind": "repay_on_deal_in", "amount": 3000}],
           bonus_effects=[{"kind": "repay_on_deal_in", "amount": 2000}]),
    _stock("stk-insure", lasts="deal_in", effects=[{"kind": "half_deal_in"}]),  # Insurance Policy
    _stock("stk-toll", colour="red", bonus="1000 instead.", effects=[{"kind": "riichi_toll", "amount": 500}],
           bonus_effects=[{"kind": "riichi_toll", "amount": 1000}]),  # Riichi Tollbooth
    _stock("stk-cheap", lasts="hand", effects=[{"kind": "riichi_cost", "amount": 300}]),
]
MODIFIERS = [{"id": f"mod-{i}", "name": f"Mod {i}", "type": "modifier", "text": f"modifier {i}"}
             for i in range(1, 13)]
MODIFIERS[0] |= {"colour": "red", "bonus": "A red bonus."}
PAYMENT_MODIFIERS = {  # mod-2 to mod-4 in `catalogue(payment_modifiers=True)`
    "mod-2": {"effects": [{"kind": "riichi_cost", "amount": 500}]},  # Cheap Riichi
    "mod-3": {"effects": [{"kind": "riichi_cost", "amount": 0}], "colour": "green", "bonus": "Riichi costs 200.",
              "bonus_effects": [{"kind": "riichi_cost", "amount": 200}]},  # Green Light, with a bonus "instead"
    "mod-4": {"effects": [{"kind": "honba_value", "amount": 500}]},  # Heavy Honba
}
SPECIAL = [
    {"id": "hyper", "name": "Hyper", "type": "hyper", "text": "Use your Character's Hyper effect."},
    {"id": "negate", "name": "Negate", "type": "negate", "text": "Negate the card played before this one."},
]


def catalogue(*, modifiers: int = 12, actions: list[str] | None = None, stocks: list[str] | None = None,
              characters: list[str] | None = None, payment_modifiers: bool = False) -> Catalogue:
    """The test catalogue; pass lists of ids to keep only some cards of a type; `payment_modifiers` gives mod-2 to
    mod-4 the effects of PAYMENT_MODIFIERS."""

    def keep(cards: list[dict[str, Any]], ids: list[str] | None) -> list[dict[str, Any]]:
        return cards if ids is None else [c for c in cards if c["id"] in ids]

    mods = [m | PAYMENT_MODIFIERS.get(m["id"], {}) if payment_modifiers else m for m in MODIFIERS[:modifiers]]
    cards = [*keep(CHARACTERS, characters), *keep(ACTIONS, actions), *keep(STOCKS, stocks), *mods, *SPECIAL]
    return parse_catalogue({"schema": 1, "name": "Test", "description": "", "cards": cards})


CAT = catalogue()


# -- seats and players ----------------------------------------------------------------------------------------


def pid(who: str | int) -> int:
    return WINDS.index(who) + 1 if isinstance(who, str) else who


def seat(who: str | int) -> int:
    return pid(who) - 1


def _by_seat(spec: str, n: int, default: str) -> list[list[str]]:
    """"E: a b | S: c" -> one list of ids per seat ("-" or a missing seat: `default`)."""
    rows = [default.split() for _ in range(n)]
    for part in filter(str.strip, spec.split("|")):
        who, _, cards = part.partition(":")
        rows[seat(who.strip())] = [c for c in cards.split() if c != "-"]
    return rows


def table(n: int = 4, points: int | tuple[int, ...] = POINTS, on_table: int = 0, dealer: int = 0) -> Table:
    return Table(points if isinstance(points, tuple) else (points,) * n, on_table, dealer)


def game(spec: str, *, active: str = "E", holder: str | None = "active", drawn: bool = False,
         chars: str = "", deck: str = "act-b " * 10, in_play: str = "", cat: Catalogue = CAT,
         options: ChaosOptions | None = None, autopass: str = "", on_table: int = 0,
         points: int | tuple[int, ...] = POINTS, window: Window | None = None,
         modifier: str | None = None) -> tuple[ChaosState, Table]:
    """A PLAYING state with exactly these hands (see the module docstring) and its table; `modifier`: the one in
    play (one of those chosen)."""
    n = spec.count("|") + 1
    hands = _by_seat(spec, n, "")
    characters = [c[0] for c in _by_seat(chars, n, "white")]
    cards: list[str] = []

    def number(card_id: str) -> int:
        cat.card(card_id)  # a typo fails here, not deep in the engine
        cards.append(card_id)
        return len(cards) - 1

    hand_numbers = tuple(tuple(number(c) for c in h) for h in hands)
    stocks = tuple(InPlay(number(c), s, cat.card(c).lasts if cat.card(c).type is CardType.STOCK
                          else _hyper_lasts(cat, characters[s]))
                   for s, ids in enumerate(_by_seat(in_play, n, "")) for c in ids)
    deck_numbers = tuple(number(c) for c in deck.split())
    actions = tuple(c.id for c in cat.of_type(CardType.ACTION)[:3])
    stock_ids = tuple(c.id for c in cat.of_type(CardType.STOCK)[:3])
    mods = [c.id for c in cat.of_type(CardType.MODIFIER)]
    choices = tuple(Choice(characters[s], actions, stock_ids, tuple(mods[3 * s:3 * s + 3])) for s in range(n))
    chosen = [m for c in choices for m in c.modifiers]
    if modifier is not None:  # this Modifier in play instead of the first chosen
        chosen.remove(modifier)
        chosen.insert(0, modifier)
    state = rules.new_game(cat, options or ChaosOptions(), list(range(1, n + 1)), E, seed=7)
    active_seat = seat(active)
    priority = None
    if holder is not None:
        holder_seat = active_seat if holder == "active" else seat(holder)
        window = window or (Window.AFTER_DRAW if drawn else Window.BEFORE_DRAW)
        priority = Priority(holder_seat, window)
    state = replace(state, phase=Phase.PLAYING, choices=choices, cards=tuple(cards), deck=deck_numbers,
                    hands=hand_numbers, stocks=stocks, modifier=chosen[0], modifier_deck=tuple(chosen[1:]),
                    active=active_seat, drawn=drawn, priority=priority, shuffles=1, hands_begun=1,
                    autopass=modes(autopass, n))
    return state, table(n, points, on_table)


MODES = {"auto": AutoMode.AUTO, "ask": AutoMode.ASK, "played": AutoMode.UNTIL_PLAYED, "turn": AutoMode.UNTIL_MY_TURN}


def modes(spec: str, n: int = 4) -> tuple[AutoMode, ...]:
    """"S W:turn" -> each seat's auto-pass setting (see the module docstring)."""
    by_seat = [AutoMode.ASK] * n
    for token in spec.split():
        who, _, mode = token.partition(":")
        by_seat[seat(who)] = MODES[mode or "auto"]
    return tuple(by_seat)


def _hyper_lasts(cat: Catalogue, character: str) -> Lasts | None:
    return cat.card(character).hyper_lasts


# -- moves ----------------------------------------------------------------------------------------------------


def play(who: str, card: str, target: str | None = None, amount: int | None = None) -> Play:
    return Play(pid(who), card, None if target is None else pid(target), amount)


def pass_(who: str) -> Pass:
    return Pass(pid(who))


def passes(whos: str) -> list[Pass]:
    """"S W N E" -> four passes in that order."""
    return [Pass(pid(w)) for w in whos.split()]


def run(state: ChaosState, tbl: Table, *moves: Move | list[Move]) -> tuple[ChaosState, Table, list[Event]]:
    events: list[Event] = []
    for move in moves:
        for one in move if isinstance(move, list) else [move]:
            state, tbl, new = rules.apply(state, tbl, one)
            events += new
    return state, tbl, events


def choices_for(cat: Catalogue, n: int, character: str = "white") -> list[Choose]:
    """Every player's choices: the same three Actions and Stocks (5.1d.3 allows it), different Modifiers."""
    actions = tuple(c.id for c in cat.of_type(CardType.ACTION)[:3])
    stocks = tuple(c.id for c in cat.of_type(CardType.STOCK)[:3])
    mods = [c.id for c in cat.of_type(CardType.MODIFIER)]
    moves: list[Choose] = []
    for s in range(n):
        moves += [Choose(s + 1, CardType.CHARACTER, (character,)), Choose(s + 1, CardType.ACTION, actions),
                  Choose(s + 1, CardType.STOCK, stocks), Choose(s + 1, CardType.MODIFIER, tuple(mods[3 * s:3 * s + 3]))]
    return moves


def started(n: int = 4, *, cat: Catalogue = CAT, options: ChaosOptions | None = None,
            seed: int = 1) -> tuple[ChaosState, Table, list[Event]]:
    """A game set up through the real choices."""
    state = rules.new_game(cat, options or ChaosOptions(), list(range(1, n + 1)), E, seed)
    return run(state, table(n), *choices_for(cat, n))


# -- reading ------------------------------------------------------------------------------------------------


def hand(state: ChaosState, who: str) -> list[str]:
    return sorted(state.cards[c] for c in state.hands[seat(who)])


def of(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def kinds(events: list[Event]) -> list[str]:
    return [e["type"] for e in events]


def in_play(state: ChaosState) -> list[tuple[int, str]]:
    return [(state.players[s.seat], state.cards[s.card]) for s in state.stocks]


def snapshot(state: ChaosState) -> str:
    return json.dumps(state.to_dict(), sort_keys=True)


def some_legal(state: ChaosState) -> Move:
    """A move that is always accepted in a PLAYING state."""
    holder = state.holder
    if holder is not None:
        return Pass(state.players[holder[1]])
    player = state.players[state.active]
    return Next(player) if state.drawn else Drew(player)


def refused(state: ChaosState, tbl: Table, move: Move, code: str, *, then: Move | None = None) -> GameError:
    """The move raises a GameError with `code`, nothing changed, and a legal move still works afterwards."""
    before = snapshot(state)
    with pytest.raises(GameError) as info:
        rules.apply(state, tbl, move)
    assert info.value.code == code, info.value.message
    assert snapshot(state) == before
    rules.apply(state, tbl, then or some_legal(state))
    return info.value


def pass_sub(state: ChaosState, tbl: Table) -> tuple[ChaosState, Table, list[Event]]:
    """Whoever holds sub-priority passes until the round of sub-priority is over (2.7c)."""
    events: list[Event] = []
    while state.priority is not None and state.priority.sub is not None:
        state, tbl, new = rules.apply(state, tbl, Pass(state.players[state.holder[1]]))
        events += new
    return state, tbl, events


def pass_all(state: ChaosState, tbl: Table) -> tuple[ChaosState, Table, list[Event]]:
    """Everyone passes until priority passing has stopped (2.6)."""
    events: list[Event] = []
    while state.holder is not None:
        state, tbl, new = rules.apply(state, tbl, Pass(state.players[state.holder[1]]))
        events += new
    return state, tbl, events
