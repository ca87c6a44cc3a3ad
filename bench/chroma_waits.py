"""`/chroma waits` on a nine-gates hand with a silver and a red five (the docs/pictures sample): the wait search
and the picture, each timed on its own (median of 20 after a warm-up).

    .venv/bin/python bench/chroma_waits.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.chroma.rules import ChromaRules
from engine.chroma.tiles import parse_tiles
from engine.chroma.waits import analyse
from render import chroma


def timed(run, rounds: int = 20) -> float:
    run()
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        run()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def main() -> None:
    tiles = parse_tiles("11123*40678999m")
    discards = parse_tiles("9m")
    report = analyse(tiles, [], ChromaRules(), discards)
    search = timed(lambda: analyse(tiles, [], ChromaRules(), discards))
    drawing = chroma.waits_picture(report, tiles, [])
    picture = timed(drawing.draw)
    print(f"waits search: {search:.1f} ms median; picture: {picture:.1f} ms median ({len(report.waits)} waits)")


if __name__ == "__main__":
    main()
