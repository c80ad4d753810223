"""`famiglia settings`, `famiglia stats`, and `famiglia play` with the settings under its options."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from typing import Any

import pytest

from famiglia import cli
from famiglia.persistence import Store
from famiglia.profile.seats import HUMAN
from famiglia.profile.settings import Settings, load, settings_path
from famiglia.profile.statistics import statistics
from tests.drivers.fake_run import fake_run_play

from .helpers import play, save, stamp


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """A stand-in for the screen's `run_play` that records how it was called."""
    calls = fake_run_play(monkeypatch)
    yield calls


def _write(text: str) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(text, encoding="utf-8")


def test_settings_prints_where_and_what(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["settings"]) == 0
    out = capsys.readouterr().out
    assert f"Settings file: {settings_path()} (there is none yet" in out
    assert 'level      = "normal"  (default)' in out


def test_settings_set_and_unset_write_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["settings", "set", "level", "hard"]) == 0
    assert cli.main(["settings", "set", "names", "Anna Maria", "Ben"]) == 0
    assert cli.main(["settings", "set", "memory_aid", "yes"]) == 0
    assert load().settings == Settings(("Anna Maria", "Ben"), "hard", memory_aid=True)
    assert cli.main(["settings", "unset", "level"]) == 0
    assert load().settings.level == "normal"
    assert f"level forgotten in {settings_path()}" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["settings", "set", "level", "medium"], ["settings", "set", "volume", "11"],
                                  ["settings", "unset", "volume"], ["settings", "set", "names", "A", "B", "C"],
                                  ["settings", "set", "level"], ["settings", "frobnicate"]])
def test_a_bad_setting_is_one_usage_line(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("famiglia: error: ")
    assert not settings_path().exists()


def test_a_broken_settings_file_is_reported_and_never_changed(capsys: pytest.CaptureFixture[str],
                                                              screen: dict[str, Any]) -> None:
    _write("level = = 3\n")
    assert cli.main(["settings"]) == 0
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "is not valid TOML" in captured.err and str(settings_path()) in \
        captured.err
    assert cli.main(["settings", "set", "level", "hard"]) == 2
    assert "fix or remove it first" in capsys.readouterr().err
    assert cli.main(["play"]) == 0  # the game is played with the defaults
    assert screen["memory_aid"] is False and screen["confirm"] is True
    assert "is not valid TOML" in capsys.readouterr().err
    assert settings_path().read_text(encoding="utf-8") == "level = = 3\n"


def test_a_foreign_settings_file_is_not_read_as_ours(capsys: pytest.CaptureFixture[str],
                                                     screen: dict[str, Any]) -> None:
    _write('[tool.poetry]\nname = "something else"\n')
    assert cli.main(["play"]) == 0
    assert "unknown setting 'tool'" in capsys.readouterr().err
    assert screen["names"] is None


def test_play_takes_what_the_options_do_not_say_from_the_settings(screen: dict[str, Any]) -> None:
    _write('names = ["Anna", "Ben"]\nlevel = "hard"\nmemory_aid = true\nconfirm = false\ncolour = false\n')
    assert cli.main(["play"]) == 0
    assert (screen["names"], screen["memory_aid"], screen["confirm"]) == (("Anna", "Ben"), True, False)
    assert screen["colour"] is False and "NO_COLOR" not in os.environ  # the game's screen is told, not the process
    assert cli.main(["play", "--vs", "cpu"]) == 0
    assert screen["seats"] == (HUMAN, "cpu:hard") and screen["names"] == ("Anna", "Computer (hard)")


@pytest.mark.parametrize(("setting", "no_color", "colour"), [("true", "", True), ("true", "1", False),
                                                            ("false", "", False), ("false", "1", False)])
def test_a_game_is_drawn_in_colour_unless_the_settings_or_no_color_say_none(
        screen: dict[str, Any], monkeypatch: pytest.MonkeyPatch, setting: str, no_color: str, colour: bool) -> None:
    _write(f"colour = {setting}\n")
    monkeypatch.setenv("NO_COLOR", no_color)  # https://no-color.org: any value but the empty one
    assert cli.main(["play"]) == 0
    assert screen["colour"] is colour
    assert os.environ["NO_COLOR"] == no_color  # read, never written


def test_options_win_over_the_settings_for_one_game(screen: dict[str, Any]) -> None:
    _write('names = ["Anna", "Ben"]\nlevel = "hard"\nmemory_aid = true\nconfirm = false\n')
    argv = ["play", "--vs", "cpu:easy", "--names", "Cleo", "--no-memory-aid", "--confirm"]
    assert cli.main(argv) == 0
    assert (screen["names"], screen["seats"], screen["memory_aid"], screen["confirm"]) == \
        (("Cleo", "Computer (easy)"), (HUMAN, "cpu:easy"), False, True)
    assert load().settings.level == "hard"  # one game only: the file is as it was
    assert cli.main(["play", "--no-confirm", "--memory-aid"]) == 0
    assert (screen["confirm"], screen["memory_aid"]) == (False, True)


def test_stats_are_those_of_the_saved_games(capsys: pytest.CaptureFixture[str]) -> None:
    for n in range(6):
        seats = (HUMAN, ("cpu:easy", "cpu:normal", "cpu:hard")[n % 3])
        save(play(n, seats=seats, names=("Anna", f"Computer {n}")), at=stamp(n))
    save(play(9, actions=10), at=stamp(9))
    assert cli.main(["stats", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown.pop("training")["positions"] == 0  # docs/train.md: the training's progress beside the figures
    assert shown == json.loads(json.dumps(statistics(Store().entries()).to_dict()))
    assert shown["games"] == 6 and shown["left_out"] == {"unfinished": 1}
    assert cli.main(["stats"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Your games: 6 finished") and "Computer (easy)" in out and "Rating: " in out


def test_stats_name_counts_games_for_two(capsys: pytest.CaptureFixture[str]) -> None:
    save(play(1, names=("Anna", "Ben")), at=stamp(1))
    assert cli.main(["stats", "--name", "anna", "--json"]) == 0
    assert [o["opponent"] for o in json.loads(capsys.readouterr().out)["opponents"]] == ["Ben"]


def test_learn_needs_a_terminal_and_names_a_game_that_is_no_guided_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["learn"]) == 1
    assert "learn needs a terminal" in capsys.readouterr().err
    record = save(play(1, actions=10))
    assert cli.main(["learn", record.id]) == 2
    assert capsys.readouterr().err.strip() == f"famiglia: game {record.id} is not a guided game ('famiglia resume " \
        f"{record.id}' plays it on)"
    assert cli.main(["learn", "99"]) == 2
    assert "there is no saved game 99" in capsys.readouterr().err


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Takebacks: 3 turns taken back against the computer, in 2 games"),
    ("it", "Turni ritirati: 3 contro il computer, in 2 partite"),
    ("de", "Zurückgenommene Züge: 3 gegen den Computer, in 2 Partien"),
])
def test_stats_count_the_turns_taken_back(capsys: pytest.CaptureFixture[str], language: str, said: str) -> None:
    """A record's takebacks (docs/records.md) are counted by `famiglia stats`, in its text and its JSON."""
    for n, taken in enumerate([(4,), (), (0, 6)]):
        record = play(n, seats=(HUMAN, "cpu:easy"), names=("Anna", "Computer (easy)"))
        save(record.with_moves(record.moves, takebacks=taken), at=stamp(n))
    assert cli.main(["stats", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert (shown["takebacks"], shown["games_with_takebacks"]) == (3, 2)
    assert cli.main(["--lang", language, "stats"]) == 0
    assert said in capsys.readouterr().out
