"""Migration 0008 (issue 19, item 4) on a database schema version 7 wrote (tests/storage/data/log_v7.db.gz, built by
make_v7_log_db.py with the code of that version): every entry's old `state_after` is what the log now replays to,
history, results and request keys are kept, undo and `states` work on, and the file shrinks after VACUUM."""

from __future__ import annotations

import gzip
import json
import sqlite3
from pathlib import Path

import pytest

from engine.chroma.state import CHROMA
from engine.ginjontan.rules import GINJONTAN
from engine.table import TABLE, Pay
from engine.uno.rules import UNO
from storage import Database, GameStore, games
from storage.database import check_file, migrations
from tests.support.tally import TALLY

FIXTURE = Path(__file__).parent / "data" / "log_v7.db.gz"
KINDS = {kind.name: kind for kind in (TALLY, TABLE, UNO, CHROMA, GINJONTAN)}


def old_rows(path: Path) -> tuple[list[dict], list[dict], list[tuple]]:
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == 7
        return ([dict(r) for r in conn.execute("SELECT * FROM games ORDER BY id")],
                [dict(r) for r in conn.execute("SELECT * FROM game_events ORDER BY game_id, seq")],
                conn.execute("SELECT * FROM game_results ORDER BY game_id, user_id").fetchall())
    finally:
        conn.close()


def as_read(kind, text: str) -> dict:
    """A state stored by version 7 as this version reads it (options added since take their defaults)."""
    return as_json(kind, kind.state_from_dict(json.loads(text)))


def as_json(kind, state) -> dict:
    return json.loads(json.dumps(kind.state_to_dict(state)))


def file_size(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        conn.execute("VACUUM")
        return conn.execute("PRAGMA page_count").fetchone()[0] * conn.execute("PRAGMA page_size").fetchone()[0]
    finally:
        conn.close()


@pytest.fixture
def v7(tmp_path) -> Path:
    path = tmp_path / "v7.db"
    path.write_bytes(gzip.decompress(FIXTURE.read_bytes()))
    return path


@pytest.fixture
async def migrated(v7):
    rows = old_rows(v7)
    before = file_size(v7)
    db = await Database.open(v7)
    yield GameStore(db), rows, before
    await db.close()


async def test_every_old_state_is_what_the_log_replays_to(migrated):
    store, (old_games, old_events, _), _ = migrated
    assert await store.db.schema_version() == len(migrations()) >= 8
    for game in old_games:
        kind = KINDS[game["kind"]]
        expected = [as_read(kind, e["state_after"]) for e in old_events if e["game_id"] == game["id"]]
        states = await store.db.read(lambda conn, g=game, k=kind: games._replay(conn, k, g["id"], 0, g["version"])[0])
        assert [as_json(kind, s) for s in states] == expected, game["kind"]
        assert as_json(kind, (await store.db.read(
            lambda conn, g=game, k=kind: games._replay(conn, k, g["id"], g["version"], g["version"])[0]))[0]) == \
            as_read(kind, game["state"])


async def test_the_log_results_and_keys_are_kept(migrated):
    store, (old_games, old_events, old_results), _ = migrated
    new = await store.db.read(lambda conn: [dict(r) for r in conn.execute(
        "SELECT * FROM game_events ORDER BY game_id, seq")])
    keep = ("game_id", "seq", "type", "actor_id", "move", "undone_by", "request")
    assert [{k: e[k] for k in keep} for e in new] == [{k: e[k] for k in keep} for e in old_events]
    assert [json.loads(e["events"] or "[]") for e in new] == [json.loads(e["events"]) for e in old_events]
    assert await store.db.read(lambda conn: conn.execute(  # the columns version 7 had (0012 added more)
        "SELECT game_id, guild_id, kind, user_id, place, points, finished_at FROM game_results"
        " ORDER BY game_id, user_id").fetchall()) == old_results
    for game in old_games:
        if game["status"] != "active":
            continue
        history = await store.history(game["channel_id"], KINDS[game["kind"]], limit=10**6)
        old = [e for e in old_events if e["game_id"] == game["id"]]
        assert [(e.seq, e.type, e.actor_id, e.undone_by, e.created_at) for e in history] == \
               [(e["seq"], e["type"], e["actor_id"], e["undone_by"], e["created_at"]) for e in old]


async def test_undo_states_and_moves_go_on(migrated):
    store, (old_games, old_events, _), _ = migrated
    table = next(g for g in old_games if g["kind"] == "table" and g["status"] == "active" and "chaosjan" in g["state"]
                 and json.loads(g["state"])["chaosjan"] is not None)
    old = {e["seq"]: e for e in old_events if e["game_id"] == table["id"]}
    channel = table["channel_id"]
    states = await store.states(channel, TABLE, 0, table["version"])
    assert [as_json(TABLE, s) for s in states] == [as_read(TABLE, old[s]["state_after"]) for s in sorted(old)]
    live = [s for s, e in sorted(old.items()) if e["type"] in ("start", "move") and e["undone_by"] is None]
    undone = await store.undo(channel, TABLE, actor_id=1)
    assert undone.undone.seq == live[-1]
    assert as_json(TABLE, undone.game.state) == as_read(TABLE, old[live[-2]]["state_after"])
    again = await store.undo(channel, TABLE, actor_id=1)
    assert as_json(TABLE, again.game.state) == as_read(TABLE, old[live[-3]]["state_after"])
    cosmic = next(g for g in old_games if g["kind"] == "table" and g["status"] == "active" and g is not table)
    seat = json.loads(cosmic["state"])["seats"][1]
    moved = await store.apply(cosmic["channel_id"], TABLE, Pay(seat["player"], 1000), actor_id=seat["player"])
    assert moved.game.state.seats[1].points == seat["points"] - 1000
    assert (await store.get(cosmic["channel_id"], TABLE)).state == moved.game.state


async def test_the_file_shrinks_by_the_states_it_no_longer_keeps(migrated, v7):
    store, (_, old_events, _), before = migrated
    kept = await store.db.read(lambda conn: conn.execute("SELECT SUM(LENGTH(state)) FROM game_snapshots").fetchone()[0])
    await store.db.close()
    dropped = sum(len(e["state_after"]) for e in old_events) - kept
    assert dropped > 0
    assert before - file_size(v7) > dropped * 0.8
    check_file(v7)
