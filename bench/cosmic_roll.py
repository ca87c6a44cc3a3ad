"""`/cosmic roll` through the fake Discord: 1,000 rolls spread over 100 channels, each with a table and a deck.

Latency is timed from the fake sending INTERACTION_CREATE over its gateway to the bot's acknowledgement arriving
at the fake's REST API: the bot's whole share plus two loopback hops, so an upper bound on the bot-side time.
Each player rolls two or three times per channel (starting points are high enough for every roll).

    python bench/cosmic_roll.py [--channels 100] [--rolls 1000]
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

from tests.fake_discord import FakeDiscord, Harness


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=100)
    parser.add_argument("--rolls", type=int, default=1000)
    args = parser.parse_args()
    fake = FakeDiscord()
    channels = [fake.add_channel(f"table-{i}") for i in range(args.channels)]
    await fake.start()
    with tempfile.TemporaryDirectory() as tmp:
        harness = Harness(fake, Path(tmp) / "bench.db")
        await harness.start_bot()
        try:
            seats = [harness.user(n) for n in ("east", "south", "west", "north")]
            for channel in channels:
                east, south, west, north = seats
                await harness.slash("table start", user=east, channel=channel, east=east, south=south, west=west,
                                    north=north, points=1_000_000)
                await harness.slash("cosmic start", user=east, channel=channel)
            latencies = []
            for i in range(args.rolls):
                channel, player = channels[i % len(channels)], seats[(i // len(channels)) % 4]
                started = time.perf_counter()
                reply = await harness.slash("cosmic roll", user=player, channel=channel)
                latencies.append(time.perf_counter() - started)
                assert "rolled a" in reply.text, reply.text
        finally:
            await harness.stop_bot()
            await fake.stop()
    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    print(f"{len(latencies)} rolls over {len(channels)} channels: p50 {statistics.median(latencies) * 1000:.2f} ms, "
          f"p99 {p99 * 1000:.2f} ms, max {ordered[-1] * 1000:.2f} ms (send to acknowledgement, through the gateway)")


if __name__ == "__main__":
    asyncio.run(main())
