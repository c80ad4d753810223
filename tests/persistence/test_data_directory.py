"""The data directory as it is found: its mode kept, made safely, one answer when it is not ours, no leftovers.

Issue 14.10: starting a game made a 1777 `FAMIGLIA_HOME` 0700 and, under umask 000, made its parents
0777; `games` listed the games of a linked data directory that `resume` refused. Issue 14.18:
temporary files of a killed save stayed for ten minutes, lock files for ever.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from famiglia import cli
from famiglia.persistence import Store, StoreError
from famiglia.persistence.store import ENV
from tests.persistence.records import played


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


@pytest.fixture
def umask_000() -> Iterator[None]:
    old = os.umask(0)
    try:
        yield
    finally:
        os.umask(old)


def test_under_umask_000_the_folders_made_are_0700(tmp_path: Path, umask_000: None) -> None:
    root = tmp_path / "a" / "b" / "famiglia"
    record, game = played(1, 10)
    path, _ = Store(root).create(record, game)
    assert mode(root) == 0o700 and mode(root.parent) == 0o700 and mode(root.parent.parent) == 0o700
    assert mode(path) == 0o600


def test_a_parent_that_is_there_keeps_its_mode(tmp_path: Path) -> None:
    parent = tmp_path / "shared"
    parent.mkdir()
    os.chmod(parent, 0o1777)
    Store(parent / "famiglia").ready()
    assert mode(parent) == 0o1777


def same_answer(capsys: pytest.CaptureFixture[str]) -> str:
    """`games`, `resume`, `log` and `replay` of an id all give one line, the same, and exit 2."""
    lines = set()
    for args in (["games"], ["resume", "1"], ["log", "1"], ["replay", "1"], ["resume"],
                 ["games", "--delete", "1", "--yes"]):
        assert cli.main(args) == 2, args
        captured = capsys.readouterr()
        assert captured.out == "" and captured.err.count("\n") == 1, (args, captured)
        lines.add(captured.err)
    assert len(lines) == 1, lines
    return lines.pop()


def test_a_linked_data_directory_gets_one_answer_from_every_command(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    real = tmp_path / "real"
    record, game = played(2, 20)
    Store(real).create(record, game)
    before = {p.name: p.read_bytes() for p in real.iterdir()}
    link = tmp_path / "home"
    link.symlink_to(real)
    monkeypatch.setenv(ENV, str(link))
    assert "is a symbolic link" in same_answer(capsys)
    assert {p.name: p.read_bytes() for p in real.iterdir()} == before


def test_a_data_directory_that_is_a_file_gets_one_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "home"
    home.write_text("not a folder\n")
    monkeypatch.setenv(ENV, str(home))
    assert "is not a folder" in same_answer(capsys)
    assert home.read_text() == "not a folder\n"


def test_another_users_data_directory_gets_one_answer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    if os.geteuid() != 0:
        pytest.skip("only root can give a folder to another user")
    home = tmp_path / "home"
    record, game = played(2, 20)
    Store(home).create(record, game)
    os.chown(home, 4321, 4321)
    monkeypatch.setenv(ENV, str(home))
    assert "belongs to another user" in same_answer(capsys)
    with pytest.raises(StoreError, match="another user"):
        Store(home).create(record, game)


# -- leftovers ------------------------------------------------------------------------------------------------------


KILLED_SAVE = """
import os, sys
from pathlib import Path
from famiglia.persistence import Store
temp, fd = Store(Path(sys.argv[1]))._write_temp("{" * 100)
print(temp, flush=True)
sys.stdin.read()
"""


def killed_while_saving(root: Path) -> Path:
    """The temporary file of a save whose process was killed with SIGKILL before its rename."""
    proc = subprocess.Popen([sys.executable, "-c", KILLED_SAVE, str(root)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    temp = Path(proc.stdout.readline().strip())
    proc.kill()
    proc.wait()
    return temp


def test_the_temporary_file_of_a_killed_save_is_swept_on_the_next_start(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.ready()
    temp = killed_while_saving(store.root)
    assert temp.exists()
    os.utime(temp, (time.time() - 5, time.time() - 5))  # seconds old, not the ten minutes it once took
    store.tidy()
    assert not temp.exists()


def test_a_temporary_file_being_written_is_never_swept_however_old(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.ready()
    temp, fd = store._write_temp("{}")  # a save under way, in this or another famiglia
    try:
        os.utime(temp, (1, 1))
        Store(store.root).tidy()
        record, game = played(1, 10)
        Store(store.root).create(record, game)
        assert temp.exists()
    finally:
        os.close(fd)


def test_a_lock_file_nobody_holds_is_removed_and_one_held_is_kept(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.ready()
    stale = store.root / ".game-4.lock"
    stale.write_text("")  # left by a famiglia killed while it played game 4
    held = Store(store.root).lock("7")
    Store(store.root).tidy()
    assert not stale.exists() and (store.root / ".game-7.lock").exists()
    with pytest.raises(StoreError, match="game 7 is being played"):
        Store(store.root).lock("7")
    held.release()
    assert not (store.root / ".game-7.lock").exists()  # its holder removes it on leaving
    Store(store.root).lock("7").release()


def test_a_lock_file_removed_while_it_is_being_taken_still_locks_one_sitting_only(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.ready()
    first = Store(store.root).lock("3")
    first.release()
    for _ in range(50):  # takers and sweepers interleaved: never two holders at once
        one = Store(store.root).lock("3")
        Store(store.root).tidy()
        with pytest.raises(StoreError):
            Store(store.root).lock("3")
        one.release()
