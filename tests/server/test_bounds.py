"""Bounded, whatever a client sends: the input line's length, pastes, and window changes drawn once a frame.

A flood of typed keys once grew the server by the square of the line's length (60 kB: 1.5 GB), and a
burst of 1,000 window changes kept every other table waiting half a minute. Each test floods one client
and then reads another's screen, as that person would: it still answers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from famiglia.server.lobby import Asking
from famiglia.server.pasting import END, PASTE_LIMIT, START, PasteLimit
from famiglia.server.tables import ServerTable
from famiglia.tui.shell.layout import LINE_LIMIT
from tests.drivers.ssh import Client, run, serving

from .play import open_table

pytestmark = pytest.mark.slow

FULL = "The line is full"


async def _seated(server: object, anna: Client) -> tuple[ServerTable, Client, Client]:
    """Anna opens a table and Ben joins it; the table, the client of the seat to move and the other's."""
    table = await open_table(server, anna)
    ben = await Client.connect(server.port, f"ben+{table.code}")  # type: ignore[attr-defined]
    await ben.wait_for("Your hand")
    await anna.wait_for("Your hand")
    assert table.game is not None
    clients = {"anna": anna, "ben": ben}
    mover = clients[table.screens[table.game.to_move].name]
    return table, mover, ben if mover is anna else anna


async def _answers(client: Client) -> None:
    """`client` (at a table) opens the help and closes it again: its screen answers its keys."""
    client.send("?")
    await client.wait_for("Keys")
    client.send("?")
    await client.wait_for(lambda screen: "Keys" not in screen)


def test_a_flood_typed_into_the_table_line_stops_at_the_limit_and_says_so(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await Client.connect(server.port, "anna")
            _, mover, other = await _seated(server, anna)
            mover.send("a" * 64 * 1024)
            await mover.wait_for(FULL, timeout=30)
            await _answers(other)
            # The line holds exactly its limit: that many backspaces empty it.
            mover.send("\x7f" * LINE_LIMIT + "Z")
            await mover.wait_for(lambda screen: screen.rstrip().endswith("> Z"), timeout=30)  # 200 keys, each answered

    run(main())


def test_an_endless_paste_is_cut_and_the_server_answers_meanwhile(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await Client.connect(server.port, "anna")
            _, mover, other = await _seated(server, anna)
            mover.send(START + "b" * 1024 * 1024)  # and no end yet
            await _answers(other)
            mover.send(END)
            await mover.wait_for(FULL, timeout=30)
            mover.send("\x7f" * LINE_LIMIT + "Z")
            await mover.wait_for(lambda screen: screen.rstrip().endswith("> Z"))

    run(main())


def test_every_typed_field_of_the_lobby_stops_at_its_limit_and_says_so(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            cleo = await Client.connect(server.port, "cleo")
            await cleo.wait_for("Lobby")
            cleo.send("j")
            await cleo.wait_for("Table code")
            cleo.send("X" * 10_000)
            screen = await cleo.wait_for(FULL)
            assert "X" * Asking.CODE.longest in screen and "X" * (Asking.CODE.longest + 1) not in screen
            nameless = await Client.connect(server.port, "a" * 30)  # no name: the lobby asks for one
            await nameless.wait_for("Your name")
            nameless.send(START + "n" * 100_000 + END)
            screen = await nameless.wait_for(FULL)
            assert "n" * Asking.NAME.longest in screen and "n" * (Asking.NAME.longest + 1) not in screen

    run(main())


def test_a_burst_of_window_changes_is_drawn_a_few_times_and_the_others_answer(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await Client.connect(server.port, "anna")
            _, _, other = await _seated(server, anna)
            assert all(channel.resized == 0 for channel in server.channels)
            for n in range(1000):
                anna.resize(80 + n % 2 * 40, 24 + n % 2 * 10)
            anna.resize(90, 30)
            await _answers(other)
            anna.send("?")  # after the burst: drawn at the last size
            await anna.wait_for("Keys")
            redraws = sum(channel.resized for channel in server.channels)
            assert 1 <= redraws <= 100, f"{redraws} redraws for 1,001 window changes"

    run(main())


def test_a_paste_is_cut_at_its_limit_wherever_the_reads_split_it() -> None:
    text = "k" + START + "x" * (PASTE_LIMIT + 10) + END + "\x1b[A" + START + "ab" + END + "\x1b"
    want = "k" + START + "x" * PASTE_LIMIT + END + "\x1b[A" + START + "ab" + END + "\x1b"
    for size in (1, 2, 3, 5, 7, 4096, len(text)):
        limit = PasteLimit()
        assert "".join(limit.feed(text[i:i + size]) for i in range(0, len(text), size)) == want
    assert PasteLimit().feed("\x1b") == "\x1b"  # Esc alone goes on at once
