"""CHAOS;JAN card catalogues (seed 000 section 1): the six card types, their colours, timing, active times and
the effects the bot carries out itself. Files follow docs/deck-format.md (same file rules as the Cosmic Deck:
JSON or TOML, 64 KB, errors that name the card and the field).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from engine.deck import (
    CARD_ID,
    MAX_AMOUNT,
    CardIndex,
    DeckError,
    card_where,
    list_field,
    parse_card_file,
    read_document,
    read_shipped,
    shown,
    text_field,
)
from engine.text import N_, Ref, command

SHIPPED = Path(__file__).resolve().parents[2] / "data" / "chaosjan" / "cards.json"
MENU_LIMIT = 100  # each choosable type is one menu, paged 22 to a page (ui/paging.py): at most 5 pages


class CardType(StrEnum):
    ACTION = "action"
    CHARACTER = "character"
    HYPER = "hyper"
    MODIFIER = "modifier"
    NEGATE = "negate"
    STOCK = "stock"


def card_type(kind: CardType, form: str = "one") -> Ref:
    """A card type for a sentence, as render/ words it: `one` ("action"), `many` ("actions") or `title` ("Action")."""
    english = kind.value.title() if form == "title" else kind.value + ("s" if form == "many" else "")
    return Ref("chaosjan type", (kind.value, form), english)


class Colour(StrEnum):
    RED = "red"
    GREEN = "green"
    WHITE = "white"

    @property
    def symbol(self) -> str:
        """1.2d.1: the bonus symbol of each colour."""
        return {"red": "中", "green": "發", "white": "白"}[self.value]


class Timing(StrEnum):
    """When an Action may be played (1.1c, 1.1e, 1.1f), on top of holding priority."""

    ANY = "any"  # any player's turn (1.1)
    YOUR_TURN = "your_turn"  # only while you are the active player (1.1f)
    OTHERS_TURN = "others_turn"  # only while someone else is the active player (1.1f)
    AFTER_DRAW = "after_draw"  # only after the active player has drawn (1.1f)
    RIICHI = "riichi"  # "Play only as you declare riichi" (1.1e): no priority needed


class Lasts(StrEnum):
    """A Stock's active time phrase (1.6c). A Stock without one lasts until the end of the hand (1.6c.3)."""

    HAND = "hand"  # "Until the end of this hand"
    DEAL_IN = "deal_in"  # "The next time you deal in"
    WIN = "win"  # "The next time you win a hand"
    YOUR_NEXT_TURN = "your_next_turn"  # "Until the start of your next turn"
    APPLIES = "applies"  # no phrase; ends when the effect no longer applies (1.6c.2): players end it


class HyperTiming(StrEnum):
    NORMAL = "normal"  # 1.3c: active player, with priority, before drawing
    ANY_TIME = "any_time"  # 1.3d.1: "at any time": follows Action timing


class EffectKind(StrEnum):
    DRAW = "draw"  # draw `count` cards from the Action Deck (4.4)
    TAKE_FROM_TABLE = "take_from_table"  # 3.1f: `amount` (with `up_to`), or `any_number` chosen when played
    PAY = "pay"  # pay `amount` onto the table (3.1) or to the chosen player (`to: "target"`, 3.2)
    COLLECT = "collect"  # the chosen player pays you `amount` (3.2)
    DOUBLE_EXCHANGE = "double_exchange"  # the next point exchange is doubled, whoever pays whom (3.2c.2)
    NEGATED_PAYS = "negated_pays"  # while in play: whoever negates your card pays you `amount` (1.5e)
    RIICHI_COST = "riichi_cost"  # while in play: your riichi stick costs `amount` (0: no stick)
    HONBA_VALUE = "honba_value"  # Modifiers: each honba is worth `amount` to the winner
    REPAY_ON_DEAL_IN = "repay_on_deal_in"  # while in play: when you deal in, you pay the named player `amount`
    HALF_DEAL_IN = "half_deal_in"  # while in play: when you deal in, you pay half the exchange, rounded up to 100
    RIICHI_TOLL = "riichi_toll"  # while in play: whoever else declares riichi pays you `amount` (3.2)
    RICHER_PAY = "richer_pay"  # each player with more points than you pays `amount` onto the table (3.1)


_AMOUNT_KINDS = {EffectKind.PAY, EffectKind.COLLECT, EffectKind.NEGATED_PAYS, EffectKind.RIICHI_COST,
                 EffectKind.HONBA_VALUE, EffectKind.REPAY_ON_DEAL_IN, EffectKind.RIICHI_TOLL, EffectKind.RICHER_PAY}
LASTING = {EffectKind.NEGATED_PAYS, EffectKind.RIICHI_COST, EffectKind.REPAY_ON_DEAL_IN, EffectKind.HALF_DEAL_IN,
           EffectKind.RIICHI_TOLL}
"""Effects of a card while it stays in play (a Stock, a Hyper with `hyper_lasts`) or is the Modifier."""
INSTEAD = {EffectKind.RIICHI_COST, EffectKind.HONBA_VALUE, EffectKind.REPAY_ON_DEAL_IN, EffectKind.RIICHI_TOLL}
"""Kinds whose colour bonus replaces the card's own effect of that kind ("... instead"), not adds to it."""


@dataclass(frozen=True)
class Effect:
    kind: EffectKind
    amount: int = 0
    count: int = 0
    up_to: bool = False
    any_number: bool = False
    to: str = "table"  # pay: "table" or "target"

    @property
    def needs_target(self) -> bool:
        return self.kind in (EffectKind.COLLECT, EffectKind.REPAY_ON_DEAL_IN) or (
            self.kind is EffectKind.PAY and self.to == "target")

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind.value}
        if self.kind is EffectKind.DRAW:
            data["count"] = self.count
        elif self.kind is EffectKind.TAKE_FROM_TABLE:
            data |= {"any_number": True} if self.any_number else {"amount": self.amount, "up_to": self.up_to}
        elif self.kind in _AMOUNT_KINDS:
            data["amount"] = self.amount
            if self.kind is EffectKind.PAY:
                data["to"] = self.to
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Effect:
        return cls(EffectKind(data["kind"]), data.get("amount", 0), data.get("count", 0), data.get("up_to", False),
                   data.get("any_number", False), data.get("to", "table"))


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    type: CardType
    text: str | None = None  # the effect; a Character's own text is optional flavour
    colour: Colour | None = None  # 1.2b; on Actions, Stocks and Modifiers it is the colour of the bonus (1.2d)
    bonus: str | None = None  # 1.2d: "if your Character has the same colour as this card, you also get ..."
    effects: tuple[Effect, ...] = ()
    bonus_effects: tuple[Effect, ...] = ()
    timing: Timing = Timing.ANY  # Actions only
    lasts: Lasts | None = None  # Stocks only; None: no active time phrase (1.6c.3)
    hyper: str | None = None  # Characters: the Hyper effect (1.2c)
    hyper_timing: HyperTiming = HyperTiming.NORMAL
    hyper_lasts: Lasts | None = None  # 1.3b: set when the Hyper effect is also a Stock effect
    hyper_effects: tuple[Effect, ...] = ()
    at_table: str | None = None  # what the players carry out themselves (the rest of the text), said when shown

    @property
    def negatable(self) -> bool:
        return self.type is not CardType.HYPER  # 1.3e

    @property
    def choosable(self) -> bool:
        return self.type in CHOOSABLE

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "name": self.name, "type": self.type.value}
        for key in ("text", "colour", "bonus", "hyper", "at_table"):
            value = getattr(self, key)
            if value is not None:
                data[key] = str(value)
        for key in ("effects", "bonus_effects", "hyper_effects"):
            if getattr(self, key):
                data[key] = [e.to_dict() for e in getattr(self, key)]
        if self.type is CardType.ACTION and self.timing is not Timing.ANY:
            data["timing"] = self.timing.value
        if self.lasts is not None:
            data["lasts"] = self.lasts.value
        if self.type is CardType.CHARACTER:
            data["hyper_timing"] = self.hyper_timing.value
            if self.hyper_lasts is not None:
                data["hyper_lasts"] = self.hyper_lasts.value
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Card:
        def effects(key: str) -> tuple[Effect, ...]:
            return tuple(Effect.from_dict(e) for e in data.get(key, ()))

        return cls(data["id"], data["name"], CardType(data["type"]), data.get("text"),
                   Colour(data["colour"]) if data.get("colour") else None, data.get("bonus"), effects("effects"),
                   effects("bonus_effects"), Timing(data.get("timing", "any")),
                   Lasts(data["lasts"]) if data.get("lasts") else None, data.get("hyper"),
                   HyperTiming(data.get("hyper_timing", "normal")),
                   Lasts(data["hyper_lasts"]) if data.get("hyper_lasts") else None, effects("hyper_effects"),
                   data.get("at_table"))


CHOOSABLE = (CardType.CHARACTER, CardType.ACTION, CardType.STOCK, CardType.MODIFIER)


@dataclass(frozen=True)
class Catalogue(CardIndex[Card]):
    name: str
    description: str
    cards: tuple[Card, ...]

    def of_type(self, card_type: CardType) -> tuple[Card, ...]:
        return tuple(c for c in self.cards if c.type is card_type)

    def only(self, card_type: CardType) -> Card:
        """The one Hyper card and the one Negate card, copied into the Action Deck (5.1d.1)."""
        return self.of_type(card_type)[0]

    def to_dict(self) -> dict[str, Any]:
        return {"schema": 1, "name": self.name, "description": self.description,
                "cards": [c.to_dict() for c in self.cards]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Catalogue:
        """For state round trips: the stored catalogue was checked when it was loaded, so it is only rebuilt."""
        return cls(data["name"], data.get("description", ""), tuple(Card.from_dict(c) for c in data["cards"]))


# -- reading files ------------------------------------------------------------------------------------------

_FIELDS = {
    CardType.ACTION: {"text", "colour", "bonus", "effects", "bonus_effects", "timing", "at_table"},
    CardType.STOCK: {"text", "colour", "bonus", "effects", "bonus_effects", "lasts", "at_table"},
    CardType.MODIFIER: {"text", "colour", "bonus", "effects", "bonus_effects", "at_table"},
    CardType.HYPER: {"text"},
    CardType.NEGATE: {"text"},
    CardType.CHARACTER: {"text", "colour", "hyper", "hyper_timing", "hyper_lasts", "hyper_effects", "at_table"},
}
_LEAST = {CardType.CHARACTER: 1, CardType.ACTION: 3, CardType.STOCK: 3, CardType.MODIFIER: 3}


def load_shipped() -> Catalogue:
    return read_shipped(SHIPPED, parse_file)


def parse_file(data: bytes, filename: str) -> Catalogue:
    return parse_catalogue(read_document(data, filename))


def parse_catalogue(raw: Any) -> Catalogue:
    name, description, cards = parse_card_file(raw, "file", _card)
    catalogue = Catalogue(name, description, cards)
    for kind in (CardType.HYPER, CardType.NEGATE):
        found = len(catalogue.of_type(kind))
        if found != 1:
            raise DeckError(N_("A CHAOS;JAN file needs exactly one {kind} card, it has {found}."),
                            N_("Keep one {kind} card: the bot puts the agreed number of copies in the "
                               "Action Deck (5.1d.1)."), kind=card_type(kind), found=found)
    for kind, least in _LEAST.items():
        found = len(catalogue.of_type(kind))
        if not least <= found <= MENU_LIMIT:
            raise DeckError(N_("A CHAOS;JAN file needs {least}-{most} {kind} cards, it has {found}."),
                            N_("Each player chooses three different Actions, Stocks and Modifiers (5.1d.2, 5.2d.1) "
                               "from one menu, and a menu pages through at most {most}."),
                            least=least, most=MENU_LIMIT, kind=card_type(kind), found=found)
    return catalogue


def _card(raw: Any, number: int) -> Card:
    if not isinstance(raw, dict):
        raise DeckError(N_("Card {number}: must be an object (a table in TOML)."), number=number)
    where = card_where(raw, number)
    card_id = text_field(raw, "id", where, 1, 60)
    if not CARD_ID.match(card_id):
        raise DeckError(N_("{where}: field `id` must be kebab-case (a-z, 0-9 and single hyphens), got {got}."),
                        where=where, got=repr(card_id))
    name = text_field(raw, "name", where, 1, 60)
    try:
        card_type = CardType(raw.get("type", ""))
    except ValueError:
        hint = (N_("This looks like a Cosmic Deck card: import that file with {command}.")
                if raw.get("type") == "event" else None)
        raise DeckError(N_("{where}: field `type` must be one of {values}, got {got}."), hint, where=where,
                        values=", ".join(t.value for t in CardType), got=shown(raw.get("type")),
                        command=command("cosmic import")) from None
    allowed = _FIELDS[card_type] | {"id", "name", "type"}
    unknown = sorted(set(raw) - allowed)
    if unknown:
        kind = Ref("chaosjan type", (card_type.value, "one"), card_type.value)  # `card_type` is the card's here
        raise DeckError(N_("{where}: an {kind} card has no field `{field}`.") if card_type.value[0] in "aeiou" else
                        N_("{where}: a {kind} card has no field `{field}`."), N_("Its fields are: {fields}."),
                        where=where, kind=kind, field=unknown[0], fields=", ".join(sorted(allowed)))
    text = text_field(raw, "text", where, 1, 600, required=card_type is not CardType.CHARACTER)
    colour = _enum(raw, "colour", where, Colour, required=card_type is CardType.CHARACTER)
    bonus = text_field(raw, "bonus", where, 1, 400, required=False)
    if bonus is not None and colour is None:
        raise DeckError(N_("{where}: a `bonus` needs the card's `colour`: it applies to players whose Character "
                           "has that colour (1.2d.2)."), where=where)
    effects = _effects(raw, "effects", where, card_type)
    bonus_effects = _effects(raw, "bonus_effects", where, card_type)
    if bonus_effects and bonus is None:
        raise DeckError(N_("{where}: `bonus_effects` need a `bonus` text that says the same in words."), where=where)
    timing = _enum(raw, "timing", where, Timing) or Timing.ANY
    lasts = _enum(raw, "lasts", where, Lasts)
    hyper = text_field(raw, "hyper", where, 1, 600, required=card_type is CardType.CHARACTER)
    hyper_timing = _enum(raw, "hyper_timing", where, HyperTiming) or HyperTiming.NORMAL
    hyper_lasts = _enum(raw, "hyper_lasts", where, Lasts)
    hyper_effects = _effects(raw, "hyper_effects", where, card_type, lasting=hyper_lasts is not None)
    at_table = text_field(raw, "at_table", where, 1, 400, required=False)
    for key, listed in (("effects", effects), ("bonus_effects", bonus_effects)):
        _check_kinds(listed, f"{where}: `{key}`", card_type)
    return Card(card_id, name, card_type, text, colour, bonus, effects, bonus_effects, timing, lasts, hyper,
                hyper_timing, hyper_lasts, hyper_effects, at_table)


HONBA_IS_MODIFIERS = N_("{where}: `honba_value` is a Modifier's effect: it changes every win of the hand.")


def _check_kinds(effects: tuple[Effect, ...], where: str, card_type: CardType) -> None:
    """Lasting effects need a card that stays in play; a Modifier's effects all last, and only it sets honba."""
    for effect in effects:
        kind = effect.kind
        if card_type is CardType.MODIFIER and kind not in (EffectKind.RIICHI_COST, EffectKind.HONBA_VALUE):
            raise DeckError(N_("{where}: a Modifier's effects are `riichi_cost` and `honba_value`, not `{kind}`: "
                               "players do not play Modifiers (1.4b), so nothing happens once."), where=where,
                            kind=kind.value)
        if kind is EffectKind.HONBA_VALUE and card_type is not CardType.MODIFIER:
            raise DeckError(HONBA_IS_MODIFIERS, where=where)
        if kind in LASTING and card_type not in (CardType.STOCK, CardType.MODIFIER):
            raise DeckError(N_("{where}: the `{kind}` effect needs a card that stays in play (a Stock, or a "
                               "Character's Hyper with `hyper_lasts`)."), where=where, kind=kind.value)


def _enum(raw: dict[str, Any], key: str, where: str, kind: type[StrEnum], *, required: bool = False) -> Any:
    value = raw.get(key)
    if value is None:
        if required:
            raise DeckError(N_("{where}: field `{key}` is missing."), N_("Use one of: {values}."), where=where,
                            key=key, values=", ".join(v.value for v in kind))
        return None
    try:
        return kind(value)
    except ValueError:
        raise DeckError(N_("{where}: field `{key}` must be one of {values}, got {got}."), where=where, key=key,
                        values=", ".join(v.value for v in kind), got=shown(value)) from None


def _effects(raw: dict[str, Any], key: str, where: str, card_type: CardType, *,
             lasting: bool = False) -> tuple[Effect, ...]:
    effects = tuple(_effect(e, f"{where}: `{key}`") for e in list_field(raw, key, where))
    if key == "hyper_effects":
        lasting_kind = next((e.kind for e in effects if e.kind in LASTING), None)
        if not lasting and lasting_kind is not None:
            raise DeckError(N_("{where}: the `{kind}` effect needs `hyper_lasts`, so the Hyper stays in "
                               "play."), where=where, kind=lasting_kind.value)
        if any(e.kind is EffectKind.HONBA_VALUE for e in effects):
            raise DeckError(HONBA_IS_MODIFIERS, where=where)
    return effects


def _effect(raw: Any, where: str) -> Effect:
    if not isinstance(raw, dict):
        raise DeckError(N_("{where}: each effect must be an object."), where=where)
    try:
        kind = EffectKind(raw.get("kind", ""))
    except ValueError:
        raise DeckError(N_("{where}: `kind` must be one of {values}, got {got}."), where=where,
                        values=", ".join(k.value for k in EffectKind), got=shown(raw.get("kind"))) from None
    allowed = {EffectKind.DRAW: {"count"}, EffectKind.TAKE_FROM_TABLE: {"amount", "up_to", "any_number"},
               EffectKind.PAY: {"amount", "to"}, EffectKind.DOUBLE_EXCHANGE: set(),
               EffectKind.HALF_DEAL_IN: set()}.get(kind, {"amount"})
    unknown = sorted(set(raw) - allowed - {"kind"})
    if unknown:
        raise DeckError(N_("{where}: a `{kind}` effect has no field `{field}`."), where=where, kind=kind.value,
                        field=unknown[0])
    if kind is EffectKind.DRAW:
        count = raw.get("count")
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 5:
            raise DeckError(N_("{where}: a `draw` effect's `count` must be 1-5, got {got}."), where=where,
                            got=shown(count))
        return Effect(kind, count=count)
    if kind in (EffectKind.DOUBLE_EXCHANGE, EffectKind.HALF_DEAL_IN):
        return Effect(kind)
    if "any_number" in raw and not isinstance(raw["any_number"], bool):
        raise DeckError(N_("{where}: `any_number` must be true or false."), where=where)
    if kind is EffectKind.TAKE_FROM_TABLE and raw.get("any_number") is True:
        if "amount" in raw or "up_to" in raw:
            raise DeckError(N_("{where}: `any_number` takes no `amount` or `up_to`: the player chooses (3.1f.4)."),
                            where=where)
        return Effect(kind, any_number=True)
    amount = raw.get("amount")
    least = 0 if kind is EffectKind.RIICHI_COST else 100  # a riichi with no stick costs 0
    if not isinstance(amount, int) or isinstance(amount, bool) or not least <= amount <= MAX_AMOUNT or amount % 100:
        raise DeckError(N_("{where}: `amount` must be a positive multiple of 100 (3.1f.5) up to {most:,}, got {got}.")
                        if least else
                        N_("{where}: `amount` must be a multiple of 100 (3.1f.5) up to {most:,}, got {got}."),
                        where=where, most=MAX_AMOUNT, got=shown(amount))
    if kind is EffectKind.TAKE_FROM_TABLE:
        up_to = raw.get("up_to", False)
        if not isinstance(up_to, bool):
            raise DeckError(N_("{where}: `up_to` must be true or false."), where=where)
        return Effect(kind, amount=amount, up_to=up_to)
    to = raw.get("to", "table")
    if to not in ("table", "target"):
        raise DeckError(N_("{where}: `to` must be \"table\" or \"target\", got {got}."), where=where, got=shown(to))
    return Effect(kind, amount=amount, to=to)


__all__ = ["CHOOSABLE", "Card", "CardType", "Catalogue", "Colour", "DeckError", "Effect", "EffectKind",
           "HyperTiming", "Lasts", "Timing", "card_type", "load_shipped", "parse_catalogue", "parse_file"]
