"""Text the bot echoes back: bounded by construction, whatever a player typed."""

from __future__ import annotations

ELLIPSIS = "…"
ECHO = 80  # characters of a player's input quoted around the place at fault
NUMBER_DIGITS = 18  # a number in notation or in a card file has at most this many (ASCII) digits


def shorten(text: str, limit: int, around: int | None = None) -> str:
    """`text` in at most `limit` characters, "…" marking what was cut: the end, or both sides of index `around`."""
    return _window(text, limit, around)[0]


def _window(text: str, limit: int, around: int | None) -> tuple[str, int]:
    """The shortened text and where index `around` (0 if None) lands in it."""
    at = around or 0
    if len(text) <= limit:
        return text, at
    if around is None or limit < 3:
        return text[:max(0, limit - 1)] + ELLIPSIS[:limit], 0
    room = limit - 2
    start = max(0, min(at - room // 2, len(text) - room))
    end = start + room
    if start == 0:
        end += 1
    elif end >= len(text):
        start -= 1
    head = ELLIPSIS if start > 0 else ""
    tail = ELLIPSIS if end < len(text) else ""
    return head + text[start:end] + tail, at - start + len(head)


def caret(text: str, position: int) -> str:
    """A code block quoting `text` (shortened around `position`) with a caret under that character."""
    line, shift = _window(text.replace("`", "'").replace("\n", " "), ECHO, position)
    return f"```\n{line}\n{' ' * shift}^\n```"


def ascii_number(text: str) -> int | None:
    """The number `text` writes in ASCII digits (at most NUMBER_DIGITS of them), else None: "²", "٣" and
    4,300-digit numbers are not numbers a player means."""
    if not text.isascii() or not text.isdigit() or len(text) > NUMBER_DIGITS:
        return None
    return int(text)


# -- words the engine leaves to render/ (issue 21) -------------------------------------------------------------------


def N_(message: str) -> str:
    """Marks an English template for the catalogues (tools/messages.py collects every `N_`); render/ words it in
    the player's language (`render.i18n.refusal`, `render.i18n.said`). The engine imports no render/ code."""
    return message

class Ref:
    """A thing a refusal or an event names, given as what it is, not in words: `kind` says what (a player, a
    command, a card of a game), `value` which. render/ words it in the player's language (`render.i18n.word`);
    `english` is its English form, for the English sentence (`fill`)."""

    __slots__ = ("english", "kind", "value")

    def __init__(self, kind: str, value: object, english: str) -> None:
        self.kind, self.value, self.english = kind, value, english

    def __str__(self) -> str:
        return self.english

    def __repr__(self) -> str:
        return f"Ref({self.kind!r}, {self.value!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ref) and (self.kind, self.value) == (other.kind, other.value)

    def __hash__(self) -> int:
        return hash((self.kind, self.value))

    def __reduce__(self) -> tuple[object, tuple[str, object, str]]:
        return Ref, (self.kind, self.value, self.english)


def player(user_id: int) -> Ref:
    """A player, shown as their mention (the same in every language)."""
    return Ref("player", user_id, f"<@{user_id}>")


def command(path: str, options: str = "") -> Ref:
    """A slash command to use (`"uno hand"`, options as typed: `"again:True"`), shown with the names of the
    player's language."""
    return Ref("command", (path, options), f"`/{path}{' ' + options if options else ''}`")


def fill(template: str, params: dict[str, object]) -> str:
    """The English sentence: `template` with `params` in English."""
    return template.format(**params) if params else template
