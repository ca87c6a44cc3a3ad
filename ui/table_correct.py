"""`/table correct` (issue 21): a past win put right by the table's host (or Manage Channel), on the channel's table
or, after it ended, on that table or any finished table of the server by its number; the correction is replayed
through the log (storage/corrections.py), and every total after it, a finished table's results, its players' totals
and its season are recounted in the same transaction."""

from __future__ import annotations

from typing import Any

from engine.errors import GameError
from engine.table import TABLE, Correct, HandValue, TableState
from engine.table_correction import corrected
from engine.text import N_
from storage.corrections import Correction, correct
from storage.games import GameRecord
from ui.errors import note_change
from ui.permissions import require_channel, require_manager
from ui.types import Interaction

MAX_ENTRY = 2**53  # entry and table numbers: far above any there will be, and exact in every client


class NoSuchTable(GameError):
    code = "no_such_table"

    def __init__(self, number: int | None) -> None:
        if number is None:
            super().__init__(N_("No table has been played in this channel."),
                             N_("Give a finished table's number with the table option."))
        else:
            super().__init__(N_("This server has no table number {number}."),
                             N_("A table's number is in its final standings and in the season's export."),
                             number=number)


async def which_table(interaction: Interaction, number: int | None) -> GameRecord[TableState]:
    """The table a correction is for: number `number` of this server, or the channel's (open, else its last)."""
    store = interaction.client.games
    if number is not None:
        record = await store.game(TABLE, number)
        if record is None or record.guild_id != interaction.guild_id:
            raise NoSuchTable(number)
        return record
    channel = require_channel(interaction)
    record = await store.get(channel, TABLE) or await store.newest(channel, TABLE)
    if record is None:
        raise NoSuchTable(None)
    return record


async def correct_entry(interaction: Interaction, entry: int, number: int | None, *, win: int, winner: int | None,
                        loser: int | None, value: HandValue | None) -> Correction[TableState]:
    record = await which_table(interaction, number)
    def allowed(game: GameRecord[Any]) -> None:
        require_manager(interaction, game.state.host, N_("correct this table's hands"))

    allowed(record)
    result = await correct(interaction.client.games, TABLE, record, entry,
                           lambda move: corrected(move, entry, win=win, winner=winner, loser=loser, value=value),
                           Correct, actor_id=interaction.user.id, check=allowed)
    note_change(interaction)
    return result

