"""The message catalogues are complete and sound (issue 21, item 6; render/i18n.py names this test).

- Every text the bot can send (the texts marked in the code and every slash-command string: `tools/messages.py`)
  has its Japanese: the same check as `tools/messages.py --check`.
- A translation keeps the `{placeholders}` of its English (names, conversions and format specs), and its Markdown
  (backticks, `**`).
- Every `.po` file reads without error, says it is Japanese in UTF-8 with one plural form, and no text is
  translated in two files (or twice in one).
- A Japanese text fits the Discord limits its English fits.
- A player with a Japanese client is answered in Japanese, through the fake Discord.
"""

from __future__ import annotations

import asyncio
import re
from collections import Counter
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from render import i18n
from tools import messages

LANGUAGE = "ja"
FIELD = re.compile(r"\{\{|\}\}|\{[^{}]*\}")  # a replacement field of str.format, or an escaped brace
# Discord's limits, smallest first: a modal title, a button label, a select option or a command description, a
# menu's placeholder, an embed title, a field value, a message, an embed description.
LIMITS = (45, 80, 100, 150, 256, 1024, 2000, 4096)


@pytest.fixture(scope="module")
def template() -> Catalog:
    return messages.template(asyncio.run(messages.bot_tree()))


@pytest.fixture(scope="module")
def japanese() -> Catalog:
    return i18n.merged_catalogue(LANGUAGE)


def fields(text: str) -> Counter[str]:
    return Counter(f for f in FIELD.findall(text) if f not in ("{{", "}}"))


def forms(message: Message) -> list[tuple[str, str]]:
    """(English, Japanese) of each form of a message: the Japanese plural form answers the English plural."""
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return [(ids[-1], string) for string in strings if string]


def translated(japanese: Catalog) -> list[Message]:
    return [m for m in japanese if m.id and m.string]


def test_every_text_of_the_bot_has_its_japanese(template, japanese):
    """As `tools/messages.py --check`: a text missing here comes out in English to a Japanese player."""
    assert len(template) > 500, "the texts were not found"
    lacking = messages.missing(template, LANGUAGE)
    assert not lacking, f"{len(lacking)} texts have no Japanese:\n" + "\n".join(lacking[:200])


def test_a_translation_keeps_the_placeholders_of_its_english(japanese):
    wrong = []
    for message in translated(japanese):
        for english, string in forms(message):
            expected, got = fields(english), fields(string)
            if isinstance(message.id, tuple):  # the one Japanese form may leave out a count the English spells
                expected, got = set(expected), set(got)
            if expected != got:
                wrong.append(f"{message.context or ''}|{english!r} -> {string!r}")
    assert not wrong, "placeholders dropped or invented:\n" + "\n".join(wrong)


def test_a_translation_keeps_the_markdown_of_its_english(japanese):
    wrong = []
    for message in translated(japanese):
        for english, string in forms(message):
            for mark in ("`", "**"):
                if english.count(mark) != string.count(mark):
                    wrong.append(f"{mark} in {english!r} -> {string!r}")
    assert not wrong, "Markdown changed:\n" + "\n".join(wrong)


def test_every_translation_can_be_filled_in(japanese):
    """`str.format` takes the Japanese: no stray brace."""
    wrong = []
    for message in translated(japanese):
        for _english, string in forms(message):
            try:
                list(Formatter().parse(string))
            except ValueError as error:
                wrong.append(f"{string!r}: {error}")
    assert not wrong, "\n".join(wrong)


def po_files() -> list[Path]:
    return i18n.catalogue_files(LANGUAGE)


@pytest.mark.parametrize("path", po_files(), ids=lambda p: p.name)
def test_a_catalogue_file_reads_without_error_and_says_what_it_is(path):
    with path.open("rb") as file:
        catalogue = read_po(file, locale=LANGUAGE, abort_invalid=True)
    raw = path.read_text(encoding="utf-8")
    assert '"Language: ja\\n"' in raw, "no Language: ja in the header"
    assert re.search(r'"Content-Type: text/plain; charset=utf-8\\n"', raw, re.IGNORECASE), "not UTF-8"
    assert '"Plural-Forms: nplurals=1; plural=0;\\n"' in raw, "not one plural form"
    assert len(catalogue) > 0


def entries(path: Path) -> list[tuple[str | None, str]]:
    """(msgctxt, msgid) of every entry of a .po file, as written (a duplicate is seen, not merged as Babel does)."""
    found: list[dict[str, list[str]]] = []
    entry: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        keyword = re.match(r'^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+"(.*)"$', line)
        if keyword:
            key = keyword.group(1)
            if key == "msgctxt" or (key == "msgid" and ("msgid" in entry or "msgstr" in "".join(entry))):
                entry = {}
                found.append(entry)
            elif not found:
                found.append(entry)
            current = entry.setdefault(key, [])
            current.append(keyword.group(2))
        elif line.startswith('"') and current is not None:
            current.append(line[1:-1])
        else:
            current = None
    return [("".join(e["msgctxt"]) if "msgctxt" in e else None, "".join(e["msgid"]))
            for e in found if "".join(e.get("msgid", []))]


def test_no_text_is_translated_twice():
    seen: dict[tuple[str | None, str], str] = {}
    twice = []
    for path in po_files():
        for entry in entries(path):
            if entry in seen:
                twice.append(f"{entry[0] or ''}|{entry[1]!r}: {seen[entry]} and {path.name}")
            seen[entry] = path.name
    assert len(seen) > 100, "the entries were not read"
    assert not twice, "translated twice:\n" + "\n".join(twice)


def test_the_catalogues_merge():
    """Two files translating one text differently would stop the bot's Japanese from loading."""
    i18n.merged_catalogue(LANGUAGE)


def limit_of(text: str) -> int | None:
    return next((limit for limit in LIMITS if len(text) <= limit), None)


def test_a_japanese_text_fits_the_discord_limits_its_english_fits(japanese):
    """Where a text goes is not known here; the smallest of Discord's limits the English fits is the one it may be
    under (a button label, an option, a title...), so the Japanese must fit it too."""
    wrong = []
    for message in translated(japanese):
        for english, string in forms(message):
            limit = limit_of(english)
            if limit is not None and len(string) > limit:
                wrong.append(f"{len(string)} > {limit}: {string!r} (English {len(english)}: {english!r})")
    assert not wrong, "\n".join(wrong)


# -- end to end ------------------------------------------------------------------------------------------------------

def japanese_payload(payload: dict) -> dict:
    return dict(payload, locale="ja", guild_locale="ja")


async def test_a_japanese_player_gets_help_and_refusals_in_japanese(harness):
    ann = harness.user("ann")
    shown = await harness._send(japanese_payload(harness.slash_payload("help", user=ann)))
    assert shown.ephemeral and "卓の共有デッキ" in shown.text and "ゲーム" in shown.text
    menu = next(c for row in shown.message["components"] for c in row["components"])
    assert menu["placeholder"] == "ゲームを選ぶとコマンドが表示されます"
    refused = await harness._send(japanese_payload(harness.slash_payload("uno new", user=ann, seed="not-a-seed")))
    assert refused.ephemeral and "はシードではありません" in refused.text and "新しくランダムに配るなら" in refused.text
    for reply in (shown, refused):
        assert not re.search(r"\{\w+\}", reply.text), reply.text
    english = await harness.slash("uno new", user=ann, seed="not-a-seed")
    assert "isn't a seed" in english.text  # the same refusal to an English client


# -- sentences built from an action (ui/permissions.py) -------------------------------------------------------------

SERVER_TEMPLATE = "Only someone with Manage Server (or the server's manager role) can {action}."
PHRASE_TAKERS = ("require_manager", "require_self_or_manager", "author_or_manager")  # a phrase in a fixed sentence


def manager_refusals() -> tuple[list[tuple[str, str]], list[tuple[str, str]], list[str]]:
    """Every refusal built from what the caller may not do, in cogs/ and ui/: (where, whole English sentence) for
    `require_server_manager` (its sentence is translated whole), (where, phrase) for the others (the sentence
    "Only {host} or someone with Manage Channel can {action}." is translated once, the phrase at the call), and
    the places that pass a phrase not marked with `N_` (which no catalogue would then hold)."""
    import ast

    sentences, phrases, unmarked = [], [], []
    for folder in ("cogs", "ui"):
        for path in sorted((messages.ROOT / folder).glob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            marked = {t.id: node.value.args[0].value for node in tree.body if isinstance(node, ast.Assign)
                      for t in node.targets if isinstance(t, ast.Name) and isinstance(node.value, ast.Call)
                      and getattr(node.value.func, "id", None) == "N_" and node.value.args
                      and isinstance(node.value.args[0], ast.Constant)}
            constants = {t.id: node.value.value for node in tree.body if isinstance(node, ast.Assign)
                         for t in node.targets if isinstance(t, ast.Name)
                         and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)}
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                where = f"{path.relative_to(messages.ROOT)}:{node.lineno}"
                action = node.args[-1]
                if name == "require_server_manager":
                    text = action.value if isinstance(action, ast.Constant) else \
                        constants.get(action.id) if isinstance(action, ast.Name) else None
                    if isinstance(text, str):
                        sentences.append((where, SERVER_TEMPLATE.format(action=text)))
                elif name in PHRASE_TAKERS:
                    if isinstance(action, ast.Call) and getattr(action.func, "id", None) == "N_":
                        phrases.append((where, action.args[0].value))
                    elif isinstance(action, ast.Name) and action.id in marked:
                        phrases.append((where, marked[action.id]))
                    elif isinstance(action, ast.Constant):
                        unmarked.append(f"{where}: {action.value!r}")
    return sentences, phrases, unmarked


def test_every_refusal_built_from_an_action_has_its_japanese(japanese):
    """`require_manager(..., N_("end this table"))` refuses with "Only {host} or someone with Manage Channel can
    {action}.", the phrase in the player's language; `require_server_manager(..., "change the server's decks")`
    with the whole sentence, which a catalogue translates whole."""
    sentences, phrases, unmarked = manager_refusals()
    assert len(phrases) > 10 and sentences, "the calls were not found"
    assert not unmarked, "mark these phrases with N_:\n" + "\n".join(unmarked)
    lacking = [f"{where}: {text!r}" for where, text in sentences + phrases
               if not (japanese.get(text) is not None and japanese.get(text).string)]
    assert not lacking, "no Japanese for:\n" + "\n".join(lacking)
