"""Who may do what: players act in their game; the host and Manage Channel members manage it."""

from __future__ import annotations

from collections.abc import Iterable

import discord

from engine.errors import GameError, NotAllowed, NotSeated


def require_channel(interaction: discord.Interaction) -> int:
    """The id of the channel the interaction came from (Discord sends one with every command and component)."""
    if interaction.channel_id is None:
        raise GameError("That only works in a channel.", "Run it in the channel where you play.", code="no_channel")
    return interaction.channel_id


def can_manage(interaction: discord.Interaction, host_id: int | None) -> bool:
    if host_id is not None and interaction.user.id == host_id:
        return True
    return isinstance(interaction.user, discord.Member) and interaction.permissions.manage_channels


def require_manager(interaction: discord.Interaction, host_id: int | None, action: str) -> None:
    if not can_manage(interaction, host_id):
        host = f"the host (<@{host_id}>)" if host_id is not None else "the host"
        raise NotAllowed(f"Only {host} or someone with Manage Channel can {action}.",
                         "Ask them to do it for you.")


def require_self_or_manager(interaction: discord.Interaction, host_id: int | None, player: int, action: str) -> None:
    """Acting on someone's behalf (their points, their riichi): for that player, the host or Manage Channel."""
    if player != interaction.user.id and not can_manage(interaction, host_id):
        host = f"the host (<@{host_id}>)" if host_id is not None else "the host"
        raise NotAllowed(f"Only <@{player}>, {host} or someone with Manage Channel can {action}.",
                         "Leave out `player:` to act for yourself, or ask them to do it.")


def require_seated(interaction: discord.Interaction, players: Iterable[int]) -> None:
    if interaction.user.id not in set(players):
        raise NotSeated("You are not seated in this game.",
                        "Only the players at the table can act; watch along or ask the host to start a game with you.")


def author_or_manager(interaction: discord.Interaction, host_id: int | None, action: str):
    """An undo check: whoever made the entry may take it back; anyone else must be allowed to manage the game."""

    def check(entry) -> None:
        if entry.actor_id != interaction.user.id:
            require_manager(interaction, host_id, action)

    return check
