"""Rulings, "Finishing a game": once a game is finished by its rules its results stand, so `undo` says so (issue 16,
item 1); a `/table` ended by `/table end` can be reopened (issue 18, item 8)."""

from __future__ import annotations

import dataclasses

from engine.ginjontan.moves import Evaluate
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import GINJONTAN, new_game
from engine.ginjontan.state import Phase
from engine.table import TABLE


async def results(harness):
    return await harness.bot.db.read(lambda conn: conn.execute("SELECT COUNT(*) FROM game_results").fetchone()[0])


async def test_gin_jon_tan_undo_after_the_last_step_is_refused(harness):
    # seed 004, steps 7-10: the last evaluation of the last round ends the game
    a, b = harness.user("ann"), harness.user("bob")
    state = new_game(GinjontanOptions(rounds=3), [a.id, b.id], seed=5)
    state = dataclasses.replace(state, phase=Phase.EVALUATION, order=(a.id, b.id), turn=0,
                                waiting=((a.id, "reveal"),), round=3)
    channel = harness.fake.default_channel
    await harness.bot.games.start(channel, GINJONTAN, state, guild_id=harness.fake.guild_id, actor_id=a.id)
    for player in (a, b):
        last = await harness.bot.games.apply(channel, GINJONTAN, Evaluate(player.id, True), actor_id=player.id)
    assert last.game.status == "finished" and await results(harness) == 2
    undo = await harness.slash("ginjontan undo", user=a)
    assert undo.ephemeral and "can't be undone" in undo.text
    assert await results(harness) == 2


async def test_table_undo_after_table_end_reopens_it(harness):
    # issue 18, item 8: `/table end` is confirmed, and `/table undo` takes it back with its results
    from tests.support.table import end_table

    players = [harness.user(name) for name in ("east", "south", "west", "north")]
    await harness.slash("table start", user=players[0], **dict(zip(("east", "south", "west", "north"), players,
                                                                   strict=True)))
    await harness.slash("table tsumo", user=players[0], winner=players[0], han=1, fu=30)
    ended = await end_table(harness, players[0])
    assert not ended.ephemeral and await results(harness) == 4
    undo = await harness.slash("table undo", user=players[0])
    assert not undo.ephemeral and "end of the table" in undo.text
    assert await harness.bot.games.get(harness.fake.default_channel, TABLE) is not None and await results(harness) == 0
