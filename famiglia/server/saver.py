"""`Saver`: the server's one writer of saved games, every table's record written in order on a thread of its own.

Saving a game is a write, an `fsync` of the file and of its folder, and a rename: a millisecond or two on
a quiet disk, and at times a twentieth of a second to half a second on a busy one (measured under load,
docs/performance.md). The server's event loop draws every player's screen and answers every key, so a
table that waited for its file there would hold the keys of every other table as long. So a table hands
its record to the `Saver` and plays on; the records are written one after the other, in the order they
were handed over, and what came of each is told back on the loop (`done`). A record that cannot be
written is said to the table's players there, as before. The server waits for the last record to be
written before it stops (`drained`), and a table that breaks waits for its own before its last save
(`wait`), so no file ever goes back to an earlier move.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from .log import log

__all__ = ["Saver"]

T = TypeVar("T")


class Saver:
    """One thread that writes the server's saved games in the order they are handed over; see the module docstring."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="famiglia-save")
        self._closed = False

    def save(self, write: Callable[[], T], done: Callable[[T], None]) -> None:
        """Run `write` after every write handed over before it; `done(result)` on this loop once it has run.

        `write` must not raise (it returns what went wrong instead). Without a running loop (a table used
        outside a server), or once the saver is closed (the server has stopped), the write is made at once
        and `done` told at once.
        """
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            done(write())
            return
        if self._closed:
            done(write())
            return
        future = self._pool.submit(write)

        def told(finished: Future[T]) -> None:
            error = finished.exception()
            if error is not None:  # a write that broke its promise: the log has it, the table plays on
                log.error("a saved game could not be written", exc_info=error)
                return
            with contextlib.suppress(RuntimeError):  # the loop has closed: the server has stopped already
                loop.call_soon_threadsafe(done, finished.result())

        future.add_done_callback(told)

    async def drained(self) -> None:
        """Once every write handed over so far has been made."""
        if not self._closed:
            await asyncio.wrap_future(self._pool.submit(lambda: None))

    def wait(self) -> None:
        """Block until every write handed over so far has been made (a broken table's last save waits for them)."""
        if not self._closed:
            self._pool.submit(lambda: None).result()

    def close(self, *, wait: bool = True) -> None:
        """Make the writes still waiting (unless not to `wait` for a disk that does not answer), then end the
        thread; later writes are made at once."""
        self._closed = True
        self._pool.shutdown(wait=wait, cancel_futures=not wait)
