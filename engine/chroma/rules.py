"""Which ability each chroma has, and what a tile may be read as (seed 002, "Chroma Ability Clarification",
"Modifications").

The seed's abilities belong to chromas; a group may swap in the seed's alternatives or deal the abilities to
the chromas at random each hanchan, so an ability here is a value that any chroma can hold.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from engine.chroma.tiles import HONOURS, Chroma, Tile, face_of
from engine.errors import IllegalMove
from engine.text import N_


class Ability(StrEnum):
    SUITLESS = "suitless"  # silver: the same number in any suit (honours: any wind / any dragon)
    AFTER_WIN = "after-win"  # gold: after a win, read one tile of the hand as any face
    HAN = "han"  # red: +1 han
    CLOSED_MELD = "closed-meld"  # blue: a meld holding it counts as closed
    ANY_IN_RIICHI = "any-in-riichi"  # prismatic: drawn during riichi, any face
    GREEN_IN_RIICHI = "green-in-riichi"  # fern-green: drawn during riichi, any green face
    RED_IN_RIICHI = "red-in-riichi"  # light-siam: drawn during riichi, any red face
    # The seed's alternatives ("Modifications"):
    CALL_WILD = "call-wild"  # alternatives 1 and 2: in a called meld, any face of its suit
    ZERO_HAN_YAKU = "zero-han-yaku"  # alternative 3
    TRADE_OFF = "trade-off"  # alternative 4: -2 han +1 chip, or +2 han -1 chip
    TERMINAL_BLOCKS = "terminal-blocks"  # alternative 5: +ceil(X/2) han, X = blocks with a terminal or honour
    SUM_MOD_3 = "sum-mod-3"  # alternative 6: +(sum of the number tiles' numbers mod 3) han


ABILITY_TEXT: dict[Ability, str] = {
    Ability.SUITLESS: N_("suitless: may be read as the same number in any suit (an honour: as any wind, or any "
                         "dragon)"),
    Ability.AFTER_WIN: N_("after a win, lets the winner read one tile of the hand as any face (hand complete with yaku "
                          "before and after)"),
    Ability.HAN: N_("+1 han"),
    Ability.CLOSED_MELD: N_("a meld holding it counts as closed (riichi, fu and yaku)"),
    Ability.ANY_IN_RIICHI: N_("drawn during riichi: may be read as any face"),
    Ability.GREEN_IN_RIICHI: N_("drawn during riichi: may be read as any green face (1-9s, 6z)"),
    Ability.RED_IN_RIICHI: N_("drawn during riichi: may be read as any red face (1-9m, 135679p, 1579s, 7z)"),
    Ability.CALL_WILD: N_("in a called meld, may be read as any face of its suit"),
    Ability.ZERO_HAN_YAKU: N_("a 0-han yaku (the hand has a yaku)"),
    Ability.TRADE_OFF: N_("after a win: -2 han and +1 chip, or +2 han and -1 chip"),
    Ability.TERMINAL_BLOCKS: N_("+half (rounded up) the number of blocks holding a terminal or honour, in han"),
    Ability.SUM_MOD_3: N_("+(sum of the number tiles' numbers, mod 3) han"),
}


class GoldReading(StrEnum):
    """How an after-win (gold) tile's change meets "the hand before and after interpretation must both be valid"."""

    STRICT = "strict"  # every tile the gold doesn't change keeps the one reading it had in the valid hand before
    LOOSE = "loose"  # the hand after may read the other wildcards afresh, so long as some reading was valid before


RIICHI_WILDCARDS = (Ability.ANY_IN_RIICHI, Ability.GREEN_IN_RIICHI, Ability.RED_IN_RIICHI)

# Seed 002 gist 6.
GREEN_FACES = frozenset([face_of(n, "s") for n in range(1, 10)] + [face_of(6, "z")])
RED_FACES = frozenset([face_of(n, "m") for n in range(1, 10)] + [face_of(n, "p") for n in (1, 3, 5, 6, 7, 9)]
                      + [face_of(n, "s") for n in (1, 5, 7, 9)] + [face_of(7, "z")])
RED_FACES_LIMITED = frozenset([face_of(n, "m") for n in range(1, 10)] + [face_of(7, "z")])  # seed's dragon alt. 1
ALL_FACES = frozenset(range(34))

DEFAULT_ABILITIES: dict[Chroma, Ability] = {
    Chroma.SILVER: Ability.SUITLESS,
    Chroma.GOLD: Ability.AFTER_WIN,
    Chroma.RED: Ability.HAN,
    Chroma.BLUE: Ability.CLOSED_MELD,
    Chroma.PRISMATIC: Ability.ANY_IN_RIICHI,
    Chroma.FERN: Ability.GREEN_IN_RIICHI,
    Chroma.SIAM: Ability.RED_IN_RIICHI,
}


@dataclass(frozen=True)
class ChromaRules:
    """A channel's Chroma-jong options (like the `mahjong` package's OptionalRules)."""

    abilities: tuple[tuple[Chroma, Ability], ...] = tuple(DEFAULT_ABILITIES.items())
    siam_limited: bool = False  # the red-face wildcard reads only 1-9m and 7z (seed's dragon alternative 1)
    rainbow_from: int = 5  # Rainbow: this many chroma tiles 1 han, +1 2 han, +2 3 han, +3 or more yakuman
    open_tanyao: bool = True
    chip_value: int = 0  # points a chip is worth to the winner, when a trade-off tile weighs han against chips
    gold_reading: GoldReading = GoldReading.STRICT

    def ability(self, chroma: Chroma) -> Ability:
        return dict(self.abilities)[chroma]

    def holders(self, ability: Ability) -> tuple[Chroma, ...]:
        return tuple(chroma for chroma, held in self.abilities if held is ability)

    def with_ability(self, chroma: Chroma, ability: Ability) -> ChromaRules:
        return replace(self, abilities=tuple((c, ability if c is chroma else a) for c, a in self.abilities))

    def to_dict(self) -> dict[str, Any]:
        return {"abilities": {c.value: a.value for c, a in self.abilities}, "siam_limited": self.siam_limited,
                "rainbow_from": self.rainbow_from, "open_tanyao": self.open_tanyao,
                "chip_value": self.chip_value, "gold_reading": self.gold_reading.value}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ChromaRules:
        abilities = tuple((Chroma(c), Ability(a)) for c, a in data["abilities"].items())
        return cls(abilities=abilities, siam_limited=data["siam_limited"], rainbow_from=data["rainbow_from"],
                   open_tanyao=data["open_tanyao"], chip_value=data.get("chip_value", 0),
                   gold_reading=GoldReading(data.get("gold_reading", GoldReading.STRICT)))

    def __post_init__(self) -> None:
        if sorted(c for c, _ in self.abilities) != sorted(Chroma):
            raise IllegalMove(N_("Every chroma needs exactly one ability."), N_("Give each of the seven chromas one."))
        if not 1 <= self.rainbow_from <= 15:
            raise IllegalMove(N_("The Rainbow starts at 1 to 15 chroma tiles."), N_("The seed's value is 5."))


_SUIT_MATES = {face: tuple(face % 9 + 9 * s for s in range(3)) for face in range(HONOURS)}
_WINDS, _DRAGONS = tuple(range(27, 31)), tuple(range(31, 34))


def readings(tile: Tile, rules: ChromaRules) -> frozenset[int]:
    """The faces this tile may be read as in the concealed hand (and as a discard, for furiten)."""
    if tile.chroma is None:
        return frozenset((tile.face,))
    ability = rules.ability(tile.chroma)
    if ability is Ability.SUITLESS:
        if tile.face < HONOURS:
            return frozenset(_SUIT_MATES[tile.face])
        return frozenset(_WINDS if tile.face in _WINDS else _DRAGONS)
    if tile.live and ability in RIICHI_WILDCARDS:
        if ability is Ability.ANY_IN_RIICHI:
            return ALL_FACES
        if ability is Ability.GREEN_IN_RIICHI:
            return GREEN_FACES | {tile.face}
        return (RED_FACES_LIMITED if rules.siam_limited else RED_FACES) | {tile.face}
    return frozenset((tile.face,))


def meld_readings(tile: Tile, rules: ChromaRules) -> frozenset[int]:
    """The faces a tile may be read as inside a called meld."""
    if tile.chroma is not None and rules.ability(tile.chroma) is Ability.CALL_WILD and tile.face < HONOURS:
        suit = tile.face // 9 * 9
        return frozenset(range(suit, suit + 9))
    return readings(tile, rules)


def count_ability(tiles: list[Tile], rules: ChromaRules, ability: Ability) -> int:
    return sum(1 for t in tiles if t.chroma is not None and rules.ability(t.chroma) is ability)
