"""Draws nobody has to take on trust (issue 21, item 3), through the fake Discord as players see them: a game posts
its commitment when it gets its seed, never shows the seed or salt while it is played, reveals both when it ends,
and `/verify` posts the file that `tools/verify_fairness.py`, run as its own process, replays to the same draws;
`/cosmic rolls` counts the faces. Early and forged requests are refused."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine.chroma.state import CHROMA
from engine.cosmic_only import COSMIC as DECK_ONLY
from engine.ginjontan.rules import GINJONTAN
from engine.table import TABLE
from engine.uno.cards import card
from engine.uno.rules import UNO
from storage.fairness import newest_games
from tests.discord_layer.test_chaosjan import start as start_chaosjan
from tests.fake_discord.harness import message_text
from tests.storage.test_query_plans import full_scans
from tests.support.table import end_table

ROOT = Path(__file__).resolve().parents[2]
COMMITMENT = re.compile(r"Commitment: `([0-9a-f]{64})`")
NEXT_COMMITMENT = re.compile(r"Commitment for the shuffles to come: `([0-9a-f]{64})`")


@pytest.fixture
def players(harness):
    return [harness.user(name) for name in ("east", "south", "west", "north")]


async def state_of(harness, kind):
    record = await harness.bot.games.get(harness.fake.default_channel, kind)
    return None if record is None else record.state


def hashed(seed, salt) -> str:
    return hashlib.sha256(f"{seed}:{salt}".encode("ascii")).hexdigest()


def everything_said(harness) -> str:
    return "\n".join(message_text(m) for m in harness.channel_messages())


async def verified(harness, user, **options):
    """`/verify`: the public reveal, and the bytes of its file."""
    reply = await harness.slash("verify", user=user, **options)
    assert not reply.ephemeral, reply.text
    await reply.followed_up()
    message = reply.record.followups[0]
    assert not message.get("flags", 0) & 64, "the reveal is public"
    attachment, = message["attachments"]
    assert attachment["filename"].endswith("-fairness.json")
    return message_text(message), harness.fake.uploads[int(attachment["id"])]


async def script(tmp_path, data: bytes, *args: str) -> subprocess.CompletedProcess[str]:
    """tools/verify_fairness.py on the downloaded file, as a player runs it: its own process, no bot, no database."""
    path = tmp_path / "game-fairness.json"
    path.write_bytes(data)
    return await asyncio.to_thread(subprocess.run, [sys.executable, str(ROOT / "tools" / "verify_fairness.py"),
                                                    str(path), *args], capture_output=True, text=True, cwd=tmp_path,
                                   timeout=300)


@pytest.mark.option_effect("verify", "game")
async def test_the_cosmic_decks_commitment_is_posted_kept_revealed_at_the_end_and_replayed(harness, players,
                                                                                            tmp_path):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    started = await harness.slash("cosmic start", user=east)
    posted = COMMITMENT.search(started.text)[1]
    deck = (await state_of(harness, TABLE)).cosmic
    assert not started.ephemeral and posted == hashed(deck.seed, deck.salt)
    seed, salt = str(deck.seed), deck.salt

    faces = []
    for user in (east, south, west, north, east, south, west):
        reply = await harness.slash("cosmic roll", user=user)
        faces.append(int(re.search(r"rolled a \*\*(\d)\*\*", reply.text)[1]))
    early = await harness.slash("verify", user=south, game="cosmic")
    assert early.ephemeral and "revealed when it ends" in early.text
    status = await harness.slash("cosmic status", user=west)
    assert posted in status.text  # anyone can look the commitment up while the game goes on
    assert seed not in everything_said(harness) and salt not in everything_said(harness)

    ended = await end_table(harness, east)
    assert seed in ended.text and salt in ended.text and posted in ended.text
    text, data = await verified(harness, north)  # no game named: the one that ended last
    assert seed in text and salt in text and posted in text

    run = await script(tmp_path, data, "--commitment", posted)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "OK: the commitment matches" in run.stdout and f"SHA-256 of '{seed}:{salt}' = {posted}  OK" in run.stdout
    assert [int(d) for d in re.findall(r"rolled (\d) \(the deck's die", run.stdout)] == faces  # the same dice

    forged = json.loads(data)
    roll = next(m for m in forged["moves"] if m["move"]["type"] == "roll")
    roll["events"][0]["die"] = roll["events"][0]["die"] % 6 + 1
    caught = await script(tmp_path, json.dumps(forged).encode())
    assert caught.returncode == 1 and "DIFFERS from what the bot announced" in caught.stdout
    wrong = await script(tmp_path, data, "--commitment", "0" * 64)
    assert wrong.returncode == 1 and "no seal of the file has the commitment you gave" in wrong.stdout


async def test_cosmic_rolls_counts_each_face_beside_a_fair_die(harness, players):
    east, south, west, north = players
    nothing = await harness.slash("cosmic rolls", user=east)
    assert nothing.ephemeral and "no Cosmic Deck" in nothing.text
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    await harness.slash("cosmic start", user=east)
    empty = await harness.slash("cosmic rolls", user=south)
    assert empty.ephemeral and "Nobody has rolled yet" in empty.text
    faces = []
    for user in (east, south, west, north, east, south):
        reply = await harness.slash("cosmic roll", user=user)
        faces.append(int(re.search(r"rolled a \*\*(\d)\*\*", reply.text)[1]))
    await harness.slash("table undo", user=south)  # an undone roll is not in the log
    faces.pop()
    shown = await harness.slash("cosmic rolls", user=north)
    assert shown.ephemeral
    for face in range(1, 7):
        assert f"{face}: **{faces.count(face)}** (a fair die: 0.8)" in shown.text
    assert "5 rolls in all" in shown.text and "degrees of freedom" in shown.text and "says little" in shown.text
    listed = re.findall(r"`#(\d+)` <@(\d+)> \S \*\*(\d)\*\*", shown.text)
    assert [(int(n), int(d)) for n, _, d in listed] == list(enumerate(faces, start=1))

    await end_table(harness, east)
    after = await harness.slash("cosmic rolls", user=north)  # the table that ended keeps its log
    assert "game over" in after.text and "5 rolls in all" in after.text


async def test_uno_posts_its_commitment_in_the_lobby_and_reveals_it_at_the_end(harness, players, tmp_path):
    ann, ben, cat = players[:3]
    lobby = await harness.slash("uno new", user=ann, preset="classic")
    posted = COMMITMENT.search(lobby.text)[1]
    for player in (ben, cat):
        await harness.click(lobby.message, user=player, label="Join")
    started = await harness.click(lobby.message, user=ann, label="Start")
    await started.followed_up()
    dealt = await state_of(harness, UNO)
    assert posted == hashed(dealt.seed, dealt.salt) and posted in everything_said(harness)
    for _ in range(4):
        state = await state_of(harness, UNO)
        turn = next(p for p in players if p.id == state.turn)
        await harness.slash("uno draw", user=turn)
        if (await state_of(harness, UNO)).drawn is not None:
            await harness.slash("uno pass", user=turn)
    early = await harness.slash("verify", user=ben)
    assert early.ephemeral and "still being played" in early.text
    assert str(dealt.seed) not in everything_said(harness) and dealt.salt not in everything_said(harness)

    ended = await harness.slash("uno end", user=ann)
    assert str(dealt.seed) in ended.text and dealt.salt in ended.text and posted in ended.text
    text, data = await verified(harness, cat, game="uno")
    assert posted in text
    run = await script(tmp_path, data, "--commitment", posted)
    assert run.returncode == 0, run.stdout + run.stderr
    for seat in dealt.seats:  # the deal the players were shown is the one the seed gives
        hand = ", ".join(card(c).notation for c in seat.hand)
        assert f"{seat.name} ({seat.player}): {hand}" in run.stdout
    assert run.stdout.count(" drew ") >= 4


async def test_gin_jon_tan_posts_its_commitment_in_the_lobby_and_reveals_it_at_the_end(harness, players, tmp_path):
    ann, ben = players[:2]
    lobby = await harness.slash("ginjontan new", user=ann)
    posted = COMMITMENT.search(lobby.text)[1]
    await harness.click(lobby.message, user=ben, label="Join")
    await harness.click(lobby.message, user=ann, label="Start")
    dealt = await state_of(harness, GINJONTAN)
    assert posted == hashed(dealt.seed, dealt.salt)
    assert posted in message_text(harness.fake.messages[int(lobby.message["id"])])  # the lobby keeps it
    await harness.slash("ginjontan swap", user=ann, choice="keep")
    early = await harness.slash("verify", user=ben, game="ginjontan")
    assert early.ephemeral and "revealed when it ends" in early.text

    ended = await harness.slash("ginjontan end", user=ann)
    assert str(dealt.seed) in ended.text and dealt.salt in ended.text
    _, data = await verified(harness, ben, game="ginjontan")
    run = await script(tmp_path, data, "--commitment", posted)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "round 1: a deck shuffled by the seed, dealt:" in run.stdout


async def test_a_table_reveals_chaosjans_chosen_seed_and_the_cosmic_decks(harness, players, tmp_path):
    east = players[0]
    await start_chaosjan(harness, players, seed=12345)
    setup = next(m for m in harness.channel_messages() if "Dealt from a seed a player chose" in message_text(m))
    chaos = (await state_of(harness, TABLE)).chaosjan
    assert COMMITMENT.search(message_text(harness.newest_public()))[1] == hashed(12345, chaos.salt)
    assert setup is not None  # a chosen seed is said publicly, and still has its commitment
    await harness.slash("cosmic start", user=east)
    await harness.slash("cosmic roll", user=east)
    cosmic = (await state_of(harness, TABLE)).cosmic

    ended = await end_table(harness, east)
    for seal in (chaos, cosmic):
        assert str(seal.seed) in ended.text and seal.salt in ended.text
    _, data = await verified(harness, players[2], game="chaosjan")
    assert [s["game"] for s in json.loads(data)["seals"]] == ["chaosjan", "cosmic"]
    run = await script(tmp_path, data)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "OK: the commitments match" in run.stdout and "CHAOS;JAN decks shuffled by the seed" in run.stdout

    reopened = await harness.slash("table undo", user=east)  # undoing the end: everyone has seen the seeds
    assert "Cosmic Deck's seed was revealed" in reopened.text and "CHAOS;JAN's seed was shown" in reopened.text
    again = await harness.slash("verify", user=east, game="cosmic")
    assert again.ephemeral and "still being played" in again.text


async def test_chroma_reveals_its_seed_on_request_and_deals_on_from_a_new_one(harness, tmp_path):
    host, guest = harness.user("host", manager=True), harness.user("guest")
    none = await harness.slash("verify", user=guest, game="chroma")
    assert none.ephemeral and "no chroma abilities" in none.text
    first = await harness.slash("chroma shuffle", user=host)
    posted = NEXT_COMMITMENT.search(first.text)[1]
    state = await state_of(harness, CHROMA)
    assert posted == hashed(state.seed, state.salt)
    await harness.slash("chroma shuffle", user=host)

    before = await state_of(harness, CHROMA)
    refused = await harness.slash("verify", user=guest, game="chroma")  # a reveal starts a new seed: managers only
    assert refused.ephemeral and "Manage Channel" in refused.text
    assert await state_of(harness, CHROMA) == before
    text, data = await verified(harness, host, game="chroma")
    assert str(state.seed) in text and state.salt in text and posted in text
    fresh = await state_of(harness, CHROMA)
    assert fresh.seed != state.seed and NEXT_COMMITMENT.search(text)[1] == hashed(fresh.seed, fresh.salt)
    assert str(fresh.seed) not in text and fresh.salt not in text
    run = await script(tmp_path, data, "--commitment", posted)
    assert run.returncode == 0 and run.stdout.count("shuffle ") >= 2, run.stdout + run.stderr

    again = await harness.slash("verify", user=host, game="chroma")
    assert again.ephemeral and "nothing to reveal" in again.text
    later = await harness.slash("chroma shuffle", user=host)
    assert NEXT_COMMITMENT.search(later.text)[1] == hashed(fresh.seed, fresh.salt)


async def test_forged_and_empty_requests_are_refused_kindly(harness, players):
    user = players[0]
    forged = await harness.slash("verify", user=user, game="table; DROP TABLE games")
    assert forged.ephemeral
    nothing = await harness.slash("verify", user=user)
    assert nothing.ephemeral and "No game has ended in this channel with a commitment" in nothing.text
    await harness.slash("table start", user=user, east=players[0], south=players[1], west=players[2],
                        north=players[3])
    await end_table(harness, user)  # a table that never had a Cosmic Deck: nothing to reveal for it
    no_deck = await harness.slash("verify", user=user, game="cosmic")
    assert no_deck.ephemeral and "No game has ended" in no_deck.text


async def test_verify_and_rolls_search_indexes_only(harness, players):
    east, south, west, north = players
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    await harness.slash("cosmic start", user=east)
    await harness.slash("cosmic roll", user=east)
    await end_table(harness, east)
    statements: list[str] = []
    await harness.bot.db.read(lambda conn: conn.set_trace_callback(statements.append))
    await harness.slash("cosmic rolls", user=south)
    await verified(harness, west, game="cosmic")
    await harness.slash("verify", user=north, game="uno")
    await harness.bot.db.read(lambda conn: conn.set_trace_callback(None))
    assert any("game_snapshots" in s for s in statements)
    assert full_scans(harness.database_path, statements) == {}


async def deck_only_state(harness):
    return await state_of(harness, DECK_ONLY)


async def test_a_deck_without_a_table_commits_on_opening_and_reveals_when_put_away(harness, players, tmp_path):
    east, south = players[:2]
    opened = await harness.slash("cosmic start", user=east)
    posted = COMMITMENT.search(opened.text)[1]
    deck = (await deck_only_state(harness)).cosmic
    assert posted == hashed(deck.seed, deck.salt)
    seed, salt = str(deck.seed), deck.salt
    await harness.click(opened.message, user=south, label="Join")
    faces = []
    for user in (east, south, east, south, east):
        reply = await harness.slash("cosmic roll", user=user)
        faces.append(int(re.search(r"rolled a \*\*(\d)\*\*", reply.text)[1]))
    await harness.slash("cosmic next", user=east)
    faces.append(int(re.search(r"rolled a \*\*(\d)\*\*", (await harness.slash("cosmic roll", user=south)).text)[1]))

    early = await harness.slash("verify", user=south, game="cosmic")
    assert early.ephemeral and "revealed when it ends" in early.text
    shown = await harness.slash("cosmic rolls", user=south)  # the deck on its own keeps a log too
    assert f"{len(faces)} rolls in all" in shown.text
    for face in range(1, 7):
        assert f"{face}: **{faces.count(face)}** (a fair die: 1.0)" in shown.text
    assert posted in (await harness.slash("cosmic status", user=south)).text
    assert seed not in everything_said(harness) and salt not in everything_said(harness)

    put_away = await harness.slash("cosmic end", user=east)
    assert seed in put_away.text and salt in put_away.text and posted in put_away.text
    text, data = await verified(harness, south, game="cosmic")
    assert posted in text and json.loads(data)["kind"] == "cosmic"
    run = await script(tmp_path, data, "--commitment", posted)
    assert run.returncode == 0, run.stdout + run.stderr
    assert [int(d) for d in re.findall(r"rolled (\d) \(the deck's die", run.stdout)] == faces
    after = await harness.slash("cosmic rolls", user=east)
    assert "game over" in after.text and f"{len(faces)} rolls in all" in after.text


async def test_a_deck_a_table_took_over_stays_secret_until_the_table_ends(harness, players, tmp_path):
    east, south, west, north = players
    opened = await harness.slash("cosmic start", user=east)
    posted = COMMITMENT.search(opened.text)[1]
    await harness.slash("cosmic roll", user=east)
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north)
    deck = (await state_of(harness, TABLE)).cosmic
    assert hashed(deck.seed, deck.salt) == posted  # the same seed goes on: the same commitment
    assert posted in (await harness.slash("cosmic status", user=west)).text
    await harness.slash("cosmic roll", user=south)

    early = await harness.slash("verify", user=north, game="cosmic")  # the deck-only game is over, its deck isn't
    assert early.ephemeral and "still being played" in early.text
    anything = await harness.slash("verify", user=north)
    assert anything.ephemeral and str(deck.seed) not in everything_said(harness)

    ended = await end_table(harness, east)
    assert str(deck.seed) in ended.text and deck.salt in ended.text
    reply = await harness.slash("verify", user=west, game="cosmic")  # the table, which ended last, and the deck before
    await reply.followed_up()
    message = reply.record.followups[0]
    table_file, deck_file = (harness.fake.uploads[int(a["id"])] for a in message["attachments"])
    assert "took over a Cosmic Deck" in message_text(message)
    file = json.loads(table_file)
    assert file["kind"] == "table" and [(s["game"], s["at"]) for s in file["seals"]] == [("cosmic", 0)]
    assert json.loads(deck_file)["kind"] == "cosmic"
    for data in (table_file, deck_file):  # each replays one roll: south's at the table, east's before it
        run = await script(tmp_path, data, "--commitment", posted)
        assert run.returncode == 0, run.stdout + run.stderr
        assert len(re.findall(r"rolled \d \(the deck's die", run.stdout)) == 1


async def test_a_deck_taken_over_by_a_table_in_a_thread_stays_secret_here_too(harness, players):
    east, south, west, north = players
    await harness.slash("cosmic start", user=east)
    await harness.slash("cosmic roll", user=east)
    await harness.slash("table start", user=east, east=east, south=south, west=west, north=north, thread=True)
    deck = (await deck_only_state_finished(harness)).cosmic
    refused = await harness.slash("verify", user=north, game="cosmic")  # here: only the finished deck-only game
    assert refused.ephemeral and "went on to a table that is still being played" in refused.text
    assert str(deck.seed) not in everything_said(harness) and deck.salt not in everything_said(harness)


async def deck_only_state_finished(harness):
    games = await harness.bot.db.read(lambda conn: newest_games(conn, harness.fake.default_channel, DECK_ONLY.name))
    active, finished = games
    assert active is None and finished is not None
    return DECK_ONLY.state_from_dict(finished.state)
