"""What the serve benchmarks share: `famiglia serve` started in a process of its own, SSH clients with a pty
that hand what they receive to an object of the benchmark's, and the server's figures read from `/proc`.

`serve_load.py` and `serve_memory.py` both measure a server in a process of its own (its CPU and memory
its own) against asyncssh clients in the benchmark's process; this is how each of them starts it and
connects, once.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

import asyncssh

COLUMNS, ROWS = 80, 24
ESCAPE = re.compile(rb"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>78]")


class Receiver(Protocol):
    """Whatever a client hands its bytes to (and keeps its connection and channel on)."""

    conn: Any
    chan: Any

    def data(self, data: bytes) -> None: ...

    def text(self) -> bytes: ...


@dataclass
class Screen:
    """A client's screen as the benchmarks read it: the last of what the server sent, without escapes.

    A benchmark's client is one of these whose `data` also notes when its keys were answered (`keep` first).
    """

    name: str
    received: bytearray = field(default_factory=bytearray)
    chan: Any = None
    conn: Any = None

    def keep(self, data: bytes) -> None:
        """`data` added to what was received, of which the last 8 kB are kept: more than a screen."""
        self.received += data
        if len(self.received) > 65536:
            del self.received[:-8192]

    def data(self, data: bytes) -> None:
        self.keep(data)

    def text(self) -> bytes:
        return ESCAPE.sub(b"", bytes(self.received))


R = TypeVar("R", bound=Receiver)


class _Session(asyncssh.SSHClientSession[bytes]):
    def __init__(self, receiver: Receiver) -> None:
        self.receiver = receiver

    def data_received(self, data: bytes, datatype: object) -> None:
        self.receiver.data(data)


class _Open(asyncssh.SSHClient):
    """Keyboard-interactive with nothing asked, as OpenSSH logs in to an open server."""

    def kbdint_auth_requested(self) -> str:
        return ""

    def kbdint_challenge_received(self, name: str, instructions: str, lang: str, prompts: Any) -> list[str]:
        return ["" for _ in prompts]


async def connect(port: int, user: str, receiver: R) -> R:
    """`receiver`, connected as `user` with an 80×24 pty: what the server draws goes to its `data`."""
    receiver.conn = await asyncssh.connect("127.0.0.1", port, username=user, known_hosts=None, client_keys=[],
                                           agent_path=None, client_factory=_Open,
                                           preferred_auth="keyboard-interactive")
    receiver.chan, _ = await receiver.conn.create_session(lambda: _Session(receiver), term_type="xterm-256color",
                                                          term_size=(COLUMNS, ROWS), encoding=None)
    return receiver


async def until(test: Callable[[], bool], what: str, timeout: float = 30.0) -> None:
    end = time.monotonic() + timeout
    while not test():
        if time.monotonic() > end:
            raise RuntimeError(f"timed out waiting for {what}")
        await asyncio.sleep(0.05)


CODE = re.compile(rb"table ([A-Z2-9]{4})")


async def seat_two(port: int, opener: str, joiner: str, make: Callable[[str], R]) -> tuple[R, R]:
    """A table opened by `opener` (`n`, Enter) and joined by `joiner` by its code, both at the table; each
    client made by `make(user)`."""
    first = await connect(port, opener, make(opener))
    await until(lambda: b"Lobby" in first.text(), "the lobby")
    first.chan.write(b"n")
    await until(lambda: b"Open the table" in first.text(), "the new table's page")
    first.chan.write(b"\r")
    await until(lambda: CODE.search(first.text()) is not None, "the table's code")
    found = CODE.search(first.text())
    assert found is not None
    user = f"{joiner}+{found.group(1).decode()}"
    second = await connect(port, user, make(user))
    await until(lambda: b"hand" in second.text() and b"hand" in first.text()[-3000:], "both seated")
    return first, second


def start_server(home: Path, *options: str) -> tuple[subprocess.Popen[str], int]:
    """`famiglia serve --port 0 OPTIONS` with its data in `home`, once it says it listens; and its port."""
    env = {**os.environ, "FAMIGLIA_HOME": str(home), "PYTHONUNBUFFERED": "1"}
    process = subprocess.Popen([sys.executable, "-m", "famiglia", "serve", "--port", "0", *options],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    first = process.stdout.readline()
    found = re.search(r"port (\d+)", first)
    if found is None:
        process.kill()
        raise RuntimeError(f"famiglia serve did not start: {first!r}")
    for line in process.stdout:
        if "Ctrl-C stops" in line:
            break
    return process, int(found.group(1))


def status(pid: int, field_name: str) -> int:
    """A field of `/proc/PID/status` in bytes (`VmRSS`, `VmHWM`)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field_name + ":"):
            return int(line.split()[1]) * 1024
    return 0


def cpu(pid: int) -> float:
    """The CPU seconds `pid` has used, user and system."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
