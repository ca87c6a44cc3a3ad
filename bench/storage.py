"""Moves per second through the storage layer, and latency per move.

Each move is the real path: channel lock, one BEGIN IMMEDIATE transaction that takes the state (kept in memory), runs a
small pure move, writes the new state and a log entry (its move and events; a snapshot every 100th), COMMIT. On a
file in WAL mode.

    python bench/storage.py [--moves 4000] [--sizes 1000 10000]
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.base import GameKind
from storage import Database, GameStore


def _apply(state: dict, move: dict) -> tuple[dict, list[dict]]:
    new = dict(state, n=state["n"] + move["by"])
    return new, [{"type": "counted", "n": new["n"]}]


COUNTER = GameKind(name="bench", state_to_dict=dict, state_from_dict=dict, move_to_dict=dict, move_from_dict=dict,
                   apply=_apply)


def percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def run(mode: str, channels: int, moves: int, state_size: int, folder: Path) -> dict:
    db = await Database.open(folder / f"{mode}-{channels}-{state_size}.db")
    try:
        return await _measure(GameStore(db), mode, channels, moves, state_size)
    finally:
        await db.close()  # an open aiosqlite connection keeps the process alive


async def _measure(store: GameStore, mode: str, channels: int, moves: int, state_size: int) -> dict:
    state = {"n": 0, "pad": "x" * max(0, state_size - 20)}
    for channel in range(channels):
        await store.start(channel, COUNTER, state, guild_id=1, actor_id=1)
    latencies: list[float] = []

    async def one(channel: int) -> None:
        started = time.perf_counter()
        await store.apply(channel, COUNTER, {"by": 1}, actor_id=1)
        latencies.append(time.perf_counter() - started)

    began = time.perf_counter()
    if mode == "concurrent":
        per_channel = moves // channels

        async def player(channel: int) -> None:
            for _ in range(per_channel):
                await one(channel)

        await asyncio.gather(*(player(c) for c in range(channels)))
    else:
        for i in range(moves):
            await one(i % channels)
    elapsed = time.perf_counter() - began
    total = 0
    for channel in range(channels):
        total += (await store.get(channel, COUNTER)).state["n"]
    assert total == len(latencies), "a move was lost or applied twice"
    return {"mode": mode, "channels": channels, "state": state_size, "moves": len(latencies),
            "per_s": len(latencies) / elapsed, "p50": statistics.median(latencies) * 1000,
            "p99": percentile(latencies, 99) * 1000}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=4000)
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, {args.moves} moves per row, file DB in WAL")
    print("| mode | channels | state bytes | moves | moves/s | p50 ms | p99 ms |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            for mode, channels in (("sequential", 1), ("sequential", 200), ("concurrent", 200)):
                r = await run(mode, channels, args.moves, size, Path(tmp))
                print(f"| {r['mode']} | {r['channels']} | {r['state']} | {r['moves']} | {r['per_s']:.0f} "
                      f"| {r['p50']:.2f} | {r['p99']:.2f} |")


if __name__ == "__main__":
    asyncio.run(main())
