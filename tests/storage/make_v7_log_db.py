"""Builds tests/storage/data/log_v7.db.gz: a database written by Chaos Table at schema version 7, where every log
entry holds the whole state after it (`game_events.state_after`). tests/storage/test_log_migration.py opens it
with the current code. Run once with the code as of commit efedacd (the last one with that format), from a copy
of that tree:

    git archive efedacd | tar -x -C /tmp/v7 && cp tests/storage/make_v7_log_db.py /tmp/v7/tests/storage/
    cd /tmp/v7 && python -m tests.storage.make_v7_log_db /work/wt/log/tests/storage/data/log_v7.db.gz

Seeded: tallies (one past 200 entries, with undos), a table with the Cosmic Deck (ended, reopened, played on),
a CHAOS;JAN table, an Uno game played to its end and one still going, Chroma settings, a Gin-jon-tan game.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import random
import sqlite3
import sys
import tempfile
from pathlib import Path

from engine.chaosjan.catalogue import load_shipped as load_catalogue
from engine.chroma.state import CHROMA, Shuffle
from engine.chroma.state import new_state as chroma_state
from engine.deck import load_shipped as load_deck
from engine.errors import GameError
from engine.ginjontan.options import GinjontanOptions
from engine.ginjontan.rules import GINJONTAN, legal_moves
from engine.ginjontan.rules import new_game as ginjontan_game
from engine.table import TABLE, CosmicStart, HandValue, Pay, Riichi, Roll, Ron, Tsumo, Win
from engine.table import new_game as table_game
from engine.uno import rules as uno
from engine.uno.options import PRESETS
from storage import Database, GameStore
from tests.engine.chaosjan.test_properties import candidates, setup_moves
from tests.support.tally import TALLY, Add
from tests.support.tally import new_game as tally_game

P = [10**17 + i for i in range(1, 5)]  # Discord-sized ids


async def tallies(store: GameStore, rng: random.Random) -> None:
    await store.start(1, TALLY, tally_game(P[0], P[:2]), guild_id=9, actor_id=P[0])
    for i in range(230):
        await store.apply(1, TALLY, Add(P[i % 2], rng.randint(1, 9)), actor_id=P[i % 2])
        if i % 7 == 3:
            await store.undo(1, TALLY, actor_id=P[0])
    await store.start(2, TALLY, tally_game(P[0], P[:2]), guild_id=9, actor_id=P[0])
    for i in range(30):
        await store.apply(2, TALLY, Add(P[i % 2], i + 1), actor_id=P[i % 2])
    await store.finish(2, TALLY, actor_id=P[0])


async def cosmic_table(store: GameStore, rng: random.Random) -> None:
    await store.start(3, TABLE, table_game(P[0], P), guild_id=9, actor_id=P[0])
    await store.apply(3, TABLE, CosmicStart(load_deck("cosmic"), 77), actor_id=P[0])
    for hand in range(6):
        for _ in range(3):
            with contextlib.suppress(GameError):  # a roll the rules refuse is simply not made
                await store.apply(3, TABLE, Roll(rng.choice(P)), actor_id=P[0])
        await store.apply(3, TABLE, Riichi(P[hand % 4]), actor_id=P[hand % 4])
        if hand % 2:
            await store.apply(3, TABLE, Ron(P[(hand + 1) % 4], (Win(P[hand % 4], HandValue(han=3, fu=30)),)),
                              actor_id=P[0])
        else:
            await store.apply(3, TABLE, Tsumo(Win(P[hand % 4], HandValue(han=2, fu=40))), actor_id=P[0])
        if hand == 3:
            await store.undo(3, TABLE, actor_id=P[0])
    await store.finish(3, TABLE, actor_id=P[0], results=True)
    await store.reopen(3, TABLE, actor_id=P[0])
    await store.apply(3, TABLE, Pay(P[1], 1000, P[2]), actor_id=P[1])


async def chaosjan_table(store: GameStore, rng: random.Random) -> None:
    await store.start(4, TABLE, table_game(1, [1, 2, 3, 4]), guild_id=9, actor_id=1)
    for move in setup_moves(load_catalogue(), 4, 5, rng):
        await store.apply(4, TABLE, move, actor_id=1)
    for step in range(150):
        record = await store.require(4, TABLE)
        if record.state.over:
            break
        await store.apply(4, TABLE, rng.choice(candidates(record.state, rng)), actor_id=1)
        if step % 40 == 39:
            await store.undo(4, TABLE, actor_id=1)


async def uno_games(store: GameStore, rng: random.Random) -> None:
    for channel, cap in ((5, 10**6), (6, 120)):
        await store.start(channel, uno.UNO, uno.new_game(PRESETS["chaos"], P, channel), guild_id=9, actor_id=P[0])
        for _ in range(cap):
            record = await store.get(channel, uno.UNO)
            if record is None:
                break
            state = record.state
            move = rng.choice([m for p in uno.waiting_on(state) for m in uno.legal_moves(state, p)])
            await store.apply(channel, uno.UNO, move, actor_id=P[0])


async def other_games(store: GameStore, rng: random.Random) -> None:
    await store.start(7, CHROMA, chroma_state(P[0], 3), guild_id=9, actor_id=P[0])
    for _ in range(4):
        await store.apply(7, CHROMA, Shuffle(), actor_id=P[0])
    await store.undo(7, CHROMA, actor_id=P[0])
    await store.start(8, GINJONTAN, ginjontan_game(GinjontanOptions(rounds=2), P[:3], 11), guild_id=9, actor_id=P[0])
    for _ in range(200):
        record = await store.get(8, GINJONTAN)
        if record is None:
            break
        player, _ = rng.choice(record.state.waiting)
        await store.apply(8, GINJONTAN, rng.choice(legal_moves(record.state, player)), actor_id=player)


async def build(path: Path) -> None:
    db = await Database.open(path)
    store = GameStore(db)
    rng = random.Random(19)
    for part in (tallies, cosmic_table, chaosjan_table, uno_games, other_games):
        await part(store, rng)
    await db.close()


def main() -> None:
    out = Path(sys.argv[1])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "v7.db"
        asyncio.run(build(path))
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute("VACUUM")
        conn.close()
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(gzip.compress(path.read_bytes(), mtime=0))


if __name__ == "__main__":
    main()
