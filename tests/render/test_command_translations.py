"""Every slash-command string has a Japanese translation Discord accepts (issue 21).

The strings are read from the bot's own command tree, as `tools/messages.py` reads them, and translated as
discord.py asks `render.i18n.CommandTranslator` for them at sync. Discord refuses the whole sync if one localized
name breaks its rules (1-32 letters, digits, `-` or `_`, lowercase; unique among a command's subcommands or
options) or a description or choice name is over 100 characters, so each rule is checked here for every string.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import discord
import pytest
from discord import app_commands

from render import i18n
from tests.fake_discord.limits import localized_name_problem as name_problem
from tools.messages import bot_tree, command_messages

LANGUAGE = "ja"
LOCALE = discord.Locale.japanese
NAME_LENGTH = 32
TEXT_LENGTH = 100
Node = app_commands.Command[Any, Any, Any] | app_commands.Group


@pytest.fixture(scope="module")
def tree() -> app_commands.CommandTree:
    return asyncio.run(bot_tree())


def translated(context: str, text: str) -> str:
    """What the player with a Japanese client sees (the English when the catalogue has no translation)."""
    return i18n.translations(LANGUAGE).pgettext(context, text)


def nodes(tree: app_commands.CommandTree) -> list[Node]:
    found: list[Node] = []

    def walk(node: Node) -> None:
        found.append(node)
        if isinstance(node, app_commands.Group):
            for child in node.commands:
                walk(child)

    for command in tree.get_commands():
        walk(command)
    return found


def test_every_command_string_has_a_translation(tree):
    catalogue = i18n.merged_catalogue(LANGUAGE)
    missing = sorted({f"{where}: {context} {text!r}" for context, text, where in command_messages(tree)
                      if text and not getattr(catalogue.get(text, context), "string", None)})
    assert not missing, "no Japanese for:\n" + "\n".join(missing)


def test_translated_names_follow_discords_rules(tree):
    problems = []
    for context, text, where in command_messages(tree):
        if context in ("command name", "option name") and (problem := name_problem(translated(context, text))):
            problems.append(f"{where} {text!r} -> {translated(context, text)!r}: {problem}")
    assert not problems, "\n".join(problems)


def test_translated_descriptions_and_choices_fit(tree):
    problems = []
    for context, text, where in command_messages(tree):
        if context in ("command description", "option description", "choice"):
            shown = translated(context, text)
            if not 1 <= len(shown) <= TEXT_LENGTH:
                problems.append(f"{where} {context} {text!r}: {len(shown)} characters (1-{TEXT_LENGTH})")
    assert not problems, "\n".join(problems)


def test_translated_names_are_unique_among_siblings(tree):
    def clashes(context: str, names: list[str], where: str) -> list[str]:
        shown = Counter(translated(context, name) for name in names)
        return [f"{where}: {name!r} given to {count}" for name, count in shown.items() if count > 1]

    problems = clashes("command name", [c.name for c in tree.get_commands()], "top-level commands")
    for node in nodes(tree):
        where = f"/{node.qualified_name}"
        if isinstance(node, app_commands.Group):
            problems += clashes("command name", [c.name for c in node.commands], f"{where} subcommands")
            continue
        problems += clashes("option name", [p.name for p in node.parameters], f"{where} options")
        for param in node.parameters:
            problems += clashes("choice", [c.name for c in param.choices], f"{where} {param.name} choices")
    assert not problems, "\n".join(problems)


async def test_the_translator_answers_for_japanese_clients_only():
    translator = i18n.CommandTranslator()
    context = app_commands.TranslationContext(location=app_commands.TranslationContextLocation.command_name,
                                              data=None)
    table = app_commands.locale_str("table")
    assert await translator.translate(table, LOCALE, context) == translated("command name", "table") != "table"
    assert await translator.translate(table, discord.Locale.american_english, context) is None


@pytest.mark.parametrize(("name", "problem"), [
    ("卓", None), ("end-effect", None), ("first_hand_draw", None), ("ハイパー枚数", None), ("和了者2", None),
    ("", "characters"), ("x" * 33, "characters"), ("効果 終了", "only letters"), ("金・銀", "only letters"),
    ("リーチ！", "only letters"), ("Table", "lowercase"),
])
def test_the_name_rule_itself(name, problem):
    found = name_problem(name)
    assert (found is None) if problem is None else (found is not None and problem in found)
