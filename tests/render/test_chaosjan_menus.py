"""CHAOS;JAN (seed 000): the hand's play menu and its ✅/⛔ marks against the engine's legal plays
(`rules.legal_moves`)."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import table as tb
from engine.chaosjan import rules
from engine.chaosjan.catalogue import CardType
from engine.chaosjan.moves import Play
from engine.chaosjan.state import Phase
from render import chaosjan as render
from tests.engine.chaosjan.test_properties import POOL, candidates, chaos_table, setup_moves
from ui import chaosjan as ui


def offered(ts, player) -> set[str]:
    view = ui.HandView(ts, player)
    return {o.value for child in view.children if child.item.custom_id == "ct:cj:play" for o in child.item.options}


def marks(ts, player) -> dict[str, tuple[bool, str]]:
    """Each card's line in the hand: (marked ✅, the reason given under a ⛔)."""
    chaos = ts.chaosjan
    text = render.hand_embed(ts, player).description
    seat = chaos.seat_of(player)
    result = {}
    for card in {chaos.catalogue.card(chaos.cards[n]) for n in chaos.hands[seat]}:
        line = re.search(rf"^(✅|⛔) \*\*{re.escape(render.card_label(card))}\*\*.*(?:\n  [^↳].*)?(?:\n  ↳ (.*))?",
                         text, re.M)
        result[card.id] = (line[1] == "✅", line[2] or "")
    return result


@settings(max_examples=15, deadline=None)
@given(cat=st.sampled_from(POOL), n=st.sampled_from([3, 4]), seed=st.integers(0, 2**32))
def test_the_play_menu_and_the_marks_offer_only_legal_plays_and_every_legal_play(cat, n, seed):
    rng = random.Random(seed)
    ts = tb.new_game(1, list(range(1, n + 1)))
    for move in setup_moves(cat, n, seed, rng):
        ts, _ = tb.apply(ts, move)
    for _ in range(60):
        chaos = ts.chaosjan
        if ts.over or chaos is None:
            break
        if chaos.phase is Phase.PLAYING:
            for player in chaos.players:
                legal = {m.card for m in rules.legal_moves(chaos, chaos_table(ts), player) if isinstance(m, Play)
                         and chaos.catalogue.card(m.card).type is not CardType.NEGATE}
                assert offered(ts, player) == legal
                playable = {m.card for m in rules.legal_moves(chaos, chaos_table(ts), player) if isinstance(m, Play)}
                shown = marks(ts, player)
                assert {card for card, (ok, _) in shown.items() if ok} == playable
                assert all(re.search(r"\(\d\.\d", why) for ok, why in shown.values() if not ok)  # the rule
        ts, _ = tb.apply(ts, rng.choice(candidates(ts, rng)))
