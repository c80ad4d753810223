"""The home screen's pages read whole at 80x24 and 100x30 in English, Italian and German (issue 43, "Cut at 80
columns"): the words beside a line go on under themselves rather than end in "…" mid-word ("confirming, c…",
"e la tua valuta…", "deine Wertung…"), and a game's log keeps every turn's points after it in sight with its
actions broken between two actions, never cut.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.cells import cell_len

from famiglia.cli import main
from famiglia.commands import home as home_command
from famiglia.persistence import Store
from famiglia.phrasebook.catalogue import catalogue_for, speaking
from famiglia.profile.seats import HUMAN
from tests.drivers.app import Keys, at_home
from tests.drivers.terminal import DOWN

from .helpers import play, save, stamp

LANGUAGES = ["en", "it", "de"]
SIZES = [(80, 24), (100, 30)]
LONG = ("Giovanni Bartolomeo", "Computer (hard)")  # a name of 19 characters against the computer


def _saved() -> None:
    save(play(1, actions=None), at=stamp(1))
    save(play(2, actions=60, seats=(HUMAN, "cpu:hard"), names=LONG), at=stamp(2))


def _screen(keys: tuple[str, ...], columns: int, rows: int) -> list[str]:
    shown: list[str] = []

    def look(k: Keys[Any]) -> None:
        shown.append(k.screen())

    at_home(home_command._home(Store()), *keys, columns=columns, rows=rows, check=look)
    return [row.rstrip() for row in shown[0].split("\n")]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("columns", "rows"), SIZES)
def test_no_line_of_a_menu_is_cut(columns: int, rows: int, language: str) -> None:
    _saved()
    with speaking(catalogue_for(language)):
        for keys in [(), ("1",), ("2",), ("4",), ("4", DOWN), ("4", "\r"), ("7",)]:
            screen = _screen(keys, columns, rows)
            cut = [row for row in screen if "…" in row]
            assert not cut, f"{keys}: {cut}\n" + "\n".join(screen)
            assert all(len(row) <= columns for row in screen)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("columns", "rows"), SIZES)
def test_a_games_log_keeps_each_turns_points_in_sight(columns: int, rows: int, language: str) -> None:
    """Home, Your games, a game, Its log: every row ended in "…" and the running score was never in sight."""
    _saved()
    with speaking(catalogue_for(language)):
        screen = _screen(("4", "l"), columns, rows)  # the newest game first: the long names against the computer
    turns = [row for row in screen if re.match(r"\s*\d+  \S", row)]
    assert len(turns) >= 5, "\n".join(screen)
    assert not [row for row in screen if row.endswith("…")], "\n".join(screen)
    for row in turns:  # the points after the turn end its first row
        assert re.search(r"\d+ · (Computer \(hard\) )?\d+$", row), row


@pytest.mark.parametrize("language", LANGUAGES)
def test_famiglia_log_piped_keeps_to_80_columns_with_the_points_in_sight(
        language: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`famiglia log` printed lines of 154 columns, piped and on a terminal."""
    record = save(play(2, actions=60, seats=(HUMAN, "cpu:hard"), names=LONG), at=stamp(2))
    assert main(["--lang", language, "log", record.id]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(cell_len(line) <= 80 for line in lines), [line for line in lines if cell_len(line) > 80]
    turns = [line for line in lines if re.match(r"\s*\d+  \S", line)]
    assert len(turns) == len(record.turns())
    for line, turn in zip(turns, record.turns(), strict=True):
        assert line.endswith(f"{turn.points[0]} · {turn.points[1]}"), line
