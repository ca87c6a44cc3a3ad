"""/help: an ephemeral overview, with a menu that shows one game's commands."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from engine.errors import GameError
from render import help as help_render
from ui.custom_ids import custom_id
from ui.errors import ChaosView

if TYPE_CHECKING:
    from bot import ChaosTable

TOPIC_ID = custom_id("help", "topic")


class HelpView(ChaosView):
    """Persistent (registered at start-up), so the menu keeps working after a restart."""

    def __init__(self, tree: app_commands.CommandTree) -> None:
        super().__init__(timeout=None)
        self.tree = tree
        self.topic.options = help_render.topic_options(tree) or [discord.SelectOption(label="(none)", value="-")]

    @discord.ui.select(cls=discord.ui.Select, custom_id=TOPIC_ID, placeholder="Pick a game to see its commands")
    async def topic(self, interaction: discord.Interaction, select: discord.ui.Select[HelpView]) -> None:
        chosen = next((g for g in help_render.groups(self.tree) if g.name in select.values), None)
        if chosen is None:
            raise GameError("That game is not on this bot any more.", "Run `/help` again for the current list.")
        await interaction.response.edit_message(embed=help_render.group_embed(chosen),
                                                view=HelpView(self.tree))


class Help(commands.Cog):
    def __init__(self, bot: ChaosTable) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_view(HelpView(self.bot.tree))

    @app_commands.command(name="help", description="What Chaos Table can do, and every game's commands.")
    async def help(self, interaction: discord.Interaction) -> None:
        has_games = bool(help_render.groups(self.bot.tree))
        await interaction.response.send_message(
            embed=help_render.overview_embed(self.bot.tree),
            view=HelpView(self.bot.tree) if has_games else discord.utils.MISSING,
            ephemeral=True,
        )


async def setup(bot: ChaosTable) -> None:
    await bot.add_cog(Help(bot))
