"""/settings: a server's and its channels' choices (language, managers' role) and house rules (presets of each
game's options, the default preset of a channel or the server). Thin: the flows are in ui/settings.py, the presets'
rules in ui/house_rules.py, the words in render/settings.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.chaosjan import ChaosJan
from cogs.chroma import ChromaCog
from cogs.cosmic import Cosmic
from cogs.ginjontan import Ginjontan
from cogs.table import Table
from cogs.uno import Uno
from engine.library import CHAOSJAN, COSMIC
from ui import deck_library as library
from ui import house_rules
from ui import settings as flows
from ui.types import Interaction

if TYPE_CHECKING:
    from bot import ChaosTable

GAME_CHOICES = [app_commands.Choice(name="Mahjong table (/table)", value="table"),
                app_commands.Choice(name="Cosmic Deck (/cosmic)", value="cosmic"),
                app_commands.Choice(name="CHAOS;JAN (/chaosjan)", value="chaosjan"),
                app_commands.Choice(name="Uno (/uno)", value="uno"),
                app_commands.Choice(name="Gin-jon-tan (/ginjontan)", value="ginjontan"),
                app_commands.Choice(name="Chroma-jong (/chroma)", value="chroma")]
WHERE_CHOICES = [app_commands.Choice(name="this channel", value="channel"),
                 app_commands.Choice(name="the whole server", value="server")]
LANGUAGE_CHOICES = [app_commands.Choice(name="English", value="en"), app_commands.Choice(name="日本語", value="ja")]
# The commands whose options a preset of each game holds (ui/house_rules.SOURCES names them), as their cogs declare
# them: the classes' commands, read before the cogs load.
COMMANDS: dict[str, app_commands.Command[Any, ..., Any]] = {
    "table start": Table.start, "table end": Table.end, "cosmic start": Cosmic.start, "chaosjan new": ChaosJan.new,
    "uno new": Uno.new, "ginjontan new": Ginjontan.new, "chroma rules": ChromaCog.rules}
SAVE_DESCRIPTIONS = {
    "table": "Save a preset of /table start's options (and /table end's uma and return points)",
    "cosmic": "Save a preset of /cosmic start's options",
    "chaosjan": "Save a preset of /chaosjan new's options",
    "uno": "Save a preset of /uno new's options",
    "ginjontan": "Save a preset of /ginjontan new's options",
    "chroma": "Save a preset of the chroma rules (/chroma rules)",
}
SUGGESTIONS: dict[str, dict[str, house_rules.Suggest]] = {  # the decks a preset may name: shipped or the server's
    "cosmic": {"deck": lambda interaction, current: library.suggestions(interaction, COSMIC, current)},
    "chaosjan": {"catalogue": lambda interaction, current: library.suggestions(interaction, CHAOSJAN, current)},
}
PresetName = app_commands.Range[str, 1, house_rules.NAME_LENGTH]


@app_commands.guild_only()
class Settings(commands.GroupCog, group_name="settings",
               group_description="This server's and channel's settings and house rules (server managers)."):
    preset = app_commands.Group(name="preset", description="Presets of a game's options: the server's house rules.")

    def __init__(self, bot: ChaosTable) -> None:
        self.bot = bot
        super().__init__()
        for game in house_rules.GAMES:
            sources = [(COMMANDS[path], names) for path, names in house_rules.SOURCES[game]]
            self.preset.add_command(house_rules.save_command(
                game, SAVE_DESCRIPTIONS[game], sources,
                "The preset's name; saving under a name the game's presets have replaces that preset", flows.save,
                SUGGESTIONS.get(game)))

    @app_commands.command(name="show", description="Everything in force in this channel and server (only you see it).")
    async def show(self, interaction: Interaction) -> None:
        await flows.show(interaction)

    @app_commands.command(name="language", description="The language the bot speaks here, whatever the players' own.")
    @app_commands.describe(language="Leave out to let each player read the bot in their own Discord language",
                           where="This channel (default) or the whole server")
    @app_commands.choices(language=LANGUAGE_CHOICES, where=WHERE_CHOICES)
    async def language(self, interaction: Interaction, language: str | None = None, where: str = "channel") -> None:
        await flows.set_language(interaction, language, where)

    @app_commands.command(name="manager_role", description="The role whose members manage the server's settings, "
                                                           "decks and seasons (Manage Server only).")
    @app_commands.describe(role="Leave out to clear: only Manage Server then")
    async def manager_role(self, interaction: Interaction, role: discord.Role | None = None) -> None:
        await flows.set_manager_role(interaction, role)

    @app_commands.command(name="default", description="The preset a game's new or start uses here when an option "
                                                      "isn't given.")
    @app_commands.describe(game="Which game", preset="The preset (leave out to clear: the game's own rules)",
                           where="This channel (default) or the whole server (a channel's own default wins)")
    @app_commands.choices(game=GAME_CHOICES, where=WHERE_CHOICES)
    async def default(self, interaction: Interaction, game: str, preset: PresetName | None = None,
                      where: str = "channel") -> None:
        await flows.set_default(interaction, game, preset, where)

    @default.autocomplete("preset")
    async def _default_names(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await flows.preset_names(interaction, current)

    @preset.command(name="list", description="The server's presets and their options (only you see it).")
    @app_commands.describe(game="Only this game's presets")
    @app_commands.choices(game=GAME_CHOICES)
    async def list_presets(self, interaction: Interaction, game: str | None = None) -> None:
        await flows.list_(interaction, game)

    @preset.command(name="show", description="One preset's options (only you see it).")
    @app_commands.describe(game="Which game", preset="The preset's name")
    @app_commands.choices(game=GAME_CHOICES)
    async def show_preset(self, interaction: Interaction, game: str, preset: PresetName) -> None:
        await flows.show_preset(interaction, game, preset)

    @show_preset.autocomplete("preset")
    async def _show_names(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await flows.preset_names(interaction, current)

    @preset.command(name="delete", description="Delete a preset (server managers).")
    @app_commands.describe(game="Which game", preset="The preset's name")
    @app_commands.choices(game=GAME_CHOICES)
    async def delete_preset(self, interaction: Interaction, game: str, preset: PresetName) -> None:
        await flows.delete(interaction, game, preset)

    @delete_preset.autocomplete("preset")
    async def _delete_names(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await flows.preset_names(interaction, current)


async def setup(bot: ChaosTable) -> None:
    await bot.add_cog(Settings(bot))
