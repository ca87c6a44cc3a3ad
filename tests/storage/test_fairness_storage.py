"""What a reveal and a roll log read (storage/fairness.py), on SQLite and then PostgreSQL: a channel's active and
newest finished game of a kind, and a finished game's start state with the moves that stand, which replay to the
state it ended in; a Chroma reveal reads the moves before its own."""

from __future__ import annotations

import json

from engine.chroma.rules import ChromaRules
from engine.chroma.state import CHROMA, Reseed, Shuffle
from engine.chroma.state import new_state as chroma_state
from engine.commitment import new_salt
from engine.deck import load_shipped
from engine.replay import check
from engine.table import TABLE, CosmicStart, Roll
from engine.table import new_game as table_game
from storage import GameStore
from storage.fairness import game_log, newest_games
from ui.fairness import fairness_file, roll_lines

CHANNEL, GUILD = 41, 42
A, B, C, D = 1, 2, 3, 4
SALT = "00112233445566778899aabbccddeeff"


async def a_table_with_rolls(store: GameStore) -> int:
    """A table whose Cosmic Deck rolled five times, one roll undone."""
    record = await store.start(CHANNEL, TABLE, table_game(A, [A, B, C, D]), guild_id=GUILD, actor_id=A)
    await store.apply(CHANNEL, TABLE, CosmicStart(load_shipped("cosmic"), 99, salt=SALT), actor_id=A)
    for player in (A, B, C):
        await store.apply(CHANNEL, TABLE, Roll(player), actor_id=player)
    await store.undo(CHANNEL, TABLE, actor_id=C)
    for player in (C, D, A):
        await store.apply(CHANNEL, TABLE, Roll(player), actor_id=player)
    return record.id


async def test_a_finished_tables_log_replays_from_its_commitment(database):
    store = GameStore(database)
    game_id = await a_table_with_rolls(store)
    active, finished = await database.read(lambda conn: newest_games(conn, CHANNEL, "table"))
    assert active is not None and active.id == game_id and finished is None
    ended = await store.finish(CHANNEL, TABLE, actor_id=A, results=True)
    active, finished = await database.read(lambda conn: newest_games(conn, CHANNEL, "table"))
    assert active is None and finished is not None and finished.id == game_id and finished.finished

    log = await database.read(lambda conn: game_log(conn, game_id))
    assert log.start == json.loads(json.dumps(TABLE.state_to_dict(table_game(A, [A, B, C, D]))))
    assert [e.move["type"] for e in log.moves] == ["cosmicstart"] + ["roll"] * 5  # the undone roll left out
    assert [line.player for line in roll_lines(log.moves)] == [A, B, C, D, A]
    file = fairness_file("table", game_id, log, finished.state)
    assert finished.state == json.loads(json.dumps(TABLE.state_to_dict(ended.state)))
    assert [(s.game, s.at, s.seed, s.salt) for s in file.seals] == [("cosmic", 1, 99, SALT)]
    report = check(file)
    assert report.ok, report.problems


async def test_a_newer_finished_game_is_the_newest(database):
    store = GameStore(database)
    first = await a_table_with_rolls(store)
    await store.finish(CHANNEL, TABLE, actor_id=A, results=True)
    second = await store.start(CHANNEL, TABLE, table_game(A, [A, B, C, D]), guild_id=GUILD, actor_id=A)
    await store.finish(CHANNEL, TABLE, actor_id=A, results=True)
    third = await store.start(CHANNEL, TABLE, table_game(A, [A, B, C, D]), guild_id=GUILD, actor_id=A)
    active, finished = await database.read(lambda conn: newest_games(conn, CHANNEL, "table"))
    assert (active.id, finished.id) == (third.id, second.id) and first < second.id
    assert await database.read(lambda conn: newest_games(conn, CHANNEL + 1, "table")) == (None, None)


async def test_a_chroma_reveal_reads_the_moves_before_its_own(database):
    store = GameStore(database)
    record = await store.start(CHANNEL, CHROMA, chroma_state(A, 5, ChromaRules(), salt=SALT), guild_id=GUILD,
                               actor_id=A)
    for _ in range(3):
        before = await store.apply(CHANNEL, CHROMA, Shuffle(), actor_id=A)
    reveal = await store.apply(CHANNEL, CHROMA, Reseed(6, new_salt()), actor_id=B)
    log = await database.read(lambda conn: game_log(conn, record.id, before=reveal.game.version))
    assert [e.move["type"] for e in log.moves] == ["shuffle"] * 3
    file = fairness_file("chroma", record.id, log, CHROMA.state_to_dict(before.game.state))
    assert [(s.seed, s.salt) for s in file.seals] == [(5, SALT)] and check(file).ok
