"""/help: an ephemeral overview, with a menu that shows one game's commands."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from engine.errors import GameError
from engine.text import N_, command
from render import help as help_render
from render.i18n import _
from ui.custom_ids import custom_id, parsed
from ui.errors import ReportsErrors
from ui.types import Interaction

if TYPE_CHECKING:
    from bot import ChaosTable

TOPIC_ID = custom_id("help", "topic")


class HelpTopic(ReportsErrors, discord.ui.DynamicItem[discord.ui.Select], template=re.escape(TOPIC_ID)):
    """The overview's menu of games. A dynamic item: it works after a restart, and discord.py keeps nothing for
    each /help reply (a view with a fixed custom_id was stored for every reply, for its 15 minutes)."""

    def __init__(self, select: discord.ui.Select[Any]) -> None:
        super().__init__(select)

    @classmethod
    def offering(cls, options: list[discord.SelectOption]) -> HelpTopic:
        return cls(discord.ui.Select(custom_id=TOPIC_ID, placeholder=help_render.topic_placeholder(),
                                     options=options or [discord.SelectOption(label=_("(none)"), value="-")]))

    @classmethod
    def menu(cls, tree: app_commands.CommandTree) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        view.add_item(cls.offering(help_render.topic_options(tree)))
        return view

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HelpTopic:
        return parsed(cls, item, lambda: cls(cast(discord.ui.Select[Any], item)))

    async def handle(self, interaction: Interaction) -> None:
        tree = interaction.client.tree
        values = getattr(self.item, "values", [])  # a forged button under the menu's custom_id has none
        chosen = next((g for g in help_render.groups(tree) if g.name in values), None)
        if chosen is None:
            raise GameError(N_("That game is not on this bot any more."),
                            N_("Run {command} again for the current list."), command=command("help"))
        await interaction.response.edit_message(embed=help_render.group_embed(chosen), view=self.menu(tree))


class Help(commands.Cog):
    def __init__(self, bot: ChaosTable) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(HelpTopic)

    @app_commands.command(name="help", description="What Chaos Table can do, and every game's commands.")
    async def help(self, interaction: discord.Interaction) -> None:
        has_games = bool(help_render.groups(self.bot.tree))
        await interaction.response.send_message(
            embed=help_render.overview_embed(self.bot.tree),
            view=HelpTopic.menu(self.bot.tree) if has_games else discord.utils.MISSING,
            ephemeral=True,
        )


async def setup(bot: ChaosTable) -> None:
    await bot.add_cog(Help(bot))
