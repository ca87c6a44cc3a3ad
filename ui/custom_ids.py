"""Component custom_ids: `ct:<kind>:<part>:...`, at most 100 characters (Discord's limit).

A custom_id or a menu value comes from the client: an old message or a modified client can send anything. Every
DynamicItem reads its custom_id through `parsed` and the helpers below, so a value that matches nothing the bot
offers is refused with `Forged` (answered ephemerally, nothing changed), never a KeyError."""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable
from typing import Any, TypeVar

import discord

from engine.errors import GameError

PREFIX = "ct"
MAX_LENGTH = 100
MAX_NUMBER = 2**63 - 1  # Discord's snowflakes and every id or version the bot writes fit below it

D = TypeVar("D", bound="discord.ui.DynamicItem[Any]")


class Forged(GameError):
    code = "forged_component"

    def __init__(self) -> None:
        super().__init__("That button or menu doesn't match anything in this game now.",
                         "It may be from an old message: use the newest one, or the game's commands.")


def custom_id(*parts: object) -> str:
    value = ":".join([PREFIX, *(str(p) for p in parts)])
    if len(value) > MAX_LENGTH:
        raise ValueError(f"custom_id over {MAX_LENGTH} characters: {value!r}")
    return value


def one_of(value: str | None, allowed: Container[str]) -> str:
    if value is None or value not in allowed:
        raise Forged()
    return value


def number(value: str | None, low: int = 0, high: int = MAX_NUMBER) -> int:
    """An int read from a custom_id or a menu value, within [low, high]."""
    try:
        result = int(value or "")
    except ValueError:
        raise Forged() from None
    if not low <= result <= high:
        raise Forged()
    return result


def numbers(values: Iterable[str], low: int = 0, high: int = MAX_NUMBER) -> tuple[int, ...]:
    return tuple(number(v, low, high) for v in values)


def split(value: str, parts: int, sep: str = ":") -> list[str]:
    pieces = value.split(sep)
    if len(pieces) != parts:
        raise Forged()
    return pieces


def parsed(cls: type[D], item: discord.ui.Item[Any], build: Callable[[], D]) -> D:
    """What a DynamicItem's from_custom_id returns: `build()`, or, when the custom_id is refused, an item of
    `cls` that answers the refusal when used (discord.py only logs an error raised from from_custom_id)."""
    try:
        return build()
    except Forged as error:
        refused = cls.__new__(cls)
        discord.ui.DynamicItem.__init__(refused, item)
        refused.refusal = error  # type: ignore[attr-defined]  # read by ui.errors.ReportsErrors
        return refused


def offered(item: discord.ui.Item[Any]) -> None:
    """A menu's chosen values must be among its options (as the message showed them), in the allowed number."""
    if isinstance(item, discord.ui.Select):
        allowed = {o.value for o in item.options}
        values = item.values
        if not set(values) <= allowed or len(set(values)) != len(values) \
                or not item.min_values <= len(values) <= item.max_values:
            raise Forged()
