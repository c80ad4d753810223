"""famiglia serve over SSH: whole seeded games between two clients, each screen drawn from its own seat alone.

Every test starts the server inside the test on 127.0.0.1 with a free port and its own data directory
(`driver.serving`), and plays with asyncssh clients whose screens pyte keeps.
"""

from __future__ import annotations

import re
import threading
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from famiglia.engine import Refresh
from famiglia.persistence import Store
from famiglia.server.player import PlayerScreen
from famiglia.server.tables import ServerTable
from tests.drivers.ssh import LIMIT, Client, run, serving

from .play import open_table, play_action, play_on, seated, until

pytestmark = pytest.mark.slow

SEED = 987_654_321  # a seed whose digits are found nowhere else on a screen


def _player_screens(table: ServerTable) -> dict[int, PlayerScreen]:
    return {seat: s for seat, s in table.screens.items() if isinstance(s, PlayerScreen)}


def _hand_rows(screen: str) -> str:
    """The rows of the screen's own hand: from 'Your hand' to the next empty row."""
    lines = screen.split("\n")
    at = next(i for i, line in enumerate(lines) if "Your hand" in line)
    rows = []
    for line in lines[at:]:
        if not line.strip():
            break
        rows.append(line)
    return "\n".join(rows)


def _own_hand_shown(table: ServerTable, seat: int, screen: str) -> None:
    """The hand on `seat`'s screen is that seat's hand, card for card (R12.2)."""
    assert table.game is not None
    hand = table.game.view(seat).hand
    shown = _hand_rows(screen)
    for card in set(hand):
        assert str(card) in shown
    for card in table.game.view(1 - seat, memory=False).hand:
        if card not in hand:
            assert str(card) not in shown, f"{card} of the other hand is drawn on seat {seat}'s screen"


def test_a_whole_seeded_game_between_two_clients_each_drawn_from_its_own_seat(tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")

    async def main() -> None:
        async with serving(tmp_path, seed=SEED) as server:
            anna, ben, table = await seated(server, key)
            await anna.wait_for("Your hand")
            assert table.record is not None and table.record.seats == ("network", "network")
            assert table.holders[0].key == str(key.get_fingerprint("sha256"))  # Anna's seat is her key's
            assert table.holders[1].key is None and table.holders[1].digest  # Ben's is his word's
            clients = {0: anna, 1: ben}

            def each_screen_is_its_own() -> None:
                for seat, screen in _player_screens(table).items():
                    assert screen.session is not None
                    view = screen.session.view()
                    assert view is not None and view.seat == seat  # drawn from its own seat's view (R12)
                    if not table.is_over and not table.pending:
                        assert view.hand == table.game.view(seat).hand

            await play_on(table, clients, actions=12, each=each_screen_is_its_own)
            for seat, client in clients.items():
                screen = await client.wait_for("Your hand")
                _own_hand_shown(table, seat, screen)
            await play_on(table, clients, each=each_screen_is_its_own)
            assert table.is_over
            for client in clients.values():
                await client.wait_for("Game over")
            # Never before the end: the seed of the unfinished game went to neither client (R12.2).
            await server.saver.drained()  # the last move written (off the loop)
            _, record = Store(tmp_path).find(table.record.id)
            assert record.seats == ("network", "network") and record.game().is_over
            assert record.game().to_dict() == table.game.to_dict()

    run(main())


def test_the_seed_of_an_unfinished_game_and_the_other_hand_never_reach_a_client(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path, seed=SEED) as server:
            anna = await Client.connect(server.port, "anna")
            table = await open_table(server, anna)
            ben = await Client.connect(server.port, f"ben+{table.code}")
            cleo = await Client.connect(server.port, f"cleo+{table.code}")  # the table is full: she watches
            await cleo.wait_for("watching")
            await play_on(table, {0: anna, 1: ben}, actions=30)
            assert not table.is_over
            anna.send("h")  # a hint for Anna: never shown to Ben or Cleo
            await anna.wait_for("Hint", timeout=30)
            for client in (anna, ben, cleo):
                assert str(SEED) not in client.received.decode(errors="replace")
            for client in (ben, cleo):
                assert "Hint" not in client.received.decode(errors="replace")
            assert "Your hand" not in cleo.text()
            assert "Your hand" not in cleo.received.decode(errors="replace")

    run(main())


def test_a_watcher_sees_the_public_table_as_it_changes(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna, ben, table = await seated(server)
            cleo = await Client.connect(server.port, "cleo")
            await cleo.wait_for("Lobby")
            cleo.send("w")
            await cleo.wait_for(f"table {table.code}")
            cleo.send("\r")
            screen = await cleo.wait_for("watching")
            assert "anna" in screen and "ben" in screen and "Your hand" not in screen
            assert table.watchers
            await play_on(table, {0: anna, 1: ben}, actions=8)
            size = table.game.view(None).draw_stack_size
            await cleo.wait_for(f"draw stack {size}")
            cleo.send("'psst [bold]hi[/]\r")
            for client in (anna, ben, cleo):
                await client.wait_for(lambda s: "leo (watching): psst [bold]hi[/]" in s)  # as written, a watcher's
            cleo.send("q")
            await cleo.wait_for("Lobby")
            await until(lambda: not table.watchers, "the watcher gone")

    run(main())


def test_a_dropped_seat_waits_and_comes_back_at_the_same_moment(tmp_path: Path) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")

    async def main() -> None:
        async with serving(tmp_path) as server:
            anna, ben, table = await seated(server, key, shows=None)
            screen = await ben.wait_for("seat word")
            word = re.search(r"is ([a-z2-9]{4}-[a-z2-9]{4})", screen).group(1)
            clients = {0: anna, 1: ben}
            await play_on(table, clients, actions=5)
            # Ben drops in the middle of his turn, or Anna in hers: the other is told, the table waits.
            mover = table.game.to_move
            while table.game.to_move == mover:
                await play_action(table, clients)
            await play_action(table, clients)  # one action into the next turn
            mover = table.game.to_move
            played = len(table.record.moves)
            dropped, other = clients[mover], clients[1 - mover]
            dropped.close()
            name = "anna" if mover == 0 else "ben"
            await other.wait_for(f"{name} lost the connection — the game is saved; waiting")  # as written
            if mover == 0:
                back = await Client.connect(server.port, f"anna+{table.code}", key=key)  # her key holds her seat
            else:
                back = await Client.connect(server.port, f"ben+{table.code}")
                await back.wait_for("seat word, please")
                back.send("zzzz-zzzz\r")
                await back.wait_for("not the seat word")
                back.send("\r")  # Enter on Join a table? the lobby asks the word again by the code
                back.send("\x1b")
                back.send("j")
                back.send(f"{table.code}\r")
                await back.wait_for("seat word, please")
                back.send(f"{word}\r")
            await back.wait_for("Your hand")
            screen = _player_screens(table)[mover]
            assert screen.session is not None
            assert len(table.record.moves) == played
            assert screen.session.game.to_dict() == table.game.to_dict()  # the same moment, mid-turn
            last = table.record.moves[-1]
            if last.player == mover and not isinstance(last.action, Refresh):
                assert screen.session.can_undo  # the turn's action can still be taken back, as before the drop
            await other.wait_for("is at the table")
            clients[mover] = back
            await play_on(table, clients)
            assert table.is_over

    run(main())


def test_a_game_against_the_computer_from_the_lobby(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await Client.connect(server.port, "anna")
            await anna.wait_for("Lobby")
            anna.send("c")
            await anna.wait_for("play the computer at easy")
            anna.send("1")
            await anna.wait_for("Your hand")
            table = next(iter(server.tables))
            assert table.record.seats == ("network", "cpu:easy")
            for _ in range(400):
                if table.is_over:
                    break
                if table.game.to_move == 0 and not table.pending:
                    await play_action(table, {0: anna})
                else:
                    await until(lambda: table.is_over or (table.game.to_move == 0 and not table.pending),
                                "the computer's turn over")
            assert table.is_over
            await anna.wait_for("Game over")

    run(main())


def test_a_key_of_the_player_not_to_move_says_whose_turn_it_is(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna, ben, table = await seated(server)
            waiting = (anna, ben)[1 - table.game.to_move]
            screen = await waiting.wait_for("is playing their turn")  # a person, not the computer: "their"
            assert "is playing its turn" not in screen and "hurries" not in screen  # nothing hurries a person
            waiting.send("take M0\r")
            await waiting.wait_for("'s turn: your keys act once it is yours")
            assert len(table.record.moves) == 0

    run(main())


@pytest.mark.parametrize("leaving", ["stop", "restart"])
def test_stopping_saves_every_table_tells_every_client_and_a_restart_brings_them_back(tmp_path: Path,
                                                                                        leaving: str) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")

    async def main() -> None:
        async with serving(tmp_path) as server:
            anna, ben, table = await seated(server, key, shows=None)
            lobby = await Client.connect(server.port, "cleo")
            await lobby.wait_for("Lobby")
            watcher = await Client.connect(server.port, f"dan+{table.code}")  # the table is full: he watches
            await watcher.wait_for("watching")
            await play_on(table, {0: anna, 1: ben}, actions=7)
            code, played, position = table.code, len(table.record.moves), table.game.to_dict()
            await server.stop()
            for client in (anna, ben):
                said = await client.wait_closed()
                assert f"the server is stopping; your game is saved as table {code}" in said
            said = await watcher.wait_closed()
            assert f"the server is stopping; table {code}, which you watched, is saved." in said
            assert "the server is stopping" in await lobby.wait_closed()
        if leaving == "stop":
            return
        async with serving(tmp_path) as again:
            assert code in again.tables.tables
            back = again.tables.tables[code]
            assert len(back.record.moves) == played and back.game.to_dict() == position
            anna = await Client.connect(again.port, "anna", key=key)
            await anna.wait_for("Lobby")
            anna.send("y")
            await anna.wait_for(f"table {code}")
            anna.send("\r")
            await anna.wait_for("Your hand")

    run(main())


def test_a_failure_inside_one_table_saves_it_and_says_so_in_one_line_the_others_go_on(tmp_path: Path,
                                                                                        monkeypatch) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna, cleo = await Client.connect(server.port, "anna"), await Client.connect(server.port, "cleo")
            first = await open_table(server, anna)
            second = await open_table(server, cleo)
            ben = await Client.connect(server.port, f"ben+{first.code}")
            dan = await Client.connect(server.port, f"dan+{second.code}")
            for client in (ben, dan):  # seated once their seat words are made (off the event loop)
                await client.wait_for("Your hand")
            await play_on(first, {0: anna, 1: ben}, actions=3)

            told = ServerTable._tell_played

            def broken(table: ServerTable, *args: object) -> None:
                if table is first:
                    raise RuntimeError("a fault inside the table")
                told(table, *args)

            monkeypatch.setattr(ServerTable, "_tell_played", broken)
            mover = (anna, ben)[first.game.to_move]
            view = first.game.view(first.game.to_move)
            from famiglia.ai import player

            action = player("greedy", seed=1).choose(view)
            mover.send("p" if str(action) == "pass" else f"{action}\r")
            for client in (anna, ben):
                await client.wait_for("The table stopped on an unexpected error (RuntimeError)")
                await client.wait_for("Lobby")
            for client in (anna, ben):
                assert "Traceback" not in client.received.decode(errors="replace")
            log = (server.folder / "serve.log").read_text()
            assert "Traceback" in log and "a fault inside the table" in log
            await play_on(second, {0: cleo, 1: dan}, actions=10)  # the other table goes on
            assert len(second.record.moves) >= 10

    run(main())


def test_the_messages_of_a_moment_write_the_index_once_and_stopping_writes_what_waits(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hundred tables talking must not write the whole index a hundred times a second (docs/performance.md);
    the index still holds every message, and one said just before the server stops."""
    import json

    from famiglia.server import index

    writes: list[Path] = []
    real = index.write_atomically

    def counted(path: Path, data: bytes, **kw: object) -> None:
        real(path, data, **kw)  # type: ignore[arg-type]
        writes.append(path)  # once written: the saver's thread writes, and the test reads the file when counted

    monkeypatch.setattr(index, "write_atomically", counted)

    def said() -> list[str]:
        return json.loads((tmp_path / "server" / index.INDEX).read_text(encoding="utf-8"))["tables"][table.code][
            "messages"]

    async def main() -> None:
        nonlocal table
        async with serving(tmp_path) as server:
            anna, ben, table = await seated(server)
            await until(lambda: bool(writes) and server.tables._waiting is None, "the sitting down written")
            before = len(writes)
            anna.send("".join(f"'word {n}\r" for n in range(10)))
            await ben.wait_for(lambda s: "anna: word 9" in s)
            await until(lambda: len(writes) > before and server.tables._waiting is None, "the index written")
            assert len(writes) - before <= 3  # ten messages in a moment: one write, or a few on a slow machine
            assert said()[-10:] == [f"anna: word {n}" for n in range(10)]
            ben.send("'bye\r")
            await anna.wait_for(lambda s: "ben: bye" in s)
        assert said()[-1] == "ben: bye"  # written by the stop, if not before

    table: ServerTable
    run(main())


def test_a_disk_that_does_not_answer_holds_no_key_and_every_move_reaches_the_file_in_order(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game is written off the event loop (`famiglia.server.saver`): while one table's file cannot be written,
    that table plays on and another table's message reaches its players; once the disk answers, the file holds
    every move, in the order they were played."""
    gate = threading.Event()
    real = Store.update

    def stuck(self: Store, path: Path, record: Any, game: Any = None) -> Any:
        gate.wait(timeout=LIMIT)  # the disk does not answer until the test lets it
        return real(self, path, record, game)

    async def main() -> None:
        async with serving(tmp_path) as server:
            anna, ben, first = await seated(server)
            cleo = await Client.connect(server.port, "cleo")
            second = await open_table(server, cleo)
            dan = await Client.connect(server.port, f"dan+{second.code}")
            await dan.wait_for("Your hand")
            monkeypatch.setattr(Store, "update", stuck)
            try:
                await play_on(first, {0: anna, 1: ben}, actions=5)  # each move taken, none written yet
                _, on_disk = Store(tmp_path).find(first.record.id)
                assert len(on_disk.moves) == 0 < len(first.record.moves)
                cleo.send("'still here\r")
                await dan.wait_for("cleo: still here")
            finally:
                gate.set()
            await server.saver.drained()
            _, on_disk = Store(tmp_path).find(first.record.id)
            assert on_disk.moves == first.record.moves and on_disk.game().to_dict() == first.game.to_dict()

    run(main())
