"""The 108 cards of Uno, their ids, names and the short notation players type (`r5`, `g+2`, `w+4`).

A card is an int id (0-107) everywhere in the state, so piles and hands are tuples of small ints and the
"no card is created or lost" invariant is a multiset check. `CARDS[id]` gives its colour and rank.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from engine.errors import IllegalMove
from engine.text import ECHO, N_, Ref, ascii_number, shorten


class Colour(StrEnum):
    RED = "r"
    YELLOW = "y"
    GREEN = "g"
    BLUE = "b"


COLOURS = (Colour.RED, Colour.YELLOW, Colour.GREEN, Colour.BLUE)
COLOUR_NAMES = {Colour.RED: "Red", Colour.YELLOW: "Yellow", Colour.GREEN: "Green", Colour.BLUE: "Blue"}

# Ranks: "0".."9" for numbers, then the symbols. Their notation is the rank itself.
SKIP, REVERSE, DRAW2, WILD, WILD4 = "skip", "rev", "+2", "wild", "+4"
NUMBERS = tuple(str(n) for n in range(10))
SYMBOL_NAMES = {SKIP: "Skip", REVERSE: "Reverse", DRAW2: "+2", WILD: "Wild", WILD4: "Wild +4"}
RANK_ORDER = {**{n: int(n) for n in NUMBERS}, SKIP: 10, REVERSE: 11, DRAW2: 12, WILD: 13, WILD4: 14}


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    colour: Colour | None  # None for Wild and Wild +4
    rank: str
    is_wild: bool = field(init=False, repr=False, compare=False)
    plus: int = field(init=False, repr=False, compare=False)  # cards it adds to a stack: 2 for a +2, 4 for a +4

    def __post_init__(self) -> None:  # set once: the rules read them for every card of every hand
        object.__setattr__(self, "is_wild", self.colour is None)
        object.__setattr__(self, "plus", 2 if self.rank == DRAW2 else 4 if self.rank == WILD4 else 0)

    @property
    def is_number(self) -> bool:
        return self.rank in NUMBERS

    @property
    def suit(self) -> Colour:
        """The colour of a coloured card (every card but the Wilds)."""
        assert self.colour is not None, f"{self.rank} is a Wild"
        return self.colour

    @property
    def notation(self) -> str:
        if self.colour is None:
            return "w" if self.rank == WILD else "w+4"
        return f"{self.colour.value}{self.rank}"

    @property
    def name(self) -> str:
        if self.colour is None:
            return SYMBOL_NAMES[self.rank]
        return f"{COLOUR_NAMES[self.colour]} {SYMBOL_NAMES.get(self.rank, self.rank)}"

    @property
    def sort_key(self) -> tuple[int, int, int]:
        colour = 4 if self.colour is None else COLOURS.index(self.colour)
        return colour, RANK_ORDER[self.rank], self.id


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for colour in COLOURS:
        for rank in ("0", *(n for n in NUMBERS[1:] for _ in range(2)),
                     *(s for s in (SKIP, REVERSE, DRAW2) for _ in range(2))):
            cards.append(Card(len(cards), colour, rank))
    for rank in (WILD,) * 4 + (WILD4,) * 4:
        cards.append(Card(len(cards), None, rank))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build()
DECK_SIZE = len(CARDS)  # 108
assert DECK_SIZE == 108


def card(card_id: int) -> Card:
    return CARDS[card_id]


# -- notation -------------------------------------------------------------------------------------------

_COLOUR_WORDS = {"r": Colour.RED, "red": Colour.RED, "y": Colour.YELLOW, "yellow": Colour.YELLOW,
                 "g": Colour.GREEN, "green": Colour.GREEN, "b": Colour.BLUE, "blue": Colour.BLUE}
_RANK_WORDS = {**{n: n for n in NUMBERS}, "skip": SKIP, "s": SKIP, "sk": SKIP, "rev": REVERSE, "reverse": REVERSE,
               "r": REVERSE, "+2": DRAW2, "d2": DRAW2, "draw2": DRAW2, "draw 2": DRAW2, "p2": DRAW2}
_WILD_WORDS = {"w": WILD, "wild": WILD, "w+4": WILD4, "+4": WILD4, "wd4": WILD4, "wild+4": WILD4,
               "wild +4": WILD4, "w4": WILD4, "wild4": WILD4}
_SPLIT = re.compile(r"^(red|yellow|green|blue|[rygb])[\s\-_]*(.+)$")


@dataclass(frozen=True, slots=True)
class Face:
    """What a player names when they type a card: a colour (None for wilds) and a rank. Any copy will do."""

    colour: Colour | None
    rank: str

    def matches(self, c: Card) -> bool:
        return c.colour == self.colour and c.rank == self.rank

    @property
    def notation(self) -> str:
        return Card(-1, self.colour, self.rank).notation

    @property
    def name(self) -> str:
        return Card(-1, self.colour, self.rank).name


def parse_face(text: str) -> Face:
    """`r5`, `red 5`, `g+2`, `bskip`, `yrev`, `w`, `w+4`, also a card id as `#12`. Raises IllegalMove."""
    raw = text.strip().casefold()
    number = ascii_number(raw[1:]) if raw.startswith("#") else None
    if number is not None and number < DECK_SIZE:
        c = CARDS[number]
        return Face(c.colour, c.rank)
    if raw in _WILD_WORDS:
        return Face(None, _WILD_WORDS[raw])
    match = _SPLIT.match(raw)
    if match:
        rank = _RANK_WORDS.get(match.group(2).strip())
        if rank is not None:
            return Face(_COLOUR_WORDS[match.group(1)], rank)
    raise IllegalMove(N_("I can't read {text} as a card."),
                      N_("Write a colour letter and a rank: r5, g+2, bskip, yrev; w for a Wild, w+4 for a Wild +4. "
                         "Or pick one from the suggestions."), code="bad_card", text=repr(shorten(text, ECHO)))


def parse_colour(text: str) -> Colour:
    colour = _COLOUR_WORDS.get(text.strip().casefold())
    if colour is None:
        raise IllegalMove(N_("{text} is not a colour."), N_("Choose red, yellow, green or blue."),
                          code="bad_colour", text=repr(shorten(text, ECHO)))
    return colour


def card_ref(c: Card | Face) -> Ref:
    """A card (or a face) as a refusal names it: render/ words it in the player's language."""
    return Ref("uno card", (None if c.colour is None else c.colour.value, c.rank), c.name)


def sorted_hand(hand: tuple[int, ...]) -> list[Card]:
    return sorted((CARDS[i] for i in hand), key=lambda c: c.sort_key)
