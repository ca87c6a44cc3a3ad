"""Whom a message notifies. The bot pings nobody by default (bot.py); a message that asks someone to act pings
them alone, and every other `<@…>` in it shows the name without a notification. Only a new message notifies:
an edit never does, whatever it names."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord

from render.common import mention
from ui.live_panel import CONTENT_LIMIT


def ping(*user_ids: int | None) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(uid) for uid in dict.fromkeys(user_ids) if uid is not None])


def calling(message: dict[str, Any], awaited: Iterable[int]) -> dict[str, Any]:
    """A new panel (keyword arguments of a send) with a bell line naming `awaited` below its content, pinging them
    alone: a mention in an embed never notifies. Keep the content without the bell: the next edit drops it."""
    awaited = list(dict.fromkeys(awaited))
    bell = "🔔 " + " ".join(mention(p) for p in awaited)
    content = message.get("content") or ""
    if not awaited or len(content) + len(bell) >= CONTENT_LIMIT:
        return dict(message, allowed_mentions=ping())
    return dict(message, content=f"{content}\n{bell}".strip(), allowed_mentions=ping(*awaited))
