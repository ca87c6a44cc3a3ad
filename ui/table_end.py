"""/table end asks first: the standings as they would be stored, with "End the game" and "Keep playing"."""

from __future__ import annotations

import re
from typing import Any

import discord

from engine.errors import IllegalMove
from engine.table import MAX_RETURN, TABLE, UMA_PRESETS, TableState, check_return_points, final_scores
from engine.text import N_, command
from render import table as render
from render.i18n import _, word
from ui.chaosjan import retire_panel
from ui.custom_ids import Forged, custom_id, number, one_of, parsed
from ui.errors import ReportsErrors, note_change
from ui.permissions import require_channel, require_manager
from ui.types import Interaction

UNDO_HINT = N_("{undo} reopens the table until a new one starts here.")


def undo_hint() -> str:
    return _(UNDO_HINT, undo=word(command("table undo")))


def return_points(state: TableState, given: int | None) -> int:
    """The return points given, else the table's own (its house rules, issue 21), else its starting points."""
    back = given if given is not None else state.options.return_points
    return check_return_points(back) or state.options.starting_points


def final(state: TableState, uma: str, back: int) -> tuple[list[float], str] | None:
    """Each seat's score after uma and oka with the rule's words, or None when neither changes anything."""
    start = state.options.starting_points
    if uma == "none" and back == start:
        return None
    scores = final_scores([s.points for s in state.seats], uma=UMA_PRESETS[uma], starting_points=start,
                          return_points=back)
    return scores, _("uma {uma}, return {back:,}", uma=uma, back=back)


async def ask_to_end(interaction: Interaction, given_uma: str | None, given_return: int | None) -> None:
    channel = require_channel(interaction)
    record = await interaction.client.games.require(channel, TABLE)
    require_manager(interaction, record.state.host, N_("end this table"))
    uma = given_uma or record.state.options.uma  # the table's own uma, set at its start (house rules, issue 21)
    back = return_points(record.state, given_return)
    view = discord.ui.View(timeout=None)
    for action in ("end", "keep"):
        view.add_item(EndButton(action, channel, record.id, record.version, uma, back))
    await interaction.response.send_message(
        _("End the game with these standings? They are stored for the leaderboard; {hint}", hint=undo_hint()),
        embed=render.standings_embed(record.state, final(record.state, uma, back), preview=True), view=view)


_LABELS = {"end": (N_("End the game"), discord.ButtonStyle.danger),
           "keep": (N_("Keep playing"), discord.ButtonStyle.secondary)}


class EndButton(ReportsErrors, discord.ui.DynamicItem[discord.ui.Button],
                template=r"ct:table:end:(?P<action>end|keep):(?P<channel>\d+):(?P<game>\d+):(?P<version>\d+)"
                         r":(?P<uma>[0-9a-z-]+):(?P<back>\d+)"):
    """The confirmation's buttons: carry the channel, the table's game id and version, and the options chosen
    (checked again when pressed), so a move made meanwhile or an old message is refused."""

    def __init__(self, action: str, channel: int, game: int, version: int, uma: str, back: int) -> None:
        label, style = _LABELS[action]
        super().__init__(discord.ui.Button(label=_(label), style=style, custom_id=custom_id(
            "table", "end", action, channel, game, version, uma, back)))
        self.action, self.channel, self.game, self.version, self.uma, self.back = (action, channel, game, version,
                                                                                   uma, back)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: re.Match[str]) -> EndButton:
        return parsed(cls, item, lambda: cls(match["action"], number(match["channel"]), number(match["game"]),
                                             number(match["version"]), one_of(match["uma"], UMA_PRESETS),
                                             number(match["back"], 1, MAX_RETURN)))

    async def handle(self, interaction: Interaction) -> None:
        channel = require_channel(interaction)
        if self.channel != channel:
            raise Forged()
        store = interaction.client.games
        record = await store.get(channel, TABLE)
        if record is None or record.id != self.game:
            raise IllegalMove(N_("That table has ended already."), N_("Its standings are in the channel; {undo} "
                                                                      "reopens the table until a new one starts here."),
                              undo=command("table undo"))
        require_manager(interaction, record.state.host, N_("end this table"))
        if self.action == "keep":
            await interaction.response.edit_message(content=_("The game goes on: nothing was stored."), embed=None,
                                                    view=None)
            return
        back = return_points(record.state, self.back)
        end = {"uma": self.uma, "return_points": back, "starting_points": record.state.options.starting_points}
        finished = await store.finish(channel, TABLE, actor_id=interaction.user.id, results=True, game_id=self.game,
                                      expected_version=self.version, end=end)  # the season settles with them
        note_change(interaction)
        number = _("This was table number {number}: {command} shows its score sheet.", number=finished.id,
                   command=word(command("table history", f"table:{finished.id}")))
        await interaction.response.edit_message(content=_("The game is over.") + " " + undo_hint() + "\n" + number,
                                                view=None,
                                                embed=render.standings_embed(finished.state,
                                                                             final(finished.state, self.uma, back)))
        if finished.state.chaosjan is not None:
            await retire_panel(interaction, finished)
