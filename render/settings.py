"""The words of /settings (issue 21): a server's and a channel's settings, presets of the games' options, and the
line a game's start shows about the house rules in force."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from render.common import COLOUR_INFO, COLOUR_OK
from render.i18n import N_, _, command_words, p_

GAME_NAMES = {"table": N_("Mahjong table"), "cosmic": N_("Cosmic Deck"), "chaosjan": N_("CHAOS;JAN"),
              "uno": N_("Uno"), "ginjontan": N_("Gin-jon-tan"), "chroma": N_("Chroma-jong")}
LANGUAGE_NAMES = {"en": "English", "ja": "日本語"}  # each in its own language
FIELD_LIMIT = 1024
Choices = Mapping[str, Mapping[Any, str]]  # {option: {value: its choice's name}}


def game_name(game: str) -> str:
    return _(GAME_NAMES[game])


def where(scope: str) -> str:
    return _("this channel") if scope == "channel" else _("this server")


def value_words(option: str, value: Any, choices: Choices) -> str:
    """An option's value as the command offers it: a choice by its name, a switch on or off, a number as written."""
    if isinstance(value, bool):
        return p_("house rules", "on") if value else p_("house rules", "off")
    named = choices.get(option, {}).get(value)
    if named is not None:
        return p_("choice", named)
    return f"{value:,}" if isinstance(value, int) else str(value)


def options_words(options: Mapping[str, Any], choices: Choices) -> str:
    """`option`: value · ... (the options' names as the player's Discord shows them)."""
    if not options:
        return _("none: the game's own rules")
    return " · ".join(f"`{p_('option name', option)}`: {value_words(option, value, choices)}"
                      for option, value in options.items())


def start_line(game: str, preset: str | None, scope: str | None, used: Mapping[str, Any],
               overridden: tuple[str, ...], missing: bool, choices: Choices) -> str | None:
    """What a game's start says about the house rules it starts with (None: no default preset here)."""
    if preset is None or scope is None:
        return None
    if missing:
        return _("📜 The default preset **{preset}** ({where}) no longer exists: the game's own rules apply.",
                 preset=preset, where=where(scope))
    line = _("📜 House rules: the preset **{preset}** ({where}): {options}.", preset=preset, where=where(scope),
             options=options_words(used, choices))
    if overridden:
        line += " " + _("Given with the command instead: {options}.",
                        options=", ".join(f"`{p_('option name', option)}`" for option in overridden))
    return line


def preset_embed(game: str, name: str, options: Mapping[str, Any], choices: Choices, *,
                 title: str | None = None) -> discord.Embed:
    return discord.Embed(title=(title or _("Preset {name} · {game}", name=name, game=game_name(game)))[:256],
                         description=options_words(options, choices)[:4096], colour=COLOUR_INFO)


def saved_title(game: str, name: str, replaced: bool) -> str:
    if replaced:
        return _("Preset {name} · {game} replaced", name=name, game=game_name(game))
    return _("Preset {name} · {game} saved", name=name, game=game_name(game))


def saved_note(running: bool) -> str:
    note = _("A game started afterwards with this preset as its default takes these options (those given with the "
             "command win).")
    if running:
        note += " " + _("Games running now keep the options they started with.")
    return note


def presets_embed(presets: list[tuple[str, str, Mapping[str, Any]]], choices: Mapping[str, Choices],
                  game: str | None) -> discord.Embed:
    """The server's presets: (game, name, options) each."""
    title = _("This server's presets") if game is None else \
        _("This server's presets · {game}", game=game_name(game))
    embed = discord.Embed(title=title, colour=COLOUR_INFO)
    if not presets:
        embed.description = _("None yet: save one with {command} and the game's options.",
                              command=command_words(("settings preset", "")))
        return embed
    for shown, (kind, name, options) in enumerate(presets):
        if shown == 25:
            embed.set_footer(text=_("And {count} more: name a game to see only its presets.",
                                    count=len(presets) - 25))
            break
        embed.add_field(name=f"{game_name(kind)} · {name}"[:256],
                        value=options_words(options, choices.get(kind, {}))[:FIELD_LIMIT], inline=False)
    return embed


def settings_embed(*, language: tuple[str, str] | None, role: int | None,
                   defaults: Sequence[tuple[str, str, str, bool]], presets: Mapping[str, list[str]]) -> discord.Embed:
    """Everything in force here: the language (value, where), the manager role, each game's default preset
    (game, preset, where, whether the server still has it) and the server's presets by game."""
    embed = discord.Embed(title=_("Settings in force here"), colour=COLOUR_INFO)
    embed.add_field(name=_("Language"), inline=False, value=_("{language} ({where})", language=LANGUAGE_NAMES.get(
        language[0], language[0]), where=where(language[1])) if language else
        _("Each player's own (their Discord language)"))
    embed.add_field(name=_("Manager role"), inline=False, value=_("<@&{role}>, and Manage Server", role=role)
                    if role is not None else _("None: only members with Manage Server manage the server's settings"))
    lines = []
    for game, preset, scope, known in defaults:
        line = _("{game}: **{preset}** ({where})", game=game_name(game), preset=preset, where=where(scope))
        lines.append(line if known else line + " " + _("(deleted: the game's own rules apply)"))
    embed.add_field(name=_("Default presets"), inline=False,
                    value="\n".join(lines)[:FIELD_LIMIT] or _("None: each game starts with its own rules"))
    listed = [_("{game}: {names}", game=game_name(game), names=", ".join(names)) for game, names in presets.items()]
    embed.add_field(name=_("Presets"), inline=False,
                    value="\n".join(listed)[:FIELD_LIMIT] or _("None yet"))
    return embed


def changed_embed(text: str) -> discord.Embed:
    return discord.Embed(description=text[:4096], colour=COLOUR_OK)


def language_set(language: str | None, scope: str) -> str:
    if language is None:
        return _("Each player now reads the bot in their own Discord language in {where}.", where=where(scope))
    return _("The bot now speaks {language} in {where}, whatever the players' own language.",
             language=LANGUAGE_NAMES.get(language, language), where=where(scope))


def role_set(role: int | None) -> str:
    if role is None:
        return _("No manager role: only members with Manage Server manage the server's settings, decks and seasons.")
    return _("Members with <@&{role}> may now manage the server's settings, decks and seasons, as Manage Server "
             "allows.", role=role)


def default_set(game: str, preset: str | None, scope: str) -> str:
    if preset is None:
        return _("{game} in {where} starts with its own rules again (no default preset).", game=game_name(game),
                 where=where(scope))
    return _("{game} in {where} now starts with the preset **{preset}** for every option not given with the "
             "command. Games running now keep their options.", game=game_name(game), where=where(scope),
             preset=preset)


def deleted(game: str, name: str) -> str:
    return _("Preset **{name}** · {game} deleted. Where it was the default, the game starts with its own rules; "
             "games running now keep their options.", name=name, game=game_name(game))
