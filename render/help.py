"""The /help cards, built from the registered slash commands so every game's part appears by itself."""

from __future__ import annotations

from collections.abc import Iterable

import discord
from discord import app_commands

from render.common import COLOUR_INFO

HELP_GROUP_LIMIT = 25  # one select option per command group


def usage(command: app_commands.Command) -> str:
    """`/table pay amount [to] [player]`: required options bare, optional ones in brackets."""
    parts = [f"/{command.qualified_name}"]
    for param in command.parameters:
        parts.append(param.display_name if param.required else f"[{param.display_name}]")
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
        description=(
            "Your table's shared deck, rules referee and scorekeeper. Each game lives in one channel; "
            "your hand and other secrets are only ever shown to you."
        ),
    )
    game_groups = groups(tree)
    if game_groups:
        embed.add_field(
            name="Games",
            value="\n".join(f"`/{g.name}`: {g.description}" for g in game_groups[:HELP_GROUP_LIMIT])[:1024],
            inline=False,
        )
        embed.set_footer(text="Pick a game below to see its commands.")
    else:
        embed.add_field(name="Games", value="No games are installed on this bot yet.", inline=False)
    singles = [c for c in tree.get_commands() if isinstance(c, app_commands.Command)]
    if singles:
        embed.add_field(name="Other commands",
                        value="\n".join(f"`{usage(c)}`: {c.description}" for c in singles)[:1024], inline=False)
    return embed


def group_embed(group: app_commands.Group) -> discord.Embed:
    lines = [f"`{usage(c)}`\n{c.description}" for c in walk(group.commands)]
    return discord.Embed(title=f"/{group.name}", colour=COLOUR_INFO,
                         description=(f"{group.description}\n\n" + "\n".join(lines))[:4096])


def topic_options(tree: app_commands.CommandTree) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=f"/{g.name}", value=g.name, description=g.description[:100])
            for g in groups(tree)[:HELP_GROUP_LIMIT]]
