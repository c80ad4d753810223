"""Nothing of a server's is lost, and nothing said of it that is not so: the lock on its folder, the index
that keeps every table it did not bring back, a save that failed tried again, the waiting tables that
expire, and the network games that local commands keep and list."""

from __future__ import annotations

import errno
import json
import os
import re
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import asyncssh
import pytest

from famiglia.engine import Game
from famiglia.persistence import Record, Store
from famiglia.server import index
from famiglia.server.limits import Limits
from tests.drivers.ssh import Client, run, serving

from .play import open_table, play_on, seated, until

pytestmark = pytest.mark.slow

START = 30.0  # seconds a command is given to start and to stop


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "FAMIGLIA_HOME": str(home), "PYTHONUNBUFFERED": "1"}


def _index(home: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((home / "server" / index.INDEX).read_text(encoding="utf-8"))["tables"]
    return data


def _full_disk(*args: object, **kwargs: object) -> Any:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


# -- one server per data folder ---------------------------------------------------------------------------------

def test_a_second_server_on_one_data_folder_says_so_in_one_line_and_exits_1(tmp_path: Path) -> None:
    first = subprocess.Popen([sys.executable, "-m", "famiglia", "serve", "--port", "0"], env=_env(tmp_path),
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert first.stdout is not None
        while "Ctrl-C stops" not in (line := first.stdout.readline()):
            assert line, "the first server did not start"
        second = subprocess.run([sys.executable, "-m", "famiglia", "serve", "--port", "0"], env=_env(tmp_path),
                                capture_output=True, text=True, timeout=START)
        assert second.returncode == 1
        assert "listening" not in second.stdout
        assert second.stderr.count("\n") == 1 and "another famiglia serve" in second.stderr
        assert str(tmp_path / "server") in second.stderr
    finally:
        first.terminate()
        first.communicate(timeout=START)


# -- an index that cannot be read -------------------------------------------------------------------------------

def test_an_index_that_cannot_be_read_is_moved_aside_named_and_never_overwritten(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    folder.mkdir(mode=0o700)
    damaged = b'{"format": "famiglia-tables", "tables": {"K7QX": '  # cut off
    (folder / index.INDEX).write_bytes(damaged)

    async def main() -> None:
        async with serving(tmp_path) as server:
            note = "\n".join(server.lines())
            aside = re.search(r"moved to (\S+?);", note)
            assert aside is not None, note
            anna = await Client.connect(server.port, "anna")
            await open_table(server, anna)
        assert Path(aside.group(1)).read_bytes() == damaged
        assert len(_index(tmp_path)) == 1  # the new index holds the new table

    run(main())


def test_a_symbolic_link_at_the_index_is_moved_aside_and_what_it_points_to_is_left_alone(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    folder.mkdir(mode=0o700)
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text("someone else's file\n")
    (folder / index.INDEX).symlink_to(elsewhere)

    async def main() -> None:
        async with serving(tmp_path) as server:
            note = "\n".join(server.lines())
            aside = re.search(r"moved to (\S+?);", note)
            assert aside is not None and "symbolic link" in note, note
        assert Path(aside.group(1)).is_symlink() and Path(aside.group(1)).resolve() == elsewhere
        assert elsewhere.read_text() == "someone else's file\n"
        assert not (folder / index.INDEX).is_symlink()

    run(main())


def test_the_index_keeps_a_table_it_could_not_bring_back(tmp_path: Path) -> None:
    """A table whose game is being played elsewhere (a lock held) is not brought back, and not dropped either:
    once its game is free, the next start brings it back."""
    async def main() -> None:
        async with serving(tmp_path) as server:
            _, _, table = await seated(server)
            code, id = table.code, table.record.id  # type: ignore[union-attr]
        held = Store(tmp_path).lock(id)
        async with serving(tmp_path) as again:
            assert code not in again.tables.tables
            assert any(code in line for line in again.lines())
        assert code in _index(tmp_path)
        held.release()
        async with serving(tmp_path) as third:
            assert code in third.tables.tables

    run(main())


# -- a disk that is full ----------------------------------------------------------------------------------------

def test_a_save_that_failed_is_tried_again_at_the_stop_and_the_stop_says_which_tables_are_unsaved(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    keys = (asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519"))

    async def main() -> None:
        # the disk fills during play and is freed before the stop: the stop writes the game
        async with serving(tmp_path) as server:
            anna, ben, table = await seated(server, keys[0], ben_key=keys[1])
            monkeypatch.setattr(Store, "update", _full_disk)
            await play_on(table, {0: anna, 1: ben}, actions=3)
            await until(lambda: table.problem is not None, "the failure told")
            monkeypatch.undo()
            moves = table.record.moves  # type: ignore[union-attr]
        assert Store(tmp_path).find(table.record.id)[1].moves == moves  # type: ignore[union-attr]
        assert server.unsaved() == []
        assert "every table is saved" in "\n".join(server.stopped_lines())

        # the disk stays full: the stop says so, to the players and on the command's lines
        async with serving(tmp_path) as server:
            anna = await Client.connect(server.port, "anna", key=keys[0])
            await anna.wait_for("Lobby")
            anna.send("y")
            await anna.wait_for(f"table {table.code}")
            anna.send("\r")
            await anna.wait_for("Your hand")
            ben = await Client.connect(server.port, f"ben+{table.code}", key=keys[1])
            await ben.wait_for("Your hand")
            back = server.tables.tables[table.code]
            monkeypatch.setattr(Store, "update", _full_disk)
            await play_on(back, {0: anna, 1: ben}, actions=2)
            await server.stop()
            said = await anna.wait_closed()
            assert "could not be saved" in said and "your game is saved" not in said
        lines = "\n".join(server.stopped_lines())
        assert table.code in lines and "could not be saved" in lines and "every table is saved" not in lines

    run(main())


def test_a_join_whose_game_cannot_be_saved_is_refused_and_leaves_the_table_waiting(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await Client.connect(server.port, "anna")
            table = await open_table(server, anna)
            monkeypatch.setattr(Store, "create", _full_disk)
            ben = await Client.connect(server.port, f"ben+{table.code}")
            await ben.wait_for("cannot be saved")
            await ben.wait_for("Lobby")
            assert table.game is None and table.record is None and table.holders[1] is None
            assert "Waiting for a second player" in anna.text()
            monkeypatch.undo()
            ben.close()
            ben = await Client.connect(server.port, f"ben+{table.code}")
            await ben.wait_for("Your hand")
            assert table.record is not None

    run(main())


# -- waiting tables expire; the index is written off the loop ---------------------------------------------------

def test_a_table_waiting_longer_than_the_expiry_is_not_brought_back_and_leaves_the_index(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await Client.connect(server.port, "anna")
            old = await open_table(server, anna)
            cleo = await Client.connect(server.port, "cleo")
            new = await open_table(server, cleo)
        data = json.loads((tmp_path / "server" / index.INDEX).read_text(encoding="utf-8"))
        data["tables"][old.code]["since"] -= 3600  # opened an hour before the other
        (tmp_path / "server" / index.INDEX).write_text(json.dumps(data), encoding="utf-8")
        async with serving(tmp_path, limits=Limits(waiting_expiry=1800)) as again:
            assert old.code not in again.tables.tables and new.code in again.tables.tables
        assert old.code not in _index(tmp_path) and new.code in _index(tmp_path)

    run(main())


def test_the_index_is_written_off_the_event_loop(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[str] = []
    real = index.write_atomically

    def noted(path: Path, data: bytes, **kw: Any) -> None:
        threads.append(threading.current_thread().name)
        real(path, data, **kw)

    monkeypatch.setattr(index, "write_atomically", noted)

    async def main() -> None:
        async with serving(tmp_path) as server:
            anna = await Client.connect(server.port, "anna")
            await open_table(server, anna)
            await until(lambda: bool(threads), "the index written")
            assert threading.current_thread().name not in threads

    run(main())


# -- network games and the local commands -----------------------------------------------------------------------

def test_play_and_games_keep_and_list_a_network_game_whose_first_turn_has_not_ended(tmp_path: Path) -> None:
    game = Game.new(seed=3, names=("anna", "ben"))
    path, record = Store(tmp_path).create(Record.new(game, seats=("network", "network")), game)
    Store(tmp_path).lock(record.id).release()
    subprocess.run([sys.executable, "-m", "famiglia", "play", "--names", "x,y"], env=_env(tmp_path),
                   stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=START)
    assert path.exists()
    listed = subprocess.run([sys.executable, "-m", "famiglia", "games"], env=_env(tmp_path), capture_output=True,
                            text=True, timeout=START)
    row = next((line for line in listed.stdout.splitlines() if line.startswith(record.id)), "")
    assert "anna" in row and "network game" in row, listed.stdout
