"""/cosmic: the CHAOS;JAN Cosmic Deck on a channel's /table, or on its own in a channel without one (ui/cosmic_only.py,
issue 21). Thin: the rules are in engine/."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from engine.commitment import new_salt
from engine.cosmic import CosmicState, Owed
from engine.cosmic_only import COSMIC as DECK_ONLY
from engine.deck import MAX_FILE_BYTES, DeckError, parse_file
from engine.errors import IllegalMove
from engine.library import COSMIC, NAME_LENGTH
from engine.seeds import new_seed
from engine.table import (
    TABLE,
    CardPayment,
    Chombo,
    CosmicStart,
    Dismiss,
    NewDeck,
    Reshuffle,
    Roll,
    TableState,
    require_cosmic,
)
from engine.text import ECHO, command, shorten
from render import cosmic as render
from render import deck_library as deck_words
from render.i18n import N_, _
from render.table import describe_events, table_embed
from storage.games import GameRecord
from ui import cosmic_only as deck_only
from ui import deck_library as library
from ui import fairness, house_rules
from ui.custom_ids import custom_id, number, parsed
from ui.errors import ReportsErrors, note_change
from ui.game_options import cosmic_deck
from ui.permissions import can_manage, channel_to_post, require_channel, require_manager, require_seated
from ui.types import Interaction

if TYPE_CHECKING:
    from bot import ChaosTable


async def _table(interaction: Interaction) -> GameRecord[TableState]:
    return await interaction.client.games.require(require_channel(interaction), TABLE)


async def _table_here(interaction: Interaction) -> GameRecord[TableState] | None:
    """The channel's table, if it has one: /cosmic then works on the table's deck, else on the deck-only game."""
    return await interaction.client.games.get(require_channel(interaction), TABLE)


def _at_the_table(template: str, path: str) -> IllegalMove:
    """A deck-only command used where the deck is the table's: `template` names `{instead}`, the table's command."""
    return IllegalMove(template, N_("Use {instead}."), code="deck_on_table", instead=command(path))


async def _apply(interaction: Interaction, move, *, seated: bool = True):
    record = await _table(interaction)
    if seated:
        require_seated(interaction, record.state.players)
    result = await interaction.client.games.apply(require_channel(interaction), TABLE, move,
                                                  actor_id=interaction.user.id)
    note_change(interaction)
    return result


class PayButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button], template=r"ct:cosmic:pay:(?P<reveal>\d+)"):
    """On a reveal: make the card's payment as one table move. It carries only which roll revealed the card; the
    engine finds what is owed in the stored state, so a second press or an old button is refused there."""

    def __init__(self, reveal: int, label: str = N_("Pay")) -> None:
        super().__init__(discord.ui.Button(label=_(label), style=discord.ButtonStyle.primary,
                                           custom_id=custom_id("cosmic", "pay", reveal)))
        self.reveal = reveal

    @classmethod
    def buttons(cls, state: TableState, owed: list[Owed]) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        for o in owed[:25]:
            view.add_item(cls(o.reveal, render.pay_label(require_cosmic(state).deck.card(o.card).name)))
        return view

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> PayButton:
        return parsed(cls, item, lambda: cls(number(match["reveal"])))

    async def handle(self, interaction: Interaction) -> None:
        record = await _table(interaction)
        if interaction.user.id not in record.state.players:
            require_manager(interaction, record.state.host, N_("make a card's payment at a table you don't sit at"))
        result = await interaction.client.games.apply(require_channel(interaction), TABLE, CardPayment(self.reveal),
                                                      actor_id=interaction.user.id)
        note_change(interaction)
        await interaction.response.edit_message(view=None)
        await interaction.followup.send(describe_events(result.events)[:2000],
                                        embed=table_embed(result.game.state))


@app_commands.guild_only()
class Cosmic(commands.GroupCog, group_name="cosmic",
             group_description="CHAOS;JAN Cosmic Deck: paid rolls to draw Modifiers and Events."):
    def __init__(self, bot: ChaosTable) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PayButton, deck_only.DeckButton, deck_only.NextHandButton)

    async def _deck_here(self, interaction: Interaction) -> CosmicState | None:
        channel = require_channel(interaction)
        record: GameRecord[Any] | None = await self.bot.games.get(channel, TABLE)
        if record is None:
            record = await self.bot.games.get(channel, DECK_ONLY)
        return None if record is None else record.state.cosmic

    async def _card_names(self, interaction: Interaction, current: str,
                          only_in_effect: bool = False) -> list[app_commands.Choice[str]]:
        deck = await self._deck_here(interaction)
        if deck is None:
            return []
        cards = [deck.deck.card(e.card) for e in deck.in_effect] if only_in_effect else deck.deck.cards
        wanted = current.casefold()
        return [app_commands.Choice(name=c.name, value=c.id) for c in cards if wanted in c.name.casefold()][:25]

    @app_commands.command(name="start", description="Shuffle the Cosmic Deck: for this channel's /table, or on its "
                                                    "own beside real sticks.")
    @app_commands.describe(deck="A shipped deck or one this server saved (default: cosmic)",
                           chombo="Penalty for failing an Event (default: mangan)",
                           players="Without a /table: 4 for yonma (default) or 3 for sanma, for the cards' texts")
    @app_commands.choices(players=[app_commands.Choice(name="4 (yonma)", value=4),
                                   app_commands.Choice(name="3 (sanma)", value=3)])
    async def start(self, interaction: Interaction, deck: str = "cosmic",
                    chombo: Literal["mangan", "none"] = "mangan", players: int | None = None) -> None:
        record = await _table_here(interaction)
        rules = await house_rules.in_force(interaction, "cosmic", deck=deck, chombo=chombo)
        name, penalty = cosmic_deck(rules.values)
        said = house_rules.start_line(interaction, rules)
        if record is None:  # no table: the deck on its own (issue 21)
            if await self.bot.games.get(require_channel(interaction), DECK_ONLY) is not None:
                raise deck_only.deck_running()
            found = await library.find(interaction, COSMIC, name)
            await deck_only.open_deck(interaction, found, penalty, players or 4, note=said)
            return
        if players is not None and players != len(record.state.seats):
            raise IllegalMove(N_("This channel's table has {seats} players, so the deck plays for {seats}."),
                              N_("Leave out `players`: it is for a deck without a table."), code="seats_differ",
                              seats=len(record.state.seats))
        require_seated(interaction, record.state.players)
        move = CosmicStart(await library.find(interaction, COSMIC, name), seed=new_seed(), chombo=penalty,
                           salt=new_salt())
        result = await _apply(interaction, move)
        await interaction.response.send_message(said, embed=render.status_embed(result.game.state))

    @start.autocomplete("deck")
    async def _deck_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await library.suggestions(interaction, COSMIC, current)

    @app_commands.command(name="roll", description="Pay 1000 x 2^n onto the table and roll: odd draws a card.")
    async def roll(self, interaction: Interaction) -> None:
        if await _table_here(interaction) is None:
            await deck_only.roll(interaction)
            return
        result = await _apply(interaction, Roll(interaction.user.id))
        owed = render.owed_by_roll(result.game.state)
        view = PayButton.buttons(result.game.state, [owed] if owed else [])
        await interaction.response.send_message(**render.roll_message(result.game.state, result.events), view=view)

    @app_commands.command(name="rolls", description="Every roll of the deck, each face's count beside a fair "
                                                    "die's, and how likely that spread is.")
    async def rolls(self, interaction: Interaction) -> None:
        await fairness.rolls(interaction)

    @app_commands.command(name="status", description="Active Modifier, Events in effect, counts and roll costs.")
    async def status(self, interaction: Interaction) -> None:
        record = await _table_here(interaction)
        if record is None:
            await deck_only.status(interaction)
            return
        view = PayButton.buttons(record.state, list(require_cosmic(record.state).owed))
        await interaction.response.send_message(embed=render.status_embed(record.state), ephemeral=True, view=view)

    @app_commands.command(name="card", description="Read one card of the deck.")
    @app_commands.describe(name="The card's name (pick from the list)")
    async def card(self, interaction: Interaction, name: str) -> None:
        record = await _table_here(interaction)
        if record is None:
            await deck_only.card(interaction, name)
            return
        deck = require_cosmic(record.state).deck
        card = deck.find(name)
        if card is None:
            raise IllegalMove(N_("There is no card called {card} in {catalogue}."),
                              N_("Pick one from the suggestions."), card=repr(shorten(name, ECHO)),
                              catalogue=deck.name)
        await interaction.response.send_message(embed=render.card_embed(card, record.state.sanma), ephemeral=True)

    @card.autocomplete("name")
    async def _card_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._card_names(interaction, current)

    @app_commands.command(name="deck", description="Every card of the deck, ten to a page.")
    @app_commands.describe(page="Page number, ten cards to a page (default 1)")
    async def deck(self, interaction: Interaction, page: int = 1) -> None:
        record = await _table_here(interaction)
        if record is None:
            await deck_only.deck(interaction, page)
            return
        deck = require_cosmic(record.state).deck
        await interaction.response.send_message(embed=render.deck_page(deck, page, record.state.sanma),
                                                ephemeral=True)

    @app_commands.command(name="dismiss", description="End an Event that lasts until dismissed.")
    @app_commands.describe(card="The Event in effect to end (pick from the list)")
    async def dismiss(self, interaction: Interaction, card: str) -> None:
        if await _table_here(interaction) is None:
            await deck_only.dismiss(interaction, card)
            return
        result = await _apply(interaction, Dismiss(card))
        name = result.game.state.cosmic.deck.card(card).name
        await interaction.response.send_message(_("{card} is no longer in effect.", card=name),
                                                embed=render.status_embed(result.game.state))

    @dismiss.autocomplete("card")
    async def _in_effect_choices(self, interaction: Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        return await self._card_names(interaction, current, only_in_effect=True)

    @app_commands.command(name="chombo", description="A failed Event: dead hand and chombo; the hand goes on.")
    @app_commands.describe(player="Who failed the Event")
    async def chombo(self, interaction: Interaction, player: discord.Member) -> None:
        if await _table_here(interaction) is None:
            await deck_only.chombo(interaction, player)
            return
        result = await _apply(interaction, Chombo(player.id))
        paid = result.events[0]["paid"]
        await interaction.response.send_message(
            (_("{player} has a dead hand and chombo: pays {paid:,}.", player=player.mention, paid=paid) if paid else
             _("{player} has a dead hand and chombo.", player=player.mention))
            + " " + _("The hand goes on; roll counts stay."))

    @app_commands.command(name="reshuffle", description="Shuffle the Discards back into the Library (host).")
    async def reshuffle(self, interaction: Interaction) -> None:
        record = await _table_here(interaction)
        if record is None:
            await deck_only.reshuffle(interaction)
            return
        require_manager(interaction, record.state.host, N_("reshuffle the deck"))
        result = await _apply(interaction, Reshuffle(), seated=False)
        await interaction.response.send_message(describe_events(result.events) or _("Reshuffled."),
                                                embed=render.status_embed(result.game.state))

    @app_commands.command(name="import", description="Play your own deck: a JSON or TOML file (host; 64 KB).")
    @app_commands.describe(file="The deck file, .json or .toml (up to 64 KB)",
                           save_as="Also save it for the whole server under this name (server managers)")
    async def import_deck(self, interaction: Interaction, file: discord.Attachment,
                          save_as: app_commands.Range[str, 1, NAME_LENGTH] | None = None) -> None:
        record = await _table_here(interaction)
        if save_as is None:
            if record is None:
                await deck_only.require_host_to_import(interaction)
            else:
                require_manager(interaction, record.state.host, N_("import a deck"))
                require_cosmic(record.state)
            here, kept = record is not None, None
        else:  # saving for the server; played here too when this channel's table may take it from this player
            name = await library.may_save(interaction, COSMIC, save_as)
            here = record is not None and record.state.cosmic is not None and can_manage(interaction, record.state.host)
            kept = deck_words.kept_not_allowed() if record is not None and record.state.cosmic and not here else None
        if file.size > MAX_FILE_BYTES:
            raise DeckError(N_("{file} is {size} KB; a deck file may be at most 64 KB."),
                            N_("Shorten the card texts or split the deck."), file=file.filename,
                            size=file.size // 1024)
        await interaction.response.defer(ephemeral=True, thinking=True)  # a bad file is told to the host alone
        channel = channel_to_post(interaction)
        data = await file.read()
        deck = parse_file(data, file.filename)
        if record is None and save_as is None:  # the deck without a table
            await deck_only.import_deck(interaction, deck)
            return
        saving = None if save_as is None else library.Saving(interaction, COSMIC, name, deck, data, file.filename)
        if here:
            result = await interaction.client.games.apply(require_channel(interaction), TABLE, NewDeck(deck),
                                                          actor_id=interaction.user.id, along=saving)
            note_change(interaction)
            await channel.send(_("Now playing **{title}** ({cards}), freshly shuffled.", title=deck.name,
                                 cards=deck_words.cards(len(deck.cards))),
                               embed=render.status_embed(result.game.state))
        elif saving is not None:
            await saving.alone(interaction)
        await interaction.followup.send(deck_words.imported_message(deck.name) if saving is None else
                                        saving.message(played_here=here, kept_because=kept), ephemeral=True)

    @app_commands.command(name="decks", description="The decks /cosmic start can play: shipped and this server's.")
    async def decks(self, interaction: Interaction) -> None:
        await library.show(interaction, COSMIC)

    @app_commands.command(name="export", description="A deck as a file, only for you: saved, shipped, or this table's.")
    @app_commands.describe(deck="A saved or shipped deck (default: the deck this channel's table plays)")
    async def export(self, interaction: Interaction, deck: str | None = None) -> None:
        in_game = None
        if deck is None:
            found = await self.bot.games.get(require_channel(interaction), TABLE)
            in_game = found.state.cosmic.deck if found is not None and found.state.cosmic is not None else None
        await library.export(interaction, COSMIC, deck, in_game)

    @export.autocomplete("deck")
    async def _export_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await library.suggestions(interaction, COSMIC, current)

    @app_commands.command(name="deletedeck", description="Delete one of this server's saved decks (server managers).")
    @app_commands.describe(name="The saved deck to delete (running games keep their copy)")
    async def deletedeck(self, interaction: Interaction, name: str) -> None:
        await library.delete(interaction, COSMIC, name)

    @deletedeck.autocomplete("name")
    async def _saved_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await library.suggestions(interaction, COSMIC, current, shipped=False)

    @app_commands.command(name="next", description="Without a /table: the hand is over; roll counts back to zero.")
    async def next_hand(self, interaction: Interaction) -> None:
        if await _table_here(interaction) is not None:
            raise _at_the_table(N_("At a table the hand ends with its win or draw, which resets the roll counts."),
                                "table draw")
        await deck_only.next_hand(interaction)

    @app_commands.command(name="undo", description="Without a /table: undo the deck's last entry (its author or the "
                                                   "host).")
    async def undo(self, interaction: Interaction) -> None:
        if await _table_here(interaction) is not None:
            raise _at_the_table(N_("At a table the deck's entries are the table's."), "table undo")
        await deck_only.undo(interaction)

    @app_commands.command(name="end", description="Without a /table: put the deck away (host or Manage Channel).")
    async def end(self, interaction: Interaction) -> None:
        if await _table_here(interaction) is not None:
            raise _at_the_table(N_("At a table the deck ends with the table."), "table end")
        await deck_only.end(interaction)


async def setup(bot: ChaosTable) -> None:
    await bot.add_cog(Cosmic(bot))
