"""Gin-jon-tan scoring timings (issue 6): `score_hand` on random 9-card hands.

    .venv/bin/python bench/ginjontan.py [--hands 5000] [--seed 6]      (or: make bench-ginjontan)

Hands are drawn from the full set (ids 0..6236) with a fixed seed, in groups by how many Universals they hold:
none, exactly one, exactly two and three (the Universals picked from the 231 Universal cards, the other cards from
the rest of the set). Each group is scored with `combinations="best"` and with `"all"`; the same hands for both.
Every call is timed on its own (explanations included). The scoring module's colour-factor caches start empty, so
the first hands of a run pay for filling them. Aim: p99 under 5 ms per hand, even with two Universals.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.ginjontan.cards import FULL_SET_SIZE, card
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.scoring import score_hand

HAND = 9
AIM_MS = 5.0
GROUPS = ((0, "no Universal"), (1, "one Universal"), (2, "two Universals"), (3, "three Universals"))
UNIVERSALS = tuple(c for c in range(FULL_SET_SIZE) if card(c).special == "universal")
OTHERS = tuple(c for c in range(FULL_SET_SIZE) if card(c).special != "universal")


def hands(rng: random.Random, universals: int, count: int) -> list[tuple[int, ...]]:
    """`count` hands of HAND cards holding exactly `universals` Universals, in a shuffled order."""
    out = []
    for _ in range(count):
        hand = rng.sample(UNIVERSALS, universals) + rng.sample(OTHERS, HAND - universals)
        rng.shuffle(hand)
        out.append(tuple(hand))
    return out


def timed(hands_: list[tuple[int, ...]], options: GinjontanOptions) -> tuple[list[float], float]:
    """Milliseconds per hand, and the whole run's seconds."""
    samples = []
    begin = time.perf_counter()
    for hand in hands_:
        start = time.perf_counter()
        score_hand(hand, options)
        samples.append((time.perf_counter() - start) * 1000)
    return samples, time.perf_counter() - begin


def exchange_sweep(rng: random.Random, rounds: int) -> list[float]:
    """Seconds to score every hand an exchange of 1-3 cards can make (6.1b: C(9,k)^2 for k = 1..3, 8,433
    hands) from a random 9-card hand and 9-card reserve, `rounds` times."""
    times = []
    for _ in range(rounds):
        cards = rng.sample(OTHERS, 2 * HAND)
        hand, reserve = cards[:HAND], cards[HAND:]
        start = time.perf_counter()
        for k in (1, 2, 3):
            for give in combinations(range(HAND), k):
                kept = [c for i, c in enumerate(hand) if i not in give]
                for take in combinations(reserve, k):
                    score_hand(kept + list(take))
        times.append(time.perf_counter() - start)
    return times


def percentile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=5000, help="hands per group (default 5000)")
    parser.add_argument("--seed", type=int, default=6, help="seed of the random hands (default 6)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    groups = [(label, hands(rng, universals, args.hands)) for universals, label in GROUPS]
    print(f"{args.hands} random {HAND}-card hands a group, seed {args.seed}; aim: p99 under {AIM_MS:g} ms\n")
    print("| combinations | hand | hands | hands/s | p50 ms | p99 ms | max ms | p99 < 5 ms |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for mode in ("best", "all"):
        options = GinjontanOptions(combinations=mode)
        for label, group in groups:
            samples, seconds = timed(group, options)
            ordered = sorted(samples)
            p99 = percentile(ordered, 0.99)
            print(f"| {mode} | {label} | {len(group)} | {len(group) / seconds:,.0f} | "
                  f"{statistics.median(ordered):.3f} | {p99:.3f} | {ordered[-1]:.3f} | "
                  f"{'yes' if p99 < AIM_MS else '**no**'} |")
    sweep = exchange_sweep(rng, 3)
    print(f"\nEvery exchange of 1-3 cards (8,433 hands) from a hand and a reserve: "
          f"{', '.join(f'{t:.2f}' for t in sweep)} s ({8433 / statistics.median(sweep):,.0f} hands/s)")


if __name__ == "__main__":
    main()
