"""Each game's start options, from the values of its command's options: what the start commands build their game
with, and what a server's preset of them is checked with (issue 21), so both are refused by the same rules.

`values` holds every option of the game by its command's name, given or not (ui/house_rules.py fills what was not
given from the channel's preset, else the command's default). The declared bounds (choices, ranges) are checked
before (ui/permissions.py); what they can't say (a timer of 5 s, a prize without personal decks) is checked here and
by the engine."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from engine.chaosjan.options import ChaosOptions
from engine.chroma.rules import Ability, ChromaRules, GoldReading
from engine.chroma.tiles import Chroma
from engine.cosmic import ChomboPenalty
from engine.errors import IllegalMove
from engine.ginjontan.options import GinjontanOptions
from engine.table import DEFAULT_POINTS, Kazoe, Length, TableOptions, check_options
from engine.timer import check_timer
from engine.uno.options import PRESETS, UnoOptions
from render.i18n import N_

Values = Mapping[str, Any]


def table_options(values: Values, seats: int) -> TableOptions:
    """`/table start`'s options (and `/table end`'s uma and return points, which a table keeps from its start)."""
    return check_options(TableOptions(
        starting_points=values["points"] or DEFAULT_POINTS.get(seats, 25000), length=Length(values["length"]),
        kiriage=values["kiriage"], kazoe=Kazoe(values["kazoe"]), aotenjou=values["aotenjou"], bust=values["bust"],
        sanma_honba=values["sanma_honba"], uma=values["uma"] or "none", return_points=values["return_points"]))


def cosmic_deck(values: Values) -> tuple[str, ChomboPenalty]:
    """`/cosmic start`'s deck (its name: shipped or the server's, found by ui/deck_library.py) and chombo penalty."""
    return values["deck"], ChomboPenalty(values["chombo"])


def chaos_options(values: Values) -> ChaosOptions:
    """`/chaosjan new`'s options."""
    return ChaosOptions(values["hypers"], values["negates"], values["modifier_on"], values["first_hand_draw"],
                        values["applies_ends_with_hand"])


def uno_options(values: Values) -> tuple[UnoOptions, int]:
    """`/uno new`'s rules (its preset of them) and turn timer."""
    return PRESETS[values["preset"]], check_timer(values["timer"])


def ginjontan_options(values: Values) -> tuple[GinjontanOptions, int]:
    """`/ginjontan new`'s options and timer."""
    if values["prize"] and values["deck"] != "personal":
        raise IllegalMove(N_("The prize rule moves cards between personal collections."),
                          N_("Choose deck: personal with prize: True, or leave the prize off."), code="prize_deck")
    options = GinjontanOptions(rounds=values["rounds"], deck=values["deck"], combinations=values["combinations"],
                               duels=values["duels"], prize=values["prize"],
                               order_same_symbol=values["order_same_symbol"], winners_to=values["winners_to"],
                               black_hole=values["black_hole"])
    return options, check_timer(values["timer"])


CHROMA_OPTIONS = {"silver": Chroma.SILVER, "gold": Chroma.GOLD, "red": Chroma.RED, "blue": Chroma.BLUE,
                  "prismatic": Chroma.PRISMATIC, "fern_green": Chroma.FERN, "light_siam": Chroma.SIAM}


def chroma_rules(values: Values, base: ChromaRules | None = None) -> ChromaRules:
    """`/chroma rules`' options over `base` (the seed's rules): those given (not None) change it."""
    rules = base or ChromaRules()
    for option, chroma in CHROMA_OPTIONS.items():
        if values.get(option) is not None:
            rules = rules.with_ability(chroma, Ability(values[option]))
    changes = {name: values[name] for name in ("siam_limited", "rainbow_from", "open_tanyao", "chip_value")
               if values.get(name) is not None}
    if values.get("gold_reading") is not None:
        changes["gold_reading"] = GoldReading(values["gold_reading"])
    return replace(rules, **changes) if changes else rules


CHECKS = {  # a game's options checked whole (a preset of them, with the command's defaults for the rest)
    "table": lambda values: table_options(values, 4),
    "cosmic": cosmic_deck,
    "chaosjan": chaos_options,
    "uno": uno_options,
    "ginjontan": ginjontan_options,
    "chroma": chroma_rules,
}
