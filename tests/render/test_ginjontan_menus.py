"""Gin-jon-tan (seed 004): every control of a player's private hand sends a move the engine accepts, and every kind
of move the engine lists for them has a control; the autocomplete suggests only cards a legal move can use."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import GameError
from engine.ginjontan.moves import Act, AskCards, Call, Evaluate, Exchange, Give, SetAside, Swap, Trim
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import apply, legal_moves, new_game
from engine.ginjontan.state import Phase
from tests.engine.ginjontan.notation import table
from tests.engine.ginjontan.test_properties import choose
from ui import ginjontan as ui


def accepted(state, move) -> bool:
    try:
        apply(state, move)
    except GameError:
        return False
    return True


def sent_moves(state, player, view):
    """(move type, a move the control sends) for every control of the hand view."""
    out = []
    for child in view.children:
        item = child.item  # every control is a DynamicItem
        custom = item.custom_id
        if custom.startswith("ct:gjt:m:"):
            name = custom.rsplit(":", 1)[1]
            move = {"keep": Swap(player, False), "swap": Swap(player, True), "none": Exchange(player),
                    "call": Call(player), "reveal": Evaluate(player), "katoh": Evaluate(player, True),
                    "lowest": Trim(player, ui.lowest_surplus(state, player))}[name]
            out.append(move)
        elif custom.startswith("ct:gjt:x:"):  # the suggested exchange
            give, take = (int(x) for x in custom.split(":")[3:])
            out.append(Exchange(player, (give,), (take,)))
        elif custom == "ct:gjt:ask":
            for option in item.options:
                target, source = option.value.split(":")
                out.append(AskCards(player, int(target), source, state.seat(player).hand[:1]))
        else:
            what = custom.split(":")[3]
            values = [o.value for o in item.options]
            first = values[:item.min_values]
            if what == "aside":
                out.append(SetAside(player, tuple(int(v) for v in first)))
            elif what == "act":
                out += [Act(player, *(int(x) for x in v.split(":"))) for v in values]
            elif what == "exchange":  # the cards given, then a menu of as many reserve cards to take
                for h in (int(v) for v in values[:2]):
                    take = ui.card_menu(state, player, "take", given=(h,))
                    assert take is not None
                    out += [Exchange(player, (h,), (int(o.value),)) for o in take.options[:2]]
            elif what == "return":
                out.append(Trim(player, tuple(int(v) for v in first)))
            elif what == "give":
                out.append(Give(player, tuple(int(v) for v in first)))
    return out


def usable(state, player, where, c) -> bool:
    """Some move the engine accepts uses card `c` from that zone (legal_moves lists the smallest of each kind; a
    trim of any `surplus` reserve cards is legal too)."""
    for m in legal_moves(state, player):
        if where == "hand" and c in (m.cards if isinstance(m, SetAside) else m.give
                                     if isinstance(m, Exchange | AskCards) else ()):
            return True
        if where == "reserve" and isinstance(m, Exchange) and c in m.take:
            return True
        if where == "unfolded" and isinstance(m, Act) and m.card == c:
            return True
        if where == "theirs" and isinstance(m, Act) and m.target == c:
            return True
        if where == "asked" and isinstance(m, Give) and c in m.cards:
            return True
        if where == "reserve" and isinstance(m, Trim):
            others = [r for r in state.seat(player).reserve if r != c]
            return accepted(state, Trim(player, (c, *others)[:len(m.cards)]))
    return False


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 4))
def test_hand_controls_send_only_accepted_moves_and_cover_every_legal_kind(seed, players):
    rng = random.Random(seed)
    state = new_game(GinjontanOptions(rounds=1), list(range(1, players + 1)), seed)
    for _ in range(120):
        if state.phase is Phase.OVER:
            break
        for player in state.players:
            view = ui.HandView(state, player, ui.advice_here(state, player))
            sent = sent_moves(state, player, view)
            for move in sent:
                assert accepted(state, move), (move, state.tasks(player))
            assert {type(m) for m in legal_moves(state, player)} <= {type(m) for m in sent}, state.tasks(player)
            for where in ui.POOL_TASKS:
                for c in ui.card_pool(state, player, where):
                    assert usable(state, player, where, c), (where, c, state.tasks(player))
        state, _ = apply(state, choose(state, rng, everyone=False))


def test_an_exchange_with_an_empty_reserve_still_offers_no_exchange():
    """Step 4 (3.4 after a duel): "exchange up to 9 cards, or none". A player whose reserve is empty (a black hole
    took it) can only make no exchange; the hand must offer that, or the game waits for ever."""
    state = table({1: {"hand": "w1fire w2fire", "reserve": ""}, 2: {"hand": "w3fire", "reserve": "w4fire"}},
                  phase=Phase.EXCHANGE, order=(1, 2), waiting=((1, "exchange9"),))
    assert Exchange(1) in legal_moves(state, 1)
    sent = sent_moves(state, 1, ui.HandView(state, 1, ui.advice_here(state, 1)))
    assert Exchange(1) in sent and all(accepted(state, m) for m in sent)
