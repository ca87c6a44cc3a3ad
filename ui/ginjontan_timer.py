"""Gin-jon-tan's turn timer (docs/rulings.md, Gin-jon-tan: "Turn timer"): when the game has waited `timer`
seconds since its last change, the bot applies TimeOut and the engine makes the default move of everyone it
waits for. One short public line says so. Started and stopped by every change (ui/ginjontan.apply, undo, end),
re-armed at start-up from the stored games (ui/turn_timer.py)."""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from typing import Any

from engine.ginjontan.moves import TimeOut
from engine.ginjontan.rules import GINJONTAN
from engine.ginjontan.state import GinjontanState, Phase
from render import ginjontan as render
from render.i18n import N_, _
from storage.games import MoveResult
from ui import ginjontan as flows
from ui.pictures import drawn
from ui.turn_timer import TurnTimer

PAUSED = N_("⏸️ The turn timer is paused: a full round of time-outs with nobody acting. It runs again as soon as "
            "someone moves.")


class GinjontanTimers(TurnTimer[GinjontanState]):
    kind = GINJONTAN
    title = "Gin-jon-tan"

    def running(self, state: GinjontanState) -> bool:
        return state.phase not in (Phase.LOBBY, Phase.OVER) and bool(state.waiting)

    def time_out(self) -> TimeOut:
        return TimeOut()

    def hold(self, channel_id: int) -> AbstractAsyncContextManager[Any]:
        return flows.posting_lock(self.bot, channel_id)

    async def expired(self, channel_id: int, result: MoveResult[GinjontanState]) -> None:
        """What the time-out did, on the live panel edited in place, or in one new message with the panel (the one
        before it is retired)."""
        self.arm(channel_id, result.game)
        state = result.game.state
        text = render.event_lines(state, result.events) or _("⏰ Time ran out.")
        if self.paused(channel_id):
            text = f"{text}\n{_(PAUSED)}"
        if await flows.edited(self.bot, channel_id, result.game, text, result.events):
            return
        summary = flows.round_summary(state, result.events)
        if summary is not None:
            await self.bot.get_partial_messageable(channel_id).send(**await drawn(summary))
        message = await drawn(flows.public_message(state, result.events, text[:2000]))
        if state.phase is Phase.OVER:
            message["embeds"] = [message.pop("embed"), render.final_embed(state)]
        sent = await self.bot.get_partial_messageable(channel_id).send(**flows.calling(state, message))
        await flows.posted(self.bot, channel_id, result.game, sent.id, message, result.events)
