"""Pictures off the event loop (issue 19, item 1): what each picture costs the event loop, cold and warm cache,
against the old way (drawn on the loop), and the acknowledgement's latency through the fake Discord while pictures
are being drawn.

    .venv/bin/python bench/pictures.py [--rounds 20] [--seconds 4] [--channels 20] [--hands 50] [--probes 20] [--part1]

Part 1, for each picture: "old on loop" is the CPU time of the loop's thread drawing it there (as before this
change); "loop cold" and "loop warm" the CPU time of the loop's thread for `await drawing.png()` with an empty cache
(drawn in threads here: part 1 starts no bot) and with the picture cached; "worker" the CPU time of the thread
drawing it (in the bot, one of the worker processes: render/offload.py), its
cards' and tiles' faces cached by earlier pictures; "worker, new cards" the same with the caches of whole faces
emptied first (`_card`, `_caption`, `_face`, `_back`, `_tile`: cards no earlier picture showed, their parts, if any,
drawn for earlier ones); "worker, first" with every cache of the picture modules emptied but the fonts and art loaded
(the first picture after the bot starts); "encode" the part of "worker" spent encoding the PNG. Medians of
`--rounds` (CPU time of one thread, `time.thread_time`: other work on the machine counts little).

Part 2, through the fake Discord in this process (real discord.py, real storage): the CPU time of the event loop's
thread per interaction, one at a time: `/help`, and `/uno hand` with its picture cached, drawn in the workers, or
drawn on the loop as before (the fake Discord's own work, in the same thread, included in each). The bot draws in
its worker processes (render/offload.py).

Part 3, the same way: `--channels` Uno games; `/help`
sent `--probes` times a second for `--seconds`, alone, then with `/uno hand` asked `--hands` times a second across
the games (the cache emptied before each, so each is drawn), its pictures drawn in the workers (now) or on the
event loop (the old way, emulated with an executor that runs on the calling thread). Latency: INTERACTION_CREATE
sent to the acknowledgement received, p50 / p99 / max in ms.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.chroma.rules import ChromaRules
from engine.chroma.tiles import parse_tiles
from engine.chroma.waits import analyse
from engine.ginjontan.cards import FULL_SET_SIZE
from engine.uno.cards import CARDS, Colour, sorted_hand
from render import chroma, chroma_pictures, ginjontan_pictures, offload, picture_text, uno_pictures
from render.offload import Drawing
from render.uno_pictures import PileDrawing, board_png, hand_png
from tests.fake_discord import FakeDiscord, Harness

# -- part 1: one picture at a time -----------------------------------------------------------------------------------


def uno_hand(count: int) -> Drawing:
    cards = tuple(c.id for c in sorted_hand(tuple(random.Random(count).sample(range(len(CARDS)), count))))
    marks = {"playable": frozenset(cards[:3]), "jump": frozenset(cards[3:4])}
    return Drawing("uno-hand.png", hand_png, (cards,), marks)


def pictures() -> dict[str, Drawing]:
    wild4 = next(c.id for c in CARDS if c.rank == "+4")
    piles = (PileDrawing(1, 14, None, 12), PileDrawing(2, wild4, Colour.BLUE, 5, stack=4, stack_note="→ Ann"),
             PileDrawing(3, 60, None, 3))
    cards = random.Random(9).sample(range(FULL_SET_SIZE), 9 + 20)
    rows = (("Hand", tuple(sorted(cards[:9]))), ("Reserve", tuple(sorted(cards[9:]))))
    tiles = tuple(parse_tiles("1112345678999m"))
    report = analyse(list(tiles), [], ChromaRules(), parse_tiles("9m"))
    return {
        "Uno board after a play (3 piles)": Drawing("uno-board.png", board_png, (piles,), {"draw_pile": 52}),
        "/uno hand, 12 cards": uno_hand(12),
        "/uno hand, 30 cards": uno_hand(30),
        "/ginjontan hand (9 + 20 reserve)": Drawing("hand.png", ginjontan_pictures.cards_picture, (rows,),
                                                    {"marks": {cards[0]: "combo"}, "per_line": 5}),
        "Gin-jon-tan duel (5 vs 5)": Drawing("duel.png", ginjontan_pictures.duel_picture,
                                             ("Ann", tuple(cards[:5]), "Bob", tuple(cards[5:10]))),
        "/chroma waits (nine gates)": chroma.waits_picture(report, tiles, []),
    }


def worker_timed(drawing: Drawing, spent: list[float]) -> Drawing:
    def timed(*args: Any, **kwargs: Any) -> bytes:
        started = time.thread_time()
        png = drawing.fn(*args, **kwargs)
        spent.append(time.thread_time() - started)
        return png

    return Drawing(drawing.filename, timed, drawing.args, drawing.kwargs)


LOADED = {"fonts", "_font", "_missing_mask", "font_index", "_art"}  # loaded once when the bot starts: kept
FACES = {"_card", "_caption", "_face", "_back", "_tile"}  # one card or tile each


def forget(everything: bool) -> None:
    """Empty the caches of whole faces, or every cache of the picture modules but the fonts and art loaded."""
    for module in (chroma_pictures, ginjontan_pictures, picture_text, uno_pictures):
        for name, value in vars(module).items():
            if hasattr(value, "cache_clear") and name not in LOADED and (everything or name in FACES):
                value.cache_clear()


def drawn_after(drawing: Drawing, everything: bool, rounds: int) -> float:
    """CPU ms of drawing the picture with the caches emptied first (see `forget`), median of `rounds`."""
    spent = []
    for _ in range(rounds):
        forget(everything)
        started = time.thread_time()
        drawing.draw()
        spent.append(time.thread_time() - started)
    return statistics.median(spent) * 1000


def encoding(drawing: Drawing, rounds: int) -> float:
    """CPU ms to encode the drawing's picture as its module does (`_png`), median of `rounds`."""
    image = Image.open(io.BytesIO(drawing.draw()))
    image.load()
    spent = []
    for _ in range(rounds):
        started = time.thread_time()
        image.save(io.BytesIO(), "PNG", compress_level=3)
        spent.append(time.thread_time() - started)
    return statistics.median(spent) * 1000


async def one_picture(drawing: Drawing, rounds: int) -> tuple[float, ...]:
    first = drawn_after(drawing, True, rounds)
    new_cards = drawn_after(drawing, False, rounds)
    png = drawing.draw()  # the faces' caches filled, as on a running bot
    old, cold, warm, worker = [], [], [], []
    for _ in range(rounds):
        started = time.thread_time()
        drawing.draw()
        old.append(time.thread_time() - started)
    timed = worker_timed(drawing, worker)
    for _ in range(rounds):
        offload.clear()
        started = time.thread_time()
        await timed.png()
        cold.append(time.thread_time() - started)
        started = time.thread_time()
        await timed.png()
        warm.append(time.thread_time() - started)
    return (*(statistics.median(s) * 1000 for s in (old, cold, warm, worker)), new_cards, first,
            encoding(drawing, rounds), len(png))


# -- part 2: through the fake Discord --------------------------------------------------------------------------------


class OnTheLoop(Executor):
    """Runs what it is given at once, on the calling thread: pictures drawn on the event loop, as before."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(fn(*args, **kwargs))
        return future


@contextmanager
def drawn_on_the_loop() -> Iterator[None]:
    real = offload._pool
    offload._pool = OnTheLoop  # type: ignore[assignment]
    try:
        yield
    finally:
        offload._pool = real  # type: ignore[assignment]


LATE = float("inf")  # not acknowledged within Discord's 3 s


def percentiles(samples: list[float]) -> str:
    if not samples:
        return "– | – | –"
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return " | ".join("> 3 s" if v == LATE else f"{v * 1000:.1f}" for v in (statistics.median(ordered), p99,
                                                                               ordered[-1]))


async def games(harness: Harness, channels: int) -> list[tuple[int, Any]]:
    """`channels` Uno games of two players each, started; (channel, player) for every seat."""
    seats = []
    for n in range(channels):
        channel = harness.fake.default_channel if n == 0 else harness.fake.add_channel(f"uno-{n}")
        host, guest = harness.user(f"host{n}"), harness.user(f"guest{n}")
        lobby = await harness.slash("uno new", user=host, channel=channel, seed=str(n + 1))
        await harness.click(lobby.message, user=guest, label="Join")
        await (await harness.click(lobby.message, user=host, label="Start")).followed_up()
        seats += [(channel, host), (channel, guest)]
    return seats


async def load(harness: Harness, seats: list[tuple[int, Any]], prober: Any, seconds: float, probes: int,
               hands: int) -> tuple[list[float], list[float]]:
    """Open loop: `/help` `probes` times a second and `/uno hand` `hands` times a second, for `seconds`."""
    fake = harness.fake
    before = set(fake.interactions)
    tasks: list[asyncio.Task[Any]] = []
    loop = asyncio.get_running_loop()
    started = loop.time()
    schedule = sorted([(i / probes, "help") for i in range(int(seconds * probes))]
                      + [(i / hands, "hand") for i in range(int(seconds * hands))])
    for n, (at, kind) in enumerate(schedule):
        await asyncio.sleep(max(0.0, started + at - loop.time()))
        if kind == "help":
            tasks.append(asyncio.create_task(harness.slash("help", user=prober)))
        else:
            offload.clear()
            channel, player = seats[n % len(seats)]
            tasks.append(asyncio.create_task(harness.slash("uno hand", user=player, channel=channel)))
    await asyncio.gather(*tasks, return_exceptions=True)  # an answer later than 3 s is refused: counted, not timed
    latency: dict[str, list[float]] = {"help": [], "uno": []}
    for number in set(fake.interactions) - before:
        record = fake.interactions[number]
        acked = fake.acked_at.get(number)  # type: ignore[attr-defined]
        latency[record.payload["data"]["name"]].append(LATE if acked is None else acked - record.sent_at)
    return latency["help"], latency["uno"]


async def through_discord(args: argparse.Namespace) -> list[str]:
    fake = FakeDiscord()
    fake.acked_at = {}  # type: ignore[attr-defined]
    callback = fake._callback

    def stamped(interaction_id: int, *rest: Any) -> Any:
        fake.acked_at.setdefault(interaction_id, time.monotonic())  # type: ignore[attr-defined]
        return callback(interaction_id, *rest)

    fake._callback = stamped  # type: ignore[method-assign]
    await fake.start()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        harness = Harness(fake, Path(tmp) / "bench.db")
        await harness.start_bot()
        try:
            seats = await games(harness, args.channels)
            prober = harness.user("prober")
            cpu_rows = await loop_cpu(harness, seats[0], prober, args.rounds)
            await load(harness, seats, prober, 1, args.probes, args.hands)  # warm-up
            runs = [("`/help` alone", 0, False), (f"+ {args.hands} `/uno hand`/s, drawn in the workers", args.hands,
                                                  False),
                    (f"+ {args.hands} `/uno hand`/s, drawn on the loop (old)", args.hands, True)]
            for name, hands, old in runs:
                if old:
                    with drawn_on_the_loop():
                        help_ack, hand_ack = await load(harness, seats, prober, args.seconds, args.probes, hands)
                else:
                    help_ack, hand_ack = await load(harness, seats, prober, args.seconds, args.probes, hands)
                rows.append(f"| {name} | {percentiles(help_ack)} | {percentiles(hand_ack)} |")
        finally:
            await harness.stop_bot()
            await fake.stop()
    return cpu_rows, rows


async def loop_cpu(harness: Harness, seat: tuple[int, Any], prober: Any, rounds: int) -> list[str]:
    """CPU time of the loop's thread per interaction, one at a time (the fake Discord's share included)."""
    channel, player = seat
    runs = [("`/help`", "help", prober, False, False),
            ("`/uno hand`, picture cached", "uno hand", player, False, False),
            ("`/uno hand`, drawn in the workers", "uno hand", player, True, False),
            ("`/uno hand`, drawn on the loop (old)", "uno hand", player, True, True)]
    rows = []
    for name, command, user, cold, old in runs:
        spent = []
        with drawn_on_the_loop() if old else nullcontext():
            for _ in range(rounds + 1):
                if cold:
                    offload.clear()
                started = time.thread_time()
                await harness.slash(command, user=user, channel=channel)
                spent.append(time.thread_time() - started)
        rows.append(f"| {name} | {statistics.median(spent[1:]) * 1000:.2f} |")
    return rows


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20, help="drawings per picture in part 1")
    parser.add_argument("--seconds", type=float, default=4, help="length of each load run in part 2")
    parser.add_argument("--channels", type=int, default=20, help="Uno games in part 2")
    parser.add_argument("--hands", type=int, default=50, help="/uno hand a second in part 2")
    parser.add_argument("--probes", type=int, default=20, help="/help a second in part 2")
    parser.add_argument("--part1", action="store_true", help="part 1 only (the pictures' own cost)")
    args = parser.parse_args()
    assert threading.current_thread() is threading.main_thread()
    print(f"Part 1: CPU ms of one thread per picture, median of {args.rounds}\n")
    print("| picture | old on loop | loop cold | loop warm | worker | worker, new cards | worker, first | encode | "
          "PNG bytes |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, drawing in pictures().items():
        old, cold, warm, worker, new_cards, first, encode, size = await one_picture(drawing, args.rounds)
        print(f"| {name} | {old:.2f} | {cold:.2f} | {warm:.3f} | {worker:.2f} | {new_cards:.2f} | {first:.2f} | "
              f"{encode:.2f} | {size:,} |")
    if args.part1:
        return
    print(f"\nPart 2: CPU ms of the event loop's thread per interaction through the fake Discord, median of "
          f"{args.rounds}\n")
    cpu_rows, rows = await through_discord(args)
    print("| interaction | loop CPU ms |")
    print("| --- | ---: |")
    print("\n".join(cpu_rows))
    print(f"\nPart 3: acknowledgement latency, ms, {args.channels} Uno games, `/help` {args.probes}/s for "
          f"{args.seconds:g} s\n")
    print("| load | `/help` p50 | p99 | max | `/uno hand` p50 | p99 | max |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    print("\n".join(rows))


if __name__ == "__main__":
    asyncio.run(main())
