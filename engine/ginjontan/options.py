"""Rule options for Gin-jon-tan, stored in each game's state. Every option is a ruling of docs/rulings.md
where groups would reasonably differ; the defaults are the bot's reading of seed 004."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

ROUND_CHOICES = (3, 6, 9, 12, 33)  # step 9: "usually 3,6,9,12 or 33"
MIN_PLAYERS = 2  # "possibility to play it in pair"
MAX_PLAYERS = 8  # rulings: menus and pictures stay readable; the common deck could serve more
HAND = 9  # step 1
RESERVE = 9  # step 1, step 5
RESERVE_CAP = 33  # step 3.3
ACTIVE = 3  # step 3: "choose 3 cards for unfolding"


@dataclass(frozen=True)
class GinjontanOptions:
    rounds: int = 3  # step 9
    deck: str = "common"  # step 1: "common" (the full set of 6237 cards) or "personal" (33 drafted per player)
    combinations: str = "best"  # "best": a hand scores its single best combination; "all": disjoint ones add up
    order_same_symbol: bool = False  # an order needs one symbol (off: any symbols, consecutive copy numbers)
    winners_to: str = "reserve"  # step 3.3: where a duel's winning cards go ("reserve": unused; "deck": used)
    black_hole: str = "both"  # a winning Black hole empties "both" duellists' reserves, or only the "opponent"'s
    duels: str = "every"  # step 3.6: "every" player duels every other as the active player; "once": each pair once
    prize: bool = False  # Comment 2 (personal decks only): winners take cards from the others' collections

    def __post_init__(self) -> None:
        checks = {"deck": ("common", "personal"), "combinations": ("best", "all"),
                  "winners_to": ("reserve", "deck"), "black_hole": ("both", "opponent"), "duels": ("every", "once")}
        for name, allowed in checks.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {allowed}")
        if not 1 <= self.rounds <= 33:
            raise ValueError("rounds must be 1-33")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GinjontanOptions:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})
