"""The /help cards, built from the registered slash commands so every game's part appears by itself. Names and
descriptions are shown in the player's language, from the same catalogues as the commands themselves
(render.i18n.CommandTranslator)."""

from __future__ import annotations

from collections.abc import Iterable

import discord
from discord import app_commands

from render.common import COLOUR_INFO
from render.i18n import _, p_

HELP_GROUP_LIMIT = 25  # one select option per command group
FIELD_LIMIT = 1024


def name(command: app_commands.Command | app_commands.Group) -> str:
    """`table pay`: the command's qualified name in the language in force."""
    return " ".join(p_("command name", part) for part in command.qualified_name.split())


def description(command: app_commands.Command | app_commands.Group) -> str:
    return p_("command description", command.description)


def usage(command: app_commands.Command) -> str:
    """`/table pay amount [to] [player]`: required options bare, optional ones in brackets."""
    parts = [f"/{name(command)}"]
    for param in command.parameters:
        option = p_("option name", param.display_name)
        parts.append(option if param.required else f"[{option}]")
    return " ".join(parts)


def walk(commands: Iterable[app_commands.Command | app_commands.Group]) -> list[app_commands.Command]:
    found: list[app_commands.Command] = []
    for command in commands:
        if isinstance(command, app_commands.Group):
            found.extend(walk(command.commands))
        else:
            found.append(command)
    return found


def groups(tree: app_commands.CommandTree) -> list[app_commands.Group]:
    return sorted((c for c in tree.get_commands() if isinstance(c, app_commands.Group)), key=lambda g: g.name)


def overview_embed(tree: app_commands.CommandTree) -> discord.Embed:
    embed = discord.Embed(
        title="Chaos Table",
        colour=COLOUR_INFO,
        description=_(
            "Your table's shared deck, rules referee and scorekeeper. Each game lives in one channel; "
            "your hand and other secrets are only ever shown to you."
        ),
    )
    game_groups = groups(tree)
    if game_groups:
        embed.add_field(
            name=_("Games"),
            value="\n".join(f"`/{name(g)}`: {description(g)}" for g in game_groups[:HELP_GROUP_LIMIT])[:FIELD_LIMIT],
            inline=False,
        )
        embed.set_footer(text=_("Pick a game below to see its commands."))
    else:
        embed.add_field(name=_("Games"), value=_("No games are installed on this bot yet."), inline=False)
    singles = [c for c in tree.get_commands() if isinstance(c, app_commands.Command)]
    if singles:
        embed.add_field(name=_("Other commands"),
                        value="\n".join(f"`{usage(c)}`: {description(c)}" for c in singles)[:FIELD_LIMIT],
                        inline=False)
    return embed


def group_embed(group: app_commands.Group) -> discord.Embed:
    lines = [f"`{usage(c)}`\n{description(c)}" for c in walk(group.commands)]
    return discord.Embed(title=f"/{name(group)}", colour=COLOUR_INFO,
                         description=(f"{description(group)}\n\n" + "\n".join(lines))[:4096])


def topic_options(tree: app_commands.CommandTree) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=f"/{name(g)}", value=g.name, description=description(g)[:100])
            for g in groups(tree)[:HELP_GROUP_LIMIT]]


def topic_placeholder() -> str:
    return _("Pick a game to see its commands")
