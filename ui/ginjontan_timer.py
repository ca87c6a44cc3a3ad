"""Gin-jon-tan's turn timer (docs/rulings.md, Gin-jon-tan: "Turn timer"): when the game has waited `timer`
seconds since its last change, the bot applies TimeOut and the engine makes the default move of everyone it
waits for. One short public line says so. Started and stopped by every change (ui/ginjontan.apply, undo, end),
re-armed at start-up from the stored games (ui/turn_timer.py)."""

from __future__ import annotations

from typing import Any

from engine.ginjontan.moves import TimeOut
from engine.ginjontan.rules import GINJONTAN
from engine.ginjontan.state import GinjontanState, Phase
from render import ginjontan as render
from storage.games import MoveResult
from ui import ginjontan as flows
from ui.turn_timer import TurnTimer

PAUSED = ("⏸️ The turn timer is paused: a full round of time-outs with nobody acting. It runs again as soon as "
          "someone moves.")


class GinjontanTimers(TurnTimer[GinjontanState]):
    kind = GINJONTAN
    title = "Gin-jon-tan"

    def running(self, state: GinjontanState) -> bool:
        return state.phase not in (Phase.LOBBY, Phase.OVER) and bool(state.waiting)

    def time_out(self) -> TimeOut:
        return TimeOut()

    async def expired(self, channel_id: int, result: MoveResult[GinjontanState]) -> None:
        self.arm(channel_id, result.game)
        state = result.game.state
        text = render.WORDING.line(state, result.events[0]) or "⏰ Time ran out."
        if self.paused(channel_id):
            text = f"{text}\n{PAUSED}"
        message: dict[str, Any] = {"content": text}
        view = flows.public_view(state)
        if view is not None:
            message["view"] = view
        if state.phase is Phase.OVER:
            message["embed"] = render.final_embed(state)
        await self.bot.get_partial_messageable(channel_id).send(**message)
