"""Gin-jon-tan cards (seed 004, "Point evaluation" and "Card symbols").

A card is a symbol, a colour and a copy number 1-33. Every card of the full set is one int id
(`card_id`), so hands, reserves and decks are tuples of ints. Its value is
symbol value x copy number x colour multiplier (rulings: "Bonus ... base value 1, multiplied by colour
and copy number" says all three multiply).

Notation: colour letter, copy number, symbol: `r12sun`, `v33blackhole`, `w1bonus`, `y5uni`. Symbols may be
shortened to any unambiguous prefix (`blackh`, `sup`) or an alias (`bh`, `ss`). Cards are separated by
spaces or commas.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import cache
from typing import Any

from engine.errors import IllegalMove
from engine.ginjontan.words import CARD, colour, words
from engine.text import N_, Ref, ascii_number, caret, shorten

COPIES = 33


class Colour(Enum):
    """The seven colours and their multipliers ("Color")."""

    WHITE = ("w", "White", 1)
    RED = ("r", "Red", 3)
    ORANGE = ("o", "Orange", 9)
    YELLOW = ("y", "Yellow", 12)
    GREEN = ("g", "Green", 15)
    BLUE = ("b", "Blue", 33)
    VIOLET = ("v", "Violet", 99)

    def __init__(self, letter: str, title: str, multiplier: int) -> None:
        self.letter = letter
        self.title = title
        self.multiplier = multiplier

    @property
    def named(self) -> Ref:
        """The colour's name, for render/ to word."""
        return colour(self.letter, self.title)


COLOURS = tuple(Colour)
FULL_COLOURS = tuple(c for c in COLOURS if c is not Colour.WHITE)  # "All six colors (white is not counted)"


@dataclass(frozen=True)
class Symbol:
    index: int
    name: str
    value: int
    verbs: tuple[tuple[str, str], ...]  # (verb, the symbol it overcomes), from the symbol table
    special: str = ""  # "black_hole", "bonus", "universal", "defeat"

    @property
    def code(self) -> str:
        return self.name.replace(" ", "").lower()


_TABLE = [  # Symbol, value, description: the seed's table, in its order
    ("Righteous", 9, [("Judge", "Prisoner"), ("Restrain", "Executioner")]),
    ("Fire", 1, [("Lighten", "Night"), ("Warm up", "Coldness")]),
    ("Love", 6, [("Avert", "Weapon"), ("Survive", "Death")]),
    ("Sin", 6, [("Seduce", "Righteous"), ("Spoil", "Life")]),
    ("Water", 1, [("Quench", "Fire"), ("Flood", "Path")]),
    ("Air", 1, [("Fill", "Vacuum"), ("Disperse", "Earth")]),
    ("Night", 1, [("Cover", "Sin"), ("Warp", "Hope")]),
    ("Path", 3, [("Overcome", "Earth"), ("Arch", "Abyss")]),
    ("Black hole", 33, []),  # "Neutralise anything, cancel opponent reserve": see `overcomes`
    ("Hope", 6, [("Overwhelm", "Death"), ("Substitute", "Love")]),
    ("Earth", 1, [("Fill", "Abyss"), ("Draw", "Moon")]),
    ("Sun", 9, [("Repel", "Night"), ("Disperse", "Coldness")]),
    ("Abyss", 3, [("Devour", "Path"), ("Drain", "Air")]),
    ("Moon", 9, [("Draw", "Air"), ("Occupy", "Vacuum")]),
    ("Space ship", 12, [("Shoot down", "Boat"), ("Annex", "Moon")]),
    ("Life", 12, [("Surpass", "Death"), ("Fail", "Hope")]),
    ("Supernova", 33, [("Destroy", "Space ship"), ("Replace", "Sun")]),
    ("Executioner", 3, [("Take", "Life"), ("Punish", "Sin")]),
    ("Prisoner", 3, [("Take", "Weapon"), ("Steal", "Space ship")]),
    ("Boat", 9, [("Capture", "Prisoner"), ("Consume", "Water")]),
    ("Death", 12, [("Hush", "Righteous"), ("Remove", "Prisoner")]),
    ("Coldness", 1, [("Freeze", "Water"), ("Tame", "Love")]),
    ("Vacuum", 6, [("Choke", "Fire"), ("Extinguish", "Sun")]),
    ("Weapon", 3, [("Kill", "Executioner"), ("Wreck", "Life")]),
    ("Bonus", 1, []),  # "Its own base value is treated as 1"
    ("Universal", 99, []),
    ("Defeat", 0, []),  # "x0"
]
_SPECIAL = {"Black hole": "black_hole", "Bonus": "bonus", "Universal": "universal", "Defeat": "defeat"}
SYMBOLS = tuple(Symbol(i, name, value, tuple(verbs), _SPECIAL.get(name, ""))
                for i, (name, value, verbs) in enumerate(_TABLE))
SYMBOL_BY_NAME = {s.name: s for s in SYMBOLS}
BLACK_HOLE, BONUS, UNIVERSAL, DEFEAT = (SYMBOL_BY_NAME[n] for n in ("Black hole", "Bonus", "Universal", "Defeat"))
ALIASES = {"bh": BLACK_HOLE, "ss": SYMBOL_BY_NAME["Space ship"], "uni": UNIVERSAL}
FULL_SET_SIZE = len(SYMBOLS) * len(COLOURS) * COPIES  # 6237


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    symbol: Symbol
    colour: Colour
    copy: int

    @property
    def value(self) -> int:
        return self.symbol.value * self.copy * self.colour.multiplier

    @property
    def notation(self) -> str:
        return f"{self.colour.letter}{self.copy}{self.symbol.code}"

    @property
    def name(self) -> str:
        return f"{self.colour.title} {self.copy} {self.symbol.name}"

    @property
    def special(self) -> str:
        return self.symbol.special


def named(cid: int) -> Ref:
    """A card as a refusal or an explanation names it (render/ words it as a card; its English is `Card.name`)."""
    return Ref(CARD, cid, card(cid).name)


def card_id(symbol: Symbol, colour: Colour, copy: int) -> int:
    return (symbol.index * len(COLOURS) + COLOURS.index(colour)) * COPIES + copy - 1


@cache
def card(cid: int) -> Card:
    if not 0 <= cid < FULL_SET_SIZE:
        raise ValueError(f"no card {cid}")
    rest, copy = divmod(cid, COPIES)
    symbol, colour = divmod(rest, len(COLOURS))
    return Card(cid, SYMBOLS[symbol], COLOURS[colour], copy + 1)


def value(cid: int) -> int:
    return card(cid).value


# -- the duel: who overcomes whom (seed: "Note" under the symbol table, and "color thrumps number") -----------

@cache
def overcomes(a: Symbol, b: Symbol) -> bool:
    """`a` overcomes `b` by one of its two verbs, or because it is a Black hole (which overwhelms anything)."""
    if a is BLACK_HOLE:
        return True
    return any(target == b.name for _, target in a.verbs)


def verb(a: Symbol, b: Symbol) -> str:
    """What a player says when `a` overcomes `b` ("Description tells, what should player say")."""
    if a is BLACK_HOLE:
        return "Neutralise"
    return next(v for v, target in a.verbs if target == b.name)


def _saying(a: Symbol, b: Symbol) -> str:
    """What the player says: the card's own words (its verb and the symbol's name, as printed on the card)."""
    return f"{verb(a, b)} {b.name}!"


@dataclass(frozen=True)
class Clash:
    """The result of one card acting on another in a duel (step 3.3)."""

    winner: int | None  # card id, None for a standoff
    loser: int | None
    reason: str  # "verb", "colour", "number", "standoff"
    words: Ref  # what happened, for render/ to word (engine/ginjontan/words.py)
    acting_won: bool | None = None  # None for a standoff (decides the owner even when both cards have one id)

    @property
    def text(self) -> str:
        return self.words.english


def clash(acting: int, target: int) -> Clash:
    """`acting` acts on `target`. A verb decides first (both ways: the acting card says its verb first), then the
    higher colour ("color trumps number"), then the higher value ("higher number value trumps lower");
    identical strength is a standoff."""
    a, b = card(acting), card(target)
    if overcomes(a.symbol, b.symbol):
        return Clash(acting, target, "verb", words(N_("{winner} overcomes {loser}: “{saying}”"), winner=named(acting),
                                                   loser=named(target), saying=_saying(a.symbol, b.symbol)), True)
    if overcomes(b.symbol, a.symbol):
        return Clash(target, acting, "verb", words(N_("{winner} overcomes {loser}: “{saying}”"), winner=named(target),
                                                   loser=named(acting), saying=_saying(b.symbol, a.symbol)), False)
    if a.colour.multiplier != b.colour.multiplier:
        win, lose = (a, b) if a.colour.multiplier > b.colour.multiplier else (b, a)
        return Clash(win.id, lose.id, "colour", words(N_("{winner} beats {loser} by colour"), winner=named(win.id),
                                                      loser=named(lose.id)), win is a)
    if a.value != b.value:
        win, lose = (a, b) if a.value > b.value else (b, a)
        return Clash(win.id, lose.id, "number", words(N_("{winner} beats {loser} by value ({high} > {low})"),
                                                      winner=named(win.id), loser=named(lose.id), high=win.value,
                                                      low=lose.value), win is a)
    return Clash(None, None, "standoff", words(N_("{first} and {second} are equal: a standoff"), first=named(acting),
                                               second=named(target)))


# -- notation ---------------------------------------------------------------------------------------------------

class CardNotationError(IllegalMove):
    """Bad card notation; the message quotes the text with a caret under the wrong part."""

    code = "bad_cards"

    def __init__(self, text: str, position: int, problem: Ref, hint: str | None = None, **params: Any) -> None:
        super().__init__(N_("{problem} (character {position}):\n{quote}"), hint or NOTATION_HINT, problem=problem,
                         position=position + 1, quote=caret(text, position), **params)
        self.position = position


NOTATION_HINT = N_("Write a card as colour letter, copy number, symbol: `r12sun`, `v33blackhole`, `w1bonus`, `y5uni` "
                   "(colours w r o y g b v; numbers 1-33). Separate cards with spaces or commas.")
LONGEST = 1500  # characters of notation in one option
_TOKEN = re.compile(r"[^\s,]+")
_CARD = re.compile(r"(?P<colour>[a-z]?)(?P<copy>[0-9]*)(?P<symbol>.*)", re.IGNORECASE)
_COLOUR_BY_LETTER = {c.letter: c for c in COLOURS}


def symbol_matches(text: str) -> list[Symbol]:
    """Symbols a (lower-case, spaceless) name or prefix can mean."""
    if text in ALIASES:
        return [ALIASES[text]]
    exact = [s for s in SYMBOLS if s.code == text]
    return exact or [s for s in SYMBOLS if s.code.startswith(text)]


def parse_card(token: str, *, whole: str | None = None, offset: int = 0) -> int:
    whole = token if whole is None else whole
    m = _CARD.fullmatch(token)
    assert m is not None, "every part of the pattern may be empty"
    colour_text, copy_text, symbol_text = m["colour"].lower(), m["copy"], m["symbol"].lower()
    if not colour_text:
        raise CardNotationError(whole, offset, words(N_("A card starts with its colour letter (w r o y g b v)")))
    if colour_text not in _COLOUR_BY_LETTER:
        raise CardNotationError(whole, offset, words(N_("`{written}` is not a colour: use w r o y g b v"),
                                                      written=colour_text))
    at = offset + 1
    if not copy_text:
        raise CardNotationError(whole, at, words(N_("The copy number (1-33) comes after the colour letter")))
    copy = ascii_number(copy_text)
    if copy is None or not 1 <= copy <= COPIES:
        raise CardNotationError(whole, at, words(N_("Copy numbers go from 1 to 33, not {written}"),
                                                  written=shorten(copy_text, 8)))
    at += len(copy_text)
    if not symbol_text:
        raise CardNotationError(whole, at, words(N_("The symbol is missing after the copy number")))
    found = symbol_matches(symbol_text)
    if len(found) != 1:
        written = shorten(symbol_text, 30)
        problem = (words(N_("`{written}` could be {symbols}"), written=written,
                         symbols=", ".join(s.code for s in found)) if found else
                   words(N_("`{written}` is not a symbol"), written=written))
        raise CardNotationError(whole, at, problem, N_("Symbols: {symbols}."),
                                symbols=", ".join(s.code for s in SYMBOLS))
    return card_id(found[0], _COLOUR_BY_LETTER[colour_text], copy)


def parse_cards(text: str, *, limit: int | None = None) -> list[int]:
    """Cards from notation; the same card may not appear twice (each card of the set exists once)."""
    if len(text) > LONGEST:
        raise CardNotationError(text, LONGEST, words(N_("At most {count} characters of cards"), count=LONGEST))
    cards: list[int] = []
    for m in _TOKEN.finditer(text):
        cid = parse_card(m.group(), whole=text, offset=m.start())
        if cid in cards:
            raise CardNotationError(text, m.start(), words(N_("{card} is written twice"), card=named(cid)),
                                    N_("Each card of the set exists once: two cards differ in colour or copy "
                                       "number."))
        cards.append(cid)
        if limit is not None and len(cards) > limit:
            raise CardNotationError(text, m.start(), words(N_("At most {count} cards"), count=limit))
    if not cards:
        raise CardNotationError(text, 0, words(N_("No cards given")))
    return cards


def format_cards(cards: list[int] | tuple[int, ...]) -> str:
    return " ".join(card(c).notation for c in cards)


def sort_key(cid: int) -> tuple[int, int, int]:
    c = card(cid)
    return (c.symbol.index, COLOURS.index(c.colour), c.copy)
