"""A `/table` move's cost in the database thread: a four-seat table with its Cosmic Deck (issue 19, item 1).

    python bench/table_moves.py [--moves 3000] [--root PATH]

Every seat starts with 10^12 points, so the dealer may win the 600 rons of 3,000 moves (their honba grow).

Riichi, rolls and the dealer's ron in the load bench's proportions, applied through `GameStore.apply` on a SQLite
file, one at a time. Reports the CPU time of the transaction (the engine's move, the state's JSON, the log entry,
SQLite) per move, measured in the database thread, and the wall time per move. `--root` imports the engine and
storage from another checkout (`git worktree add /tmp/old <commit>`), to compare with an older version in the
same run; the script itself is this one.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--root", default=str(Path(__file__).resolve().parents[1]))
    return parser.parse_args()


async def main(args: argparse.Namespace) -> None:
    sys.path.insert(0, args.root)
    from engine.deck import load_shipped
    from engine.table import TABLE, CosmicStart, HandValue, Riichi, Roll, Ron, Win, new_game
    from storage import Database, GameStore

    players = [1, 2, 3, 4]
    cpu: list[float] = []
    wall: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        db = await Database.open(Path(tmp) / "bench.db")
        store = GameStore(db)
        state = new_game(1, players, None)
        state = type(state).from_dict({**state.to_dict(), "seats": [
            {**seat, "points": 10**12} for seat in state.to_dict()["seats"]]})
        await store.start(10, TABLE, state, guild_id=1, actor_id=1)
        await store.apply(10, TABLE, CosmicStart(load_shipped("cosmic"), seed=7), actor_id=1)
        riichi: set[int] = set()
        for i in range(args.moves):
            if i % 5 == 4 or len(riichi) == 4:
                move = Ron(2, (Win(1, HandValue(han=3, fu=30)),))
                riichi.clear()
            elif i % 2:
                player = next(p for p in players if p not in riichi)
                riichi.add(player)
                move = Riichi(player)
            else:
                move = Roll(players[i % 4])
            begun = time.perf_counter()
            before = await db.read(lambda conn: time.thread_time())
            await store.apply(10, TABLE, move, actor_id=1)
            after = await db.read(lambda conn: time.thread_time())
            wall.append(time.perf_counter() - begun)
            cpu.append(after - before)
        await db.close()
    print(f"| {args.root} | {args.moves} | {statistics.median(cpu) * 1000:.3f} | {statistics.mean(cpu) * 1000:.3f} | "
          f"{statistics.median(wall) * 1000:.3f} | {sorted(wall)[int(0.99 * len(wall))] * 1000:.3f} |")


if __name__ == "__main__":
    print("| code | moves | database thread CPU ms a move, p50 | mean | wall ms a move, p50 | p99 |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    asyncio.run(main(arguments()))
