"""/cosmic in a channel without a /table: the deck on its own, for a group scoring with real sticks (issue 21).

cogs/cosmic.py sends each /cosmic command here when the channel has no table. The buttons are persistent: **Join**
and **Leave** name only what they do; **Next hand** carries the game's version, so an old one (or a second press
after someone else's) is refused as stale instead of ending a second hand.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from engine.commitment import new_salt
from engine.cosmic import ChomboPenalty
from engine.cosmic_only import COSMIC, Chombo, DeckOnlyState, Dismiss, Join, Leave, NewDeck, NextHand, Reshuffle, Roll
from engine.cosmic_only import new_game as new_deck_only
from engine.deck import Deck
from engine.errors import GameError, IllegalMove, NotAllowed
from engine.seeds import new_seed
from engine.table import TABLE
from engine.text import command, player
from render import cosmic_only as render
from render.cosmic import card_embed, deck_page
from render.fairness import add_reveal
from render.i18n import N_, _, p_
from storage.errors import GameAlreadyRunning, NoActiveGame, StaleMove
from storage.games import EventRecord, GameRecord, MoveResult
from ui.custom_ids import custom_id, number, one_of, parsed
from ui.errors import ReportsErrors, note_change
from ui.permissions import can_manage, channel_to_post, require_channel
from ui.types import Interaction


class NoDeck(GameError):
    code = "no_cosmic_deck"

    def __init__(self) -> None:
        super().__init__(N_("There is no Cosmic Deck in this channel."),
                         N_("Open one with {start}: on this channel's {table}, or on its own beside real sticks."),
                         start=command("cosmic start"), table=command("table start"))


async def current(interaction: Interaction) -> GameRecord[DeckOnlyState]:
    """The channel's deck-only game; without one, a refusal that says where the deck is (a table took it over)."""
    channel = require_channel(interaction)
    record = await interaction.client.games.get(channel, COSMIC)
    if record is not None:
        return record
    if await interaction.client.games.get(channel, TABLE) is not None:
        raise IllegalMove(N_("This channel's Cosmic Deck is on its table now: the table's players roll there."),
                          N_("See the deck with {status} and the table with {show}."), code="deck_on_table",
                          status=command("cosmic status"), show=command("table show"))
    raise NoDeck()


def require_host_or_manager(interaction: Interaction, state: DeckOnlyState, refusal: str) -> None:
    """`refusal`: the sentence (with `{host}`) for anyone else."""
    if not can_manage(interaction, state.host):
        raise NotAllowed(refusal, N_("They can do it for you."), code="not_host", host=player(state.host))


def require_player_or_manager(interaction: Interaction, state: DeckOnlyState) -> None:
    if interaction.user.id not in state.players and not can_manage(interaction, state.host):
        state.index_of(interaction.user.id)  # the refusal that says how to join


async def play(interaction: Interaction, move: Any, *, version: int | None = None) -> MoveResult[DeckOnlyState]:
    try:
        result = await interaction.client.games.apply(require_channel(interaction), COSMIC, move,
                                                      actor_id=interaction.user.id, expected_version=version)
    except StaleMove:
        raise IllegalMove(N_("That **Next hand** button is from an earlier moment: someone has rolled or moved since."),
                          N_("Use the newest message's button, or {next}."), code="stale",
                          next=command("cosmic next")) from None
    except NoActiveGame:
        await current(interaction)  # says where the deck is
        raise
    note_change(interaction)
    return result


def deck_view(version: int) -> discord.ui.View:
    """Join, Leave and Next hand: under the opening message, the status and each hand's end."""
    view = discord.ui.View(timeout=None)
    view.add_item(DeckButton("join"))
    view.add_item(DeckButton("leave"))
    view.add_item(NextHandButton(version))
    return view


def next_view(version: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(NextHandButton(version))
    return view


# -- the commands (called by cogs/cosmic.py when the channel has no table) ------------------------------------------

async def open_deck(interaction: Interaction, deck: Deck, chombo: ChomboPenalty, seats: int, *,
                    note: str | None = None) -> None:
    """Open the deck on its own; `note` before its first line (the house rules it starts with, issue 21)."""
    channel = require_channel(interaction)
    state = new_deck_only(interaction.user.id, deck, new_seed(), seats=seats, chombo=chombo, salt=new_salt())
    try:
        record = await interaction.client.games.start(channel, COSMIC, state, guild_id=interaction.guild_id,
                                                      actor_id=interaction.user.id)
    except GameAlreadyRunning:
        raise deck_running() from None
    note_change(interaction)
    opened = render.opened(record.state)
    await interaction.response.send_message(f"{note}\n{opened}" if note else opened,
                                            embed=render.status_embed(record.state), view=deck_view(record.version))


def deck_running() -> GameError:
    return IllegalMove(N_("This channel's Cosmic Deck is already out."),
                       N_("Press **Join** under it, roll with {roll}, or see it with {status}. Its host can put it "
                          "away with {end}."), code="deck_running", roll=command("cosmic roll"),
                       status=command("cosmic status"), end=command("cosmic end"))


async def roll(interaction: Interaction) -> None:
    result = await play(interaction, Roll(interaction.user.id))
    await interaction.response.send_message(**render.roll_message(result.game.state, result.events),
                                            view=next_view(result.game.version))


async def next_hand(interaction: Interaction, *, version: int | None = None, edit: bool = False) -> None:
    record = await current(interaction)
    require_player_or_manager(interaction, record.state)
    result = await play(interaction, NextHand(), version=version)
    state, version = result.game.state, result.game.version
    content, embed = render.describe(state, result.events), render.status_embed(state)
    if edit:  # the pressed message loses its button: the new one below carries the next
        await interaction.response.edit_message(view=None)
        await interaction.followup.send(content, embed=embed, view=deck_view(version))
    else:
        await interaction.response.send_message(content, embed=embed, view=deck_view(version))


async def status(interaction: Interaction) -> None:
    record = await current(interaction)
    await interaction.response.send_message(embed=render.status_embed(record.state), ephemeral=True,
                                            view=deck_view(record.version))


async def card(interaction: Interaction, name: str) -> None:
    record = await current(interaction)
    found = record.state.cosmic.deck.find(name)
    if found is None:
        raise IllegalMove(N_("There is no such card in {deck}."), N_("Choose it from the list as you type its name."),
                          code="no_such_card", deck=record.state.cosmic.deck.name)
    await interaction.response.send_message(embed=card_embed(found, record.state.sanma), ephemeral=True)


async def deck(interaction: Interaction, page: int) -> None:
    record = await current(interaction)
    await interaction.response.send_message(embed=deck_page(record.state.cosmic.deck, page, record.state.sanma),
                                            ephemeral=True)


async def dismiss(interaction: Interaction, card_id: str) -> None:
    record = await current(interaction)
    record.state.index_of(interaction.user.id)
    result = await play(interaction, Dismiss(card_id))
    await interaction.response.send_message(render.describe(result.game.state, result.events),
                                            embed=render.status_embed(result.game.state))


async def chombo(interaction: Interaction, member: discord.Member) -> None:
    if member.bot:
        raise IllegalMove(N_("{player} is a bot and plays no hand."), code="bot", player=player(member.id))
    record = await current(interaction)
    record.state.index_of(interaction.user.id)
    result = await play(interaction, Chombo(member.id))
    await interaction.response.send_message(render.describe(result.game.state, result.events))


async def reshuffle(interaction: Interaction) -> None:
    record = await current(interaction)
    require_host_or_manager(interaction, record.state,
                            N_("Only the deck's host ({host}) or someone with Manage Channel can reshuffle it."))
    result = await play(interaction, Reshuffle())
    await interaction.response.send_message(render.describe(result.game.state, result.events),
                                            embed=render.status_embed(result.game.state))


async def import_deck(interaction: Interaction, new: Deck) -> None:
    """The file is read and checked by the cog (after it deferred); the host was checked before."""
    channel = channel_to_post(interaction)
    result = await play(interaction, NewDeck(new))
    await channel.send(render.describe(result.game.state, result.events), embed=render.status_embed(result.game.state))
    await interaction.followup.send(_("{deck} is imported.", deck=new.name), ephemeral=True)


async def require_host_to_import(interaction: Interaction) -> None:
    record = await current(interaction)
    require_host_or_manager(interaction, record.state,
                            N_("Only the deck's host ({host}) or someone with Manage Channel can import a deck."))


async def undo(interaction: Interaction) -> None:
    record = await current(interaction)

    def check(entry: EventRecord) -> None:  # whoever made the entry may take it back (as /table undo)
        if entry.actor_id != interaction.user.id:
            require_host_or_manager(interaction, record.state, N_(
                "Only the deck's host ({host}) or someone with Manage Channel can undo someone else's entry."))

    result = await interaction.client.games.undo(require_channel(interaction), COSMIC, actor_id=interaction.user.id,
                                                 check=check)
    note_change(interaction)
    state = result.game.state
    await interaction.response.send_message(render.taken_back(state, result.undone.events),
                                            embed=render.status_embed(state),
                                            view=deck_view(result.game.version))


async def end(interaction: Interaction) -> None:
    record = await current(interaction)
    require_host_or_manager(interaction, record.state,
                            N_("Only the deck's host ({host}) or someone with Manage Channel can put it away."))
    await interaction.client.games.finish(require_channel(interaction), COSMIC, actor_id=interaction.user.id,
                                          game_id=record.id)
    note_change(interaction)
    await interaction.response.send_message(
        _("The Cosmic Deck is put away. {start} opens a fresh one.", start=render.cmd("cosmic start")),
        embed=add_reveal(render.status_embed(record.state, over=True), [("cosmic", record.state.cosmic.seal)],
                         "cosmic"))


# -- buttons --------------------------------------------------------------------------------------------------------

_LABELS = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary}


class DeckButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"ct:cosmic:deck:(?P<name>join|leave)"):
    def __init__(self, name: str) -> None:
        label = p_("deck without a table", "Join") if name == "join" else p_("deck without a table", "Leave")
        super().__init__(discord.ui.Button(label=label, style=_LABELS[name],
                                           custom_id=custom_id("cosmic", "deck", name)))
        self.name = name

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> DeckButton:
        return parsed(cls, item, lambda: cls(one_of(match["name"], _LABELS)))

    async def handle(self, interaction: Interaction) -> None:
        await current(interaction)
        move = Join(interaction.user.id) if self.name == "join" else Leave(interaction.user.id)
        result = await play(interaction, move)
        await interaction.response.send_message(render.describe(result.game.state, result.events),
                                                embed=render.status_embed(result.game.state))


class NextHandButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button],
                     template=r"ct:cosmic:next:(?P<version>\d+)"):
    """Ends the hand: carries the version it was offered at, so it ends that hand only."""

    def __init__(self, version: int) -> None:
        label = p_("deck without a table", "Next hand")
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.primary,
                                           custom_id=custom_id("cosmic", "next", version)))
        self.version = version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> NextHandButton:
        return parsed(cls, item, lambda: cls(number(match["version"])))

    async def handle(self, interaction: Interaction) -> None:
        await next_hand(interaction, version=self.version, edit=True)
