"""A test-only extension: `/tally`, a thin cog over the tally engine, built the way real games are.

It gives the harness a game to drive end to end: seats, a public message with a versioned button
(a persistent DynamicItem), stale clicks, undo by the host, errors from the engine and from bugs.
"""

from __future__ import annotations

import dataclasses
import io
import re

import discord
from discord import app_commands
from discord.ext import commands

from engine.errors import IllegalMove
from render.common import COLOUR_INFO
from storage.games import GameRecord
from tests.support.tally import TALLY, Add, TallyState, new_game
from ui.custom_ids import custom_id
from ui.errors import ReportsErrors, note_change
from ui.permissions import author_or_manager, require_manager, require_seated

BUG_AMOUNT = 13  # adding this raises a plain exception inside the transaction: a stand-in for a bug


def _broken_apply(state: TallyState, move: Add) -> tuple[TallyState, list[dict]]:
    raise RuntimeError("a bug inside the transaction")


def tally_embed(record: GameRecord[TallyState]) -> discord.Embed:
    players = ", ".join(f"<@{p}>" for p in record.state.players)
    return discord.Embed(title=f"Tally: {record.state.total}", description=f"Players: {players}",
                         colour=COLOUR_INFO).set_footer(text=f"version {record.version}")


class AddOne(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button], template=r"ct:tally:add:(?P<version>\d+)"):
    def __init__(self, version: int) -> None:
        super().__init__(discord.ui.Button(label="+1", style=discord.ButtonStyle.primary,
                                           custom_id=custom_id("tally", "add", version)))
        self.version = version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item, match: re.Match) -> AddOne:
        return cls(int(match["version"]))

    async def handle(self, interaction: discord.Interaction) -> None:
        store = interaction.client.games
        record = await store.require(interaction.channel_id, TALLY)
        require_seated(interaction, record.state.players)
        result = await store.apply(interaction.channel_id, TALLY, Add(interaction.user.id, 1),
                                   actor_id=interaction.user.id, expected_version=self.version)
        note_change(interaction)
        await interaction.response.edit_message(embed=tally_embed(result.game), view=tally_view(result.game))


def tally_view(record: GameRecord[TallyState]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(AddOne(record.version))
    return view


@app_commands.guild_only()
class Tally(commands.GroupCog, group_name="tally", group_description="A test game: add to a shared tally."):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(AddOne)

    @app_commands.command(name="start", description="Start a tally with you and an opponent.")
    async def start(self, interaction: discord.Interaction, opponent: discord.Member | None = None) -> None:
        players = [interaction.user.id]
        if opponent is not None:
            if opponent.bot:
                raise IllegalMove("Bots can't play.", "Pick a person as your opponent.")
            players.append(opponent.id)
        record = await self.bot.games.start(interaction.channel_id, TALLY, new_game(interaction.user.id, players),
                                            guild_id=interaction.guild_id, actor_id=interaction.user.id)
        await interaction.response.send_message(embed=tally_embed(record), view=tally_view(record))

    @app_commands.command(name="add", description="Add to the tally.")
    async def add(self, interaction: discord.Interaction, amount: int) -> None:
        store = self.bot.games
        kind = dataclasses.replace(TALLY, apply=_broken_apply) if amount == BUG_AMOUNT else TALLY
        record = await store.require(interaction.channel_id, TALLY)
        require_seated(interaction, record.state.players)
        result = await store.apply(interaction.channel_id, kind, Add(interaction.user.id, amount),
                                   actor_id=interaction.user.id)
        note_change(interaction)
        await interaction.response.send_message(embed=tally_embed(result.game), view=tally_view(result.game))

    @app_commands.command(name="show", description="Show the tally to you alone, with a picture file.")
    async def show(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # as a game does before drawing a picture
        record = await self.bot.games.require(interaction.channel_id, TALLY)
        picture = discord.File(io.BytesIO(f"total={record.state.total}".encode()), filename="tally.txt")
        await interaction.followup.send(embed=tally_embed(record), file=picture, ephemeral=True)

    @app_commands.command(name="undo", description="Undo the last addition (the host, or whoever made it).")
    async def undo(self, interaction: discord.Interaction) -> None:
        record = await self.bot.games.require(interaction.channel_id, TALLY)
        check = author_or_manager(interaction, record.state.host, "undo someone else's move")
        result = await self.bot.games.undo(interaction.channel_id, TALLY, actor_id=interaction.user.id, check=check)
        await interaction.response.send_message(
            f"Undid move {result.undone.seq}.", embed=tally_embed(result.game), view=tally_view(result.game))

    @app_commands.command(name="end", description="End the tally (host or Manage Channel).")
    async def end(self, interaction: discord.Interaction) -> None:
        record = await self.bot.games.require(interaction.channel_id, TALLY)
        require_manager(interaction, record.state.host, "end this tally")
        await self.bot.games.finish(interaction.channel_id, TALLY, actor_id=interaction.user.id)
        await interaction.response.send_message(f"Tally ended at {record.state.total}.")

    @app_commands.command(name="say", description="Test hook: reply with `length` characters.")
    async def say(self, interaction: discord.Interaction, length: int) -> None:
        await interaction.response.send_message("x" * length)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Tally(bot))
