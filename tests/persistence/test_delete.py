"""Removing saved games: `Store.delete` and `famiglia games --delete ID`, and the games never played a turn.

Issue 13: delete a game (asking first), never touching another one; a game open in another terminal
is refused in one line; a game in which no turn was ever confirmed is not listed and is removed on
the next start.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from famiglia import cli
from famiglia.engine import Game, Step
from famiglia.persistence import GameNotFound, Move, Record, Store, StoreError
from tests.drivers.fake_run import fake_run_play
from tests.persistence.helpers import home
from tests.persistence.records import played


def saved(seed: int, actions: int = 30) -> Path:
    record, game = played(seed, actions)
    store = Store()
    path, numbered = store.create(record, game)
    store.lock(numbered.id).release()
    return path


def unconfirmed(seed: int) -> Path:
    """A game whose first turn ended with a take its player has not confirmed: no turn confirmed yet."""
    game = Game.new(seed=seed, names=("Anna", "Ben"))
    take = next(a for a in game.legal_actions() if a.step is Step.TAKE)
    record = Record.new(game).with_moves([Move(game.to_move, take)], confirmed=False)
    game.apply(take)
    store = Store()
    path, numbered = store.create(record, game)
    store.lock(numbered.id).release()
    return path


def files() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in home().iterdir() if p.is_file() and not p.is_symlink()}


def test_delete_removes_that_game_and_nothing_else(tmp_path: Path) -> None:
    for seed in (1, 2, 3):
        saved(seed)
    friend = tmp_path / "friend.json"
    friend.write_bytes((home() / "game-2.json").read_bytes())
    (home() / "game-4.json").symlink_to(friend)
    before = files()
    assert Store().delete("2") == home() / "game-2.json"
    assert files() == {k: v for k, v in before.items() if k != "game-2.json"}
    Store().delete("4")  # a link: the link goes, never what it points to
    assert friend.exists() and not (home() / "game-4.json").is_symlink()
    with pytest.raises(GameNotFound, match="no saved game 2"):
        Store().delete("2")


def test_a_game_open_in_another_terminal_is_not_removed() -> None:
    saved(1)
    held = Store().lock("1")
    try:
        assert Store().is_locked("1") and not Store().is_locked("2")
        with pytest.raises(StoreError, match="game 1 is being played in another famiglia"):
            Store().delete("1")
        assert (home() / "game-1.json").exists()
    finally:
        held.release()
    assert not Store().is_locked("1")


def test_a_folder_at_a_games_name_is_left_alone() -> None:
    Store().ready()
    (home() / "game-5.json").mkdir()
    with pytest.raises(StoreError, match="is a folder"):
        Store().delete("5")
    assert (home() / "game-5.json").is_dir()


def test_games_delete_with_yes_removes_it_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    saved(1)
    saved(2)
    assert cli.main(["games", "--delete", "2", "--yes"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("Removed game 2 (Anna and Ben, started ") and captured.err == ""
    assert sorted(files()) == [".highest-id", "game-1.json"]  # and the note of the highest id given


def test_games_delete_without_a_terminal_or_yes_asks_for_yes_and_keeps_it(capsys: pytest.CaptureFixture[str],
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    saved(1)
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert cli.main(["games", "--delete", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--yes" in err
    assert (home() / "game-1.json").exists()


@pytest.mark.parametrize(("answer", "kept"), [("y\n", False), ("yes\n", False), ("n\n", True), ("\n", True),
                                              ("", True)])
def test_games_delete_on_a_terminal_asks_first(answer: str, kept: bool, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    saved(1)
    stdin = io.StringIO(answer)
    stdin.isatty = lambda: True  # type: ignore[method-assign]
    monkeypatch.setattr("sys.stdin", stdin)
    assert cli.main(["games", "--delete", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Remove game 1 (Anna and Ben, started ") and "[y/N]" in out
    assert (home() / "game-1.json").exists() == kept
    assert ("Game 1 is kept." in out) == kept


def test_games_delete_of_a_locked_or_missing_game_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    saved(1)
    held = Store().lock("1")
    try:
        assert cli.main(["games", "--delete", "1", "--yes"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "being played in another famiglia" in err
    finally:
        held.release()
    for bad in ("7", "x", "9" * 256, ""):
        assert cli.main(["games", "--delete", bad, "--yes"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "saved game" in err, err
    assert (home() / "game-1.json").exists()


def test_games_delete_removes_a_file_it_cannot_read_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    saved(1)
    (home() / "game-6.json").write_text("{ broken")
    assert cli.main(["games", "--delete", "6", "--yes"]) == 0
    assert "a file famiglia cannot read" in capsys.readouterr().out
    assert sorted(files()) == [".highest-id", "game-1.json"]  # and the note of the highest id given


def test_yes_alone_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["games", "--yes"]) == 2
    assert "--yes goes with --delete" in capsys.readouterr().err


# -- games in which no turn was ever confirmed --------------------------------------------------------------------


def test_a_game_with_no_confirmed_turn_is_not_listed_and_is_removed_on_the_next_start(
        capsys: pytest.CaptureFixture[str]) -> None:
    kept = saved(1)
    never = unconfirmed(2)
    deal = Game.new(seed=3)
    empty, _ = Store().create(Record.new(deal), deal)  # saved on a crash before the first action
    assert [e.path for e in Store().entries()] == [kept]
    assert cli.main(["games"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2  # the heading and game 1
    assert Store().find("2")[0] == never  # still there to resume by its id until the next start
    assert Store().latest_unfinished() is not None  # and `famiglia resume` finds a game killed in its first turn
    assert sorted(Store().tidy()) == ["2", "3"]
    assert not never.exists() and not empty.exists() and kept.exists()


def test_a_game_being_played_is_not_removed_however_young() -> None:
    never = unconfirmed(2)
    held = Store().lock("1")
    try:
        assert Store().tidy() == []
        assert never.exists()
    finally:
        held.release()


def test_a_new_game_of_famiglia_play_tidies_first(monkeypatch: pytest.MonkeyPatch) -> None:
    never = unconfirmed(2)
    kept = saved(1)
    started = fake_run_play(monkeypatch)
    assert cli.main(["play", "--names", "Anna", "Ben"]) == 0
    assert started and not never.exists() and kept.exists()
