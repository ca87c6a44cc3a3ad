"""The one error handler: every slash command and component ends up here when something goes wrong.

Rule refusals (GameError) and failed checks become a friendly ephemeral card saying what to do instead.
Anything else is a bug: it is logged with its traceback and the user is told whether anything changed.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from engine.errors import GameError
from engine.text import ECHO, shorten
from render import i18n
from render.common import error_embed
from render.i18n import _
from storage.preferences import LANGUAGE_KEY
from ui.custom_ids import offered
from ui.house_rules import setting_in_force
from ui.permissions import require_in_bounds
from ui.types import Interaction

if TYPE_CHECKING:
    from bot import ChaosTable

log = logging.getLogger(__name__)

_CHANGED = "chaostable_changed"


def note_change(interaction: discord.Interaction) -> None:
    """Mark that this interaction has committed a change, so a later failure does not claim otherwise."""
    interaction.extras[_CHANGED] = True


def describe(error: BaseException) -> tuple[str, str | None]:
    """(message, hint) for a user, in their language; logs and returns a generic text for bugs."""
    if isinstance(error, GameError):
        return i18n.refusal(error)
    if isinstance(error, app_commands.MissingPermissions):
        needed = ", ".join(p.replace("_", " ").title() for p in error.missing_permissions)  # Discord's own names
        return _("You need the {permission} permission for that.", permission=needed), \
            _("Ask a moderator of this server.")
    if isinstance(error, app_commands.NoPrivateMessage):
        return _("That command only works in a server channel."), _("Run it in the channel where you play.")
    if isinstance(error, app_commands.CommandOnCooldown):
        return _("Slow down a little."), _("Try again in {seconds} s.", seconds=round(error.retry_after))
    if isinstance(error, app_commands.TransformerError):
        return _("{value} is not a valid value here.", value=repr(shorten(str(error.value), ECHO))), \
            _("Pick one of the suggested values.")
    if isinstance(error, app_commands.CheckFailure):
        return _("You can't use that command here."), None
    if isinstance(error, app_commands.CommandNotFound):
        return _("That command no longer exists."), _("Discord may still show an old list; try again in a minute.")
    log.error("unexpected error", exc_info=error)
    return _("Something went wrong on our side."), None


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    message, hint = describe(error)
    if not isinstance(error, (GameError, app_commands.AppCommandError)):
        changed = interaction.extras.get(_CHANGED, False)
        hint = (_("Your move was saved, but showing it failed: use the game's `show` command to see the table.")
                if changed else _("Nothing was changed. Please try again; if it keeps happening, tell the bot's host."))
    embed = error_embed(message, hint)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(embed=embed, ephemeral=True)
        else:
            await interaction.response.send_message(embed=embed, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not tell the user about an error", exc_info=True)


async def speak_the_channel_s_language(interaction: discord.Interaction) -> None:
    """The channel's language (a thread's: its channel's), else the server's, when /settings gave one, replaces the
    player's for this interaction (bot.py set the player's own)."""
    if getattr(interaction.client, "preferences", None) is None:
        return
    found = await setting_in_force(interaction, LANGUAGE_KEY)
    if found is not None:
        i18n.set_language(found[0])


def install_error_handler(bot: ChaosTable) -> None:
    @bot.tree.error
    async def on_app_command_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error)

    async def within_bounds(interaction: discord.Interaction) -> bool:
        try:
            await speak_the_channel_s_language(interaction)
            require_in_bounds(interaction)
        except GameError as error:
            await report_error(interaction, error)
            return False
        return True

    bot.tree.interaction_check = within_bounds  # type: ignore[method-assign]  # the tree's one global check


class ReportsErrors:
    """Mix into a DynamicItem (before it): implement `handle`; errors reach the user, not just the log.

    discord.py only logs exceptions raised by a DynamicItem's callback, and a failing interaction_check
    leaves the user with "This interaction failed", so checks belong in `handle` too.
    """

    async def handle(self, interaction: Interaction) -> None:
        raise NotImplementedError

    refusal: GameError | None = None  # set by ui.custom_ids.parsed for a forged or outdated custom_id

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await speak_the_channel_s_language(interaction)
            if self.refusal is not None:
                raise self.refusal
            offered(cast(Any, self).item)  # the DynamicItem's item
            await self.handle(cast(Interaction, interaction))  # discord.py types it for any client; ours is the bot
        except Exception as error:
            await report_error(interaction, error)


class ChaosView(discord.ui.View):
    """A View whose errors reach the user through the one handler."""

    async def on_error(self, interaction: discord.Interaction, error: Exception, item: discord.ui.Item[Any]) -> None:
        await report_error(interaction, error)
