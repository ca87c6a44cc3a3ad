"""No public message shows anyone's hand: the event lines and the board name only cards placed in view."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.uno import rules
from engine.uno.cards import CARDS
from engine.uno.options import PRESETS
from render import uno as render

CARD_NAMES = {c.name for c in CARDS}
BOLD = re.compile(r"\*\*(.+?)\*\*")


def _named(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w+]){re.escape(name)}(?![\w]| \+)", text) is not None


def _public_faces(events: list[dict]) -> set[str]:
    return {CARDS[e["card"]].name for e in events if e["type"] in ("play", "new_pile", "deflected")}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), preset=st.sampled_from(["chaos", "classic"]), players=st.integers(2, 6))
def test_public_text_names_only_cards_in_view(seed, preset, players):
    rng = random.Random(seed)
    state = rules.new_game(PRESETS[preset], range(1, players + 1), seed)
    for _ in range(150):
        if state.finished:
            break
        moves = [m for p in state.players for m in rules.legal_moves(state, p)]
        state, events = rules.apply(state, rng.choice(moves))
        text = render.event_lines(state, events)
        named = {m for m in BOLD.findall(text) if m in CARD_NAMES}
        assert named <= _public_faces(events), (named, events)
        board = render.board_embed(state)
        board_text = "\n".join([board.description or ""] + [f.value for f in board.fields])
        tops = {CARDS[p.top].name for p in state.piles}
        for seat in state.seats:
            for card_id in seat.hand:
                name = CARDS[card_id].name
                assert name in tops or not _named(board_text, name), name
