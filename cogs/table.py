"""/table: the mahjong score sheet. Thin: parse, check who may act, call the engine through storage, render."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal, cast

import discord
from discord import app_commands
from discord.ext import commands

from engine.cosmic_only import COSMIC
from engine.cosmic_only import to_table as deck_taken_over
from engine.errors import IllegalMove
from engine.seasons import MAX_NAME
from engine.table import (
    TABLE,
    AbortiveDraw,
    Draw,
    HandValue,
    Pay,
    Riichi,
    Ron,
    SetPoints,
    TableState,
    Take,
    Tsumo,
    Win,
    check_return_points,
    new_game,
)
from engine.text import N_
from render import chaosjan as render_chaosjan
from render import cosmic as render_cosmic
from render import cosmic_only as render_deck_only
from render import table as render
from render.i18n import _
from storage.errors import NewGameStarted, NothingToUndo
from storage.games import GameRecord, MoveResult
from storage.results import leaderboard
from storage.seasons import Season, Settlement
from ui import house_rules
from ui import seasons as season_flows
from ui.chaosjan import panel_moved as chaosjan_panel_moved
from ui.chaosjan import panel_view as chaosjan_panel
from ui.custom_ids import custom_id, number, numbers, parsed
from ui.errors import ReportsErrors, note_change
from ui.game_options import table_options
from ui.paging import SUFFIX, Menu, Page, chosen
from ui.paging import select as paged
from ui.permissions import author_or_manager, require_channel, require_manager, require_seated, require_self_or_manager
from ui.seasons import MAX_MIN_GAMES, season_id
from ui.table_correct import MAX_ENTRY, correct_entry
from ui.table_end import MAX_RETURN, EndButton, ask_to_end
from ui.table_history import HistoryButton, history_page, score_sheet
from ui.threads import open_thread
from ui.types import Interaction

if TYPE_CHECKING:
    from bot import ChaosTable

Player = discord.Member
UmaName = Literal["none", "5-10", "10-20", "10-30"]
LimitName = Literal["mangan", "haneman", "baiman", "sanbaiman", "yakuman"]
KAZOE_CHOICES = [app_commands.Choice(name="yakuman: 13+ han is one yakuman", value="yakuman"),
                 app_commands.Choice(name="sanbaiman: 13+ han stops at sanbaiman", value="sanbaiman"),
                 app_commands.Choice(name="counted: a yakuman for every 13 han (26 han is a double)", value="counted")]


def _person(member: discord.Member | discord.User, seat: str) -> int:
    if member.bot:
        raise IllegalMove(N_("{player} is a bot and can't take the {seat} seat."), N_("Seat a person there."),
                          player=member.mention, seat=render.wind(seat))
    return member.id


async def _play(interaction: Interaction, move: Any, *, version: int | None = None,
                for_player: int | None = None, action: str = N_("act for them")) -> MoveResult[TableState]:
    """Apply a table move for a seated player; `for_player`: the move is that player's (their points), so
    someone else may make it only as the host or with Manage Channel."""
    store = interaction.client.games
    record = await store.require(require_channel(interaction), TABLE)
    if for_player is None or for_player == interaction.user.id:
        require_seated(interaction, record.state.players)
    else:
        require_self_or_manager(interaction, record.state.host, for_player, action)
    result = await store.apply(require_channel(interaction), TABLE, move, actor_id=interaction.user.id,
                               expected_version=version)
    note_change(interaction)
    return result


def _result_message(result: MoveResult[TableState]) -> dict:
    """The table after a move; with CHAOS;JAN on the table, also what the hand's end did to the cards (draws,
    Stocks ending, a new Modifier) and the priority panel for the next turn."""
    state = result.game.state
    lines = render.describe_events(result.events, [state])
    if state.chaosjan is None:
        return {"content": lines[:2000] or None, "embed": render.table_embed(state)}
    cards = render_chaosjan.event_lines(state.chaosjan, result.events, render.WORDING)
    content = "\n".join(part for part in (lines, cards) if part)[:2000] or None
    message = {"content": content, "embeds": [render.table_embed(state), render_chaosjan.panel_embed(state)]}
    view = chaosjan_panel(state, result.game.version)
    return message if view is None else {**message, "view": view}


def _started(state: TableState, took_the_deck: bool, house_rules_said: str | None = None) -> dict[str, Any]:
    """The table's opening message: the house rules it starts with (issue 21), if a preset applies; with the
    channel's deck-only Cosmic Deck taken over, it says so and shows it."""
    table = render.table_embed(state, started=True)
    if not took_the_deck:
        return {"content": house_rules_said, "embed": table}
    said = "\n".join(line for line in (house_rules_said, render_deck_only.taken_over(state)) if line)
    return {"content": said, "embeds": [table, render_cosmic.status_embed(state)]}


def tenpai_menu(state: TableState) -> Menu:
    options = render.seat_options(state)
    return Menu(options, 1, len(options), _("Who was tenpai?"))


async def _answer(interaction: Interaction, result: MoveResult[TableState], *, edit: bool = False) -> None:
    """A move's public message (`edit`: the message clicked becomes it). With CHAOS;JAN on the table it carries the
    priority panel, so the panel moves down to it."""
    message = _result_message(result)
    if edit:
        await interaction.response.edit_message(**{"view": None, **message})
        message_id = interaction.message.id if interaction.message else None
    else:
        message_id = (await interaction.response.send_message(**message)).message_id
    if result.game.state.chaosjan is not None and message_id is not None:
        await chaosjan_panel_moved(interaction, result.game, message_id, lines=message["content"] or "")


async def _undone(interaction: Interaction, game: GameRecord[TableState], what: str) -> None:
    state = game.state
    if state.chaosjan is None:
        await interaction.response.send_message(_("Undone: {what}", what=what)[:2000], embed=render.table_embed(state))
        return
    view = chaosjan_panel(state, game.version) or discord.utils.MISSING
    response = await interaction.response.send_message(
        _("Undone: {what}", what=what)[:2000], embeds=[render.table_embed(state), render_chaosjan.panel_embed(state)],
        view=view)
    if response.message_id is not None:
        await chaosjan_panel_moved(interaction, game, response.message_id, lines=_("Undone: {what}",
                                                                                             what=what)[:2000])


class TenpaiSelect(ReportsErrors, discord.ui.DynamicItem[discord.ui.Select],
                   template=r"ct:table:tenpai:(?P<version>\d+)" + SUFFIX):
    """Who was tenpai at an exhaustive draw; carries the table's version so an old menu can't apply."""

    def __init__(self, select: discord.ui.Select, version: int, page: Page | None = None) -> None:
        super().__init__(select)
        self.version, self.page = version, page

    @classmethod
    def for_table(cls, state: TableState, version: int) -> TenpaiSelect:
        return cls(paged(custom_id("table", "tenpai", version), tenpai_menu(state)), version)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> TenpaiSelect:
        return parsed(cls, item, lambda: cls(cast(discord.ui.Select, item), number(match["version"]),
                                             Page.read(match)))

    async def handle(self, interaction: Interaction) -> None:
        async def now() -> Menu:
            record = await interaction.client.games.get(require_channel(interaction), TABLE)
            return Menu(()) if record is None else tenpai_menu(record.state)

        values = await chosen(interaction, self.item, self.page, now)
        if values is None:
            return
        result = await _play(interaction, Draw(numbers(values)), version=self.version)
        await _answer(interaction, result, edit=True)


_DRAW_LABELS = {"noten": N_("Nobody was tenpai"), "abort": N_("Abortive draw")}


class DrawButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"ct:table:(?P<kind>noten|abort):(?P<version>\d+)"):
    """Beside the tenpai menu: nobody was tenpai (an exhaustive draw), or an abortive draw (no payments, the
    dealer keeps the deal, one more honba). Carries the table's version, as the menu does."""

    def __init__(self, kind: str, version: int) -> None:
        super().__init__(discord.ui.Button(label=_(_DRAW_LABELS[kind]), style=discord.ButtonStyle.secondary,
                                           custom_id=custom_id("table", kind, version)))
        self.kind, self.version = kind, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> DrawButton:
        return parsed(cls, item, lambda: cls(match["kind"], number(match["version"])))

    async def handle(self, interaction: Interaction) -> None:
        move = Draw(()) if self.kind == "noten" else AbortiveDraw()
        result = await _play(interaction, move, version=self.version)
        await _answer(interaction, result, edit=True)


@app_commands.guild_only()
class Table(commands.GroupCog, group_name="table",
            group_description="Mahjong score sheet: points, riichi sticks, honba, wins and draws."):
    def __init__(self, bot: ChaosTable) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(TenpaiSelect, DrawButton, HistoryButton, EndButton)

    @app_commands.command(name="start", description="Seat three (sanma) or four (yonma) players and start scoring.")
    @app_commands.describe(east="East seat (the first dealer)", south="South seat", west="West seat",
                           north="North seat (leave out for sanma)",
                           points="Starting points (default 25000 yonma, 35000 sanma)",
                           length="hanchan (East and South) or east (East round only)",
                           kiriage="Round 4 han 30 fu and 3 han 60 fu up to mangan",
                           kazoe="What 13+ han without a yakuman is worth",
                           aotenjou="No limits: fu x 2^(2+han), yakuman 13 han each",
                           bust="End the game when someone drops below zero",
                           sanma_honba="Sanma: a honba on a ron is 200 (default) or 300; a tsumo's is 100 from each",
                           thread="Play in a new thread under this channel (with the Cosmic Deck and CHAOS;JAN)")
    @app_commands.choices(kazoe=KAZOE_CHOICES)
    async def start(self, interaction: Interaction, east: Player, south: Player, west: Player,
                    north: Player | None = None, points: app_commands.Range[int, 100, 1_000_000] | None = None,
                    length: Literal["hanchan", "east"] = "hanchan", kiriage: bool = False,
                    kazoe: str = "yakuman", aotenjou: bool = False, bust: bool = True,
                    sanma_honba: Literal[200, 300] = 200, thread: bool = False) -> None:
        seats = [(east, "East"), (south, "South"), (west, "West")] + ([(north, "North")] if north else [])
        players = [_person(member, seat) for member, seat in seats]
        rules = await house_rules.in_force(interaction, "table", points=points, length=length, kiriage=kiriage,
                                           kazoe=kazoe, aotenjou=aotenjou, bust=bust, sanma_honba=sanma_honba)
        options = table_options(rules.values, len(players))
        state = new_game(interaction.user.id, players, options, names=[m.display_name for m, _ in seats])
        said = house_rules.start_line(interaction, rules)
        here = require_channel(interaction)
        if thread:  # the game lives in the thread: its channel id is the thread's
            place = await open_thread(interaction, _("Table: {name}", name=interaction.user.display_name))
            record, took = await self._open(place.id, state, interaction, deck_from=here)
            await place.send(**_started(record.state, took, said))
            await interaction.response.send_message(_("The table is open in {place}: play there.", place=place.mention))
            return
        record, took = await self._open(here, state, interaction, deck_from=here)
        await interaction.response.send_message(**_started(record.state, took, said))

    async def _open(self, channel: int, state: TableState, interaction: Interaction,
                    deck_from: int) -> tuple[GameRecord[TableState], bool]:
        """Start the table; a deck-only Cosmic Deck in `deck_from` (issue 21) is taken over in the same transaction."""
        record, finished = await self.bot.games.start_taking_over(
            channel, TABLE, state, guild_id=interaction.guild_id, actor_id=interaction.user.id, previous=COSMIC,
            take=deck_taken_over, previous_channel=deck_from)
        return record, finished is not None

    @app_commands.command(name="show", description="Seats, winds, points, dealer, round, honba and the table's points.")
    async def show(self, interaction: Interaction) -> None:
        record = await self.bot.games.require(require_channel(interaction), TABLE)
        await interaction.response.send_message(embed=render.table_embed(record.state))

    @app_commands.command(name="riichi", description="Put a 1000-point riichi stick on the table.")
    @app_commands.describe(player="Who declares riichi (default: you)")
    async def riichi(self, interaction: Interaction, player: Player | None = None) -> None:
        who = (player or interaction.user).id
        result = await _play(interaction, Riichi(who), for_player=who, action=f"declare riichi for <@{who}>")
        await _answer(interaction, result)

    @app_commands.command(name="pay", description="Pay points onto the table, or to another player.")
    @app_commands.describe(amount="Points, in sticks (multiples of 100)", to="Recipient (default: onto the table)",
                           player="Who pays (default: you)")
    async def pay(self, interaction: Interaction, amount: int, to: Player | None = None,
                  player: Player | None = None) -> None:
        payer = (player or interaction.user).id
        move = Pay(payer, amount, to.id if to else None)
        result = await _play(interaction, move, for_player=payer, action=f"pay with <@{payer}>'s points")
        await _answer(interaction, result)

    @app_commands.command(name="take", description="Take points from the table (a card effect).")
    @app_commands.describe(amount="Points to take, in sticks", player="Who takes them (default: you)",
                           up_to="Take what is there if the table has less (\"up to\" effects)")
    async def take(self, interaction: Interaction, amount: int, player: Player | None = None,
                   up_to: bool = False) -> None:
        taker = (player or interaction.user).id
        result = await _play(interaction, Take(taker, amount, up_to), for_player=taker,
                             action=f"take points from the table for <@{taker}>")
        await _answer(interaction, result)

    @app_commands.command(name="ron", description="A win off someone's discard (add a second winner for double ron).")
    @app_commands.describe(winner="Who won", loser="Who dealt in",
                           han="Han", fu="Fu (not needed from 5 han up, except under aotenjou)",
                           points="The hand's value, if you counted it yourselves", yakuman="Number of yakuman",
                           limit="A limit hand by name, instead of han", winner2="Second winner (double ron)",
                           han2="Second winner's han", fu2="Second winner's fu", points2="Second winner's hand value",
                           yakuman2="Second winner's yakuman", limit2="Second winner's limit hand")
    async def ron(self, interaction: Interaction, winner: Player, loser: Player, han: int | None = None,
                  fu: int | None = None, points: int | None = None, yakuman: int | None = None,
                  limit: LimitName | None = None, winner2: Player | None = None, han2: int | None = None,
                  fu2: int | None = None, points2: int | None = None, yakuman2: int | None = None,
                  limit2: LimitName | None = None) -> None:
        wins = [Win(winner.id, HandValue(han=han, fu=fu, points=points, yakuman=yakuman, limit=limit))]
        if winner2 is not None:
            wins.append(Win(winner2.id, HandValue(han=han2, fu=fu2, points=points2, yakuman=yakuman2,
                                                 limit=limit2)))
        elif any(v is not None for v in (han2, fu2, points2, yakuman2, limit2)):
            raise IllegalMove(N_("The second hand's value needs a `winner2`."),
                              N_("Add winner2, or leave out han2, fu2, points2, yakuman2 and limit2."))
        result = await _play(interaction, Ron(loser.id, tuple(wins)))
        await _answer(interaction, result)

    @app_commands.command(name="tsumo", description="A win by self-draw.")
    @app_commands.describe(winner="Who won", han="Han", fu="Fu (not needed from 5 han up, except under aotenjou)",
                           points="The hand's value, if you counted it yourselves", yakuman="Number of yakuman",
                           limit="A limit hand by name, instead of han")
    async def tsumo(self, interaction: Interaction, winner: Player, han: int | None = None,
                    fu: int | None = None, points: int | None = None, yakuman: int | None = None,
                    limit: LimitName | None = None) -> None:
        value = HandValue(han=han, fu=fu, points=points, yakuman=yakuman, limit=limit)
        result = await _play(interaction, Tsumo(Win(winner.id, value)))
        await _answer(interaction, result)

    @app_commands.command(name="draw", description="A draw: choose who was tenpai, or record an abortive draw.")
    async def draw(self, interaction: Interaction) -> None:
        record = await self.bot.games.require(require_channel(interaction), TABLE)
        require_seated(interaction, record.state.players)
        view = discord.ui.View(timeout=None)
        view.add_item(TenpaiSelect.for_table(record.state, record.version))
        view.add_item(DrawButton("noten", record.version))
        view.add_item(DrawButton("abort", record.version))
        await interaction.response.send_message(_("Exhaustive draw: who was tenpai? Or was it an abortive draw (no "
                                                  "payments, the dealer keeps the deal)?"), view=view)

    @app_commands.command(name="history", description="The score sheet's entries, newest last; or the sheet as CSV.")
    @app_commands.describe(page="1 is the newest entries, 2 the ones before them, and so on",
                           export="csv: the whole score sheet as a file (a row per entry, with names)",
                           table="A table's number, even a finished one's (default: this channel's table)")
    async def history(self, interaction: Interaction, page: int = 1, export: Literal["csv"] | None = None,
                      table: app_commands.Range[int, 1, MAX_ENTRY] | None = None) -> None:
        if export == "csv":
            file = await score_sheet(interaction, table)
            await interaction.response.send_message(_("The score sheet, one row per entry that stands."), file=file,
                                                    ephemeral=True)
            return
        if page < 1:
            raise IllegalMove(N_("There is no page {page}."), N_("Pages start at 1 (the newest entries)."), page=page)
        await interaction.response.send_message(**await history_page(interaction, page, table, past=table is not None),
                                                ephemeral=True)

    @app_commands.command(name="undo", description="Undo the last entry (the host, or whoever made it), or the end "
                                                   "of the table.")
    async def undo(self, interaction: Interaction) -> None:
        store, channel = self.bot.games, require_channel(interaction)
        record = await store.get(channel, TABLE)
        if record is None:  # the table ended: reopen it (rulings, "Undo of `/table end`")
            reopened = await store.reopen(channel, TABLE, actor_id=interaction.user.id, check=lambda ended: (
                require_manager(interaction, ended.state.host, N_("undo the end of this table"))))
            note_change(interaction)
            seed = ("\n" + _("⚠️ CHAOS;JAN's seed was shown when the table ended: anyone may know the cards to come.")
                    if reopened.game.state.chaosjan is not None else "")
            if reopened.game.state.cosmic is not None and reopened.game.state.cosmic.seal is not None:
                seed += "\n" + _("⚠️ The Cosmic Deck's seed was revealed when the table ended: anyone may know the "
                                  "rolls and cards to come.")
            await _undone(interaction, reopened.game, _("the end of the table: it is open again, and its results no "
                                                        "longer count on the leaderboard") + seed)
            return
        check = author_or_manager(interaction, record.state.host, N_("undo someone else's entry"))
        try:
            result = await store.undo(channel, TABLE, actor_id=interaction.user.id, check=check)
        except NothingToUndo:
            if await store.ended_before(channel, TABLE, record.id):
                raise NewGameStarted(TABLE.name) from None
            raise
        await _undone(interaction, result.game,
                      render.describe_events(result.undone.events, [result.game.state]).replace("\n", "; "))

    @app_commands.command(name="set", description="Set a player's points to match the sticks (host; logged).")
    @app_commands.describe(player="Whose points", points="Their points, as the sticks show")
    async def set_points(self, interaction: Interaction, player: Player, points: int) -> None:
        record = await self.bot.games.require(require_channel(interaction), TABLE)
        require_manager(interaction, record.state.host, N_("set points"))
        result = await self.bot.games.apply(require_channel(interaction), TABLE, SetPoints(player.id, points),
                                            actor_id=interaction.user.id)
        await _answer(interaction, result)

    @app_commands.command(name="end", description="End the game: final standings, stored for the leaderboard.")
    @app_commands.describe(uma="Uma by place, in thousands (default: the table's house rule, else none)",
                           return_points="Return points (default: the table's house rule, else starting points); "
                                         "first gets the oka")
    async def end(self, interaction: Interaction, uma: UmaName | None = None,
                  return_points: int | None = None) -> None:
        await ask_to_end(interaction, uma, return_points)

    @app_commands.command(name="leaderboard", description="This server's results: the open season, a named one or "
                                                          "all time.")
    @app_commands.describe(season="A season's name, or all (default: the open season, else all time)",
                           min_games="Only players with at least this many games (default 1)")
    async def leaderboard(self, interaction: Interaction, season: str | None = None,
                          min_games: app_commands.Range[int, 1, MAX_MIN_GAMES] = 1) -> None:
        async def board(scope: Season | None) -> tuple[discord.Embed, bool]:
            rows = await leaderboard(self.bot.db, interaction.guild_id, TABLE.name, season_id=season_id(scope),
                                     min_games=min_games)
            return render.leaderboard_embed(rows), not rows

        await season_flows.leaderboard(interaction, TABLE.name, season, min_games, board)

    @app_commands.command(name="stats", description="A player's games, places, win, deal-in and riichi rates, "
                                                    "average win.")
    @app_commands.describe(player="Whose (default: yours)",
                           season="A season's name, or all (default: the open season, else all time)")
    async def stats(self, interaction: Interaction, player: Player | None = None, season: str | None = None) -> None:
        await season_flows.stats(interaction, TABLE.name, player, season)

    @app_commands.command(name="correct", description="Correct a past win, even of a finished table (host or Manage "
                                                      "Channel); every total is recounted.")
    @app_commands.describe(entry="The win's entry number (see /table history)",
                           table="A finished table's number (default: this channel's table, else its last one)",
                           win="Which winner of a double ron (default 1: the first recorded)",
                           winner="Who really won", loser="Who really dealt in (a ron)", han="Han",
                           fu="Fu (not needed from 5 han up, except under aotenjou)",
                           points="The hand's value, if you counted it yourselves", yakuman="Number of yakuman",
                           limit="A limit hand by name, instead of han")
    @app_commands.rename(win="which_winner")  # `win` is a winning tile elsewhere (/chroma score)
    async def correct(self, interaction: Interaction, entry: app_commands.Range[int, 1, MAX_ENTRY],
                      table: app_commands.Range[int, 1, MAX_ENTRY] | None = None, win: Literal[1, 2] = 1,
                      winner: Player | None = None, loser: Player | None = None, han: int | None = None,
                      fu: int | None = None, points: int | None = None, yakuman: int | None = None,
                      limit: LimitName | None = None) -> None:
        given = any(v is not None for v in (han, fu, points, yakuman, limit))
        value = HandValue(han=han, fu=fu, points=points, yakuman=yakuman, limit=limit) if given else None
        result = await correct_entry(interaction, entry, table, win=win, winner=winner.id if winner else None,
                                     loser=loser.id if loser else None, value=value)
        if result.game.status == "active":
            await _answer(interaction, MoveResult(result.game, result.events))
        else:
            await interaction.response.send_message(render.describe_events(result.events, [result.game.state])[:2000],
                                                    embed=render.standings_embed(result.game.state))

    season = app_commands.Group(name="season", description="This server's mahjong seasons: start, end, list, export.")

    @season.command(name="start", description="Open a season: every table that finishes counts in it (Manage "
                                              "Channel).")
    @app_commands.describe(name="The season's name, like 2026 Spring")
    async def season_start(self, interaction: Interaction, name: app_commands.Range[str, 1, MAX_NAME]) -> None:
        await season_flows.start(interaction, TABLE.name, name)

    @season.command(name="end", description="End the season and archive its final table, settled with uma and oka.")
    @app_commands.describe(uma="Uma for every table of the season (default: each table's own, from /table end)",
                           return_points="Return points for every table (default: each table's own)")
    async def season_end(self, interaction: Interaction, uma: UmaName | None = None,
                         return_points: app_commands.Range[int, 100, MAX_RETURN] | None = None) -> None:
        check_return_points(return_points)
        settlement = None if uma is None and return_points is None else Settlement(uma or "none", return_points)
        await season_flows.end(interaction, TABLE.name, settlement)

    @season.command(name="list", description="This server's mahjong seasons, open and ended (only you see it).")
    async def season_list(self, interaction: Interaction) -> None:
        await season_flows.listing(interaction, TABLE.name)

    @season.command(name="export", description="A season's results as a CSV or JSON file (only you get it).")
    @app_commands.describe(season="A season's name (default: the open season)",
                           form="csv: a row per player per table; json: the season, its final table and results")
    @app_commands.rename(form="format")
    async def season_export(self, interaction: Interaction, season: str | None = None,
                            form: Literal["csv", "json"] = "csv") -> None:
        await season_flows.export(interaction, TABLE.name, season, form)

    @leaderboard.autocomplete("season")
    @stats.autocomplete("season")
    @season_export.autocomplete("season")
    async def _season_names(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await season_flows.suggest(interaction, TABLE.name, current)


async def setup(bot: ChaosTable) -> None:
    await bot.add_cog(Table(bot))
