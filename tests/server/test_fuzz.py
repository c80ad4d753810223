"""A seeded fuzzer over SSH: random bytes, escape sequences, pastes and window changes to the lobby and a table.

After every chunk the server must still answer: the table's game is the one its record replays, each
player's screen is still drawn from its own seat, and a new client still gets the lobby. Nothing a
client sends shows a traceback. `FAMIGLIA_FUZZ_CHUNKS` sets the number of chunks (60 by default).

Then the hostile kinds, each bounded in count: a flood of typed keys and an endless paste into the table's
input line, a burst of window changes, a storm of connections opened and dropped. After each, the other
player's table still answers (their screen opens the help and closes it), and the server's memory
grew by less than `GROWTH` at its peak.
"""

from __future__ import annotations

import os
import random
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest

from famiglia.server.player import PlayerScreen
from tests.drivers.ssh import Client, run, serving

from .play import until

pytestmark = pytest.mark.slow

CHUNKS = int(os.environ.get("FAMIGLIA_FUZZ_CHUNKS", "60"))
GROWTH = 100 * 1024 * 1024  # bytes the process may grow by, at its peak, for a megabyte of keys
ESCAPES = [b"\x1b[A", b"\x1b[B", b"\x1b[1;5C", b"\x1b[200~", b"\x1b[201~", b"\x1b[<0;10;10M", b"\x1b[M !!",
           b"\x1bOP", b"\x1b[15~", b"\x1b[99;99R", b"\x1b]0;title\x07", b"\x1b", b"\x03", b"\x04", b"\x1a", b"\x11",
           b"\r", b"\t", b"\x7f", b"'", b"?", b"q", b"n", b"y", b"j", b"w", b"c", b"p", b"h", b"u", b"g"]


def _chunk(rng: random.Random) -> bytes | tuple[int, int]:
    kind = rng.randrange(6)
    if kind == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    if kind == 1:
        return b"".join(rng.choice(ESCAPES) for _ in range(rng.randrange(1, 8)))
    if kind == 2:  # a paste, bracketed or not, up to 100 kB
        body = "".join(rng.choice("abcXYZ 0123\n\t[]/£€♥") for _ in range(rng.choice((50, 2000, 100_000))))
        data = body.encode()
        return b"\x1b[200~" + data + b"\x1b[201~" if rng.random() < 0.5 else data[:3000]
    if kind == 3:
        return rng.choice([(1, 1), (10_000, 10_000), (80, 24), (20, 5), (200, 60), (rng.randrange(1, 300),
                                                                                    rng.randrange(1, 120))])
    if kind == 4:
        words = "take pass refresh accountant swap brute M0 F1 A2 B3 12 "
        return "".join(rng.choice(words) for _ in range(12)).encode()
    return rng.choice(ESCAPES)


def test_random_bytes_escapes_pastes_and_window_changes_never_stall_the_server(tmp_path: Path) -> None:
    rng = random.Random(23)

    async def main() -> None:
        async with serving(tmp_path) as server:
            anna, ben = await Client.connect(server.port, "anna"), await Client.connect(server.port, "ben")
            lobby = await Client.connect(server.port, "cleo")
            await anna.wait_for("Lobby")
            anna.send("n")
            await anna.wait_for("Open the table")
            anna.send("\r")
            await until(lambda: bool(server.tables.tables), "a table opened")
            table = next(iter(server.tables))
            ben.send("j")
            ben.send(f"{table.code}\r")
            await until(lambda: table.record is not None and len(table.screens) == 2, "both at the table")
            for n in range(CHUNKS):
                target = rng.choice([anna, ben, lobby])
                chunk = _chunk(rng)
                if target.closed:
                    continue
                if isinstance(chunk, tuple):
                    target.resize(*chunk)
                else:
                    target.send(chunk)
                await __import__("asyncio").sleep(0.02)
                if n % 10 == 9:
                    probe = await Client.connect(server.port, f"probe{n}")
                    await probe.wait_for("Lobby")
                    probe.close()
                    if table.record is not None:
                        assert table.record.game().to_dict() == table.game.to_dict() or table.pending
                    for seat, screen in table.screens.items():
                        if isinstance(screen, PlayerScreen) and screen.session is not None:
                            view = screen.session.view()
                            assert view is None or view.seat == seat
            for client in (anna, ben, lobby):
                assert b"Traceback" not in client.received

    run(main(), limit=300)


def _memory(field: str) -> int:
    """The test process's (the server's and its clients') memory of `field` in /proc/self/status, in bytes."""
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    return 0


def _peak_from_now() -> None:
    """Start `VmHWM` again from the resident memory now (Linux 4.0 on); where that cannot be, it stays the peak
    since the start, a bound all the same."""
    try:
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
    except OSError:
        pass


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="reads the memory from /proc")
def test_floods_resize_bursts_and_reconnect_storms_leave_the_others_answering_in_bounded_memory(
        tmp_path: Path) -> None:
    from .test_bounds import _answers, _seated

    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await Client.connect(server.port, "anna")
            table, mover, other = await _seated(server, anna)

            async def hostile(what: str, act: Callable[[], Awaitable[None]]) -> None:
                before = _memory("VmRSS")
                _peak_from_now()
                await act()
                await _answers(other)
                grown = _memory("VmHWM") - before
                assert grown < GROWTH, f"{what}: the server grew by {grown / 1e6:.0f} MB"
                assert not mover.closed and not other.closed

            async def flood() -> None:
                mover.send("f" * 1024 * 1024)
                await mover.wait_for("The line is full", timeout=60)
                mover.send("\x15")  # Ctrl-U: the line empty again

            async def paste() -> None:
                mover.send("\x1b[200~" + "p" * 1024 * 1024)
                await _answers(other)  # while the paste is still open
                mover.send("\x1b[201~\x15")

            async def resizes() -> None:
                for n in range(1000):
                    mover.resize(1 + n % 300, 1 + n % 120)
                mover.resize(100, 40)

            async def storm() -> None:
                for n in range(30):
                    client = await Client.connect(server.port, f"storm{n % 3}+{table.code}")
                    if n % 2:
                        await client.wait_for(lambda screen: bool(screen.strip()))
                    client.close()
                probe = await Client.connect(server.port, "probe")
                await probe.wait_for("Lobby")
                probe.close()

            for what, act in (("a 1 MB flood", flood), ("a 1 MB paste", paste), ("1,000 window changes", resizes),
                              ("30 connections opened and dropped", storm)):
                await hostile(what, act)
            for client in (mover, other):
                assert b"Traceback" not in client.received

    run(main(), limit=300)
