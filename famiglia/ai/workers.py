"""Work spread over processes that Ctrl-C stops at once: matches (`famiglia simulate`) and analyses.

The terminal sends Ctrl-C to every process of the foreground group. The workers ignore it (so none
prints a traceback, and none dies half-way through a result), and the parent, whose wait is where the
interrupt arrives, terminates them before it raises: nothing goes on computing work that nobody will
read. The standard library's `concurrent.futures` pool cannot do that (its shutdown waits for every
queued task), so this is `multiprocessing.Pool`, whose `terminate` stops the workers where they are.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

__all__ = ["spread"]

W = TypeVar("W")
R = TypeVar("R")


def _ignore_interrupt() -> None:
    """In a worker: leave Ctrl-C to the parent, which stops the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def spread(function: Callable[[W], R], work: Sequence[W], jobs: int) -> Iterator[R]:
    """`function` of each item of `work`, over at most `jobs` processes, in the order they are done.

    Whatever stops the caller (Ctrl-C, an error, the caller leaving the loop) terminates the workers first.
    """
    pool = multiprocessing.get_context().Pool(max(1, min(jobs, len(work))), initializer=_ignore_interrupt)
    try:
        yield from pool.imap_unordered(function, work)
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()
