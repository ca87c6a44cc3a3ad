"""/chaosjan: CHAOS;JAN full rules on the channel's /table. Thin: parse the options, call the flows in
ui/chaosjan.py (which call the engine through storage), render. Every rule is in engine/chaosjan."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

import discord
from discord import app_commands
from discord.ext import commands

from engine.chaosjan.catalogue import CardType, load_shipped, parse_file
from engine.chaosjan.moves import Drew, EndEffect, Next, Pass, Play, UseCatalogue
from engine.chaosjan.rules import hand_cards
from engine.chaosjan.state import AutoMode, Phase
from engine.commitment import new_salt
from engine.deck import MAX_FILE_BYTES, DeckError
from engine.errors import IllegalMove
from engine.library import CHAOSJAN, NAME_LENGTH
from engine.seeds import new_seed, parse_seed
from engine.table import TABLE, ChaosStart, chaos_table
from engine.text import ECHO, N_, ascii_number, command, shorten
from render import chaosjan as render
from render import deck_library as deck_words
from render.i18n import _
from ui import chaosjan as flows
from ui import deck_library as library
from ui import house_rules
from ui.errors import note_change
from ui.game_options import chaos_options
from ui.permissions import (
    author_or_manager,
    can_manage,
    channel_to_post,
    require_channel,
    require_manager,
    require_seated,
)
from ui.types import Interaction

if TYPE_CHECKING:
    from bot import ChaosTable


def _choices(names: list[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
    wanted = current.casefold().strip()
    return [app_commands.Choice(name=render.short(name, 100), value=value)
            for name, value in names if wanted in name.casefold()][:25]


@app_commands.guild_only()
class ChaosJan(commands.GroupCog, group_name="chaosjan",
               group_description="CHAOS;JAN full rules: Characters, two decks, priority and sub-priority."):
    def __init__(self, bot: ChaosTable) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*flows.COMPONENTS)

    # -- setting up ------------------------------------------------------------------------------------------

    @app_commands.command(name="new", description="Play CHAOS;JAN on this channel's /table: everyone chooses cards.")
    @app_commands.describe(catalogue="A shipped catalogue or one this server saved (default: starter)",
                           hypers="Hyper cards per player in the Action Deck (5.1d.1; default 2)",
                           negates="Negate cards in the Action Deck (5.1d.1; default 10)",
                           modifier_on="When the next Modifier comes (1.4b.1): the dealer changes, or the round wind",
                           first_hand_draw="Also draw a card at the start of the first hand (4.2; default off)",
                           applies_ends_with_hand="Stocks without an active time also end with the hand (1.6c.2)",
                           seed="Replay a finished game's shuffles (the panel then says the seed was chosen)")
    async def new(self, interaction: Interaction, catalogue: str = "starter",
                  hypers: app_commands.Range[int, 0, 10] = 2,
                  negates: app_commands.Range[int, 0, 40] = 10,
                  modifier_on: Literal["dealer", "round"] = "dealer", first_hand_draw: bool = False,
                  applies_ends_with_hand: bool = True, seed: str | None = None) -> None:
        record = await self.bot.games.require(require_channel(interaction), TABLE)
        if not can_manage(interaction, record.state.host):
            require_seated(interaction, record.state.players)
        rules = await house_rules.in_force(interaction, "chaosjan", catalogue=catalogue, hypers=hypers,
                                           negates=negates, modifier_on=modifier_on, first_hand_draw=first_hand_draw,
                                           applies_ends_with_hand=applies_ends_with_hand)
        move = ChaosStart(await library.find(interaction, CHAOSJAN, rules.values["catalogue"]),
                          new_seed() if seed is None else parse_seed(seed), chaos_options(rules.values),
                          seed_chosen=seed is not None, salt=new_salt())
        await flows.post_panel(interaction, (await flows.apply(interaction, move, seated=False)).game,
                               prefix=house_rules.start_line(interaction, rules) or "")

    @new.autocomplete("catalogue")
    async def _catalogue_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await library.suggestions(interaction, CHAOSJAN, current)

    @app_commands.command(name="import", description="Play your group's own cards: a JSON or TOML catalogue (host).")
    @app_commands.describe(file="The catalogue file, .json or .toml",
                           save_as="Also save it for the whole server under this name (server managers)")
    async def import_catalogue(self, interaction: Interaction, file: discord.Attachment,
                               save_as: app_commands.Range[str, 1, NAME_LENGTH] | None = None) -> None:
        if save_as is None:
            record = await flows.load(interaction)
            require_manager(interaction, record.state.host, N_("import a catalogue"))
            if flows.chaos(record).phase is not Phase.SETUP:
                raise IllegalMove(N_("The decks are already built (5.1d, 5.2d): a catalogue is imported while players "
                                     "choose."), N_("Import it before the next {command}."), code="game_started",
                                  command=command("chaosjan new"))
            here, kept = True, None
        else:  # saving for the server; played here too while this channel's players choose, if this player may
            name = await library.may_save(interaction, CHAOSJAN, save_as)
            found = await self.bot.games.get(require_channel(interaction), TABLE)
            chaos = found.state.chaosjan if found is not None else None
            allowed = found is not None and can_manage(interaction, found.state.host)
            here = chaos is not None and chaos.phase is Phase.SETUP and allowed
            kept = None if chaos is None or here else \
                deck_words.kept_not_allowed() if not allowed else deck_words.kept_decks_built()
        if file.size > MAX_FILE_BYTES:
            raise DeckError(N_("{file} is {size:,} bytes; a card file may be at most 64 KB."),
                            N_("Shorten the card texts."), file=file.filename, size=file.size)
        await interaction.response.defer(ephemeral=True, thinking=True)  # a bad file is told to the host alone
        channel = channel_to_post(interaction)
        data = await file.read()
        catalogue = parse_file(data, file.filename)
        saving = None if save_as is None else library.Saving(interaction, CHAOSJAN, name, catalogue, data,
                                                             file.filename)
        if here:
            result = await self.bot.games.apply(require_channel(interaction), TABLE, UseCatalogue(catalogue),
                                                actor_id=interaction.user.id, along=saving)
            note_change(interaction)
            public = flows.panel_message(result.game.state, result.game.version, result.events)
            posted = await channel.send(**public)
            await flows.panel_moved(interaction, result.game, posted.id, lines=public["content"] or "")
        elif saving is not None:
            await saving.alone(interaction)
        await interaction.followup.send(deck_words.imported_message(catalogue.name) if saving is None else
                                        saving.message(played_here=here, kept_because=kept), ephemeral=True)

    @app_commands.command(name="catalogues", description="The catalogues /chaosjan new can play: shipped and this "
                                                         "server's.")
    async def catalogues(self, interaction: Interaction) -> None:
        await library.show(interaction, CHAOSJAN)

    @app_commands.command(name="export", description="A catalogue as a file, only for you: saved, shipped, or this "
                                                     "table's.")
    @app_commands.describe(catalogue="A saved or shipped catalogue (default: the one this channel's table plays)")
    async def export(self, interaction: Interaction, catalogue: str | None = None) -> None:
        in_game = None
        if catalogue is None:
            found = await self.bot.games.get(require_channel(interaction), TABLE)
            in_game = found.state.chaosjan.catalogue if found is not None and found.state.chaosjan else None
        await library.export(interaction, CHAOSJAN, catalogue, in_game)

    @export.autocomplete("catalogue")
    async def _export_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await library.suggestions(interaction, CHAOSJAN, current)

    @app_commands.command(name="deletecatalogue", description="Delete one of this server's saved catalogues "
                                                              "(server managers).")
    @app_commands.describe(name="The saved catalogue to delete (running games keep their copy)")
    async def deletecatalogue(self, interaction: Interaction, name: str) -> None:
        await library.delete(interaction, CHAOSJAN, name)

    @deletecatalogue.autocomplete("name")
    async def _saved_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await library.suggestions(interaction, CHAOSJAN, current, shipped=False)

    # -- playing ---------------------------------------------------------------------------------------------

    @app_commands.command(name="hand", description="Your cards, only for you: what you may play now, and why not.")
    async def hand(self, interaction: Interaction) -> None:
        await flows.show_hand(interaction)

    @app_commands.command(name="play", description="Play a card from your hand.")
    @app_commands.describe(card="A card in your hand", target="The player the card names, if it names one",
                           amount="Points, for a card that takes any number from the table (3.1f.4)")
    async def play(self, interaction: Interaction, card: str, target: discord.Member | None = None,
                   amount: int | None = None) -> None:
        move = Play(interaction.user.id, card, target.id if target else None, amount)
        await flows.answer(interaction, await flows.apply(interaction, move))

    @play.autocomplete("card")
    async def _hand_cards(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        record = await self.bot.games.get(require_channel(interaction), TABLE)
        if record is None:
            return []
        state = record.state.chaosjan
        if state is None or state.phase is not Phase.PLAYING or interaction.user.id not in state.players:
            return []
        rows = hand_cards(state, chaos_table(record.state), state.seat_of(interaction.user.id))
        return _choices([(f"{'✅' if e is None else '⛔'} {c.name}", c.id) for c, _count, e in rows], current)

    @app_commands.command(name="pass", description="Pass priority or sub-priority; before it reaches you, pass ahead.")
    async def pass_(self, interaction: Interaction) -> None:
        await flows.answer(interaction, await flows.apply(interaction, Pass(interaction.user.id)))

    @app_commands.command(name="negate", description="Play a Negate on the card played before it (sub-priority).")
    async def negate(self, interaction: Interaction) -> None:
        move = flows.negate_move(await flows.load(interaction), interaction.user.id)
        await flows.answer(interaction, await flows.apply(interaction, move))

    @app_commands.command(name="drew", description="You drew a tile: priority again (2.1).")
    @app_commands.describe(again="A second tile this turn, such as a kan's replacement tile: the turn goes on")
    async def drew(self, interaction: Interaction, again: bool = False) -> None:
        await flows.answer(interaction, await flows.apply(interaction, Drew(interaction.user.id, again)))

    @app_commands.command(name="next", description="The turn passes to the next player, or to one who called.")
    @app_commands.describe(player="Whose turn it is now, after a pon or kan (default: the next seat)")
    async def next_(self, interaction: Interaction, player: discord.Member | None = None) -> None:
        move = Next(interaction.user.id, player.id if player else None)
        await flows.answer(interaction, await flows.apply(interaction, move))

    @app_commands.command(name="autopass", description="When the bot passes priority for you.")
    @app_commands.describe(mode="When the bot passes priority and sub-priority for you")
    @app_commands.choices(mode=[
        app_commands.Choice(name="auto: when nothing I hold is playable (default)", value="auto"),
        app_commands.Choice(name="ask: never, ask me every time", value="ask"),
        app_commands.Choice(name="until a card is played, whatever I hold", value="until_played"),
        app_commands.Choice(name="until my turn, whatever I hold (Negates too)", value="until_my_turn")])
    async def autopass(self, interaction: Interaction, mode: str) -> None:
        await flows.set_mode(interaction, AutoMode(mode))

    @app_commands.command(name="end-effect", description="A Stock's effect has ended: discard it (1.6b.1).")
    @app_commands.describe(card="A card in play")
    async def end_effect(self, interaction: Interaction, card: str) -> None:
        record = await flows.load(interaction)
        state = flows.chaos(record)
        number = ascii_number(card.strip())
        stock = next((s for s in state.stocks if s.card == number), None)
        if stock is None:
            raise IllegalMove(N_("{card} is not a card in play."), N_("Pick one from the suggestions."),
                              code="not_in_play", card=repr(shorten(card, ECHO)))
        manager = can_manage(interaction, record.state.host)
        player = state.players[stock.seat] if manager else interaction.user.id  # the host may end anyone's
        await flows.answer(interaction, await flows.apply(interaction, EndEffect(player, stock.card),
                                                          seated=not manager))

    @end_effect.autocomplete("card")
    async def _in_play(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        record = await self.bot.games.get(require_channel(interaction), TABLE)
        state = None if record is None else record.state.chaosjan
        if record is None or state is None:
            return []
        names = [(f"{state.card(s.card).name} ({record.state.seat(state.players[s.seat]).name or _('a player')})",
                  str(s.card)) for s in state.stocks]
        return _choices(names, current)

    # -- reading ---------------------------------------------------------------------------------------------

    @app_commands.command(name="status", description="Who holds priority, cards in play, the Modifier, decks, hands.")
    async def status(self, interaction: Interaction) -> None:
        await flows.post_panel(interaction, await flows.load(interaction))

    @app_commands.command(name="card", description="Read a card of this game's catalogue.")
    @app_commands.describe(name="The card's name or id (pick from the list)")
    async def card(self, interaction: Interaction, name: str) -> None:
        record = await self.bot.games.get(require_channel(interaction), TABLE)
        catalogue = record.state.chaosjan.catalogue if record and record.state.chaosjan else load_shipped()
        found = catalogue.find(name)
        if found is None:
            raise IllegalMove(N_("There is no card called {card} in {catalogue}."),
                              N_("Pick one from the suggestions."), card=repr(shorten(name, ECHO)),
                              catalogue=catalogue.name)
        await interaction.response.send_message(embed=render.card_embed(found), ephemeral=True)

    @card.autocomplete("name")
    async def _card_names(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        record = await self.bot.games.get(require_channel(interaction), TABLE)
        catalogue = record.state.chaosjan.catalogue if record and record.state.chaosjan else load_shipped()
        return _choices([(f"{c.name} ({render.type_word(c.type)})", c.id) for c in catalogue.cards
                         if c.type is not CardType.HYPER], current)

    @app_commands.command(name="rules", description="The rules by number, in our own words (e.g. 1.5d, 2.7).")
    @app_commands.describe(rule="A rule number such as 1.5d or 2.7, or a word such as negate (default: the contents)")
    async def rules(self, interaction: Interaction, rule: str | None = None) -> None:
        await interaction.response.send_message(embed=render.rules_embed(rule), ephemeral=True)

    @rules.autocomplete("rule")
    async def _rule_numbers(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=label, value=n) for label, n in render.rule_choices(current)]

    @app_commands.command(name="undo", description="Undo the last CHAOS;JAN move (whoever made it, or the host).")
    async def undo(self, interaction: Interaction) -> None:
        record = await flows.load(interaction)
        allowed = author_or_manager(interaction, record.state.host, N_("undo someone else's move"))

        def check(entry) -> None:
            if not (entry.move or {}).get("chaosjan") and (entry.move or {}).get("type") != "chaosstart":
                raise IllegalMove(N_("The last entry is a {table} entry, not a CHAOS;JAN move."),
                                  N_("Undo it with {command}."), code="not_chaosjan", table=command("table"),
                                  command=command("table undo"))
            allowed(entry)

        result = await self.bot.games.undo(require_channel(interaction), TABLE, actor_id=interaction.user.id,
                                           check=check)
        note_change(interaction)
        if result.game.state.chaosjan is None:
            await interaction.response.send_message(_("Undone: CHAOS;JAN is no longer set up on this table."))
            await flows.retire_panel(interaction, result.game)
            return
        await flows.post_panel(interaction, result.game, prefix=_("↩️ The last move was undone."))


async def setup(bot: ChaosTable) -> None:
    await bot.add_cog(ChaosJan(bot))
