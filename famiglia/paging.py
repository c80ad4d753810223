"""Long text on a terminal: through the user's pager with its colours kept, or printed where there is none.

The rules and the end screen's analysis both page, so they share one way of doing it. It is not rich's
default (`pydoc`'s pager), which runs a bare `less` that shows colour codes as `ESC[33m`: `less` is told
`-R` through `LESS`, as git does, unless the user has set `LESS` themselves.

While the pager shows the text it owns the terminal: Ctrl-C is its own (less stops a search with it),
so famiglia ignores it meanwhile, as git does. Whatever else stops famiglia then (a leaving signal,
`famiglia.leaving`) ends the pager first, by SIGTERM (on which less puts the terminal back), then
SIGKILL if it does not end, and the terminal's modes are put back as they were before the pager ran.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    import subprocess

    from rich.console import Console
    from rich.pager import Pager

__all__ = ["paged", "pager_command"]

PAGER_GRACE: Final = 2.0  # seconds a pager is given to end on SIGTERM before it is killed


def pager_command() -> list[str] | None:
    """The pager to show long text with: `$PAGER` if it names a program that is there, else less, else more.

    None when there is none: the text is then printed as it is, rather than lost to a missing program.
    """
    try:
        words = shlex.split(os.environ.get("PAGER", ""))
    except ValueError:
        words = []
    for command in (words, ["less"], ["more"]):
        if command and shutil.which(command[0]):
            return command
    return None


def _command_pager(command: list[str]) -> Pager:
    """A rich pager that runs `command`, with less told to show colours; a failed start prints the text."""
    import subprocess

    from rich.pager import Pager

    class CommandPager(Pager):
        def show(self, content: str) -> None:
            environment = {**os.environ}
            environment.setdefault("LESS", "FRX")  # colours as they are; no paging when it fits one screen
            with _terminal_kept():
                try:
                    pager = subprocess.Popen(command, stdin=subprocess.PIPE, text=True, env=environment)
                except OSError:  # it was there a moment ago: show the text anyway
                    sys.stdout.write(content)
                    sys.stdout.flush()
                    return
                try:
                    with _interrupts_ignored():
                        pager.communicate(content)
                except BaseException:
                    _end(pager)
                    raise

    return CommandPager()


def _end(pager: subprocess.Popen[str]) -> None:
    """End the pager that famiglia leaves behind: asked first (less restores the terminal), then made to."""
    import subprocess

    with contextlib.suppress(OSError):
        pager.terminate()
        try:
            pager.wait(PAGER_GRACE)
        except subprocess.TimeoutExpired:
            pager.kill()
            pager.wait()


@contextmanager
def _interrupts_ignored() -> Iterator[None]:
    """Ctrl-C reaches the pager too, which has a use for it: famiglia ignores it meanwhile (main thread only)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler if before is None else before)


@contextmanager
def _terminal_kept() -> Iterator[None]:
    """The terminal's modes as they are now, put back after the block (a pager killed leaves them raw)."""
    try:
        import termios
    except ImportError:  # no terminal modes on this system
        yield
        return
    try:
        fd = sys.stdout.fileno()  # the terminal the text is paged on
        modes = termios.tcgetattr(fd)
    except (termios.error, OSError, ValueError):  # no terminal there: nothing to keep
        yield
        return
    try:
        yield
    finally:
        with contextlib.suppress(termios.error, OSError):  # the terminal may be gone (SIGHUP)
            termios.tcsetattr(fd, termios.TCSADRAIN, modes)


@contextmanager
def paged(console: Console) -> Iterator[None]:
    """What `console` prints inside, shown through the pager with its styles; printed as it is without one."""
    command = pager_command()
    if command is None:
        yield
        return
    with console.pager(_command_pager(command), styles=True):
        yield
