"""Round trip of real interactions: the fake Discord sends INTERACTION_CREATE over its gateway, the bot (real
discord.py, real storage on a file) answers over REST; time from send to the acknowledgement arriving.

    python bench/interactions.py [--rounds 300]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot import extension_names
from tests.fake_discord import FakeDiscord, Harness


def summary(name: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"| {name} | {len(samples)} | {statistics.median(samples) * 1000:.2f} | {p99 * 1000:.2f} |"


async def timed(action) -> float:
    started = time.perf_counter()
    await action
    return time.perf_counter() - started


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=300)
    args = parser.parse_args()
    fake = FakeDiscord()
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp:
        harness = Harness(fake, Path(tmp) / "bench.db", extensions=[*extension_names(), "tests.support.tally_cog"])
        await harness.start_bot()
        try:
            alice = harness.user("alice")
            help_times = [await timed(harness.slash("help", user=alice)) for _ in range(args.rounds)]
            start = await harness.slash("tally start", user=alice)
            message, click_times = start.message, []
            for _ in range(args.rounds):
                started = time.perf_counter()
                click = await harness.click(message, user=alice, label="+1")
                click_times.append(time.perf_counter() - started)
                message = click.message
            add_times = [await timed(harness.slash("tally add", user=alice, amount=1)) for _ in range(args.rounds)]
        finally:
            await harness.stop_bot()
            await fake.stop()
    print("| interaction | rounds | p50 ms | p99 ms |")
    print("| --- | ---: | ---: | ---: |")
    print(summary("/help (ephemeral embed + select)", help_times))
    print(summary("button press: a move, message updated", click_times))
    print(summary("/tally add: a move, new message", add_times))


if __name__ == "__main__":
    asyncio.run(main())
