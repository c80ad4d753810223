"""One connection's session channel: the game's screens on it, one prompt_toolkit application at a time.

`Channel` runs on the session channel the shell request opens: its input goes through an incremental
UTF-8 decoder that replaces what is no text, into a pipe that prompt_toolkit reads; its output is a
VT100 output of its own, with the size the client last said (window-change events, kept within
`MAX_SIZE`) and a colour depth from the client's terminal type and `NO_COLOR`
(`famiglia.server.terminal`). Window changes are drawn at most once a `FRAME`: a burst of them is one
redraw at the last size, not one each on the server's one event loop. Each paste is cut at
`famiglia.server.pasting.PASTE_LIMIT` characters before the screen reads it. A client that stops
reading is cut off once `WRITE_BUFFER` bytes wait for it, so it never holds up another. Each connection's
applications run without signal handlers: only the server's process has those. A connection in the plain
mode (`anna+plain`, or one without a terminal) has no application at all: its input goes to a
`famiglia.server.plainline.LineReader` and it is written whole lines (docs/plain.md). What the connection
does from the lobby on is `visit`'s.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import os
from collections.abc import Callable
from typing import Any, Final, TextIO, cast

import asyncssh
from prompt_toolkit.application.current import AppSession, create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from famiglia.phrasebook.catalogue import ENGLISH, CatalogueError, Later, _, speaking, spoken_catalogue
from famiglia.phrasebook.unread import warning
from famiglia.tui.plain.lines import Lines

from .lobby import Outcome
from .log import log
from .pasting import PasteLimit
from .plainline import LineReader, channel_lines, plain_user
from .roles import Door
from .seam import SeatScreen
from .terminal import Terminal, colour_depth, language_of, leave
from .visit import visit

__all__ = ["FRAME", "MAX_SIZE", "WRITE_BUFFER", "Channel"]

MAX_SIZE: Final = (400, 200)  # columns, rows: a larger terminal is drawn at this size
WRITE_BUFFER: Final = 4 * 1024 * 1024  # bytes waiting for a client that does not read, before it is cut off
FRAME: Final = 1 / 30  # seconds: window changes within one are drawn once, at the last size
FEED: Final = 256  # bytes of keys put into a screen's input at a time: it reads and answers them in one go
FEED_PAUSE: Final = 0.002  # seconds between two of them, so every other connection is answered in between


class _Stdout:
    """What prompt_toolkit writes into, for one channel: bytes to the client, or nothing once it is gone."""

    def __init__(self, channel: Channel) -> None:
        self.channel = channel

    def write(self, data: str) -> int:
        self.channel.send(data.replace("\n", "\r\n"))
        return len(data)

    def isatty(self) -> bool:
        return True

    def flush(self) -> None:
        pass

    def fileno(self) -> int:
        raise OSError("an SSH channel has no file descriptor")

    @property
    def encoding(self) -> str:
        return "utf-8"


class Channel(asyncssh.SSHServerSession[bytes]):
    """The session channel of one connection: the game's screens on it; see the module docstring."""

    def __init__(self, gate: Door) -> None:
        self.gate = gate
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.size = Size(rows=24, columns=80)
        self.input: PipeInput | None = None
        self.app_session: AppSession | None = None
        self.task: asyncio.Task[None] | None = None
        self.screen: SeatScreen | None = None  # the table screen on show, if any
        self.closing: str | Later | None = None  # the server is stopping: the line said on leaving
        self.catalogue = ENGLISH  # the language the connection is spoken to in, once its session starts
        self.unread: CatalogueError | None = None  # the client's language, where its catalogue cannot be read
        self.gone = False
        self.resized = 0  # redraws made for window changes (at most one a `FRAME`)
        self._redraw: asyncio.TimerHandle | None = None  # the redraw at the new size, when one is to come
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pastes = PasteLimit()
        self._pending = b""  # keys not yet in the screen's input pipe
        self._input_fd: int | None = None  # the pipe's end they are written to, never blocking
        self._next: asyncio.TimerHandle | None = None  # the next piece of keys waiting: the channel reads nothing
        self._stop_lobby: Callable[[], None] | None = None
        self.plain = False  # the plain mode (`anna+plain`, or no terminal): lines, no screen at all
        self.reader: LineReader | None = None  # the lines it types, in the plain mode

    # -- asyncssh's calls --------------------------------------------------------------------------------------

    def connection_made(self, chan: asyncssh.SSHServerChannel[bytes]) -> None:
        self.chan = chan

    def pty_requested(self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any) -> bool:
        self._resize(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True  # the game, never a shell of the system

    def exec_requested(self, command: str) -> bool:
        log.info("refused a command from %s", self.gate.address)
        return False

    def subsystem_requested(self, subsystem: str) -> bool:
        log.info("refused the subsystem %r from %s", subsystem[:40], self.gate.address)
        return False

    def session_started(self) -> None:
        environment = self.chan.get_environment() if self.chan is not None else {}
        self.catalogue, self.unread = language_of(environment, spoken_catalogue())
        self.plain = plain_user(self.gate.user)[1] or self._term() is None  # without a terminal, lines are all
        if self.unread is not None:
            log.warning("%s: %s", self.gate.address, warning(self.unread))
        self.task = asyncio.get_running_loop().create_task(self._run())

    def data_received(self, data: bytes, datatype: object) -> None:
        if self.reader is not None and not self.gone:
            text = self._pastes.feed(self._decoder.decode(data))
            if text:
                self.reader.feed(text)
        elif self.input is not None and not self.gone:
            text = self._pastes.feed(self._decoder.decode(data))
            if text:
                self._pending += text.encode("utf-8")
                self._feed()

    def _stop_feeding(self) -> None:
        """No more keys into the pipe (before it is closed)."""
        if self._next is not None:
            self._next.cancel()
            self._next = None
        self._pending = b""

    def _feed(self) -> None:
        """Put the pending keys into the screen's input pipe, `FEED` bytes at a time.

        The screen reads that pipe on the server's one event loop and answers all it finds at once: a
        megabyte typed in one go would hold every other table for a second, and a blocking write of more
        than the pipe takes (64 kB) would stop them all. So the keys go in a piece at a time, `FEED_PAUSE`
        apart, every other connection answered in between; meanwhile the channel reads nothing more
        (SSH's own flow control holds the client back), so what waits is bounded too.
        """
        fd, chan = self._input_fd, self.chan
        if fd is None or self.gone:
            self._pending = b""
            return
        try:
            if self._pending:
                self._pending = self._pending[os.write(fd, self._pending[:FEED]):]
        except BlockingIOError:
            pass
        except OSError:
            self._pending = b""
        if self._pending and self._next is None:
            if chan is not None:
                chan.pause_reading()
            self._next = asyncio.get_running_loop().call_later(FEED_PAUSE, self._feed_next)

    def _feed_next(self) -> None:
        self._next = None
        self._feed()
        if self._next is None and self.chan is not None and not self.gone:
            self.chan.resume_reading()  # all the keys are in: the client may send more

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        """The size is kept at once; the screen is drawn at it a `FRAME` later, once for all the changes between."""
        self._resize(width, height)
        if self._redraw is None and not self.gone:
            self._redraw = asyncio.get_running_loop().call_later(FRAME, self._draw_resized)

    def _draw_resized(self) -> None:
        self._redraw = None
        app = self.app_session.app if self.app_session is not None else None
        if app is not None and app.is_running and not self.gone:
            self.resized += 1
            app._on_resize()

    def eof_received(self) -> bool:
        self._hang_up()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._hang_up()

    # -- the terminal ------------------------------------------------------------------------------------------

    def _resize(self, width: int, height: int) -> None:
        columns = min(max(1, width or 80), MAX_SIZE[0])
        rows = min(max(1, height or 24), MAX_SIZE[1])
        self.size = Size(rows=rows, columns=columns)

    def send(self, text: str) -> None:
        chan = self.chan
        if chan is None or self.gone:
            return
        try:
            if chan.get_write_buffer_size() > WRITE_BUFFER:  # the client reads nothing: it is let go
                log.info("cut off %s: it read nothing of %d bytes", self.gate.address, WRITE_BUFFER)
                self._hang_up()
                chan.abort()
                return
            chan.write(text.encode("utf-8", errors="replace"))
        except (OSError, asyncssh.Error, BrokenPipeError):
            self._hang_up()

    def _hang_up(self) -> None:
        if self.gone:
            return
        self.gone = True
        self._stop_feeding()
        if self._redraw is not None:
            self._redraw.cancel()
            self._redraw = None
        if self.input is not None:
            self.input.close()  # the application on it reads the end and leaves
        if self.reader is not None:
            self.reader.close()
        leave(self.app_session.app if self.app_session is not None else None)

    def terminal(self, name: str) -> Terminal:
        """The connection's terminal for `name`: its input, and an output in the client's size and colour depth."""
        assert self.input is not None
        environment = self.chan.get_environment() if self.chan is not None else {}
        depth = colour_depth(self._term() or "", environment)
        output = Vt100_Output(cast(TextIO, _Stdout(self)), lambda: self.size, term=self._term(),
                              default_color_depth=depth, enable_cpr=False)
        return Terminal(self.input, output, name, self.gate.address, self.gate.key, self.catalogue)

    def lines(self) -> Lines:
        """The plain mode's lines, written to this connection."""
        return channel_lines(self.send)

    def _term(self) -> str | None:
        return self.chan.get_terminal_type() if self.chan is not None else None

    # -- the life of the connection ---------------------------------------------------------------------------

    async def _run(self) -> None:
        """The connection's life, all of it spoken in its own language: prompt_toolkit draws an application and
        runs its keys in the context it was started in, so each player's screens speak that player's language
        whoever's action asked them to redraw."""
        with speaking(self.catalogue):
            await self._live()

    async def _live(self) -> None:
        server = self.gate.server
        line: str | None = None
        server.channels.add(self)
        try:
            if self.plain:
                line = await self._live_plain()
                return
            with create_pipe_input() as pipe:
                self.input = pipe
                self._input_fd = cast(Any, pipe).pipe.write_fd  # a posix pipe (the server runs on posix)
                os.set_blocking(self._input_fd, False)
                try:
                    with create_app_session(input=pipe, output=self.terminal("").output) as app_session:
                        self.app_session = app_session
                        line = await visit(self, server)
                finally:
                    self._stop_feeding()
        except Exception:  # a player's screen never shows a traceback: the server's log has it
            log.exception("a connection from %s stopped on an unexpected error", self.gate.address)
            line = _("famiglia: something went wrong on the server (it is in the server's log); your game is saved.")
        finally:
            self.input = None
            server.channels.discard(self)
            self._finish(self.closing or line)

    async def _live_plain(self) -> str | None:
        """The connection's life in lines (docs/plain.md): typed lines in, whole lines out, no terminal needed."""
        chan = self.chan

        def pause() -> None:
            if chan is not None:
                chan.pause_reading()

        def resume() -> None:
            if chan is not None and not self.gone:
                chan.resume_reading()

        self.reader = LineReader(self.send if self._term() is not None else None, pause=pause, resume=resume)
        return await visit(self, self.gate.server)

    def _finish(self, line: str | Later | None) -> None:
        chan = self.chan
        if chan is None:
            return
        with contextlib.suppress(OSError, asyncssh.Error, BrokenPipeError):
            if line and not self.gone:
                chan.write(f"\r\n{line}\r\n".encode())
            chan.exit(0)
        with contextlib.suppress(OSError, asyncssh.Error):
            chan.close()

    def stop(self, line: str | Later) -> None:
        """The server is stopping: whatever is on show ends, and `line` is said (in the connection's language)."""
        self.closing = line
        if self.screen is not None:
            return  # its table closes it
        if self.reader is not None:
            self.reader.wake()  # the plain lobby leaves
        leave(self.app_session.app if self.app_session is not None else None, result=Outcome("stop"))
