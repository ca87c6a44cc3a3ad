"""Words in the player's language (issue 21): English, the language the code is written in, and Japanese.

Every text the bot sends goes through `_` (or `n_` for counts): its English source is the key, looked up in the
message catalogues of the language in force, then its `{named}` parts filled in. Catalogues are gettext `.po` files
under `data/locales/<language>/`, read with Babel when first needed (several files a language, one for each part
of the bot, merged); a text a catalogue lacks comes out in English, and `tests/render/test_i18n.py` fails on any such
text. A constant defined at import time is marked with `N_` and translated where it is used: `_(CONSTANT)`.

The language in force is a context variable, set for each interaction from the player's client language
(`interaction.locale`), or the channel's language when `/settings` gave it one (`speaking`). Slash commands
(names, descriptions, options and choices) are translated by `CommandTranslator`, discord.py's
`app_commands.Translator`, from the same catalogues, each kind of string in a context of its own (`msgctxt`).
"""

from __future__ import annotations

import contextlib
import gettext
import io
import logging
import re
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any

import discord
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from discord import app_commands

from engine.errors import GameError
from engine.text import Ref

log = logging.getLogger(__name__)

SOURCE = "en"  # the language of the code's own texts
LANGUAGES = ("en", "ja")
LOCALES_DIR = Path(__file__).resolve().parents[1] / "data" / "locales"
PLACEHOLDER = re.compile(r"\{(\w+)(?:[:!][^{}]*)?\}")

LANGUAGE: ContextVar[str] = ContextVar("chaostable_language", default=SOURCE)


def language_of(locale: str | discord.Locale | None) -> str:
    """The language the bot speaks to a Discord locale (`ja`, `en-US`, ...): one it has, else English."""
    code = str(locale.value if isinstance(locale, discord.Locale) else locale or "").split("-")[0].lower()
    return code if code in LANGUAGES else SOURCE


def current() -> str:
    return LANGUAGE.get()


@contextlib.contextmanager
def speaking(language: str | discord.Locale | None) -> Iterator[str]:
    """Texts made inside are in `language` (a language or a Discord locale)."""
    chosen = language if isinstance(language, str) and language in LANGUAGES else language_of(language)
    token = LANGUAGE.set(chosen)
    try:
        yield chosen
    finally:
        LANGUAGE.reset(token)


def set_language(language: str | discord.Locale | None) -> None:
    """For the rest of this task (and the tasks it starts): texts in `language`."""
    LANGUAGE.set(language if isinstance(language, str) and language in LANGUAGES else language_of(language))


# -- catalogues -----------------------------------------------------------------------------------------------------

def catalogue_files(language: str) -> list[Path]:
    return sorted((LOCALES_DIR / language).glob("*.po"))


def merged_catalogue(language: str) -> Catalog:
    """Every `.po` file of the language, as one catalogue (a text two files translate differently is an error)."""
    merged = Catalog(locale=language, domain="chaostable")
    for path in catalogue_files(language):
        with path.open("rb") as file:
            part = read_po(file, locale=language)
        for message in part:
            if not message.id:
                continue
            known = merged.get(message.id, message.context)
            if known is not None and known.string != message.string:
                raise ValueError(f"{path.name}: {message.id!r} translated differently in two catalogues")
            merged[message.id] = message
    return merged


@lru_cache(maxsize=len(LANGUAGES))
def translations(language: str) -> gettext.NullTranslations:
    if language == SOURCE:
        return gettext.NullTranslations()
    buffer = io.BytesIO()
    write_mo(buffer, merged_catalogue(language), use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


# -- translating ----------------------------------------------------------------------------------------------------

def N_(message: str) -> str:
    """Marks a text for the catalogues without translating it now (a constant): translate it with `_` when used."""
    return message


def _(message: str, /, **params: Any) -> str:
    """`message` in the language in force, its `{named}` parts filled from `params`."""
    text = message if current() == SOURCE else translations(current()).gettext(message)
    return text.format(**params) if params else text


def n_(singular: str, plural: str, count: int, /, **params: Any) -> str:
    """The form for `count` (`{count}` is filled in too)."""
    text = (singular if count == 1 else plural) if current() == SOURCE else \
        translations(current()).ngettext(singular, plural, count)
    return text.format(count=count, **params)


def p_(context: str, message: str, /, **params: Any) -> str:
    """`message` as used in `context` (a word that is translated differently in different places)."""
    text = message if current() == SOURCE else translations(current()).pgettext(context, message)
    return text.format(**params) if params else text


# -- what the engines name (engine.text.Ref) ------------------------------------------------------------------------

_WORDS: dict[str, Callable[[Any], str]] = {}


def register_word(kind: str, fn: Callable[[Any], str]) -> None:
    """How render/ words a `Ref` of this kind (a game's card, ...) in the language in force."""
    _WORDS[kind] = fn


def word(value: Any) -> Any:
    """A value for a sentence: a `Ref` in the language in force (its English form if no one words its kind)."""
    if isinstance(value, Ref):
        fn = _WORDS.get(value.kind)
        return fn(value.value) if fn is not None else value.english
    return value


def said(template: str | None, params: dict[str, Any]) -> str | None:
    """An engine's sentence (a refusal, an event's line) in the language in force."""
    return None if template is None else _(template, **{k: word(v) for k, v in params.items()})


def refusal(error: GameError) -> tuple[str, str | None]:
    """A refusal's (message, hint) in the language in force."""
    return said(error.template, error.params) or "", said(error.hint_template, error.params)


def command_words(value: tuple[str, str]) -> str:
    """`/table start` with the names of the language in force (options as `name:value`, names translated)."""
    path, options = value
    names = " ".join(p_("command name", part) for part in path.split())
    shown = " ".join(_option_words(part) for part in options.split()) if options else ""
    return f"`/{names}{' ' + shown if shown else ''}`"


def _option_words(part: str) -> str:
    name, colon, rest = part.partition(":")
    return f"{p_('option name', name)}{colon}{rest}" if colon else part


register_word("player", lambda user_id: f"<@{user_id}>")
register_word("command", command_words)


# -- slash commands -------------------------------------------------------------------------------------------------

COMMAND_CONTEXTS = {  # the msgctxt of each kind of command string
    app_commands.TranslationContextLocation.command_name: "command name",
    app_commands.TranslationContextLocation.group_name: "command name",
    app_commands.TranslationContextLocation.command_description: "command description",
    app_commands.TranslationContextLocation.group_description: "command description",
    app_commands.TranslationContextLocation.parameter_name: "option name",
    app_commands.TranslationContextLocation.parameter_description: "option description",
    app_commands.TranslationContextLocation.choice_name: "choice",
}


class CommandTranslator(app_commands.Translator):
    """discord.py asks it for each command string in each language Discord has; it answers from the catalogues."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        language = language_of(locale)
        if language == SOURCE or locale.value.split("-")[0].lower() != language:
            return None
        msgctxt = COMMAND_CONTEXTS.get(context.location)
        if msgctxt is None:
            return None
        text = translations(language).pgettext(msgctxt, string.message)
        return None if text == string.message else text
