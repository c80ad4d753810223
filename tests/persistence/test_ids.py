"""A game's id is the number in its file name: one pattern for the names written and read, and nothing else.

The cases of issue 14: a `game-999999999.json` once hid every later game, a copied file was listed,
resumed and locked by the id inside it, an id of 256 digits reached the system as a file name, and a
link from elsewhere to a saved game was written through (outside the data directory) instead of
saving the game it leads to.
"""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from famiglia import cli
from famiglia.persistence import MAX_ID, GameNotFound, Store, StoreError, parse_id, read_record
from famiglia.tui.model.saving import Autosave, resume_session
from tests.drivers.session import moments
from tests.persistence.helpers import home
from tests.persistence.records import played


def saved(store: Store, seed: int = 3, actions: int = 30) -> Path:
    """A game saved as a sitting saves it, and let go as a sitting lets go when it ends."""
    record, game = played(seed, actions)
    path, numbered = store.create(record, game)
    store.lock(numbered.id).release()
    return path


def test_a_game_after_999999999_is_listed_found_and_read() -> None:
    store = Store()
    first = saved(store)
    shutil.copy(first, home() / "game-999999999.json")
    path = saved(store, seed=4)
    assert path.name == "game-1000000000.json"
    assert [e.number for e in Store().entries()] == [1000000000, 999999999, 1]
    found, record = Store().find("1000000000")
    assert found == path and record.id == "1000000000"


def test_once_the_ids_run_out_a_new_game_takes_a_free_number_and_is_listed() -> None:
    store = Store()
    first = saved(store)
    shutil.copy(first, home() / f"game-{MAX_ID}.json")
    path = saved(store, seed=5)
    assert path.name == "game-2.json"
    assert {e.number for e in Store().entries()} == {1, 2, MAX_ID}


@pytest.mark.parametrize("text", ["9" * 19, "9" * 256, "0", "00", "-1", "", " ", "game-", "1.5", "\u0661", "²"])
def test_what_is_no_id_is_refused_as_none(text: str) -> None:
    with pytest.raises(GameNotFound, match="is not the id of a saved game"):
        parse_id(text)


def test_an_id_typed_with_leading_zeros_is_the_game_of_that_number() -> None:
    """`famiglia replay 01` said "ids are numbers" of a number."""
    assert parse_id("007") == "7" and parse_id("game-01") == "1" and parse_id("0" * 300 + "12") == "12"


def test_the_same_pattern_reads_what_it_writes() -> None:
    assert parse_id(str(MAX_ID)) == str(MAX_ID) and parse_id("game-7.json") == "7" and parse_id(" 7 ") == "7"


@pytest.mark.parametrize("command", ["resume", "log", "replay"])
@pytest.mark.parametrize("target", ["9" * 256, "", ".", "/", "\x00", "9" * 300 + ".json"])
def test_an_id_of_256_digits_or_no_name_at_all_is_no_saved_game(command: str, target: str,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14.16: 'File name too long', exit 1, and 'famiglia: : is not a file' before."""
    assert cli.main([command, target]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "saved game" in err and "Traceback" not in err, err
    assert not err.startswith("famiglia: :") and len(err) < 300, err


def test_a_copied_file_is_the_game_of_its_own_name(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 14.9: `cp game-3.json game-9.json` listed two games with id 3 and resumed 9 as 3."""
    store = Store()
    for seed in (1, 2, 3):
        saved(store, seed=seed)
    shutil.copy(home() / "game-3.json", home() / "game-9.json")
    game3 = (home() / "game-3.json").read_bytes()
    assert [e.record.id for e in Store().entries() if e.record] == ["9", "3", "2", "1"]
    assert cli.main(["games"]) == 0
    ids = [line.split()[0] for line in capsys.readouterr().out.splitlines()[1:]]
    assert ids == ["9", "3", "2", "1"]
    path, record = Store().find("9")
    assert record.id == "9" and read_record(path).id == "9"
    session = resume_session(record, store=Store(), path=path, handoff_guard=0)
    Store().lock("3").release()  # game 3 is free: the lock is game 9's, by its file name
    with pytest.raises(StoreError, match="game 9 is being played"):
        Store().lock("9")
    for _ in moments(session, random.Random(9), limit=4):
        pass
    saver = next(h for h in session.on_action if isinstance(h, Autosave))
    assert "famiglia resume 9" in (saver.hint() or "") or "as game 9" in (saver.hint() or "")
    assert read_record(home() / "game-9.json").id == "9"
    assert (home() / "game-3.json").read_bytes() == game3


def test_a_link_from_elsewhere_to_a_saved_game_plays_that_game_on_in_its_own_file(tmp_path: Path) -> None:
    """Issue 14.5: the finished game replaced the link at /tmp/x and game-3.json was never updated."""
    store = Store()
    for seed in (1, 2, 3):
        saved(store, seed=seed, actions=12)
    game3 = home() / "game-3.json"
    elsewhere = tmp_path / "x"
    elsewhere.mkdir()
    link = elsewhere / "game-5.json"
    link.symlink_to(game3)
    assert not Store().holds(link)  # a link is not ours to write through
    assert Store().own_path(link) == game3
    path, record, ours = Store().locate(str(link))
    assert (path, record.id, ours) == (game3, "3", True)
    session = resume_session(record, store=Store(), path=path, handoff_guard=0)
    for _ in moments(session, random.Random(5), limit=6):
        pass
    assert link.is_symlink() and link.resolve() == game3
    assert session.game is not None and read_record(game3).game().to_dict() == session.game.to_dict()
    assert sorted(p.name for p in elsewhere.iterdir()) == ["game-5.json"]
    assert sorted(p.name for p in home().glob("game-*.json")) == ["game-1.json", "game-2.json", "game-3.json"]


def test_play_load_through_a_link_is_handed_the_game_file_it_leads_to(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    saved(Store())
    link = tmp_path / "game-5.json"
    link.symlink_to(home() / "game-1.json")
    given: list[str] = []
    monkeypatch.setattr("famiglia.commands.resume.play_file", lambda path, **_: given.append(path) or 0)
    assert cli.main(["play", "--load", str(link)]) == 0
    assert given == [str(home() / "game-1.json")]
    outside = tmp_path / "friend.json"
    shutil.copy(home() / "game-1.json", outside)
    assert cli.main(["play", "--load", str(outside)]) == 0
    assert given[-1] == str(outside)  # from elsewhere: saved anew, the file left as it is


def test_an_update_is_never_written_outside_the_data_directory(tmp_path: Path) -> None:
    store = Store()
    path = saved(store)
    record = read_record(path)
    outside = tmp_path / "game-1.json"
    with pytest.raises(StoreError, match="not a game file of the folder"):
        store.update(outside, record)
    assert not outside.exists()


def test_a_file_name_with_a_nul_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """The id fuzzer's find: `play --load '1\\0'` made the reader raise ValueError."""
    for args in (["play", "--load", "1\x00"], ["log", "x\x00.json"], ["resume", "game-1\x00"]):
        assert cli.main(args) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Traceback" not in err and err[:-1].isprintable(), err


def test_locate_finds_by_id_by_file_and_the_latest(tmp_path: Path) -> None:
    """What the screen calls to open a game: the file to save into, the record, and whether it is ours."""
    store = Store()
    first, second = saved(store, seed=1), saved(store, seed=2)
    assert Store().locate("1")[::2] == (first, True)
    assert Store().locate(None)[0] in (first, second)
    outside = tmp_path / "friend.json"
    shutil.copy(first, outside)
    path, record, ours = Store().locate(str(outside))
    assert (path, ours) == (outside, False) and record.moves == read_record(first).moves
    with pytest.raises(GameNotFound):
        Store().locate("12")
