"""The live panel's "is it still the newest message?" (issue 19, item 1): asked of Discord, or known from the gateway.

    .venv/bin/python bench/live_panel.py [--channels 40] [--players 8] [--latency-ms 0]

The real bot and the fake Discord share one process (as in bench/load.py). Each channel runs a Gin-jon-tan game of
`--players` players; every player keeps their hand (`/ginjontan swap keep`, seed step 2), one move at a time, and
each move edits the panel in place. Moves alternate between two halves of the channels: in one half the bot asks
Discord (GET the channel, as before this change: `ui.live_panel.is_newest` put back for those moves), in the other
it knows from the gateway. A move is timed from sending INTERACTION_CREATE to the acknowledgement and to the end of
its handling (the panel edited), with the process's CPU time over the same span. `--latency-ms` makes the fake
Discord answer every REST call that much later, as a distant Discord would (0: as fast as it can on this machine).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from aiohttp import web

import ui.live_panel
from tests.fake_discord import FakeDiscord, Harness
from tests.fake_discord.harness import InteractionLog

TRACKING = ui.live_panel.is_newest


async def asking(bot: Any, channel_id: int, message_id: int) -> bool:
    """The check before this change: one GET of the channel every time."""
    channel = await bot.fetch_channel(channel_id)
    return getattr(channel, "last_message_id", None) == message_id


async def settle(bot: Any) -> None:
    """Wait for the handlers in flight: after answering, a move's handler still edits the panel."""
    if bot._in_flight:
        await asyncio.wait(set(bot._in_flight), timeout=10)


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--channels", type=int, default=40, help="channels, half asking and half tracking")
    parser.add_argument("--players", type=int, default=8, help="players a game (2-8): moves a channel")
    parser.add_argument("--latency-ms", type=float, default=0.0, help="added to every answer of the fake Discord")
    args = parser.parse_args()
    fake = FakeDiscord()
    route = fake._route

    async def distant(request: web.Request) -> web.Response:
        await asyncio.sleep(args.latency_ms / 1000)
        return await route(request)

    if args.latency_ms:
        fake._route = distant  # type: ignore[method-assign]
    await fake.start()
    samples: dict[str, dict[str, list[float]]] = {mode: {"ack": [], "done": [], "cpu": []} for mode in ("ask", "track")}
    gets = dict.fromkeys(samples, 0)
    with tempfile.TemporaryDirectory() as tmp:
        harness = Harness(fake, Path(tmp) / "bench.db")
        bot = await harness.start_bot()
        try:
            users = [harness.user(f"p{i}") for i in range(args.players)]
            channels = [fake.add_channel(f"table-{i}") for i in range(args.channels)]
            for channel in channels:
                lobby = await harness.slash("ginjontan new", user=users[0], channel=channel, seed="20261123")
                for user in users[1:]:
                    await harness.click(lobby.message, user=user, label="Join")
                await harness.click(lobby.message, user=users[0], label="Start")
            await settle(bot)
            panels = {channel: harness.newest_public(channel)["id"] for channel in channels}
            for user in users:
                for i, channel in enumerate(channels):
                    mode = "ask" if i % 2 else "track"
                    ui.live_panel.is_newest = asking if mode == "ask" else TRACKING  # type: ignore[assignment]
                    before = len(fake.requests)
                    cpu, began = time.process_time(), time.perf_counter()
                    record = await fake.send_interaction(harness.slash_payload(
                        "ginjontan swap", user=user, channel=channel, choice="keep"))
                    await InteractionLog(fake, record).acknowledged()
                    acked = time.perf_counter()
                    await settle(bot)
                    done = time.perf_counter()
                    samples[mode]["cpu"].append((time.process_time() - cpu) * 1000)
                    samples[mode]["ack"].append((acked - began) * 1000)
                    samples[mode]["done"].append((done - began) * 1000)
                    gets[mode] += fake.requests[before:].count(("GET", f"/api/v10/channels/{channel}"))
            moved = sum(harness.newest_public(channel)["id"] != panel for channel, panel in panels.items())
        finally:
            ui.live_panel.is_newest = TRACKING
            await harness.stop_bot()
            await fake.stop()
    print(f"{args.channels} channels, {args.players} players, {args.players * args.channels} moves, REST latency "
          f"{args.latency_ms:g} ms; panels posted again: {moved} (each move edits its panel in place). "
          "Milliseconds a move.\n")
    print("| newest message | moves | GETs a move | ack p50 | ack p99 | handled p50 | handled p99 | CPU p50 |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for mode, label in (("ask", "asked of Discord (before)"), ("track", "known from the gateway")):
        s = samples[mode]
        n = len(s["done"])
        p99 = [sorted(s[k])[min(n - 1, int(n * 0.99))] for k in ("ack", "done")]
        print(f"| {label} | {n} | {gets[mode] / n:.2f} | {statistics.median(s['ack']):.2f} | {p99[0]:.2f} | "
              f"{statistics.median(s['done']):.2f} | {p99[1]:.2f} | {statistics.median(s['cpu']):.2f} |")


if __name__ == "__main__":
    asyncio.run(main())
