"""The plain mode's line over SSH: who asked for it, the lines a connection types, and the lines it is written.

A connection asks for the plain mode (docs/plain.md) with its user name: `anna+plain`, or with a table's code
as well, `anna+plain+K7QX` (`plain_user`). It then needs no terminal: `ssh -T` and a pipe work as well as a
terminal read by a screen reader. What it types is read as whole lines (`LineReader`): with a terminal, the
characters are echoed as a terminal's own line discipline would (Backspace takes one back, Ctrl-U the line),
and Ctrl-C or Ctrl-D on an empty line ends the input; a line keeps at most `LONGEST` characters, at most
`WAITING` lines wait to be read, and while they wait the channel reads nothing more, so a client that sends
without end holds up no one (SSH's own flow control holds it back). What it is told goes out as the plain
mode's lines (`famiglia.tui.plain.lines.Lines`), no escape sequence at all.
"""

from __future__ import annotations

import asyncio
import enum
import io
import re
from collections import deque
from collections.abc import Callable
from typing import Final, TextIO, cast

from famiglia.tui.plain.lines import Lines

__all__ = ["LONGEST", "WAITING", "Interrupt", "LineReader", "channel_lines", "plain_user"]

PLAIN: Final = "plain"  # the part of an SSH user name that asks for the plain mode
LONGEST: Final = 1000  # characters of one typed line kept: the rest of it is dropped
WAITING: Final = 16  # typed lines waiting to be read, before the channel stops reading
RAW: Final = 64 * 1024  # characters received and not yet made lines, before the channel stops reading
_ENDS: Final = re.compile(r"[\r\n\x03\x04]")


def plain_user(user: str) -> tuple[str, bool]:
    """The SSH user name without its `+plain` part, and whether it had one (`anna+plain+K7QX` is `anna+K7QX`)."""
    parts = user.split("+")
    kept = [parts[0], *(p for p in parts[1:] if p.casefold() != PLAIN)]
    return "+".join(kept), len(kept) < len(parts)


class Interrupt(enum.Enum):
    """Why a read ended without a line: the screen was woken (its table changed), or nothing came in time."""

    WOKEN = "woken"
    IDLE = "idle"


class LineReader:
    """The lines one connection types, read one at a time (`read`); see the module docstring.

    `send` writes the echo back (None: no echo, the client has no terminal); `pause` and `resume` stop and start
    the channel's reading.
    """

    def __init__(self, send: Callable[[str], None] | None = None, *, pause: Callable[[], None] = lambda: None,
                 resume: Callable[[], None] = lambda: None) -> None:
        self.send = send
        self.pause = pause
        self.resume = resume
        self.closed = False
        self._raw = ""
        self._line = ""
        self._after_cr = False
        self._lines: deque[str] = deque()
        self._arrived = asyncio.Event()
        self._woken = False
        self._paused = False

    def feed(self, text: str) -> None:
        """Text received from the client: made lines as far as they may wait, the rest kept until they are read."""
        if self.closed:
            return
        self._raw += text
        self._work()
        if len(self._raw) > RAW and not self._paused:
            self._paused = True
            self.pause()
        self._arrived.set()

    def close(self) -> None:
        """The input ended: the lines already typed are still read, then every read says so (None)."""
        self.closed = True
        self._arrived.set()

    def wake(self) -> None:
        """End the read under way (or the next) with `Interrupt.WOKEN`: the table changed for this screen."""
        self._woken = True
        self._arrived.set()

    async def read(self, timeout: float | None = None) -> str | Interrupt | None:
        """The next typed line; `Interrupt` if woken or after `timeout` seconds; None once the input has ended."""
        while True:
            if self._woken:
                self._woken = False
                return Interrupt.WOKEN
            if self._lines:
                line = self._lines.popleft()
                self._work()
                return line
            if self.closed:
                return None
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), timeout)
            except TimeoutError:
                return Interrupt.IDLE

    def _work(self) -> None:
        """Make lines of the text received while fewer than `WAITING` wait; the channel reads again once it is low."""
        echo: list[str] = []
        while self._raw and len(self._lines) < WAITING and not self.closed:
            found = _ENDS.search(self._raw)
            cut = found.start() if found is not None else len(self._raw)
            piece, end = self._raw[:cut], self._raw[cut:cut + 1]
            self._raw = self._raw[cut + 1:]
            if piece:
                self._after_cr = False
            self._type(piece[:2 * LONGEST], echo)  # Backspaces may follow: what more comes is dropped at once
            if end:
                self._end(end, echo)
        if self.send is not None and echo:
            self.send("".join(echo))
        if self._paused and len(self._raw) <= RAW // 2:
            self._paused = False
            self.resume()

    def _type(self, piece: str, echo: list[str]) -> None:
        for ch in piece:
            if ch in "\x7f\x08":
                if self._line:
                    self._line = self._line[:-1]
                    echo.append("\b \b")
            elif ch == "\x15":  # Ctrl-U: the line so far
                echo.append("\b \b" * len(self._line))
                self._line = ""
            elif ch.isprintable() and len(self._line) < LONGEST:
                self._line += ch
                echo.append(ch)

    def _end(self, end: str, echo: list[str]) -> None:
        if end == "\n" and self._after_cr:  # the \n of a \r\n
            self._after_cr = False
            return
        self._after_cr = end == "\r"
        if end in "\x03\x04" and not self._line:
            self.closed = True
            return
        if end in "\x03\x04":  # Ctrl-C on a line being typed drops it, as a shell does
            self._line = ""
            echo.append("^C\r\n" if end == "\x03" else "")
            return
        self._lines.append(self._line)
        self._line = ""
        echo.append("\r\n")


class _ChannelText(io.TextIOBase):
    """What the plain mode's `Lines` writes into, for one channel: its lines, with the line ends a terminal needs."""

    def __init__(self, send: Callable[[str], None]) -> None:
        self._send = send

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self._send(text.replace("\n", "\r\n"))
        return len(text)


def channel_lines(send: Callable[[str], None]) -> Lines:
    """The plain mode's lines written to a channel (never a terminal's wipe: a connection is one player)."""
    return Lines(io.StringIO(), cast(TextIO, _ChannelText(send)), terminal=False)
