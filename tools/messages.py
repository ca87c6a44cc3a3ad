"""The texts the bot can send, for the translators (issue 21): `.venv/bin/python tools/messages.py`.

Collects every text marked in the code (`_`, `n_`, `p_`, `N_`; render/i18n.py) with Babel's extractor, and every
slash-command string (command, option and choice names and descriptions) from the bot's own command tree, into
`data/locales/chaostable.pot`; then lists, for each language, the texts its catalogues lack. `--check` exits 1 if
any is missing (tests/render/test_i18n.py runs the same check). A translator adds the missing texts to one of the
language's `.po` files under `data/locales/<language>/` (the files are split by part of the bot only to keep them
readable; they are merged when loaded).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.pofile import write_po  # noqa: E402
from discord import app_commands  # noqa: E402

from render import i18n  # noqa: E402

SOURCES = ("engine", "render", "ui", "cogs", "bot.py", "storage")
KEYWORDS = {"_": None, "N_": None, "n_": (1, 2), "p_": ((1, "c"), 2)}
POT = i18n.LOCALES_DIR / "chaostable.pot"


def code_messages() -> Iterable[tuple[str | None, str | tuple[str, str], str]]:
    """(context, id or (singular, plural), where) of every text marked in the code."""
    method_map = [("**.py", "python")]
    for folder in SOURCES:
        path = ROOT / folder
        if path.is_file():
            with path.open("rb") as file:
                from babel.messages.extract import extract

                for line, message, _comments, context in extract("python", file, keywords=KEYWORDS):
                    yield context, message, f"{folder}:{line}"
            continue
        for filename, line, message, _comments, context in extract_from_dir(
                path, method_map, keywords=KEYWORDS):
            yield context, message, f"{folder}/{filename}:{line}"


def command_messages(tree: app_commands.CommandTree) -> Iterable[tuple[str, str, str]]:
    """(msgctxt, text, where) of every command string discord.py asks the translator for."""
    def strings(command: app_commands.Command[Any, Any, Any] | app_commands.Group) -> Iterable[tuple[str, str, str]]:
        where = f"/{command.qualified_name}"
        yield "command name", command.name, where
        yield "command description", command.description, where
        if isinstance(command, app_commands.Group):
            for sub in command.commands:
                yield from strings(sub)
            return
        for param in command.parameters:
            yield "option name", param.name, f"{where} {param.name}"
            yield "option description", param.description, f"{where} {param.name}"
            for choice in param.choices:
                yield "choice", choice.name, f"{where} {param.name}"

    for command in tree.get_commands():
        yield from strings(command)


async def bot_tree() -> app_commands.CommandTree:
    from bot import create_bot
    from settings import Settings

    bot = create_bot(Settings(token=None, database_path=None, dev_guild_id=None, log_level="WARNING"))
    for name in bot.extension_names:
        await bot.load_extension(name)
    return bot.tree


def template(tree: app_commands.CommandTree) -> Catalog:
    catalog = Catalog(domain="chaostable", project="Chaos Table")
    for context, message, where in code_messages():
        catalog.add(message, locations=[(where.split(":")[0], int(where.split(":")[1]))], context=context)
    for context, message, where in command_messages(tree):
        if message and message != "…":
            catalog.add(message, auto_comments=[where], context=context)
    return catalog


def missing(catalog: Catalog, language: str) -> list[str]:
    """The texts of `catalog` the language's catalogues lack (untranslated, or without a translation at all)."""
    have = i18n.merged_catalogue(language)
    found = []
    for message in catalog:
        if not message.id:
            continue
        known = have.get(message.id, message.context)
        strings = known.string if known is not None else None
        if not strings or (isinstance(strings, tuple) and not all(strings)):
            found.append(f"{message.context or ''}|{message.id}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a language lacks a text")
    args = parser.parse_args()
    catalog = template(asyncio.run(bot_tree()))
    if not args.check:
        buffer = io.BytesIO()
        write_po(buffer, catalog, width=120, sort_output=True, omit_header=False)
        POT.write_bytes(buffer.getvalue())
        print(f"{len(catalog)} texts in {POT.relative_to(ROOT)}")
    gaps = 0
    for language in i18n.LANGUAGES:
        if language == i18n.SOURCE:
            continue
        lacking = missing(catalog, language)
        gaps += len(lacking)
        print(f"{language}: {len(catalog) - len(lacking)} of {len(catalog)} translated")
        for text in lacking[:50]:
            print(f"  missing: {text}")
    return 1 if args.check and gaps else 0


if __name__ == "__main__":
    sys.exit(main())
