"""/cosmic: the CHAOS;JAN Cosmic Deck on a channel's /table. Thin: the rules are in engine/."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from engine.cosmic import Owed
from engine.deck import MAX_FILE_BYTES, DeckError, parse_file, shipped
from engine.errors import IllegalMove
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
from engine.text import ECHO, shorten
from render import cosmic as render
from render.table import describe_events, table_embed
from storage.games import GameRecord
from ui import house_rules
from ui.custom_ids import custom_id, number, parsed
from ui.errors import ReportsErrors, note_change
from ui.game_options import cosmic_deck
from ui.permissions import channel_to_post, require_channel, require_manager, require_seated
from ui.types import Interaction

if TYPE_CHECKING:
    from bot import ChaosTable


async def _table(interaction: Interaction) -> GameRecord[TableState]:
    return await interaction.client.games.require(require_channel(interaction), TABLE)


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

    def __init__(self, reveal: int, label: str = "Pay") -> None:
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary,
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
            require_manager(interaction, record.state.host, "make a card's payment at a table you don't sit at")
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
        self.bot.add_dynamic_items(PayButton)

    async def _card_names(self, interaction: Interaction, current: str,
                          only_in_effect: bool = False) -> list[app_commands.Choice[str]]:
        record = await self.bot.games.get(require_channel(interaction), TABLE)
        if record is None or record.state.cosmic is None:
            return []
        deck = record.state.cosmic
        cards = [deck.deck.card(e.card) for e in deck.in_effect] if only_in_effect else deck.deck.cards
        wanted = current.casefold()
        return [app_commands.Choice(name=c.name, value=c.id) for c in cards if wanted in c.name.casefold()][:25]

    @app_commands.command(name="start", description="Shuffle the Cosmic Deck for this channel's table.")
    @app_commands.describe(deck="Which shipped deck", chombo="Penalty for failing an Event (default: mangan)")
    async def start(self, interaction: Interaction, deck: str = "cosmic",
                    chombo: Literal["mangan", "none"] = "mangan") -> None:
        record = await _table(interaction)
        require_seated(interaction, record.state.players)
        rules = await house_rules.in_force(interaction, "cosmic", deck=deck, chombo=chombo)
        cards, penalty = cosmic_deck(rules.values)
        result = await _apply(interaction, CosmicStart(cards, seed=new_seed(), chombo=penalty))
        await interaction.response.send_message(house_rules.start_line(interaction, rules),
                                                embed=render.status_embed(result.game.state))

    @start.autocomplete("deck")
    async def _deck_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=n, value=n) for n in shipped() if current in n][:25]

    @app_commands.command(name="roll", description="Pay 1000 x 2^n onto the table and roll: odd draws a card.")
    async def roll(self, interaction: Interaction) -> None:
        result = await _apply(interaction, Roll(interaction.user.id))
        owed = render.owed_by_roll(result.game.state)
        view = PayButton.buttons(result.game.state, [owed] if owed else [])
        await interaction.response.send_message(**render.roll_message(result.game.state, result.events), view=view)

    @app_commands.command(name="status", description="Active Modifier, Events in effect, counts and roll costs.")
    async def status(self, interaction: Interaction) -> None:
        record = await _table(interaction)
        view = PayButton.buttons(record.state, list(require_cosmic(record.state).owed))
        await interaction.response.send_message(embed=render.status_embed(record.state), ephemeral=True, view=view)

    @app_commands.command(name="card", description="Read one card of the deck.")
    @app_commands.describe(name="The card's name (pick from the list)")
    async def card(self, interaction: Interaction, name: str) -> None:
        record = await _table(interaction)
        deck = require_cosmic(record.state).deck
        card = deck.find(name)
        if card is None:
            raise IllegalMove(f"There is no card called {shorten(name, ECHO)!r} in {deck.name}.",
                              "Pick one from the suggestions.")
        await interaction.response.send_message(embed=render.card_embed(card, record.state.sanma), ephemeral=True)

    @card.autocomplete("name")
    async def _card_choices(self, interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
        return await self._card_names(interaction, current)

    @app_commands.command(name="deck", description="Every card of the deck, ten to a page.")
    @app_commands.describe(page="Page number, ten cards to a page (default 1)")
    async def deck(self, interaction: Interaction, page: int = 1) -> None:
        record = await _table(interaction)
        deck = require_cosmic(record.state).deck
        await interaction.response.send_message(embed=render.deck_page(deck, page, record.state.sanma),
                                                ephemeral=True)

    @app_commands.command(name="dismiss", description="End an Event that lasts until dismissed.")
    @app_commands.describe(card="The Event in effect to end (pick from the list)")
    async def dismiss(self, interaction: Interaction, card: str) -> None:
        result = await _apply(interaction, Dismiss(card))
        name = result.game.state.cosmic.deck.card(card).name
        await interaction.response.send_message(f"{name} is no longer in effect.",
                                                embed=render.status_embed(result.game.state))

    @dismiss.autocomplete("card")
    async def _in_effect_choices(self, interaction: Interaction,
                                 current: str) -> list[app_commands.Choice[str]]:
        return await self._card_names(interaction, current, only_in_effect=True)

    @app_commands.command(name="chombo", description="A failed Event: dead hand and chombo; the hand goes on.")
    @app_commands.describe(player="Who failed the Event")
    async def chombo(self, interaction: Interaction, player: discord.Member) -> None:
        result = await _apply(interaction, Chombo(player.id))
        paid = result.events[0]["paid"]
        await interaction.response.send_message(
            f"{player.mention} has a dead hand and chombo" + (f": pays {paid:,}." if paid else ".")
            + " The hand goes on; roll counts stay.")

    @app_commands.command(name="reshuffle", description="Shuffle the Discards back into the Library (host).")
    async def reshuffle(self, interaction: Interaction) -> None:
        record = await _table(interaction)
        require_manager(interaction, record.state.host, "reshuffle the deck")
        result = await _apply(interaction, Reshuffle(), seated=False)
        await interaction.response.send_message(describe_events(result.events) or "Reshuffled.",
                                                embed=render.status_embed(result.game.state))

    @app_commands.command(name="import", description="Play your own deck: a JSON or TOML file (host; 64 KB).")
    @app_commands.describe(file="The deck file, .json or .toml (up to 64 KB)")
    async def import_deck(self, interaction: Interaction, file: discord.Attachment) -> None:
        record = await _table(interaction)
        require_manager(interaction, record.state.host, "import a deck")
        require_cosmic(record.state)
        if file.size > MAX_FILE_BYTES:
            raise DeckError(f"{file.filename} is {file.size // 1024} KB; a deck file may be at most 64 KB.",
                            "Shorten the card texts or split the deck.")
        await interaction.response.defer(ephemeral=True, thinking=True)  # a bad file is told to the host alone
        channel = channel_to_post(interaction)
        deck = parse_file(await file.read(), file.filename)
        result = await _apply(interaction, NewDeck(deck), seated=False)
        await channel.send(f"Now playing **{deck.name}** ({len(deck.cards)} cards), freshly shuffled.",
                           embed=render.status_embed(result.game.state))
        await interaction.followup.send(f"Imported {deck.name}.", ephemeral=True)


async def setup(bot: ChaosTable) -> None:
    await bot.add_cog(Cosmic(bot))
