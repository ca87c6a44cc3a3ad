"""What Discord refuses in a message, reply or modal (discord-api-docs), so tests catch it here."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

CONTENT = 2000
EMBEDS = 10
EMBED_TOTAL = 6000
EMBED_TITLE = 256
EMBED_DESCRIPTION = 4096
EMBED_FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
ROWS = 5
BUTTONS_PER_ROW = 5
CUSTOM_ID = 100
BUTTON_LABEL = 80
SELECT_OPTIONS = 25
OPTION_TEXT = 100
PLACEHOLDER = 150
AUTOCOMPLETE_CHOICES = 25
MODAL_TITLE = 45
ATTACHMENT_DESCRIPTION = 1024  # an attachment's alt text

BUTTON, STRING_SELECT, TEXT_INPUT = 2, 3, 4
SELECTS = {3, 5, 6, 7, 8}


def message_problems(body: dict[str, Any]) -> list[str]:
    problems: list[str] = []
    content = body.get("content")
    if content is not None and len(content) > CONTENT:
        problems.append(f"content: {len(content)} characters (max {CONTENT})")
    problems += embed_problems(body.get("embeds") or [])
    problems += component_problems(body.get("components") or [])
    for i, attachment in enumerate(body.get("attachments") or []):
        description = attachment.get("description") if isinstance(attachment, dict) else None
        if description is not None and len(description) > ATTACHMENT_DESCRIPTION:
            problems.append(f"attachments[{i}].description: {len(description)} characters "
                            f"(max {ATTACHMENT_DESCRIPTION})")
    return problems


def embed_problems(embeds: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(embeds) > EMBEDS:
        problems.append(f"embeds: {len(embeds)} (max {EMBEDS})")
    total = 0
    for i, embed in enumerate(embeds):
        where = f"embeds[{i}]"
        checks = [("title", embed.get("title"), EMBED_TITLE),
                  ("description", embed.get("description"), EMBED_DESCRIPTION),
                  ("footer.text", (embed.get("footer") or {}).get("text"), FOOTER),
                  ("author.name", (embed.get("author") or {}).get("name"), AUTHOR)]
        fields = embed.get("fields") or []
        if len(fields) > EMBED_FIELDS:
            problems.append(f"{where}.fields: {len(fields)} (max {EMBED_FIELDS})")
        for j, field in enumerate(fields):
            for key, limit in (("name", FIELD_NAME), ("value", FIELD_VALUE)):
                text = field.get(key)
                if not text:
                    problems.append(f"{where}.fields[{j}].{key}: empty")
                checks.append((f"fields[{j}].{key}", text, limit))
        for name, text, limit in checks:
            if text is None:
                continue
            total += len(text)
            if len(text) > limit:
                problems.append(f"{where}.{name}: {len(text)} characters (max {limit})")
    if total > EMBED_TOTAL:
        problems.append(f"embeds: {total} characters in all (max {EMBED_TOTAL})")
    return problems


def component_problems(rows: list[dict[str, Any]]) -> list[str]:
    problems = []
    if len(rows) > ROWS:
        problems.append(f"components: {len(rows)} rows (max {ROWS})")
    seen: set[str] = set()
    for i, row in enumerate(rows):
        where = f"components[{i}]"
        if row.get("type") != 1:
            problems.append(f"{where}: top-level components must be action rows (type 1)")
            continue
        children = row.get("components") or []
        kinds = {c.get("type") for c in children}
        if not children:
            problems.append(f"{where}: an empty action row")
        if kinds & SELECTS and len(children) > 1:
            problems.append(f"{where}: a select menu must be alone in its row")
        if BUTTON in kinds and len(children) > BUTTONS_PER_ROW:
            problems.append(f"{where}: {len(children)} buttons (max {BUTTONS_PER_ROW})")
        for j, item in enumerate(children):
            problems += _item_problems(item, f"{where}.components[{j}]", seen)
    return problems


def _item_problems(item: dict[str, Any], where: str, seen: set[str]) -> list[str]:
    problems = []
    custom_id = item.get("custom_id")
    is_link = item.get("type") == BUTTON and item.get("style") == 5
    if is_link:
        if not item.get("url"):
            problems.append(f"{where}: a link button needs a url")
    elif not custom_id or len(custom_id) > CUSTOM_ID:
        problems.append(f"{where}.custom_id: must be 1-{CUSTOM_ID} characters, got {custom_id!r}")
    elif custom_id in seen:
        problems.append(f"{where}.custom_id: {custom_id!r} is used twice in one message")
    else:
        seen.add(custom_id)
    if item.get("type") == BUTTON:
        if len(item.get("label") or "") > BUTTON_LABEL:
            problems.append(f"{where}.label: over {BUTTON_LABEL} characters")
        if not item.get("label") and not item.get("emoji"):
            problems.append(f"{where}: a button needs a label or an emoji")
    if item.get("type") in SELECTS and len(item.get("placeholder") or "") > PLACEHOLDER:
        problems.append(f"{where}.placeholder: over {PLACEHOLDER} characters")
    if item.get("type") == STRING_SELECT:
        options = item.get("options") or []
        if not 1 <= len(options) <= SELECT_OPTIONS:
            problems.append(f"{where}.options: {len(options)} (must be 1-{SELECT_OPTIONS})")
        values = [o.get("value") for o in options]
        if len(set(values)) != len(values):
            problems.append(f"{where}.options: duplicate values")
        for k, option in enumerate(options):
            for key in ("label", "value", "description"):
                text = option.get(key)
                if text is not None and not 1 <= len(text) <= OPTION_TEXT:
                    problems.append(f"{where}.options[{k}].{key}: must be 1-{OPTION_TEXT} characters")
        if (item.get("max_values") or 1) > len(options):
            problems.append(f"{where}.max_values: more than the number of options")
    return problems


def callback_problems(body: dict[str, Any]) -> list[str]:
    kind, data = body.get("type"), body.get("data") or {}
    if kind in (4, 7):
        return message_problems(data)
    if kind == 8:
        choices = data.get("choices") or []
        return [f"choices: {len(choices)} (max {AUTOCOMPLETE_CHOICES})"] if len(choices) > AUTOCOMPLETE_CHOICES else []
    if kind == 9:
        problems = []
        if not 1 <= len(data.get("title") or "") <= MODAL_TITLE:
            problems.append(f"modal title must be 1-{MODAL_TITLE} characters")
        if len(data.get("components") or []) > ROWS:
            problems.append(f"modal: more than {ROWS} rows")
        return problems
    return []


COMMAND_NAME = re.compile(r"^[-_\w]{1,32}$")
COMMAND_DESCRIPTION = 100
COMMAND_OPTIONS = 25
CHOICE_NAME = 100
GLOBAL_COMMANDS = 100
LOCALES = frozenset({"id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no",
                     "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
                     "zh-CN", "ja", "zh-TW", "ko"})


def localized_name_problem(name: str) -> str | None:
    """Why Discord refuses a localized command or option name (`^[-_\\p{L}\\p{N}]{1,32}$`, lowercase), or None."""
    if not 1 <= len(name) <= 32:
        return "must be 1-32 characters"
    if any(c not in "-_" and unicodedata.category(c)[0] not in "LN" for c in name):
        return "may hold only letters, digits, - and _"
    return "must be lowercase" if name != name.lower() else None


def command_problems(commands: list[dict[str, Any]]) -> list[str]:
    """What Discord refuses when commands are registered (bulk overwrite)."""
    problems = [] if len(commands) <= GLOBAL_COMMANDS else [f"{len(commands)} commands (max {GLOBAL_COMMANDS})"]
    for kind in sorted({command.get("type", 1) or 1 for command in commands}):
        problems += _sibling_problems([c for c in commands if (c.get("type", 1) or 1) == kind], "commands")
    for command in commands:
        problems += _command_problems(command, f"/{command.get('name')}")
    return problems


def _localization_problems(node: dict[str, Any], where: str) -> list[str]:
    """`name_localizations` and `description_localizations`: known locales, names as names, descriptions 1-100."""
    problems = []
    for key in ("name_localizations", "description_localizations"):
        for locale, text in (node.get(key) or {}).items():
            if locale not in LOCALES:
                problems.append(f"{where}: {key} has an unknown locale {locale!r}")
            elif key == "name_localizations" and (problem := localized_name_problem(text or "")):
                problems.append(f"{where}: {locale} name {text!r} {problem}")
            elif key == "description_localizations" and not 1 <= len(text or "") <= COMMAND_DESCRIPTION:
                problems.append(f"{where}: {locale} description must be 1-{COMMAND_DESCRIPTION} characters")
    return problems


def _sibling_problems(siblings: list[dict[str, Any]], where: str) -> list[str]:
    """Two commands (or options of one command) may not share a name, nor a localized name in any locale."""
    problems = []
    names = [s.get("name") for s in siblings]
    problems += [f"{where}: the name {n!r} is used twice" for n in sorted({n for n in names if names.count(n) > 1})]
    locales = {locale for s in siblings for locale in (s.get("name_localizations") or {})}
    for locale in sorted(locales):
        shown = [(s.get("name_localizations") or {}).get(locale) or s.get("name") for s in siblings]
        problems += [f"{where}: the {locale} name {n!r} is used twice"
                     for n in sorted({n for n in shown if n is not None and shown.count(n) > 1})]
    return problems


def _command_problems(node: dict[str, Any], where: str) -> list[str]:
    problems = _localization_problems(node, where)
    name = node.get("name") or ""
    if not COMMAND_NAME.match(name) or name != name.lower():
        problems.append(f"{where}: name must be 1-32 lowercase characters")
    if not 1 <= len(node.get("description") or "") <= COMMAND_DESCRIPTION and node.get("type", 1) in (1, None):
        problems.append(f"{where}: description must be 1-{COMMAND_DESCRIPTION} characters")
    options = node.get("options") or []
    if len(options) > COMMAND_OPTIONS:
        problems.append(f"{where}: {len(options)} options (max {COMMAND_OPTIONS})")
    problems += _sibling_problems(options, f"{where} options")
    seen_optional = False
    for option in options:
        inner = f"{where} {option.get('name')}"
        if option.get("type") in (1, 2):
            problems += _command_problems({**option, "type": 1}, inner)
            continue
        problems += _localization_problems(option, inner)
        if not COMMAND_NAME.match(option.get("name") or ""):
            problems.append(f"{inner}: option name must be 1-32 characters")
        if not 1 <= len(option.get("description") or "") <= COMMAND_DESCRIPTION:
            problems.append(f"{inner}: description must be 1-{COMMAND_DESCRIPTION} characters")
        if len(option.get("choices") or []) > 25:
            problems.append(f"{inner}: more than 25 choices")
        for choice in option.get("choices") or []:
            texts = [("", choice.get("name") or "")] + [
                (f" {locale}", text or "") for locale, text in (choice.get("name_localizations") or {}).items()]
            problems += [f"{inner}: choice{label} name {text!r} must be 1-{CHOICE_NAME} characters"
                         for label, text in texts if not 1 <= len(text) <= CHOICE_NAME]
            problems += [f"{inner}: choice has an unknown locale {locale!r}"
                         for locale in choice.get("name_localizations") or {} if locale not in LOCALES]
        if option.get("required") and seen_optional:
            problems.append(f"{inner}: required options must come before optional ones")
        seen_optional = seen_optional or not option.get("required")
    return problems
