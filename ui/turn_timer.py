"""The turn timer every timed game shares (Uno, Gin-jon-tan): when it runs out the bot applies the game's
time-out move, and the engine answers for the absent players.

Deadlines come from the stored game (its last change + the timer), so they survive a restart. After a full round
of time-outs (one per player) with nobody acting, the timer pauses until someone acts (docs/rulings.md, "Turn
timer"). A game module subclasses `TurnTimer`, saying when its timer runs, which move it applies and how a
time-out is shown.
"""

from __future__ import annotations

import asyncio
import logging
import time
from contextlib import AbstractAsyncContextManager, nullcontext
from datetime import datetime
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from engine.base import GameKind
from engine.errors import GameError, IllegalMove
from engine.timer import MAX_TIMER, MIN_TIMER
from storage.errors import StaleMove
from storage.games import GameRecord, MoveResult

if TYPE_CHECKING:
    from bot import ChaosTable

log = logging.getLogger(__name__)


class Timed(Protocol):
    @property
    def timer(self) -> int: ...

    @property
    def players(self) -> tuple[int, ...]: ...


S = TypeVar("S", bound=Timed)


class TurnTimer(Generic[S]):
    """One task per channel, re-armed after every change of its game."""

    per_server = 10  # timed games at once in one server
    second = 1.0  # the length of a timer's second (tests shorten it)
    kind: GameKind[S, Any]
    title = ""  # the game's name in refusals

    def __init__(self, bot: ChaosTable) -> None:
        self.bot = bot
        self._tasks: dict[int, asyncio.Task[None]] = {}  # the armed timer of each channel
        self._all: set[asyncio.Task[None]] = set()  # and those still showing a time-out after re-arming
        self._paused: set[int] = set()

    # -- what each game says ------------------------------------------------------------------------------

    def running(self, state: S) -> bool:
        """Whether the game waits for someone the timer can answer for (the timer is set)."""
        raise NotImplementedError

    def time_out(self) -> Any:
        """The engine move the timer applies."""
        raise NotImplementedError

    def hold(self, channel_id: int) -> AbstractAsyncContextManager[Any]:
        """Held while a time-out is applied and shown, as the game's moves hold it (their messages in order)."""
        return nullcontext()

    async def expired(self, channel_id: int, result: MoveResult[S]) -> None:
        """Show the time-out (and keep the game's messages current)."""
        raise NotImplementedError

    # -- the shared part ----------------------------------------------------------------------------------------

    def paused(self, channel_id: int) -> bool:
        return channel_id in self._paused

    def arm(self, channel_id: int, record: GameRecord[S]) -> None:
        """After every change: a change by anyone but the timer itself ends a pause."""
        old = self._tasks.get(channel_id)
        if old is None or old is not asyncio.current_task():
            self._paused.discard(channel_id)
        self._start(channel_id, record)

    def _start(self, channel_id: int, record: GameRecord[S]) -> None:
        old = self._tasks.pop(channel_id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        state = record.state
        if record.status != "active" or not state.timer or not self.running(state) or channel_id in self._paused:
            return
        timer = min(max(state.timer, MIN_TIMER), MAX_TIMER)  # a game stored before the bounds were checked
        elapsed = time.time() - datetime.fromisoformat(record.updated_at).timestamp()
        delay = max(0.0, timer * self.second - elapsed)
        task = asyncio.create_task(self._expire(channel_id, record.version, delay),
                                   name=f"{self.kind.name}-timer-{channel_id}")
        self._tasks[channel_id] = task
        self._all.add(task)
        task.add_done_callback(self._all.discard)

    async def _idle_round(self, channel_id: int, state: S) -> bool:
        """Whether the newest entries, one per player, are all time-outs (nobody acted for a full round)."""
        entries = await self.bot.games.history(channel_id, self.kind, limit=len(state.players))
        return len(entries) == len(state.players) and all(e.type == "move" and e.actor_id is None for e in entries)

    async def _expire(self, channel_id: int, version: int, delay: float) -> None:
        await asyncio.sleep(delay)
        async with self.hold(channel_id):
            try:
                result = await self.bot.games.apply(channel_id, self.kind, self.time_out(), actor_id=None,
                                                    expected_version=version)
            except (StaleMove, GameError):
                return  # someone moved meanwhile (their move armed a new timer), or the game ended
            state = result.game.state
            if result.game.status == "active" and self.running(state) and await self._idle_round(channel_id, state):
                self._paused.add(channel_id)
            await self.expired(channel_id, result)

    async def resume(self) -> None:
        """At start-up: every stored timed game runs on (or stays paused); a game that can't be read is logged and
        skipped, so one bad row never stops the others, or the cog, from loading."""
        resumed = others = 0
        for record in await self.bot.games.active(self.kind):
            if not self.bot.owns_guild(record.guild_id):
                others += 1  # another process's shard: its timers run there
                continue
            try:
                if record.state.timer and await self._idle_round(record.channel_id, record.state):
                    self._paused.add(record.channel_id)
                self._start(record.channel_id, record)
                resumed += record.channel_id in self._tasks
            except Exception:
                log.warning("could not resume the %s timer in channel %s", self.title, record.channel_id,
                            exc_info=True)
        log.info("%s timers: %d running; %d games are other shards'", self.title, resumed, others)

    async def require_room(self, guild_id: int | None, channel_id: int | None) -> None:
        """At most `per_server` timed games at once in a server (each holds a task); `channel_id`: the game
        whose timer is being set is not counted (None for a game not opened yet, in a thread to come)."""
        timed = [r for r in await self.bot.games.active(self.kind)
                 if r.guild_id == guild_id and r.channel_id != channel_id and r.state.timer]
        if len(timed) >= self.per_server:
            raise IllegalMove(f"This server already has {len(timed)} {self.title} games with a turn timer, the most "
                              "it can have at once.", "Play without a timer (`timer: 0`), or end a timed game first.",
                              code="too_many_timers")

    def close(self) -> None:
        for task in self._all:
            task.cancel()
