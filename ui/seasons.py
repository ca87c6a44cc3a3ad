"""Seasons and statistics (issue 21, item 4), shared by `/table`, `/uno` and `/ginjontan`: each cog's `season` group
(start, end, list, export), its leaderboard's `season` and `min_games`, and its `stats` call these with their kind.

A `season` option names one of the server's seasons of that game, or `all` for every game; left out, it is the open
season when there is one, else every game. Only a season's managers (Manage Channel, or the server's manager role)
start and end one; anyone may read the leaderboards, statistics and exports."""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands

from engine.errors import GameError
from engine.seasons import ALL_TIME, season_name
from engine.text import N_, command
from render import season_export
from render import seasons as render
from render.i18n import _
from storage import seasons
from storage.results import player_totals
from storage.seasons import Season, Settlement
from ui.errors import note_change
from ui.permissions import require_season_manager
from ui.types import Interaction

MAX_MIN_GAMES = 1000


def guild(interaction: Interaction) -> int:
    if interaction.guild_id is None:
        raise GameError(N_("Seasons belong to a server."), N_("Run it in one of the server's channels."),
                        code="no_server")
    return interaction.guild_id


async def resolve(interaction: Interaction, kind: str, option: str | None) -> Season | None:
    """The season an option names; None for every game (`all`, or no option while no season is open)."""
    if option is None:
        return await seasons.current(interaction.client.db, guild(interaction), kind)
    if option.strip().casefold() == ALL_TIME:
        return None
    return await seasons.named(interaction.client.db, guild(interaction), kind, " ".join(option.split()))


async def suggest(interaction: Interaction, kind: str, typed: str) -> list[app_commands.Choice[str]]:
    """The server's seasons of the game whose name holds what is typed, newest first, and every game."""
    if interaction.guild_id is None:
        return []
    found = await seasons.listing(interaction.client.db, interaction.guild_id, kind)
    wanted = typed.strip().casefold()
    choices = [app_commands.Choice(name=s.name, value=s.name) for s in reversed(found) if wanted in s.name.casefold()]
    if wanted in _("all time").casefold() or wanted in ALL_TIME:
        choices.append(app_commands.Choice(name=_("all time"), value=ALL_TIME))
    return choices[:25]


async def start(interaction: Interaction, kind: str, name: str) -> None:
    await require_season_manager(interaction, N_("start a season"))
    season = await seasons.start(interaction.client.db, guild(interaction), kind, season_name(name),
                                 actor_id=interaction.user.id)
    note_change(interaction)
    await interaction.response.send_message(render.started(season))


async def end(interaction: Interaction, kind: str, settlement: Settlement | None = None) -> None:
    await require_season_manager(interaction, N_("end a season"))
    season = await seasons.end(interaction.client.db, guild(interaction), kind, actor_id=interaction.user.id,
                               settlement=settlement)
    note_change(interaction)
    await interaction.response.send_message(
        _("Season **{season}** has ended; its final table is archived. Games from now on count in no season until "
          "another starts.", season=render.season_title(season)),
        embed=render.final_table_embed(season, season.standings or []))


async def listing(interaction: Interaction, kind: str) -> None:
    found = await seasons.listing(interaction.client.db, guild(interaction), kind)
    await interaction.response.send_message(embed=render.season_list_embed(kind, found), ephemeral=True)


async def export(interaction: Interaction, kind: str, option: str | None, form: str) -> None:
    """A season's results as a CSV or JSON file (only the asker gets it)."""
    season = await resolve(interaction, kind, option)
    if season is None:
        raise GameError(N_("An export is of one season, and no season is open."),
                        N_("Name one with the season option; see them with {command}."), code="export_needs_season",
                        command=command(f"{seasons.COMMAND[kind]} list"))
    db = interaction.client.db
    results, final = await seasons.results(db, season), await seasons.final_rows(db, season)
    data = season_export.as_json(season, final, results) if form == "json" else \
        season_export.as_csv(season, results)
    name = f"{kind}-season-{season.id}.{form}"
    await interaction.response.send_message(
        _("Season **{season}**: every result of its games.", season=render.season_title(season)),
        file=discord.File(io.BytesIO(data), filename=name), ephemeral=True)


Board = Callable[[Season | None], Awaitable[tuple[discord.Embed, bool]]]


async def leaderboard(interaction: Interaction, kind: str, option: str | None, min_games: int, board: Board) -> None:
    """A leaderboard of the games that count: an ended season's is its archived final table; otherwise `board`
    makes the game's own (embed, whether it is empty) from its totals in the scope."""
    if not 1 <= min_games <= MAX_MIN_GAMES:
        raise GameError(N_("The minimum number of games is 1 to {most}."), N_("Try {example}."), code="out_of_bounds",
                        most=MAX_MIN_GAMES, example="min_games:5")
    season = await resolve(interaction, kind, option)
    if season is not None and not season.open:
        embed = render.final_table_embed(season, season.standings or [], min_games=min_games)
    else:
        embed, empty = await board(season)
        embed = render.scoped(embed, season, min_games, empty=empty)
    await interaction.response.send_message(embed=embed)


async def stats(interaction: Interaction, kind: str, player: discord.Member | discord.User | None,
                option: str | None) -> None:
    who = (player or interaction.user).id
    season = await resolve(interaction, kind, option)
    totals = await player_totals(interaction.client.db, guild(interaction), kind, who,
                                 season_id=None if season is None else season.id)
    await interaction.response.send_message(embed=render.stats_embed(kind, who, totals, season))


def season_id(season: Season | None) -> int | None:
    return None if season is None else season.id
