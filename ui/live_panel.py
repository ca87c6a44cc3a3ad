"""One live panel at the bottom of a game's channel (issue 17, item 2), shared by CHAOS;JAN and Gin-jon-tan.

While the panel is still the channel's newest message, a move edits it in place, its lines of what happened
growing below the earlier ones within Discord's 2,000 characters. Once something was posted below it (chat, another
message) or the lines would overflow, the move re-posts the panel at the bottom and the old one retires.
game_messages keeps the panel's id under the game's role, and under a second role ("<role>-bare" unless named)
while it has no lines (else 0), so a restart finds it. (Nothing is fetched: reading a message needs Read Message
History, which the bot doesn't ask for; the lines a panel shows are remembered as they are sent, or read from the
clicked message.)

Whether the panel is still the newest message is known without asking Discord: `track_newest` keeps each channel's
newest message id from the gateway (MESSAGE_CREATE, under the guild messages intent, which is not privileged and is
in discord.py's default intents; message content is not needed) and from the panels the bot posts. A channel not
seen since the gateway session began, or whose newest message was deleted, is asked about once (GET the channel).
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Collection
from typing import TYPE_CHECKING, Any, Literal

import discord

from storage.messages import find_message, remember_message
from ui.message_edits import edit_message

if TYPE_CHECKING:
    from bot import ChaosTable
    from ui.types import Interaction

log = logging.getLogger(__name__)

CONTENT_LIMIT = 2000
_lines: weakref.WeakKeyDictionary[Any, dict[int, str]] = weakref.WeakKeyDictionary()
_newest: weakref.WeakKeyDictionary[Any, dict[int, int]] = weakref.WeakKeyDictionary()  # bot -> channel -> message


def grown(old: str, new: str | None) -> str:
    """A panel's lines with a move's lines below them."""
    return "\n".join(part for part in (old, new) if part)


def posted(bot: ChaosTable, channel_id: int, message_id: int) -> None:
    """A message was posted in the channel. Snowflakes grow with time, so the newest is the greatest id, whatever
    order the gateway and the bot's own replies tell of them."""
    newest = _newest.setdefault(bot, {})
    if message_id > newest.get(channel_id, 0):
        newest[channel_id] = message_id


def deleted(bot: ChaosTable, channel_id: int, message_ids: Collection[int]) -> None:
    """Messages were deleted: if the newest is one of them, which one is newest now is asked next time."""
    newest = _newest.get(bot, {})
    if newest.get(channel_id) in message_ids:
        del newest[channel_id]


EPHEMERAL = 1 << 6  # a message flag


def track_newest(bot: ChaosTable) -> None:
    """Keep each channel's newest message from the gateway. Ephemeral replies are no channel message (Discord
    sends no MESSAGE_CREATE for them). A new gateway session forgets everything: events may have been lost.

    MESSAGE_CREATE is read here from the gateway's data and goes no further: discord.py would build a `Message`
    for every message in every channel the bot sees (players' chat included) and hand it to `on_message`, where
    `commands.Bot` looks for a prefix command; the bot has none, and only the ids are needed (issue 19)."""
    def message_created(data: dict[str, Any]) -> None:
        if int(data.get("flags") or 0) & EPHEMERAL:
            return
        channel_id, message_id = int(data["channel_id"]), int(data["id"])
        posted(bot, channel_id, message_id)
        channel = bot.get_channel(channel_id)
        if isinstance(channel, discord.TextChannel | discord.VoiceChannel | discord.Thread | discord.StageChannel):
            channel.last_message_id = message_id  # as discord.py keeps it

    bot._connection.parsers["MESSAGE_CREATE"] = message_created

    async def on_raw_message_delete(event: discord.RawMessageDeleteEvent) -> None:
        deleted(bot, event.channel_id, {event.message_id})

    async def on_raw_bulk_message_delete(event: discord.RawBulkMessageDeleteEvent) -> None:
        deleted(bot, event.channel_id, event.message_ids)

    async def on_ready() -> None:
        _newest.pop(bot, None)

    for listener in (on_raw_message_delete, on_raw_bulk_message_delete, on_ready):
        bot.add_listener(listener)


async def is_newest(bot: ChaosTable, channel_id: int, message_id: int) -> bool:
    """Whether nothing was posted below the message (ephemeral replies don't count, as in Discord)."""
    if channel_id not in _newest.get(bot, {}):
        last = getattr(await bot.fetch_channel(channel_id), "last_message_id", None)
        if last is None:
            return False
        posted(bot, channel_id, last)
    return _newest[bot].get(channel_id) == message_id


def known_lines(bot: ChaosTable, message_id: int, message: discord.Message | None = None) -> str | None:
    """The lines the message shows: from the clicked message itself, or as the bot last sent them (None when
    unknown, after a restart)."""
    if message is not None and message.id == message_id and not message.flags.ephemeral:
        return message.content
    return _lines.get(bot, {}).get(message_id)


async def retire(bot: ChaosTable, channel_id: int, message_id: int, keep: Literal["lines", "embed"] | None) -> None:
    """An old panel keeps its lines of what happened (and any picture) and loses its embed and buttons, or keeps its
    embed and loses only its buttons, or (keeping nothing) is deleted."""
    _lines.get(bot, {}).pop(message_id, None)
    try:
        if keep is None:
            await bot.http.delete_message(channel_id, message_id)
        elif keep == "lines":
            await edit_message(bot, channel_id, message_id, embeds=[], view=None)
        else:
            await edit_message(bot, channel_id, message_id, view=None)
    except discord.NotFound:
        pass  # deleted by someone: nothing left to retire
    except discord.HTTPException:
        log.warning("could not retire the panel %s in channel %s", message_id, channel_id, exc_info=True)


class LivePanel:
    """The live panel of one kind of game, by its role in game_messages."""

    def __init__(self, role: str, bare_role: str | None = None) -> None:
        self.role, self.bare_role = role, bare_role or f"{role}-bare"

    async def find(self, bot: ChaosTable, game_id: int) -> tuple[int | None, bool]:
        """The live panel's message id, and whether it has lines of what happened."""
        message_id = await find_message(bot.db, game_id, self.role)
        return message_id, await find_message(bot.db, game_id, self.bare_role) != message_id

    async def remember(self, bot: ChaosTable, game_id: int, channel_id: int, message_id: int, lines: str) -> None:
        await remember_message(bot.db, game_id, self.role, channel_id, message_id)
        await remember_message(bot.db, game_id, self.bare_role, channel_id, 0 if lines else message_id)
        _lines.setdefault(bot, {})[message_id] = lines
        posted(bot, channel_id, message_id)

    async def editable(self, bot: ChaosTable, game_id: int, channel_id: int,
                       message: discord.Message | None = None) -> tuple[int, str] | None:
        """The live panel and its lines, when a move may edit it in place: it is still the channel's newest message
        and its lines are known."""
        message_id = (await self.find(bot, game_id))[0]
        if message_id is None:
            return None
        lines = known_lines(bot, message_id, message)
        if lines is None or not await is_newest(bot, channel_id, message_id):
            return None
        return message_id, lines

    async def moved(self, bot: ChaosTable, game_id: int, channel_id: int, message_id: int,
                    lines: str) -> tuple[int, bool] | None:
        """`message_id` (with `lines`) is the live panel now. Returns the one it replaced and whether that one had
        lines, for the caller to retire."""
        old, old_lines = await self.find(bot, game_id)
        await self.remember(bot, game_id, channel_id, message_id, lines)
        return (old, old_lines) if old is not None and old != message_id else None


async def edit(bot: ChaosTable, interaction: Interaction | None, channel_id: int, message_id: int,
               message: dict[str, Any]) -> bool:
    """Edit the panel: as the answer to a click on it, or by id through the channel. False when it is gone."""
    if interaction is not None and interaction.message is not None and interaction.message.id == message_id \
            and not interaction.response.is_done():
        await interaction.response.edit_message(**message)
        return True
    try:
        await edit_message(bot, channel_id, message_id, **message)
    except discord.NotFound:  # deleted by someone: the panel is posted again
        return False
    return True
