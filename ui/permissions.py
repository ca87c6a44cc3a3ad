"""Who may do what: players act in their game; the host and Manage Channel members manage it.

A refusal names what was refused (`action`, "end this table") inside its English sentence, which is the template:
`Only {host} or someone with Manage Channel can end this table.` The caller marks that whole sentence with `N_`
beside the call (as ui/deck_library.py does for `require_server_manager`), so that its catalogue translates it;
`{host}` and `{player}` are filled by render/ (render/common.py words a `host`).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from engine.errors import GameError, IllegalMove, NotAllowed, NotSeated
from engine.text import N_, Ref, command
from engine.text import player as player_ref
from storage.preferences import MANAGER_ROLE_KEY

NO_CHANNEL = N_("That only works in a channel.")
IN_YOUR_CHANNEL = N_("Run it in the channel where you play.")


def require_channel(interaction: discord.Interaction) -> int:
    """The id of the channel the interaction came from (Discord sends one with every command and component)."""
    if interaction.channel_id is None:
        raise GameError(NO_CHANNEL, IN_YOUR_CHANNEL, code="no_channel")
    return interaction.channel_id


def channel_to_post(interaction: discord.Interaction) -> discord.abc.Messageable:
    """The channel the interaction came from, to post a public message in."""
    channel = interaction.channel
    if not isinstance(channel, discord.abc.Messageable):
        raise GameError(NO_CHANNEL, IN_YOUR_CHANNEL, code="no_channel")
    return channel


def can_manage(interaction: discord.Interaction, host_id: int | None) -> bool:
    if host_id is not None and interaction.user.id == host_id:
        return True
    return isinstance(interaction.user, discord.Member) and interaction.permissions.manage_channels


def host(host_id: int | None) -> Ref:
    """The game's host, as a refusal names them ("the host (<@1>)"); render/common.py words it."""
    return Ref("host", host_id, f"the host (<@{host_id}>)" if host_id is not None else "the host")


def option(name: str) -> Ref:
    """A slash command's option, by its English name: render/common.py gives its name in the player's language."""
    return Ref("option", name, name)


def choices(names: Iterable[str]) -> Ref:
    """A list of an option's choices, by their English names ("`a`, `b`"), worded like `option`."""
    names = tuple(names)
    return Ref("choices", names, ", ".join(f"`{n}`" for n in names))


def action(text: str) -> Ref:
    """What a refusal says one may not do ("end this table"): an English phrase marked with `N_` at the call, which
    render/ gives in the player's language (a catalogue translates it as a phrase that fits the sentence)."""
    return Ref("action", text, text)


def require_manager(interaction: discord.Interaction, host_id: int | None, doing: str) -> None:
    """Only the host or Manage Channel may `doing` (a phrase marked with `N_` at the call: "end this table")."""
    if not can_manage(interaction, host_id):
        raise NotAllowed(N_("Only {host} or someone with Manage Channel can {action}."),
                         N_("Ask them to do it for you."), host=host(host_id), action=action(doing))


def require_self_or_manager(interaction: discord.Interaction, host_id: int | None, player: int,
                            doing: str) -> None:
    """Acting on someone's behalf (their points, their riichi): for that player, the host or Manage Channel."""
    if player != interaction.user.id and not can_manage(interaction, host_id):
        raise NotAllowed(N_("Only {player}, {host} or someone with Manage Channel can {action}."),
                         N_("Leave out `{option}:` to act for yourself, or ask them to do it."),
                         player=player_ref(player), host=host(host_id), option=option("player"),
                         action=action(doing))


def require_seated(interaction: discord.Interaction, players: Iterable[int]) -> None:
    if interaction.user.id not in set(players):
        raise NotSeated(N_("You are not seated in this game."),
                        N_("Only the players at the table can act; watch along or ask the host to start a game with "
                           "you."))


def author_or_manager(interaction: discord.Interaction, host_id: int | None, action: str):
    """An undo check: whoever made the entry may take it back; anyone else must be allowed to manage the game."""

    def check(entry) -> None:
        if entry.actor_id != interaction.user.id:
            require_manager(interaction, host_id, action)

    return check


@dataclass(frozen=True)
class _Bound:
    name: str
    display_name: str
    choices: frozenset[Any] | None
    allowed: tuple[str, ...]
    low: int | float | None
    high: int | float | None


_bounds: weakref.WeakKeyDictionary[app_commands.Command[Any, Any, Any], tuple[_Bound, ...]] = \
    weakref.WeakKeyDictionary()


def _bounds_of(command: app_commands.Command[Any, Any, Any]) -> tuple[_Bound, ...]:
    """The command's declared bounds, worked out once (discord.py builds its parameter list anew each time)."""
    found = _bounds.get(command)
    if found is None:
        found = _bounds[command] = tuple(
            _Bound(p.name, p.display_name, frozenset(c.value for c in p.choices) if p.choices else None,
                   tuple(c.name for c in p.choices), p.min_value, p.max_value)
            for p in command.parameters if p.choices or p.min_value is not None or p.max_value is not None)
    return found


def require_in_bounds(interaction: discord.Interaction) -> None:
    """Every option of a slash command within what the command declares (choices, min and max, lengths).
    Discord's client keeps to them; a modified client need not, so they are checked before the command runs."""
    command = interaction.command
    if interaction.type is not discord.InteractionType.application_command \
            or not isinstance(command, app_commands.Command):
        return
    require_values_in_bounds(command, vars(interaction.namespace))


def require_values_in_bounds(command: app_commands.Command[Any, Any, Any], values: Mapping[str, Any]) -> None:
    """Values of the command's options (by name) within what it declares; a value None or absent is not given."""
    for bound in _bounds_of(command):
        value: Any = values.get(bound.display_name, values.get(bound.name))  # a renamed option: by its new name
        if value is None:
            continue
        if bound.choices is not None and value not in bound.choices:
            raise IllegalMove(N_("`{option}` can't be {value}."), N_("Pick one of {choices}."), code="out_of_bounds",
                              option=option(bound.display_name), value=repr(str(value)[:50]),
                              choices=choices(bound.allowed))
        size = len(value) if isinstance(value, str) else value
        if isinstance(size, bool) or not isinstance(size, int | float):
            continue
        low, high = bound.low, bound.high
        if (low is not None and size < low) or (high is not None and size > high):
            raise IllegalMove(_bounds_template(low, high, characters=isinstance(value, str)),
                              N_("Nothing was changed; try a value in that range."), code="out_of_bounds",
                              option=option(bound.display_name), low=low, high=high)


def _bounds_template(low: int | float | None, high: int | float | None, *, characters: bool) -> str:
    if low is not None and high is not None:
        return N_("`{option}` must be {low:,} to {high:,} characters long.") if characters else \
            N_("`{option}` must be {low:,} to {high:,}.")
    if low is not None:
        return N_("`{option}` must be at least {low:,} characters long.") if characters else \
            N_("`{option}` must be at least {low:,}.")
    return N_("`{option}` must be at most {high:,} characters long.") if characters else \
        N_("`{option}` must be at most {high:,}.")


async def is_server_manager(interaction: discord.Interaction) -> bool:
    """Manage Server, or the role the server named for it (/settings, `manager_role`)."""
    permissions = getattr(interaction, "permissions", None)
    if permissions is not None and permissions.manage_guild:
        return True
    preferences = interaction.client.preferences  # type: ignore[attr-defined]
    role = await preferences.get("server", interaction.guild_id, MANAGER_ROLE_KEY)
    roles = getattr(interaction.user, "roles", ())
    return role is not None and any(r.id == int(role) for r in roles)


async def require_server_manager(interaction: discord.Interaction, action: str) -> None:
    """For what the whole server shares (its decks, seasons, house rules): Manage Server or the managers' role.
    The refusal's sentence, with `action` in it, is translated whole: mark it with `N_` where `action` is defined."""
    if not await is_server_manager(interaction):
        raise NotAllowed(f"Only someone with Manage Server (or the server's manager role) can {action}.",
                         N_("Ask a server manager, or ask them to name your role with {command}."),
                         code="not_server_manager", command=command("settings manager_role"))


async def is_season_manager(interaction: discord.Interaction) -> bool:
    """Manage Channel (or Manage Server), or the role the server named for managing (/settings, `manager_role`)."""
    permissions = getattr(interaction, "permissions", None)
    if permissions is not None and (permissions.manage_channels or permissions.manage_guild):
        return True
    return await is_server_manager(interaction)


async def require_season_manager(interaction: discord.Interaction, doing: str) -> None:
    """A server's seasons (issue 21, item 4: Manage Channel or a configured role): Manage Channel, Manage Server or
    the server's manager role may `doing` (a phrase marked with `N_` at the call: "start a season")."""
    if not await is_season_manager(interaction):
        raise NotAllowed(N_("Only someone with Manage Channel (or the server's manager role) can {action}."),
                         N_("Ask a moderator, or ask a server manager to name your role with {command}."),
                         code="not_season_manager", action=action(doing), command=command("settings manager_role"))
