"""The real bot in a process of its own, pointed at a fake Discord: `python -m tests.faults.botproc`.

All of it is bot.py's own start-up (`bot.main`: settings from the environment, the database check, the exit
codes, the signal handling); only Discord's address differs (FAKE_DISCORD_API, FAKE_DISCORD_GATEWAY), and the wait
for more guilds is cut short, since the fake sends its one guild at once.
"""

from __future__ import annotations

import cProfile
import os
import signal
import sys
import time

import discord
import yarl

import bot


def main() -> int:
    discord.http.Route.BASE = os.environ["FAKE_DISCORD_API"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_DISCORD_GATEWAY"])
    create_bot = bot.create_bot

    def quick_to_ready(*args, **kwargs) -> bot.ChaosTable:
        created = create_bot(*args, **kwargs)
        created._connection.guild_ready_timeout = 0.01
        return created

    bot.create_bot = quick_to_ready
    if os.environ.get("BOT_PROFILE"):
        profile_on_signals(os.environ["BOT_PROFILE"])
    if os.environ.get("BOT_GC_STATS"):
        gc_stats()
    if os.environ.get("BOT_GC_THRESHOLD"):  # bench/load.py --bot-process --gc-threshold: instead of bot.GC_THRESHOLD
        bot.GC_THRESHOLD = tuple(int(n) for n in os.environ["BOT_GC_THRESHOLD"].split(","))
    return bot.main([])


def gc_stats() -> None:
    """bench/load.py --bot-process: the collector's pauses in the bot's process, printed when it exits."""
    import atexit
    import gc

    pauses: list[tuple[int, float]] = []
    long: list[str] = []
    started = [0.0]
    began = time.perf_counter()

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            pause = time.perf_counter() - started[0]
            pauses.append((info["generation"], pause))
            if pause > 0.005:
                long.append(f"{started[0] - began:.1f} s: gen {info['generation']} {pause * 1000:.1f} ms")

    def report() -> None:
        for generation in range(3):
            times = sorted(p for g, p in pauses if g == generation)
            if times:
                print(f"gc generation {generation}: {len(times)} collections, {sum(times) * 1000:.0f} ms, p50 "
                      f"{times[len(times) // 2] * 1000:.1f} ms, longest {times[-1] * 1000:.1f} ms", flush=True)
        print(f"gc generation pauses over 5 ms (seconds after start): {'; '.join(long) or 'none'}", flush=True)

    gc.callbacks.append(note)
    atexit.register(report)


def profile_on_signals(path: str) -> None:
    """bench/load.py --bot-process --profile: SIGUSR1 starts a cProfile of the event loop's thread (its CPU time),
    SIGUSR2 stops it and writes it to `path`."""
    profiler = cProfile.Profile(time.thread_time)

    def start(*_: object) -> None:
        profiler.enable()

    def stop(*_: object) -> None:
        profiler.disable()
        profiler.dump_stats(path)

    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, stop)


if __name__ == "__main__":
    sys.exit(main())
