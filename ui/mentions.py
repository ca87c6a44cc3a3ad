"""Whom a message notifies. The bot pings nobody by default (bot.py); a message that asks someone to act pings
them alone, and every other `<@…>` in it shows the name without a notification."""
from __future__ import annotations

import discord


def ping(*user_ids: int | None) -> discord.AllowedMentions:
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False,
                                   users=[discord.Object(uid) for uid in dict.fromkeys(user_ids) if uid is not None])
