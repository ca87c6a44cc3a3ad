"""/table history: a page of the score sheet with Older/Newer buttons, and the whole sheet as a CSV file."""

from __future__ import annotations

import io
import re
from typing import Any

import discord

from engine.errors import IllegalMove
from engine.table import TABLE
from engine.text import N_, command
from render import table as render
from render.i18n import _
from ui.custom_ids import Forged, custom_id, number, parsed
from ui.errors import ReportsErrors
from ui.permissions import require_channel
from ui.table_correct import which_table
from ui.types import Interaction

PAGE = 25
MAX_PAGE = 10**9


async def history_page(interaction: Interaction, page: int, game: int | None = None, *,
                       past: bool = False) -> dict[str, Any]:
    """Page `page` (1: the newest entries) of the channel's table; `game`: the table a button was made for. `past`:
    the table numbered `game` in this server, open or finished (issue 21: a finished table's entries, to correct
    one)."""
    channel = require_channel(interaction)
    store = interaction.client.games
    if past and game is not None:
        record = await which_table(interaction, game)
    else:
        record = await store.require(channel, TABLE)
        if game is not None and record.id != game:
            raise IllegalMove(N_("That history is of a table that has ended."), N_("Run {command} for this table."),
                              command=command("table history"))
    of = record.id if past else None
    pages = -(-(record.version + 1) // PAGE)
    if not 1 <= page <= pages:
        raise IllegalMove(N_("There is no page {page}."),
                          N_("This table's history has {pages} pages; page 1 is the newest.") if pages != 1 else
                          N_("This table's history has 1 page; page 1 is the newest."), page=page, pages=pages)
    entries = await store.history(channel, TABLE, limit=page * PAGE, game_id=of)
    shown = entries[:len(entries) - (page - 1) * PAGE][-PAGE:]
    view = discord.ui.View(timeout=None)
    for label, target in ((_("Older"), page + 1), (_("Newer"), page - 1)):
        if 1 <= target <= pages:
            view.add_item(HistoryButton(label, channel, record.id, target, past=past))
    first = shown[0].seq
    states = await store.states(channel, TABLE, max(first - 1, 0), shown[-1].seq, game_id=of)
    if first == 0:  # the start is made in the hand it starts
        states.insert(0, states[0])
    return {"embed": render.history_embed(shown, states, viewer=interaction.user.id, page=page, pages=pages),
            "view": view}


async def score_sheet(interaction: Interaction, number: int | None = None) -> discord.File:
    """The table's (or table number `number`'s) score sheet as CSV: one row per entry that stands, with the seats'
    names."""
    channel = require_channel(interaction)
    if number is None:
        record = await interaction.client.games.require(channel, TABLE)
    else:
        record = await which_table(interaction, number)
    entries = await interaction.client.games.standing(channel, TABLE, game_id=number)
    data = render.score_sheet_csv(entries).encode("utf-8-sig")  # the mark lets spreadsheets read names as UTF-8
    return discord.File(io.BytesIO(data), filename=f"table-{record.id}-score-sheet.csv")


class HistoryButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button],
                    template=r"ct:table:history:(?P<channel>\d+):(?P<game>\d+):(?P<page>\d+)(?::(?P<past>p))?"):
    """Older or Newer on a history page: carries the channel, the table's game id and the page it shows, and `p`
    on a page of a table asked for by its number (`/table history table:`), which may have ended."""

    def __init__(self, label: str, channel: int, game: int, page: int, *, past: bool = False) -> None:
        parts = (channel, game, page, "p") if past else (channel, game, page)
        super().__init__(discord.ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                           custom_id=custom_id("table", "history", *parts)))
        self.channel, self.game, self.page, self.past = channel, game, page, past

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> HistoryButton:
        return parsed(cls, item, lambda: cls(getattr(item, "label", None) or "Page", number(match["channel"]),
                                             number(match["game"]), number(match["page"], 1, MAX_PAGE),
                                             past=match["past"] is not None))

    async def handle(self, interaction: Interaction) -> None:
        if self.channel != require_channel(interaction):
            raise Forged()
        await interaction.response.edit_message(**await history_page(interaction, self.page, self.game,
                                                                     past=self.past))
