"""A game in its own thread: `thread: true` on a game's `new` opens a public thread under the channel, and the
game lives there (its channel id is the thread's), so the log stays out of the channel's way."""

from __future__ import annotations

from typing import Literal

import discord

from engine.errors import GameError

THREAD_ARCHIVE_MINUTES: Literal[1440] = 1440  # a quiet day hides the thread; a message brings it back


async def open_thread(interaction: discord.Interaction, name: str) -> discord.Thread:
    """A new public thread under the interaction's channel, named `name` (cut to Discord's 100 characters)."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        raise GameError("This is already a thread.", "Leave out `thread:` to play here, or run it in the channel.",
                        code="thread_in_thread")
    if not isinstance(channel, discord.TextChannel):
        raise GameError("I can only open a thread in a text channel.", "Leave out `thread:` to play here.",
                        code="no_thread_channel")
    permissions = channel.permissions_for(channel.guild.me) if channel.guild.me else None
    if permissions is not None and not (permissions.create_public_threads and permissions.send_messages_in_threads):
        raise GameError("I'm not allowed to open threads here.",
                        "Give me Create Public Threads and Send Messages in Threads, or leave out `thread:`.",
                        code="no_thread_permission")
    return await channel.create_thread(name=name[:100] or "Game", type=discord.ChannelType.public_thread,
                                       auto_archive_duration=THREAD_ARCHIVE_MINUTES)
