"""Chaos Table: the Discord bot. `python bot.py` runs it; `create_bot()` builds it without starting it."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import pkgutil
import signal
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import aiohttp
import discord
from discord.ext import commands

import cogs
from engine.chroma.state import CHROMA
from engine.ginjontan.rules import GINJONTAN
from engine.table import TABLE
from engine.uno.rules import UNO
from render import offload
from settings import Settings, SettingsError, load_settings, log_level_number
from storage import DatabaseFileError, GameStore, check_file
from storage.backend import Backend, open_database
from storage.command_sync import payload_hash, remember_synced, synced_hash
from storage.database import PageCheck, checked_at_start
from storage.games import REQUEST, Request
from ui.errors import install_error_handler
from ui.live_panel import track_newest

if TYPE_CHECKING:
    from ui.ginjontan_timer import GinjontanTimers
    from ui.uno import BoardKeeper, TurnTimers

log = logging.getLogger("chaostable")

GAME_KINDS = (CHROMA, GINJONTAN, TABLE, UNO)  # checked at start-up for games an older version left half-finished
# Young collections every 3,000 new container objects instead of 700: at 700 the objects of the interactions in
# flight outlive a few young collections and reach the old generation, whose growth then sets off full collections
# (one of 211 ms at 100/s over 1,000 channels, docs/benchmarks.md, Load). 10,000 avoided those but made each young
# collection a pause of 6-19 ms and each middle one up to 36 ms, every couple of seconds: the tail of every command.
# At 3,000, in the bot's own process at 100/s: young pauses at most 3 ms, middle ones at most 9 ms, no full
# collection (docs/benchmarks.md, Load). Nothing is exempted from collection (unlike a periodic gc.freeze).
GC_THRESHOLD = (3_000, 10, 10)
SHUTDOWN_GRACE_S = 20.0  # how long interactions in flight may take to finish when the bot stops
RESTARTING = "The bot is restarting. Try again in a moment."
CUT_OFF = ("The bot had to stop before it could answer. Check the game's `show` command to see whether your "
           "move counted before you repeat it.")

NO_TOKEN_MESSAGE = """\
Chaos Table needs a Discord bot token, and none was found.

1. Create an application and its bot at https://discord.com/developers/applications
   (New Application -> Bot -> Reset Token, then copy the token).
2. Put the token in a file named .env in this folder (copy .env.example):
       DISCORD_TOKEN=your-token-here
   or set the DISCORD_TOKEN environment variable.
3. Invite the bot to your server with the scopes `bot` and `applications.commands`
   and the permissions View Channels, Send Messages, Embed Links, Attach Files, Create Public Threads
   and Send Messages in Threads:
       https://discord.com/oauth2/authorize?client_id=YOUR_APPLICATION_ID&scope=bot+applications.commands&permissions=309237697536
4. Run `make run` (or `.venv/bin/python bot.py`). The first start registers the slash commands with Discord
   (they can take up to an hour to appear); later starts register them again only when they changed.
"""


def extension_names() -> list[str]:
    """Every module in cogs/ whose name does not start with an underscore."""
    return sorted(f"cogs.{m.name}" for m in pkgutil.iter_modules(cogs.__path__) if not m.name.startswith("_"))


def _tasks_created_by(fn: Callable[[dict[str, Any]], None], data: dict[str, Any]) -> set[asyncio.Task[Any]]:
    """Call the synchronous `fn(data)` and return the tasks it created on the running loop: a task factory that
    notes them is in place only for the call (cheaper than comparing `asyncio.all_tasks()` before and after, which
    costs as much as there are tasks alive)."""
    loop = asyncio.get_running_loop()
    previous = loop.get_task_factory()
    created: set[asyncio.Task[Any]] = set()

    def noting(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Task[Any]:
        task = cast(asyncio.Task[Any], previous(loop, coro, **kwargs)) if previous is not None else \
            asyncio.Task(coro, loop=loop, **kwargs)
        created.add(task)
        return task

    loop.set_task_factory(noting)
    try:
        fn(data)
    finally:
        loop.set_task_factory(previous)
    return created


class ChaosTable(commands.Bot):
    """The bot, and everything cogs reach through it.

    `db` and `games` are set by `setup_hook`, before any cog loads; a bot that was built but not started (to list
    its commands) has None there. The Uno cog sets `uno_board` and `uno_timers` when it loads, the Gin-jon-tan cog
    `ginjontan_timers`."""

    db: Backend
    games: GameStore
    uno_board: BoardKeeper
    uno_timers: TurnTimers
    ginjontan_timers: GinjontanTimers

    def __init__(self, settings: Settings, *, sync_global: bool = False,
                 extensions: list[str] | None = None, **shards: Any) -> None:
        super().__init__(  # shard_count and shard_ids: for AutoShardedBot (ShardedChaosTable) alone
            command_prefix=commands.when_mentioned,  # slash commands only; a prefix is required by commands.Bot
            intents=discord.Intents.default(),
            help_command=None,
            allowed_mentions=discord.AllowedMentions.none(),  # a message pings whom it names: ui/mentions.py
            max_messages=None,  # nothing reads discord.py's message cache; kept, every message outlived the young
            **shards,           # collections and made each older one longer (issue 19)
        )
        self.settings = settings
        self.sync_global = sync_global
        self.extension_names = extension_names() if extensions is None else extensions
        self.db = self.games = None  # type: ignore[assignment]  # see the class's docstring
        self.stopping = False
        self.fatal: DatabaseFileError | None = None  # why the bot stopped itself: main() exits with code 2
        self.page_check: asyncio.Task[None] | None = None  # reading every page of a big database file
        self._page_check: PageCheck | None = None
        self._in_flight: dict[asyncio.Task[Any], dict[str, Any]] = {}  # handler task -> its interaction's payload
        self._gc_threshold: tuple[int, ...] | None = None  # the process's thresholds before start-up, back at close
        self._parse_interaction = self._connection.parsers["INTERACTION_CREATE"]
        self._connection.parsers["INTERACTION_CREATE"] = self._receive_interaction
        track_newest(self)

    def _receive_interaction(self, data: dict[str, Any]) -> None:
        """Every INTERACTION_CREATE from the gateway. Its handlers run with the interaction's id as the storage
        request (so a repeated delivery is recognized) and are tracked until they finish, so that stopping can
        wait for them. While stopping, a new interaction is answered "restarting" instead."""
        if self.stopping:
            self._track(asyncio.create_task(self._refuse(data, RESTARTING)), data)
            return
        request = Request(str(data["id"]))
        token = REQUEST.set(request)
        try:
            created = _tasks_created_by(self._parse_interaction, data)
        finally:
            REQUEST.reset(token)
        request.tasks = created
        for task in created:
            task.add_done_callback(created.discard)  # the task's context holds the request: no cycle left behind
            self._track(task, data)

    def _track(self, task: asyncio.Task[Any], data: dict[str, Any]) -> None:
        self._in_flight[task] = data
        task.add_done_callback(lambda done: self._in_flight.pop(done, None))

    async def _refuse(self, data: dict[str, Any], text: str) -> None:
        interaction: discord.Interaction[ChaosTable] = discord.Interaction(
            data=data, state=self._connection)  # type: ignore[arg-type]  # the gateway's payload, as discord.py gets it
        # RuntimeError: the session closed meanwhile; ClientError, TimeoutError: Discord could not be reached
        with contextlib.suppress(discord.HTTPException, RuntimeError, aiohttp.ClientError, TimeoutError):
            if data["type"] == discord.InteractionType.autocomplete.value:
                await interaction.response.autocomplete([])
            else:
                await interaction.response.send_message(text, ephemeral=True)

    async def drain(self, grace: float = SHUTDOWN_GRACE_S) -> None:
        """Stop taking interactions and let those in flight finish and answer. One still running after `grace`
        seconds is cancelled, and its user told that the bot stopped."""
        self.stopping = True
        if not self._in_flight:
            return
        log.info("stopping: waiting for %d interactions in flight", len(self._in_flight))
        _, pending = await asyncio.wait(set(self._in_flight), timeout=grace)
        if pending:
            log.warning("stopping: %d interactions did not finish within %.0f s", len(pending), grace)
            cut = [self._in_flight[task] for task in pending]
            for task in pending:
                task.cancel()
            await asyncio.gather(*(self._refuse(data, CUT_OFF) for data in cut))

    def owns_guild(self, guild_id: int | None) -> bool:
        """Whether this process runs the shard Discord gives the server's events to (every server, unsharded).
        Only that process arms the server's timers and finishes its games left over at start-up."""
        count, ids = self.settings.shard_count, self.settings.shard_ids
        if count is None or ids is None:
            return True
        return (0 if guild_id is None else (guild_id >> 22) % count) in ids

    async def setup_hook(self) -> None:
        self.db = await open_database(self.settings.database_url, path=self.settings.database_path)
        self.games = GameStore(self.db)
        await self.games.repair(GAME_KINDS, owned=self.owns_guild)
        offload.use_processes(self.settings.picture_workers)
        install_error_handler(self)
        for name in self.extension_names:
            await self.load_extension(name)  # each cog registers its persistent views in cog_load
        await self._sync_commands()
        gc.freeze()  # what start-up built (modules, commands, fonts) lives on: later collections need not scan it
        self._gc_threshold = gc.get_threshold()
        gc.set_threshold(*GC_THRESHOLD)
        path = self.settings.database_path
        if path is not None and not checked_at_start(path):  # last: damage found closes the bot, and with it HTTP
            self._page_check = PageCheck(path)
            self.page_check = asyncio.create_task(self._check_pages(self._page_check), name="database-page-check")

    async def _check_pages(self, check: PageCheck) -> None:
        """Once ready, the page check of a file too big to read whole at start-up (`storage.check_file`). If it
        finds damage, writes stop at once and the bot stops; `main` then exits with code 2, as it would at start-up."""
        await self.wait_until_ready()  # start-up first, not sharing the machine with the check
        started = time.monotonic()
        try:
            sound = await asyncio.to_thread(check.run)
        except DatabaseFileError as error:
            log.critical("stopping: %s", error)
            self.fatal = error
            self.db.refuse_writes(error)
            await self.close()
            return
        except Exception:  # not damage found, but no check either: say so, and go on
            log.exception("the database check after start-up could not run")
            return
        if sound:
            log.info("database check: every page of %s read in %.1f s after start-up; no damage", check.path,
                     time.monotonic() - started)

    async def _sync_commands(self) -> None:
        """With DEV_GUILD_ID, sync to that server at every start (instant) and globally only with --sync. Without
        it, sync globally when the commands differ from those last registered (kept in the database), so the first
        start registers everything and an unchanged restart registers nothing; --sync forces it."""
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to the development server %s", len(synced), guild.id)
            if not self.sync_global:
                return
        if self.settings.shard_ids is not None and 0 not in self.settings.shard_ids:
            log.info("commands are synced by the process that runs shard 0")
            return
        digest = payload_hash([command.to_dict(self.tree) for command in self.tree.get_commands()])
        if not self.sync_global and await synced_hash(self.db) == digest:
            log.info("global commands unchanged since the last sync; not syncing")
            return
        synced = await self.tree.sync()
        await remember_synced(self.db, digest)
        log.info("synced %d global commands (they can take up to an hour to appear)", len(synced))

    async def on_ready(self) -> None:
        log.info("ready as %s in %d servers", self.user, len(self.guilds))

    async def close(self) -> None:
        """Answer every interaction in flight, then disconnect, then close the database."""
        if self._page_check is not None:
            self._page_check.stop()
        try:
            await self.drain()
            await super().close()
        finally:
            if self.db is not None:
                await self.db.close()  # waits for a move in progress to commit or roll back
            gc.unfreeze()  # what was frozen at start-up may be collected again (another bot in this process, tests)
            if self._gc_threshold is not None:
                gc.set_threshold(*self._gc_threshold)
                self._gc_threshold = None


class ShardedChaosTable(ChaosTable, commands.AutoShardedBot):
    """The bot running some of its shards (SHARD_COUNT, SHARD_IDS) in this process, beside other processes running
    the others on the same PostgreSQL database (docs/operations.md, "Shards")."""


def create_bot(settings: Settings | None = None, *, sync_global: bool = False,
               extensions: list[str] | None = None) -> ChaosTable:
    """A configured bot, not started. Settings are read now (environment first, then `.env`).
    `extensions` defaults to every cog in cogs/."""
    settings = settings or load_settings()
    if settings.shard_count is not None:
        return ShardedChaosTable(settings, sync_global=sync_global, extensions=extensions,
                                 shard_count=settings.shard_count, shard_ids=list(settings.shard_ids or ()))
    return ChaosTable(settings, sync_global=sync_global, extensions=extensions)


def event_loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's event loop where it is installed (requirements.txt; not on Windows): less CPU an interaction than
    asyncio's own (docs/benchmarks.md, Load). None: asyncio's own."""
    try:
        import uvloop
    except ImportError:
        return None
    return cast(Callable[[], asyncio.AbstractEventLoop], uvloop.new_event_loop)


async def run_until_stopped(bot: ChaosTable, token: str) -> None:
    """Run the bot until it closes or SIGINT/SIGTERM arrives; then close it cleanly."""
    loop = asyncio.get_running_loop()
    log.info("event loop: %s.%s", type(loop).__module__, type(loop).__qualname__)
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    runner = asyncio.create_task(bot.start(token), name="bot")
    stopper = asyncio.create_task(stop.wait(), name="stop-signal")
    try:
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if runner in done:
            runner.result()  # re-raise a login or connection failure
        else:
            log.info("stop signal received; closing")
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.remove_signal_handler(sig)
        stopper.cancel()
        await bot.close()
        if not runner.done():
            await asyncio.wait({runner}, timeout=5)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run the Chaos Table Discord bot.")
    parser.add_argument("--sync", action="store_true",
                        help="also sync slash commands globally (once after commands change; Discord limits this)")
    args = parser.parse_args(argv)
    try:
        settings = load_settings()
    except SettingsError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    if settings.token is None:
        print(NO_TOKEN_MESSAGE, file=sys.stderr)
        return 2
    try:
        check_file(settings.database_path)  # before anything connects: refuse a file that is not ours, or damaged
    except DatabaseFileError as error:
        print(f"Database error: {error}", file=sys.stderr)
        return 2
    discord.utils.setup_logging(level=log_level_number(settings), root=True)
    bot = create_bot(settings, sync_global=args.sync)
    try:
        with asyncio.Runner(loop_factory=event_loop_factory()) as runner:
            runner.run(run_until_stopped(bot, settings.token))
    except discord.LoginFailure:
        print("Discord refused the token. Copy a fresh one from the Developer Portal (Bot -> Reset Token) "
              "into DISCORD_TOKEN.", file=sys.stderr)
        return 2
    except DatabaseFileError as error:  # the file changed after the check
        print(f"Database error: {error}", file=sys.stderr)
        return 2
    except Exception:
        if bot.fatal is None:
            raise  # else what failed did so because the bot stopped itself, below
    if bot.fatal is not None:  # the page check after start-up found damage
        print(f"Database error: {bot.fatal}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
