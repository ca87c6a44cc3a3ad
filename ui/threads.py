"""A game in its own thread: `thread: true` on a game's `new` opens a public thread under the channel, and the
game lives there (its channel id is the thread's), so the log stays out of the channel's way."""

from __future__ import annotations

from typing import Literal

import discord

from engine.errors import GameError
from engine.text import N_
from render.i18n import _
from ui.permissions import option

THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440  # a quiet day hides the thread; a message brings it back


async def open_thread(interaction: discord.Interaction, name: str) -> discord.Thread:
    """A new public thread under the interaction's channel, named `name` (cut to Discord's 100 characters)."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        raise GameError(N_("This is already a thread."),
                        N_("Leave out `{option}:` to play here, or run it in the channel."), code="thread_in_thread",
                        option=option("thread"))
    if not isinstance(channel, discord.TextChannel):
        raise GameError(N_("I can only open a thread in a text channel."), N_("Leave out `{option}:` to play here."),
                        code="no_thread_channel", option=option("thread"))
    permissions = channel.permissions_for(channel.guild.me) if channel.guild.me else None
    if permissions is not None and not (permissions.create_public_threads and permissions.send_messages_in_threads):
        raise GameError(N_("I'm not allowed to open threads here."),
                        N_("Give me Create Public Threads and Send Messages in Threads, or leave out `{option}:`."),
                        code="no_thread_permission", option=option("thread"))
    return await channel.create_thread(name=name[:100] or _("Game"), type=discord.ChannelType.public_thread,
                                       auto_archive_duration=THREAD_ARCHIVE_MINUTES)
