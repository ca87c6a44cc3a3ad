"""/uno: Uno: Chaos Edition. Thin: parse the options, call the flows in ui/uno.py (which call the engine
through storage), render. Every rule is in engine/uno."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from engine.commitment import new_salt
from engine.errors import IllegalMove
from engine.seasons import MAX_NAME
from engine.seeds import new_seed, parse_seed
from engine.text import N_, command
from engine.uno.cards import CARDS, Face, card_ref, parse_colour, parse_face
from engine.uno.moves import Callout, Challenge, Draw, Leave, SetTimer
from engine.uno.options import MAX_TIMER
from engine.uno.rules import UNO, new_lobby, standings
from engine.uno.state import Phase, UnoState
from render import uno as render
from render.fairness import add_reveal
from render.i18n import _
from storage.results import leaderboard
from storage.seasons import Season
from ui import house_rules, pictures
from ui import seasons as season_flows
from ui import uno as flows
from ui.errors import note_change
from ui.game_options import uno_options
from ui.permissions import require_channel, require_manager, require_seated
from ui.seasons import MAX_MIN_GAMES, season_id
from ui.threads import open_thread
from ui.types import Interaction

if TYPE_CHECKING:
    from bot import ChaosTable

Topic = Literal["basics", "notation", "cards", "jumping", "stacking", "deflection", "challenge", "uno", "winning",
                "commands"]


def _find_card(state: UnoState, player: int, face: Face) -> int:
    drawn = state.drawn.card if state.drawn is not None and state.drawn.player == player else None
    for card_id in sorted(state.hand(player), key=lambda i: i != drawn):  # the drawn copy is the one to play
        if face.matches(CARDS[card_id]):
            return card_id
    raise IllegalMove(N_("You don't hold {card} (`{notation}`)."),
                      N_("Pick a card from the suggestions, or look with {hand}."), code="not_in_hand",
                      card=card_ref(face), notation=face.notation, hand=command("uno hand"))


def _pile_id(state: UnoState, number: int | None) -> int | None:
    """The pile a player names by its number (1, 2, ...) on the board."""
    if number is None:
        return None
    if not 1 <= number <= len(state.piles):
        raise IllegalMove(N_("There is no pile {number}."), N_("Piles are numbered 1 to {count}."),
                          code="no_pile", number=number, count=len(state.piles))
    return state.piles[number - 1].id


@app_commands.guild_only()
class Uno(commands.GroupCog, group_name="uno",
          group_description="Uno: Chaos Edition. The bot deals, keeps your hand private and referees."):
    def __init__(self, bot: ChaosTable) -> None:
        self.bot = bot
        bot.uno_board = flows.BoardKeeper(bot)
        bot.uno_timers = flows.TurnTimers(bot)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*flows.COMPONENTS)
        if self.bot.games is not None:  # None only when the cog is loaded without starting the bot
            await self.bot.uno_timers.resume()

    async def cog_unload(self) -> None:
        self.bot.uno_timers.close()
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(5):
                await self.bot.uno_board.settle()
        self.bot.uno_board.close()

    # -- lobby ---------------------------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a lobby: players press Join, you (the host) press Start.")
    @app_commands.describe(preset="chaos: every rule (default); classic: plain Uno",
                           seed="Replay a finished game's deal (the lobby then says the seed was chosen)",
                           timer="Seconds a turn may take before the bot draws for the player (0: off)",
                           thread="Play in a new thread of this channel, out of the channel's way")
    async def new(self, interaction: Interaction, preset: Literal["chaos", "classic"] = "chaos",
                  seed: str | None = None,
                  timer: app_commands.Range[int, 0, MAX_TIMER] = 0, thread: bool = False) -> None:
        if interaction.user.bot:
            raise IllegalMove(N_("Bots can't host a game."), N_("Ask a person to start it."))
        rules = await house_rules.in_force(interaction, "uno", preset=preset, timer=timer)
        options, timer = uno_options(rules.values)
        state = new_lobby(interaction.user.id, options, new_seed() if seed is None else parse_seed(seed),
                          interaction.user.display_name, timer=timer, seed_chosen=seed is not None, salt=new_salt())
        said = house_rules.start_line(interaction, rules)
        channel_id = require_channel(interaction)
        if timer:
            await self.bot.uno_timers.require_room(interaction.guild_id, None if thread else channel_id)
        if not thread:
            record = await self.bot.games.start(channel_id, UNO, state, guild_id=interaction.guild_id,
                                                actor_id=interaction.user.id)
            note_change(interaction)
            await flows.post_board(interaction, record, note=said)
            return
        place = await open_thread(interaction, _("Uno: {name}", name=interaction.user.display_name))
        record = await self.bot.games.start(place.id, UNO, state, guild_id=interaction.guild_id,
                                            actor_id=interaction.user.id)
        note_change(interaction)
        link = f"<#{place.id}>"
        await interaction.response.send_message(_("{game}: the lobby is open in {thread}.",
                                                  game=render.game_title(state), thread=link))
        await flows.post_board(interaction, record, place, note=said)

    @app_commands.command(name="join", description="Join the lobby in this channel.")
    async def join(self, interaction: Interaction) -> None:
        await flows.join(interaction)

    @app_commands.command(name="start", description="Deal and start (host).")
    async def start(self, interaction: Interaction) -> None:
        await flows.start(interaction)

    # -- playing ---------------------------------------------------------------------------------------------

    @app_commands.command(name="hand", description="Your cards (only you see them), with what you can play now.")
    async def hand(self, interaction: Interaction) -> None:
        await flows.show_hand(interaction)

    @app_commands.command(name="play", description="Play a card on your turn, or jump in with it.")
    @app_commands.describe(card="A card of your hand: r5, g+2, bskip, yrev, w, w+4 (see /uno rules notation)",
                           pile="Which discard pile (1, 2, ...); asked when more than one fits",
                           color="A Wild's colour", target="A 7's trade partner (or where your 7 sends a stack)")
    async def play(self, interaction: Interaction, card: str,
                   pile: app_commands.Range[int, 1, 10] | None = None,
                   color: Literal["red", "yellow", "green", "blue"] | None = None,
                   target: discord.Member | None = None) -> None:
        record = await flows.load(interaction)
        state = record.state
        require_seated(interaction, state.players)
        if state.phase is not Phase.PLAY:
            raise IllegalMove(N_("The game hasn't started yet."), N_("The host starts it with Start."),
                              code="not_started")
        card_id = _find_card(state, interaction.user.id, parse_face(card))
        await flows.play_card(interaction, card_id, _pile_id(state, pile),
                              colour=None if color is None else parse_colour(color),
                              target=None if target is None else target.id, record=record)

    @play.autocomplete("card")
    async def _card_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        record = await self.bot.games.get(require_channel(interaction), UNO)
        if record is None or not record.state.seated(interaction.user.id) or record.state.phase is not Phase.PLAY:
            return []
        return [app_commands.Choice(name=name, value=value)
                for name, value in render.card_choices(record.state, interaction.user.id, current)]

    @app_commands.command(name="draw", description="Draw when you can't play, or take the stack aimed at you.")
    @app_commands.describe(count="Take only this many cards of the stack (a partial draw)")
    async def draw(self, interaction: Interaction,
                   count: app_commands.Range[int, 1, 500] | None = None) -> None:
        await flows.simple_move(interaction, Draw(interaction.user.id, count))

    @app_commands.command(name="pass", description="Keep the card you drew (classic rules).")
    async def pass_(self, interaction: Interaction) -> None:
        await flows.action(interaction, "pass")

    @app_commands.command(name="accept", description="Let the trade aimed at you (or the pending 0 shift) happen.")
    async def accept(self, interaction: Interaction) -> None:
        await flows.action(interaction, "accept")

    @app_commands.command(name="uno", description="Say UNO! (with one or two cards left).")
    async def uno(self, interaction: Interaction) -> None:
        await flows.action(interaction, "uno")

    @app_commands.command(name="callout", description="Call out a player who is down to one card without saying Uno.")
    @app_commands.describe(player="Who has one card and didn't say Uno")
    async def callout(self, interaction: Interaction, player: discord.Member) -> None:
        await flows.simple_move(interaction, Callout(interaction.user.id, player.id))

    @app_commands.command(name="challenge", description="Challenge the Wild +4 on top of a live stack.")
    @app_commands.describe(pile="Its pile, when there are several")
    async def challenge(self, interaction: Interaction,
                        pile: app_commands.Range[int, 1, 10] | None = None) -> None:
        pile_id = None if pile is None else _pile_id((await flows.load(interaction)).state, pile)
        await flows.simple_move(interaction, Challenge(interaction.user.id, pile_id))

    @app_commands.command(name="score", description="Score the round once someone is out of cards.")
    async def score(self, interaction: Interaction) -> None:
        await flows.action(interaction, "score")

    # -- looking ---------------------------------------------------------------------------------------------

    @app_commands.command(name="status", description="Every pile, stack, trade, the turn, hand sizes and points.")
    async def status(self, interaction: Interaction) -> None:
        record = await flows.load(interaction)
        await pictures.acknowledge(interaction, flows.board_drawing(record.state), ephemeral=True)
        board = await flows.board_message(record.state, edit=False)
        board.pop("view", None)
        await pictures.send(interaction, **board, ephemeral=True)

    @app_commands.command(name="rules", description="The rules of Uno: Chaos Edition, and the card notation.")
    @app_commands.describe(topic="Which part of the rules (default: all of them, in short)")
    async def rules(self, interaction: Interaction, topic: Topic | None = None) -> None:
        await interaction.response.send_message(embed=render.rules_embed(topic), ephemeral=True)

    # -- leaving and managing ----------------------------------------------------------------------------------

    @app_commands.command(name="leave", description="Leave the game; your cards go under the draw pile.")
    async def leave(self, interaction: Interaction) -> None:
        await flows.simple_move(interaction, Leave(interaction.user.id))

    @app_commands.command(name="kick", description="Remove a player from the game (host or Manage Channel).")
    @app_commands.describe(player="Who to remove from the game")
    async def kick(self, interaction: Interaction, player: discord.Member) -> None:
        record = await flows.load(interaction)
        require_manager(interaction, record.state.host, N_("remove a player"))
        await flows.simple_move(interaction, Leave(player.id), seated=False)

    @app_commands.command(name="timer", description="Set the turn timer in seconds, 0 for off (host).")
    @app_commands.describe(seconds="Seconds per turn; 0 turns the timer off")
    async def timer(self, interaction: Interaction, seconds: app_commands.Range[int, 0, MAX_TIMER]) -> None:
        record = await flows.load(interaction)
        require_manager(interaction, record.state.host, N_("set the turn timer"))
        if seconds:
            await self.bot.uno_timers.require_room(interaction.guild_id, require_channel(interaction))
        await flows.simple_move(interaction, SetTimer(seconds), seated=False)

    @app_commands.command(name="undo", description="Take back the last move (host or Manage Channel).")
    async def undo(self, interaction: Interaction) -> None:
        record = await self.bot.games.require(require_channel(interaction), UNO, undoing=True)
        require_manager(interaction, record.state.host, N_("undo a move"))
        channel_id = require_channel(interaction)
        async with self.bot.uno_board.hold(channel_id):
            result = await self.bot.games.undo(channel_id, UNO, actor_id=interaction.user.id)
            note_change(interaction)
            await flows.after_move(self.bot, channel_id, result.game)
            await flows.announce(interaction, result.game,
                                 "↩️ " + _("{undone} Everyone's hand is as it was before it.",
                                           undone=render.undo_line(result.undone.move, result.undone.actor_id)))

    @app_commands.command(name="end", description="End the game in this channel (host or Manage Channel).")
    async def end(self, interaction: Interaction) -> None:
        record = await flows.load(interaction)
        require_manager(interaction, record.state.host, N_("end the game"))
        channel_id = require_channel(interaction)
        async with self.bot.uno_board.hold(channel_id):
            done = await self.bot.games.finish(channel_id, UNO, actor_id=interaction.user.id)
            note_change(interaction)
            embed = add_reveal(render.standings_embed(standings(done.state)), [("uno", done.state.seal)], "uno")
            await flows.announce(interaction, done, _("The Uno game in this channel is over. {new} starts another.",
                                                      new=render.command("uno new")), embed)

    @app_commands.command(name="leaderboard", description="This server's won Uno games: the open season, a named one "
                                                          "or all time.")
    @app_commands.describe(season="A season's name, or all (default: the open season, else all time)",
                           min_games="Only players with at least this many games (default 1)")
    async def leaderboard(self, interaction: Interaction, season: str | None = None,
                          min_games: app_commands.Range[int, 1, MAX_MIN_GAMES] = 1) -> None:
        async def board(scope: Season | None) -> tuple[discord.Embed, bool]:
            rows = await leaderboard(self.bot.db, interaction.guild_id, UNO.name, season_id=season_id(scope),
                                     min_games=min_games)
            return render.leaderboard_embed(rows), not rows

        await season_flows.leaderboard(interaction, UNO.name, season, min_games, board)

    @app_commands.command(name="stats", description="A player's Uno games: places, first and last rates, points.")
    @app_commands.describe(player="Whose (default: yours)",
                           season="A season's name, or all (default: the open season, else all time)")
    async def stats(self, interaction: Interaction, player: discord.Member | None = None,
                    season: str | None = None) -> None:
        await season_flows.stats(interaction, UNO.name, player, season)

    season = app_commands.Group(name="season", description="This server's Uno seasons: start, end, list, export.")

    @season.command(name="start", description="Open a season: every won Uno game counts in it (Manage Channel).")
    @app_commands.describe(name="The season's name, like 2026 Spring")
    async def season_start(self, interaction: Interaction, name: app_commands.Range[str, 1, MAX_NAME]) -> None:
        await season_flows.start(interaction, UNO.name, name)

    @season.command(name="end", description="End the season and archive its final table (Manage Channel).")
    async def season_end(self, interaction: Interaction) -> None:
        await season_flows.end(interaction, UNO.name)

    @season.command(name="list", description="This server's Uno seasons, open and ended (only you see it).")
    async def season_list(self, interaction: Interaction) -> None:
        await season_flows.listing(interaction, UNO.name)

    @season.command(name="export", description="A season's results as a CSV or JSON file (only you get it).")
    @app_commands.describe(season="A season's name (default: the open season)",
                           form="csv: a row per player per game; json: the season, its final table and results")
    @app_commands.rename(form="format")
    async def season_export(self, interaction: Interaction, season: str | None = None,
                            form: Literal["csv", "json"] = "csv") -> None:
        await season_flows.export(interaction, UNO.name, season, form)

    @leaderboard.autocomplete("season")
    @stats.autocomplete("season")
    @season_export.autocomplete("season")
    async def _season_names(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await season_flows.suggest(interaction, UNO.name, current)


async def setup(bot: ChaosTable) -> None:
    await bot.add_cog(Uno(bot))
