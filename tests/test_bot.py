from __future__ import annotations

import ast
import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from discord import app_commands

import bot as bot_module
from storage import Database, GameStore
from tests.fake_discord import Harness
from tests.support.tally import TALLY, new_game

ROOT = Path(__file__).resolve().parents[1]


def run_bot_py(tmp_path, **env):
    environment = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DATABASE_URL"}}
    environment.update({"DISCORD_TOKEN": "", "DATABASE_URL": f"sqlite:///{tmp_path}/bot.db", **env})
    return subprocess.run([sys.executable, "bot.py"], cwd=ROOT, env=environment, capture_output=True, text=True,
                          timeout=60)


def test_no_token_explains_where_to_get_one_and_exits_2(tmp_path):
    result = run_bot_py(tmp_path)
    assert result.returncode == 2
    for needed in ("discord.com/developers/applications", "`bot` and `applications.commands`", "DISCORD_TOKEN=",
                   ".env"):
        assert needed in result.stderr
    assert not (tmp_path / "bot.db").exists()  # nothing was started


def test_bad_setting_exits_2_with_the_fix(tmp_path):
    result = run_bot_py(tmp_path, DISCORD_TOKEN="x", DATABASE_URL="mysql://nope")
    assert result.returncode == 2 and "DATABASE_URL must look like" in result.stderr


def test_importing_bot_starts_nothing():
    code = "import threading, bot; print(threading.active_count(), bot.create_bot.__name__)"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert result.stdout.split() == ["1", "create_bot"], result.stderr


def test_create_bot_reads_settings_when_called(monkeypatch, tmp_path):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/called.db")
    monkeypatch.setenv("DEV_GUILD_ID", "42")
    created = bot_module.create_bot()
    assert created.settings.database_path == tmp_path / "called.db"
    assert created.settings.dev_guild_id == 42
    assert created.db is None and not (tmp_path / "called.db").exists()
    assert not created.intents.members and not created.intents.message_content and not created.intents.presences


def test_every_cog_is_found():
    names = bot_module.extension_names()
    assert "cogs.help" in names and all(not n.split(".")[-1].startswith("_") for n in names)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_a_stop_signal_closes_the_bot_and_database_cleanly(fake_discord, tmp_path, sig):
    harness = Harness(fake_discord, tmp_path / "signal.db")
    bot = harness.new_bot()
    runner = asyncio.create_task(bot_module.run_until_stopped(bot, "fake-token"))
    for _ in range(1000):  # wait_until_ready() needs login to have begun, so poll
        if bot.is_ready():
            break
        await asyncio.sleep(0.01)
    assert bot.is_ready()
    await bot.games.start(7, TALLY, new_game(1, [1]), guild_id=None, actor_id=1)
    os.kill(os.getpid(), sig)
    await asyncio.wait_for(runner, 10)
    assert bot.is_closed() and bot.db.closed
    db = await Database.open(tmp_path / "signal.db")
    try:
        assert (await GameStore(db).get(7, TALLY)).state == new_game(1, [1])
    finally:
        await db.close()


async def test_commands_are_synced_to_the_dev_guild(harness):
    registered = {c["name"] for c in harness.fake.guild_commands[harness.fake.guild_id]}
    assert registered == {c.name for c in harness.bot.tree.get_commands()}
    assert harness.fake.global_commands == []  # global sync only with --sync


def test_readme_command_table_matches_the_bot():
    """Every slash command is in the README's table, and the table names no command the bot lacks."""

    async def collect():
        created = bot_module.create_bot()
        for name in created.extension_names:
            await created.load_extension(name)
        return {f"/{c.qualified_name}" for c in created.tree.walk_commands() if isinstance(c, app_commands.Command)}

    in_bot = asyncio.run(collect())
    readme = (ROOT / "README.md").read_text()
    in_table = set(re.findall(r"^\| `(/[a-z0-9_ -]+)` \|", readme, flags=re.M))  # first column: the name
    assert in_bot and in_table == in_bot



def _attributes_set_on_the_bot(source: str) -> set[str]:
    """Names assigned as `bot.X = ...`, `self.bot.X = ...` or `interaction.client.X = ...`."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
            targets = [node.target]
        else:
            continue
        for target in targets:
            if isinstance(target, ast.Attribute) and ast.unparse(target.value) in ("bot", "self.bot",
                                                                                   "interaction.client"):
                found.add(target.attr)
    return found


def test_every_attribute_a_cog_attaches_to_the_bot_is_declared_on_its_class():
    """Item 17: `bot.uno_board = ...` in a cog type-checks only when ChaosTable declares `uno_board`."""
    attached = {str(path.relative_to(ROOT)): _attributes_set_on_the_bot(path.read_text())
                for folder in ("cogs", "ui", "render", "storage") for path in (ROOT / folder).glob("*.py")}
    assert attached["cogs/uno.py"] >= {"uno_board", "uno_timers"}  # the finder sees the ones we know of
    undeclared = {(path, attr) for path, attrs in attached.items() for attr in attrs
                  if attr not in bot_module.ChaosTable.__annotations__}
    assert undeclared == set()


async def test_a_requests_tasks_are_those_its_parsing_created_and_no_others():
    """bot.py keys a request's changes by the tasks that handle it (issue 19: found with a task factory, not by
    comparing every task alive); a task that already ran, or one started later, is not the request's."""
    async def idle():
        await asyncio.sleep(0)

    elsewhere = asyncio.create_task(idle())
    loop = asyncio.get_running_loop()
    made_by_factory = []

    def factory(loop, coro, **kwargs):
        task = asyncio.Task(coro, loop=loop, **kwargs)
        made_by_factory.append(task)
        return task

    loop.set_task_factory(factory)
    try:
        parsed, started = [], []

        def parse(data):
            parsed.append(data)
            started.append(asyncio.create_task(idle(), name="handler"))
            started.append(asyncio.ensure_future(idle()))

        created = bot_module._tasks_created_by(parse, {"id": "1"})
        later = asyncio.create_task(idle())
        assert parsed == [{"id": "1"}]
        assert created == set(started) and "handler" in {t.get_name() for t in created}
        assert elsewhere not in created and later not in created
        assert set(made_by_factory) == created | {later}  # the loop's own factory made them, and is back in place
        assert loop.get_task_factory() is factory
    finally:
        loop.set_task_factory(None)
    await asyncio.gather(elsewhere, later, *created)


async def test_what_start_up_built_is_frozen_and_thawed_at_close(harness):
    """Issue 19: garbage collections skip what the bot built while starting (gc.freeze); closing thaws it, so
    a bot stopped inside a longer-lived process (a test run) can still be collected."""
    import gc

    assert gc.get_freeze_count() > 0
    await harness.stop_bot()
    assert gc.get_freeze_count() == 0
    await harness.start_bot()
    assert gc.get_freeze_count() > 0


async def test_young_collections_are_rarer_while_the_bot_runs_and_as_before_after_it_closes(harness):
    """Issue 19: a bigger first-generation threshold while running (fewer objects of interactions in flight reach
    the old generation); the process's own thresholds come back at close."""
    import gc

    from bot import GC_THRESHOLD

    running = gc.get_threshold()
    await harness.stop_bot()
    before = gc.get_threshold()
    assert running[0] > before[0]
    assert running == GC_THRESHOLD
    gc.set_threshold(before[0] + 1, *before[1:])  # what the process had is restored, whatever it was
    try:
        await harness.start_bot()
        assert gc.get_threshold() == running
        await harness.stop_bot()
        assert gc.get_threshold() == (before[0] + 1, *before[1:])
    finally:
        gc.set_threshold(*before)
        await harness.start_bot()


async def test_messages_the_gateway_tells_of_are_not_kept(harness):
    """Issue 19: a channel message the gateway tells of is noted by its ids (ui/live_panel.track_newest) and nothing
    more: no `discord.Message` is built or kept for it (discord.py's message cache is off too), and no `on_message`
    listener hears of it."""
    import gc

    import discord

    from ui import live_panel

    seen: list[int] = []

    async def on_message(message: discord.Message) -> None:
        seen.append(message.id)

    harness.bot.add_listener(on_message)
    try:
        await harness.slash("table start", user=harness.user("east"), east=harness.user("east"),
                            south=harness.user("south"), west=harness.user("west"))
        chat = await harness.post("a chat line", user=harness.user("kibitzer"))
        await asyncio.sleep(0.05)
    finally:
        harness.bot.remove_listener(on_message)
    gc.collect()
    alive = {o.id for o in gc.get_objects() if isinstance(o, discord.Message)}
    assert seen == [] and int(chat["id"]) not in alive
    assert live_panel._newest[harness.bot][harness.fake.default_channel] == int(chat["id"])
    assert list(harness.bot.cached_messages) == []


async def test_a_handled_interaction_leaves_no_cycle_through_its_request(harness, monkeypatch):
    """Issue 19: a request's tasks hold its context, which holds the request; each task leaves the request's tasks
    once done, so no task-context-request cycle waits for a collection (fewer objects in every young collection)."""
    from storage.games import Request

    made: list[Request] = []

    class Tracked(Request):
        def __init__(self, request_id: str) -> None:
            super().__init__(request_id)
            made.append(self)

    monkeypatch.setattr(bot_module, "Request", Tracked)
    reply = await harness.slash("help", user=harness.user("east"))
    assert reply.ephemeral
    for _ in range(5):
        await asyncio.sleep(0)
    assert made and all(request.tasks == set() for request in made)


def test_shard_settings_make_a_sharded_bot_that_owns_its_shards_servers():
    """SHARD_COUNT/SHARD_IDS (issue 20): discord.py's AutoShardedBot for those shards; a server belongs to shard
    (id >> 22) % count, as Discord routes it."""
    from discord.ext import commands

    from bot import ChaosTable, ShardedChaosTable, create_bot
    from settings import Settings

    base = Settings(token=None, database_path=None, dev_guild_id=None, log_level="INFO")
    plain = create_bot(base)
    assert type(plain) is ChaosTable and plain.owns_guild(123 << 22)
    sharded = create_bot(Settings(token=None, database_path=None, dev_guild_id=None, log_level="INFO",
                                  database_url="postgresql://h/db", shard_count=3, shard_ids=(0, 2)))
    assert isinstance(sharded, ShardedChaosTable) and isinstance(sharded, commands.AutoShardedBot)
    assert (sharded.shard_count, sharded.shard_ids) == (3, [0, 2])
    owned = {shard: sharded.owns_guild((3 * 1000 + shard) << 22 | 12345) for shard in range(3)}
    assert owned == {0: True, 1: False, 2: True}
    assert sharded.owns_guild(None)  # a game with no server: shard 0's
