"""Pictures drawn off the event loop, and kept by what they show; likewise slow pure computations (`computed`).

`await picture(fn, *args)` gives the PNG bytes of `fn(*args)`: from a bounded cache when the same function was
called with the same arguments before, else drawn (composed and encoded) in a small executor of its own, so the event
loop only looks the key up. The key is the function and its arguments as given, so the arguments must be everything
the picture shows (the picture functions are pure); lists become tuples, sets frozensets and mappings sorted pairs.
Never key by a player: the same content gives the same picture. Two callers that ask for one picture at the same time
share one drawing.

The bot draws in worker processes (`use_processes`, called at start-up): a picture's Python work (composing cards
and tiles) would otherwise hold the interpreter lock against the event loop, and a reply waiting for the lock is
the load's tail (docs/benchmarks.md, Load). The workers run at a lower priority (`WORKER_NICE`), so when the cores
are busy the operating system gives the event loop, which acknowledges interactions, the CPU first; a worker that
dies is replaced and its picture drawn again once. Without `use_processes` (tools, tests of this module) pictures
are drawn in threads of this process. In a process, `fn` and its arguments are pickled: `fn` must be a module-level
function.
"""

from __future__ import annotations

import asyncio
import ctypes
import functools
import importlib
import io
import logging
import multiprocessing
import os
import pickle
import signal
import sys
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

import discord

__all__ = ["CACHE_BYTES", "CACHE_ENTRIES", "WORKERS", "Drawing", "cached", "clear", "computed", "has_result",
           "key_of", "picture", "start", "use_processes", "use_threads", "worker_pids"]

log = logging.getLogger(__name__)

WORKERS = 2  # one a core of the machine the bot is measured on; each keeps its own caches of faces
WORKER_NICE = 10  # a worker gets about a tenth of a core against a busy event loop (Linux CFS weights 110 and 1024)
PRELOAD = ("render.uno_pictures", "render.ginjontan_pictures", "render.chroma_pictures")  # imported by each worker
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent dies
CACHE_ENTRIES = 512
CACHE_BYTES = 48 * 1024 * 1024

PictureFn = Callable[..., bytes]
T = TypeVar("T")
R = TypeVar("R")
Key = tuple[Hashable, ...]

_cache: OrderedDict[Key, bytes] = OrderedDict()
_size = 0
_drawing: dict[Key, asyncio.Future[bytes]] = {}
_executor: Executor | None = None
_processes = 0  # worker processes to draw in; 0: threads of this process


def _frozen(value: Any) -> Hashable:
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(_frozen(v) for v in value)
    if isinstance(value, Mapping):
        return ("mapping", tuple(sorted((k, _frozen(v)) for k, v in value.items())))
    hash(value)  # anything else must be hashable as it is (str, int, an enum, a frozen dataclass)
    return value  # type: ignore[no-any-return]


def key_of(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Key:
    """What identifies the picture `fn(*args, **kwargs)`: the function and everything it is given."""
    return fn, _frozen(args), _frozen(kwargs)


def cached(fn: PictureFn, *args: Any, **kwargs: Any) -> bytes | None:
    """The picture if it is cached, without drawing it (on the event loop: a dictionary look-up)."""
    key = key_of(fn, *args, **kwargs)
    png = _cache.get(key)
    if png is not None:
        _cache.move_to_end(key)
    return png


async def picture(fn: PictureFn, *args: Any, **kwargs: Any) -> bytes:
    """`fn(*args, **kwargs)`, PNG bytes: cached, or drawn in the pictures' executor while the loop goes on."""
    key = key_of(fn, *args, **kwargs)
    png = _cache.get(key)
    if png is not None:
        _cache.move_to_end(key)
        return png
    return await asyncio.shield(_draw(key, fn, args, kwargs))


def start(fn: PictureFn, *args: Any, **kwargs: Any) -> None:
    """Begin drawing `fn(*args, **kwargs)` unless it is cached or under way; `picture` then waits for it."""
    key = key_of(fn, *args, **kwargs)
    if key not in _cache:
        _draw(key, fn, args, kwargs)


def _draw(key: Key, fn: PictureFn, args: tuple[Any, ...], kwargs: dict[str, Any]) -> asyncio.Future[bytes]:
    drawing = _drawing.get(key)
    if drawing is None:
        drawing = asyncio.ensure_future(_run(functools.partial(fn, *args, **kwargs)))
        _drawing[key] = drawing
        drawing.add_done_callback(lambda done: _finish(key, done))
    return drawing


# -- slow pure computations (a Gin-jon-tan hand's best exchange, a Chroma search), in the same workers ------------

RESULT_ENTRIES = 1024
_results: OrderedDict[Key, Any] = OrderedDict()
_computing: dict[Key, asyncio.Future[Any]] = {}


def has_result(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> bool:
    """Whether `computed(fn, *args, **kwargs)` would answer at once (to decide whether to defer first)."""
    return key_of(fn, *args, **kwargs) in _results


async def computed(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`fn(*args, **kwargs)` for a pure function too slow for the event loop: worked out in the workers (in a
    process, it holds no lock the loop needs) and kept by its arguments like a picture. Exceptions come back as
    raised. Acknowledge the interaction first unless `has_result`."""
    key = key_of(fn, *args, **kwargs)
    if key in _results:
        _results.move_to_end(key)
        return cast(T, _results[key])
    future = _computing.get(key)
    if future is None:
        future = asyncio.ensure_future(_run(functools.partial(fn, *args, **kwargs)))
        _computing[key] = future
        future.add_done_callback(lambda done: _computed(key, done))
    return cast(T, await asyncio.shield(future))


def _computed(key: Key, done: asyncio.Future[Any]) -> None:
    _computing.pop(key, None)
    if not done.cancelled() and done.exception() is None:
        _results[key] = done.result()
        while len(_results) > RESULT_ENTRIES:
            _results.popitem(last=False)


async def _run(call: Callable[[], R]) -> R:
    """`call()` in the executor; if a worker process died meanwhile (killed, out of memory), once more in new ones."""
    loop = asyncio.get_running_loop()
    pool = _pool()
    guarded = functools.partial(_guarded, call) if _processes else call
    try:
        return await loop.run_in_executor(pool, guarded)
    except BrokenProcessPool:
        log.warning("a picture worker process died; starting new ones and drawing the picture again")
        _discard(pool)
        return await loop.run_in_executor(_pool(), guarded)


def _guarded(call: Callable[[], R]) -> R:
    """In a worker: `call()`, whose exception must cross back to the bot. One that can't be rebuilt there (an
    exception class whose arguments pickle does not restore) would break the whole pool, so it becomes a
    RuntimeError saying what it was."""
    try:
        return call()
    except Exception as error:
        try:
            pickle.loads(pickle.dumps(error))
        except Exception:
            raise RuntimeError(f"{type(error).__name__}: {error}") from None
        raise


def _finish(key: Key, done: asyncio.Future[bytes]) -> None:
    _drawing.pop(key, None)
    if not done.cancelled() and done.exception() is None:
        _keep(key, done.result())


def _keep(key: Key, png: bytes) -> None:
    global _size
    if len(png) > CACHE_BYTES:
        return
    old = _cache.pop(key, None)
    _size -= len(old) if old is not None else 0
    _cache[key] = png
    _size += len(png)
    while len(_cache) > CACHE_ENTRIES or _size > CACHE_BYTES:
        _size -= len(_cache.popitem(last=False)[1])


def _pool() -> Executor:
    global _executor
    if _executor is None:
        if _processes:
            _executor = ProcessPoolExecutor(max_workers=_processes, mp_context=_context(),
                                            initializer=_worker_started, initargs=(os.getpid(),))
        else:
            _executor = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="pictures")
    return _executor


def _context() -> multiprocessing.context.BaseContext:
    """Workers are started fresh (spawn), never forked from the bot with its threads and event loop; each imports
    the picture modules once, at start-up (`use_processes` starts them)."""
    return multiprocessing.get_context("spawn")


def _worker_started(bot_pid: int) -> None:
    """In each worker: it ends with the bot, even a killed one (Linux: the parent-death signal), and ignores the
    signals that stop the bot, which ends its workers itself once it has finished its pictures (a service manager
    signals the whole process group). It runs below the bot's priority and has the picture modules imported."""
    for stop in (signal.SIGINT, signal.SIGTERM):
        signal.signal(stop, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != bot_pid:  # the bot died before the line above
            os._exit(1)
    if hasattr(os, "nice"):
        os.nice(WORKER_NICE)
    for module in PRELOAD:
        importlib.import_module(module)


def _discard(pool: Executor) -> None:
    global _executor
    if _executor is pool:
        _executor = None
    pool.shutdown(wait=False, cancel_futures=True)


def use_processes(workers: int = WORKERS) -> None:
    """Draw in `workers` worker processes from now on (the bot, at start-up), started now so that the first
    picture does not wait for them; with 0, in threads of this process."""
    global _processes
    if workers != _processes or _executor is None:
        if _executor is not None:
            _discard(_executor)
        _processes = max(0, workers)
        if _processes:
            pool = _pool()
            for _ in range(_processes):  # a process pool starts a worker per task waiting, up to its maximum
                pool.submit(os.getpid)


def use_threads() -> None:
    """Draw in threads of this process (the default)."""
    use_processes(0)


def worker_pids() -> list[int]:
    """The worker processes' ids (tests, benchmarks); empty when drawing in threads."""
    processes = getattr(_executor, "_processes", None) or {}
    return sorted(processes)


def clear() -> None:
    """Forget every cached picture and result (tests, benchmarks)."""
    global _size
    _cache.clear()
    _results.clear()
    _size = 0


@dataclass(frozen=True, slots=True)
class Drawing:
    """A picture to attach: `fn(*args, **kwargs)` gives its PNG, `filename` names the attachment."""

    filename: str
    fn: PictureFn
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)

    def draw(self) -> bytes:
        """The PNG drawn here and now, past the cache (tools, benchmarks)."""
        return self.fn(*self.args, **self.kwargs)

    def start(self) -> None:
        start(self.fn, *self.args, **self.kwargs)

    def ready(self) -> bool:
        """Cached: attaching it now costs the event loop next to nothing."""
        return cached(self.fn, *self.args, **self.kwargs) is not None

    async def png(self) -> bytes:
        return await picture(self.fn, *self.args, **self.kwargs)

    async def file(self) -> discord.File:
        return discord.File(io.BytesIO(await self.png()), filename=self.filename)
