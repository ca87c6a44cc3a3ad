"""Start-up and command latency with 100 finished games stored and with 100,000: the bot must not slow down as its
history grows (issue 19, item 2).

    python bench/many_games.py [--sizes 100 100000] [--rounds 80] [--starts 8] [--cache DIR] [--rebuild]

Each database is built once with direct SQL in one transaction (a mix of tables, Uno and Gin-jon-tan games, each
with its log entries and final standings, spread over 200 servers with 20 channels and 200 players each; the
server the fake Discord plays holds 1% of the games) and kept in `--cache` (default: the system's temp folder) for
later runs.
Then, on each database:

- start-up: `storage.check_file`, then the bot's whole start through the fake Discord (`Database.open` with its
  migrations, the repair of half-finished games, every cog's `cog_load` with its timer resumes and views, the
  command-sync hash) until it is ready; wall time, and the CPU time of the event loop's thread;
- commands through the fake Discord, from INTERACTION_CREATE to the acknowledgement: a table's life (start, show,
  riichi, undo, ron, history, end and its confirmation, the undo that reopens it), the leaderboards, `/uno new`,
  the Gin-jon-tan standings and collection, and `/help` as the baseline that reads nothing.

A bigger file's pages are read after start-up (docs/architecture.md): that check is awaited before the commands and
timed on its own. Starts and rounds alternate between the databases, so other work on the machine falls on each.

The tables it prints (p50 and p99 per database, and the ratio of the biggest to the smallest) go into
docs/benchmarks.md. The databases it measures are changed by those commands (a few games more per run).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.table import TABLE, new_game
from storage import Database, check_file
from tests.fake_discord import FakeDiscord, Harness
from tests.support.table import end_table

HOME_GUILD = 900_000_000_000_000_001  # the fake Discord's server, given this id so a cached database fits it
HOME_CHANNEL = 900_000_000_000_000_002
GUILDS, CHANNELS_PER_GUILD, HOME_SHARE = 200, 20, 0.01
KINDS = (("table", 0.5), ("uno", 0.35), ("ginjontan", 0.15))
MOVES_PER_GAME = 4  # log entries between 'start' and 'end'
PLAYERS = 200  # per server
BUILD_VERSION = 4  # bump when the build changes, so cached files are remade


def _filler_state(kind: str, rng: random.Random, players: list[int]) -> str:
    """A finished Uno or Gin-jon-tan state of a typical size (nothing reads a finished one's state back)."""
    return json.dumps({"kind": kind, "players": players, "seed": rng.getrandbits(64), "finished": True,
                       "piles": [[rng.randrange(108) for _ in range(30)] for _ in range(3)],
                       "hands": {str(p): [rng.randrange(108) for _ in range(7)] for p in players}})


def build(path: Path, games: int, seed: int = 19) -> None:
    """A database holding `games` finished games, made by the current migrations and filled in one transaction."""
    asyncio.run(_create(path))
    rng = random.Random(seed)
    table_state = json.dumps(TABLE.state_to_dict(new_game(1, [1, 2, 3, 4])))
    games_rows, events, snapshots, results, owned = [], [], [], [], {}
    for game in range(1, games + 1):
        if rng.random() < HOME_SHARE:
            guild, channel = HOME_GUILD, HOME_CHANNEL + rng.randrange(CHANNELS_PER_GUILD)
        else:
            guild = rng.randrange(1, GUILDS)
            channel = guild * 1000 + rng.randrange(CHANNELS_PER_GUILD)
        kind = rng.choices([k for k, _ in KINDS], [w for _, w in KINDS])[0]
        seats = rng.sample(range(1, PLAYERS), 4 if kind != "uno" else rng.randint(2, 6))
        players = [(5 * 10**17 if guild == HOME_GUILD else guild * 10**6) + p for p in seats]
        state = table_state if kind == "table" else _filler_state(kind, rng, players)
        day = f"2026-{1 + game * 11 // games:02d}-{1 + game % 28:02d}T12:00:00+00:00"
        day_ms = int(datetime.fromisoformat(day).timestamp() * 1000)
        last = MOVES_PER_GAME + 1
        games_rows.append((game, guild, channel, kind, "finished", state, last, players[0], day, day, day))
        for seq in range(last + 1):
            type_ = "start" if seq == 0 else "end" if seq == last else "move"
            move = json.dumps({"type": "pay", "player": players[seq % len(players)], "amount": 1000}) \
                if type_ == "move" else None
            request = f"{game}{seq:03d}:1" if type_ == "move" else None
            events.append((game, seq, type_, players[seq % len(players)], move, day_ms, request))
        snapshots += [(game, 0, state), (game, last, state)]
        places = list(range(1, len(players) + 1))
        for place, player in zip(places, players, strict=True):
            points = rng.randrange(-30_000, 80_000) if kind == "table" else rng.randrange(0, 500)
            results.append((game, guild, kind, player, place, str(points), day))
            if kind == "ginjontan":
                owned.setdefault((guild, player), sorted(rng.sample(range(1, 300), 33)))
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        conn.execute("PRAGMA synchronous = OFF")
        conn.execute("BEGIN")
        conn.executemany("INSERT INTO games (id, guild_id, channel_id, kind, status, state, version, created_by,"
                         " created_at, updated_at, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", games_rows)
        conn.executemany("INSERT INTO game_events (game_id, seq, type, actor_id, move, created_at, request)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?)", events)
        conn.executemany("INSERT INTO game_snapshots (game_id, seq, state) VALUES (?, ?, ?)", snapshots)
        conn.executemany("INSERT INTO game_results (game_id, guild_id, kind, user_id, place, points, finished_at)"
                         " VALUES (?, ?, ?, ?, ?, ?, ?)", results)
        conn.executemany("INSERT INTO ginjontan_collections (guild_id, user_id, cards) VALUES (?, ?, ?)",
                         [(g, u, json.dumps(cards)) for (g, u), cards in owned.items()])
        conn.execute("COMMIT")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        conn.close()


async def _create(path: Path) -> None:
    await (await Database.open(path)).close()


def database(cache: Path, games: int, rebuild: bool) -> Path:
    path = cache / f"chaostable-bench-{games}-v{BUILD_VERSION}.db"
    if rebuild or not path.exists():
        for old in cache.glob(f"{path.name}*"):
            old.unlink()
        started = time.perf_counter()
        partial = path.with_suffix(".building")
        partial.unlink(missing_ok=True)
        build(partial, games)
        partial.rename(path)
        print(f"built {path} ({path.stat().st_size / 1e6:.0f} MB) in {time.perf_counter() - started:.1f} s",
              file=sys.stderr)
    return path


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def _home(fake: FakeDiscord) -> None:
    """Give the fake Discord the ids the databases were built for."""
    (channel,) = fake.channels.values()
    fake.guild_id = HOME_GUILD
    fake.channels = {HOME_CHANNEL: {**channel, "id": str(HOME_CHANNEL), "guild_id": str(HOME_GUILD)}}


async def start_once(path: Path) -> tuple[float, float, Harness, FakeDiscord]:
    fake = FakeDiscord()
    _home(fake)
    await fake.start()
    harness = Harness(fake, path)
    wall, cpu = time.perf_counter(), time.thread_time()
    check_file(path)
    await harness.start_bot()
    return time.perf_counter() - wall, time.thread_time() - cpu, harness, fake


async def stop(harness: Harness, fake: FakeDiscord) -> None:
    await harness.stop_bot()
    await fake.stop()


async def timed(samples: dict[str, list[float]], name: str, action) -> object:
    started = time.perf_counter()
    result = await action
    samples.setdefault(name, []).append(time.perf_counter() - started)
    return result


async def commands(harness: Harness, rounds: int, samples: dict[str, list[float]]) -> None:
    east, south, west, north = (harness.user(name) for name in ("east", "south", "west", "north"))
    slash = harness.slash
    for _ in range(rounds):
        await timed(samples, "/help (baseline)", slash("help", user=east))
        await timed(samples, "/table start", slash("table start", user=east, east=east, south=south, west=west,
                                                   north=north))
        await timed(samples, "/table show", slash("table show", user=south))
        await timed(samples, "/table riichi", slash("table riichi", user=west))
        await timed(samples, "/table undo", slash("table undo", user=west))
        await timed(samples, "/table ron", slash("table ron", user=east, winner=south, loser=north, han=3, fu=30))
        await timed(samples, "/table history", slash("table history", user=north))
        await timed(samples, "/table end + confirm", end_table(harness, east))
        await timed(samples, "/table undo of the end", slash("table undo", user=east))
        await end_table(harness, east)
        await timed(samples, "/table leaderboard", slash("table leaderboard", user=north))
        await timed(samples, "/uno leaderboard", slash("uno leaderboard", user=north))
        await timed(samples, "/uno new", slash("uno new", user=south))
        await timed(samples, "/uno end", slash("uno end", user=south))
        await timed(samples, "/ginjontan standings", slash("ginjontan standings", user=west))
        await timed(samples, "/ginjontan collection", slash("ginjontan collection", user=west))


def page_check(harness: Harness) -> asyncio.Task[None] | None:
    """The bot's page check after start-up, if it runs one (not before issue 19: this script also times older
    commits)."""
    return getattr(harness.bot, "page_check", None)


class Measured:
    def __init__(self) -> None:
        self.walls: list[float] = []
        self.cpus: list[float] = []
        self.checks: list[float] = []
        self.samples: dict[str, list[float]] = {}


async def block(path: Path, rounds: int, measured: Measured) -> None:
    """One timed start-up, the background page check awaited (timed from ready), then `rounds` command rounds."""
    wall, cpu, harness, fake = await start_once(path)
    measured.walls.append(wall)
    measured.cpus.append(cpu)
    try:
        check = page_check(harness)
        if check is not None:  # measured alone, not under the commands
            started = time.perf_counter()
            await check
            measured.checks.append(time.perf_counter() - started)
        await commands(harness, rounds, measured.samples)
        assert not harness.errors, harness.errors
    finally:
        await stop(harness, fake)


def report(sizes: list[int], measured: dict[int, Measured], paths: dict[int, Path]) -> None:
    small, big = sizes[0], sizes[-1]
    print(f"| start-up | {' | '.join(f'{n:,} games' for n in sizes)} | ratio {big:,}/{small:,} |")
    print("| --- |" + " ---: |" * (len(sizes) + 1))
    for label, field in (("check_file + start to ready, wall ms (median)", "walls"),
                         ("the same, CPU ms of the event loop's thread (median)", "cpus")):
        medians = [statistics.median(getattr(measured[n], field)) * 1000 for n in sizes]
        print(f"| {label} | {' | '.join(f'{m:.0f}' for m in medians)} | {medians[-1] / medians[0]:.2f} |")
    checks = [f"{statistics.median(measured[n].checks):.2f}" if measured[n].checks else "at start" for n in sizes]
    print(f"| every page read (s, background after ready) | {' | '.join(checks)} | |")
    print(f"| database file (MB) | {' | '.join(f'{paths[n].stat().st_size / 1e6:.1f}' for n in sizes)} | |")
    print()
    cols = " | ".join(f"{n:,} games p50 | p99" for n in sizes)
    print(f"| command (ms) | {cols} | p50 ratio | p99 ratio |")
    print("| --- |" + " ---: | ---: |" * len(sizes) + " ---: | ---: |")
    for name in measured[small].samples:
        cells, p50s, p99s = [], [], []
        for n in sizes:
            samples = measured[n].samples[name]
            p50s.append(statistics.median(samples) * 1000)
            p99s.append(p99(samples) * 1000)
            cells.append(f"{p50s[-1]:.2f} | {p99s[-1]:.2f}")
        print(f"| {name} | {' | '.join(cells)} | {p50s[-1] / p50s[0]:.2f} | {p99s[-1] / p99s[0]:.2f} |")


async def run(args: argparse.Namespace, paths: dict[int, Path]) -> None:
    for n in args.sizes:  # one warm-up start each, so neither pays for first imports or a cold file cache
        _, _, harness, fake = await start_once(paths[n])
        check = page_check(harness)
        if check is not None:
            await check
        await stop(harness, fake)
    measured = {n: Measured() for n in args.sizes}
    for _ in range(args.starts):  # alternating, so other work on the machine falls on every size alike
        for n in args.sizes:
            await block(paths[n], max(1, args.rounds // args.starts), measured[n])
    report(args.sizes, measured, paths)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 100_000])
    parser.add_argument("--rounds", type=int, default=80, help="command rounds per database, split over the starts")
    parser.add_argument("--starts", type=int, default=8, help="timed start-ups per database")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "chaostable-bench")
    parser.add_argument("--rebuild", action="store_true", help="build the databases again")
    args = parser.parse_args()
    args.cache.mkdir(parents=True, exist_ok=True)
    if shutil.disk_usage(args.cache).free < 2e9:
        sys.exit(f"{args.cache}: less than 2 GB free")
    paths = {n: database(args.cache, n, args.rebuild) for n in args.sizes}
    asyncio.run(run(args, paths))


if __name__ == "__main__":
    main()
