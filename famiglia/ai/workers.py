"""Work spread over processes that stop with their parent: matches (`famiglia simulate`) and analyses.

The terminal sends Ctrl-C to every process of the foreground group. The workers ignore it (so none
prints a traceback, and none dies half-way through a result), and the parent, whose wait is where the
interrupt arrives, terminates them before it raises: nothing goes on computing work that nobody will
read. A leaving signal (SIGTERM, SIGHUP) reaches the parent the same way, as `famiglia.leaving.Leave`,
and stops the workers the same way. The workers do not keep the parent's own handlers (they die at
once on SIGTERM or SIGHUP, as a pool's `terminate` asks, and silently on a write to a parent that is
gone), and each watches its parent: if the parent ends however it ends, even by SIGKILL, the worker
ends with it, before it could print a `BrokenPipeError` after the shell's prompt. The standard
library's `concurrent.futures` pool cannot stop at once (its shutdown waits for every queued task),
so this is `multiprocessing.Pool`, whose `terminate` stops the workers where they are.
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

__all__ = ["spread"]

W = TypeVar("W")
R = TypeVar("R")


def _start_worker() -> None:
    """In a worker: leave Ctrl-C to the parent, which stops the workers itself; die quietly on the signals
    that end it; and end with the parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP", "SIGPIPE"):  # a forked worker has the parent's handlers: not these
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    parent = multiprocessing.parent_process()
    if parent is not None:
        threading.Thread(target=_end_with, args=(parent.sentinel,), name="famiglia-parent-watch", daemon=True).start()


def _end_with(parent: int) -> None:
    """Wait until the parent's end (`parent`, its sentinel, is ready then), and end this worker at once."""
    multiprocessing.connection.wait([parent])
    os._exit(1)  # nothing to flush or clean: the parent, who would read the result, is gone


def spread(function: Callable[[W], R], work: Sequence[W], jobs: int) -> Iterator[R]:
    """`function` of each item of `work`, over at most `jobs` processes, in the order they are done.

    Whatever stops the caller (Ctrl-C, a leaving signal, an error, the caller leaving the loop) terminates
    the workers first.
    """
    pool = multiprocessing.get_context().Pool(max(1, min(jobs, len(work))), initializer=_start_worker)
    try:
        yield from pool.imap_unordered(function, work)
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()
