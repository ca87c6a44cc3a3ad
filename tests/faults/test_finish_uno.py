"""Through the fake Discord: the move that ends a game finishes it in its own transaction (issue 16, item 1),
and a game an older version left over and active is finished when the bot starts."""

from __future__ import annotations

import dataclasses
import json

import pytest

import ui.uno
from engine.uno.moves import EndRound
from engine.uno.rules import UNO
from tests.engine.uno.notation import played, scenario


def last_round(a, b, c):
    """Seed 003, "Winning the game": a plays their last card with 1 point left; scoring the round ends the game.
    b holds three cards, c one."""
    state = scenario({a: "r5", b: "r4 b4 b5", c: "g6"}, piles=["r3"], draw="y1 y2 y3", points={a: 1},
                     seat={a: {"said_uno": True}})
    return played(state, a, "r5")


async def set_up(harness):
    a, b, c = (harness.user(name) for name in ("ann", "bob", "cy"))
    state = last_round(a.id, b.id, c.id)
    record = await harness.bot.games.start(harness.fake.default_channel, UNO, state, guild_id=harness.fake.guild_id,
                                           actor_id=a.id)
    return (a, b, c), state, record


async def stored(harness, game_id):
    def read(conn):
        status = conn.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()[0]
        log = [r[0] for r in conn.execute("SELECT type FROM game_events WHERE game_id = ? ORDER BY seq", (game_id,))]
        results = [(r[0], r[1], int(r[2])) for r in conn.execute(
            "SELECT user_id, place, points FROM game_results WHERE game_id = ? ORDER BY place", (game_id,))]
        return status, log, results

    return await harness.bot.db.read(read)


async def test_scoring_the_last_round_stores_the_standings_with_the_move(harness):
    (a, b, c), state, record = await set_up(harness)
    reply = await harness.slash("uno score", user=b)
    assert not reply.ephemeral
    status, log, results = await stored(harness, record.id)
    assert status == "finished" and log == ["start", "move", "end"]
    # the winner (a, now at 0 points) first, then fewer cards: c (1) before b (3)
    assert results == [(a.id, 1, 0), (c.id, 2, state.seat(c.id).points), (b.id, 3, state.seat(b.id).points)]


@pytest.mark.allow_error_logs
async def test_a_failure_storing_the_standings_leaves_the_round_unscored(harness, monkeypatch):
    (_a, b, _c), state, record = await set_up(harness)

    def broken(_state):
        raise RuntimeError("the results could not be stored")

    monkeypatch.setattr(ui.uno, "UNO", dataclasses.replace(UNO, results=broken))
    reply = await harness.slash("uno score", user=b)
    assert reply.ephemeral and "Nothing was changed" in reply.text
    assert await stored(harness, record.id) == ("active", ["start"], [])
    assert (await harness.bot.games.require(harness.fake.default_channel, UNO)).state == state


async def test_undo_after_the_last_round_says_the_game_is_over(harness):
    (a, b, _c), _state, record = await set_up(harness)
    await harness.slash("uno score", user=b)
    undo = await harness.slash("uno undo", user=a)
    assert undo.ephemeral and "over" in undo.text and "can't be undone" in undo.text
    assert (await stored(harness, record.id))[1] == ["start", "move", "end"]


async def test_start_up_finishes_a_game_the_old_way_left_active(harness):
    """The old way: the last move committed, then the bot died before finishing in a second transaction."""
    (a, b, c), _state, record = await set_up(harness)
    await harness.bot.games.apply(harness.fake.default_channel, dataclasses.replace(UNO, is_over=None),
                                  EndRound(b.id), actor_id=b.id)
    assert (await stored(harness, record.id))[:2] == ("active", ["start", "move"])
    await harness.restart()
    status, log, results = await stored(harness, record.id)
    assert status == "finished" and log == ["start", "move", "end"]
    assert [user for user, _, _ in results] == [a.id, c.id, b.id]
    final = json.loads(await harness.bot.db.read(lambda conn: conn.execute(
        "SELECT state FROM games WHERE id = ?", (record.id,)).fetchone()[0]))
    assert final["phase"] == "over"
