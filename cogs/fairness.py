"""/verify: a finished game's seed and salt, with the file that replays its draws (issue 21, item 3). Thin: the
flow is ui/fairness.py, the words render/fairness.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from ui import fairness as flows
from ui.types import Interaction

if TYPE_CHECKING:
    from bot import ChaosTable


class Fairness(commands.Cog):
    def __init__(self, bot: ChaosTable) -> None:
        self.bot = bot

    @app_commands.command(name="verify", description="Reveal a finished game's seed and salt, with a file that "
                                                     "replays its shuffles, rolls and draws.")
    @app_commands.describe(game="Which game (default: the one that ended last in this channel)")
    @app_commands.choices(game=[
        app_commands.Choice(name="Cosmic Deck", value="cosmic"),
        app_commands.Choice(name="CHAOS;JAN", value="chaosjan"),
        app_commands.Choice(name="Uno", value="uno"),
        app_commands.Choice(name="Gin-jon-tan", value="ginjontan"),
        app_commands.Choice(name="Chroma-jong shuffles (reveals the seed so far and starts a new one)",
                            value="chroma")])
    @app_commands.guild_only()
    async def verify(self, interaction: Interaction, game: str | None = None) -> None:
        await flows.verify(interaction, game)


async def setup(bot: ChaosTable) -> None:
    await bot.add_cog(Fairness(bot))
