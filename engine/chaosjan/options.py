"""Rule options for CHAOS;JAN, stored in the game's state. Each is a ruling of docs/rulings.md where groups
would reasonably differ; the defaults are the bot's reading of seed 000."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine.errors import IllegalMove
from engine.text import N_

STARTING_HAND = 5  # 4.1
CHOICES_EACH = 3  # 5.1d.2 (three Actions, three Stocks), 5.2d.1 (three Modifiers)


@dataclass(frozen=True)
class ChaosOptions:
    hypers_per_player: int = 2  # 5.1d.1: "at least two Hyper cards for each player"; groups may agree otherwise
    negates: int = 10  # 5.1d.1: "at least 10 Negate cards"
    modifier_on: str = "dealer"  # 1.4b.1 "wind rotation": "dealer" (the seat winds rotate) or "round" (East->South)
    first_hand_draw: bool = False  # 4.2 also at the start of the first hand (then six cards, not five)
    applies_ends_with_hand: bool = True  # 1.6c.2 Stocks ("until it no longer applies") also end with the hand

    def __post_init__(self) -> None:
        """The engine re-checks what the command's choices and bounds already limit (a client can send anything)."""
        if self.modifier_on not in ("dealer", "round"):
            raise IllegalMove(N_("`modifier_on` is `dealer` or `round`."), N_("Pick one of the choices."),
                              code="bad_option")
        if not 0 <= self.hypers_per_player <= 10:
            raise IllegalMove(N_("`hypers` is 0 to 10 per player."), N_("5.1d.1: two each is the default."),
                              code="bad_option")
        if not 0 <= self.negates <= 40:
            raise IllegalMove(N_("`negates` is 0 to 40."), N_("5.1d.1: ten is the default."), code="bad_option")

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ChaosOptions:
        return cls(**data)
