"""The ssh driver: a server started inside the test on the loopback, and SSH clients with a screen.

`serving(tmp, **settings)` starts a `Server` on 127.0.0.1 with a free port (`--port 0`) and a data
directory of the test's own, and stops it at the end. `Client` is one asyncssh client with a pty
whose output goes into a pyte terminal, so a test reads the screen as a person would (`text`,
`wait_for`); every wait is bounded in time. `run(coroutine)` runs a test's coroutine within `LIMIT`
seconds, so no test hangs.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any, Final, TypeVar

import asyncssh
import pyte

from famiglia.ai import player
from famiglia.server.channel import MAX_SIZE
from famiglia.server.limits import Limits
from famiglia.server.server import Server, Settings

T = TypeVar("T")
LIMIT: Final = 120.0  # seconds a whole test may take
WAIT: Final = 10.0  # seconds a screen is given to show what is waited for
HOST: Final = "127.0.0.1"


def run(coroutine: Awaitable[T], limit: float = LIMIT) -> T:
    async def bounded() -> T:
        return await asyncio.wait_for(coroutine, limit)

    return asyncio.run(bounded())


def quick_player(level: str, seed: Any = None) -> Any:
    """The computer with a small budget, so a test's game against it takes seconds."""
    return player("greedy", seed=seed) if level != "random" else player("random", seed=seed)


@contextlib.asynccontextmanager
async def serving(data: Path, *, seed: int | None = 100, **settings: Any) -> AsyncIterator[Server]:
    limits = settings.pop("limits", Limits())
    server = Server(Settings(host=HOST, port=0, seed=seed, data=data, limits=limits, **settings),
                    computer={"make_player": quick_player, "pace": 0.0})
    await server.start()
    try:
        yield server
    finally:
        await server.stop()


class _Answers(asyncssh.SSHClient):
    """Keyboard-interactive as OpenSSH does it: tried without asking when the server asks nothing, or the password."""

    def __init__(self, password: str | None) -> None:
        self.password = password

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str,
                                  prompts: Any) -> list[str]:
        return [self.password or "" for _ in prompts]


class _Session(asyncssh.SSHClientSession[bytes]):
    def __init__(self, client: Client) -> None:
        self.client = client

    def data_received(self, data: bytes, datatype: object) -> None:
        self.client.received += data
        self.client.stream.feed(data)

    def connection_lost(self, exc: Exception | None) -> None:
        self.client.closed = True


class Client:
    """One player's SSH client with a pty of `columns` × `rows`, its screen kept by pyte."""

    def __init__(self, columns: int = 100, rows: int = 40) -> None:
        self.screen = pyte.Screen(columns, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.received = b""
        self.closed = False
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None

    @classmethod
    async def connect(cls, port: int, user: str, *, key: asyncssh.SSHKey | None = None, columns: int = 100,
                      rows: int = 40, password: str | None = None, env: dict[str, str] | None = None,
                      **options: Any) -> Client:
        client = cls(columns, rows)
        given = {"known_hosts": None, "client_keys": [key] if key is not None else [], "agent_path": None,
                 "client_factory": lambda: _Answers(password),
                 "preferred_auth": ("publickey," if key else "") + "keyboard-interactive,password"}
        client.conn = await asyncssh.connect(HOST, port, username=user, **{**given, **options})
        client.chan, _ = await client.conn.create_session(lambda: _Session(client), term_type="xterm-256color",
                                                          term_size=(columns, rows), encoding=None, env=env or ())
        return client

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)

    async def wait_for(self, wanted: str | Callable[[str], bool], timeout: float = WAIT) -> str:
        """The screen once it shows `wanted` (a text, or a test of its text); AssertionError after `timeout`."""
        test = wanted if callable(wanted) else (lambda screen: wanted in screen)
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            screen = self.text()
            if test(screen) or (self.closed and test(self.received.decode(errors="replace"))):
                return screen
            await asyncio.sleep(0.02)
        raise AssertionError(f"the screen did not show {wanted!r} in {timeout} s; it shows:\n{self.text()}")

    async def wait_closed(self, timeout: float = WAIT) -> str:
        """Everything received, once the server has closed the channel."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while not self.closed and loop.time() < end:
            await asyncio.sleep(0.02)
        assert self.closed, "the server did not close the connection"
        return self.received.decode(errors="replace")

    def send(self, data: str | bytes) -> None:
        assert self.chan is not None
        self.chan.write(data.encode() if isinstance(data, str) else data)

    def resize(self, columns: int, rows: int) -> None:
        assert self.chan is not None
        # the server draws a larger terminal at MAX_SIZE; a pyte screen of 10,000 × 10,000 would take the
        # test's own loop a minute to read
        self.screen.resize(min(rows, MAX_SIZE[1]), min(columns, MAX_SIZE[0]))
        self.chan.change_terminal_size(columns, rows)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()


class _LinesSession(asyncssh.SSHClientSession[bytes]):
    def __init__(self, client: LinesClient) -> None:
        self.client = client

    def data_received(self, data: bytes, datatype: object) -> None:
        self.client.received += data

    def connection_lost(self, exc: Exception | None) -> None:
        self.client.closed = True


class LinesClient:
    """One player's SSH client in the plain mode: what it receives kept as bytes, read as lines (no screen); with
    `pty`, a terminal is asked for as a screen reader's terminal asks, else none (`ssh -T`, a pipe)."""

    def __init__(self) -> None:
        self.received = b""
        self.closed = False
        self.conn: asyncssh.SSHClientConnection | None = None
        self.chan: asyncssh.SSHClientChannel[bytes] | None = None

    @classmethod
    async def connect(cls, port: int, user: str, *, pty: bool = False, key: asyncssh.SSHKey | None = None,
                      env: dict[str, str] | None = None) -> LinesClient:
        client = cls()
        client.conn = await asyncssh.connect(HOST, port, username=user, known_hosts=None,
                                             client_keys=[key] if key is not None else [], agent_path=None,
                                             client_factory=lambda: _Answers(None),
                                             preferred_auth=("publickey," if key else "") + "keyboard-interactive")
        terminal: dict[str, Any] = {"term_type": "xterm-256color", "term_size": (80, 24)} if pty else {}
        client.chan, _ = await client.conn.create_session(lambda: _LinesSession(client), encoding=None,
                                                          env=env or (), **terminal)
        return client

    @property
    def text(self) -> str:
        return self.received.decode(errors="replace")

    def lines(self) -> list[str]:
        return self.text.replace("\r\n", "\n").split("\n")

    async def wait_for(self, wanted: str | Callable[[str], bool], timeout: float = WAIT) -> str:
        """Everything received, once it holds `wanted` (a text, or a test of the text); AssertionError after
        `timeout`."""
        test = wanted if callable(wanted) else (lambda text: wanted in text)
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            if test(self.text):
                return self.text
            if self.closed:
                break
            await asyncio.sleep(0.01)
        raise AssertionError(f"the client did not receive {wanted!r} in {timeout} s; it has:\n{self.text[-3000:]}")

    def send(self, data: str | bytes) -> None:
        assert self.chan is not None
        self.chan.write(data.encode() if isinstance(data, str) else data)

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
