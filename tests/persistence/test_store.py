"""The data directory: private, never fooled by what a stranger plants in it, and safe against a kill.

Saved games hold hidden cards, so the folder is 0700 and the files 0600. A link, a world-writable
file or a folder planted at the name a game would take is neither followed nor written into, and the
game is saved all the same under another name. Two games saved at once never share a file.
"""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from famiglia.engine import Game
from famiglia.persistence import Record, Store, StoreError, read_record
from tests.persistence.records import played


def record_and_game(seed: int = 3, actions: int = 20) -> tuple[Record, Game]:
    return played(seed, actions)


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def test_the_folder_is_0700_and_the_files_0600(tmp_path: Path) -> None:
    store = Store(tmp_path / "deep" / "famiglia")
    record, game = record_and_game()
    path, saved = store.create(record, game)
    assert mode(store.root) == 0o700 and mode(path) == 0o600
    assert path.name == "game-1.json" and saved.id == "1"
    store.update(path, saved.with_moves(saved.moves[:3]))
    assert mode(path) == 0o600
    assert [p.name for p in store.root.iterdir() if not p.name.startswith(".")] == ["game-1.json"]
    assert not [p for p in store.root.iterdir() if p.suffix == ".tmp"]


@pytest.mark.parametrize("folder_mode", [0o777, 0o1777, 0o755])
def test_a_folder_that_is_there_keeps_its_mode_and_the_games_in_it_are_private(tmp_path: Path,
                                                                              folder_mode: int) -> None:
    """Issue 14.10: a 1777 FAMIGLIA_HOME once became 0700; the files hold the hidden cards, not the folder."""
    root = tmp_path / "home"
    root.mkdir()
    os.chmod(root, folder_mode)
    record, game = record_and_game()
    path, _ = Store(root).create(record, game)
    assert mode(root) == folder_mode and mode(path) == 0o600


def test_the_folder_may_not_be_a_link(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere"
    target.mkdir()
    (tmp_path / "home").symlink_to(target)
    with pytest.raises(StoreError, match="symbolic link"):
        Store(tmp_path / "home").ready()
    assert list(target.iterdir()) == []


def test_new_games_take_the_next_free_number(tmp_path: Path) -> None:
    store = Store(tmp_path)
    record, game = record_and_game()
    names = [store.create(record, game)[0].name for _ in range(3)]
    assert names == ["game-1.json", "game-2.json", "game-3.json"]
    assert [read_record(tmp_path / n).id for n in names] == ["1", "2", "3"]


@pytest.mark.parametrize("plant", ["symlink", "world-writable file", "folder", "dangling symlink"])
def test_something_planted_at_the_next_name_is_left_alone_and_the_game_saved_elsewhere(tmp_path: Path,
                                                                                      plant: str) -> None:
    store = Store(tmp_path / "home")
    store.ready()
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    at = store.root / "game-1.json"
    if plant == "symlink":
        at.symlink_to(victim)
    elif plant == "dangling symlink":
        at.symlink_to(tmp_path / "nothing-here.json")
    elif plant == "world-writable file":
        at.write_text("planted\n")
        os.chmod(at, 0o666)
    else:
        at.mkdir()
    record, game = record_and_game()
    path, _ = store.create(record, game)
    assert path.name == "game-2.json" and read_record(path).game().to_dict() == game.to_dict()
    assert victim.read_text() == "precious\n"
    assert not (tmp_path / "nothing-here.json").exists()
    if plant == "world-writable file":
        assert at.read_text() == "planted\n"


def test_an_update_replaces_a_link_planted_at_the_name_instead_of_following_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    record, game = record_and_game()
    path, saved = store.create(record, game)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    path.unlink()
    path.symlink_to(victim)
    new_path, _ = store.update(path, saved, game)
    assert new_path == path and not path.is_symlink() and mode(path) == 0o600
    assert victim.read_text() == "precious\n"


def test_an_update_finds_a_new_name_when_a_folder_took_the_old_one(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    record, game = record_and_game()
    path, saved = store.create(record, game)
    path.unlink()
    path.mkdir()
    new_path, again = store.update(path, saved, game)
    assert new_path != path and path.is_dir()
    assert read_record(new_path).game().to_dict() == game.to_dict()
    assert again.id == new_path.stem.removeprefix("game-")


def test_reading_a_link_inside_the_folder_is_refused(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    record, game = record_and_game()
    elsewhere = tmp_path / "game.json"
    elsewhere.write_text(record.dumps(game))
    store.ready()
    (store.root / "game-4.json").symlink_to(elsewhere)
    with pytest.raises(StoreError, match="symbolic link"):
        store.find("4")
    [entry] = store.entries()
    assert entry.record is None and entry.problem is not None and "symbolic link" in entry.problem


def test_two_games_saved_at_once_never_share_a_file(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    records = [played(seed, 10) for seed in range(8)]
    paths: list[Path] = []
    start = threading.Barrier(len(records))

    def save(record: Record, game: Game) -> None:
        start.wait()
        paths.append(Store(store.root).create(record, game)[0])

    threads = [threading.Thread(target=save, args=rg) for rg in records]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(paths)) == len(records)
    seeds = sorted(int(read_record(p).seed) for p in paths)
    assert seeds == list(range(8))


def test_a_game_played_in_one_sitting_is_locked_against_a_second(tmp_path: Path) -> None:
    store = Store(tmp_path)
    lock = store.lock("3")
    with pytest.raises(StoreError, match="another famiglia"):
        Store(tmp_path).lock("3")
    lock.release()
    Store(tmp_path).lock("3").release()


def test_a_read_only_folder_is_an_error_not_a_crash(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes into read-only folders")
    store = Store(tmp_path / "home")
    store.ready()
    os.chmod(store.root, 0o500)
    try:
        record, game = record_and_game()
        with pytest.raises(OSError):
            store.create(record, game)
    finally:
        os.chmod(store.root, 0o700)


def test_temporary_files_left_by_a_killed_save_are_swept_once_old(tmp_path: Path) -> None:
    store = Store(tmp_path / "home")
    store.ready()
    old = store.root / ".saving-0123456789ab.tmp"
    fresh = store.root / ".saving-ba9876543210.tmp"
    for temp in (old, fresh):
        temp.write_text("{")
    os.utime(old, (1, 1))
    record, game = record_and_game()
    store.create(record, game)
    assert not old.exists() and fresh.exists()
