"""One SSH connection: who it is, what it may do, and the screens it shows, one prompt_toolkit application at a time.

`Gatekeeper` is asyncssh's server object for a connection: it counts it in (`limits.Gate`), learns
who it is (the user name, and the key the client proved it holds, if any) and allows only what the
game needs. Authentication is open by default: a key is taken as it is offered (and then holds the
player's seat), and keyboard-interactive with no question lets a client without a key in; with
`--password-file` the password is asked, with `--authorized-keys` only those keys come in.
Nothing else is served: no exec or subsystem (SFTP) request, no port, socket, X11 or agent forwarding.

`Channel` runs on the session channel the shell request opens: its input goes through an incremental
UTF-8 decoder that replaces what is no text, into a pipe that prompt_toolkit reads; its output is a
VT100 output of its own, with the size the client last said (window-change events, kept within
`MAX_SIZE`) and a colour depth from the client's terminal type and `NO_COLOR`. A client that stops
reading is cut off once `WRITE_BUFFER` bytes wait for it, so it never holds up another. Each
connection's applications run without signal handlers: only the server's process has those.

`visit` is the connection's life: the lobby, then a table, then the lobby again, until the player
leaves, the lobby is idle too long, or the server stops.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import hmac
import logging
import os
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, TextIO, cast

import asyncssh
from prompt_toolkit.application.current import AppSession, create_app_session
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output.color_depth import ColorDepth
from prompt_toolkit.output.vt100 import Vt100_Output

from famiglia.profile.names import NameRefused, tidy_name

from .codes import read_code
from .lobby import Listed, Lobby, Outcome, build_lobby_app
from .player import SeatScreen, Terminal, screen_for
from .seats import Holder
from .tables import ServerTable, TableBroken

if TYPE_CHECKING:
    from .server import Server

__all__ = ["MAX_SIZE", "WRITE_BUFFER", "Channel", "Gatekeeper", "split_user"]

MAX_SIZE: Final = (400, 200)  # columns, rows: a larger terminal is drawn at this size
WRITE_BUFFER: Final = 4 * 1024 * 1024  # bytes waiting for a client that does not read, before it is cut off
WORD_TRIES: Final = 5

log = logging.getLogger("famiglia.server")
_Challenge = bool | tuple[str, str, str, list[tuple[str, bool]]]  # asyncssh's keyboard-interactive challenge


def split_user(user: str) -> tuple[str | None, str | None]:
    """The SSH user name as a name and a table code: `ben+K7QX` is Ben going to table K7QX.

    The name is None when it cannot be a player's (then the lobby asks for one), the code None when
    none was given (a `+` part that is no code is kept for the lobby to refuse).
    """
    name, plus, code = user.rpartition("+") if "+" in user else (user, "", "")
    try:
        tidied: str | None = tidy_name(name)
    except NameRefused:
        tidied = None
    return tidied, (code if plus else None)


class Gatekeeper(asyncssh.SSHServer):
    """asyncssh's server side of one connection; see the module docstring."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.address = "?"
        self.user = ""
        self.key: str | None = None  # the fingerprint of the last key offered; proven once auth succeeds by it
        self.counted = False
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        refusal = self.server.gate.admit(self.address)
        if refusal is not None:
            log.info("refused a connection from %s: %s", self.address, refusal)
            conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, refusal)
            return
        self.counted = True
        self.server.connections.add(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.counted:
            self.counted = False
            self.server.gate.leave(self.address)
        if self.conn is not None:
            self.server.connections.discard(self.conn)

    def begin_auth(self, username: str) -> bool:
        self.user = username
        return True  # a method is always run: it tells the key a player comes with

    # -- keys --------------------------------------------------------------------------------------------------

    def public_key_auth_supported(self) -> bool:
        return self.server.authorized_keys is not None or self.server.password is None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        allowed = self.server.authorized_keys
        if allowed is not None and allowed.validate(key, self.address, self.address) is None:
            return False
        self.key = str(key.get_fingerprint("sha256"))  # the signature is checked next: only then is it in
        return True

    # -- without a key: no question at all, or the password -------------------------------------------------------

    def kbdint_auth_supported(self) -> bool:
        return self.server.authorized_keys is None or self.server.password is not None

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> _Challenge:
        self.key = None  # not the key offered before: it was not used
        if self.server.password is None:
            return True
        return "famiglia", "", "", [("Password: ", False)]

    def validate_kbdint_response(self, username: str, responses: Sequence[str]) -> _Challenge:
        return len(responses) == 1 and self._password_is(str(responses[0]))

    def password_auth_supported(self) -> bool:
        return self.server.password is not None

    def validate_password(self, username: str, password: str) -> bool:
        self.key = None
        return self._password_is(password)

    def _password_is(self, password: str) -> bool:
        wanted = self.server.password
        return wanted is not None and hmac.compare_digest(password.encode(), wanted.encode())

    # -- what is served -----------------------------------------------------------------------------------------

    def session_requested(self) -> asyncssh.SSHServerSession[bytes]:
        return Channel(self)


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

    def __init__(self, gate: Gatekeeper) -> None:
        self.gate = gate
        self.chan: asyncssh.SSHServerChannel[bytes] | None = None
        self.size = Size(rows=24, columns=80)
        self.input: PipeInput | None = None
        self.app_session: AppSession | None = None
        self.task: asyncio.Task[None] | None = None
        self.screen: SeatScreen | None = None  # the table screen on show, if any
        self.closing: str | None = None  # the server is stopping: the line said on leaving
        self.gone = False
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending = b""  # keys not yet in the screen's input pipe
        self._input_fd: int | None = None  # the pipe's end they are written to, never blocking
        self._waiting = False  # the pipe is full: the channel reads nothing until it takes more
        self._stop_lobby: Callable[[], None] | None = None

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
        self.task = asyncio.get_running_loop().create_task(self._run())

    def data_received(self, data: bytes, datatype: object) -> None:
        if self.input is not None and not self.gone:
            text = self._decoder.decode(data)
            if text:
                self._pending += text.encode("utf-8")
                self._feed()

    def _stop_feeding(self) -> None:
        """No more keys into the pipe (before it is closed)."""
        if self._waiting and self._input_fd is not None:
            asyncio.get_running_loop().remove_writer(self._input_fd)
        self._waiting = False
        self._pending = b""

    def _feed(self) -> None:
        """Write the pending keys into the screen's input pipe as far as it takes them.

        The screen reads that pipe on the server's one event loop, so a blocking write of a paste larger
        than the pipe (64 kB) would stop every table. What does not fit waits, and the channel stops
        reading (SSH's own flow control holds the client back) until the pipe has room again.
        """
        fd, chan = self._input_fd, self.chan
        if fd is None or self.gone:
            self._pending = b""
            return
        try:
            while self._pending:
                self._pending = self._pending[os.write(fd, self._pending[:65536]):]
        except BlockingIOError:
            pass
        except OSError:
            self._pending = b""
        loop = asyncio.get_running_loop()
        if self._pending and not self._waiting:
            self._waiting = True
            loop.add_writer(fd, self._feed)
            if chan is not None:
                chan.pause_reading()
        elif not self._pending and self._waiting:
            self._waiting = False
            loop.remove_writer(fd)
            if chan is not None:
                chan.resume_reading()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self._resize(width, height)
        app = self.app_session.app if self.app_session is not None else None
        if app is not None and app.is_running:
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
        if self.input is not None:
            self.input.close()  # the application on it reads the end and leaves
        app = self.app_session.app if self.app_session is not None else None
        if app is not None and app.is_running and app.future is not None and not app.future.done():
            app.exit()

    def _depth(self) -> ColorDepth:
        chan = self.chan
        term = (chan.get_terminal_type() if chan is not None else None) or ""
        env = chan.get_environment() if chan is not None else {}
        if env.get("NO_COLOR") or term in ("dumb", "vt100"):
            return ColorDepth.DEPTH_1_BIT
        if "256color" in term or env.get("COLORTERM") in ("truecolor", "24bit"):
            return ColorDepth.DEPTH_8_BIT
        return ColorDepth.DEPTH_4_BIT

    def terminal(self, name: str) -> Terminal:
        assert self.input is not None
        output = Vt100_Output(cast(TextIO, _Stdout(self)), lambda: self.size, term=self._term(),
                              default_color_depth=self._depth(), enable_cpr=False)
        return Terminal(self.input, output, name, self.gate.address, self.gate.key)

    def _term(self) -> str | None:
        return self.chan.get_terminal_type() if self.chan is not None else None

    # -- the life of the connection ---------------------------------------------------------------------------

    async def _run(self) -> None:
        server = self.gate.server
        line: str | None = None
        server.channels.add(self)
        try:
            if self._term() is None:
                self.send("famiglia: the game needs a terminal: connect with ssh -t\r\n")
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
            line = "famiglia: something went wrong on the server (it is in the server's log); your game is saved."
        finally:
            self.input = None
            server.channels.discard(self)
            self._finish(self.closing or line)

    def _finish(self, line: str | None) -> None:
        chan = self.chan
        if chan is None:
            return
        with contextlib.suppress(OSError, asyncssh.Error, BrokenPipeError):
            if line and not self.gone:
                chan.write(f"\r\n{line}\r\n".encode())
            chan.exit(0)
        with contextlib.suppress(OSError, asyncssh.Error):
            chan.close()

    def stop(self, line: str) -> None:
        """The server is stopping: whatever is on show ends, and `line` is said."""
        self.closing = line
        if self.screen is not None:
            return  # its table closes it
        app = self.app_session.app if self.app_session is not None else None
        if app is not None and app.is_running and app.future is not None and not app.future.done():
            app.exit(result=Outcome("stop"))


async def visit(channel: Channel, server: Server) -> str | None:
    """The connection's life from the lobby on; the line to leave with."""
    gate = channel.gate
    name, code = split_user(gate.user)
    lobby = Lobby(name, tables=lambda: _watchable(server), yours=lambda: _yours(server, lobby.name, gate.key))
    outcome: Outcome | None = Outcome("join", code=code) if code is not None and name is not None else None
    if code is not None and name is None:
        lobby.message = f"Your name first; then j joins table {code[:8]}."
    word_tries = 0
    while channel.closing is None and not channel.gone:
        if outcome is None:
            outcome = await _lobby(channel, lobby, server)
        kind, outcome = outcome.kind, outcome if outcome.kind != "leave" else None
        if kind in ("leave", "stop", "idle") or outcome is None:
            return "famiglia: the lobby waited too long for a key; come back any time." if kind == "idle" else None
        found = outcome
        outcome = None
        player = lobby.name or "Player"
        if kind == "open":
            assert found.options is not None
            table = server.tables.open(found.options)
            holder, word = Holder.sitting(player, gate.key)
            table.sit(0, holder)
            lobby.home(await _seat(channel, server, table, 0, player, word=word))
            continue
        await asyncio.sleep(server.throttle.delay(gate.address))  # wrong codes before: this answer waits
        found_table = server.tables.find(found.code)
        if found_table is None:
            server.throttle.wrong(gate.address)
            said = read_code(found.code) or found.code[:12]
            lobby.message = f"There is no table {said} on this server: check the code with your friend."
            continue
        table = found_table
        if kind == "watch":
            lobby.home(await _seat(channel, server, table, None, player))
            continue
        seat, needs_word = _seat_for(table, player, gate.key)
        if kind == "word":
            held = table.holders[seat] if seat is not None else None
            if held is None or not held.is_word(found.text):
                server.throttle.wrong(gate.address)
                word_tries += 1
                if word_tries >= WORD_TRIES:
                    return "famiglia: that seat word was wrong too often."
                lobby.message = f"That is not the seat word of table {table.code}."
                continue
            needs_word = False
        if seat is not None and needs_word:
            lobby.ask_word(table.code, f"Table {table.code} keeps a seat for {table.holders[seat].name}: "  # type: ignore[union-attr]
                                       "its seat word, please.")
            continue
        if seat is None:
            lobby.home(await _seat(channel, server, table, None, player, full=True))
            continue
        word = None
        if table.holders[seat] is None:
            holder, word = Holder.sitting(player, gate.key)
            table.sit(seat, holder)
        lobby.home(await _seat(channel, server, table, seat, player, word=word))
    return None


def _seat_for(table: ServerTable, name: str, key: str | None) -> tuple[int | None, bool]:
    """Where a player coming to `table` sits: their held seat (and whether its word must be asked), a free seat,
    or None (they watch)."""
    for seat, holder in enumerate(table.holders):
        if holder is not None and holder.is_key(key):
            return seat, False
    for seat, holder in enumerate(table.holders):
        if holder is not None and holder.needs_word and holder.name.casefold() == name.casefold():
            return seat, True
    if not table.full:
        return table.holders.index(None), False
    return None, False


def _watchable(server: Server) -> list[Listed]:
    return [Listed(t.code, t.describe()) for t in server.tables if t.game is not None and not t.is_over]


def _yours(server: Server, name: str | None, key: str | None) -> list[Listed]:
    out = []
    for table in server.tables:
        if table.is_over:
            continue
        for holder in table.holders:
            if holder is not None and (holder.is_key(key) or
                                       (holder.needs_word and name and holder.name.casefold() == name.casefold())):
                out.append(Listed(table.code, table.describe()))
                break
    return out


async def _lobby(channel: Channel, lobby: Lobby, server: Server) -> Outcome:
    """Run the lobby until it is left; it closes itself after the idle limit."""
    assert channel.input is not None
    app = build_lobby_app(lobby, input=channel.input, output=channel.terminal(lobby.name or "").output)
    pressed = time.monotonic()

    def key(_: object) -> None:
        nonlocal pressed
        pressed = time.monotonic()

    app.key_processor.after_key_press += key

    async def idle() -> None:
        limit = server.limits.idle_lobby
        while app.is_running or not app.future:
            await asyncio.sleep(min(1.0, limit / 4))
            if time.monotonic() - pressed > limit and app.is_running and app.future is not None \
                    and not app.future.done():
                app.exit(result=Outcome("idle"))
                return

    watcher = asyncio.get_running_loop().create_task(idle())
    try:
        result = await app.run_async(handle_sigint=False, set_exception_handler=False)
    except EOFError:  # the connection closed under it
        return Outcome("leave")
    finally:
        watcher.cancel()
    return result if isinstance(result, Outcome) else Outcome("leave")


async def _seat(channel: Channel, server: Server, table: ServerTable, seat: int | None, name: str, *,
                word: str | None = None, full: bool = False) -> str | None:
    """Show `table` on this connection (at `seat`, or watching) until its player leaves it; the lobby's message."""
    terminal = channel.terminal(name)
    screen = screen_for(table, seat, terminal, invite=server.invite, word=word, **server.computer)
    before = table.attach(seat, screen)
    if before is not None:
        before.close("This seat was taken up by a new connection of yours.")
    channel.screen = screen
    lost = False
    try:
        line = await screen.run()
    except EOFError:
        lost, line = True, None
    except TableBroken as broken:
        line = str(broken)
    except Exception as error:  # one table's failure: saved and said; the connection goes back to the lobby
        if table.broken is None:
            table.fail(error)
        line = table.broken
    finally:
        channel.screen = None
        lost = lost or channel.gone
        table.detach(screen, lost=lost)
        if table.is_over and not table.screens and not table.watchers:
            server.tables.drop(table)
    if channel.closing is not None:
        return None
    if full and line is None:
        return f"Table {table.code} is full: you watched it."
    return line
