"""Pictures drawn off the event loop, and kept by what they show.

`await picture(fn, *args)` gives the PNG bytes of `fn(*args)`: from a bounded cache when the same function was
called with the same arguments before, else drawn (composed and encoded) in a small executor of its own, so the event
loop only looks the key up. The key is the function and its arguments as given, so the arguments must be everything
the picture shows (the picture functions are pure); lists become tuples, sets frozensets and mappings sorted pairs.
Never key by a player: the same content gives the same picture. Two callers that ask for one picture at the same time
share one drawing.
"""

from __future__ import annotations

import asyncio
import io
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import discord

__all__ = ["CACHE_BYTES", "CACHE_ENTRIES", "WORKERS", "Drawing", "cached", "clear", "key_of", "picture", "start"]

WORKERS = 2  # Pillow releases the GIL while it encodes, the larger part of a picture's cost
CACHE_ENTRIES = 512
CACHE_BYTES = 48 * 1024 * 1024

PictureFn = Callable[..., bytes]
Key = tuple[Hashable, ...]

_cache: OrderedDict[Key, bytes] = OrderedDict()
_size = 0
_drawing: dict[Key, asyncio.Future[bytes]] = {}
_executor: ThreadPoolExecutor | None = None


def _frozen(value: Any) -> Hashable:
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(_frozen(v) for v in value)
    if isinstance(value, Mapping):
        return ("mapping", tuple(sorted((k, _frozen(v)) for k, v in value.items())))
    hash(value)  # anything else must be hashable as it is (str, int, an enum, a frozen dataclass)
    return value  # type: ignore[no-any-return]


def key_of(fn: PictureFn, *args: Any, **kwargs: Any) -> Key:
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
        drawing = asyncio.get_running_loop().run_in_executor(_pool(), lambda: fn(*args, **kwargs))
        _drawing[key] = drawing
        drawing.add_done_callback(lambda done: _finish(key, done))
    return drawing


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


def _pool() -> ThreadPoolExecutor:
    global _executor
    if _executor is None:
        _executor = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="pictures")
    return _executor


def clear() -> None:
    """Forget every cached picture (tests, benchmarks)."""
    global _size
    _cache.clear()
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
