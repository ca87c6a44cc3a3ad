"""Editing the bot's own messages by id, without reading the edited message back.

`discord.PartialMessage.edit` builds a whole `discord.Message` from Discord's answer (embeds, components, author,
mentions), about a tenth of a millisecond of the event loop a time; the bot edits old boards and panels by the
thousand and never looks at the answer (issue 19). This sends the same request (discord.py builds its parameters)
and keeps discord.py's bookkeeping for a view with items to dispatch; the bot's views are all dynamic items, which
need none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord.http import handle_message_parameters

if TYPE_CHECKING:
    from bot import ChaosTable


async def edit_message(bot: ChaosTable, channel_id: int, message_id: int, **fields: Any) -> None:
    """PATCH the message with `fields` (content, embed(s), attachments, view, allowed_mentions: as for
    `Message.edit`). Raises what `Message.edit` raises (`discord.NotFound` when it is gone)."""
    state = bot._connection
    view = fields.get("view", discord.utils.MISSING)
    if view is not discord.utils.MISSING:
        state.prevent_view_updates_for(message_id)
    if "content" in fields:
        fields["previous_allowed_mentions"] = state.allowed_mentions
    with handle_message_parameters(**fields) as params:
        await bot.http.edit_message(channel_id, message_id, params=params)
    if view and not view.is_finished() and view.is_dispatchable():
        state.store_view(view, message_id)
