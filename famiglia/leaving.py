"""The signals that end famiglia from outside (SIGTERM, SIGHUP), for one run of the program.

A `kill` or a closed terminal ends the whole program, whatever is on the screen, with the terminal
left as the shell wants it and nothing lost; the exit status is 128 + the signal's number (143 for
SIGTERM, 129 for SIGHUP). One `Leaving` serves one run (`famiglia.cli.main` enters it; whatever runs
an application without one enters its own). While it is in force, a leaving signal

- ends the application on the screen (`showing`), as quitting does: prompt_toolkit leaves the
  alternate screen, shows the cursor and gives the terminal back in cooked mode;
- stops work off the screen (an analysis and its progress bar, the worker processes it spreads
  over, the pager) with `Leave`, raised where the program is, as Ctrl-C raises KeyboardInterrupt:
  each `with` and `finally` on the way out undoes what it did (rich's progress bar shows the cursor,
  the pool terminates its workers, the pager is ended and the terminal's modes put back);
- waits while something must not stop half-way (`held`: a sitting's last save and farewell), and
  is acted on when it is done.

Once one has come, no new screen opens (`showing` raises `Leave`), and a second signal changes
nothing: the program is on its way out already.

The handlers belong to the `Leaving`, not to this module: entering it installs them, leaving puts
back what was there before, and each application registers with the one in force for as long as it
runs. The one in force is found as prompt_toolkit finds its application, through a context
variable, so a program holding many applications at once has one `Leaving` that ends each of them.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from types import FrameType, TracebackType
from typing import Any, Final

__all__ = ["LEAVING_SIGNALS", "Leave", "Leaving", "leaving"]

# The signals that end the program, where the platform has them: a `kill`, and the terminal closed.
LEAVING_SIGNALS: Final = tuple(s for s in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None))
                               if s is not None)


class Leave(BaseException):
    """A leaving signal came: the program ends with `code` (128 + the signal's number).

    A `BaseException`, as KeyboardInterrupt is, so that no `except Exception` on the way out stops it.
    """

    def __init__(self, code: int) -> None:
        super().__init__(code)
        self.code = code


class Leaving:
    """The leaving signals of one run of the program; see the module docstring.

    `code` is the exit status a leaving signal asked for, None until one comes.
    """

    def __init__(self) -> None:
        self.code: int | None = None
        self._screens: list[Callable[[int], None]] = []
        self._held = 0
        self._previous: dict[signal.Signals, Any] = {}
        self._token: Token[Leaving | None] | None = None

    def __enter__(self) -> Leaving:
        if threading.current_thread() is threading.main_thread():  # only the main thread may set handlers
            for sig in LEAVING_SIGNALS:
                self._previous[sig] = signal.signal(sig, self._arrived)
        self._token = _IN_FORCE.set(self)
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 traceback: TracebackType | None) -> None:
        if self._token is not None:
            _IN_FORCE.reset(self._token)
            self._token = None
        for sig, previous in self._previous.items():
            signal.signal(sig, signal.SIG_DFL if previous is None else previous)
        self._previous.clear()

    def _arrived(self, number: int, frame: FrameType | None) -> None:
        if self.code is not None:  # on the way out already
            return
        self.code = 128 + number
        if self._screens:
            for leave in list(self._screens):
                leave(self.code)
        elif not self._held:
            raise Leave(self.code)

    @contextmanager
    def showing(self, leave: Callable[[int], None]) -> Iterator[None]:
        """For the block, an application is on the screen: a leaving signal calls `leave(code)` to end it.

        `leave` is called from the signal handler, so it only asks (as `loop.call_soon_threadsafe` does);
        the application then ends by its own way out. Raises `Leave` at once if a signal came before.
        """
        self.check()
        self._screens.append(leave)
        try:
            yield
        finally:
            self._screens.remove(leave)

    @contextmanager
    def held(self) -> Iterator[None]:
        """A leaving signal that comes during the block waits until it is done, and `Leave` is raised then.

        For what must not stop half-way, such as the last save of a sitting and its farewell line.
        An application shown inside is still ended at once. If the block ends on an error, the error goes on.
        """
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
        if not self._held and not self._screens:
            self.check()

    def check(self) -> None:
        """Raise `Leave` if a leaving signal has come."""
        if self.code is not None:
            raise Leave(self.code)


_IN_FORCE: ContextVar[Leaving | None] = ContextVar("famiglia_leaving", default=None)


@contextmanager
def leaving() -> Iterator[Leaving]:
    """The `Leaving` in force, or, when there is none, a new one for as long as the block lasts."""
    run = _IN_FORCE.get()
    if run is not None:
        yield run
        return
    with Leaving() as run:
        yield run
