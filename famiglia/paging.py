"""Long text on a terminal: through the user's pager with its colours kept, or printed where there is none.

The rules and the end screen's analysis both page, so they share one way of doing it. It is not rich's
default (`pydoc`'s pager), which runs a bare `less` that shows colour codes as `ESC[33m`: `less` is told
`-R` through `LESS`, as git does, unless the user has set `LESS` themselves.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console
    from rich.pager import Pager

__all__ = ["paged", "pager_command"]


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
            try:
                subprocess.run(command, input=content, text=True, env=environment, check=False)
            except OSError:  # it was there a moment ago: show the text anyway
                sys.stdout.write(content)
                sys.stdout.flush()

    return CommandPager()


@contextmanager
def paged(console: Console) -> Iterator[None]:
    """What `console` prints inside, shown through the pager with its styles; printed as it is without one."""
    command = pager_command()
    if command is None:
        yield
        return
    with console.pager(_command_pager(command), styles=True):
        yield
