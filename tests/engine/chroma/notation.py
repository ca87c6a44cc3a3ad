"""Chroma-jong hands in the players' one-line notation (seed 002), for short tests.

    waits_of("3*p111z222z333z444z") == "3m 3p 3s"
    is_furiten("3p111z222z333z444z", discards="3*s")
    best("123m789p4s5*s5s6s6s7s11z", win="1m", riichi=True).han == 2

Faces are the `mahjong` package's 34-index (0-8 = 1-9m, 9-17 p, 18-26 s, 27-33 = 1-7z); `names` writes a set
of faces back as "1m 3p 7z", sorted by index.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.chroma.rules import ChromaRules
from engine.chroma.scoring import ScoreReport, Situation, score
from engine.chroma.tiles import Tile, face_name, parse_melds, parse_tiles
from engine.chroma.waits import WaitsReport, analyse

RULES = ChromaRules()


def tiles(text: str) -> list[Tile]:
    return parse_tiles(text)


def face(text: str) -> int:
    """The face of one tile: `face("7z") == 33`."""
    (tile,) = parse_tiles(text)
    return tile.face


def names(faces: Iterable[int]) -> str:
    return " ".join(face_name(f) for f in sorted(faces))


def counts(text: str) -> list[int]:
    """34-count array of the tiles' faces."""
    out = [0] * 34
    for tile in parse_tiles(text):
        out[tile.face] += 1
    return out


def report(hand: str, melds: str | None = None, discards: str | None = None,
           rules: ChromaRules = RULES, seen: str | None = None) -> WaitsReport:
    return analyse(parse_tiles(hand), parse_melds(melds), rules, None if discards is None else parse_tiles(discards),
                   parse_tiles(seen) if seen else ())


def waits_of(hand: str, melds: str | None = None, rules: ChromaRules = RULES) -> str:
    """The hand's waits as faces, "3m 3p 3s" ("" when not tenpai)."""
    return names(report(hand, melds, rules=rules).waits)


def is_furiten(hand: str, discards: str, melds: str | None = None, rules: ChromaRules = RULES) -> bool:
    result = report(hand, melds, discards, rules)
    assert result.tenpai, f"{hand} is not tenpai"
    return bool(result.furiten)


def best(hand: str, win: str, melds: str | None = None, rules: ChromaRules = RULES, **situation: Any) -> ScoreReport:
    """Score the 14-tile-equivalent `hand` (winning tile included) won on `win`: the last tile in the hand written
    exactly as `win` (`5!z`, `0m`, `3*s`, ...). Keywords are `Situation` fields; `dora`/`ura` take notation."""
    concealed = parse_tiles(hand)
    (wanted,) = parse_tiles(win)
    index = max(i for i, t in enumerate(concealed) if t == wanted)
    for key in ("dora", "ura"):
        if isinstance(situation.get(key), str):
            situation[key] = tuple(parse_tiles(situation[key]))
    return score(concealed, index, parse_melds(melds), rules, Situation(**situation))


def yaku(result: ScoreReport) -> dict[str, int | None]:
    """Yaku name -> han (None for a yakuman)."""
    return {line.name: line.han for line in result.yaku}


def read_as(result: ScoreReport) -> set[tuple[str, str, bool]]:
    """The result's reinterpretations as (tile, face it was read as, by gold)."""
    return {(str(r.tile), face_name(r.face), r.by_gold) for r in result.readings}
