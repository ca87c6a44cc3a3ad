"""Select menus of any length (issue 17): a menu of more than 25 options is shown a page at a time.

A menu of 25 options or fewer is built exactly as before. A longer one shows one page: its options plus entries
that turn the page ("◀ Page 1 of 2", "Page 2 of 2 ▶") and, in a menu of several picks, "✅ Done". So no page
needs a row of its own and a message keeps its 5 rows.

The page rides in the custom_id (`<menu's id>:p<page>`); a menu of several picks adds a fingerprint of the
whole list and the picks made on other pages (`.<fingerprint>.<picks>`, a bitmask over the list). Turning a page
rebuilds the list from the game as it is now and edits the message in place; a page or a pick that the rebuilt
list doesn't have is refused as forged, and the final choice goes to the engine, which checks it again.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from engine.errors import IllegalMove
from engine.text import N_
from render.i18n import _
from ui.custom_ids import MAX_LENGTH, Forged, number
from ui.types import Interaction

LIMIT = 25  # Discord's options per menu
SINGLE, MULTI = 23, 22  # options per page beside the page entries (◀ and ▶, and ✅ Done for several picks)
PREVIOUS, NEXT, DONE = "~prev", "~next", "~done"
DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_"
MAX_DIGITS = 64
MAX_OPTIONS = 6 * MAX_DIGITS  # what a bitmask of picks can name
MAX_PAGE = -(-MAX_OPTIONS // MULTI) - 1
SUFFIX = r"(?::p(?P<page>\d{1,2})(?:\.(?P<fingerprint>[0-9a-f]{8})\.(?P<picks>[0-9A-Za-z_-]{1,64}))?)?"
_SUFFIX = re.compile(SUFFIX + "$")


@dataclass(frozen=True)
class Menu:
    """A menu's whole list, and how many of it to pick."""

    options: Sequence[discord.SelectOption]
    low: int = 1
    high: int = 1
    placeholder: str | None = None

    @property
    def multi(self) -> bool:
        return self.high > 1


@dataclass(frozen=True)
class Page:
    """Where a paged menu stands: its page, and in a menu of several picks the list's fingerprint and the picks
    (indices into the whole list)."""

    number: int = 0
    fingerprint: str | None = None
    picks: frozenset[int] = frozenset()

    @classmethod
    def read(cls, match: re.Match[str]) -> Page | None:
        """From a custom_id matched by a template ending in SUFFIX; None for a menu that isn't paged."""
        if match["page"] is None:
            return None
        picks = match["picks"]
        return cls(number(match["page"], high=MAX_PAGE), match["fingerprint"],
                   frozenset() if picks is None else _decode(picks))


def pages(count: int, multi: bool) -> list[range]:
    """The options each page shows, as indices into the whole list."""
    size = MULTI if multi else SINGLE
    return [range(start, min(start + size, count)) for start in range(0, count, size)]


def fingerprint(options: Sequence[discord.SelectOption]) -> str:
    return hashlib.sha1("\x1f".join(o.value for o in options).encode()).hexdigest()[:8]


def _encode(picks: frozenset[int]) -> str:
    mask, digits = sum(1 << i for i in picks), ""
    while True:
        mask, digit = divmod(mask, 64)
        digits = DIGITS[digit] + digits
        if not mask:
            return digits


def _decode(digits: str) -> frozenset[int]:
    mask = 0
    for digit in digits:
        mask = mask * 64 + DIGITS.index(digit)
    return frozenset(i for i in range(mask.bit_length()) if mask >> i & 1)


def select(base: str, menu: Menu, page: Page | None = None) -> discord.ui.Select[Any]:
    """The menu under custom_id `base`, or, over 25 options, its page `page` (the first by default)."""
    options = list(menu.options)
    if len(options) <= LIMIT:
        return discord.ui.Select(custom_id=base, options=options, placeholder=menu.placeholder,
                                 min_values=min(menu.low, len(options)), max_values=min(menu.high, len(options)))
    if len(options) > MAX_OPTIONS or any(o.value.startswith("~") for o in options):
        raise ValueError(f"a menu of {len(options)} options can't be paged")
    chunks = pages(len(options), menu.multi)
    if page is None:
        page = Page(0, fingerprint(options), frozenset(i for i, o in enumerate(options) if o.default)) \
            if menu.multi else Page()
    n, total = page.number, len(chunks)
    shown = [discord.SelectOption(label=o.label, value=o.value, description=o.description, emoji=o.emoji,
                                  default=menu.multi and i in page.picks) for i, o in
             ((i, options[i]) for i in chunks[n])]
    if n > 0:
        shown.insert(0, discord.SelectOption(label=_("◀ Page {page} of {pages}", page=n, pages=total),
                                             value=PREVIOUS, description=_("Turn back a page")))
    if n < total - 1:
        shown.append(discord.SelectOption(label=_("Page {page} of {pages} ▶", page=n + 2, pages=total), value=NEXT,
                                          description=_("Turn to the next page")))
    suffix = f"p{n}"
    if menu.multi:
        elsewhere = len(page.picks - set(chunks[n]))
        shown.append(discord.SelectOption(label=_("✅ Done"), value=DONE, description=_(
            "Finish with the picks here and the {count} on other pages", count=elsewhere)))
        suffix += f".{page.fingerprint}.{_encode(page.picks)}"
    custom_id = f"{base}:{suffix}"
    if len(custom_id) > MAX_LENGTH:
        raise ValueError(f"custom_id over {MAX_LENGTH} characters: {custom_id!r}")
    placeholder = _("{placeholder} (page {page} of {pages})", placeholder=menu.placeholder or _("Choose…"),
                    page=n + 1, pages=total)[:150]
    return discord.ui.Select(custom_id=custom_id, options=shown, placeholder=placeholder, min_values=1,
                             max_values=len(shown) if menu.multi else 1)


async def chosen(interaction: Interaction, item: discord.ui.Select[Any], page: Page | None,
                 rebuild: Callable[[], Awaitable[Menu]]) -> list[str] | None:
    """The values picked in `item`, across its pages; None when the pick only turned a page (the message then
    shows that page). `rebuild` gives the whole list as the game stands now."""
    values = list(item.values)
    if page is None:
        return values
    menu = await rebuild()
    options = list(menu.options)
    chunks = pages(len(options), menu.multi)
    if page.number >= len(chunks) or menu.multi != (page.fingerprint is not None) \
            or (menu.multi and page.fingerprint != fingerprint(options)) or any(i >= len(options) for i in page.picks):
        raise Forged()
    here = {options[i].value: i for i in chunks[page.number]}
    turns = [v for v in values if v in (PREVIOUS, NEXT)]
    picked = [v for v in values if v not in (PREVIOUS, NEXT, DONE)]
    if any(v not in here for v in picked):
        raise Forged()
    picks = (page.picks - set(here.values())) | {here[v] for v in picked}
    if turns:
        if len(turns) > 1:
            raise IllegalMove(N_("Turn one page at a time."), N_("Pick either ◀ or ▶."), code="two_pages")
        target = page.number + (1 if turns[0] == NEXT else -1)
        if not 0 <= target < len(chunks):
            raise Forged()
        await turn(interaction, item, select(_base(item.custom_id), menu, Page(target, page.fingerprint, picks)))
        return None
    result = [options[i].value for i in sorted(picks)]
    if menu.multi and not menu.low <= len(result) <= menu.high:
        wanted = N_("Pick {low}: you have {picked} picked across the pages.") if menu.low == menu.high else \
            N_("Pick {low} to {high}: you have {picked} picked across the pages.")
        raise IllegalMove(wanted, N_("Turn the pages to add or remove picks, then choose ✅ Done."), code="pick_count",
                          low=menu.low, high=menu.high, picked=len(result))
    return result


def _base(custom_id: str) -> str:
    return _SUFFIX.sub("", custom_id)


async def turn(interaction: Interaction, item: discord.ui.Select[Any], page: discord.ui.Select[Any]) -> None:
    """Show another page of `item` in its message, leaving the message's other components as they are."""
    if interaction.message is None:
        raise Forged()
    view = discord.ui.View.from_message(interaction.message, timeout=None)
    old = next((c for c in view.children if getattr(c, "custom_id", None) == item.custom_id), None)
    if old is None:
        raise Forged()
    page.row = old.row
    view.remove_item(old)
    view.add_item(page)
    view.stop()  # the components are DynamicItems: nothing to keep listening for
    await interaction.response.edit_message(view=view)
