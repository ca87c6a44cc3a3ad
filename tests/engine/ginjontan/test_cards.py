"""Seed 004, "Card symbols" and "Point evaluation": card notation, card values and who overcomes whom (3.3)."""

from __future__ import annotations

import itertools

import pytest

from engine.errors import GameError, IllegalMove
from engine.ginjontan.cards import (
    BLACK_HOLE,
    COLOURS,
    FULL_SET_SIZE,
    SYMBOLS,
    CardNotationError,
    card,
    card_id,
    clash,
    format_cards,
    overcomes,
    parse_card,
    parse_cards,
    verb,
)
from tests.engine.ginjontan.notation import c

# The seed's symbol table, copied from the text (not from the engine): symbol, value, its two sentences.
SEED_TABLE = [
    ("Righteous", 9, "Judge Prisoner, Restrain Executioner"),
    ("Fire", 1, "Lighten Night, Warm up Coldness"),
    ("Love", 6, "Avert Weapon, Survive Death"),
    ("Sin", 6, "Seduce Righteous, Spoil Life"),
    ("Water", 1, "Quench Fire, Flood Path"),
    ("Air", 1, "Fill Vacuum, Disperse Earth"),
    ("Night", 1, "Cover Sin, Warp Hope"),
    ("Path", 3, "Overcome Earth, Arch Abyss"),
    ("Black hole", 33, "Neutralise anything, cancel opponent reserve"),
    ("Hope", 6, "Overwhelm Death, Substitute Love"),
    ("Earth", 1, "Fill Abyss, Draw Moon"),
    ("Sun", 9, "Repel Night, Disperse Coldness"),
    ("Abyss", 3, "Devour Path, Drain Air"),
    ("Moon", 9, "Draw Air, Occupy Vacuum"),
    ("Space ship", 12, "Shoot down Boat, Annex Moon"),
    ("Life", 12, "Surpass Death, Fail Hope"),
    ("Supernova", 33, "Destroy Space ship, Replace Sun"),
    ("Executioner", 3, "Take Life, Punish Sin"),
    ("Prisoner", 3, "Take Weapon, Steal Space ship"),
    ("Boat", 9, "Capture Prisoner, Consume Water"),
    ("Death", 12, "Hush Righteous, Remove Prisoner"),
    ("Coldness", 1, "Freeze Water, Tame Love"),
    ("Vacuum", 6, "Choke Fire, Extinguish Sun"),
    ("Weapon", 3, "Kill Executioner, Wreck Life"),
]
SPECIAL_VALUES = [("Bonus", 1), ("Universal", 99), ("Defeat", 0)]  # "treated as 1", "99", "x0"
COLOUR_MULTIPLIERS = [("w", "White", 1), ("r", "Red", 3), ("o", "Orange", 9), ("y", "Yellow", 12),
                      ("g", "Green", 15), ("b", "Blue", 33), ("v", "Violet", 99)]
SYMBOL = {s.name: s for s in SYMBOLS}
NAMES = [name for name, _, _ in SEED_TABLE]


def _verbs() -> list[tuple[str, str, str]]:
    """(symbol, verb, the symbol it overcomes) for every sentence of the table but the Black hole's."""
    out = []
    for name, _, text in SEED_TABLE:
        if name == "Black hole":
            continue
        for sentence in text.split(", "):
            target = next(t for t in NAMES if sentence.endswith(" " + t))
            out.append((name, sentence[: -len(target) - 1], target))
    return out


VERBS = _verbs()


def notation_of(name: str, colour: str = "w", copy: int = 1) -> str:
    return f"{colour}{copy}{name.replace(' ', '').lower()}"


# -- notation -----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, name, value", [
    ("r12sun", "Red 12 Sun", 9 * 12 * 3),
    ("R12SUN", "Red 12 Sun", 9 * 12 * 3),
    ("v33blackhole", "Violet 33 Black hole", 33 * 33 * 99),
    ("v33bh", "Violet 33 Black hole", 33 * 33 * 99),
    ("b2ss", "Blue 2 Space ship", 12 * 2 * 33),
    ("g7spaceship", "Green 7 Space ship", 12 * 7 * 15),
    ("y5uni", "Yellow 5 Universal", 99 * 5 * 12),
    ("w1bonus", "White 1 Bonus", 1),
    ("o3blackh", "Orange 3 Black hole", 33 * 3 * 9),
    ("o3sup", "Orange 3 Supernova", 33 * 3 * 9),
    ("w9righteous", "White 9 Righteous", 81),
    ("r1sin", "Red 1 Sin", 18),
])
def test_notation_colour_letter_copy_number_symbol(text, name, value):
    """Notation: colour letter, copy number, symbol (any unambiguous prefix, or an alias)."""
    assert card(parse_card(text)).name == name
    assert card(parse_card(text)).value == value


def test_notation_cards_are_separated_by_spaces_or_commas():
    assert format_cards(parse_cards(" r1sun,w2moon   b3path ,")) == "r1sun w2moon b3path"


@pytest.mark.parametrize("text, position, problem", [
    ("12sun", 0, "starts with its colour letter"),
    ("r1sun x2moon", 6, "`x` is not a colour"),
    ("r1sun wsun", 7, "copy number (1-33) comes after the colour letter"),
    ("r1sun w0moon", 7, "from 1 to 33, not 0"),
    ("w34moon", 1, "from 1 to 33, not 34"),
    ("r1sun w12", 9, "symbol is missing"),
    ("w1su", 2, "`su` could be sun, supernova"),
    ("w1s", 2, "`s` could be sin, sun, spaceship, supernova"),
    ("w1bo", 2, "`bo` could be boat, bonus"),
    ("r1sun w1de", 8, "`de` could be death, defeat"),
    ("w1xyz", 2, "`xyz` is not a symbol"),
    ("r1sun w2moon r1sun", 13, "Red 1 Sun is written twice"),
    ("", 0, "No cards given"),
    (" , ", 0, "No cards given"),
])
def test_notation_errors_point_a_caret_at_the_wrong_part(text, position, problem):
    with pytest.raises(CardNotationError) as err:
        parse_cards(text)
    e = err.value
    assert e.code == "bad_cards" and isinstance(e, IllegalMove) and isinstance(e, GameError)
    assert e.position == position
    assert problem in e.message
    assert f"(character {position + 1})" in e.message
    assert f"\n{text}\n{' ' * position}^\n" in e.message
    assert e.hint


def test_notation_limit_counts_the_cards():
    with pytest.raises(CardNotationError) as err:
        parse_cards("w1sun w2sun w3sun", limit=2)
    assert err.value.position == 12 and "At most 2 cards" in err.value.message
    assert len(parse_cards("w1sun w2sun", limit=2)) == 2


def test_notation_the_same_card_twice_is_refused_but_two_copies_differ():
    """"each card is also in 33 copies": two cards of one symbol differ in colour or copy number."""
    assert len(parse_cards("r1sun r2sun w1sun")) == 3
    with pytest.raises(CardNotationError):
        parse_cards("r1sun R1SUN")


# -- values ---------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, value", [(n, v) for n, v, _ in SEED_TABLE] + SPECIAL_VALUES)
def test_base_value_depends_on_card_symbol(name, value):
    """Base value: "depends on card symbol (see below)" (Bonus treated as 1, Universal 99, Defeat x0)."""
    assert SYMBOL[name].value == value
    assert card(parse_card(notation_of(name))).value == value


@pytest.mark.parametrize("letter, title, multiplier", COLOUR_MULTIPLIERS)
def test_color_is_a_multiplier_of_the_base_value(letter, title, multiplier):
    """Color: "7 base colors, each is certain multiplier of it"."""
    x = card(parse_card(f"{letter}1sun"))
    assert x.colour.title == title and x.colour.multiplier == multiplier and x.value == 9 * multiplier


@pytest.mark.parametrize("copy", [1, 2, 17, 33])
def test_copy_number_multiplies_symbol_value(copy):
    """Base value: "33 copies, with increasing number, what multiplies symbol value"."""
    assert card(parse_card(f"w{copy}sun")).value == 9 * copy
    assert card(parse_card(f"v{copy}sun")).value == 9 * copy * 99


@pytest.mark.parametrize("text, value", [
    ("v12sun", 10_692),  # the rulings' example: 9 x 12 x 99
    ("w1bonus", 1), ("g2bonus", 1 * 2 * 15), ("v33bonus", 33 * 99),  # "base value is treated as 1, x color x copy"
    ("w1uni", 99), ("b3uni", 99 * 3 * 33),
    ("w1defeat", 0), ("v33defeat", 0),
    ("o2bh", 33 * 2 * 9),
])
def test_special_card_values(text, value):
    assert card(parse_card(text)).value == value


def test_full_set_has_6237_distinct_cards_that_round_trip():
    """Rulings: 27 symbols x 7 colours x 33 copies, each once."""
    assert FULL_SET_SIZE == 6237 == len(SYMBOLS) * len(COLOURS) * 33
    seen = set()
    for cid in range(FULL_SET_SIZE):
        x = card(cid)
        assert x.id == cid == card_id(x.symbol, x.colour, x.copy) == parse_card(x.notation)
        seen.add((x.symbol.name, x.colour, x.copy))
    assert len(seen) == FULL_SET_SIZE
    for bad in (-1, FULL_SET_SIZE):
        with pytest.raises(ValueError):
            card(bad)


# -- who overcomes whom -----------------------------------------------------------------------------------------------

def test_symbol_table_is_the_seeds():
    assert [(s.name, s.value) for s in SYMBOLS[:24]] == [(n, v) for n, v, _ in SEED_TABLE]
    assert len(VERBS) == 46


@pytest.mark.parametrize("attacker, says, target", VERBS, ids=[f"{a} {v} {t}" for a, v, t in VERBS])
def test_card_symbols_description_shows_what_cards_it_overcomes(attacker, says, target):
    """Note: "Description tells, what should player say ... and also show, what cards proper card overcomes".
    The verb wins whatever the colours and numbers, whichever card acts."""
    a, b = SYMBOL[attacker], SYMBOL[target]
    assert overcomes(a, b)
    assert verb(a, b) == says
    weak, strong = c(notation_of(attacker, "w", 1)), c(notation_of(target, "v", 33))
    acting = clash(weak, strong)
    assert (acting.winner, acting.loser, acting.reason) == (weak, strong, "verb")
    assert f"{says} {target}!" in acting.text
    if not overcomes(b, a):  # the mutual pair is tested below
        targeted = clash(strong, weak)
        assert (targeted.winner, targeted.reason) == (weak, "verb")


def test_no_other_symbol_overcomes_another_except_black_hole():
    named = {(a, t) for a, _, t in VERBS}
    for a, b in itertools.product(SYMBOLS, repeat=2):
        assert overcomes(a, b) == (a is BLACK_HOLE or (a.name, b.name) in named), (a.name, b.name)


def test_path_and_abyss_are_the_only_mutual_pair():
    mutual = {frozenset((a.name, b.name)) for a, b in itertools.product(SYMBOLS, repeat=2)
              if a is not b and BLACK_HOLE not in (a, b) and overcomes(a, b) and overcomes(b, a)}
    assert mutual == {frozenset(("Path", "Abyss"))}


@pytest.mark.parametrize("acting, target", [("w1path", "v33abyss"), ("w1abyss", "v33path")])
def test_mutual_pair_the_acting_card_wins(acting, target):
    """Rulings 3.3: if both cards name each other (Path arches Abyss, Abyss devours Path), the acting card wins."""
    result = clash(c(acting), c(target))
    assert (result.winner, result.loser, result.reason) == (c(acting), c(target), "verb")


@pytest.mark.parametrize("name", [s.name for s in SYMBOLS if s is not BLACK_HOLE])
def test_black_hole_neutralises_anything(name):
    """Black hole: "Overwhelm any other card", acting or acted on, whatever the colour and number."""
    bh, other = c("w1bh"), c(notation_of(name, "v", 33))
    assert overcomes(BLACK_HOLE, SYMBOL[name]) and not overcomes(SYMBOL[name], BLACK_HOLE)
    for a, b in ((bh, other), (other, bh)):
        result = clash(a, b)
        assert (result.winner, result.loser, result.reason) == (bh, other, "verb")
    assert verb(BLACK_HOLE, SYMBOL[name]) == "Neutralise"


@pytest.mark.parametrize("acting, target", [("w1bh", "v33bh"), ("v33bh", "w1bh")])
def test_black_hole_against_black_hole_the_acting_one_wins(acting, target):
    """Black hole: "(including another Black hole)": both overwhelm each other, so the acting card wins."""
    assert clash(c(acting), c(target)).winner == c(acting)


@pytest.mark.parametrize("acting, target, winner, reason", [
    ("w1righteous", "v33prisoner", "w1righteous", "verb"),  # 1) the verb, before colour and number
    ("v33prisoner", "w1righteous", "w1righteous", "verb"),  # ... also when the overcoming card is the target
    ("r1fire", "w33supernova", "r1fire", "colour"),  # 2) "color thrumps number"
    ("w33supernova", "r1fire", "r1fire", "colour"),
    ("b1fire", "o33moon", "b1fire", "colour"),
    ("r3moon", "r2life", "r3moon", "number"),  # 3) same colour: "higher number value trumphs lower" (81 > 72)
    ("r2life", "r3moon", "r3moon", "number"),
    ("g2sun", "g1supernova", "g1supernova", "verb"),  # Supernova replaces Sun
    ("w1bonus", "w1defeat", "w1bonus", "number"),  # specials have no verbs; Defeat's value is 0
    ("y1uni", "v1defeat", "v1defeat", "colour"),
])
def test_clash_verb_then_colour_then_value(acting, target, winner, reason):
    """Rulings 3.3: 1) Black hole, 2) verbs, 3) the higher colour, 4) in one colour the higher value."""
    result = clash(c(acting), c(target))
    loser = target if winner == acting else acting
    assert (result.winner, result.loser, result.reason) == (c(winner), c(loser), reason)


@pytest.mark.parametrize("a, b", [("r3sun", "r9path"), ("w1defeat", "w2defeat"), ("g4fire", "g4air"),
                                  ("v2uni", "v33love")])
def test_clash_equal_values_in_one_colour_are_a_standoff(a, b):
    """Rulings 3.3: "Equal values are a standoff" (9x3x3 = 3x9x3, 0 = 0, 1x4 = 1x4, 99x2 = 6x33)."""
    assert card(c(a)).value == card(c(b)).value
    for x, y in ((a, b), (b, a)):
        result = clash(c(x), c(y))
        assert (result.winner, result.loser, result.reason) == (None, None, "standoff")
