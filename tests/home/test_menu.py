"""The home screen's model, by the keys a player presses: every entry reached, Esc, help, Ctrl-C, deleting."""

from __future__ import annotations

from typing import Any

import pytest

from famiglia.persistence import Store, StoreError
from famiglia.profile.guided_deal import GUIDED_SEED
from famiglia.profile.seats import HUMAN
from famiglia.profile.settings import SettingRefused, Settings, load, write_value
from famiglia.tui.model.home.commands import COMMANDS, help_lines, key_line, press
from famiglia.tui.model.home.games import game_lines
from famiglia.tui.model.home.menu import (
    MAIN_ENTRIES,
    Home,
    Learn,
    NewGame,
    Overlay,
    Page,
    Quit,
    Resume,
    ShowAnalysis,
    ShowLog,
    ShowReplay,
    Train,
)

from .helpers import play, save, stamp


def keys(home: Home, *pressed: str) -> Home:
    for key in pressed:
        press(home, key)
    return home


@pytest.fixture
def saved() -> list[Any]:
    """Three games: one finished, two under way (one against the computer), saved in that order."""
    save(play(1, actions=None), at=stamp(1))
    save(play(2, actions=30, seats=(HUMAN, "cpu:hard"), names=("Anna", "Computer (hard)")), at=stamp(2))
    save(play(3, actions=12), at=stamp(3))
    return game_lines(Store().entries())


def test_the_main_page_has_the_nine_entries_in_order() -> None:
    assert [item.label for item in Home().items()] == list(MAIN_ENTRIES) == [
        "New game", "Continue", "Learn to play", "Your games", "Statistics", "Rules", "Settings",
        "Train on your mistakes", "Quit"]


@pytest.mark.parametrize(("pressed", "outcome"), [
    (("enter", "enter"), NewGame((HUMAN, HUMAN))),
    (("1", "2"), NewGame((HUMAN, "cpu:easy"))),
    (("1", "down", "down", "down", "enter"), NewGame((HUMAN, "cpu:hard"))),
    (("1", "up", "enter"), NewGame((HUMAN, "cpu:hard"))),  # round at the ends
    (("3",), Learn()),
    (("8",), Train()),
    (("9",), Quit()),
    (("up", "enter"), Quit()),
    (("c-c", "y"), Quit()),
    (("c-c", "c-c"), Quit()),
])
def test_entries_that_leave_the_home_screen(pressed: tuple[str, ...], outcome: object) -> None:
    assert keys(Home(), *pressed).take_outcome() == outcome


def test_ctrl_c_asks_first_and_n_stays() -> None:
    home = keys(Home(), "c-c")
    assert home.overlay is Overlay.CONFIRM_QUIT and home.outcome is None
    assert not press(home, "down") and home.message == "Answer the question first: y or n."
    keys(home, "n")
    assert home.overlay is None and home.outcome is None


@pytest.mark.parametrize(("number", "page"), [("4", Page.GAMES), ("5", Page.STATISTICS), ("6", Page.RULES),
                                               ("7", Page.SETTINGS), ("1", Page.NEW_GAME)])
def test_entries_that_open_a_page_and_esc_comes_back(number: str, page: Page) -> None:
    home = keys(Home(), number)
    assert home.page is page
    keys(home, "escape")
    assert home.page is Page.MAIN and home.selected == int(number) - 1


def test_esc_on_the_main_page_says_how_to_leave() -> None:
    home = keys(Home(), "escape")
    assert home.page is Page.MAIN and home.outcome is None and "Quit (8)" in (home.message or "")


def test_continue_lists_the_unfinished_games_newest_first_with_score_and_turn(saved: list[Any]) -> None:
    home = Home(saved)
    keys(home, "2")
    items = home.items()
    assert home.page is Page.CONTINUE and len(items) == 2
    assert items[0].label.endswith("Anna v Ben") and items[1].label.endswith("Anna v Computer (hard)")
    assert "to move, so far Anna " in items[0].detail and " · Ben " in items[0].detail  # labelled, not bare
    keys(home, "down", "enter")
    assert home.take_outcome() == Resume(saved[1].id)


def test_continue_without_unfinished_games_says_so() -> None:
    home = keys(Home(), "2")
    assert home.page is Page.MAIN and "New game starts one" in (home.message or "")


def test_your_games_log_replay_and_play_on(saved: list[Any]) -> None:
    home = keys(Home(saved), "4")
    assert [i.label.split()[0] for i in home.items()] == [g.id for g in saved]
    assert keys(home, "l").take_outcome() == ShowLog(saved[0].id)
    assert keys(home, "down", "down", "r").take_outcome() == ShowReplay(saved[2].id)
    assert keys(home, "a").take_outcome() == ShowAnalysis(saved[2].id)
    keys(home, "enter")  # the finished game's own page
    assert home.page is Page.GAME
    assert [i.label for i in home.items()] == ["Its log", "Replay it", "Its analysis", "Delete it"]
    assert keys(home, "3").take_outcome() == ShowAnalysis(saved[2].id)
    keys(home, "escape", "1")
    assert home.page is Page.GAME and home.items()[0].label == "Play it on"
    assert keys(home, "enter").take_outcome() == Resume(saved[0].id)


def test_delete_asks_first_then_removes_the_game_and_a_refusal_keeps_it(saved: list[Any]) -> None:
    deleted: list[str] = []

    def delete(id: str) -> None:
        if id == saved[1].id:
            raise StoreError(f"game {id} is being played in another famiglia right now")
        deleted.append(id)

    home = keys(Home(saved, delete=delete), "4", "d")
    assert home.overlay is Overlay.CONFIRM_DELETE and not deleted
    keys(home, "n")
    assert not deleted and len(home.games) == 3
    keys(home, "d", "y")
    assert deleted == [saved[0].id] and [g.id for g in home.games] == [g.id for g in saved[1:]]
    assert "is deleted" in (home.message or "")
    keys(home, "enter", "5", "y")  # the page of the game open elsewhere: Delete it
    assert "was not deleted" in (home.message or "") and "another famiglia" in (home.message or "")
    assert len(home.games) == 2


def test_end_on_a_page_whose_games_were_all_deleted_keeps_the_cursor_on_line_one(saved: list[Any]) -> None:
    """Found by the key fuzzer: End on Continue after both games under way were deleted put the cursor at -1."""
    home = keys(Home(saved, delete=lambda id: None), "2", "d", "y", "d", "y")
    assert home.page is Page.CONTINUE and not home.items()
    assert keys(home, "end").selected == 0 and keys(home, "home", "pagedown").selected == 0


def test_delete_is_explained_where_it_is_not_offered(saved: list[Any]) -> None:
    home = keys(Home(saved), "4", "d")
    assert home.overlay is None and "not available" in (home.message or "")
    keys(home, "escape", "d")
    assert home.message == "That key works on Your games."


def test_learn_to_play_continues_a_guided_game_under_way() -> None:
    save(play(GUIDED_SEED, seats=(HUMAN, "cpu:easy"), names=("Anna", "Computer (easy)"), actions=10, first=0))
    lines = game_lines(Store().entries())
    assert lines[0].guided
    home = keys(Home(lines), "2")
    assert "No game is waiting" in (home.message or "")  # a guided game is not in Continue
    keys(home, "3")
    assert home.page is Page.LEARN
    assert keys(home, "enter").take_outcome() == Learn(lines[0].id)
    assert keys(home, "2").take_outcome() == Learn()


def test_settings_are_changed_written_and_read_back() -> None:
    home = keys(Home(settings=load().settings, write=write_value), "7")
    keys(home, "2", "enter", " ")  # level: normal -> hard -> easy
    keys(home, "3", " ")  # memory aid on
    keys(home, "1", "enter", *"Anna", "enter", *"Ben", "enter")  # yours, then player 2's
    assert home.settings == Settings(("Anna", "Ben"), "easy", memory_aid=True)
    assert load().settings == home.settings
    keys(home, "1", "enter", *"x" * 30, "enter")
    assert "at most 20 characters" in (home.message or "") and home.editing is not None
    keys(home, "escape")
    assert home.editing is None and load().settings.names == ("Anna", "Ben")


def test_the_language_setting_goes_round_auto_and_each_language_and_says_when_it_applies() -> None:
    home = keys(Home(settings=load().settings, write=write_value), "7", "6")
    seen = [keys(home, "enter").settings.language for _ in range(4)]
    assert seen == ["en", "it", "de", "auto"] and load().settings.language == "auto"
    assert "next start" in (home.message or "") and "--lang" in (home.message or "")


def test_a_setting_that_cannot_be_written_is_said_and_not_changed() -> None:
    def refuse(name: str, value: object) -> None:
        raise SettingRefused("settings file x is not valid TOML: fix or remove it first; it is not changed")

    home = keys(Home(write=refuse), "7", "4", "enter")
    assert home.settings.confirm is True and "fix or remove it first" in (home.message or "")


def test_a_number_on_the_settings_page_goes_to_its_line_and_only_enter_or_space_changes_it() -> None:
    """As a choice is made everywhere else: a digit once turned the memory aid over at once."""
    home = keys(Home(settings=load().settings, write=write_value), "7", "3")
    assert home.settings.memory_aid is False and load().settings.memory_aid is False
    assert home.selected == 2 and home.message == "Memory aid: Enter or Space changes it."
    assert "1–9: go to" in key_line(home) and "Enter Space: change" in key_line(home)
    keys(home, " ")
    assert home.settings.memory_aid is True and load().settings.memory_aid is True
    keys(home, "enter")
    assert home.settings.memory_aid is False
    elsewhere = Home()
    assert not press(elsewhere, " ") and "Settings page" in (elsewhere.message or "")


def test_help_lists_the_command_table_and_keys_that_do_nothing_say_why() -> None:
    home = keys(Home(), "?")
    assert home.overlay is Overlay.HELP
    listed = dict(help_lines(home))
    assert listed["Esc"] == "back" and listed["Ctrl-C"] == "quit (asks first)" and listed["1–9"]
    assert len(listed) == sum(1 for c in COMMANDS if c.label is not None)
    keys(home, "?")
    assert home.overlay is None
    keys(home, "?", "q")  # the help's own words: "Esc, q or ? closes this"
    assert home.overlay is None
    keys(home, "?", "escape")
    assert home.overlay is None
    assert not press(home, "q") and "does nothing here" in (home.message or "")  # only the help closes on q
    assert not press(home, "x") and "does nothing here" in (home.message or "")
    assert not press(home, "y") and home.message == "There is no question to answer."
    keys(home, "6")
    assert not press(home, "enter") and "Esc goes back" in (home.message or "")
