"""`Server`: the SSH server of `famiglia serve`, its tables and its connections, from the start to the stop.

`await server.start()` reads (or makes) the host key, brings back the unfinished tables and
listens; `lines()` are what the command prints then. `await server.stop()` saves every table,
tells every client in one line ("the server is stopping; your game is saved as table K7QX") and
disconnects each cleanly. Its log file (`serve.log` in the server's folder) gets what went wrong,
tracebacks included; a player's screen never does.

The server's folder is `server/` in the data directory: the host key, the index of the tables and
the log. The games themselves are saved games like any other (`famiglia games` lists them).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import asyncssh

from famiglia.persistence import Store, data_dir
from famiglia.persistence.reading import Unreadable, read_text
from famiglia.persistence.writing import private_folder
from famiglia.phrasebook.catalogue import N_, Later, _

from .channel import Channel
from .gatekeeper import Gatekeeper
from .hostkey import fingerprint, host_key
from .index import Tables
from .limits import CodeThrottle, Gate, Limits, OpenTables
from .log import attach, detach, log
from .saver import Saver

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "FOLDER", "LOG", "Server", "ServerError", "Settings"]

DEFAULT_HOST: Final = "127.0.0.1"
DEFAULT_PORT: Final = 2222
FOLDER: Final = "server"
LOG: Final = "serve.log"
STOP_WAIT: Final = 5.0  # seconds the clients are given to be told and let go, on stopping
LET_GO: Final = 2.0  # seconds a told client is given to hang up before its connection is closed
SAVE_WAIT: Final = 30.0  # seconds the games still being written are given, on stopping
_WILDCARDS: Final = ("0.0.0.0", "::", "")


class ServerError(Exception):
    """The server cannot start; the message says why in one line."""


@dataclass(frozen=True, slots=True)
class Settings:
    """How the server runs: where it listens, who may come in, its limits, and its seeds."""

    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    seed: int | None = None
    password_file: Path | None = None
    authorized_keys: Path | None = None
    limits: Limits = field(default_factory=Limits)
    data: Path | None = None  # the data directory (by default the user's, as every command has it)


class Server:
    """One `famiglia serve`; see the module docstring. `computer` are options for the computer player
    (tests give it small budgets and no pause)."""

    def __init__(self, settings: Settings, *, computer: dict[str, Any] | None = None) -> None:
        self.settings = settings
        self.limits = settings.limits
        self.root = settings.data if settings.data is not None else data_dir()
        self.folder = self.root / FOLDER
        self.store = Store(self.root)
        self.saver = Saver()
        self.tables = Tables(self.folder, self.store, seed=settings.seed, saver=self.saver)
        self.gate = Gate(self.limits)
        self.throttle = CodeThrottle(self.limits)
        self.opened = OpenTables(self.limits)
        self.sitting = asyncio.Lock()  # held while a seat's word is made (`visit`)
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.channels: set[Channel] = set()
        self.computer = computer or {}
        self.password: str | None = None
        self.authorized_keys: asyncssh.SSHAuthorizedKeys | None = None
        self.fingerprint = ""
        self.port = settings.port
        self.restored: list[str] = []
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._handler: logging.Handler | None = None

    # -- starting --------------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen; `ServerError` (one line) if the key, the files or the address cannot be used."""
        from .hostkey import HostKeyError

        try:
            self.store.ready()
            private_folder(self.folder)
        except Exception as error:
            raise ServerError(str(error)) from None
        self._open_log()
        try:
            key = host_key(self.folder)
        except HostKeyError as error:
            raise ServerError(str(error)) from None
        self.fingerprint = fingerprint(key)
        self.password = self._password()
        self.authorized_keys = self._authorized_keys()
        self.restored = self.tables.restore()
        try:
            self._acceptor = await asyncssh.create_server(
                lambda: Gatekeeper(self), self.settings.host, self.settings.port,
                server_host_keys=[key], encoding=None, login_timeout=self.limits.login_timeout,
                agent_forwarding=False, x11_forwarding=False, allow_scp=False, line_editor=False,
                keepalive_interval=30, keepalive_count_max=4, reuse_address=True)
        except OSError as error:
            raise ServerError(_("cannot listen on {host} port {port} ({reason})").format(
                host=self.settings.host, port=self.settings.port, reason=error.strerror or error)) from None
        sockets = self._acceptor.sockets
        self.port = sockets[0].getsockname()[1] if sockets else self.settings.port
        log.info("listening on %s port %d, host key %s", self.settings.host, self.port, self.fingerprint)

    def _open_log(self) -> None:
        path = self.folder / LOG
        with contextlib.suppress(FileExistsError, OSError):
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600))
        if path.is_symlink():
            raise ServerError(_("the server's log {path} is a symbolic link, which famiglia does not follow").format(
                path=path))
        self._handler = attach(path)

    def _password(self) -> str | None:
        path = self.settings.password_file
        if path is None:
            return None
        try:
            text = read_text(path, limit=4096, kind=_("a password file"))
        except Unreadable as error:
            raise ServerError(str(error)) from None
        password = text.splitlines()[0] if text.strip() else ""
        if not password:
            raise ServerError(_("the password file {path} is empty: its first line is the password").format(path=path))
        return password

    def _authorized_keys(self) -> asyncssh.SSHAuthorizedKeys | None:
        path = self.settings.authorized_keys
        if path is None:
            return None
        try:
            text = read_text(path, limit=1024 * 1024, kind=_("an authorized keys file"))
            keys = asyncssh.import_authorized_keys(text)
        except Unreadable as error:
            raise ServerError(str(error)) from None
        except (ValueError, asyncssh.KeyImportError) as error:
            raise ServerError(_("the authorized keys file {path} cannot be read ({reason})").format(
                path=path, reason=error)) from None
        return keys

    # -- what is said ----------------------------------------------------------------------------------------

    @property
    def address(self) -> str:
        """The address others type: the host it listens on, or this machine's name for every address."""
        host = self.settings.host
        if host in _WILDCARDS:
            return socket.gethostname() or "THIS-MACHINE"
        return f"[{host}]" if ":" in host else host

    @property
    def invite(self) -> str:
        """The line a friend types to come to a table (`{code}` for its code)."""
        return f"ssh -p {self.port} NAME+{{code}}@{self.address}"

    def lines(self) -> list[str]:
        """What `famiglia serve` prints on starting: the command, the fingerprint, the games' folder, the stop."""
        host = self.settings.host
        if host in ("127.0.0.1", "localhost", "::1"):
            first = _("famiglia serve: listening on {host} port {port} (this machine only: --host 0.0.0.0 lets "
                      "others in)")
        else:
            first = _("famiglia serve: listening on {host} port {port} — others can connect")
        out = [first.format(host=host, port=self.port)]
        out.append("  " + _("join with:    {command}").format(command=f"ssh -p {self.port} NAME@{self.address}"))
        out.append("  " + _("host key:     {fingerprint} (ED25519): joiners check that ssh shows this").format(
            fingerprint=self.fingerprint))
        out.append("  " + _("games saved:  {folder} (famiglia games lists them); log: {log}").format(
            folder=self.root, log=self.folder / LOG))
        out.extend("  " + _("note: {line}").format(line=line) for line in self.restored)
        if self.tables.tables:
            out.append("  " + _("tables back:  {codes}").format(codes=", ".join(sorted(self.tables.tables))))
        out.append("  " + _("Ctrl-C stops the server; every table is saved."))
        return out

    # -- stopping --------------------------------------------------------------------------------------------

    async def stop(self) -> None:
        """Every table saved and closed, every client told in one line and disconnected; then the port is closed."""
        if self._acceptor is not None:
            self._acceptor.close()
        for table in self.tables:  # each of its screens says it in its own player's language
            saved = N_("famiglia: the server is stopping; your game is saved as table {code}.") \
                if table.record is not None else N_("famiglia: the server is stopping; table {code} is kept.")
            table.close(Later(saved, code=table.code))
        channels = list(self.channels)
        for channel in channels:
            at = getattr(channel.screen, "table", None)
            if at is not None and at.record is not None and getattr(channel.screen, "seat", 0) is None:
                channel.stop(Later(N_("famiglia: the server is stopping; table {code}, which you watched, is saved."),
                                   code=at.code))
            elif at is not None and at.record is not None:
                channel.stop(Later(N_("famiglia: the server is stopping; your game is saved as table {code}."),
                                   code=at.code))
            else:
                channel.stop(Later(N_("famiglia: the server is stopping; come back when it is started again.")))
        tasks = [c.task for c in channels if c.task is not None and not c.task.done()]
        if tasks:
            await asyncio.wait(tasks, timeout=STOP_WAIT)
        await self._let_go()
        try:  # every table's last move written before its lock is let go
            await asyncio.wait_for(self.saver.drained(), SAVE_WAIT)
            written = True
        except TimeoutError:
            log.error("the disk did not answer for %s s: the last moves of some tables may not be saved", SAVE_WAIT)
            written = False
        self.tables.save()
        for table in self.tables:
            table.release()
        self.saver.close(wait=written)
        if self._acceptor is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._acceptor.wait_closed(), STOP_WAIT)
        log.info("stopped")
        if self._handler is not None:
            detach(self._handler)
            self._handler = None

    async def _let_go(self) -> None:
        """Each client is given `LET_GO` seconds to read its last line and hang up, as `ssh` does once its
        session ends; then the connections left are closed. Closing them at once could drop that line
        still on its way (OpenSSH showed a watcher 'Disconnected by application' and no word of its table)."""
        waiting = {asyncio.ensure_future(conn.wait_closed()): conn for conn in self.connections}
        if waiting:
            await asyncio.wait(waiting, timeout=LET_GO)
        for future, conn in waiting.items():
            if not future.done():
                future.cancel()
                with contextlib.suppress(Exception):
                    conn.close()
