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
