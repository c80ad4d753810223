"""One table, many seats: every screen of a table is a view of its one game, and what is not confirmed is its
player's own.

Each seat's screen plays the table's one game (nothing is copied per seat and played again); a take or pass
waiting for its player's Enter is on no other screen, in no record and in no index until it is confirmed, and
taking it back changes nothing anyone else saw (R12). A game-ending pass that is then taken back leaves the table
in the index.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from famiglia.server.player import PlayerScreen
from famiglia.server.tables import ServerTable
from tests.drivers.ssh import Client, run, serving

from .play import play_on, seated, until

pytestmark = pytest.mark.slow


def _without_message_rows(screen: str) -> list[str]:
    """The screen's rows but the message line's and the key line's, which say who wrote what last."""
    return [row for row in screen.split("\n") if "said" not in row and "'" not in row and "Ctrl" not in row
            and "Message" not in row and "hello" not in row]


async def _settled(table: ServerTable, sender: Client, others: list[Client], word: str) -> None:
    """Every screen has drawn what happened before now: a table message sent after it has reached them all."""
    sender.send(f"'{word}\r")
    for client in [sender, *others]:
        await client.wait_for(word)


async def _watcher(server, table: ServerTable) -> Client:
    watcher = await Client.connect(server.port, f"dan+{table.code}")
    await watcher.wait_for("watching")
    await until(lambda: len(table.watchers) == 1, "the watcher at the table")
    return watcher


def _indexed(server) -> set[str]:
    server.tables.save()
    data = json.loads((server.folder / "tables.json").read_text())
    return set(data["tables"])


def test_both_seats_play_the_one_game_of_their_table(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna, ben, table = await seated(server)
            await until(lambda: len(table.screens) == 2 and all(
                isinstance(s, PlayerScreen) and s.session is not None for s in table.screens.values()),
                "both screens at the table")
            sessions = [s.session for s in table.screens.values() if isinstance(s, PlayerScreen)]
            assert all(s is not None and s.table is table.table for s in sessions)  # no copy per seat
            await play_on(table, {0: anna, 1: ben}, actions=12)
            assert table.record is not None and table.game is not None
            assert table.record.game().to_dict() == table.game.to_dict()

    run(main())


def test_a_take_not_confirmed_is_seen_by_nobody_else_and_taking_it_back_changes_nothing_they_saw(
        tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna, ben, table = await seated(server)
            watcher = await _watcher(server, table)
            assert table.game is not None
            clients = {0: anna, 1: ben}
            mover = clients[table.game.to_move]
            others = [clients[1 - table.game.to_move], watcher]
            await _settled(table, mover, others, "hello1")
            before = [_without_message_rows(c.text()) for c in others]
            moves, position = len(table.record.moves), table.game.to_dict()
            mover.send("p")  # a pass, waiting for its Enter
            await mover.wait_for("Enter: end your turn")
            await _settled(table, mover, others, "hello2")
            assert [_without_message_rows(c.text()) for c in others] == before
            assert len(table.record.moves) == moves and table.game.to_dict() == position
            assert "pass" not in (server.folder / "tables.json").read_text()
            mover.send("u")
            await mover.wait_for("ook back: pass")
            await _settled(table, mover, others, "hello3")
            assert [_without_message_rows(c.text()) for c in others] == before  # nothing to take back for them
            assert len(table.record.moves) == moves

    run(main())


def test_a_game_ending_pass_taken_back_keeps_the_table_in_the_index(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna, ben, table = await seated(server)
            watcher = await _watcher(server, table)
            assert table.game is not None
            clients = {0: anna, 1: ben}
            first = clients[table.game.to_move]
            second = clients[1 - table.game.to_move]
            first.send("p")
            await first.wait_for("Enter: end your turn")
            first.send("\r")
            await until(lambda: len(table.record.moves) == 1, "the first pass confirmed")
            await second.wait_for("Your hand")
            second.send("p")  # R8.5, R10.2: it would end the game, once confirmed
            await second.wait_for("Enter: end the game")
            await _settled(table, second, [first, watcher], "hello")
            assert table.code in _indexed(server)
            assert "Game over" not in watcher.text() and "Game over" not in first.text()
            second.send("u")
            await second.wait_for("ook back: pass")
            assert table.code in _indexed(server)
            assert not table.is_over

    run(main())
