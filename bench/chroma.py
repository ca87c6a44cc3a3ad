"""Chroma-jong calculator timings (issues 5 and 19).

    .venv/bin/python bench/chroma.py [--hands 3000] [--repeat 7] [--no-baseline] [--old REF] [--against REF]
    (make bench-chroma: the defaults)

1. Typical hands: `/chroma score` and `/chroma waits` on everyday hands (one or two chroma tiles). Aim: < 2 ms.
2. Worst cases we could build: several silver tiles, all three riichi wildcards and gold tiles at once, each with
   the default (strict) gold reading and the loose one. Aim (issue 19): exact, no cap, < 20 ms. CPU milliseconds
   (`time.process_time`) of `--repeat` calls (fewer once 3 s are spent), every cache shared between calls emptied
   before the first ("first" column: completions, near hands, hand and part bounds, shapes; later calls find them
   filled), then p50 and max of all. The baseline, in the same run and once per hand, scores every complete
   reading with the `mahjong` package as the search did before issue 19 (`best(prune=False)`, without its 15,000
   cap). `--no-baseline` leaves it out (loose, it takes seconds).
   `--old efedacd` also times `engine/chroma/scoring.py` as it was at that git commit (before issue 19, with its
   cap), once per hand, with today's other modules (`--old 83ce5ff`: the first exact search). "package calls" are the
   hands the `mahjong` package scored. `--against 83ce5ff` times only the worst scores,
   call by call in turn with `scoring.py` at that commit, so that both see the same load (p50 of `--repeat` each,
   fewer once 6 s are spent).
3. Plain-hand waits against a brute force with the `mahjong` package (add each of the 34 faces, `Agari.is_agari`)
   on the same hands, random and tenpai. Aim: not slower.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mahjong.agari import Agari

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.chroma import bounds, near, part_bound, search, shapes
from engine.chroma.rules import ChromaRules, GoldReading
from engine.chroma.scoring import Situation, _Scorer, check, score
from engine.chroma.tiles import parse_melds, parse_tiles
from engine.chroma.waits import analyse

RULES = ChromaRules()
LOOSE = ChromaRules(gold_reading=GoldReading.LOOSE)

TYPICAL_SCORES = [  # (hand, win, situation)
    ("234m456p678s3*m3*p3*s55z", "5z", Situation(riichi=True)),
    ("123m4p0p6p789s55z777z", "7z", Situation(tsumo=True)),
    ("22m345m678p3*s4s5s789s", "2m", Situation(riichi=True, tsumo=True)),
    ("123m456m0s67s789p11z", "1z", Situation(riichi=True, seat=1)),
    ("112233m4p5*p6p789s77z", "7z", Situation(riichi=True, tsumo=True)),
]
TYPICAL_WAITS = ["234m456p678s3*m3*p3*s5z", "123m4p0p6p789s5566z", "22m345m678p3*s4s5s78s", "11234m4p5*p6p789s77z"]

WORST_SCORES = [
    # the seed's 12-chroma hand: three silver, three gold, three red, a blue 7 and a riichi wildcard
    ("3*p3*s5*m0m5*s0s5*p0p3*m3m7*m7m5!z6*z", "5!z", Situation(riichi=True, tsumo=True), ""),
    # three silver and three gold, the winning tile a prismatic drawn during riichi
    ("3*m3*p3*s4m4p4s5*m5*p5*s789s1z5!z", "5!z", Situation(riichi=True, tsumo=True), ""),
    # all three riichi wildcards (one wins, two more as house-rule kan draws) and three silver
    ("3*m3*p3*s123m456p11z6!z7!z5!z", "5!z", Situation(riichi=True, tsumo=True), ""),
    # two gold and two silver with a blue-7 pon
    ("3*m3*p4m4p5*m5*p6s0s7s11z", "1z", Situation(riichi=True), "777*s"),
]
WORST_WAITS = [
    "3*m3*p3*s5!z6!z7!z123m456p1z",  # three silver and all three riichi wildcards in 13 tiles
    "3*m3*p3*s5*m5*p5*s5!z6!z7!z12m11z",
]


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def summary(label: str, samples: list[float]) -> str:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"| {label} | {statistics.median(ordered):.3f} | {p99:.3f} | {ordered[-1]:.3f} |"


def score_call(hand: str, win: str, situation: Situation, melds: str = "", rules: ChromaRules = RULES,
               prune: bool = True) -> Callable[[], object]:
    tiles = parse_tiles(hand)
    win_tile = parse_tiles(win)[0]
    index = len(tiles) - 1 - tiles[::-1].index(win_tile)
    called = parse_melds(melds)
    if prune:
        return lambda: score(tiles, index, called, rules, situation)
    sets = check(tiles, index, called, rules, situation)
    return lambda: _Scorer(list(tiles), index, list(called), rules, situation, sets).best(prune=False)


def cpu_ms(fn: Callable[[], object], repeat: int, budget: float = 3.0) -> list[float]:
    """CPU milliseconds of `repeat` calls, fewer once `budget` seconds are spent."""
    out: list[float] = []
    while len(out) < repeat and sum(out) < budget * 1000:
        start = time.process_time()
        fn()
        out.append((time.process_time() - start) * 1000)
    return out


def old_score(ref: str) -> Callable[..., object]:
    """`score` from engine/chroma/scoring.py at git commit `ref`."""
    root = Path(__file__).resolve().parents[1]
    source = subprocess.run(["git", "show", f"{ref}:engine/chroma/scoring.py"], capture_output=True, text=True,
                            check=True, cwd=root).stdout
    module = types.ModuleType("old_scoring")
    sys.modules[module.__name__] = module  # its dataclasses look their module up
    exec(compile(source, f"{ref}:engine/chroma/scoring.py", "exec"), module.__dict__)  # our own file
    return module.score  # type: ignore[no-any-return]


def forget() -> None:
    """Empty every cache that calls share."""
    search.any_face_completions.cache_clear()
    search._standard_any.cache_clear()
    search._shares.cache_clear()
    shapes._suit.cache_clear()
    shapes._honours.cache_clear()
    shapes._fewest_out.cache_clear()
    part_bound._KNOWN.clear()
    near.near_hands.cache_clear()
    bounds.counts_bound.cache_clear()
    bounds.pinfu_shape.cache_clear()


def worst_scores(repeat: int, baseline: bool, old: str | None) -> None:
    before = old_score(old) if old else None
    print("\n| worst score | reading | first ms | p50 ms | max ms | package calls | "
          f"every reading scored ms | scoring.py at {old or '-'} ms |\n" + "| --- " * 8 + "|")
    for hand, win, s, melds in WORST_SCORES:
        for rules in (RULES, LOOSE):
            forget()
            samples = cpu_ms(score_call(hand, win, s, melds, rules), repeat)
            calls = count_package_calls(score_call(hand, win, s, melds, rules))
            every = f"{cpu_ms(score_call(hand, win, s, melds, rules, prune=False), 1)[0]:.0f}" if baseline else "-"
            was = "-"
            if before is not None:
                tiles, called = parse_tiles(hand), parse_melds(melds)
                index = len(tiles) - 1 - tiles[::-1].index(parse_tiles(win)[0])
                old_report: Any = None

                def run_old(tiles=tiles, index=index, called=called, rules=rules, s=s) -> None:
                    nonlocal old_report
                    old_report = before(tiles, index, called, rules, s)

                was = f"{cpu_ms(run_old, 1)[0]:.0f}" + (" (capped)" if getattr(old_report, "capped", False) else "")
            print(f"| `{hand}`{' + `' + melds + '`' if melds else ''} | {rules.gold_reading} | {samples[0]:.1f} | "
                  f"{statistics.median(samples):.1f} | {max(samples):.1f} | {calls} | {every} | {was} |")


def against(ref: str, repeat: int) -> None:
    """The worst scores interleaved call by call with `scoring.py` at `ref`, so both see the same load."""
    before = old_score(ref)
    print(f"\n| worst score | reading | this ms (p50) | {ref} ms (p50) | ratio |\n" + "| --- " * 5 + "|")
    for hand, win, s, melds in WORST_SCORES:
        for rules in (RULES, LOOSE):
            tiles, called = parse_tiles(hand), parse_melds(melds)
            index = len(tiles) - 1 - tiles[::-1].index(parse_tiles(win)[0])
            ours, theirs = score_call(hand, win, s, melds, rules), []
            samples: list[float] = []
            while len(samples) < repeat and sum(samples) + sum(theirs) < 6000:
                samples += cpu_ms(ours, 1)
                theirs += cpu_ms(lambda tiles=tiles, index=index, called=called, rules=rules, s=s:
                                 before(tiles, index, called, rules, s), 1)
            this, was = statistics.median(samples), statistics.median(theirs)
            print(f"| `{hand}`{' + `' + melds + '`' if melds else ''} | {rules.gold_reading} | {this:.1f} | "
                  f"{was:.1f} | {was / this:.1f}x |")


def count_package_calls(fn: Callable[[], object]) -> int:
    calls = 0
    evaluate = _Scorer._evaluate

    def counted(*args):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        return evaluate(*args)

    _Scorer._evaluate = counted  # type: ignore[method-assign]
    try:
        fn()
    finally:
        _Scorer._evaluate = evaluate  # type: ignore[method-assign]
    return calls


def brute_waits(counts: list[int]) -> frozenset[int]:
    out = set()
    for face in range(34):
        if counts[face] < 4:
            counts[face] += 1
            if Agari.is_agari(counts):
                out.add(face)
            counts[face] -= 1
    return frozenset(out)


def random_hand(rng: random.Random) -> list[int]:
    counts = [0] * 34
    for face in rng.sample([f for f in range(34) for _ in range(4)], 13):
        counts[face] += 1
    return counts


def tenpai_hand(rng: random.Random) -> list[int]:
    while True:
        counts = [0] * 34
        for _ in range(4):
            if rng.random() < 0.4:
                counts[rng.randrange(34)] += 3
            else:
                start = rng.randrange(3) * 9 + rng.randrange(7)
                for d in range(3):
                    counts[start + d] += 1
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            held = [f for f in range(34) for _ in range(counts[f])]
            counts[rng.choice(held)] -= 1
            return counts


def compare_waits(hands: list[list[int]]) -> tuple[float, float]:
    start = time.perf_counter()
    ours = [search.waits(h, []) for h in hands]
    middle = time.perf_counter()
    theirs = [brute_waits(list(h)) for h in hands]
    end = time.perf_counter()
    for hand, a, b in zip(hands, ours, theirs, strict=True):
        assert frozenset(f for f in a if hand[f] < 4) == b, hand
    return (middle - start) / len(hands) * 1e6, (end - middle) / len(hands) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=7, help="scores of each worst-case hand")
    parser.add_argument("--no-baseline", action="store_true", help="skip scoring every reading (seconds, loose)")
    parser.add_argument("--old", help="also time engine/chroma/scoring.py at this git commit (e.g. efedacd)")
    parser.add_argument("--against", help="only the worst scores, interleaved with scoring.py at this commit")
    args = parser.parse_args()
    if args.against:
        against(args.against, args.repeat)
        return
    print("| what | p50 ms | p99 ms | max ms |\n| --- | --- | --- | --- |")
    samples = [t for hand, win, s in TYPICAL_SCORES for t in timed(score_call(hand, win, s), 200)]
    print(summary("typical score (5 hands x 200)", samples))
    samples = [t for hand in TYPICAL_WAITS
               for t in timed(lambda hand=hand: analyse(parse_tiles(hand), [], RULES), 200)]
    print(summary("typical waits (4 hands x 200)", samples))
    for hand in WORST_WAITS:
        print(summary(f"worst waits `{hand}`", timed(lambda hand=hand: analyse(parse_tiles(hand), [], RULES), 20)))
    worst_scores(args.repeat, not args.no_baseline, args.old)
    rng = random.Random(5)
    print("\n| plain hands | ours µs/hand | brute force µs/hand |\n| --- | --- | --- |")
    for label, make in (("random 13 tiles", random_hand), ("tenpai", tenpai_hand)):
        ours, theirs = compare_waits([make(rng) for _ in range(args.hands)])
        print(f"| {label} ({args.hands}) | {ours:.1f} | {theirs:.1f} |")


if __name__ == "__main__":
    main()
