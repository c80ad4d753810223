"""Saved analyses beside their game: one per level, versioned, never through a link, never beside no game.

Issue 22: `famiglia analyse 1 --level easy` then `famiglia analyse 1` threw the easy analysis away (a hard
one, minutes of work, the same way); `games --delete` left `game-N.analysis.json` behind (the seed and
every action); a kill during an analysis save left `.analysing-*.tmp` for ever; a link at the analysis's
name was followed; a replay analysing while its game was deleted saved an analysis beside no game.
These are the store's and the file's promises, with analyses as plain data (persistence reads no meaning).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from famiglia import cli
from famiglia.persistence import Store
from famiglia.persistence.analyses import (
    FORMAT,
    VERSION,
    AnalysisFileError,
    analysis_path,
    load_analysis,
    save_analysis,
    saved_analyses,
)
from famiglia.persistence.writing import folder_lock
from tests.persistence.helpers import home
from tests.persistence.records import played

try:
    import fcntl
except ImportError:  # pragma: no cover - not on this platform
    fcntl = None  # type: ignore[assignment]


def saved(seed: int = 1, actions: int = 30) -> Path:
    record, game = played(seed, actions)
    store = Store()
    path, numbered = store.create(record, game)
    store.lock(numbered.id).release()
    return path


def test_an_analysis_at_one_level_keeps_those_of_the_others() -> None:
    path = saved()
    save_analysis(path, "k-easy", {"n": 1}, level="easy")
    save_analysis(path, "k-hard", {"n": 3}, level="hard", keep={"k-easy": "easy", "k-hard": "hard"})
    save_analysis(path, "k-normal", {"n": 2}, level="normal", keep={"k-easy": "easy", "k-hard": "hard"})
    assert [(s.level, s.key, s.analysis) for s in saved_analyses(analysis_path(path))] == [
        ("easy", "k-easy", {"n": 1}), ("hard", "k-hard", {"n": 3}), ("normal", "k-normal", {"n": 2})]
    # The game went on: its easy analysis is of the game as it was, and a new one takes its place alone.
    save_analysis(path, "k-easy-2", {"n": 4}, level="easy", keep={"k-hard": "hard", "k-normal": "normal"})
    assert {s.level: s.analysis for s in saved_analyses(analysis_path(path))} == {
        "easy": {"n": 4}, "hard": {"n": 3}, "normal": {"n": 2}}
    assert load_analysis(analysis_path(path), "k-easy") is None
    data = json.loads(analysis_path(path).read_text(encoding="utf-8"))
    assert data["format"] == FORMAT and data["version"] == VERSION == 2
    assert os.stat(analysis_path(path)).st_mode & 0o777 == 0o600


def test_a_file_of_version_1_is_read_and_the_next_save_keeps_its_analysis() -> None:
    """Version 1 held one analysis under its key; it is read as it is and changed only by a save."""
    path = saved()
    old = json.dumps({"format": FORMAT, "key": "k-easy", "analysis": {"n": 1}})
    analysis_path(path).write_text(old, encoding="utf-8")
    assert load_analysis(analysis_path(path), "k-easy") == {"n": 1}
    assert analysis_path(path).read_text(encoding="utf-8") == old  # reading never changes it
    save_analysis(path, "k-normal", {"n": 2}, level="normal", keep={"k-easy": "easy"})
    assert {s.level: s.analysis for s in saved_analyses(analysis_path(path))} == {"easy": {"n": 1},
                                                                                   "normal": {"n": 2}}


@pytest.mark.parametrize("content", [
    {"format": FORMAT, "version": 3, "analyses": []},
    {"format": FORMAT, "version": 2, "analyses": {}},
    {"format": FORMAT, "version": 2, "analyses": [{"level": "easy", "key": 7, "analysis": {}}]},
    {"format": FORMAT, "version": 2, "analyses": [["easy"]]},
    {"format": FORMAT, "version": "2"},
])
def test_a_file_this_famiglia_cannot_read_is_one_line_and_never_written_over(content: object) -> None:
    path = saved()
    text = json.dumps(content)
    analysis_path(path).write_text(text, encoding="utf-8")
    with pytest.raises(AnalysisFileError) as refusal:
        saved_analyses(analysis_path(path))
    assert "\n" not in str(refusal.value) and str(refusal.value).startswith(analysis_path(path).name)
    with pytest.raises(AnalysisFileError):
        save_analysis(path, "k", {"n": 1}, level="easy")
    assert analysis_path(path).read_text(encoding="utf-8") == text


def test_a_link_at_the_analysis_name_is_never_followed(tmp_path: Path) -> None:
    path = saved()
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_text(json.dumps({"format": FORMAT, "key": "k", "analysis": {"n": 1}}), encoding="utf-8")
    before = elsewhere.read_bytes()
    analysis_path(path).symlink_to(elsewhere)
    with pytest.raises(AnalysisFileError, match="is a symbolic link, which famiglia does not follow"):
        load_analysis(analysis_path(path), "k")
    with pytest.raises(AnalysisFileError, match="symbolic link"):
        save_analysis(path, "k", {"n": 2}, level="easy")
    assert elsewhere.read_bytes() == before and analysis_path(path).is_symlink()


def test_games_delete_removes_the_games_analysis_too(capsys: pytest.CaptureFixture[str]) -> None:
    path, other = saved(1), saved(2)
    save_analysis(path, "k", {"n": 1}, level="easy")
    save_analysis(other, "k", {"n": 1}, level="easy")
    assert cli.main(["games", "--delete", "1", "--yes"]) == 0
    assert not path.exists() and not analysis_path(path).exists()
    assert analysis_path(other).exists()  # only that game's


def test_a_link_or_a_folder_at_the_analysis_name_of_a_deleted_game(tmp_path: Path) -> None:
    """The link goes, never what it leads to; a folder is famiglia's to leave alone, and the game still goes."""
    first, second = saved(1), saved(2)
    target = tmp_path / "kept.json"
    target.write_text("{}", encoding="utf-8")
    analysis_path(first).symlink_to(target)
    analysis_path(second).mkdir()
    Store().delete("1")
    Store().delete("2")
    assert target.exists() and not os.path.lexists(analysis_path(first))
    assert analysis_path(second).is_dir() and not second.exists()


def test_no_analysis_is_saved_beside_a_game_that_is_gone() -> None:
    path = saved()
    Store().delete("1")
    with pytest.raises(AnalysisFileError, match=r"its game game-1\.json is no longer there"):
        save_analysis(path, "k", {"n": 1}, level="easy")
    assert sorted(p.name for p in home().iterdir()) == [".highest-id"]


@pytest.mark.skipif(fcntl is None, reason="without file locks a delete and a save cannot take turns")
def test_a_save_and_a_delete_take_turns() -> None:
    """A delete that comes while a save holds the folder waits; the save, once done, is removed with the game.
    A save that comes after the delete finds no game: no analysis is ever left beside none."""
    import threading

    path = saved()
    done: list[str] = []
    with folder_lock(home()):  # as a save holds it, between reading the file and writing it
        deleting = threading.Thread(target=lambda: done.append(str(Store().delete("1"))))
        deleting.start()
        deleting.join(0.3)
        assert deleting.is_alive() and path.exists()  # it waits its turn
    deleting.join(10)
    assert done and not path.exists()
    with pytest.raises(AnalysisFileError):
        save_analysis(path, "k", {"n": 1}, level="easy")
    assert not analysis_path(path).exists()


def test_the_temporary_file_of_a_killed_analysis_save_is_swept_and_one_being_written_is_kept() -> None:
    saved()
    killed = home() / ".analysing-0123456789ab.tmp"
    killed.write_text("{", encoding="utf-8")
    old = time.time() - 60
    os.utime(killed, (old, old))
    writing = home() / ".analysing-ba9876543210.tmp"
    writing.write_text("{", encoding="utf-8")
    os.utime(writing, (old, old))
    fd = os.open(writing, os.O_RDONLY)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)
        Store().tidy()
        assert not killed.exists()
        assert writing.exists() or fcntl is None
    finally:
        os.close(fd)


def test_an_id_is_never_given_again_once_its_game_is_deleted() -> None:
    """A stats line or an old analysis names a game by its id: a new game numbered 3 would be another game."""
    for seed in (1, 2, 3):
        saved(seed)
    Store().delete("3")
    assert saved(4).name == "game-4.json"
    Store().delete("4")
    Store().delete("2")
    assert saved(5).name == "game-5.json"
    (home() / ".highest-id").unlink()  # a folder from before the note: the delete itself notes the id
    Store().delete("5")
    assert saved(6).name == "game-6.json"
    (home() / ".highest-id").write_text("rubbish", encoding="utf-8")  # a note that says nothing: the files do
    assert saved(7).name == "game-7.json"


def test_an_analysis_outliving_its_game_keeps_its_id_from_a_new_game() -> None:
    """An analysis an older famiglia left behind names a game of its own: the next game takes the next id."""
    Store().ready()
    (home() / "game-8.analysis.json").write_text("{}", encoding="utf-8")
    assert saved().name == "game-9.json"


def test_two_famiglias_making_games_at_once_never_share_or_reuse_an_id() -> None:
    import subprocess
    import sys

    code = ("from famiglia.persistence import Store\n"
            "from tests.persistence.records import played\n"
            "for seed in range(8):\n"
            "    record, game = played(seed, 10)\n"
            "    store = Store(); path, numbered = store.create(record, game); store.lock(numbered.id).release()\n"
            "    if seed == 3: store.delete(numbered.id)\n")
    makers = [subprocess.Popen([sys.executable, "-c", code], env={**os.environ}) for _ in range(2)]
    assert all(maker.wait(120) == 0 for maker in makers)
    numbers = sorted(int(p.name[5:-5]) for p in home().glob("game-*.json"))
    assert len(numbers) == 14 and len(set(numbers)) == 14 and max(numbers) <= 16
    assert (home() / ".highest-id").read_text(encoding="utf-8").strip() == "16"
    assert saved().name == "game-17.json"
