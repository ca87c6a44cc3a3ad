"""render/offload.py: pictures drawn off the event loop and cached by what they show (issue 19, item 1)."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import threading

import pytest

from engine.chroma.tiles import parse_tiles
from engine.uno.cards import CARDS, Colour
from render import chroma_pictures, ginjontan_pictures, offload
from render.offload import Drawing
from render.uno_pictures import PileDrawing, board_png, hand_png
from tests.render import drawings


@pytest.fixture(autouse=True)
def empty_cache():
    offload.use_threads()  # a bot started earlier in this test process may have switched to worker processes
    offload.clear()
    yield
    offload.clear()


@pytest.fixture
def processes():
    offload.use_processes(2)
    yield
    offload.use_threads()


def random_hand(rng: random.Random) -> tuple[tuple[tuple[int, ...]], dict]:
    """From a small pool, so the same hand, and hands that differ in one card or one mark, come up often."""
    cards = tuple(rng.sample(range(12), rng.randint(0, 4)))
    playable = [c for c in cards if rng.random() < 0.3]
    jump = [c for c in cards if rng.random() < 0.2]
    return (cards,), {"playable": playable, "jump": set(jump)}


def random_board(rng: random.Random) -> tuple[tuple[list[PileDrawing]], dict]:
    wild = next(c.id for c in CARDS if c.rank == "wild")
    piles = [PileDrawing(1, rng.choice((0, wild)), rng.choice((None, Colour.RED)), rng.randint(1, 2)),
             PileDrawing(2, 1, None, 1, rng.choice((None, 2)), rng.choice((None, "→ Ann")))]
    return (piles,), {"draw_pile": rng.randint(0, 1)}


@pytest.mark.parametrize("fn, make", [(hand_png, random_hand), (board_png, random_board)])
async def test_every_cached_picture_is_the_one_drawn_for_its_content(fn, make) -> None:
    """Over 60 requests where equal and nearly equal contents recur, each answer is exactly what the function draws
    for that content: a key that missed a visible element would hand one content another's picture."""
    rng = random.Random(19)
    requests = [make(rng) for _ in range(60)]
    keys = {offload.key_of(fn, *args, **kwargs) for args, kwargs in requests}
    assert 1 < len(keys) < len(requests)  # some recur, so the cache answers some of them
    for args, kwargs in requests:
        assert await offload.picture(fn, *args, **kwargs) == fn(*args, **kwargs)


async def test_two_different_hands_or_boards_never_share_a_picture() -> None:
    red = [c.id for c in CARDS if c.colour is Colour.RED][:3]
    hands = [((red[:2],), {}), ((red[1::-1],), {}), ((red[:2],), {"playable": red[:1]}),
             ((red[:2],), {"jump": red[:1]}), ((red[:3],), {})]
    piles = [PileDrawing(1, red[0], None, 3)]
    boards = [((piles,), {"draw_pile": 5}), ((piles,), {"draw_pile": 6}),
              (([PileDrawing(1, red[0], None, 4)],), {"draw_pile": 5}),
              (([PileDrawing(1, red[0], None, 3, 2, "→ Ann")],), {"draw_pile": 5}),
              (([PileDrawing(1, red[0], None, 3, 2, "→ Bob")],), {"draw_pile": 5})]
    for fn, variants in ((hand_png, hands), (board_png, boards)):
        pictures = [await offload.picture(fn, *args, **kwargs) for args, kwargs in variants]
        assert len(set(pictures)) == len(variants)


async def test_the_same_content_is_one_picture_however_it_is_passed() -> None:
    cards = [3, 7, 9]
    first = await offload.picture(hand_png, cards, playable={7, 9}, jump=[])
    assert offload.cached(hand_png, tuple(cards), playable=frozenset({9, 7}), jump=()) is first
    assert offload.cached(hand_png, cards, playable={7}) is None


async def test_drawing_happens_off_the_event_loop_and_a_cached_picture_is_not_drawn_again() -> None:
    threads: list[threading.Thread] = []

    def draw(text: str) -> bytes:
        threads.append(threading.current_thread())
        return text.encode()

    assert await offload.picture(draw, "a") == b"a"
    assert await offload.picture(draw, "a") == b"a"
    assert len(threads) == 1 and threads[0] is not threading.current_thread()


async def test_the_same_picture_asked_for_at_once_is_drawn_once() -> None:
    calls = []
    gate = threading.Event()

    def draw(text: str) -> bytes:
        calls.append(text)
        gate.wait(5)
        return text.encode()

    waiting = [asyncio.create_task(offload.picture(draw, "x")) for _ in range(5)]
    await asyncio.sleep(0.05)
    gate.set()
    assert await asyncio.gather(*waiting) == [b"x"] * 5
    assert calls == ["x"]


async def test_a_failed_drawing_raises_and_is_not_kept() -> None:
    def draw(text: str) -> bytes:
        raise ValueError(text)

    with pytest.raises(ValueError, match="no"):
        await offload.picture(draw, "no")
    assert offload.cached(draw, "no") is None


async def test_the_cache_keeps_the_newest_within_its_bounds(monkeypatch) -> None:
    monkeypatch.setattr(offload, "CACHE_ENTRIES", 3)
    monkeypatch.setattr(offload, "CACHE_BYTES", 10)

    def draw(text: str) -> bytes:
        return text.encode()

    for text in ("a", "b", "c"):
        await offload.picture(draw, text)
    assert offload.cached(draw, "a") is not None  # used: now the newest
    await offload.picture(draw, "d")
    assert [offload.cached(draw, t) is not None for t in "abcd"] == [True, False, True, True]
    await offload.picture(draw, "0123456789")  # 10 bytes: it fills the cache alone
    assert [offload.cached(draw, t) is not None for t in ("a", "c", "d", "0123456789")] == [False, False, False, True]
    await offload.picture(draw, "x" * 11)  # larger than the whole cache: drawn, not kept
    assert offload.cached(draw, "x" * 11) is None and offload.cached(draw, "0123456789") is not None


async def test_every_picture_kind_can_be_keyed_and_drawn_through_a_drawing() -> None:
    tiles = tuple(parse_tiles("123*m456p"))
    drawings = [
        Drawing("hand.png", chroma_pictures.hand_png, (tiles,), {"melds": ((tiles[0],) * 3,), "captions": None}),
        Drawing("legend.png", chroma_pictures.legend_png),
        Drawing("hand.png", ginjontan_pictures.cards_picture, ([("Hand", [0, 5]), ("Reserve", [])],),
                {"marks": {5: "combo"}, "per_line": 5}),
        Drawing("duel.png", ginjontan_pictures.duel_picture, ("Ann", (1,), "Bob", (2, 3))),
    ]
    for drawing in drawings:
        assert not drawing.ready()
        assert await drawing.png() == drawing.fn(*drawing.args, **drawing.kwargs) == drawing.draw()
        assert drawing.ready()
        assert (await drawing.file()).filename == drawing.filename


async def test_a_drawing_started_early_is_the_one_waited_for() -> None:
    calls = []

    def draw(text: str) -> bytes:
        calls.append(text)
        return text.encode()

    offload.start(draw, "s")
    offload.start(draw, "s")
    assert await offload.picture(draw, "s") == b"s"
    offload.start(draw, "s")  # cached: nothing to draw
    assert calls == ["s"]


# -- worker processes (the bot's way: bot.setup_hook calls use_processes) -------------------------------------------


async def test_in_processes_a_picture_is_drawn_in_another_process_and_cached(processes) -> None:
    first = await offload.picture(drawings.pid, "a")
    text, pid = first.decode().split(":")
    assert text == "a" and int(pid) != os.getpid() and int(pid) in offload.worker_pids()
    assert await offload.picture(drawings.pid, "a") is first  # cached: not drawn again
    assert await offload.picture(drawings.pid, "b") != first


async def test_every_picture_kind_is_the_same_drawn_in_a_process(processes) -> None:
    tiles = tuple(parse_tiles("123*m456p"))
    cards = [c.id for c in CARDS][:5]
    for drawing in (Drawing("hand.png", chroma_pictures.hand_png, (tiles,), {"melds": ((tiles[0],) * 3,)}),
                    Drawing("legend.png", chroma_pictures.legend_png),
                    Drawing("duel.png", ginjontan_pictures.duel_picture, ("Ann", (1,), "Bob", (2, 3))),
                    Drawing("hand.png", hand_png, (tuple(cards),), {"playable": frozenset(cards[:2])}),
                    Drawing("board.png", board_png, ((PileDrawing(1, cards[0], None, 3, 2, "→ Ann"),),),
                            {"draw_pile": 7})):
        assert await drawing.png() == drawing.draw()


async def test_workers_run_below_the_event_loop_s_priority(processes) -> None:
    own = os.getpriority(os.PRIO_PROCESS, 0)
    worker = int((await offload.picture(drawings.priority, "p")).decode().split(":")[1])
    assert worker == min(19, own + offload.WORKER_NICE)


async def test_a_killed_worker_is_replaced_and_the_picture_still_arrives(processes) -> None:
    """A worker killed while it draws (out of memory, an operator's kill): the picture is drawn again in new
    workers, and later pictures go to them."""
    drawing = asyncio.create_task(offload.picture(drawings.slow, "kept", 0.5))
    await asyncio.sleep(0.2)
    old = offload.worker_pids()
    for pid in old:
        os.kill(pid, signal.SIGKILL)
    assert await asyncio.wait_for(drawing, 20) == b"kept"
    _, pid = (await offload.picture(drawings.pid, "after")).decode().split(":")
    assert int(pid) not in old and int(pid) in offload.worker_pids()


async def test_a_failed_drawing_in_a_process_raises_and_is_not_kept(processes) -> None:
    with pytest.raises(ValueError, match="no"):
        await offload.picture(drawings.fails, "no")
    assert offload.cached(drawings.fails, "no") is None
    assert (await offload.picture(drawings.pid, "still")).startswith(b"still:")  # the workers go on


# -- slow pure computations in the same workers -----------------------------------------------------------------


async def test_a_computation_is_kept_by_its_arguments_and_done_once(processes) -> None:
    assert not offload.has_result(drawings.total, (1, 2, 3))
    assert await offload.computed(drawings.total, (1, 2, 3)) == 6
    assert offload.has_result(drawings.total, [1, 2, 3])  # the same arguments, however passed
    assert await offload.computed(drawings.pid, "c") == await offload.computed(drawings.pid, "c")  # not again
    assert not offload.has_result(drawings.total, (1, 2))


async def test_a_computation_s_exception_comes_back_and_one_pickle_cannot_rebuild_leaves_the_workers_whole(
        processes) -> None:
    with pytest.raises(ValueError, match="bad"):
        await offload.computed(drawings.fails, "bad")
    with pytest.raises(RuntimeError, match="Odd: x: no"):
        await offload.computed(drawings.odd, "x")
    workers = offload.worker_pids()
    assert await offload.computed(drawings.total, (4, 5)) == 9
    assert offload.worker_pids() == workers  # the pool was not broken and restarted
