"""/chroma: the Chroma-jong hand calculator (seed 002). Thin: parse, call engine/chroma, render."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal, cast

import discord
from discord import app_commands
from discord.ext import commands

from engine.chroma import odds
from engine.chroma.rules import Ability, ChromaRules, GoldReading, count_ability
from engine.chroma.scoring import WIND_NAMES, ScoreReport, Situation, check, score
from engine.chroma.state import CHROMA, SetRules, Shuffle, new_state
from engine.chroma.tiles import Tile, parse_melds, parse_tiles
from engine.chroma.waits import analyse
from engine.commitment import new_salt
from engine.errors import IllegalMove
from engine.seeds import new_seed
from engine.table import TABLE, HandValue, Ron, TableOptions, TableState, Tsumo, Win
from engine.text import N_
from render import chroma as render
from render import chroma_pictures as pictures
from render import offload
from render import table as table_render
from render.common import mention
from render.fairness import add_commitment
from render.i18n import _, p_
from render.offload import Drawing
from ui import house_rules
from ui import pictures as replies
from ui.custom_ids import custom_id, number, parsed
from ui.errors import ReportsErrors, note_change
from ui.game_options import chroma_rules
from ui.house_rules import HouseRules
from ui.paging import SUFFIX, Menu, Page, chosen
from ui.paging import select as paged
from ui.permissions import require_channel, require_manager, require_seated
from ui.types import Interaction

if TYPE_CHECKING:
    from bot import ChaosTable

Wind = Literal["East", "South", "West", "North"]
if TYPE_CHECKING:  # the choices are the enums' values, a Literal built at run time, where discord.py reads it
    AbilityName = str
    GoldReadingName = str
else:
    AbilityName = Literal[tuple(a.value for a in Ability)]
    GoldReadingName = Literal[tuple(g.value for g in GoldReading)]


async def _rules(interaction: Interaction) -> ChromaRules:
    return (await _rules_in_force(interaction))[0]


async def _rules_in_force(interaction: Interaction) -> tuple[ChromaRules, HouseRules | None]:
    """The channel's chroma rules: its own, once /chroma rules or shuffle gave it some; until then its default
    preset's (house rules, issue 21), else the seed's. The house rules are given when they apply."""
    record = await interaction.client.games.get(require_channel(interaction), CHROMA)
    if record is not None:
        return record.state.rules, None
    house = await house_rules.in_force(interaction, "chroma")
    return chroma_rules(house.values), house


def _win_index(tiles: list[Tile], win: str) -> tuple[int, Tile]:
    parsed = parse_tiles(win, what="winning tile")
    if len(parsed) != 1:
        raise IllegalMove(N_("`win` is one tile."), N_("For example `win: 4s` or `win: 3*m`."))
    tile = parsed[0]
    for i in range(len(tiles) - 1, -1, -1):
        if tiles[i] == tile:
            return i, tile
    raise IllegalMove(N_("The winning tile `{tile}` isn't in the hand."),
                      N_("Give the hand with the winning tile included, and name that tile in `win`."), tile=str(tile))


def _table_value(report: ScoreReport) -> HandValue:
    if report.yakuman:
        return HandValue(yakuman=report.yakuman)
    return HandValue(han=report.han, fu=report.fu, nonpositive_han=True)


def _parts(match: re.Match[str]) -> tuple[int, int, HandValue]:
    """(table version, winner, hand value) from a record button's custom_id."""
    han, fu = number(match["han"], -MAX_HAN, MAX_HAN), number(match["fu"], 0, MAX_HAN)
    yakuman = number(match["yakuman"], 0, MAX_HAN)
    value = HandValue(yakuman=yakuman) if yakuman else HandValue(han=han, fu=fu, nonpositive_han=True)
    return number(match["version"]), number(match["winner"]), value


def _id_parts(version: int, winner: int, value: HandValue) -> tuple[int, ...]:
    return version, winner, value.han or 0, value.fu or 0, value.yakuman or 0


MAX_HAN = 1000  # far beyond any hand's han, fu or yakuman count; a custom_id past it is forged
_VALUE = r"(?P<version>\d+):(?P<winner>\d+):(?P<han>-?\d+):(?P<fu>\d+):(?P<yakuman>\d+)"


async def _record(interaction: Interaction, move, version: int) -> None:
    store = interaction.client.games
    table = await store.require(require_channel(interaction), TABLE)
    require_seated(interaction, table.state.players)
    result = await store.apply(require_channel(interaction), TABLE, move, actor_id=interaction.user.id,
                               expected_version=version)
    note_change(interaction)
    await interaction.response.edit_message(view=None)
    content = table_render.describe_events(result.events)[:2000] or discord.utils.MISSING
    await interaction.followup.send(content=content, embed=table_render.table_embed(result.game.state))


class RecordTsumo(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button], template=r"ct:chroma:tsumo:" + _VALUE):
    """Records a scored tsumo on the channel's /table; carries the table's version so it applies once."""

    def __init__(self, version: int, winner: int, value: HandValue) -> None:
        super().__init__(discord.ui.Button(label=_("Record this tsumo on the table"),
                                           style=discord.ButtonStyle.success,
                                           custom_id=custom_id("chroma", "tsumo", *_id_parts(version, winner, value))))
        self.version, self.winner, self.value = version, winner, value

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RecordTsumo:
        return parsed(cls, item, lambda: cls(*_parts(match)))

    async def handle(self, interaction: Interaction) -> None:
        await _record(interaction, Tsumo(Win(self.winner, self.value)), self.version)


class RecordRon(ReportsErrors, discord.ui.DynamicItem[discord.ui.Select],
                template=r"ct:chroma:ron:" + _VALUE + SUFFIX):
    """Records a scored ron on the channel's /table: the menu asks who dealt in."""

    def __init__(self, select: discord.ui.Select, version: int, winner: int, value: HandValue,
                 page: Page | None = None) -> None:
        super().__init__(select)
        self.version, self.winner, self.value, self.page = version, winner, value, page

    @staticmethod
    def menu(state: TableState, winner: int, placeholder: str | None = None) -> Menu:
        return Menu(table_render.seat_options(state, leave_out=winner), placeholder=placeholder)

    @classmethod
    def for_table(cls, state: TableState, version: int, winner: int, value: HandValue) -> RecordRon:
        select = paged(custom_id("chroma", "ron", *_id_parts(version, winner, value)),
                       cls.menu(state, winner, _("Record this ron on the table: who dealt in?")))
        return cls(select, version, winner, value)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> RecordRon:
        return parsed(cls, item, lambda: cls(cast(discord.ui.Select, item), *_parts(match), Page.read(match)))

    async def handle(self, interaction: Interaction) -> None:
        async def now() -> Menu:
            record = await interaction.client.games.get(require_channel(interaction), TABLE)
            return Menu(()) if record is None else self.menu(record.state, self.winner)

        values = await chosen(interaction, self.item, self.page, now)
        if values is not None:
            await _record(interaction, Ron(number(values[0]), (Win(self.winner, self.value),)), self.version)


@app_commands.guild_only()
class ChromaCog(commands.GroupCog, group_name="chroma",
                group_description="Chroma-jong: waits, furiten and scores with wildcard chroma tiles."):
    def __init__(self, bot: ChaosTable) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(RecordTsumo, RecordRon)

    @app_commands.command(name="waits", description="What a 13-tile hand waits on, under every reading; furiten.")
    @app_commands.describe(hand="Tiles in hand, e.g. 3*p111z222z333z444z (3*m silver, 0m red, 5!z drawn in riichi)",
                           melds="Called melds, e.g. 123m 777*s [5555z]",
                           discards="Your discards and tiles you passed on (for furiten and the tiles left)",
                           seen="Other tiles in view, not left to draw: others' discards and melds, dora indicators")
    async def waits(self, interaction: Interaction, hand: str, melds: str | None = None,
                    discards: str | None = None, seen: str | None = None) -> None:
        tiles = parse_tiles(hand)
        called = parse_melds(melds)
        thrown = parse_tiles(discards, what="discards") if discards else None
        shown = parse_tiles(seen, what="seen tiles") if seen else []
        rules = await _rules(interaction)

        if any(t.chroma is not None for t in tiles):  # a wildcard hand's search can take a while: answer first
            if not offload.has_result(analyse, tiles, called, rules, thrown, shown):
                await interaction.response.defer(thinking=True, ephemeral=True)
            report = await offload.computed(analyse, tiles, called, rules, thrown, shown)  # off the loop
        else:  # a plain hand: a millisecond at most
            report = analyse(tiles, called, rules, thrown, shown)
        drawing = render.waits_picture(report, tiles, called)
        await replies.acknowledge(interaction, drawing, ephemeral=True)
        await replies.send(interaction, embed=render.waits_embed(report, tiles, called),
                           files=await replies.files(drawing), ephemeral=True)

    @app_commands.command(name="score", description="The best-scoring reading of a win, its payment and chips.")
    @app_commands.describe(hand="All tiles in hand, winning tile included", win="The winning tile, e.g. 4s",
                           tsumo="Won by self-draw", riichi="Riichi was declared", ippatsu="Ippatsu",
                           dora="Dora indicators, e.g. 3m7z", ura="Ura-dora indicators (with riichi)",
                           seat="Your seat wind (default: from the table, else East)",
                           round="The round wind (default: from the table, else East)",
                           honba="Honba (default: the table's)", melds="Called melds, e.g. 123m 777*s [5555z]",
                           player="Who won (default: you)",
                           public="Post the answer in the channel (default: only you see it)")
    async def score(self, interaction: Interaction, hand: str, win: str, tsumo: bool = False,
                    riichi: bool = False, ippatsu: bool = False, dora: str | None = None, ura: str | None = None,
                    seat: Wind | None = None, round: Wind | None = None,
                    honba: app_commands.Range[int, 0, 99] | None = None, melds: str | None = None,
                    player: discord.Member | None = None, public: bool = False) -> None:
        tiles = parse_tiles(hand)
        called = parse_melds(melds)
        win_index, win_tile = _win_index(tiles, win)
        winner = (player or interaction.user).id
        table = await self.bot.games.get(require_channel(interaction), TABLE)
        state = table.state if table else None
        seated = state is not None and winner in state.players
        default_seat = WIND_NAMES.index(state.seat_wind(state.index_of(winner))) if state is not None and seated else 0
        situation = Situation(tsumo=tsumo, riichi=riichi, ippatsu=ippatsu,
                              dora=tuple(parse_tiles(dora, what="dora")) if dora else (),
                              ura=tuple(parse_tiles(ura, what="ura-dora")) if ura else (),
                              seat=WIND_NAMES.index(seat) if seat else default_seat,
                              round=WIND_NAMES.index(round) if round else (state.round_wind if state else 0),
                              honba=honba if honba is not None else (state.honba if state else 0),
                              table=state.scoring if state else TableOptions(), sanma=bool(state and state.sanma))
        rules = await _rules(interaction)
        check(tiles, win_index, called, rules, situation)  # a refusal comes before any public deferral
        slow = count_ability(tiles, rules, Ability.AFTER_WIN) > 0 or sum(t.chroma is not None for t in tiles) > 3
        if slow and not offload.has_result(score, tiles, win_index, called, rules, situation):
            await interaction.response.defer(thinking=True, ephemeral=not public)  # the search can take a while
        try:  # a slow search runs off the event loop, where it would hold up every other channel
            report = await offload.computed(score, tiles, win_index, called, rules, situation) if slow \
                else score(tiles, win_index, called, rules, situation)
        except Exception:
            if interaction.response.is_done() and public:  # the refusal must not replace the public "thinking"
                await interaction.delete_original_response()
            raise
        embed = render.score_embed(report, tiles, called, situation, win_tile)
        view = discord.ui.View(timeout=None)
        if seated and table is not None:
            value = _table_value(report)
            if tsumo:
                view.add_item(RecordTsumo(table.version, winner, value))
            else:
                view.add_item(RecordRon.for_table(table.state, table.version, winner, value))
        elif table is not None:
            embed.add_field(name=p_("chroma", "Table"), value=_(
                "{player} isn't seated at this channel's table, so this can't be recorded there.",
                player=mention(winner)), inline=False)
        drawing = render.hand_picture(tiles, called, win_index, report)
        await replies.acknowledge(interaction, drawing, ephemeral=not public)
        kwargs: dict[str, Any] = {"embed": embed, "files": await replies.files(drawing)}
        if view.children:
            kwargs["view"] = view
        await replies.send(interaction, ephemeral=not public, **kwargs)

    @app_commands.command(name="odds", description="Chances of drawing at least k chroma tiles, and the Rainbow.")
    @app_commands.describe(tiles="Chroma tiles in the wall (default 15)", wall="Tiles in the wall (default 136)",
                           draws="Tiles a player draws (default 31)")
    async def odds(self, interaction: Interaction, tiles: app_commands.Range[int, 0, 136] = 15,
                   wall: app_commands.Range[int, 1, 1000] = 136, draws: app_commands.Range[int, 1, 1000] = 31) -> None:
        rules = await _rules(interaction)
        rows = odds.table(tiles, wall, draws, rules.rainbow_from)
        await interaction.response.send_message(embed=render.odds_embed(rows, tiles, wall, draws))

    @app_commands.command(name="abilities", description="Which ability each chroma has in this channel.")
    async def abilities(self, interaction: Interaction) -> None:
        rules, house = await _rules_in_force(interaction)
        legend = Drawing("chromas.png", pictures.legend_png,
                         (tuple(render.chroma_text(str(t.chroma)) for t in pictures.LEGEND),))
        embed = render.abilities_embed(rules)
        embed.set_image(url=f"attachment://{legend.filename}")
        said = None if house is None else house_rules.start_line(interaction, house)
        await replies.acknowledge(interaction, legend)
        await replies.send(interaction, content=said, embed=embed, files=await replies.files(legend))

    async def _change(self, interaction: Interaction, make_move) -> None:
        store = self.bot.games
        record = await store.get(require_channel(interaction), CHROMA)
        table = await store.get(require_channel(interaction), TABLE)
        host = table.state.host if table else (record.state.host if record else None)
        require_manager(interaction, host, N_("change this channel's chroma rules"))
        if record is None:  # the channel's first rules of its own start from those in force: its house rules
            fresh = new_state(interaction.user.id, new_seed(), await _rules(interaction), salt=new_salt())
            CHROMA.apply(fresh, make_move(fresh))  # a refused change stores nothing, not even the first rules
            record = await store.start(require_channel(interaction), CHROMA, fresh, guild_id=interaction.guild_id,
                                       actor_id=interaction.user.id)
        move = make_move(record.state)
        result = await store.apply(require_channel(interaction), CHROMA, move, actor_id=interaction.user.id)
        note_change(interaction)
        title = render.event_title(result.game.state, result.events)
        embed = render.abilities_embed(result.game.state.rules, title=title)
        await interaction.response.send_message(embed=add_commitment(embed, result.game.state.seal, "chroma"))

    @app_commands.command(name="rules", description="Choose each chroma's ability and the options (host/managers).")
    @app_commands.describe(silver="Ability of silver 3*m 3*p 3*s", gold="Ability of gold 5*m 5*p 5*s",
                           red="Ability of red 0m 0p 0s", blue="Ability of blue 7*m 7*p 7*s",
                           prismatic="Ability of prismatic 5*z", fern_green="Ability of fern-green 6*z",
                           light_siam="Ability of light-siam 7*z",
                           siam_limited="Red-face wildcard reads only 1-9m and 7z (seed's alternative)",
                           rainbow_from="Chroma tiles for a 1-han Rainbow (default 5)",
                           open_tanyao="Tanyao counts in an open hand",
                           chip_value="Points a chip is worth, for trade-off tiles (0: points first)",
                           gold_reading="strict: a gold changes one tile, others keep their reading (default); "
                                        "loose: others read afresh",
                           reset="Back to the seed's abilities first")
    async def rules(self, interaction: Interaction, silver: AbilityName | None = None,
                    gold: AbilityName | None = None, red: AbilityName | None = None,
                    blue: AbilityName | None = None, prismatic: AbilityName | None = None,
                    fern_green: AbilityName | None = None, light_siam: AbilityName | None = None,
                    siam_limited: bool | None = None, rainbow_from: app_commands.Range[int, 1, 15] | None = None,
                    open_tanyao: bool | None = None, chip_value: app_commands.Range[int, 0, 100_000] | None = None,
                    gold_reading: GoldReadingName | None = None, reset: bool = False) -> None:
        values = {"silver": silver, "gold": gold, "red": red, "blue": blue, "prismatic": prismatic,
                  "fern_green": fern_green, "light_siam": light_siam, "siam_limited": siam_limited,
                  "rainbow_from": rainbow_from, "open_tanyao": open_tanyao, "chip_value": chip_value,
                  "gold_reading": gold_reading}

        def move(state) -> SetRules:
            return SetRules(chroma_rules(values, ChromaRules() if reset else state.rules))

        await self._change(interaction, move)

    @app_commands.command(name="shuffle", description="Deal the abilities to the chromas at random for the next "
                                                      "hanchan (host/managers).")
    async def shuffle(self, interaction: Interaction) -> None:
        await self._change(interaction, lambda state: Shuffle())


async def setup(bot: ChaosTable) -> None:
    await bot.add_cog(ChromaCog(bot))
