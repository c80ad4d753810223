"""The home screen through its application, by the keys a player presses (pipe input, a dummy terminal)."""

from __future__ import annotations

import os
from typing import Any

import pytest

from famiglia.commands import home as home_command
from famiglia.persistence import Store
from famiglia.profile.seats import HUMAN
from famiglia.profile.settings import Settings, load, settings_path
from famiglia.profile.statistics import statistics
from famiglia.tui.model.home.menu import Home, Learn, NewGame, Page, Quit, Resume, ShowAnalysis, ShowReplay, Train
from famiglia.tui.shell.home import build_home_app, run_home_app
from famiglia.tui.shell.rowrenderer import RowRenderer
from tests.drivers.app import Keys, at_home, drive
from tests.drivers.fake_run import fake_run_play
from tests.drivers.terminal import COLOURED, CTRL_C, DOWN, ESC, UP

from .helpers import open_elsewhere, play, save, stamp


def saved_games() -> None:
    save(play(1, actions=None), at=stamp(1))
    save(play(2, actions=30, seats=(HUMAN, "cpu:hard"), names=("Anna", "Computer (hard)")), at=stamp(2))
    save(play(3, actions=12), at=stamp(3))


@pytest.mark.parametrize(("keys", "outcome"), [
    (("\r", "\r"), NewGame((HUMAN, HUMAN))),
    (("1", DOWN, DOWN, "\r"), NewGame((HUMAN, "cpu:normal"))),
    (("3",), Learn()),
    (("8",), Train()),
    (("9",), Quit()),
    ((UP, "\r"), Quit()),
    ((CTRL_C, "y"), Quit()),
])
def test_entries_that_leave_the_home_screen(keys: tuple[str, ...], outcome: object) -> None:
    assert at_home(Home(), *keys) == outcome


def test_every_entry_is_reached_by_keys_and_drawn() -> None:
    saved_games()
    home = home_command._home(Store())
    seen: dict[str, str] = {}

    def look(name: str) -> Any:
        def check(k: Keys[Any]) -> None:
            seen[name] = k.screen()
        return check

    assert at_home(home, "2", DOWN, "\r") == Resume(home.unfinished[1].id)  # Continue: the older of the two under way
    for number, title, words in [("4", "Your games", "Anna v Computer (hard)"), ("5", "Statistics", "finished"),
                                 ("6", "Rules", "R1"), ("7", "Settings", "Memory aid"), ("1", "New game", "hard")]:
        home = home_command._home(Store())
        at_home(home, number, check=look(title))
        assert home.page.value == title, title
        assert f"Famiglia \u203a {title}" in seen[title] and words in seen[title], seen[title]
    home = home_command._home(Store())
    assert at_home(home, "4", "r") == ShowReplay(home.games[0].id)
    home = home_command._home(Store())
    assert at_home(home, "4", "a") == ShowAnalysis(home.games[0].id)


def test_help_esc_and_a_key_that_does_nothing(tmp_path: Any) -> None:
    home = Home()
    screens: list[str] = []
    at_home(home, "?", check=lambda k: screens.append(k.screen()))
    assert "Help" in screens[0] and "quit (asks first)" in screens[0]
    home = Home()
    at_home(home, "x", check=lambda k: screens.append(k.screen()))
    assert "'x' does nothing here: ? lists the keys." in screens[1]
    home = Home()
    at_home(home, "6", ESC, check=lambda k: screens.append(k.screen()))
    assert home.page is Page.MAIN


def test_the_log_of_a_game_is_a_page() -> None:
    saved_games()
    home = home_command._home(Store())
    shown: list[str] = []
    at_home(home, "4", "l", check=lambda k: shown.append(k.screen()))
    assert home.page is Page.LOG and f"Game {home.games[0].id}" in shown[0]


def test_settings_written_from_the_screen_are_read_back_and_used_by_play(monkeypatch: pytest.MonkeyPatch) -> None:
    home = home_command._home(Store())
    at_home(home, "7", "2", " ", "3", "\r", "1", "\r", *"Anna", "\r", "\r", ESC)  # your name, then none for player 2
    assert load().settings == Settings(("Anna",), "hard", memory_aid=True)
    calls = fake_run_play(monkeypatch)
    home_command._new_game((HUMAN, "cpu:hard"), load().settings)
    assert calls["names"] == ("Anna", "Computer (hard)") and calls["memory_aid"] is True
    assert calls["seats"] == (HUMAN, "cpu:hard")


@pytest.mark.parametrize(("content", "said"), [
    ("level = [1, 2\n", "not valid TOML"),
    ('[tool.poetry]\nname = "not ours"\n', "unknown setting 'tool'"),
    ('names = ["\u202eevil\u200f", "😀"]\nlevel = "' + "x" * 5000 + '"\n', "level must be one of"),
    ("colour = " + "9" * 5000 + "\n", "TOML"),
])
def test_a_broken_or_foreign_settings_file_is_said_on_the_home_screen_and_left_alone(content: str,
                                                                                     said: str) -> None:
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(content, encoding="utf-8")
    home = home_command._home(Store())
    shown: list[str] = []
    at_home(home, check=lambda k: shown.append(k.screen()))
    assert "settings file" in shown[0] and said in " ".join(shown[0].split()), shown[0]
    assert "\u202e" not in shown[0]  # a direction mark is written as an escape, never acted on
    at_home(home_command._home(Store()), "7", "4", "\r")  # a change asked for: refused on a broken file, kept otherwise
    if said in ("not valid TOML", "TOML"):
        assert settings_path().read_text(encoding="utf-8") == content


def test_statistics_on_screen_equal_those_of_the_saved_games() -> None:
    for n in range(4):
        save(play(n, seats=(HUMAN, "cpu:easy"), names=("Anna", "Computer (easy)")), at=stamp(n))
    home = home_command._home(Store())
    shown: list[str] = []
    at_home(home, "5", check=lambda k: shown.append(k.screen()), columns=100, rows=30)
    stats = statistics(Store().entries())
    row, = stats.opponents
    assert home.stats == stats
    line = next(line for line in shown[0].splitlines() if "Computer (easy)" in line)
    assert line.split()[2:7] == [str(row.games), str(row.wins), str(row.draws), str(row.losses),
                                 f"{row.win_rate:.0%}"]
    assert f"Rating {stats.rating:.0f}" in shown[0] and "│" in shown[0]  # the chart


def test_delete_from_your_games_asks_then_removes_and_refuses_a_game_open_elsewhere() -> None:
    saved_games()
    store = Store()
    newest = home_command._home(store).games[0].id
    with open_elsewhere(store, newest):
        home = home_command._home(store)
        at_home(home, "4", "d", "y")
        assert "was not deleted" in (home.message or "") and store.path(newest).exists()
    home = home_command._home(store)
    at_home(home, "4", "d", "n")
    assert store.path(newest).exists()
    at_home(home, "4", "d", "y")
    assert not store.path(newest).exists() and len(home_command._home(store).games) == 2


def test_continue_says_on_the_home_screen_when_the_game_is_open_elsewhere() -> None:
    saved_games()
    store = Store()
    id = home_command._home(store).unfinished[0].id
    with open_elsewhere(store, id):
        note = home_command._refusal(store, Resume(id))
        assert note is not None and "another famiglia" in note
        assert home_command._home(store, note=note).message == note
    assert home_command._refusal(store, Resume(id)) is None


def _coloured(k: Keys[Any]) -> bool:
    """Whether anything the home screen drew last has a colour (bold, dim and reverse are no colours)."""
    renderer = k.app.renderer
    if isinstance(renderer, RowRenderer) and renderer.on_screen is not None:  # the rows it wrote itself
        return any(COLOURED.search(row) for row in renderer.on_screen.rows)
    drawn = renderer.last_rendered_screen
    assert drawn is not None
    return any("#" in char.style or "ansi" in char.style for row in drawn.data_buffer.values() for char in row.values())


def test_colour_turned_off_in_settings_turns_the_home_screen_plain_at_once() -> None:
    home = home_command._home(Store())
    seen: list[bool] = []
    at_home(home, "7", check=lambda k: seen.append(_coloured(k)))
    at_home(home, "5", " ", check=lambda k: seen.append(_coloured(k)))  # colour: on -> off
    assert load().settings.colour is False
    at_home(home, " ", check=lambda k: seen.append(_coloured(k)))  # still on Settings, on colour: back on
    assert seen == [True, False, True]
    assert "NO_COLOR" not in os.environ  # the process is not told: the application of this player is


def test_no_color_from_the_environment_keeps_the_home_screen_plain_whatever_the_setting() -> None:
    home = home_command._home(Store())
    seen: list[bool] = []

    async def look(k: Keys[Any]) -> None:
        seen.append(_coloured(k))

    drive(lambda pipe, out: build_home_app(home, input=pipe, output=out, colour=True), look, runner=run_home_app)
    drive(lambda pipe, out: build_home_app(home, input=pipe, output=out, colour=False), look, runner=run_home_app)
    assert home.settings.colour is True and seen == [True, False]


@pytest.mark.slow
def test_a_games_analysis_from_the_home_screen_is_the_one_famiglia_analyse_shows(
        capsys: pytest.CaptureFixture[str]) -> None:
    """What the home screen runs for a: the report (plain here, off a terminal), saved for the next look."""
    from famiglia.commands.analysis import analysis

    save(play(3, actions=None), at=stamp(1))
    entry = Store().entries()[0]
    assert entry.record is not None
    id = entry.record.id
    assert analysis(id, level="easy") == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Analysis of game {id}: ") and "Luck of the draws" in out
    assert analysis("999") == 2
    assert capsys.readouterr().err == "famiglia: there is no saved game 999 ('famiglia games' lists the saved games)\n"


def test_at_80_columns_the_key_line_of_your_games_still_ends_with_help() -> None:
    """The arrows give way first: the line was cut to '… d: delete · ?: …', hiding what ? does."""
    save(play(1, actions=5), at=stamp(1))
    seen: list[str] = []
    home = home_command._home(Store())
    at_home(home, "4", ESC, check=lambda k: seen.append(k.screen()))
    at_home(home_command._home(Store()), "4", check=lambda k: seen.append(k.screen()))
    last = seen[-1].rstrip().splitlines()[-1]
    assert "?: help" in last and "1–9 Enter: choose" in last and "d: delete" in last and len(last) <= 80, last
