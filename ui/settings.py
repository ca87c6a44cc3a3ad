"""/settings (issue 21): what a server and its channels choose for the bot. Seeing them is for everyone; changing
them is for server managers (`require_server_manager`), and naming the managers' role for Manage Server alone."""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from engine.errors import IllegalMove, NotAllowed
from engine.text import command
from render import i18n
from render import settings as render
from render.i18n import N_
from storage.preferences import LANGUAGE_KEY, MANAGER_ROLE_KEY, Scope
from storage.presets import delete_preset, find_preset, list_presets, save_preset
from ui import house_rules
from ui.errors import note_change
from ui.permissions import require_server_manager
from ui.types import Interaction

# What require_server_manager's refusal names; its sentences are translated whole:
LANGUAGE_ACTION = "change the language the bot speaks here"
N_("Only someone with Manage Server (or the server's manager role) can change the language the bot speaks here.")
DEFAULTS_ACTION = "choose the presets games start with"
N_("Only someone with Manage Server (or the server's manager role) can choose the presets games start with.")
SAVE_ACTION = "save the server's presets"
N_("Only someone with Manage Server (or the server's manager role) can save the server's presets.")
DELETE_ACTION = "delete the server's presets"
N_("Only someone with Manage Server (or the server's manager role) can delete the server's presets.")
NAME = re.compile(r"\w[\w \-.'+!?&()]*")


def preset_name(text: str) -> str:
    """A preset's name as typed, checked: a modified client can send anything."""
    name = " ".join(text.split())
    if not 1 <= len(name) <= house_rules.NAME_LENGTH or not NAME.fullmatch(name):
        raise IllegalMove(N_("A preset's name is 1 to {limit} letters, digits and spaces (also - _ . ' + ! ? & and "
                             "brackets), starting with a letter or digit."), N_("For example `house` or `league 2`."),
                          code="bad_preset_name", limit=house_rules.NAME_LENGTH)
    return name


def scope_of(where: str) -> Scope:
    if where not in ("channel", "server"):
        raise IllegalMove(N_("Settings are for this channel or the whole server."), N_("Pick one of the choices."),
                          code="bad_scope")
    return "channel" if where == "channel" else "server"


def guild_of(interaction: Interaction) -> int:
    if interaction.guild_id is None:
        raise IllegalMove(N_("Settings belong to a server."), N_("Use /settings in a server's channel."),
                          code="no_server")
    return interaction.guild_id


def scope_id(interaction: Interaction, scope: Scope) -> int:
    if scope == "server":
        return guild_of(interaction)
    if interaction.channel_id is None:
        raise IllegalMove(N_("Settings belong to a server."), N_("Use /settings in a server's channel."),
                          code="no_server")
    return interaction.channel_id


async def answer(interaction: Interaction, embed: discord.Embed) -> None:
    """A change's answer, in public: the players should know the house rules changed."""
    note_change(interaction)
    await interaction.response.send_message(embed=embed)


# -- viewing --------------------------------------------------------------------------------------------------------

async def show(interaction: Interaction) -> None:
    guild = guild_of(interaction)
    language = await house_rules.setting_in_force(interaction, LANGUAGE_KEY)
    role = await interaction.client.preferences.get("server", guild, MANAGER_ROLE_KEY)
    presets = await list_presets(interaction.client.db, guild)
    names: dict[str, list[str]] = {}
    for preset in presets:
        names.setdefault(preset.game, []).append(preset.name)
    defaults = []
    for game in house_rules.GAMES:
        found = await house_rules.setting_in_force(interaction, house_rules.default_key(game))
        if found is not None:
            defaults.append((game, found[0], found[1], found[0] in names.get(game, [])))
    embed = render.settings_embed(language=language, role=None if role is None else int(role), defaults=defaults,
                                  presets=names)
    await interaction.response.send_message(embed=embed, ephemeral=True)


def all_choices(interaction: Interaction) -> dict[str, dict[str, dict[Any, str]]]:
    return {game: house_rules.choice_names(interaction.client.tree, game) for game in house_rules.GAMES}


async def list_(interaction: Interaction, game: str | None) -> None:
    kind = None if game is None else house_rules.game_of(game)
    presets = await list_presets(interaction.client.db, guild_of(interaction), kind)
    embed = render.presets_embed([(p.game, p.name, p.options) for p in presets], all_choices(interaction), kind)
    await interaction.response.send_message(embed=embed, ephemeral=True)


async def show_preset(interaction: Interaction, game: str, name: str) -> None:
    kind, name = house_rules.game_of(game), preset_name(name)
    preset = await require_preset(interaction, kind, name)
    await interaction.response.send_message(embed=render.preset_embed(
        kind, preset.name, preset.options, house_rules.choice_names(interaction.client.tree, kind)), ephemeral=True)


async def require_preset(interaction: Interaction, game: str, name: str) -> Any:
    preset = await find_preset(interaction.client.db, guild_of(interaction), game, name)
    if preset is None:
        raise IllegalMove(N_("This server has no preset {name} of that game."),
                          N_("See the presets with {command}, or save one."), code="no_preset",
                          name=repr(name), command=command("settings preset list"))
    return preset


async def preset_names(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Suggestions for a preset's name: the server's presets of the game chosen (of every game before one is)."""
    if interaction.guild_id is None:
        return []
    game = getattr(interaction.namespace, "game", None)
    presets = await list_presets(interaction.client.db, interaction.guild_id,
                                 game if game in house_rules.GAMES else None)
    wanted = current.casefold().strip()
    names = sorted({p.name for p in presets if wanted in p.name.casefold()})
    return [app_commands.Choice(name=name, value=name) for name in names][:25]


# -- changing -------------------------------------------------------------------------------------------------------

async def set_language(interaction: Interaction, language: str | None, where: str) -> None:
    scope = scope_of(where)
    if language is not None and language not in i18n.LANGUAGES:
        raise IllegalMove(N_("The bot speaks {languages}."), N_("Pick one of the choices, or leave it out to let "
                                                                 "each player read their own."),
                          code="bad_language", languages=", ".join(i18n.LANGUAGES))
    await require_server_manager(interaction, LANGUAGE_ACTION)
    await interaction.client.preferences.set(scope, scope_id(interaction, scope), LANGUAGE_KEY, language,
                                             by=interaction.user.id)
    if language is not None:
        i18n.set_language(language)  # the answer already in the language chosen
    else:
        i18n.set_language(interaction.locale)
        found = await house_rules.setting_in_force(interaction, LANGUAGE_KEY)  # the server's may still apply
        if found is not None:
            i18n.set_language(found[0])
    await answer(interaction, render.changed_embed(render.language_set(language, scope)))


async def set_manager_role(interaction: Interaction, role: discord.Role | None) -> None:
    if not interaction.permissions.manage_guild:
        raise NotAllowed(N_("Only someone with Manage Server can choose the manager role."),
                         N_("Ask a member with Manage Server."), code="not_server_owner")
    guild = guild_of(interaction)
    if role is not None and (role.is_default() or role.guild.id != guild):
        raise IllegalMove(N_("The manager role can't be @everyone."), N_("Choose a role that only some members have."),
                          code="bad_role")
    await interaction.client.preferences.set("server", guild, MANAGER_ROLE_KEY, None if role is None else role.id,
                                             by=interaction.user.id)
    await answer(interaction, render.changed_embed(render.role_set(None if role is None else role.id)))


async def set_default(interaction: Interaction, game: str, name: str | None, where: str) -> None:
    kind, scope = house_rules.game_of(game), scope_of(where)
    await require_server_manager(interaction, DEFAULTS_ACTION)
    chosen = None
    if name is not None:
        preset = house_rules.checked(interaction.client.tree, await require_preset(interaction, kind,
                                                                                    preset_name(name)))
        chosen = preset.name
    await interaction.client.preferences.set(scope, scope_id(interaction, scope), house_rules.default_key(kind),
                                             chosen, by=interaction.user.id)
    await answer(interaction, render.changed_embed(render.default_set(kind, chosen, scope)))


async def save(interaction: discord.Interaction, game: str, name: str, options: dict[str, Any]) -> None:
    """`/settings preset <game>`: save the options given as the server's preset `name` of the game."""
    inter: Interaction = interaction  # type: ignore[assignment]  # the bot's own client
    kind, name = house_rules.game_of(game), preset_name(name)
    await require_server_manager(inter, SAVE_ACTION)
    house_rules.check_preset(inter.client.tree, kind, options)
    status = await save_preset(inter.client.db, guild_of(inter), kind, name, options, by=inter.user.id,
                               limit=house_rules.MAX_PRESETS)
    if status == "full":
        raise IllegalMove(N_("This server keeps {limit} presets of this game already, as many as it may."),
                          N_("Delete one with {command}, or save under the name of one to replace it."),
                          code="too_many_presets", limit=house_rules.MAX_PRESETS,
                          command=command("settings preset delete"))
    embed = render.preset_embed(kind, name, options, house_rules.choice_names(inter.client.tree, kind),
                                title=render.saved_title(kind, name, status == "replaced"))
    embed.set_footer(text=render.saved_note(status == "replaced"))
    await answer(inter, embed)


async def delete(interaction: Interaction, game: str, name: str) -> None:
    kind, name = house_rules.game_of(game), preset_name(name)
    await require_server_manager(interaction, DELETE_ACTION)
    if not await delete_preset(interaction.client.db, guild_of(interaction), kind, name):
        await require_preset(interaction, kind, name)  # refuses: there is none
    await answer(interaction, render.changed_embed(render.deleted(kind, name)))
