"""House rules (issue 21): a server's named presets of each game's options, and the preset a channel (or the whole
server) uses by default; a game's `new`/`start` takes the default preset's value of every option the player did not
give, and the game keeps what it started with (its options are in its state).

A preset holds the options of the game's own start command (for the table also `/table end`'s uma and return points,
which a table keeps from its start): `/settings preset <game>` takes exactly those options, copied from the game's
command with their types, choices, bounds and descriptions (`save_command`), so Discord offers the same choices and
`ui.permissions.require_in_bounds` checks the same bounds. Then the values are checked whole by the game's own
builder (`ui.game_options.CHECKS`), the one its start command uses, before they are saved, and again when a game
starts with them."""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from dataclasses import dataclass, field
from typing import Any, Literal, cast

import discord
from discord import app_commands

from engine.errors import GameError, IllegalMove
from engine.text import command
from render import i18n
from render import settings as render
from render.i18n import N_
from storage.preferences import Scope
from storage.presets import Preset, find_preset
from ui.game_options import CHECKS
from ui.permissions import require_values_in_bounds

Game = Literal["table", "cosmic", "chaosjan", "uno", "ginjontan", "chroma"]
GAMES: tuple[Game, ...] = ("table", "cosmic", "chaosjan", "uno", "ginjontan", "chroma")
SOURCES: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {  # the options a preset of each game holds, by command
    "table": (("table start", ("points", "length", "kiriage", "kazoe", "aotenjou", "bust", "sanma_honba")),
              ("table end", ("uma", "return_points"))),
    "cosmic": (("cosmic start", ("deck", "chombo")),),
    "chaosjan": (("chaosjan new", ("catalogue", "hypers", "negates", "modifier_on", "first_hand_draw",
                                   "applies_ends_with_hand")),),
    "uno": (("uno new", ("preset", "timer")),),
    "ginjontan": (("ginjontan new", ("rounds", "deck", "combinations", "duels", "prize", "order_same_symbol",
                                     "winners_to", "black_hole", "timer")),),
    "chroma": (("chroma rules", ("silver", "gold", "red", "blue", "prismatic", "fern_green", "light_siam",
                                 "siam_limited", "rainbow_from", "open_tanyao", "chip_value", "gold_reading")),),
}
MAX_PRESETS = 25  # of one game in one server: a menu or a list of suggestions shows them all
NAME_LENGTH = 32
NAME_OPTION = "name"  # the preset's name, beside the game's options in `/settings preset <game>`


def default_key(game: str) -> str:
    """The preference (storage/preferences.py) naming the channel's or the server's default preset of `game`."""
    return f"default:{game}"


# -- the commands that save presets ---------------------------------------------------------------------------------

SaveCallback = Callable[[discord.Interaction, str, str, dict[str, Any]], Awaitable[None]]
Suggest = Callable[[Any, str], Coroutine[Any, Any, list[app_commands.Choice[str]]]]  # (interaction, typed)


def save_command(game: str, description: str, sources: Iterable[tuple[app_commands.Command[Any, ..., Any],
                                                                      tuple[str, ...]]],
                 name_description: str, save: SaveCallback,
                 suggestions: dict[str, Suggest] | None = None) -> app_commands.Command[Any, ..., None]:
    """`/settings preset <game>`: a preset's name, then the options `sources` name, as their commands declare them
    (every one optional). `save(interaction, game, name, options)` gets the options the player gave. An option its
    command suggests values for (a deck's name) takes its suggestions from `suggestions`: the source's own are
    methods of its cog, which this command is not part of."""
    async def callback(interaction: discord.Interaction, name: str, **options: Any) -> None:
        given = {option: value for option, value in options.items() if option in interaction.namespace}
        await save(interaction, game, name, given)

    callback.__signature__ = inspect.Signature([  # type: ignore[attr-defined]  # what discord.py reads
        inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction),
        inspect.Parameter(NAME_OPTION, inspect.Parameter.KEYWORD_ONLY,
                          annotation=app_commands.Range[str, 1, NAME_LENGTH])])
    app_commands.describe(**{NAME_OPTION: name_description})(callback)
    saved: app_commands.Command[Any, ..., None] = app_commands.Command(name=game, description=description,
                                                                        callback=callback)
    for source, names in sources:
        for option in names:  # discord.py keeps a command's options in `_params`, built from its callback
            param = dataclasses.replace(source._params[option], required=False)
            if param.autocomplete is not None:
                param.autocomplete = (suggestions or {}).get(option)
            saved._params[option] = param
    return saved


def preset_command(tree: app_commands.CommandTree, game: str) -> app_commands.Command[Any, ..., Any] | None:
    """The bot's `/settings preset <game>` (None: the settings cog is not loaded)."""
    settings = tree.get_command("settings")
    group = settings.get_command("preset") if isinstance(settings, app_commands.Group) else None
    found = group.get_command(game) if isinstance(group, app_commands.Group) else None
    return found if isinstance(found, app_commands.Command) else None


def options_of(tree: app_commands.CommandTree, game: str) -> dict[str, app_commands.Parameter]:
    """The options a preset of `game` may hold, as declared."""
    found = preset_command(tree, game)
    return {} if found is None else {p.name: p for p in found.parameters if p.name != NAME_OPTION}


_TYPES: dict[discord.AppCommandOptionType, tuple[type, ...]] = {
    discord.AppCommandOptionType.string: (str,), discord.AppCommandOptionType.integer: (int,),
    discord.AppCommandOptionType.boolean: (bool,), discord.AppCommandOptionType.number: (int, float)}


def check_preset(tree: app_commands.CommandTree, game: str, options: dict[str, Any]) -> None:
    """Options a preset of `game` may hold, each of its type within its command's bounds, and the game's rules
    accepting them together (with the commands' defaults for the others)."""
    declared = options_of(tree, game)
    for option, value in options.items():
        param = declared.get(option)
        if param is None:
            raise IllegalMove(N_("A preset of this game has no option `{option}`."),
                              N_("Save the preset again with {command}."), code="bad_preset",
                              option=option, command=command(f"settings preset {game}"))
        kinds = _TYPES.get(param.type, ())
        if isinstance(value, bool) != (bool in kinds) or not isinstance(value, kinds):
            raise IllegalMove(N_("`{option}` can't be {value}."), N_("Save the preset again with {command}."),
                              code="bad_preset", option=option, value=repr(value)[:50],
                              command=command(f"settings preset {game}"))
    found = preset_command(tree, game)
    if found is not None:
        require_values_in_bounds(found, options)
    CHECKS[game]({**{name: p.default for name, p in declared.items()}, **options})


# -- a game's start -------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class HouseRules:
    """The options a game starts with, and where they came from."""

    game: str
    values: dict[str, Any]  # every option: given with the command, else the default preset's, else the default
    preset: str | None = None  # the default preset in force here
    scope: Scope | None = None  # where that default was chosen
    used: dict[str, Any] = field(default_factory=dict)  # the preset's options that apply
    overridden: tuple[str, ...] = ()  # the preset's options given with the command instead
    missing: bool = False  # the default names a preset the server no longer has: the game's own defaults apply


def channel_ids(interaction: discord.Interaction) -> list[int]:
    """The channel the interaction is in, then a thread's parent: a thread follows its channel's settings."""
    ids = [] if interaction.channel_id is None else [interaction.channel_id]
    if isinstance(interaction.channel, discord.Thread) and interaction.channel.parent_id is not None:
        ids.append(interaction.channel.parent_id)
    return ids


async def setting_in_force(interaction: discord.Interaction, key: str) -> tuple[Any, Scope] | None:
    """A setting of the channel (or its thread's parent), else of the server, and where it was set."""
    preferences = interaction.client.preferences  # type: ignore[attr-defined]
    for channel_id in channel_ids(interaction):
        value = await preferences.get("channel", channel_id, key)
        if value is not None:
            return value, "channel"
    value = await preferences.get("server", interaction.guild_id, key)
    return None if value is None else (value, "server")


async def in_force(interaction: discord.Interaction, game: str, **values: Any) -> HouseRules:
    """The options a game of `game` starts with here: `values` are the command's options as it received them (its
    defaults for those not given); the default preset's replace those the player did not give."""
    tree = interaction.client.tree  # type: ignore[attr-defined]
    values = {**{name: p.default for name, p in options_of(tree, game).items()}, **values}
    found = await setting_in_force(interaction, default_key(game))
    if found is None or interaction.guild_id is None:
        return HouseRules(game, values)
    name, scope = found
    preset = await find_preset(interaction.client.db, interaction.guild_id, game, name)  # type: ignore[attr-defined]
    if preset is None:
        return HouseRules(game, values, name, scope, missing=True)
    checked(tree, preset)
    given = {option for option in values if option in interaction.namespace}
    used = {option: value for option, value in preset.options.items() if option not in given}
    return HouseRules(game, {**values, **used}, name, scope, used,
                      tuple(option for option in preset.options if option in given))


def checked(tree: app_commands.CommandTree, preset: Preset) -> Preset:
    """The preset, if the game's rules (as they are now) still accept it."""
    try:
        check_preset(tree, preset.game, preset.options)
    except GameError as error:
        reason, _ = i18n.refusal(error)
        raise IllegalMove(N_("The default preset **{preset}** can't be used: {reason}"),
                          N_("Give the options with the command, or save the preset again with {command}."),
                          code="bad_preset", preset=preset.name, reason=reason,
                          command=command(f"settings preset {preset.game}")) from error
    return preset


def choice_names(tree: app_commands.CommandTree, game: str) -> dict[str, dict[Any, str]]:
    """{option: {value: its choice's name}} for the options of `game` offered as choices."""
    return {name: {c.value: c.name for c in p.choices} for name, p in options_of(tree, game).items() if p.choices}


def game_of(value: str) -> Game:
    """A game named by an option (checked again: a modified client can send anything)."""
    if value not in GAMES:
        raise IllegalMove(N_("There are no house rules for {game}."), N_("Pick one of the suggested games."),
                          code="bad_game", game=repr(value[:50]))
    return cast(Game, value)


def start_line(interaction: discord.Interaction, rules: HouseRules) -> str | None:
    """What the game's first message says about the house rules it starts with (None: no default preset here)."""
    return render.start_line(rules.game, rules.preset, rules.scope, rules.used, rules.overridden, rules.missing,
                             choice_names(interaction.client.tree, rules.game))  # type: ignore[attr-defined]
