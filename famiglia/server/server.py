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
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import asyncssh

from famiglia.persistence import Store, data_dir, printable
from famiglia.persistence.reading import Unreadable, read_text
from famiglia.persistence.writing import private_folder
from famiglia.phrasebook.catalogue import N_, Later, _

from .channel import Channel
from .folderlock import FolderLock, hold_folder
from .gatekeeper import Gatekeeper
from .hostkey import fingerprint, host_key
from .index import Tables
from .limits import CodeThrottle, Gate, Limits, OpenTables
from .log import attach, detach, log
from .saver import Saver
from .tables import ServerTable

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
        self.tables = Tables(self.folder, self.store, seed=settings.seed, saver=self.saver,
                             expiry=self.limits.waiting_expiry)
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
        self._unsaved: list[ServerTable] = []  # the tables whose game the stop could not save
        self._held: FolderLock | None = None  # this server's alone while it serves (`folderlock`)

    # -- starting --------------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen; `ServerError` (one line) if an option's file, the key, the folders or the address cannot be used,
        or the folder is another server's.

        The files the options name are read first, so that a mistyped one is said before anything is made;
        whatever fails, nothing has said "listening" yet, and the log and the folder are let go again.
        """
        self.password = self._password()
        self.authorized_keys = self._authorized_keys()
        try:
            self.store.ready()
            private_folder(self.folder)
        except Exception as error:
            raise ServerError(str(error)) from None
        self._check_folder()
        try:
            self._held = hold_folder(self.folder)  # before anything is read: another server's folder is left alone
        except Exception as error:
            raise ServerError(str(error)) from None
        try:
            await self._start()
        except BaseException:
            for table in self.tables:
                table.release()
            self._let_folder_go()
            raise

    async def _start(self) -> None:
        from .hostkey import HostKeyError

        self._open_log()
        try:
            key = host_key(self.folder)
            self.fingerprint = fingerprint(key)
            self.restored = self.tables.restore()
            self._acceptor = await asyncssh.create_server(
                lambda: Gatekeeper(self), self.settings.host, self.settings.port,
                server_host_keys=[key], encoding=None, login_timeout=self.limits.login_timeout,
                agent_forwarding=False, x11_forwarding=False, allow_scp=False, line_editor=False,
                keepalive_interval=30, keepalive_count_max=4, reuse_address=True)
        except HostKeyError as error:
            self._close_log()
            raise ServerError(str(error)) from None
        except (OSError, UnicodeError) as error:
            self._close_log()
            if isinstance(error, UnicodeError):  # a host name no resolver can encode: too long, an empty label
                reason: object = _("not an address or a host name")
            else:
                reason = error.strerror or error
            raise ServerError(_("cannot listen on {host} port {port} ({reason})").format(
                host=self.settings.host, port=self.settings.port, reason=reason)) from None
        except BaseException:
            self._close_log()
            raise
        sockets = self._acceptor.sockets
        self.port = sockets[0].getsockname()[1] if sockets else self.settings.port
        log.info("listening on %s port %d, host key %s", self.settings.host, self.port, self.fingerprint)

    def _check_folder(self) -> None:
        """The server's folder is a folder of its own: not a file, nor a link to somewhere else."""
        try:
            info = os.lstat(self.folder)
        except OSError as error:
            raise ServerError(_("the server's folder {path} cannot be read ({reason})").format(
                path=self.folder, reason=error.strerror or error)) from None
        if stat.S_ISLNK(info.st_mode):
            raise ServerError(_("the server's folder {path} is a symbolic link, which famiglia does not follow").format(
                path=self.folder))
        if not stat.S_ISDIR(info.st_mode):
            raise ServerError(_("the server's folder {path} is not a folder: move it away, and famiglia makes "
                                "one").format(path=self.folder))

    def _open_log(self) -> None:
        path = self.folder / LOG
        with contextlib.suppress(FileExistsError, OSError):
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600))
        if path.is_symlink():
            raise ServerError(_("the server's log {path} is a symbolic link, which famiglia does not follow").format(
                path=path))
        try:
            self._handler = attach(path)
        except OSError as error:
            raise ServerError(_("the server's log {path} cannot be written ({reason})").format(
                path=path, reason=error.strerror or error)) from None

    def _close_log(self) -> None:
        if self._handler is not None:
            detach(self._handler)
            self._handler = None

    def _option_file(self, flag: str, path: Path, *, limit: int, kind: str) -> str:
        """The text of the file option `flag` names; `ServerError`, in one line that names both, if there is none."""
        try:
            return read_text(path, limit=limit, kind=kind)
        except FileNotFoundError:
            raise ServerError(_("{flag} {path}: there is no such file").format(flag=flag, path=path)) from None
        except Unreadable as error:
            raise ServerError(_("{flag} {path}: {reason}").format(flag=flag, path=path, reason=error)) from None

    def _password(self) -> str | None:
        path = self.settings.password_file
        if path is None:
            return None
        text = self._option_file("--password-file", path, limit=4096, kind=_("a password file"))
        password = text.splitlines()[0] if text.strip() else ""
        if not password:
            raise ServerError(_("the password file {path} is empty: its first line is the password").format(path=path))
        return password

    def _authorized_keys(self) -> asyncssh.SSHAuthorizedKeys | None:
        path = self.settings.authorized_keys
        if path is None:
            return None
        text = self._option_file("--authorized-keys", path, limit=1024 * 1024, kind=_("an authorized keys file"))
        none = _("the authorized keys file {path} holds no SSH public key: write one 'ssh-ed25519 AAAA… name' line "
                 "for each key").format(path=path)
        try:
            keys = asyncssh.import_authorized_keys(text)
        except asyncssh.KeyImportError as error:
            raise ServerError(_("the authorized keys file {path} cannot be read ({reason})").format(
                path=path, reason=error)) from None
        except ValueError:  # asyncssh's "No valid entries found": every line was something else
            raise ServerError(none) from None
        if not any(line.strip() and not line.lstrip().startswith("#") for line in text.splitlines()):
            raise ServerError(none)
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
        """The line a friend types to come to a table (`{code}` for its code), its NAME in the language spoken."""
        address = self.address.replace("{", "{{").replace("}", "}}")  # kept as it is by the `{code}` filled later
        return _("ssh -p {port} NAME+{code}@{address}").format(port=self.port, address=address, code="{code}")

    def lines(self) -> list[str]:
        """What `famiglia serve` prints on starting: the command, the fingerprint, the games' folder, the stop."""
        host = self.settings.host
        if host in ("127.0.0.1", "localhost", "::1"):
            first = _("famiglia serve: listening on {host} port {port} (this machine only: --host 0.0.0.0 lets "
                      "others in)")
        else:
            first = _("famiglia serve: listening on {host} port {port} — others can connect")
        out = [first.format(host=host, port=self.port)]
        join = _("ssh -p {port} NAME@{address}").format(port=self.port, address=self.address)
        out.append("  " + _("join with:    {command}").format(command=join))
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
        await self._try_again()
        for table in self.tables:  # each of its screens says it in its own player's language
            table.close(self._stopping_line(table))
        channels = list(self.channels)
        for channel in channels:
            at = getattr(channel.screen, "table", None)
            if at is not None and at.record is not None and at.problem is None \
                    and getattr(channel.screen, "seat", 0) is None:
                channel.stop(Later(N_("famiglia: the server is stopping; table {code}, which you watched, is saved."),
                                   code=at.code))
            elif at is not None and at.record is not None:
                channel.stop(self._stopping_line(at))
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
        self.tables.save(now=True)
        for table in self.tables:
            table.release()
        self.saver.close(wait=written)
        self._unsaved = [table for table in self.tables if table.record is not None and table.problem is not None]
        if self._acceptor is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._acceptor.wait_closed(), STOP_WAIT)
        log.info("stopped")
        self._let_folder_go()

    def _let_folder_go(self) -> None:
        if self._handler is not None:
            detach(self._handler)
            self._handler = None
        if self._held is not None:
            self._held.release()
            self._held = None

    async def _try_again(self) -> None:
        """Before anyone is told, the games' writes handed over are made, and those that failed are tried again,
        so what the stop says of each table is so (each wait bounded: a disk that does not answer is not waited
        for)."""
        for _attempt in range(2):
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.saver.drained(), STOP_WAIT)
            failed = [table for table in self.tables if table.problem is not None]
            if not failed:
                return
            for table in failed:
                table.save_again()

    def _stopping_line(self, table: ServerTable) -> Later:
        """What a player of `table` is told as the server stops: where their game is, or that it is not saved."""
        if table.record is None:
            return Later(N_("famiglia: the server is stopping; table {code} is kept."), code=table.code)
        if table.problem is not None:
            return Later(N_("famiglia: the server is stopping; the game of table {code} could not be saved "
                            "({reason})."), code=table.code, reason=printable(table.problem, 100))
        return Later(N_("famiglia: the server is stopping; your game is saved as table {code}."), code=table.code)

    def unsaved(self) -> list[str]:
        """The codes of the tables whose game could not be saved, once the server has stopped."""
        return sorted(table.code for table in self._unsaved)

    def stopped_lines(self) -> list[str]:
        """What `famiglia serve` prints once the server has stopped: that every table is saved, or which are not."""
        lines = [_("stopped; the game of table {code} could not be saved ({reason}).").format(
            code=table.code, reason=printable(table.problem or "", 100)) for table in self._unsaved]
        if self.tables.problem is not None:
            lines.append(_("stopped; {problem}.").format(problem=self.tables.problem))
        return lines or [_("stopped; every table is saved.")]

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
