"""Event wording shared by every game: a game's words are a table keyed by event type, and a type missing from
its table is shown as a visible line (and logged), never dropped. tests/render/test_event_wording.py fails when
an engine emits a type its game's table lacks."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from render.i18n import _

log = logging.getLogger(__name__)

Event = dict[str, Any]
Line = Callable[[Any, Event], str]  # (the game's state, the event) -> the line; "" for an event shown elsewhere


def shown_elsewhere(state: Any, event: Event) -> str:
    """For events whose effect another part of the message shows (the board, the panel, the next line)."""
    return ""


class Wording:
    def __init__(self, game: str, lines: dict[str, Line]) -> None:
        self.game = game
        self.lines = lines

    def __contains__(self, kind: object) -> bool:
        return kind in self.lines

    def line(self, state: Any, event: Event) -> str:
        word = self.lines.get(str(event.get("type")))
        if word is None:
            log.warning("%s: no wording for event %r", self.game, event)
            return _("❔ {game}: something happened ({type}) that the bot has no words for yet.", game=self.game,
                     type=str(event.get("type")))
        return word(state, event)
