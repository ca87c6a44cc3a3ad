"""The move log on disk and its replay (issue 19, item 2): bytes a move costs, a long CHAOS;JAN game's size, and the
time to rebuild the state after any entry.

- Bytes per Uno move: seeded 4-player games (the `chaos` preset, Discord-sized ids, each move under a request key
  as an interaction gives it) played to their end through `GameStore`; the file's size after `VACUUM` less an empty
  database's, divided by the moves. The same games are then written in the old format (schema version 7: the
  whole state after every entry, its timestamp as text, `'[]'` for no events), the inverse of migration 0008, and
  measured the same way in the same run.
- A CHAOS;JAN game of `--chaos-moves` moves (seeded, four players, a hand ended every 375 moves) measured the same
  way, both formats.
- Replay: for every entry of a long game of each kind (the games above; the table with the Cosmic Deck, Gin-jon-tan,
  Chroma and the tally from tests/storage/test_replay.py's seeded players), the time to rebuild the state after it
  from the nearest usable snapshot (`storage.games._replay`, the query and the JSON included), as thread CPU time;
  the slowest 20 points of a game are timed three more times and keep their fastest time (the machine is shared).

    python bench/storage_log.py [--uno-games 6] [--chaos-moves 3000] [--steps 600] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.base import GameKind
from engine.chaosjan.catalogue import load_shipped as load_catalogue
from engine.table import TABLE, Draw, Ron, Tsumo
from engine.uno import rules as uno
from engine.uno.options import PRESETS
from storage import Database, GameStore, games
from storage.database import migrations
from tests.engine.chaosjan.test_properties import candidates, new_table, setup_moves
from tests.storage.test_replay import GAMES, play

PLAYERS = [10**17 + i for i in range(1, 5)]  # Discord-sized ids


def vacuumed_size(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute("VACUUM")
        return conn.execute("PRAGMA page_count").fetchone()[0] * conn.execute("PRAGMA page_size").fetchone()[0]
    finally:
        conn.close()


def old_format(path: Path, out: Path, kinds: dict[str, GameKind[Any, Any]]) -> None:
    """Writes `path`'s games as schema version 7 stored them (migration 0008 undone) into `out`."""
    new = sqlite3.connect(path)
    old = sqlite3.connect(out)
    old.executescript("\n".join(sql for number, _, sql in migrations() if number <= 7))
    old.execute("PRAGMA user_version = 7")
    for row in new.execute("SELECT id, guild_id, channel_id, kind, status, state, version, created_by, created_at,"
                           " updated_at, finished_at FROM games"):
        old.execute("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
        kind = kinds[row[3]]
        states = games._replay(new, kind, row[0], 0, row[6])[0]
        entries = new.execute("SELECT seq, type, actor_id, move, events, undone_by, created_at, request"
                              " FROM game_events WHERE game_id = ? ORDER BY seq", (row[0],)).fetchall()
        for (seq, type_, actor, move, events, undone_by, ms, request), state in zip(entries, states, strict=True):
            stamp = datetime.fromtimestamp(ms / 1000, UTC).isoformat(timespec="milliseconds")
            old.execute("INSERT INTO game_events (game_id, seq, type, actor_id, move, events, state_after, undone_by,"
                        " created_at, request) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        (row[0], seq, type_, actor, move, games._dumps(games._unpack(events or "[]")),
                         games._dumps(kind.state_to_dict(state)),
                         undone_by, stamp, request))
    old.commit()
    old.close()
    new.close()


async def empty_size(folder: Path) -> int:
    db = await Database.open(folder / "empty.db")
    await db.close()
    return vacuumed_size(folder / "empty.db")


async def uno_games(path: Path, count: int, seed: int) -> int:
    """Plays `count` seeded Uno games to their end (at most 3,000 moves each); returns the moves made."""
    db = await Database.open(path)
    store, rng, moves = GameStore(db), random.Random(seed), 0
    for game in range(count):
        channel = 10**17 + game
        state = (await store.start(channel, uno.UNO, uno.new_game(PRESETS["chaos"], PLAYERS, seed + game),
                                   guild_id=1, actor_id=PLAYERS[0])).state
        for _ in range(3000):
            move = rng.choice([m for p in uno.waiting_on(state) for m in uno.legal_moves(state, p)])
            games.REQUEST.set(games.Request(str(10**18 + moves)))
            record = (await store.apply(channel, uno.UNO, move, actor_id=PLAYERS[0])).game
            moves += 1
            if record.status == "finished":
                break
            state = record.state
    games.REQUEST.set(None)
    await db.close()
    return moves


async def chaosjan_game(path: Path, moves: int, seed: int) -> int:
    db = await Database.open(path)
    store, rng = GameStore(db), random.Random(seed)
    ts = (await store.start(1, TABLE, new_table(4, seed), guild_id=1, actor_id=1)).state
    made = 0
    for move in setup_moves(load_catalogue(), 4, seed, rng):
        ts = (await store.apply(1, TABLE, move, actor_id=1)).game.state
        made += 1
    while made < moves and not ts.over:
        picks = [m for m in candidates(ts, rng) if not isinstance(m, Ron | Tsumo | Draw) or made % 375 == 374]
        games.REQUEST.set(games.Request(str(10**18 + made)))
        ts = (await store.apply(1, TABLE, rng.choice(picks), actor_id=1)).game.state
        made += 1
    games.REQUEST.set(None)
    await db.close()
    return made


async def other_games(path: Path, steps: int, seed: int) -> None:
    games.SNAPSHOT_EVERY = SNAPSHOT_EVERY  # (the test module's fixture lowers it; not here)
    db = await Database.open(path)
    store = GameStore(db)
    for name in ("tally", "table-cosmic", "ginjontan", "chroma"):
        await play(store, name, seed, steps)
        await store.db.read(lambda conn: conn.execute("UPDATE games SET channel_id = -id"))  # free the channel
    await db.close()


def replay_times(path: Path, kinds: dict[str, GameKind[Any, Any]]) -> list[tuple[str, int, float, float, int]]:
    """Per game: (kind, entries, p50 ms, max ms, most moves replayed) over rebuilding the state after every entry.
    The slowest `RETIMED` points are timed `RETIMES` more times and keep their fastest time, so that a pause of the
    shared machine is not taken for the replay's cost."""
    conn = sqlite3.connect(path)

    def timed(kind: GameKind[Any, Any], game_id: int, seq: int) -> tuple[float, int]:
        started = time.thread_time()
        _, replayed = games._replay(conn, kind, game_id, seq, seq)
        return (time.thread_time() - started) * 1000, replayed

    rows = []
    for game_id, kind_name, version in conn.execute("SELECT id, kind, version FROM games ORDER BY id").fetchall():
        kind = kinds[kind_name]
        runs = [timed(kind, game_id, seq) for seq in range(version + 1)]
        times = [ms for ms, _ in runs]
        for seq in sorted(range(version + 1), key=lambda s: -times[s])[:RETIMED]:
            times[seq] = min(times[seq], *(timed(kind, game_id, seq)[0] for _ in range(RETIMES)))
        rows.append((kind_name, version + 1, statistics.median(times), max(times), max(n for _, n in runs)))
    conn.close()
    return rows


RETIMED, RETIMES = 20, 3


SNAPSHOT_EVERY = games.SNAPSHOT_EVERY


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uno-games", type=int, default=6)
    parser.add_argument("--chaos-moves", type=int, default=3000)
    parser.add_argument("--steps", type=int, default=600, help="tries per game for the other kinds' replay")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    kinds = {kind.name: kind for kind, *_ in GAMES.values()}
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        empty = await empty_size(folder)
        print(f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}, snapshot every "
              f"{games.SNAPSHOT_EVERY} entries; an empty database is {empty:,} bytes.\n")
        print("| log | moves | bytes on disk (new) | per move (new) | bytes on disk (old) | per move (old) |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for label, build in ((f"Uno, {args.uno_games} games", lambda p: uno_games(p, args.uno_games, args.seed)),
                             ("CHAOS;JAN, one game", lambda p: chaosjan_game(p, args.chaos_moves, args.seed))):
            path = folder / f"{label[:3]}.db"
            moves = await build(path)
            old_format(path, folder / f"{label[:3]}-old.db", kinds)
            new_bytes = vacuumed_size(path) - empty
            old_bytes = vacuumed_size(folder / f"{label[:3]}-old.db") - empty
            print(f"| {label} | {moves:,} | {new_bytes:,} | {new_bytes / moves:,.0f} | {old_bytes:,} | "
                  f"{old_bytes / moves:,.0f} |")
        await other_games(folder / "others.db", args.steps, args.seed)
        print("\n| replay to any entry | entries | p50 ms | max ms | most moves replayed |")
        print("| --- | ---: | ---: | ---: | ---: |")
        for path, table in ((folder / "Uno.db", ""), (folder / "CHA.db", "CHAOS;JAN"),
                            (folder / "others.db", "table, Cosmic Deck")):
            for kind_name, entries, p50, worst, most in replay_times(path, kinds):
                if entries >= 50:
                    label = table if kind_name == "table" else kind_name
                    print(f"| {label} | {entries:,} | {p50:.2f} | {worst:.2f} | {most} |")


if __name__ == "__main__":
    asyncio.run(main())
