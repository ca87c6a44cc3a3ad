"""CHAOS;JAN priority rounds with four players through the fake Discord: every pass, play, Negate, draw and turn
as a player makes it (panel buttons and slash commands), timed per action.

Two figures per kind of action:
- round trip: from the fake Discord sending INTERACTION_CREATE to the bot's acknowledgement arriving (includes the
  local websocket and HTTP hops, so it bounds the bot-side time from above);
- bot-side move: the time inside the bot to load the table, apply the move and commit it (`GameStore.apply`).

    python bench/chaosjan.py [--hands 4] [--turns 6] [--seed 7]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.chaosjan.catalogue import CardType, load_shipped
from engine.chaosjan.rules import legal_moves
from engine.chaosjan.state import Table
from engine.table import TABLE
from storage.games import GameStore
from tests.fake_discord import FakeDiscord, Harness
from tests.fake_discord.harness import components

KINDS = (("character", CardType.CHARACTER, 1), ("action", CardType.ACTION, 3), ("stock", CardType.STOCK, 3),
         ("modifier", CardType.MODIFIER, 3))


def p99(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def row(name: str, trips: list[float], inside: list[float]) -> str:
    return (f"| {name} | {len(trips)} | {statistics.median(trips) * 1000:.2f} | {p99(trips) * 1000:.2f} | "
            f"{statistics.median(inside) * 1000:.2f} | {p99(inside) * 1000:.2f} |")


def latest_panel(harness: Harness) -> dict:
    panels = [m for m in harness.channel_messages() if not (m.get("flags", 0) & 64)
              and any(c.get("custom_id", "").startswith("ct:cj:p:") for c in components(m))]
    return panels[-1]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--turns", type=int, default=6, help="turns per hand")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    inside: list[float] = []
    original = GameStore.apply

    async def timed_apply(self, *a, **k):  # the bot-side part of each move
        started = time.perf_counter()
        try:
            return await original(self, *a, **k)
        finally:
            inside.append(time.perf_counter() - started)

    GameStore.apply = timed_apply  # type: ignore[method-assign]
    fake = FakeDiscord()
    await fake.start()
    trips: dict[str, list[float]] = defaultdict(list)
    bot_side: dict[str, list[float]] = defaultdict(list)
    with tempfile.TemporaryDirectory() as tmp:
        harness = Harness(fake, Path(tmp) / "bench.db")
        await harness.start_bot()
        try:
            users = [harness.user(n) for n in ("east", "south", "west", "north")]
            by_id = {u.id: u for u in users}
            await harness.slash("table start", user=users[0], east=users[0], south=users[1], west=users[2],
                                north=users[3], bust=False)
            setup = await harness.slash("chaosjan new", user=users[0], seed=args.seed)
            catalogue = load_shipped()
            modifiers = [c.id for c in catalogue.of_type(CardType.MODIFIER)]
            for seat, user in enumerate(users):
                menus = await harness.click(setup.message, user=user, label="Choose my cards")
                for name, kind, count in KINDS:
                    pool = modifiers[3 * seat: 3 * seat + 3] if kind is CardType.MODIFIER else \
                        rng.sample([c.id for c in catalogue.of_type(kind)], count)
                    last = await harness.choose(menus.message, pool, user=user, custom_id=f"ct:cj:pick:{name}")
            await last.followed_up()  # the last choice begins the game: the first panel is a followup

            async def act(kind: str, action) -> None:
                before = len(inside)
                started = time.perf_counter()
                log = await action
                trips[kind].append(time.perf_counter() - started)
                if kind.startswith("negate"):  # the new panel is a followup: wait for it before the next click
                    await log.followed_up()
                bot_side[kind].extend(inside[before:])
                assert not (log.data.get("flags", 0) & 64), (kind, log.text)  # every timed action succeeded

            async def state():
                return (await harness.bot.games.get(harness.fake.default_channel, TABLE)).state

            for hand in range(args.hands):
                for _ in range(args.turns):
                    for step in ("drew", "next"):
                        while (table := await state()).chaosjan.holder is not None:
                            chaos = table.chaosjan
                            kind, seat = chaos.holder
                            user = by_id[chaos.players[seat]]
                            points = Table(tuple(s.points for s in table.seats), table.on_table, table.dealer)
                            plays = [m for m in legal_moves(chaos, points, user.id) if type(m).__name__ == "Play"]
                            if plays and rng.random() < 0.35:
                                move = rng.choice(plays)
                                if move.card == "negate":
                                    await act("negate (panel button)", harness.click(
                                        latest_panel(harness), user=user, label="Negate"))
                                else:
                                    options = {"card": move.card}
                                    if move.target is not None:
                                        options["target"] = by_id[move.target]
                                    if move.amount is not None:
                                        options["amount"] = move.amount
                                    await act("play (/chaosjan play)", harness.slash("chaosjan play", user=user,
                                                                                      **options))
                            else:
                                label = "pass: sub-priority" if kind == "sub" else "pass: priority"
                                await act(f"{label} (panel button)",
                                          harness.click(latest_panel(harness), user=user, label="Pass"))
                        active = by_id[(await state()).chaosjan.players[(await state()).chaosjan.active]]
                        if step == "drew" and not (await state()).chaosjan.drawn:
                            await act("drew (panel button)", harness.click(latest_panel(harness), user=active,
                                                                           label="I drew a tile"))
                        elif step == "next":
                            await act("next turn (panel button)", harness.click(latest_panel(harness), user=active,
                                                                                label="Next turn"))
                table = await state()
                winner = users[(hand + 1) % 4]
                loser = users[hand % 4]
                await act("/table ron: hand end, draws, Modifier", harness.slash(
                    "table ron", user=winner, winner=winner, loser=loser, han=1, fu=30))
        finally:
            await harness.stop_bot()
            await fake.stop()
    everything = [t for times in trips.values() for t in times]
    print(f"{len(everything)} actions over {args.hands} hands of {args.turns} turns, four players\n")
    print("| action | count | round trip p50 ms | round trip p99 ms | bot-side move p50 ms | bot-side move p99 ms |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for name in sorted(trips):
        print(row(name, trips[name], bot_side[name]))
    print(row("**all actions**", everything, [t for times in bot_side.values() for t in times]))


if __name__ == "__main__":
    asyncio.run(main())
