"""/ginjontan: Gin-jon-tan. Thin: parse the options, call the flows in ui/ginjontan.py (which call the engine
through storage), render. Every rule is in engine/ginjontan."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from engine.errors import NotSeated
from engine.ginjontan.cards import (
    COLOURS,
    SYMBOLS,
    card,
    card_id,
    parse_card,
    parse_cards,
    symbol_matches,
)
from engine.ginjontan.moves import Act, AskCards, Call, Evaluate, Exchange, Give, Leave, SetAside, Swap, Trim
from engine.ginjontan.rules import GINJONTAN
from engine.ginjontan.scoring import MAX_CARDS
from engine.ginjontan.state import GinjontanState
from engine.seasons import MAX_NAME
from engine.seeds import parse_seed
from engine.text import N_
from engine.text import player as someone
from engine.timer import MAX_TIMER
from render import ginjontan as render
from storage.ginjontan import collections, tournament
from storage.seasons import Season
from ui import ginjontan as flows
from ui import house_rules
from ui import seasons as season_flows
from ui.game_options import ginjontan_options
from ui.ginjontan_timer import GinjontanTimers
from ui.permissions import require_channel, require_manager
from ui.seasons import MAX_MIN_GAMES, season_id
from ui.types import Interaction

if TYPE_CHECKING:
    from bot import ChaosTable

Topic = Literal["basics", "duels", "combinations", "specials", "round", "notation", "rating"]
Where = Literal["hand", "reserve", "unfolded", "theirs", "asked"]


def _cards(text: str | None) -> tuple[int, ...]:
    return () if not text or not text.strip() else tuple(parse_cards(text, limit=MAX_CARDS))


def _one(text: str) -> int:
    return parse_card(text.strip())


def complete(current: str, pool: list[int] | None) -> list[app_commands.Choice[str]]:
    """Suggestions for the last card being typed: from `pool` (your cards) or, without one, any card whose
    notation starts with what is typed. Earlier cards are kept in the suggested value."""
    head, _, last = current.rpartition(" ")
    head = f"{head} " if head else ""
    typed = last.strip().lower()
    taken = set(head.lower().split())
    if pool is not None:
        found = [c for c in pool if card(c).notation.startswith(typed) and card(c).notation not in taken]
    else:
        found = []
        colour = next((c for c in COLOURS if typed[:1] == c.letter), None)
        digits = "".join(ch for ch in typed[1:3] if ch in "0123456789")
        rest = typed[1 + len(digits):]
        if colour is not None and digits and 1 <= int(digits) <= 33:
            found = [card_id(s, colour, int(digits)) for s in (symbol_matches(rest) if rest else SYMBOLS)]
    choices = []
    for c in sorted(set(found), key=lambda c: -card(c).value)[:25]:
        value = f"{head}{card(c).notation}"
        if len(value) <= 100:
            choices.append(app_commands.Choice(name=f"{value} · {card(c).name}"[:100], value=value))
    return choices


@app_commands.guild_only()
class Ginjontan(commands.GroupCog, group_name="ginjontan",
                group_description="Gin-jon-tan: the bot deals, keeps your cards private, referees duels and scores."):
    def __init__(self, bot: ChaosTable) -> None:
        self.bot = bot
        bot.ginjontan_timers = GinjontanTimers(bot)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*flows.COMPONENTS)
        if self.bot.games is not None:  # None only when the cog is loaded without starting the bot
            await self.bot.ginjontan_timers.resume()

    async def cog_unload(self) -> None:
        self.bot.ginjontan_timers.close()

    async def _state(self, interaction: Interaction) -> GinjontanState | None:
        record = await self.bot.games.get(require_channel(interaction), GINJONTAN)
        return None if record is None else record.state

    async def _pool(self, interaction: Interaction, where: Where) -> list[int]:
        state = await self._state(interaction)
        return [] if state is None else flows.card_pool(state, interaction.user.id, where)

    # -- lobby -----------------------------------------------------------------------------------------------

    @app_commands.command(name="new", description="Open a lobby: players press Join, you (the host) press Start.")
    @app_commands.describe(rounds="Rounds to play (step 9)", deck="common: the full set; personal: 33 drafted cards "
                           "each from your collections", seed="Replay a finished game's deal (the lobby then says "
                           "the seed was chosen)",
                           combinations="best: a hand scores its best combination; all: disjoint ones add up",
                           duels="every: each player duels every other as the active one; once: each pair once",
                           prize="Comment 2: winners take cards from the others' collections (personal decks)",
                           order_same_symbol="Orders need one symbol (default: any symbols)",
                           winners_to="Where a duel's winning cards go", black_hole="Whose reserves a Black hole "
                           "empties", timer="Seconds the game waits before the bot moves for absent players (0: off)",
                           thread="Open the lobby in a new thread; the game lives there")
    async def new(self, interaction: Interaction, rounds: Literal[3, 6, 9, 12, 33] = 3,
                  deck: Literal["common", "personal"] = "common",
                  seed: str | None = None,
                  combinations: Literal["best", "all"] = "best", duels: Literal["every", "once"] = "every",
                  prize: bool = False, order_same_symbol: bool = False,
                  winners_to: Literal["reserve", "deck"] = "reserve",
                  black_hole: Literal["both", "opponent"] = "both",
                  timer: app_commands.Range[int, 0, MAX_TIMER] = 0, thread: bool = False) -> None:
        rules = await house_rules.in_force(interaction, "ginjontan", rounds=rounds, deck=deck,
                                           combinations=combinations, duels=duels, prize=prize,
                                           order_same_symbol=order_same_symbol, winners_to=winners_to,
                                           black_hole=black_hole, timer=timer)
        options, timer = ginjontan_options(rules.values)
        if timer:
            await self.bot.ginjontan_timers.require_room(interaction.guild_id,
                                                         None if thread else require_channel(interaction))
        await flows.new(interaction, options, None if seed is None else parse_seed(seed), timer=timer, thread=thread,
                        note=house_rules.start_line(interaction, rules))

    @app_commands.command(name="join", description="Join the lobby in this channel.")
    async def join(self, interaction: Interaction) -> None:
        await flows.join(interaction)

    @app_commands.command(name="start", description="Deal and start (host).")
    async def start(self, interaction: Interaction) -> None:
        await flows.start(interaction)

    @app_commands.command(name="leave", description="Leave the game, also after the start: the game goes on "
                                                    "without you.")
    async def leave(self, interaction: Interaction) -> None:
        await flows.move(interaction, Leave(interaction.user.id))

    @app_commands.command(name="kick", description="Remove a player from the game (host or Manage Channel).")
    @app_commands.describe(player="Who to remove from the game")
    async def kick(self, interaction: Interaction, player: discord.Member) -> None:
        state = (await flows.load(interaction)).state
        require_manager(interaction, state.host, N_("remove a player"))
        if not state.seated(player.id):
            raise NotSeated(N_("{player} is not playing in this game."), N_("Pick a seated player."),
                            player=someone(player.id))
        await flows.move(interaction, Leave(player.id), seated=False)

    # -- your cards and moves ------------------------------------------------------------------------------------

    @app_commands.command(name="hand", description="Your hand and reserve (only you see them), with the moves "
                                                   "you can make now.")
    async def hand(self, interaction: Interaction) -> None:
        await flows.show_hand(interaction)

    @app_commands.command(name="swap", description="Step 2: swap your whole hand with your reserve, or keep it.")
    @app_commands.describe(choice="swap: your hand and reserve change places; keep: they stay")
    async def swap(self, interaction: Interaction, choice: Literal["swap", "keep"]) -> None:
        await flows.move(interaction, Swap(interaction.user.id, choice == "swap"))

    @app_commands.command(name="aside", description="Steps 3 and 3.5: the 3 hand cards you unfold next.")
    @app_commands.describe(cards="Three of your hand cards, e.g. r12sun w3fire v1moon")
    async def aside(self, interaction: Interaction, cards: str) -> None:
        await flows.move(interaction, SetAside(interaction.user.id, _cards(cards)))

    @app_commands.command(name="act", description="Step 3.3: one of your unfolded cards acts on one of theirs.")
    @app_commands.describe(card="Your unfolded card", target="Your opponent's unfolded card")
    async def act(self, interaction: Interaction, card: str, target: str) -> None:
        await flows.move(interaction, Act(interaction.user.id, _one(card), _one(target)))

    @app_commands.command(name="exchange", description="Swap hand cards for as many reserve cards (3.4, 4, 6.1b); "
                                                       "no cards: no exchange.")
    @app_commands.describe(give="Hand cards that go to your reserve", take="Reserve cards that come to your hand")
    async def exchange(self, interaction: Interaction, give: str | None = None,
                       take: str | None = None) -> None:
        await flows.move(interaction, Exchange(interaction.user.id, _cards(give), _cards(take)))

    @app_commands.command(name="return", description="Reserve cards back to the deck (over 33 in a duel, over 9 "
                                                     "in step 5).")
    @app_commands.describe(cards="The reserve cards to put back, e.g. r12sun w3fire")
    async def return_(self, interaction: Interaction, cards: str) -> None:
        await flows.move(interaction, Trim(interaction.user.id, _cards(cards)))

    @app_commands.command(name="call", description="Step 6.1a: “Gin jon tan!” — you are satisfied with your hand.")
    async def call(self, interaction: Interaction) -> None:
        await flows.move(interaction, Call(interaction.user.id))

    @app_commands.command(name="ask", description="Step 6.1c: give 1-3 hand cards and ask a player for as many.")
    @app_commands.describe(player="Whom you ask", source="From their hand or their reserve (not both)",
                           give="1-3 of your hand cards")
    async def ask(self, interaction: Interaction, player: discord.Member,
                  source: Literal["hand", "reserve"], give: str) -> None:
        await flows.move(interaction, AskCards(interaction.user.id, player.id, source, _cards(give)))

    @app_commands.command(name="give", description="Step 6.1c: the cards you hand over to the player who asked.")
    @app_commands.describe(cards="The cards you give, e.g. r12sun w3fire")
    async def give(self, interaction: Interaction, cards: str) -> None:
        await flows.move(interaction, Give(interaction.user.id, _cards(cards)))

    @app_commands.command(name="reveal", description="Step 7: show your hand for the evaluation.")
    async def reveal(self, interaction: Interaction) -> None:
        await flows.move(interaction, Evaluate(interaction.user.id))

    @app_commands.command(name="katoh", description="Step 7a: “Kat oh!” — give up the round, keep your points.")
    async def katoh(self, interaction: Interaction) -> None:
        await flows.move(interaction, Evaluate(interaction.user.id, kat_oh=True))

    @aside.autocomplete("cards")
    async def _hand_cards(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return complete(current, await self._pool(interaction, "hand"))

    @act.autocomplete("card")
    async def _unfolded(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return complete(current, await self._pool(interaction, "unfolded"))

    @act.autocomplete("target")
    async def _theirs(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return complete(current, await self._pool(interaction, "theirs"))

    @exchange.autocomplete("give")
    @ask.autocomplete("give")
    async def _give_cards(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return complete(current, await self._pool(interaction, "hand"))

    @exchange.autocomplete("take")
    @return_.autocomplete("cards")
    async def _reserve(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return complete(current, await self._pool(interaction, "reserve"))

    @give.autocomplete("cards")
    async def _any(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return complete(current, await self._pool(interaction, "asked"))

    # -- looking ---------------------------------------------------------------------------------------------------

    @app_commands.command(name="status", description="The phase, the order, the duel, revealed cards and scores.")
    async def status(self, interaction: Interaction) -> None:
        await flows.show_status(interaction)

    @app_commands.command(name="score", description="A calculator: score up to 9 cards, privately (Share posts it).")
    @app_commands.describe(cards="Cards like r12sun w1bonus y5uni (see /ginjontan rules notation)",
                           combinations="best: the single best combination; all: disjoint ones add up")
    async def score(self, interaction: Interaction, cards: str,
                    combinations: Literal["best", "all"] = "best") -> None:
        await flows.score_privately(interaction, list(_cards(cards)), combinations)

    @score.autocomplete("cards")
    async def _score_cards(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return complete(current, None)

    @app_commands.command(name="rules", description="The rules of Gin-jon-tan and the card notation.")
    @app_commands.describe(topic="Which part of the rules (default: all of them)")
    async def rules(self, interaction: Interaction, topic: Topic | None = None) -> None:
        await interaction.response.send_message(embed=render.rules_embed(topic), ephemeral=True)

    @app_commands.command(name="standings", description="The server's tournament rating (places, then points): a "
                                                        "season or all time.")
    @app_commands.describe(season="A season's name, or all (default: the open season, else all time)",
                           min_games="Only players with at least this many games (default 1)")
    async def standings(self, interaction: Interaction, season: str | None = None,
                        min_games: app_commands.Range[int, 1, MAX_MIN_GAMES] = 1) -> None:
        async def board(scope: Season | None) -> tuple[discord.Embed, bool]:
            rows = await tournament(self.bot.db, interaction.guild_id, season_id=season_id(scope),
                                    min_games=min_games)
            return render.standings_embed(rows), not rows

        await season_flows.leaderboard(interaction, GINJONTAN.name, season, min_games, board)

    @app_commands.command(name="stats", description="A player's games: places, first and last rates, points, rating.")
    @app_commands.describe(player="Whose (default: yours)",
                           season="A season's name, or all (default: the open season, else all time)")
    async def stats(self, interaction: Interaction, player: discord.Member | None = None,
                    season: str | None = None) -> None:
        await season_flows.stats(interaction, GINJONTAN.name, player, season)

    season = app_commands.Group(name="season", description="This server's Gin-jon-tan seasons: start, end, list, "
                                                           "export.")

    @season.command(name="start", description="Open a season: every finished game counts in it (Manage Channel).")
    @app_commands.describe(name="The season's name, like 2026 Spring")
    async def season_start(self, interaction: Interaction, name: app_commands.Range[str, 1, MAX_NAME]) -> None:
        await season_flows.start(interaction, GINJONTAN.name, name)

    @season.command(name="end", description="End the season and archive its final rating (Manage Channel).")
    async def season_end(self, interaction: Interaction) -> None:
        await season_flows.end(interaction, GINJONTAN.name)

    @season.command(name="list", description="This server's Gin-jon-tan seasons, open and ended (only you see it).")
    async def season_list(self, interaction: Interaction) -> None:
        await season_flows.listing(interaction, GINJONTAN.name)

    @season.command(name="export", description="A season's results as a CSV or JSON file (only you get it).")
    @app_commands.describe(season="A season's name (default: the open season)",
                           form="csv: a row per player per game; json: the season, its final table and results")
    @app_commands.rename(form="format")
    async def season_export(self, interaction: Interaction, season: str | None = None,
                            form: Literal["csv", "json"] = "csv") -> None:
        await season_flows.export(interaction, GINJONTAN.name, season, form)

    @standings.autocomplete("season")
    @stats.autocomplete("season")
    @season_export.autocomplete("season")
    async def _season_names(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await season_flows.suggest(interaction, GINJONTAN.name, current)

    @app_commands.command(name="collection", description="Your personal cards in this server (only you see them).")
    async def collection(self, interaction: Interaction) -> None:
        owned = (await collections(self.bot.db, interaction.guild_id, [interaction.user.id]))[interaction.user.id]
        await interaction.response.send_message(embed=render.collection_embed(owned), ephemeral=True)

    # -- managing ----------------------------------------------------------------------------------------------------

    @app_commands.command(name="undo", description="Take back the last move (host or Manage Channel).")
    async def undo(self, interaction: Interaction) -> None:
        await flows.undo(interaction)

    @app_commands.command(name="end", description="End the game in this channel (host or Manage Channel).")
    async def end(self, interaction: Interaction) -> None:
        await flows.end(interaction)


async def setup(bot: ChaosTable) -> None:
    await bot.add_cog(Ginjontan(bot))

