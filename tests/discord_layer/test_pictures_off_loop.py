"""Issue 19, item 1: an interaction whose reply carries a picture is acknowledged before the picture is drawn; the
picture is drawn off the event loop, which answers other commands meanwhile; what players see in the end is the same
(the move's reply carries the board and pings whom the game waits for; the hand comes privately)."""

from __future__ import annotations

import asyncio
import threading

import pytest

from engine.uno.rules import waiting_on
from render import chroma as chroma_render
from render import offload
from render import uno as uno_render
from tests.discord_layer.test_uno import card_of, current, scenario, start_game
from tests.fake_discord.harness import InteractionLog, message_text
from tests.support.waiting import wait_for

LOADING = 128  # a deferred reply's "thinking..." flag


@pytest.fixture
def harness_picture_workers() -> int:
    return 0  # drawn in threads here, so that a test can hold a drawing (the bot's worker processes: test_offload)


@pytest.fixture
def gate(monkeypatch):
    """Hold every drawing of the patched picture functions until the test opens the gate."""
    opened = threading.Event()
    drawn: list[str] = []

    def hold(module, name: str) -> None:
        real = getattr(module, name)

        def held(*args, **kwargs):
            opened.wait(10)
            drawn.append(name)
            return real(*args, **kwargs)

        monkeypatch.setattr(module, name, held)

    offload.clear()
    yield hold, opened, drawn
    opened.set()
    offload.clear()


async def sent_while_held(harness, command: str, user, **options) -> tuple[asyncio.Task, InteractionLog]:
    """Send `command` and return once the bot has acknowledged it, the reply not yet answered."""
    before = set(harness.fake.interactions)
    task = asyncio.create_task(harness.slash(command, user=user, **options))

    async def acknowledged() -> bool:
        return any(r.acknowledged for i, r in harness.fake.interactions.items() if i not in before)

    await wait_for(acknowledged, 5)
    record = next(r for i, r in harness.fake.interactions.items() if i not in before)
    return task, InteractionLog(harness.fake, record)


async def test_the_private_hand_is_acknowledged_before_its_picture_is_drawn(harness, gate):
    hold, opened, drawn = gate
    ann, ben = players = [harness.user("ann"), harness.user("ben")]
    await start_game(harness, players)
    hold(uno_render, "hand_png")
    task, log = await sent_while_held(harness, "uno hand", ann)
    assert log.response_type == 5 and log.ephemeral and log.message["flags"] & LOADING  # deferred, privately
    assert drawn == []
    help_reply = await harness.slash("help", user=ben)  # the event loop is free while the picture waits
    assert help_reply.text
    opened.set()
    hand = await task
    state = await current(harness)
    assert drawn == ["hand_png"] and hand.ephemeral and not hand.message["flags"] & LOADING
    assert hand.message["attachments"][0]["filename"] == uno_render.HAND_FILE
    assert f"Your hand · {len(state.hand(ann.id))} cards" in hand.text


async def test_a_move_is_acknowledged_before_its_board_is_drawn_and_its_reply_is_the_same(harness, gate):
    hold, opened, drawn = gate
    mover, ben, cat = players = [harness.user(n) for n in ("ann", "ben", "cat")]
    used: set[int] = set()

    def cards(colour: str, *ranks: str) -> list[int]:
        ids = [card_of(colour, rank, used) for rank in ranks]
        used.update(ids)
        return ids

    await scenario(harness, players, {mover.id: cards("g", "3", "4"), ben.id: cards("b", "3"),
                                      cat.id: cards("y", "3")}, top=card_of("r", "9"), turn=mover.id)
    await harness.bot.uno_board.settle()
    before = len(harness.public_messages())
    hold(uno_render, "board_png")
    task, log = await sent_while_held(harness, "uno draw", mover)
    # Not a deferral: Discord notifies nobody when a deferred reply is completed (discord-api-docs#5497), so the
    # reply goes out at once, pinging whom the game waits for, and its picture follows by an edit.
    assert log.response_type == 4 and not log.ephemeral and drawn == [], log.data
    state = await current(harness)
    board = harness.newest_public()
    assert board["attachments"] == [] and "drew" in message_text(board)
    assert board["pinged"] == sorted(waiting_on(state))
    opened.set()
    reply = await task

    async def pictured() -> bool:
        return bool(harness.fake.messages[int(board["id"])]["attachments"])

    await wait_for(pictured, 5)
    await harness.bot.uno_board.settle()
    board = harness.newest_public()
    assert drawn == ["board_png"] and board["id"] == reply.message["id"]
    assert len(harness.public_messages()) == before + 1
    assert board["attachments"][0]["filename"] == uno_render.BOARD_FILE and "drew" in message_text(board)
    assert board["embeds"][-1]["image"]["url"] == f"attachment://{uno_render.BOARD_FILE}"
    assert board["pinged"] == sorted(waiting_on(state))


async def test_a_picture_already_drawn_goes_with_the_reply_at_once(harness):
    ann = harness.user("ann")
    players = [ann, harness.user("ben")]
    await start_game(harness, players)
    offload.clear()
    first = await harness.slash("uno hand", user=ann)
    again = await harness.slash("uno hand", user=ann)  # nothing changed: the same picture, from the cache
    assert first.response_type == 5 and again.response_type == 4 and again.ephemeral
    stored = harness.fake.uploads
    picture = [stored[int(m["attachments"][0]["id"])] for m in (first.message, again.message)]
    assert picture[0] == picture[1]


async def test_chroma_waits_is_acknowledged_before_its_picture_is_drawn(harness, gate):
    hold, opened, drawn = gate
    ann = harness.user("ann")
    hold(chroma_render, "hand_png")
    task, log = await sent_while_held(harness, "chroma waits", ann, hand="1112345678999m")
    assert log.response_type == 5 and log.ephemeral and drawn == []
    opened.set()
    reply = await task
    assert drawn == ["hand_png"] and reply.message["attachments"] and "1m" in reply.text


async def test_a_burst_of_moves_never_waits_for_a_picture_and_the_newest_board_gets_its_own(harness, gate):
    """Moves in one channel follow each other while the board's picture is still being drawn: each is answered at
    once (the next move does not wait for the last one's picture), and once drawing goes on, the first board (whose
    drawing had begun) and the newest get their pictures; the board in between, replaced before its turn came,
    keeps its text board and costs no drawing."""
    hold, opened, drawn = gate
    ann, ben, cat = players = [harness.user(n) for n in ("ann", "ben", "cat")]
    used: set[int] = set()

    def cards(colour: str, *ranks: str) -> list[int]:
        ids = [card_of(colour, rank, used) for rank in ranks]
        used.update(ids)
        return ids

    await scenario(harness, players, {ann.id: cards("g", "3") + cards("r", "1"),
                                      ben.id: cards("g", "5") + cards("r", "2"),
                                      cat.id: cards("g", "6") + cards("r", "4")}, top=card_of("g", "9"), turn=ann.id)
    await harness.bot.uno_board.settle()
    hold(uno_render, "board_png")
    replies = [await harness.slash("uno play", user=user, card=card)
               for user, card in ((ann, "g3"), (ben, "g5"), (cat, "g6"))]
    assert drawn == []  # every move was answered while no picture could be drawn
    for reply in replies:
        assert not reply.ephemeral and reply.response_type == 4 and reply.message["attachments"] == [], reply.text
    opened.set()
    await harness.bot.uno_board.settle()
    stored = [harness.fake.messages[int(r.message["id"])] for r in replies]
    assert [bool(m["attachments"]) for m in stored] == [True, False, True]
    assert drawn == ["board_png", "board_png"]
    assert stored[2]["embeds"][-1]["image"]["url"] == f"attachment://{uno_render.BOARD_FILE}"
    assert "image" not in stored[1]["embeds"][-1]
    assert harness.newest_public()["id"] == stored[2]["id"]
