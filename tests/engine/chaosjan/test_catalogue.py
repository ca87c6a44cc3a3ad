"""CHAOS;JAN catalogues (docs/deck-format.md, "the card catalogue"): the shipped file, round trips, and a refusal
that names the card and the field for every rule of the format."""

from __future__ import annotations

import copy
import json
import re

import pytest

from engine.chaosjan.catalogue import (
    SHIPPED,
    CardType,
    Catalogue,
    Colour,
    DeckError,
    EffectKind,
    HyperTiming,
    Lasts,
    Timing,
    load_shipped,
    parse_catalogue,
    parse_file,
)
from engine.deck import MAX_FILE_BYTES

# -- a small valid catalogue: 1 Character, 3 Actions, 3 Stocks, 3 Modifiers, the Hyper and the Negate ---------------

DRAW = {"kind": "draw", "count": 1}
TAKE = {"kind": "take_from_table", "amount": 1000, "up_to": True}


def small() -> dict:
    """Card 1 Hero; 2-4 Grab, Poke, Peek (actions); 5-7 Hoard, Guard, Wait (stocks); 8-10 Mod One-Three; 11 Hyper;
    12 Negate. Each refusal below changes one thing in it."""
    return {"schema": 1, "name": "Small", "description": "A small catalogue.", "cards": [
        {"id": "hero", "name": "Hero", "type": "character", "colour": "red", "hyper": "Draw a card.",
         "hyper_effects": [DRAW]},
        {"id": "grab", "name": "Grab", "type": "action", "colour": "red", "text": "Take up to 1000 points from the "
         "table.", "bonus": "Draw a card.", "effects": [TAKE], "bonus_effects": [DRAW]},
        {"id": "poke", "name": "Poke", "type": "action", "text": "Choose a player: they pay you 500 points.",
         "timing": "your_turn", "effects": [{"kind": "collect", "amount": 500}]},
        {"id": "peek", "name": "Peek", "type": "action", "text": "Look at the next tile of the wall."},
        {"id": "hoard", "name": "Hoard", "type": "stock", "colour": "green", "text": "Until the end of this hand, "
         "whoever negates your cards pays you 1000 points.", "lasts": "hand", "bonus": "Draw a card.",
         "effects": [{"kind": "negated_pays", "amount": 1000}], "bonus_effects": [DRAW]},
        {"id": "guard", "name": "Guard", "type": "stock", "text": "The next time you deal in, pay half.",
         "lasts": "deal_in"},
        {"id": "wait", "name": "Wait", "type": "stock", "text": "Pay 500 points onto the table.",
         "effects": [{"kind": "pay", "amount": 500, "to": "table"}]},
        {"id": "mod-one", "name": "Mod One", "type": "modifier", "colour": "white", "text": "Your riichi costs 500.",
         "bonus": "Your riichi is free."},
        {"id": "mod-two", "name": "Mod Two", "type": "modifier", "text": "Kuitan is off."},
        {"id": "mod-three", "name": "Mod Three", "type": "modifier", "text": "Red fives count twice."},
        {"id": "hyper", "name": "Hyper", "type": "hyper", "text": "Use your Character's Hyper effect."},
        {"id": "negate", "name": "Negate", "type": "negate", "text": "Negate the card played before this one."},
    ]}


SMALL_TOML = """
schema = 1
name = "Small"
description = "A small catalogue."

[[cards]]
id = "hero"
name = "Hero"
type = "character"
colour = "red"
hyper = "Draw a card."
hyper_effects = [{ kind = "draw", count = 1 }]

[[cards]]
id = "grab"
name = "Grab"
type = "action"
colour = "red"
text = "Take up to 1000 points from the table."
bonus = "Draw a card."
effects = [{ kind = "take_from_table", amount = 1000, up_to = true }]
bonus_effects = [{ kind = "draw", count = 1 }]

[[cards]]
id = "poke"
name = "Poke"
type = "action"
text = "Choose a player: they pay you 500 points."
timing = "your_turn"

[[cards.effects]]
kind = "collect"
amount = 500

[[cards]]
id = "peek"
name = "Peek"
type = "action"
text = "Look at the next tile of the wall."

[[cards]]
id = "hoard"
name = "Hoard"
type = "stock"
colour = "green"
text = "Until the end of this hand, whoever negates your cards pays you 1000 points."
lasts = "hand"
bonus = "Draw a card."
effects = [{ kind = "negated_pays", amount = 1000 }]
bonus_effects = [{ kind = "draw", count = 1 }]

[[cards]]
id = "guard"
name = "Guard"
type = "stock"
text = "The next time you deal in, pay half."
lasts = "deal_in"

[[cards]]
id = "wait"
name = "Wait"
type = "stock"
text = "Pay 500 points onto the table."
effects = [{ kind = "pay", amount = 500, to = "table" }]

[[cards]]
id = "mod-one"
name = "Mod One"
type = "modifier"
colour = "white"
text = "Your riichi costs 500."
bonus = "Your riichi is free."

[[cards]]
id = "mod-two"
name = "Mod Two"
type = "modifier"
text = "Kuitan is off."

[[cards]]
id = "mod-three"
name = "Mod Three"
type = "modifier"
text = "Red fives count twice."

[[cards]]
id = "hyper"
name = "Hyper"
type = "hyper"
text = "Use your Character's Hyper effect."

[[cards]]
id = "negate"
name = "Negate"
type = "negate"
text = "Negate the card played before this one."
"""

DROP = object()  # in a row: remove this key from the card


def edit(position: int, changes: dict) -> dict:
    """small() with card `position` (1-based) changed: each key set to its value, or removed if the value is DROP."""
    raw = small()
    card = raw["cards"][position - 1]
    for key, value in changes.items():
        if value is DROP:
            card.pop(key, None)
        else:
            card[key] = value
    return raw


def refusal(raw) -> DeckError:
    with pytest.raises(DeckError) as refused:
        parse_catalogue(raw)
    return refused.value


def as_file(raw: dict) -> bytes:
    return json.dumps(raw, ensure_ascii=False, indent=2).encode()


# -- the shipped catalogue --------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def shipped() -> Catalogue:
    return load_shipped()


def test_the_small_catalogue_is_valid():
    catalogue = parse_catalogue(small())
    assert len(catalogue.cards) == 12 and catalogue.only(CardType.HYPER).id == "hyper"


def test_the_shipped_catalogue_has_every_type_in_the_required_numbers(shipped):
    count = {t: len(shipped.of_type(t)) for t in CardType}
    # 12 Modifiers: four players choose three different ones each, and no two may be the same (5.2d.2)
    assert count == {CardType.CHARACTER: 4, CardType.ACTION: 12, CardType.STOCK: 8, CardType.MODIFIER: 12,
                     CardType.HYPER: 1, CardType.NEGATE: 1}
    assert shipped.name == "CHAOS;JAN Starter Catalogue" and shipped.description.endswith(".")
    assert SHIPPED.name == "cards.json" and SHIPPED.stat().st_size <= MAX_FILE_BYTES


def test_shipped_characters_cover_every_colour_and_vary_their_hypers(shipped):
    characters = shipped.of_type(CardType.CHARACTER)
    assert all(c.hyper for c in characters) and {c.colour for c in characters} == set(Colour)
    assert any(c.hyper_timing is HyperTiming.ANY_TIME for c in characters)  # 1.3d.1
    assert any(c.hyper_lasts is not None for c in characters)  # 1.3b
    assert any(c.hyper_timing is HyperTiming.NORMAL and c.hyper_lasts is None for c in characters)
    done_by_bot = {EffectKind.DRAW, EffectKind.TAKE_FROM_TABLE, EffectKind.PAY, EffectKind.COLLECT,
                   EffectKind.DOUBLE_EXCHANGE}
    assert sum(any(e.kind in done_by_bot for e in c.hyper_effects) for c in characters) >= 3


def test_the_four_named_cards(shipped):
    robbery, wareme, futuresight, bribery = (
        shipped.find(n) for n in ("Riichi Robbery", "Wandering Wareme", "Futuresight", "Bribery"))
    assert robbery.type is CardType.ACTION and wareme.type is CardType.ACTION
    assert [(e.kind, e.up_to) for e in robbery.effects] == [(EffectKind.TAKE_FROM_TABLE, True)]  # 3.1f.3
    assert "up to" in robbery.text
    assert [e.kind for e in wareme.effects] == [EffectKind.DOUBLE_EXCHANGE]  # 3.2c.2a
    assert "whoever pays whom" in wareme.text
    assert futuresight.type is CardType.STOCK and futuresight.lasts is Lasts.APPLIES  # 1.6c.2
    assert "discard" in futuresight.text and "two of it" in futuresight.text
    assert bribery.type is CardType.STOCK  # 1.5e
    assert [e.kind for e in bribery.effects] == [EffectKind.NEGATED_PAYS] and "negates" in bribery.text


def test_shipped_actions_cover_every_timing_and_every_way_of_taking_points(shipped):
    actions = shipped.of_type(CardType.ACTION)
    assert {a.timing for a in actions} == set(Timing)
    riichi = next(a for a in actions if a.timing is Timing.RIICHI)
    assert riichi.text.startswith("Play only as you declare riichi.")  # 1.1e.2
    effects = [e for a in actions for e in a.effects]
    takes = [e for e in effects if e.kind is EffectKind.TAKE_FROM_TABLE]
    assert any(e.any_number for e in takes)  # 3.1f.4
    assert any(not e.up_to and not e.any_number for e in takes)  # 3.1f.2
    assert any(e.kind is EffectKind.DRAW for e in effects)  # 4.4
    assert any(e.kind is EffectKind.COLLECT for e in effects)
    assert any(e.kind is EffectKind.PAY and e.to == "target" for e in effects)
    assert sum(a.colour is not None and a.bonus is not None for a in actions) >= 9  # 1.2d: most have a bonus
    assert any(a.bonus_effects for a in actions)


def test_shipped_stocks_cover_every_active_time_and_say_it_in_words(shipped):
    stocks = shipped.of_type(CardType.STOCK)
    assert {s.lasts for s in stocks} == {*Lasts, None}  # None: no phrase, until the end of the hand (1.6c.3)
    phrases = {Lasts.HAND: "until the end of this hand", Lasts.DEAL_IN: "the next time you deal in",
               Lasts.WIN: "the next time you win", Lasts.YOUR_NEXT_TURN: "until your next turn starts"}
    for stock in stocks:
        text = stock.text.casefold()
        for lasts, phrase in phrases.items():
            assert (phrase in text) == (stock.lasts is lasts), stock.name
    for character in shipped.of_type(CardType.CHARACTER):
        if character.hyper_lasts in phrases:
            assert phrases[character.hyper_lasts] in character.hyper.casefold(), character.name


def test_shipped_modifiers_have_a_colour_and_bonus_and_speak_to_you(shipped):
    modifiers = shipped.of_type(CardType.MODIFIER)
    assert all(m.colour is not None and m.bonus for m in modifiers)  # 1.4d
    assert {m.colour for m in modifiers} == set(Colour)
    assert sum(re.search(r"\byou(r)?\b", m.text, re.IGNORECASE) is not None for m in modifiers) >= 3  # 1.4e


def test_shipped_hyper_and_negate_cards(shipped):
    assert shipped.only(CardType.HYPER).text == "Use your Character's Hyper effect."
    assert shipped.only(CardType.NEGATE).text == "Negate the card played before this one."  # 1.5b
    assert not shipped.only(CardType.HYPER).negatable  # 1.3e


def _words_for(card, key: str) -> str:
    return {"effects": card.text, "bonus_effects": card.bonus, "hyper_effects": card.hyper}[key] or ""


def test_every_effect_the_bot_carries_out_is_also_said_in_words(shipped):
    said = {EffectKind.DRAW: "draw", EffectKind.TAKE_FROM_TABLE: "from the table", EffectKind.PAY: "pay",
            EffectKind.COLLECT: "pay you", EffectKind.DOUBLE_EXCHANGE: "doubled", EffectKind.NEGATED_PAYS: "negates",
            EffectKind.RIICHI_COST: "riichi", EffectKind.HONBA_VALUE: "honba", EffectKind.REPAY_ON_DEAL_IN: "pay",
            EffectKind.HALF_DEAL_IN: "half of the point exchange", EffectKind.RIICHI_TOLL: "pay you",
            EffectKind.RICHER_PAY: "more points than you"}
    counts = {1: "a card", 2: "two cards", 3: "three cards"}
    for card in shipped.cards:
        for key in ("effects", "bonus_effects", "hyper_effects"):
            words = _words_for(card, key).casefold()
            for effect in getattr(card, key):
                assert said[effect.kind] in words, (card.name, key, effect)
                if effect.kind is EffectKind.DRAW:
                    assert counts[effect.count] in words or "one more card" in words, (card.name, key)
                elif effect.any_number:
                    assert "any number" in words, card.name
                elif effect.amount:
                    assert str(effect.amount) in words, (card.name, key, effect)
                if effect.kind is EffectKind.TAKE_FROM_TABLE and not effect.any_number:
                    assert ("up to" in words) == effect.up_to, card.name


def test_shipped_texts_are_short_and_use_point_stick_amounts(shipped):
    texts = [t for c in shipped.cards for t in (c.text, c.bonus, c.hyper) if t]
    assert sum(len(t) < 200 for t in texts) >= 0.9 * len(texts)
    for text in texts:
        for number in re.findall(r"\d{3,}", text):
            assert int(number) % 100 == 0, text  # 3.1f.5


# -- round trips --------------------------------------------------------------------------------------------------


def test_the_shipped_catalogue_round_trips(shipped):
    assert Catalogue.from_dict(shipped.to_dict()) == shipped
    assert Catalogue.from_dict(json.loads(json.dumps(shipped.to_dict()))) == shipped
    assert parse_catalogue(shipped.to_dict()) == shipped  # what the bot stores is itself a valid file


def test_toml_and_json_give_the_same_catalogue():
    from_toml = parse_file(SMALL_TOML.encode(), "small.toml")
    assert from_toml == parse_file(as_file(small()), "small.json") == parse_catalogue(small())
    assert from_toml.card("poke").effects[0].kind is EffectKind.COLLECT and from_toml.card("poke").timing is \
        Timing.YOUR_TURN


def test_an_exactly_64_kb_file_is_accepted():
    data = as_file(small())
    data += b" " * (MAX_FILE_BYTES - len(data))
    assert len(data) == MAX_FILE_BYTES and parse_file(data, "small.json") == parse_catalogue(small())


# -- refusals: one row per rule of the format ----------------------------------------------------------------------
# (card position, changes to that card, what the message must also name besides "Card N (Name)")

CARD_REFUSALS = [
    pytest.param(2, {"type": "spell"}, "field `type`", id="wrong-type"),
    pytest.param(2, {"type": DROP}, "field `type`", id="missing-type"),
    pytest.param(2, {"id": "Grab It"}, "field `id` must be kebab-case", id="id-not-kebab-case"),
    pytest.param(2, {"name": "x" * 61}, "field `name` must be 1-60", id="name-too-long"),
    pytest.param(2, {"text": DROP}, "field `text` is missing", id="action-without-text"),
    pytest.param(2, {"text": "x" * 601}, "field `text` must be 1-600", id="text-too-long"),
    pytest.param(2, {"lasts": "hand"}, "no field `lasts`", id="lasts-on-an-action"),
    pytest.param(5, {"timing": "your_turn"}, "no field `timing`", id="timing-on-a-stock"),
    pytest.param(8, {"effects": [DRAW]}, "a Modifier's effects are `riichi_cost` and `honba_value`",
                 id="one-off-effect-on-a-modifier"),
    pytest.param(2, {"effects": [{"kind": "honba_value", "amount": 500}]}, "`honba_value` is a Modifier's effect",
                 id="honba-value-on-an-action"),
    pytest.param(2, {"effects": [{"kind": "riichi_cost", "amount": 500}]}, "the `riichi_cost` effect needs",
                 id="riichi-cost-on-an-action"),
    pytest.param(1, {"hyper_effects": [{"kind": "repay_on_deal_in", "amount": 1000}]}, "needs `hyper_lasts`",
                 id="repay-on-a-one-off-hyper"),
    pytest.param(8, {"effects": [{"kind": "riichi_cost", "amount": -100}]}, "`amount` must be a multiple of 100",
                 id="negative-riichi-cost"),
    pytest.param(8, {"effects": [{"kind": "half_deal_in", "amount": 100}]}, "has no field `amount`",
                 id="amount-on-half-deal-in"),
    pytest.param(8, {"lasts": "hand"}, "no field `lasts`", id="lasts-on-a-modifier"),
    pytest.param(1, {"bonus": "More."}, "no field `bonus`", id="bonus-on-a-character"),
    pytest.param(1, {"timing": "any"}, "no field `timing`", id="timing-on-a-character"),
    pytest.param(11, {"hyper": "Draw."}, "no field `hyper`", id="hyper-on-the-hyper-card"),
    pytest.param(12, {"colour": "red"}, "no field `colour`", id="colour-on-a-negate"),
    pytest.param(11, {"bonus": "More."}, "no field `bonus`", id="bonus-on-the-hyper-card"),
    pytest.param(2, {"colour": "blue"}, "field `colour` must be one of red, green, white", id="bad-colour"),
    pytest.param(2, {"colour": DROP}, "`bonus` needs the card's `colour`", id="bonus-without-colour"),
    pytest.param(2, {"bonus": DROP}, "`bonus_effects` need a `bonus`", id="bonus-effects-without-bonus"),
    pytest.param(2, {"bonus": ""}, "field `bonus` must be 1-400", id="empty-bonus"),
    pytest.param(2, {"timing": "whenever"}, "field `timing` must be one of", id="bad-timing"),
    pytest.param(5, {"lasts": "forever"}, "field `lasts` must be one of", id="bad-lasts"),
    pytest.param(1, {"hyper": DROP}, "field `hyper` is missing", id="character-without-hyper"),
    pytest.param(1, {"colour": DROP}, "field `colour` is missing", id="character-without-colour"),
    pytest.param(1, {"hyper_timing": "instant"}, "field `hyper_timing` must be one of", id="bad-hyper-timing"),
    pytest.param(1, {"hyper_lasts": "forever"}, "field `hyper_lasts` must be one of", id="bad-hyper-lasts"),
    pytest.param(2, {"effects": {"kind": "draw"}}, "field `effects` must be a list", id="effects-not-a-list"),
    pytest.param(2, {"effects": ["draw"]}, "`effects`: each effect must be an object", id="effect-not-an-object"),
    pytest.param(2, {"effects": [{"kind": "steal"}]}, "`effects`: `kind` must be one of", id="bad-effect-kind"),
    pytest.param(2, {"effects": [{"kind": "collect", "amount": 150}]}, "`amount` must be a positive multiple of 100",
                 id="amount-not-a-multiple-of-100"),
    pytest.param(2, {"effects": [{"kind": "pay", "amount": 0}]}, "`amount` must be a positive multiple of 100",
                 id="amount-zero"),
    pytest.param(2, {"effects": [{"kind": "pay", "amount": -500}]}, "`amount` must be a positive multiple of 100",
                 id="amount-negative"),
    pytest.param(2, {"effects": [{"kind": "collect"}]}, "`amount` must be a positive multiple of 100",
                 id="amount-missing"),
    pytest.param(2, {"effects": [{"kind": "draw", "count": 0}]}, "`count` must be 1-5", id="draw-0"),
    pytest.param(2, {"effects": [{"kind": "draw", "count": 6}]}, "`count` must be 1-5", id="draw-6"),
    pytest.param(2, {"effects": [{"kind": "draw", "count": True}]}, "`count` must be 1-5", id="draw-true"),
    pytest.param(2, {"effects": [{"kind": "take_from_table", "any_number": True, "amount": 1000}]},
                 "`any_number` takes no `amount`", id="any-number-with-amount"),
    pytest.param(2, {"effects": [{"kind": "take_from_table", "any_number": True, "up_to": True}]},
                 "`any_number` takes no `amount` or `up_to`", id="any-number-with-up-to"),
    pytest.param(2, {"effects": [{"kind": "take_from_table", "amount": 1000, "up_to": "yes"}]},
                 "`up_to` must be true or false", id="up-to-not-a-boolean"),
    pytest.param(2, {"effects": [{"kind": "pay", "amount": 1000, "to": "dealer"}]}, "`to` must be \"table\" or "
                 "\"target\"", id="pay-to-neither-table-nor-target"),
    pytest.param(2, {"effects": [{"kind": "collect", "amount": 1000, "to": "target"}]},
                 "a `collect` effect has no field `to`", id="to-on-collect"),
    pytest.param(2, {"effects": [{"kind": "double_exchange", "amount": 1000}]},
                 "a `double_exchange` effect has no field `amount`", id="amount-on-double-exchange"),
    pytest.param(2, {"effects": [{"kind": "draw", "count": 1, "up_to": True}]}, "a `draw` effect has no field "
                 "`up_to`", id="up-to-on-draw"),
    pytest.param(2, {"effects": [{"kind": "negated_pays", "amount": 1000}]}, "the `negated_pays` effect needs",
                 id="negated-pays-on-an-action"),
    pytest.param(2, {"bonus_effects": [{"kind": "negated_pays", "amount": 1000}]}, "the `negated_pays` effect needs",
                 id="negated-pays-in-an-action-bonus"),
    pytest.param(1, {"hyper_effects": [{"kind": "negated_pays", "amount": 1000}]}, "needs `hyper_lasts`",
                 id="negated-pays-on-a-hyper-that-does-not-last"),
]


@pytest.mark.parametrize(("position", "changes", "complaint"), CARD_REFUSALS)
def test_a_bad_card_is_refused_naming_the_card_and_the_field(position, changes, complaint):
    raw = edit(position, changes)
    name = raw["cards"][position - 1].get("name", "")
    where = f"Card {position} ({name})" if len(name) <= 60 else f"Card {position} ({name[:60]})"
    message = refusal(raw).message
    assert message.startswith(where + ":") and complaint in message, message


def test_an_event_card_points_to_the_cosmic_import():
    error = refusal(edit(3, {"type": "event", "lasts": "instant"}))
    assert error.message.startswith("Card 3 (Poke): field `type`") and "'event'" in error.message
    assert "/cosmic import" in error.hint


def test_a_card_that_is_not_an_object_is_refused():
    raw = small()
    raw["cards"][3] = "Peek"
    assert refusal(raw).message.startswith("Card 4: must be an object")


def test_an_unknown_field_lists_the_fields_of_that_type():
    error = refusal(edit(12, {"colour": "red"}))
    assert error.hint == "Its fields are: id, name, text, type."


def test_a_hyper_that_lasts_may_carry_negated_pays():
    raw = edit(1, {"hyper_lasts": "hand", "hyper_effects": [{"kind": "negated_pays", "amount": 1000}]})
    assert parse_catalogue(raw).card("hero").hyper_lasts is Lasts.HAND


def test_an_unknown_field_on_an_action_reads_well():
    assert "an action card has no field `lasts`" in refusal(edit(2, {"lasts": "hand"})).message


def test_negated_pays_in_a_bonus_names_the_bonus_effects():
    message = refusal(edit(2, {"bonus_effects": [{"kind": "negated_pays", "amount": 1000}]})).message
    assert "`bonus_effects`" in message


def test_any_number_that_is_not_a_boolean_names_any_number():
    message = refusal(edit(2, {"effects": [{"kind": "take_from_table", "any_number": "yes"}]})).message
    assert "`any_number`" in message


def _without(*positions: int):
    def change(raw: dict) -> None:
        raw["cards"] = [c for i, c in enumerate(raw["cards"], start=1) if i not in positions]
    return change


def _adding(card_type: str, how_many: int):
    def change(raw: dict) -> None:
        template = next(c for c in raw["cards"] if c["type"] == card_type)
        raw["cards"] += [{**copy.deepcopy(template), "id": f"extra-{i}", "name": f"Extra {i}"}
                         for i in range(how_many)]
    return change


def _set(**fields):
    def change(raw: dict) -> None:
        raw.update(fields)
        for key in [k for k, v in fields.items() if v is DROP]:
            del raw[key]
    return change


def _rename(position: int, **fields):
    def change(raw: dict) -> None:
        raw["cards"][position - 1].update(fields)
    return change


CATALOGUE_REFUSALS = [
    pytest.param(_adding("negate", 1), "exactly one negate card, it has 2", id="two-negate-cards"),
    pytest.param(_without(12), "exactly one negate card, it has 0", id="no-negate-card"),
    pytest.param(_without(11), "exactly one hyper card, it has 0", id="no-hyper-card"),
    pytest.param(_adding("hyper", 1), "exactly one hyper card, it has 2", id="two-hyper-cards"),
    pytest.param(_without(10), "needs 3-100 modifier cards, it has 2", id="fewer-than-3-modifiers"),
    pytest.param(_without(7), "needs 3-100 stock cards, it has 2", id="fewer-than-3-stocks"),
    pytest.param(_without(4), "needs 3-100 action cards, it has 2", id="fewer-than-3-actions"),
    pytest.param(_adding("action", 98), "needs 3-100 action cards, it has 101", id="more-than-100-actions"),
    pytest.param(_adding("character", 100), "needs 1-100 character cards, it has 101",
                 id="more-than-100-characters"),
    pytest.param(_without(1), "needs 1-100 character cards, it has 0", id="no-character"),
    pytest.param(_adding("modifier", 200), "at most 200", id="more-than-200-cards"),
    pytest.param(_rename(3, id="grab"), "Card 3 (Poke): `id` 'grab' is already used by card 2", id="duplicate-id"),
    pytest.param(_rename(3, name="Grab"), "Card 3 (Grab): `name` 'Grab' is already used by card 2",
                 id="duplicate-name"),
    pytest.param(_set(schema=2), "`schema` must be 1", id="schema-2"),
    pytest.param(_set(name=DROP), "the file: field `name` is missing", id="no-name"),
    pytest.param(_set(description=DROP), "the file: field `description` is missing", id="no-description"),
    pytest.param(_set(description="x" * 301), "field `description` must be 0-300", id="description-too-long"),
    pytest.param(_set(cards=[]), "`cards` must be a non-empty list", id="no-cards"),
]


@pytest.mark.parametrize(("change", "complaint"), CATALOGUE_REFUSALS)
def test_a_bad_catalogue_is_refused_clearly(change, complaint):
    raw = small()
    change(raw)
    assert complaint in refusal(raw).message


def test_a_file_that_is_not_an_object_is_refused():
    assert "must hold an object" in refusal([small()]).message


def test_a_duplicate_name_says_where_the_second_card_is():
    assert refusal(_changed(_rename(3, name="Grab"))).message.startswith("Card 3 (Grab):")


def _changed(change) -> dict:
    raw = small()
    change(raw)
    return raw


FILE_REFUSALS = [
    pytest.param(as_file(small()) + b" " * MAX_FILE_BYTES, "big.json", ["big.json is", "at most 64 KB"],
                 id="over-64-kb"),
    pytest.param(b"\xff\xfe" + as_file(small()), "latin.json", ["latin.json is not UTF-8"], id="not-utf-8"),
    pytest.param(as_file(small()).decode("utf-8").encode("utf-16"), "wide.json", ["wide.json is not UTF-8"],
                 id="utf-16"),
    pytest.param(b'{\n  "schema": 1,\n  "name": oops\n}', "bad.json",
                 ["bad.json is not valid JSON: line 3, column 11"], id="bad-json-line-and-column"),
    pytest.param(b"schema = = 1", "bad.toml", ["bad.toml is not valid TOML"], id="bad-toml"),
    pytest.param(as_file(small()), "cards.yaml", ["cards.yaml is neither .json nor .toml"], id="wrong-extension"),
    pytest.param(as_file(small()), "cards", ["cards is neither .json nor .toml"], id="no-extension"),
]


@pytest.mark.parametrize(("data", "filename", "complaints"), FILE_REFUSALS)
def test_a_bad_file_is_refused_naming_the_file(data, filename, complaints):
    with pytest.raises(DeckError) as refused:
        parse_file(data, filename)
    for complaint in complaints:
        assert complaint in refused.value.message, refused.value.message


def test_a_file_just_over_64_kb_does_not_claim_to_be_64_kb():
    data = as_file(small())
    data += b" " * (MAX_FILE_BYTES + 1 - len(data))
    with pytest.raises(DeckError) as refused:
        parse_file(data, "big.json")
    assert "is 64 KB" not in refused.value.message


def test_uppercase_extensions_are_read():
    assert parse_file(as_file(small()), "SMALL.JSON") == parse_file(SMALL_TOML.encode(), "Small.Toml")


def test_looking_up_cards(shipped):
    assert shipped.find("  riichi ROBBERY ") is shipped.card("riichi-robbery")
    assert shipped.find("nothing") is None
    with pytest.raises(DeckError, match="no card 'nothing'"):
        shipped.card("nothing")
    assert [c.symbol for c in Colour] == ["中", "發", "白"]  # 1.2d.1
