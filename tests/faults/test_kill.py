"""SIGKILL the real bot process between the steps of a move (storage/faults.py), restart it, and check the game,
its log and its results: a move is wholly there or wholly absent, and a committed move is never lost."""

from __future__ import annotations

import json
import signal
from pathlib import Path
from typing import Any

from engine.table import TABLE, HandValue, Riichi, Ron, TableState, Win, new_game
from storage import Database, GameStore, games
from tests.fake_discord import FakeDiscord
from tests.faults.conftest import BotProcess, ProcessHarness, read_tables


async def seed_table(path: Path, fake: FakeDiscord, players: list[int]) -> TableState:
    """A table where the first player has declared riichi (a stick on the table), stored as the bot stores it."""
    db = await Database.open(path)
    try:
        store = GameStore(db)
        await store.start(fake.default_channel, TABLE, new_game(players[0], players), guild_id=fake.guild_id,
                          actor_id=players[0])
        result = await store.apply(fake.default_channel, TABLE, Riichi(players[0]), actor_id=players[0])
        return result.game.state
    finally:
        await db.close()


def assert_consistent(tables: dict[str, list[dict[str, Any]]], starting_total: int) -> None:
    """The game row is its log's newest entry, the log has no gap, no point was made or lost, and results exist
    exactly when the game is finished, matching its final points."""
    (game,) = tables["games"]
    events = tables["game_events"]
    assert [e["seq"] for e in events] == list(range(len(events)))
    assert game["version"] == events[-1]["seq"]
    state = json.loads(game["state"])
    (start,) = (s for s in tables["game_snapshots"] if s["seq"] == 0)
    replayed = TABLE.state_from_dict(games._unpack(start["state"]))
    for entry in events:
        if entry["type"] == "move" and entry["undone_by"] is None:
            replayed, _ = TABLE.apply(replayed, TABLE.move_from_dict(json.loads(entry["move"])))
    assert TABLE.state_to_dict(replayed) == state  # the log replays to the game's state
    assert sum(seat["points"] for seat in state["seats"]) + state["on_table"] == starting_total
    finished = game["status"] == "finished"
    assert (events[-1]["type"] == "end") == finished
    results = {row["user_id"]: int(row["points"]) for row in tables["game_results"]}
    assert results == ({seat["player"]: seat["points"] for seat in state["seats"]} if finished else {})


async def killed_before_answering(h: ProcessHarness, bot: BotProcess, command: str, **options: Any) -> None:
    sent = await h.unanswered(command, **options)
    assert await bot.exited() == -signal.SIGKILL
    assert not sent.record.acknowledged


async def test_kills_around_a_commit_leave_each_change_whole_or_absent(bot_process, process_harness):
    """Each start arms the next crash point; every check is made after a restart, by the bot and in the file."""
    h, path = process_harness, bot_process.database
    east, south, west, north = (h.user(name) for name in ("East", "South", "West", "North"))
    before = await seed_table(path, h.fake, [east.id, south.id, west.id, north.id])
    total = sum(seat.points for seat in before.seats) + before.on_table
    seeded = read_tables(path)
    ron = {"user": south, "winner": south, "loser": west, "han": 3, "fu": 30}

    await bot_process.start(crash_at="before_commit")
    await killed_before_answering(h, bot_process, "table ron", **ron)

    await bot_process.start(crash_at="after_commit")
    assert read_tables(path) == seeded  # killed before its COMMIT: the move is wholly absent
    assert not (await h.slash("table show", user=north)).ephemeral
    await killed_before_answering(h, bot_process, "table ron", **ron)

    await bot_process.start(crash_at="after_commit")
    tables = read_tables(path)  # killed after its COMMIT: the move is wholly there, once
    assert_consistent(tables, total)
    assert tables["game_events"][:-1] == seeded["game_events"] and tables["game_events"][-1]["type"] == "move"
    expected, _ = TABLE.apply(before, Ron(west.id, (Win(south.id, HandValue(han=3, fu=30)),)))
    assert json.loads(tables["games"][0]["state"]) == TABLE.state_to_dict(expected)
    asked = await h.slash("table end", user=east)  # asking commits nothing; the confirmation does
    sent = await h.unanswered_click(asked.message, user=east, label="End the game")
    assert await bot_process.exited() == -signal.SIGKILL and not sent.record.acknowledged

    await bot_process.start()
    tables = read_tables(path)  # the game's end and its results were committed together
    assert_consistent(tables, total)
    assert tables["games"][0]["status"] == "finished" and len(tables["game_results"]) == len(before.seats)
    refused = await h.slash("table show", user=east)
    assert refused.ephemeral and "no table game" in refused.text.lower()
    assert await bot_process.stop() == 0
