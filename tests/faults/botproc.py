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
    return bot.main([])


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
