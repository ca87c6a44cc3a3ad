"""/help: an ephemeral overview, with a menu that shows one game's commands."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from engine.errors import GameError
from render import help as help_render
from ui.custom_ids import custom_id
from ui.errors import report_error

if TYPE_CHECKING:
    from bot import ChaosTable

TOPIC_ID = custom_id("help", "topic")


class HelpTopic(discord.ui.DynamicItem[discord.ui.Select[Any]], template=re.escape(TOPIC_ID)):
    """The overview's menu of games. A dynamic item: it works after a restart, and discord.py keeps nothing for
    each /help reply (a view with a fixed custom_id was stored for every reply, for its 15 minutes)."""

    def __init__(self, options: list[discord.SelectOption]) -> None:
        super().__init__(discord.ui.Select(custom_id=TOPIC_ID, placeholder="Pick a game to see its commands",
                                           options=options or [discord.SelectOption(label="(none)", value="-")]))

    @classmethod
    def menu(cls, tree: app_commands.CommandTree) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        view.add_item(cls(help_render.topic_options(tree)))
        return view

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HelpTopic:
        return cls(list(cast(discord.ui.Select[Any], item).options))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            tree = interaction.client.tree  # type: ignore[attr-defined]
            chosen = next((g for g in help_render.groups(tree) if g.name in self.item.values), None)
            if chosen is None:
                raise GameError("That game is not on this bot any more.", "Run `/help` again for the current list.")
            await interaction.response.edit_message(embed=help_render.group_embed(chosen), view=self.menu(tree))
        except Exception as error:
            await report_error(interaction, error)


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
