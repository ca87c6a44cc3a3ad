"""Rule options for Uno: Chaos Edition, stored in each game's state (as the mahjong package's OptionalRules).

Every rule of seed 003 can be switched off, so a group can play the chaos it likes; `PRESETS` holds the two
starting points: `chaos` (everything, the default) and `classic` (official Uno, as far as the bot follows it:
docs/rulings.md).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from functools import cached_property
from typing import Any

from engine.timer import MAX_TIMER as MAX_TIMER
from engine.timer import MIN_TIMER as MIN_TIMER
from engine.timer import check_timer as check_timer

MAX_PLAYERS = 10
MIN_PLAYERS = 2


@dataclass(frozen=True)
class UnoOptions:
    hand_size: int = 7  # "Every player begins the game with 7 cards" (Basic rules)
    six_is_nine: bool = True  # 6 and 9 are the same card (Cards)
    zero_passes_hands: bool = True  # 0: every hand moves along the turn order (Cards)
    one_moves_pile: bool = True  # 1: the pile is moved onto another pile (Cards)
    two_new_pile: bool = True  # 2: a new discard pile is flipped from the draw pile (Cards)
    seven_trades: bool = True  # 7: trade hands with a chosen player (Cards)
    eight_jumps: bool = True  # 8: jump in with it as if it were a power card (Cards)
    max_piles: int = 6  # 2s flip no new pile past this many (rulings: the board must stay readable)
    draw_until_playable: bool = True  # draw until you can play, then play that card (Basic rules)
    jump_in: bool = True  # Jumping in
    stacking: bool = True  # Stacking: plus cards stack and add up
    deflection: bool = True  # Deflection: power cards pass stacks, 7s and 0s on
    crazy_eights: bool = True  # Crazy 8's: four 8s in a row on one pile
    challenge_wild4: bool = True  # Challenging
    wild4_colour_only: bool = False  # official Uno: guilty only with a card of the pile's colour in hand
    challenge_next_only: bool = False  # official Uno: only the player the Wild +4 makes draw may challenge it
    challenge_extra: int = 0  # official Uno: a failed challenger draws 2 more (6 in all)
    uno_rule: bool = True  # The "Uno" rule
    uno_penalty: int = 4  # cards for a missed "Uno" or a false call-out
    callout_before_next: bool = False  # official Uno: a missed "Uno" is caught before the next card, not after
    draw_while_playable: bool = False  # official Uno: you may draw instead of playing a playable card
    first_wild4_returned: bool = False  # official Uno: a first Wild +4 turned goes back; the next card is turned
    first_reverse_dealer_starts: bool = False  # official Uno: a first Reverse turned: the dealer plays first
    points: bool = True  # Winning the game: points, rounds; off: the first empty hand wins
    two_player_reverse_skips: bool = True  # rulings: with two players a Reverse acts as a Skip (plain Uno)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> UnoOptions:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})

    def with_changes(self, **changes: Any) -> UnoOptions:
        return replace(self, **changes)

    def __post_init__(self) -> None:
        # The rules read the options on every move. A frozen dataclass's __init__ leaves the fields in a split
        # (shared-key) __dict__, and once that dict exists (a cached_property below makes it) CPython 3.11
        # specializes no attribute read on it; a plain copy reads as fast as any instance attribute.
        object.__setattr__(self, "__dict__", dict(self.__dict__))

    @cached_property
    def power_ranks(self) -> frozenset[str]:
        """Ranks that jump in by symbol (Cards: "0, 1, 2, 7 and 8 are treated as power cards")."""
        ranks = {"skip", "rev", "+2", "wild", "+4"}
        for rank, on in (("0", self.zero_passes_hands), ("1", self.one_moves_pile), ("2", self.two_new_pile),
                         ("7", self.seven_trades), ("8", self.eight_jumps)):
            if on:
                ranks.add(rank)
        return frozenset(ranks)

    @cached_property
    def plain_ranks(self) -> frozenset[str]:
        """Ranks whose card does nothing but pass the turn on (Skip, Reverse; a Wild: its colour): no stack, shift,
        trade, new or moved pile, and no run of 8s to count."""
        ranks = {"3", "4", "5", "6", "9", "skip", "rev", "wild"}
        for rank, on in (("0", self.zero_passes_hands), ("1", self.one_moves_pile), ("2", self.two_new_pile),
                         ("7", self.seven_trades), ("8", self.crazy_eights)):
            if not on:
                ranks.add(rank)
        return frozenset(ranks)


CHAOS = UnoOptions()
CLASSIC = UnoOptions(six_is_nine=False, zero_passes_hands=False, one_moves_pile=False, two_new_pile=False,
                     seven_trades=False, eight_jumps=False, draw_until_playable=False, jump_in=False,
                     stacking=False, deflection=False, crazy_eights=False, points=False, wild4_colour_only=True,
                     challenge_next_only=True, challenge_extra=2, uno_penalty=2, callout_before_next=True,
                     draw_while_playable=True, first_wild4_returned=True, first_reverse_dealer_starts=True)
PRESETS: dict[str, UnoOptions] = {"chaos": CHAOS, "classic": CLASSIC}

