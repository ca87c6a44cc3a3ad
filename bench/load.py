"""Open-loop load on the real bot: N active channels, a mix of commands arriving at fixed rates (issue 19, item 1).

    python bench/load.py [--channels 1000] [--rates 100,400,800] [--seconds 20] [--no-pictures]
                         [--find-saturation] [--profile FILE --profile-rate 100] [--loop bot|asyncio]
                         [--bot-process]

The fake Discord and the bot (real discord.py, real storage on a SQLite file) share one process and event loop, as
in bench/interactions.py. Every channel has a `/table` (four seats) and its Cosmic Deck; some also run a classic Uno
game, a Gin-jon-tan game or a Chroma game. Set-up goes through the slash path, many channels at a time.

Interactions are sent at their scheduled times whether or not earlier ones were answered (open loop): the
scheduler sends INTERACTION_CREATE over the fake gateway and never waits for the answer. Each is timed from that
send to its acknowledgement arriving at the fake's callback endpoint. Moves are legal: the bench keeps its own copy
of each Uno and Gin-jon-tan state (the engines are deterministic) and lets at most one move per game be unanswered;
a game whose last move is unanswered is skipped for a move (counted as "skipped", the slot goes to another command).

Per rate it prints p50/p99/max per command and each command's p99 over `/help`'s p99 in the same run, and whether
the rate saturated: the backlog grows (interactions unanswered when the run ends, or the median wait in the last
third of the run more than twice that of the first third, by over 5 ms) or the scheduler fell behind, or the
pictures do (the answers that always carry one: more than 1 % never got it within 10 s of the last
acknowledgement, or their median delay grew as above, by over 50 ms). A second table gives the pictures' delays
(INTERACTION_CREATE to the picture's arrival at the fake: the callback, followup or edit that carried the file). With
`--find-saturation` the rate then steps up by `--step` until it saturates. `--no-pictures` leaves the commands that
send a picture out of the mix (Uno moves and hands, Gin-jon-tan hands, /chroma waits). `--loop` picks the event
loop: by default the bot's own choice (`bot.event_loop_factory`: uvloop where installed), `asyncio` for its own.

`--bot-process` runs the bot as in production, in a process of its own (`python -m tests.faults.botproc`: bot.py's
own start-up, pointed at the fake), so the fake Discord and this scheduler, which stand for Discord and its users,
no longer share the bot's event loop and interpreter lock. The timing is the same (measured here, at the fake's
end); the CPU columns are then the bot process's (from /proc), and the collector's pauses are not seen.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import json
import os
import random
import signal
import sqlite3
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot import event_loop_factory
from engine.ginjontan import rules as gjt
from engine.ginjontan.cards import format_cards
from engine.ginjontan.moves import Act, Call, Evaluate, Exchange, Give, SetAside, Swap, Trim
from engine.ginjontan.rules import GINJONTAN
from engine.uno.cards import CARDS, COLOUR_NAMES
from engine.uno.moves import Accept, Draw, EndRound, Pass, Play, SayUno
from engine.uno.rules import UNO, legal_moves, waiting_on
from engine.uno.rules import apply as uno_apply
from engine.uno.state import Phase
from render.common import COLOUR_ERROR
from tests.fake_discord import FakeDiscord, Harness
from tests.fake_discord.server import FakeUser, InteractionRecord
from tests.faults.conftest import BotProcess
from tests.support.postgres import PostgresServer, server_programs

HANDS = ("1112345678999m", "3p111z222z333z444z", "1111m234p567p789s", "3*s111z222z333z444z", "23456m345p678s99s")
WEIGHTS = {  # relative share of each command in the mix
    "/help": 8, "/table show": 14, "/table riichi": 8, "/table ron": 3, "/cosmic roll": 14,
    "/uno move": 12, "/uno hand": 6, "/ginjontan move": 8, "/ginjontan hand": 4, "/chroma waits": 3,
}
PICTURES = {"/uno move", "/uno hand", "/ginjontan hand", "/chroma waits"}
ALWAYS_PICTURED = {"/uno hand", "/ginjontan hand", "/chroma waits"}  # every answer carries a picture
PICTURE_GRACE_S = 10  # how long pictures may still come after the last acknowledgement
UNO_COMMANDS = {Play: "/uno play", Draw: "/uno draw", Pass: "/uno pass", SayUno: "/uno uno", EndRound: "/uno score",
                Accept: "/uno accept"}
GJT_COMMANDS = {Swap: "swap", SetAside: "aside", Act: "act", Exchange: "exchange", Trim: "return", Call: "call",
                Give: "give", Evaluate: "reveal"}
SETUP_BATCH = 10
REFUSALS: dict[str, str] = {}  # the first refusal of each command, to say why in the output


@dataclass
class Game:
    channel: int
    state: Any
    pending: InteractionRecord | None = None
    dead: bool = False

    def free(self) -> bool:
        return not self.dead and (self.pending is None or self.pending.acknowledged)


@dataclass
class Table:
    channel: int
    riichi: set[int] = field(default_factory=set)


@dataclass
class Sent:
    command: str
    scheduled: float
    record: InteractionRecord
    refusable: bool  # a move: a refusal means the bench's copy of the game went wrong


class World:
    def __init__(self, harness: Harness, fake: FakeDiscord, seats: list[FakeUser]) -> None:
        self.harness, self.fake, self.seats = harness, fake, seats
        self.users = {u.id: u for u in seats}
        self.tables: list[Table] = []
        self.uno: list[Game] = []
        self.gjt: list[Game] = []
        self.chroma: list[int] = []
        self.skipped: dict[str, int] = defaultdict(int)


async def set_up(harness: Harness, fake: FakeDiscord, args: argparse.Namespace) -> World:
    seats = [harness.user(n) for n in ("east", "south", "west", "north")]
    manager = harness.user("manager", manager=True)
    world = World(harness, fake, seats)
    channels = [fake.add_channel(f"table-{i}") for i in range(args.channels)]

    async def one(i: int, channel: int) -> None:
        east, south, west, north = seats
        for reply in (await harness.slash("table start", user=east, channel=channel, east=east, south=south,
                                          west=west, north=north, points=1_000_000),
                      await harness.slash("cosmic start", user=east, channel=channel)):
            assert not reply.ephemeral, reply.text
        world.tables.append(Table(channel))
        if i < args.uno:
            lobby = await harness.slash("uno new", user=east, channel=channel, preset="classic")
            for player in (south, west):
                await harness.click(lobby.message, user=player, label="Join")
            await (await harness.click(lobby.message, user=east, label="Start")).followed_up()
            world.uno.append(Game(channel, await stored_state(harness, channel, UNO)))
        elif i < args.uno + args.ginjontan:
            lobby = await harness.slash("ginjontan new", user=east, channel=channel, rounds=33)
            for player in (south, west):
                await harness.click(lobby.message, user=player, label="Join")
            await harness.click(lobby.message, user=east, label="Start")
            world.gjt.append(Game(channel, await stored_state(harness, channel, GINJONTAN)))
        elif i < args.uno + args.ginjontan + args.chroma:
            await harness.slash("chroma shuffle", user=manager, channel=channel)
            world.chroma.append(channel)

    for start in range(0, len(channels), SETUP_BATCH):
        await asyncio.gather(*(one(i, c) for i, c in enumerate(channels[start:start + SETUP_BATCH], start)))
    world.tables.sort(key=lambda t: t.channel)
    assert not fake.rejections, fake.rejections[:3]
    return world


async def stored_state(harness: Harness, channel: int, kind: Any) -> Any:
    """The active game's state: from the bot in this process, else read from its database file."""
    if harness.bot is not None:
        record = await harness.bot.games.get(channel, kind)
        return record.state
    if harness.database_url is not None:
        import asyncpg

        pg = await asyncpg.connect(harness.database_url)
        try:
            text = await pg.fetchval("SELECT state FROM games WHERE channel_id = $1 AND kind = $2"
                                     " AND status = 'active'", channel, kind.name)
        finally:
            await pg.close()
        return kind.state_from_dict(json.loads(text))
    conn = sqlite3.connect(harness.database_path)
    try:
        (text,) = conn.execute("SELECT state FROM games WHERE channel_id = ? AND kind = ? AND status = 'active'",
                               (channel, kind.name)).fetchone()
    finally:
        conn.close()
    return kind.state_from_dict(json.loads(text))


class ProcessCpu:
    """CPU seconds of another process with the processes it started (the picture workers), and of its main thread
    (the bot's event loop), from /proc."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self._tick = os.sysconf("SC_CLK_TCK")

    @staticmethod
    def _fields(path: str) -> list[str]:
        return Path(path).read_text().rsplit(")", 1)[1].split()

    def _cpu(self, path: str) -> float:
        fields = self._fields(path)
        return (int(fields[11]) + int(fields[12])) / self._tick  # utime and stime, fields 14 and 15 of stat

    def _family(self) -> list[int]:
        parents: dict[int, int] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    parents[int(entry.name)] = int(self._fields(f"{entry}/stat")[1])
                except (OSError, IndexError, ValueError):
                    continue
        family, grew = {self.pid}, True
        while grew:
            found = {pid for pid, parent in parents.items() if parent in family} - family
            family |= found
            grew = bool(found)
        return sorted(family)

    def now(self) -> tuple[float, float]:
        total = 0.0
        for pid in self._family():
            try:
                total += self._cpu(f"/proc/{pid}/stat")
            except OSError:
                continue
        return total, self._cpu(f"/proc/{self.pid}/task/{self.pid}/stat")


def uno_pick(state: Any) -> Any:
    for player in waiting_on(state):
        moves = legal_moves(state, player)
        for kind in (EndRound, Accept, SayUno, Play, Draw, Pass):
            found = [m for m in moves if isinstance(m, kind)]
            if found:
                return found[0]
    return None


def uno_options(world: World, state: Any, move: Any) -> dict[str, Any]:
    if not isinstance(move, Play):
        return {}
    options: dict[str, Any] = {"card": CARDS[move.card].notation, "pile": state.pile_number(move.pile)}
    if move.colour is not None:
        options["color"] = COLOUR_NAMES[move.colour].lower()
    return options


def gjt_options(move: Any) -> dict[str, Any] | None:
    if isinstance(move, Swap):
        return {"choice": "swap" if move.swap else "keep"}
    if isinstance(move, Act):
        return {"card": format_cards([move.card]), "target": format_cards([move.target])}
    if isinstance(move, Exchange):
        return {}
    if isinstance(move, SetAside | Trim | Give):
        return {"cards": format_cards(move.cards)} if move.cards else None
    return {}


def next_interaction(world: World, command: str, rng: random.Random) -> tuple[str, dict[str, Any], Game | None]:
    """(label, payload, the game it moves) for one command of the mix; the label says which command was sent."""
    h = world.harness
    table = rng.choice(world.tables)
    channel, anyone = table.channel, rng.choice(world.seats)
    if command == "/help":
        return command, h.slash_payload("help", user=anyone, channel=channel), None
    if command == "/table show":
        return command, h.slash_payload("table show", user=anyone, channel=channel), None
    if command == "/cosmic roll":
        return command, h.slash_payload("cosmic roll", user=anyone, channel=channel), None
    if command == "/table riichi":
        free = [s for s in world.seats if s.id not in table.riichi]
        if free:
            who = rng.choice(free)
            table.riichi.add(who.id)
            return command, h.slash_payload("table riichi", user=who, channel=channel), None
        command = "/table ron"
    if command == "/table ron":  # the dealer (East, who stays dealer by winning) wins: the game never ends
        table.riichi.clear()
        east, south = world.seats[:2]
        return command, h.slash_payload("table ron", user=east, channel=channel, winner=east, loser=south, han=3,
                                        fu=30), None
    if command == "/chroma waits":
        channel = rng.choice(world.chroma or [channel])
        return command, h.slash_payload("chroma waits", user=anyone, channel=channel, hand=rng.choice(HANDS)), None
    games = world.uno if command.startswith("/uno") else world.gjt
    if command.endswith("hand"):
        game = rng.choice(games)
        name = "uno hand" if command.startswith("/uno") else "ginjontan hand"
        return command, h.slash_payload(name, user=anyone, channel=game.channel), None
    free_games = [g for g in games if g.free()]
    rng.shuffle(free_games)
    for game in free_games:
        if command == "/uno move":
            move = uno_pick(game.state)
            if move is None:
                game.dead = True
                continue
            label = UNO_COMMANDS[type(move)]
            payload = h.slash_payload(label[1:], user=world.users[move.player], channel=game.channel,
                                      **uno_options(world, game.state, move))
            game.state = uno_apply(game.state, move)[0]
            if game.state.phase is Phase.OVER:
                game.dead = True
            return label, payload, game
        if not game.state.waiting:
            game.dead = True
            continue
        player, task = game.state.waiting[0]
        move = gjt.default_move(game.state, player, task)
        if isinstance(move, Evaluate):
            move = Evaluate(player)
        options = gjt_options(move)
        if options is None:
            continue
        label = f"/ginjontan {GJT_COMMANDS[type(move)]}"
        payload = h.slash_payload(label[1:], user=world.users[player], channel=game.channel, **options)
        game.state = gjt.apply(game.state, move)[0]
        if game.state.finished:
            game.dead = True
        return label, payload, game
    world.skipped[command] += 1
    return "/help", h.slash_payload("help", user=anyone, channel=channel), None


async def forget(fake: FakeDiscord) -> None:
    """Drop what the fake keeps only for tests (every interaction, request and ephemeral reply), once the answers
    are in: the bot's memory, not the fake's, is what garbage collection should be measured on."""
    await asyncio.sleep(0.5)
    fake.interactions.clear()
    fake._by_token.clear()
    fake.requests.clear()
    for message_id in [m for m, message in fake.messages.items() if message.get("flags", 0) & 64]:
        del fake.messages[message_id]
    gc.collect()


def percentile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


class GcPauses:
    """CPU time spent in the garbage collector (of the thread that collects), by generation, while counting."""

    def __init__(self) -> None:
        self.total = [0.0, 0.0, 0.0]
        self.count = [0, 0, 0]
        self.longest = 0.0
        self._started = 0.0
        gc.callbacks.append(self._note)

    def _note(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.thread_time()
            return
        pause = time.thread_time() - self._started
        self.total[info["generation"]] += pause
        self.count[info["generation"]] += 1
        self.longest = max(self.longest, pause)

    def reset(self) -> None:
        self.total, self.count, self.longest = [0.0, 0.0, 0.0], [0, 0, 0], 0.0


@dataclass
class Outcome:
    rate: float
    sent: list[Sent]
    count: int
    lag_p99: float
    unanswered: int
    saturated: bool
    why: str
    cpu_s: float = 0.0  # the process's CPU time during the run
    loop_cpu_s: float = 0.0  # the event loop thread's
    gc: str = ""
    discord_cpu_s: float | None = None  # with --bot-process: this process's (the fake Discord's and the sender's)


async def drive(world: World, rate: float, seconds: float, mix: dict[str, float], rng: random.Random,
                pauses: GcPauses, profiler: cProfile.Profile | None = None,
                bot_cpu: ProcessCpu | None = None) -> Outcome:
    commands, weights = list(mix), list(mix.values())
    total = int(rate * seconds)
    sent: list[Sent] = []
    lags: list[float] = []
    start = time.monotonic() + 0.05
    cpu, loop_cpu = bot_cpu.now() if bot_cpu else (time.process_time(), time.thread_time())
    own_cpu = time.process_time()
    pauses.reset()
    if profiler is not None:
        profiler.enable()
    for i in range(total):
        scheduled = start + i / rate
        delay = scheduled - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        label, payload, game = next_interaction(world, rng.choices(commands, weights)[0], rng)
        record = await world.fake.send_interaction(payload)
        lags.append(record.sent_at - scheduled)
        if game is not None:
            game.pending = record
        sent.append(Sent(label, scheduled, record, game is not None or label in ("/table riichi", "/table ron")))
    waiting = [asyncio.ensure_future(s.record.changed.wait()) for s in sent if not s.record.acknowledged]
    if waiting:
        _, late = await asyncio.wait(waiting, timeout=5)
        for task in late:
            task.cancel()
    if profiler is not None:
        profiler.disable()
    cpu_now, loop_now = bot_cpu.now() if bot_cpu else (time.process_time(), time.thread_time())
    cpu, loop_cpu = cpu_now - cpu, loop_now - loop_cpu
    own_cpu = time.process_time() - own_cpu
    gc_line = "not seen (another process)" if bot_cpu else (
        f"{sum(pauses.total) * 1000:.0f} ms in {sum(pauses.count)} collections "
        f"({pauses.count[2]} of gen 2, {pauses.total[2] * 1000:.0f} ms), longest {pauses.longest * 1000:.1f} ms")
    await asyncio.sleep(0.2)  # followups and board edits of the last ones
    await pictures_in(sent)
    unanswered = sum(not s.record.acknowledged for s in sent)
    thirds = len(sent) // 3
    first = [s.record.acknowledged_at - s.scheduled for s in sent[:thirds] if s.record.acknowledged_at]
    last = [s.record.acknowledged_at - s.scheduled for s in sent[-thirds:] if s.record.acknowledged_at]
    lag_p99 = percentile(sorted(lags), 0.99)
    why = ""
    if unanswered > len(sent) // 100:
        why = f"{unanswered} unanswered"
    elif first and last and statistics.median(last) > 2 * statistics.median(first) + 0.005:
        why = (f"median wait grew from {statistics.median(first) * 1000:.1f} to "
               f"{statistics.median(last) * 1000:.1f} ms")
    elif lag_p99 > 0.1:
        why = f"the sender fell {lag_p99 * 1000:.0f} ms behind"
    else:
        why = pictures_behind(sent)
    return Outcome(rate, sent, len(sent), lag_p99, unanswered, bool(why), why, cpu, loop_cpu, gc_line,
                   own_cpu if bot_cpu else None)


async def pictures_in(sent: list[Sent]) -> None:
    """Wait until the pictures still being drawn have come (none new for a second), at most PICTURE_GRACE_S."""
    deadline = time.monotonic() + PICTURE_GRACE_S
    count = -1
    while time.monotonic() < deadline:
        now = sum(s.record.pictured_at is not None for s in sent)
        if now == count:
            return
        count = now
        await asyncio.sleep(1)


def refused(record: InteractionRecord) -> bool:
    """Answered with a refusal (an error embed): no picture is due (`/uno hand` from a player not in the game)."""
    data = (record.callbacks[0].get("data") or {}) if record.callbacks else {}
    return any(e.get("color") == COLOUR_ERROR.value for e in data.get("embeds") or [])


def pictures_behind(sent: list[Sent]) -> str:
    """Why the pictures saturated, if they did: more than 1 % of the answers that always carry one never got it,
    or their median delay in the run's last third is over twice the first third's, by over 50 ms."""
    pictured = [s for s in sent if s.command in ALWAYS_PICTURED and s.record.acknowledged and not refused(s.record)]
    missing = sum(s.record.pictured_at is None for s in pictured)
    if missing > max(1, len(pictured) // 100):
        return f"{missing} of {len(pictured)} pictures never came"
    thirds = len(pictured) // 3
    delays = [[s.record.pictured_at - s.scheduled for s in part if s.record.pictured_at is not None]
              for part in (pictured[:thirds], pictured[-thirds:])]
    if all(delays) and statistics.median(delays[1]) > 2 * statistics.median(delays[0]) + 0.05:
        return (f"pictures fell behind: median delay grew from {statistics.median(delays[0]) * 1000:.0f} to "
                f"{statistics.median(delays[1]) * 1000:.0f} ms")
    return ""


def picture_report(outcome: Outcome) -> list[str]:
    """Per command that answers with pictures: how many answers got one, and when (from INTERACTION_CREATE)."""
    by: dict[str, list[float]] = defaultdict(list)
    answered: dict[str, int] = defaultdict(int)
    for s in outcome.sent:
        if s.record.acknowledged and not refused(s.record) and (
                s.command in ALWAYS_PICTURED or s.command.startswith(("/uno ", "/ginjontan "))):
            answered[s.command] += 1
            if s.record.pictured_at is not None:
                by[s.command].append(s.record.pictured_at - s.record.sent_at)
    lines = []
    for command in sorted(by):
        ordered = sorted(by[command])
        lines.append(f"| {outcome.rate:g} | {command} | {len(ordered)} of {answered[command]} | "
                     f"{statistics.median(ordered) * 1000:.1f} | {percentile(ordered, 0.99) * 1000:.1f} | "
                     f"{ordered[-1] * 1000:.1f} |")
    return lines


def report(outcome: Outcome) -> list[str]:
    by: dict[str, list[float]] = defaultdict(list)
    refused: dict[str, int] = defaultdict(int)
    for s in outcome.sent:
        if s.record.acknowledged_at is None:
            continue
        by[s.command].append(s.record.acknowledged_at - s.record.sent_at)
        data = s.record.callbacks[0].get("data") or {} if s.record.callbacks else {}
        embed = (data.get("embeds") or [{}])[0]
        if s.refusable and embed.get("color") == COLOUR_ERROR.value:
            refused[s.command] += 1
            REFUSALS.setdefault(s.command, embed.get("description") or "")
    help_p99 = percentile(sorted(by["/help"]), 0.99) if by.get("/help") else float("nan")
    lines = []
    for command in sorted(by, key=lambda c: (c != "/help", c)):
        ordered = sorted(by[command])
        if not ordered:
            continue
        p99 = percentile(ordered, 0.99)
        lines.append(f"| {outcome.rate:g} | {command} | {len(ordered)} | {statistics.median(ordered) * 1000:.2f} | "
                     f"{p99 * 1000:.2f} | {ordered[-1] * 1000:.2f} | {p99 / help_p99:.1f} | {refused[command]} |")
    return lines


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=1000)
    parser.add_argument("--rates", default="100,400,800", help="interactions a second, comma-separated")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--uno", type=int, default=60, help="channels that also run a classic Uno game")
    parser.add_argument("--ginjontan", type=int, default=30, help="channels that also run a Gin-jon-tan game")
    parser.add_argument("--chroma", type=int, default=10, help="channels that also have a Chroma game")
    parser.add_argument("--no-pictures", action="store_true", help="leave picture-bearing commands out of the mix")
    parser.add_argument("--find-saturation", action="store_true", help="after --rates, step up until it saturates")
    parser.add_argument("--step", type=float, default=100)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--profile", help="write a cProfile (CPU time of the event loop's thread) of the run at "
                                          "--profile-rate to this file")
    parser.add_argument("--profile-rate", type=float, default=100)
    parser.add_argument("--loop", choices=("bot", "asyncio"), default="bot",
                        help="the bot's event loop (uvloop where installed) or asyncio's own")
    parser.add_argument("--mix", help='the mix instead of the usual one, e.g. "/help=1" (commands as in WEIGHTS)')
    parser.add_argument("--bot-process", action="store_true",
                        help="the bot in a process of its own, as in production, instead of sharing this one's loop")
    parser.add_argument("--postgres", action="store_true",
                        help="the bot on a PostgreSQL database (a throwaway server, tests/support/postgres.py) "
                             "instead of a SQLite file")
    parser.add_argument("--both-backends", action="store_true",
                        help="run everything on SQLite, then on PostgreSQL, in this one run (issue 20)")
    parser.add_argument("--gc-threshold", help="gen0,gen1,gen2 thresholds set after the bot started, to compare "
                                               "with the bot's own (bot.GC_THRESHOLD)")
    args = parser.parse_args()
    if args.mix is not None and not {c.rsplit("=", 1)[0] for c in args.mix.split(",")} <= set(WEIGHTS):
        parser.error(f"--mix takes commands of {', '.join(WEIGHTS)}")
    if args.profile:
        args.profile = os.path.abspath(args.profile)  # the bot's process writes it from its own directory
    return args


async def main(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    weights: dict[str, float] = dict(WEIGHTS) if args.mix is None else {c: float(w) for c, w in
                                                       (part.rsplit("=", 1) for part in args.mix.split(","))}
    mix: dict[str, float] = {c: w for c, w in weights.items() if not (args.no_pictures and c in PICTURES)}
    fake = FakeDiscord()
    await fake.start()
    outcomes: list[Outcome] = []
    lines: list[list[str]] = []
    picture_lines: list[list[str]] = []
    pauses = GcPauses()
    server = PostgresServer(server_programs() or Path("/usr/bin")) if args.postgres else None
    if server is not None:
        server.start()
    with tempfile.TemporaryDirectory() as tmp:
        url = await server.new_database() if server is not None else None
        harness = Harness(fake, None if url else Path(tmp) / "bench.db", database_url=url)
        database = harness.database_path or Path(tmp) / "unused.db"  # with PostgreSQL, the file is not opened
        process = BotProcess(fake, database, Path(tmp) / "bot.log") if args.bot_process else None
        if process is not None:
            process.log_level = "WARNING"
            if url is not None:
                process.environment["DATABASE_URL"] = url
            process.environment["BOT_GC_STATS"] = "1"  # the collector's pauses, in the bot's log at its exit
            if args.gc_threshold:
                process.environment["BOT_GC_THRESHOLD"] = args.gc_threshold
            if args.profile:
                process.environment["BOT_PROFILE"] = args.profile
            await process.start()
            assert process.process is not None
            bot_cpu: ProcessCpu | None = ProcessCpu(process.process.pid)
        else:
            await harness.start_bot()
            bot_cpu = None
        if args.gc_threshold and process is None:
            gc.set_threshold(*(int(n) for n in args.gc_threshold.split(",")))
        print(f"gc thresholds {gc.get_threshold()}", file=sys.stderr)
        try:
            began = time.perf_counter()
            world = await set_up(harness, fake, args)
            setup_s = time.perf_counter() - began
            await forget(fake)
            rates = [float(r) for r in args.rates.split(",")]
            i = 0
            while i < len(rates):
                profiling = args.profile and rates[i] == args.profile_rate
                profiler = cProfile.Profile(time.thread_time) if profiling and process is None else None
                if profiling and process is not None and process.process is not None:
                    process.process.send_signal(signal.SIGUSR1)  # tests/faults/botproc.py: profile the bot's loop
                gc.collect()
                print(f"rate {rates[i]:g}/s: sending for {args.seconds:g} s", file=sys.stderr, flush=True)
                outcome = await drive(world, rates[i], args.seconds, mix, rng, pauses, profiler, bot_cpu)
                if profiler is not None:
                    profiler.dump_stats(args.profile)
                if profiling and process is not None and process.process is not None:
                    process.process.send_signal(signal.SIGUSR2)
                    await asyncio.sleep(1)  # the bot writes the profile
                outcomes.append(outcome)
                lines.append(report(outcome))
                picture_lines.append(picture_report(outcome))
                outcome.sent.clear()
                await forget(fake)
                verdict = f"SATURATED: {outcome.why}" if outcome.saturated else "keeps up"
                print(f"rate {rates[i]:g}/s: {outcome.count} sent, {outcome.unanswered} unanswered, sender lag "
                      f"p99 {outcome.lag_p99 * 1000:.1f} ms, {verdict}", file=sys.stderr)
                if args.find_saturation and i == len(rates) - 1 and not outcome.saturated:
                    rates.append(rates[i] + args.step)
                i += 1
        finally:
            try:
                if process is not None:
                    print(f"the bot process exited {await process.stop()}", file=sys.stderr)
                    for line in process.log.read_text(errors="replace").splitlines():
                        if line.startswith("gc generation"):
                            print(f"the bot process's {line}", file=sys.stderr)
                else:
                    await harness.stop_bot()
            except Exception as error:  # a saturated run stops with answers still in flight
                print(f"stopping the bot failed: {error!r}", file=sys.stderr)
            await fake.stop()
            if server is not None:
                server.stop()
    print(f"{args.channels} channels ({args.uno} with Uno, {args.ginjontan} with Gin-jon-tan, {args.chroma} with "
          f"Chroma), the bot {'in a process of its own' if args.bot_process else 'in this process'} on "
          f"{'PostgreSQL' if args.postgres else 'SQLite'}, "
          f"{args.seconds:g} s a rate, pictures {'out of' if args.no_pictures else 'in'} the mix; set-up "
          f"{setup_s:.1f} s. Milliseconds from INTERACTION_CREATE to the acknowledgement.\n")
    print("| rate /s | command | n | p50 ms | p99 ms | max ms | p99 / /help p99 | refused |")
    print("| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for rows in lines:
        print("\n".join(rows))
    print("\nPictures: the answers that carry one (Uno moves: the board's, added by an edit; a board replaced "
          "before its turn gets none), milliseconds from INTERACTION_CREATE to the picture's arrival.\n")
    print("| rate /s | command | pictured | p50 ms | p99 ms | max ms |")
    print("| ---: | --- | ---: | ---: | ---: | ---: |")
    for rows in picture_lines:
        print("\n".join(rows))
    print()
    who = "the bot process's CPU" if args.bot_process else "CPU"
    print(f"| rate /s | sent | unanswered | sender lag p99 ms | {who} ms an interaction (loop thread) | garbage "
          f"collection | saturated |{' fake Discord and sender CPU ms an interaction |' if args.bot_process else ''}")
    print(f"| ---: | ---: | ---: | ---: | ---: | --- | --- |{' ---: |' if args.bot_process else ''}")
    for o in outcomes:
        fake_cpu = "" if o.discord_cpu_s is None else f" {o.discord_cpu_s / o.count * 1000:.2f} |"
        print(f"| {o.rate:g} | {o.count} | {o.unanswered} | {o.lag_p99 * 1000:.1f} | "
              f"{o.cpu_s / o.count * 1000:.2f} ({o.loop_cpu_s / o.count * 1000:.2f}) | {o.gc} | "
              f"{o.why or 'no'} |{fake_cpu}")
    saturated = next((o.rate for o in outcomes if o.saturated), None)
    print(f"\nSaturation rate: {saturated:g}/s" if saturated else "\nNo rate tried saturated.")
    for command, text in REFUSALS.items():
        print(f"First refusal of {command}: {text[:200]!r}")
    if world.skipped:
        print(f"Moves skipped (their games were all waiting for an answer): {dict(world.skipped)}")


if __name__ == "__main__":
    options = arguments()
    runs = [argparse.Namespace(**{**vars(options), "postgres": postgres}) for postgres in (False, True)] \
        if options.both_backends else [options]
    for run in runs:
        with asyncio.Runner(loop_factory=event_loop_factory() if run.loop == "bot" else None) as runner:
            print(f"event loop: {type(runner.get_loop()).__module__}", file=sys.stderr)
            runner.run(main(run))
            REFUSALS.clear()
        print()
