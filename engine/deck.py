"""Cosmic Deck files: parse JSON or TOML, check every rule of docs/deck-format.md, build a Deck.

A bad file raises DeckError naming the card and the field, so a group can fix its file.
"""

from __future__ import annotations

import json
import re
import tomllib
import weakref
from collections.abc import Callable
from dataclasses import asdict, dataclass
from enum import StrEnum
from functools import cached_property
from json.decoder import JSONObject  # type: ignore[attr-defined]  # the pure-Python object reader, not in the stubs
from json.scanner import py_make_scanner  # type: ignore[attr-defined]
from pathlib import Path
from typing import Any, ClassVar, Generic, Literal, TypeVar, cast, overload

from engine.errors import GameError
from engine.text import ECHO, N_, NUMBER_DIGITS, Ref, shorten
from engine.text import command as command_ref

MAX_FILE_BYTES = 64 * 1024
MAX_CARDS = 200
MAX_DEPTH = 8  # lists and objects inside each other; the format needs 5
MAX_AMOUNT = 1_000_000  # points an effect moves: the most a table starts with (`/table start points`)
FORMAT_HINT = N_("Check the deck format in docs/deck-format.md.")
Where = Ref | str  # how an error names the place at fault: a card_place or card_file Ref (or English words)
DECKS_FOLDER = Path(__file__).resolve().parents[1] / "data" / "decks"
CARD_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_WORD = re.compile(r"[A-Za-z0-9_]+")
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")  # C0, C1, bidi
_UNPRINTABLE = re.compile(_CONTROL.pattern[:-1] + "\t\n]")  # and in names, tabs and line breaks


C = TypeVar("C")


class DeckError(GameError):
    code = "bad_deck"


class CardType(StrEnum):
    MODIFIER = "modifier"
    EVENT = "event"


class Lasts(StrEnum):
    INSTANT = "instant"
    HAND = "hand"
    UNTIL_DISMISSED = "until_dismissed"


PAYMENTS = ("each_other_pays_you", "yakitori_pay_table")  # actions that move points when their card is revealed


@dataclass(frozen=True)
class Action:
    kind: str  # "take_from_table" | "aotenjou" | one of PAYMENTS
    amount: int = 0
    up_to: bool = False
    sanma_amount: int | None = None  # a payment's amount at a three-player table, when it differs

    def amount_for(self, sanma: bool) -> int:
        return self.sanma_amount if sanma and self.sanma_amount is not None else self.amount


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    type: CardType
    text: str | None = None
    sanma: str | None = None
    suuma: str | None = None
    on_reveal: str | None = None
    lasts: Lasts | None = None
    actions: tuple[Action, ...] = ()

    def text_for(self, sanma: bool) -> str:
        """The card's effect for the table's player count: only the Sanma or the Suuma text (seed 001)."""
        variant = self.sanma if sanma else self.suuma
        return " ".join(part for part in (self.text, variant) if part)

    @property
    def lingers(self) -> bool:
        return self.type is CardType.EVENT and self.lasts is not Lasts.INSTANT

    @property
    def aotenjou(self) -> bool:
        return any(a.kind == "aotenjou" for a in self.actions)

    @property
    def payments(self) -> tuple[Action, ...]:
        return tuple(a for a in self.actions if a.kind in PAYMENTS)

    @property
    def about_yakitori(self) -> bool:
        texts = (self.text, self.sanma, self.suuma, self.on_reveal)
        return any(a.kind == "yakitori_pay_table" for a in self.actions) \
            or any("yakitori" in t.casefold() for t in texts if t)


class CardIndex(Generic[C]):
    """Looking cards up in a deck or catalogue: its `cards` each have an `id` and a `name`."""

    name: str
    cards: tuple[C, ...]
    lookup_hint: ClassVar[str] = N_("Pick a card from the suggestions.")
    lookup_command: ClassVar[Ref | None] = None  # the `{command}` of lookup_hint, if it names one

    def card(self, card_id: str) -> C:
        for card in self.cards:
            if card.id == card_id:  # type: ignore[attr-defined]
                return card
        raise DeckError(N_("There is no card {card} in {deck}."), self.lookup_hint, card=repr(shorten(card_id, ECHO)),
                        deck=self.name, command=self.lookup_command)

    def find(self, name: str) -> C | None:
        """A card by id or by name, whatever the case."""
        wanted = name.strip().casefold()
        return next((c for c in self.cards if wanted in (c.id, c.name.casefold())), None)  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Deck(CardIndex[Card]):
    name: str
    description: str
    cards: tuple[Card, ...]
    lookup_hint: ClassVar[str] = N_("Check the name with {command}.")
    lookup_command: ClassVar[Ref | None] = command_ref("cosmic deck")

    @cached_property  # asked at every table render (issue 19); a deck never changes
    def about_yakitori(self) -> bool:
        """A card of this deck depends on who is still yakitori (seed 001 glossary)."""
        return any(card.about_yakitori for card in self.cards)

    def to_dict(self) -> dict[str, Any]:
        """A new dictionary at every call (the caller may change it), copied from the cards' worked out once: a table
        stores its deck at every move, and `asdict` of each card was most of a move's cost (issue 19)."""
        cards = [{**data, "actions": [dict(a) for a in data["actions"]]} if "actions" in data else dict(data)
                 for data in self._card_dicts]
        return {"schema": 1, "name": self.name, "description": self.description, "cards": cards}

    @cached_property
    def _card_dicts(self) -> tuple[dict[str, Any], ...]:
        cards = []
        for card in self.cards:
            data = {k: v for k, v in asdict(card).items() if v not in (None, ())}
            if card.actions:
                data["actions"] = [_action_dict(a) for a in card.actions]
            cards.append(data)
        return tuple(cards)


_decks: weakref.WeakValueDictionary[Deck, Deck] = weakref.WeakValueDictionary()


def _action_dict(action: Action) -> dict[str, Any]:
    if action.kind == "aotenjou":
        return {"kind": "aotenjou"}
    if action.kind in PAYMENTS:
        sanma = {} if action.sanma_amount is None else {"sanma_amount": action.sanma_amount}
        return {"kind": action.kind, "amount": action.amount, **sanma}
    return {"kind": action.kind, "amount": action.amount, "up_to": action.up_to}


def read_document(data: bytes, filename: str) -> Any:
    """The parsed content of an uploaded or shipped card file: `.json` or `.toml`, UTF-8, at most 64 KB."""
    if len(data) > MAX_FILE_BYTES:
        raise DeckError(N_("{file} is {size:,} bytes; a card file may be at most 64 KB ({limit:,})."),
                        N_("Shorten the card texts or split the deck."), file=filename, size=len(data),
                        limit=MAX_FILE_BYTES)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DeckError(N_("{file} is not UTF-8 text."), N_("Save it as UTF-8 JSON or TOML."),
                        file=filename) from error
    lowered = filename.lower()
    if not lowered.endswith((".toml", ".json")):
        raise DeckError(N_("{file} is neither .json nor .toml."), N_("Upload a deck file ending in .json or .toml."),
                        file=filename)
    _check_shape(text, filename, toml=lowered.endswith(".toml"))
    try:
        document = (tomllib.loads(text) if lowered.endswith(".toml") else
                    _UniqueKeys(filename).decode(text))
    except json.JSONDecodeError as error:
        raise DeckError(N_("{file} is not valid JSON: line {line}, column {column}: {reason}."), FORMAT_HINT,
                        file=filename, line=error.lineno, column=error.colno, reason=error.msg) from error
    except tomllib.TOMLDecodeError as error:
        raise DeckError(N_("{file} is not valid TOML: {reason}."), FORMAT_HINT, file=filename,
                        reason=str(error)) from error
    except (RecursionError, ValueError) as error:  # _check_shape should have caught these first
        raise DeckError(N_("{file} could not be read: it nests too deeply or holds too large a number."),
                        FORMAT_HINT, file=filename) from error
    if _depth(document) > MAX_DEPTH:  # TOML's dotted keys (`a.b.c = 1`) nest without brackets
        raise DeckError(N_("{file}: tables and lists nest more than {depth} deep."), FORMAT_HINT,
                        file=filename, depth=MAX_DEPTH)
    return document


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in a parsed document, counted without recursion."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth + 1)
            if depth + 1 <= MAX_DEPTH:
                stack.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return deepest


def shown(value: Any) -> str:
    """A value from a card file, quoted in an error: short."""
    return shorten(repr(value), ECHO)


def _check_shape(text: str, filename: str, *, toml: bool) -> None:
    """Before parsing: lists and objects nest at most MAX_DEPTH deep and numbers have at most NUMBER_DIGITS
    digits, so neither parser recurses without end or reads a 5,000-digit integer. Strings and comments are
    skipped; the error names the line."""
    depth, line, i = 0, 1, 0
    quotes = ('"""', "\'\'\'", '"', "'") if toml else ('"',)
    while i < len(text):
        char = text[i]
        if _WORD.match(char):  # a number, a bare key or a keyword, whole
            run = _WORD.match(text, i)
            assert run is not None
            digits = run.group().replace("_", "")
            if char.isdigit() and len(digits) - (digits[1:2] in "xXoObB" and len(digits) > 1) * 2 > NUMBER_DIGITS:
                raise DeckError(N_("{file}, line {line}: a number has more than {digits} digits."),
                                N_("Amounts go up to {amount:,}."), file=filename, line=line, digits=NUMBER_DIGITS,
                                amount=MAX_AMOUNT)
            i = run.end()
            continue
        if char == "\n":
            line += 1
        elif char in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise DeckError(N_("{file}, line {line}: lists and objects nest more than {depth} deep."),
                                FORMAT_HINT, file=filename, line=line, depth=MAX_DEPTH)
        elif char in "]}":
            depth -= 1
        elif toml and char == "#":
            i = _end_of(text, i, "\n")
            continue
        else:
            quote = next((q for q in quotes if text.startswith(q, i)), None)
            if quote is not None:
                end = _string_end(text, i + len(quote), quote)
                line += text.count("\n", i, end)
                i = end
                continue
        i += 1


def _string_end(text: str, start: int, quote: str) -> int:
    """The index after the string that opened with `quote` just before `start` (escapes only in "...")."""
    i = start
    while i < len(text):
        if text.startswith(quote, i):
            return i + len(quote)
        if text[i] == "\\" and quote[0] == '"':
            i += 1
        elif text[i] == "\n" and len(quote) == 1:
            return i  # an unclosed string: the parser says so
        i += 1
    return len(text)


def _end_of(text: str, start: int, what: str) -> int:
    found = text.find(what, start)
    return len(text) if found < 0 else found


class _UniqueKeys(json.JSONDecoder):
    """JSON whose objects name each key once (TOML refuses a key twice itself); the error names the line."""

    def __init__(self, filename: str) -> None:
        super().__init__()
        self.filename = filename
        self.spans: list[tuple[int, int]] = []  # the objects read so far: inner ones end first
        self.parse_object = self._object
        self.scan_once = py_make_scanner(self)  # the C scanner does not call parse_object

    def _object(self, s_and_end: tuple[str, int], strict: bool, scan_once: Any, _hook: Any, _pairs_hook: Any,
                memo: dict[str, str]) -> tuple[dict[str, Any], int]:
        text, start = s_and_end
        pairs, end = JSONObject(s_and_end, strict, scan_once, None, lambda found: found, memo)
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                at = self._second(text, key, start, end)
                raise DeckError(N_("{file}, line {line}: the key {key} appears twice in one object."),
                                N_("Give each field once."), file=self.filename, line=text.count(chr(10), 0, at) + 1,
                                key=shorten(json.dumps(key), ECHO))
            seen.add(key)
        self.spans.append((start, end))
        return dict(pairs), end

    def _second(self, text: str, key: str, start: int, end: int) -> int:
        """Where `key` is written the second time in this object, not in the objects inside it."""
        inner = [(a, b) for a, b in self.spans if start <= a and b <= end]
        found = [m.start() for m in re.finditer(re.escape(json.dumps(key)) + r"\s*:", text[:end])
                 if m.start() >= start and not any(a <= m.start() < b for a, b in inner)]
        return found[1] if len(found) > 1 else start


def parse_file(data: bytes, filename: str) -> Deck:
    """A Cosmic Deck from an uploaded or shipped file."""
    return parse_deck(read_document(data, filename))


def load_shipped(name: str) -> Deck:
    if name not in shipped():  # only names listed from the folder: a forged "../x" never becomes a path
        raise DeckError(N_("There is no shipped deck called {name}."), N_("Choose one of: {decks}."),
                        name=repr(shorten(name, ECHO)), decks=", ".join(shipped()))
    return read_shipped(DECKS_FOLDER / f"{name}.json", parse_file)


P = TypeVar("P")
_read: dict[tuple[Path, Callable[..., Any]], tuple[tuple[int, int], Any]] = {}


def read_shipped(path: Path, parse: Callable[[bytes, str], P]) -> P:
    """`parse` of a shipped file, read and parsed once while the file stays as it was (its size and modification
    time): a deck or catalogue takes milliseconds to parse, which every `/cosmic start` paid (issue 19)."""
    stat = path.stat()
    version = (stat.st_mtime_ns, stat.st_size)
    known = _read.get((path, parse))
    if known is not None and known[0] == version:
        return cast(P, known[1])
    parsed = parse(path.read_bytes(), path.name)
    _read[(path, parse)] = (version, parsed)
    return parsed


def shipped() -> list[str]:
    return sorted(p.stem for p in DECKS_FOLDER.glob("*.json"))


def parse_deck(raw: Any) -> Deck:
    return _shared(Deck(*parse_card_file(raw, "deck", _card)))


def _shared(deck: Deck) -> Deck:
    """One object for equal decks: a thousand tables with the shipped deck hold one deck, not 30,000 cards for the
    collector to walk (issue 19), and each deck's worked-out parts (`to_dict`, `about_yakitori`) are worked out once."""
    return _decks.setdefault(deck, deck)


def parse_card_file(raw: Any, what: str, card: Callable[[Any, int], C]) -> tuple[str, str, tuple[C, ...]]:
    """The parts every card file shares: `schema` 1, `name`, `description`, and 1-200 `cards`, each read by
    `card(raw, number)`, with unique ids and names. `what` is how errors name the file ("deck", "file")."""
    if not isinstance(raw, dict):
        raise DeckError(N_("A {what} file must hold an object with schema, name, description and cards."),
                        what=card_file(what))
    if raw.get("schema") != 1:
        raise DeckError(N_("The {what}'s `schema` must be 1, not {value}."), what=card_file(what),
                        value=shown(raw.get("schema")))
    name = text_field(raw, "name", card_file(f"the {what}"), 1, 100)
    description = text_field(raw, "description", card_file(f"the {what}"), 0, 300) or ""
    cards_raw = raw.get("cards")
    if not isinstance(cards_raw, list) or not cards_raw:
        raise DeckError(N_("The {what}'s `cards` must be a non-empty list."), what=card_file(what))
    if len(cards_raw) > MAX_CARDS:
        raise DeckError(N_("The {what} has {count} cards; at most {limit} are allowed."), what=card_file(what),
                        count=len(cards_raw), limit=MAX_CARDS)
    cards = tuple(card(c, i) for i, c in enumerate(cards_raw, start=1))
    require_unique(cards)
    return name, description, cards


def card_file(words: str) -> Ref:
    """How errors name a card file as a whole: "deck", "file", "the deck", "the file" (render/ words it)."""
    return Ref("card_file", words, words)


def require_unique(cards: tuple[Any, ...]) -> None:
    """No two cards share an `id` or a `name` (names compared without case, as players type them)."""
    for key in ("id", "name"):
        seen: dict[str, int] = {}
        for number, card in enumerate(cards, start=1):
            value = getattr(card, key)
            if value.casefold() in seen:
                raise DeckError(N_("{where}: `{key}` {value} is already used by card {other}."),
                                N_("Give each card its own `{key}`."), where=card_place(number, card.name),
                                key=key, value=repr(value), other=seen[value.casefold()])
            seen[value.casefold()] = number


def _card(raw: Any, number: int) -> Card:
    if not isinstance(raw, dict):
        raise DeckError(N_("{where}: must be an object (a table in TOML)."), where=card_place(number))
    where = card_named(raw, number)
    known = {"id", "name", "type", "text", "sanma", "suuma", "on_reveal", "lasts", "actions"}
    unknown = sorted(set(raw) - known)
    if unknown:
        raise DeckError(N_("{where}: unknown field `{field}`."), N_("Fields are: {fields}."), where=where,
                        field=unknown[0], fields=", ".join(sorted(known)))
    card_id = text_field(raw, "id", where, 1, 60)
    if not CARD_ID.match(card_id):
        raise DeckError(N_("{where}: field `id` must be kebab-case (a-z, 0-9 and single hyphens), got {value}."),
                        where=where, value=repr(card_id))
    name = text_field(raw, "name", where, 1, 60)
    try:
        card_type = CardType(raw.get("type", ""))
    except ValueError:
        raise DeckError(N_("{where}: field `type` must be \"modifier\" or \"event\", got {value}."), where=where,
                        value=shown(raw.get("type"))) from None
    text = text_field(raw, "text", where, 1, 600, required=False)
    sanma = text_field(raw, "sanma", where, 1, 600, required=False)
    suuma = text_field(raw, "suuma", where, 1, 600, required=False)
    if (sanma is None) != (suuma is None):
        raise DeckError(N_("{where}: fields `sanma` and `suuma` come together; this card has only one."),
                        where=where)
    if text is None and sanma is None:
        raise DeckError(N_("{where}: field `{field}` is missing."), N_("Give the effect in `text`, or in `sanma` and "
                        "`suuma`."), where=where, field="text")
    on_reveal = text_field(raw, "on_reveal", where, 1, 400, required=False)
    if on_reveal is not None and card_type is not CardType.MODIFIER:
        raise DeckError(N_("{where}: field `on_reveal` is only for modifiers."), where=where)
    lasts = None
    if card_type is CardType.EVENT:
        try:
            lasts = Lasts(raw.get("lasts", ""))
        except ValueError:
            raise DeckError(N_("{where}: field `lasts` must be \"instant\", \"hand\" or \"until_dismissed\", got "
                               "{value}."), where=where, value=shown(raw.get("lasts"))) from None
    elif "lasts" in raw:
        raise DeckError(N_("{where}: field `lasts` is only for events."), where=where)
    actions = tuple(_action(a, where, card_type) for a in list_field(raw, "actions", where))
    return Card(card_id, name, card_type, text, sanma, suuma, on_reveal, lasts, actions)


def _action(raw: Any, where: Where, card_type: CardType) -> Action:
    if not isinstance(raw, dict):
        raise DeckError(N_("{where}: each entry of `actions` must be an object."), where=where)
    kind = raw.get("kind")
    if kind == "aotenjou":
        if card_type is not CardType.MODIFIER:
            raise DeckError(N_("{where}: the `aotenjou` action is only for modifiers."), where=where)
        return Action("aotenjou")
    if kind == "take_from_table":
        up_to = raw.get("up_to")
        if not isinstance(up_to, bool):
            raise DeckError(N_("{where}: field `actions.up_to` must be true or false."), where=where)
        return Action("take_from_table", _amount(raw, "amount", where), up_to)
    if kind in PAYMENTS:
        unknown = sorted(set(raw) - {"kind", "amount", "sanma_amount"})
        if unknown:
            raise DeckError(N_("{where}: field `actions.{field}` is not for `{kind}`."),
                            N_("A payment has `amount` and, if three players pay another, `sanma_amount`."),
                            where=where, field=unknown[0], kind=kind)
        sanma = _amount(raw, "sanma_amount", where) if "sanma_amount" in raw else None
        return Action(kind, _amount(raw, "amount", where), sanma_amount=sanma)
    kinds = ", ".join(f'"{k}"' for k in ("take_from_table", "aotenjou", *PAYMENTS))
    raise DeckError(N_("{where}: field `actions.kind` must be one of {kinds}, got {value}."), where=where, kinds=kinds,
                    value=shown(kind))


def _amount(raw: dict[str, Any], key: str, where: Where) -> int:
    amount = raw.get(key)
    if not isinstance(amount, int) or isinstance(amount, bool) or not 0 < amount <= MAX_AMOUNT or amount % 100:
        raise DeckError(N_("{where}: field `actions.{field}` must be a positive multiple of 100 up to {limit:,}, got "
                           "{value}."), where=where, field=key, limit=MAX_AMOUNT, value=shown(amount))
    return amount


def card_place(number: int, name: str | None = None) -> Ref:
    """A card of a file, as errors name it ("Card 3 (Lucky Draw)"); render/ words it."""
    return Ref("card_place", (number, name), f"Card {number} ({name})" if name else f"Card {number}")


def card_named(raw: dict[str, Any], number: int) -> Ref:
    """How errors name a card: its number, and its name when that is printable text (render/ words it)."""
    name = raw.get("name")
    if isinstance(name, str) and name.strip() and not _UNPRINTABLE.search(name):
        return card_place(number, name.strip()[:60])
    return card_place(number)


def card_where(raw: dict[str, Any], number: int) -> str:
    """`card_named` in English, for errors not yet worded by render/ (`{where}` as a Ref is better)."""
    return card_named(raw, number).english


def list_field(raw: dict[str, Any], key: str, where: Where) -> list[Any]:
    value = raw.get(key, [])
    if not isinstance(value, list):
        raise DeckError(N_("{where}: field `{field}` must be a list."), where=where, field=key)
    return value


@overload
def text_field(raw: dict[str, Any], key: str, where: Where, shortest: int, longest: int, *,
               required: Literal[True] = True) -> str: ...
@overload
def text_field(raw: dict[str, Any], key: str, where: Where, shortest: int, longest: int, *,
               required: bool) -> str | None: ...
def text_field(raw: dict[str, Any], key: str, where: Where, shortest: int, longest: int, *,
               required: bool = True) -> str | None:
    value = raw.get(key)
    if value is None:
        if required:
            raise DeckError(N_("{where}: field `{field}` is missing."), where=where, field=key)
        return None
    if not isinstance(value, str):
        raise DeckError(N_("{where}: field `{field}` must be text."), where=where, field=key)
    value = value.strip()
    bad = (_UNPRINTABLE if key in ("id", "name") else _CONTROL).search(value)
    if bad is not None:
        raise DeckError(N_("{where}: field `{field}` holds the control character U+{codepoint} at character {at}."),
                        N_("Names and texts are plain text: no control or direction-override characters (line "
                           "breaks only in texts)."), where=where, field=key, codepoint=f"{ord(bad.group()):04X}",
                        at=bad.start() + 1)
    if not shortest <= len(value) <= longest:
        raise DeckError(N_("{where}: field `{field}` must be {shortest}-{longest} characters, it has {length}."),
                        where=where, field=key, shortest=shortest, longest=longest, length=len(value))
    return value


def deck_from_dict(data: dict[str, Any]) -> Deck:
    """For state round trips: the stored deck was checked when it was loaded, so it is only rebuilt."""
    cards = []
    for c in data["cards"]:
        actions = tuple(Action(a["kind"], a.get("amount", 0), a.get("up_to", False), a.get("sanma_amount"))
                        for a in c.get("actions", ()))
        cards.append(Card(c["id"], c["name"], CardType(c["type"]), c.get("text"), c.get("sanma"), c.get("suuma"),
                          c.get("on_reveal"), Lasts(c["lasts"]) if c.get("lasts") else None, actions))
    return _shared(Deck(data["name"], data.get("description", ""), tuple(cards)))
