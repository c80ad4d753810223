"""The home screen in English, Italian and German at 80×24 and 100×30: every page, each of its lines under the
cursor, the help and the questions fit the terminal (no row wider, none past its foot), the key line stands on the
last row with its keys whole, every entry's label is whole and the line under the cursor is read whole (no `…`),
and the words are the language's.

Drawn as the home screen's application draws it (`render_home`, written out by a painter), from the home screen
`famiglia` builds over seeded saved games, with the keys a player presses (`press`); and once through the
application itself, as the terminal shows it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from rich.cells import cell_len

from famiglia.commands import home as home_command
from famiglia.engine import Game
from famiglia.persistence import Move, Record, Store
from famiglia.phrasebook.catalogue import _, catalogue_for, speaking
from famiglia.phrasebook.keynames import yes_key
from famiglia.profile.guided_deal import GUIDED_FIRST, GUIDED_OPPONENT, GUIDED_SEED
from famiglia.profile.seats import HUMAN, seat_name
from famiglia.profile.settings import KEYS, write_value
from famiglia.tui.model.home import menu
from famiglia.tui.model.home.commands import help_lines, key_line, press
from famiglia.tui.model.home.menu import MAIN_ENTRIES, Home, Item, Overlay, Page
from famiglia.tui.view.bridge import Ink, Painter
from famiglia.tui.view.home import render_home
from famiglia.tui.view.overlays import HELP_KEYS
from famiglia.tui.view.pieces import DOT
from famiglia.tui.view.screens import render_help
from tests.drivers.app import Keys, at_home
from tests.drivers.terminal import DOWN, ESC

from .helpers import play, save, stamp

LANGUAGES = ("en", "it", "de")
SIZES = ((80, 24), (100, 30))
BOX = str.maketrans("│╭╮╰╯─┬┴", "        ")  # a box's sides are not words: a wrapped sentence reads on across them
# Each page as the keys a player presses reach it from the main page; a game's own page is reached from the
# first game of Your games that is finished, or under way (not the guided one).
PAGES: dict[str, tuple[str, ...]] = {
    "main": (),
    "new game": ("1",),
    "continue": ("2",),
    "learn to play": ("3",),
    "your games": ("4",),
    "a finished game": ("4", "<finished>", "enter"),
    "a game under way": ("4", "<under way>", "enter"),
    "settings": ("7",),
}


@pytest.fixture
def saved() -> None:
    """The games a player has after a few evenings, named as the program names them in the language spoken: two
    finished games for two, three finished against the easy computer (the rating moves), two under way (one
    against the hard computer), and a guided game under way; and a name in the settings."""
    save(play(1, actions=None), at=stamp(1))
    save(play(2, actions=30, seats=(HUMAN, "cpu:hard"), names=("Anna", seat_name("cpu:hard"))), at=stamp(2))
    save(play(3, actions=12), at=stamp(3))
    for n in (4, 5, 6):
        save(play(n, seats=(HUMAN, "cpu:easy"), names=("Anna", seat_name("cpu:easy"))), at=stamp(n))
    save(play(8, actions=None, names=("Anna", "Beatrice")), at=stamp(8))
    game = Game.new(seed=GUIDED_SEED, names=("Anna", seat_name(GUIDED_OPPONENT)), first=GUIDED_FIRST)
    guided = Store().create(Record.new(game, seats=(HUMAN, GUIDED_OPPONENT)).with_moves(
        [Move(game.to_move, game.legal_actions()[0])]))[1]
    Store().lock(guided.id).release()
    write_value("names", ("Anna",))


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each language, spoken for the whole test (the saved games' names included)."""
    with speaking(catalogue_for(request.param)):
        yield request.param


def _home(*pressed: str) -> Home:
    """The home screen `famiglia` opens on the saved games and the settings, with `pressed` pressed in turn;
    `<finished>` and `<under way>` press ↓ until the cursor is on the first game of that kind (not a guided one)."""
    home = home_command._home(Store())
    for key in pressed:
        if key.startswith("<"):
            wanted = next(i for i, g in enumerate(home.games) if g.finished == (key == "<finished>") and not g.guided)
            while home.selected != wanted:
                press(home, "down")
            continue
        press(home, key)
    return home


def _screen(home: Home, width: int, height: int) -> list[str]:
    """The rows the home screen's application puts on a terminal of this size (before it cuts them at its foot)."""
    return list(Painter(Ink.PLAIN).rows(render_home(home, width, height), width).text)


def _flat(rows: list[str] | str) -> str:
    """Rows as one line of words, a box's sides left out: what was wrapped over rows reads as it was written."""
    text = rows if isinstance(rows, str) else " ".join(rows)
    return " ".join(text.translate(BOX).split())


def _fits(rows: list[str], width: int, height: int) -> None:
    assert len(rows) <= height, f"{len(rows)} rows on a terminal of {height}:\n" + "\n".join(rows)
    wide = [row for row in rows if cell_len(row) > width]
    assert not wide, f"wider than {width}: {wide}"


def _key_line(home: Home, rows: list[str], height: int) -> None:
    """The key line on the terminal's last row, each key on it whole, and the help's key there (y and n while a
    question is asked; while a name is typed, what Enter and Esc do)."""
    assert len(rows) == height, "the key line is not on the last row"
    shown, made = rows[-1].split(DOT), key_line(home).split(DOT)
    assert all(part in made for part in shown), f"a key cut: {rows[-1]!r} of {key_line(home)!r}"
    if home.overlay in (Overlay.CONFIRM_QUIT, Overlay.CONFIRM_DELETE):
        assert _("y: yes") in shown and _("n: no") in shown, rows[-1]
    elif home.editing is not None:
        assert rows[-1] == key_line(home)
    else:
        assert _("?: help") in shown, rows[-1]


def _entries(home: Home, rows: list[str], width: int) -> None:
    """Every entry's label whole on its numbered row; the line under the cursor whole, its words going on under it."""
    items = home.items()
    assert len(items) <= 9, "the pages of this test are not long enough to scroll"
    for n, item in enumerate(items):
        assert any(f"{n + 1:>2}  {item.label}" in row for row in rows), f"entry {n + 1} cut: {item.label!r}"
    if not items:
        return
    first = next(i for i, row in enumerate(rows) if row.startswith("▶"))
    block = [rows[first]]
    for row in rows[first + 1:]:  # the rows the line under the cursor goes on in: indented, no number
        if row[:6].strip() or not row.strip():
            break
        block.append(row)
    chosen = items[home.selected]
    assert "…" not in "".join(block), block
    assert _flat(f"{home.selected + 1} {chosen.label} {chosen.detail}") in _flat(block), (chosen, block)


def _page(home: Home, width: int, height: int) -> list[str]:
    """Every check of a page (or a question over it) at this size; the rows, for more."""
    rows = _screen(home, width, height)
    _fits(rows, width, height)
    _key_line(home, rows, height)
    assert rows[0] == ("Famiglia" if home.page is Page.MAIN else f"Famiglia \u203a {home.title}"), rows[0]
    if home.overlay is None:
        _entries(home, rows, width)
    if home.message is not None:
        assert _flat(home.message) in _flat(rows), home.message
    return rows


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("page", list(PAGES))
def test_each_page_and_each_line_under_the_cursor_fits(saved: None, language: str, page: str, width: int,
                                                       height: int) -> None:
    home = _home(*PAGES[page])
    assert home.page is not Page.MAIN or page == "main", home.message
    for _line in range(len(home.items()) or 1):
        _page(home, width, height)
        press(home, "down")


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_statistics_rules_and_a_log_fit_with_nothing_cut(saved: None, language: str, width: int,
                                                         height: int) -> None:
    home = _home("5")
    stats = home.stats
    assert home.page is Page.STATISTICS and stats is not None and stats.games >= 4 and len(stats.opponents) >= 3
    rows = _page(home, width, height)
    assert "…" not in "\n".join(rows), "\n".join(rows)
    text = _flat(rows)
    for column in ("opponent", "games", "won", "drawn", "lost", "win %", "best", "streak"):
        assert _(column) in text, column  # every heading whole
    for row in stats.opponents:  # every opponent named whole (a long name may go on in its cell's second row)
        assert set(row.opponent.label.split()) <= set(text.split()), row.opponent.label
        assert f"{row.games} {row.wins} {row.draws} {row.losses}" in text
    assert _("unfinished") in text  # the games left out, in the language too
    for pressed in (("6",), ("6", "pagedown"), ("6", "end"), ("4", "l"), ("4", "down", "l")):  # text that scrolls
        home = _home(*pressed)
        assert home.scrolls
        _page(home, width, height)


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("pressed", [(), ("4",), ("7",)], ids=["main", "your games", "settings"])
def test_the_help_fits_or_scrolls_and_shows_every_key(saved: None, language: str, pressed: tuple[str, ...],
                                                      width: int, height: int) -> None:
    """The help is the screen's help, drawn whole where it fits; where it is longer (80×24 in Italian and German),
    ↑↓ scroll it, the row under it says so and which rows are on show, and scrolled to its end the last of it
    shows: nothing of it is out of reach."""
    home = _home(*pressed, "?")
    assert home.overlay is Overlay.HELP
    whole = list(Painter(Ink.PLAIN).rows(render_help(help_lines(home), width=width), width).text)
    _fits(whole[:height], width, height)
    assert all(cell_len(row) <= width for row in whole)
    for key, words in help_lines(home):  # each key beside (the start of) its words, in the language
        assert any(re.search(rf"(^|│|\s){re.escape(key)}\s+{re.escape(words.split()[0])}", row) for row in whole), key
    assert dict(help_lines(home))["Esc"] == _("back")
    seen: list[str] = []
    for _step in range(len(whole)):
        rows = _screen(home, width, height)
        _fits(rows, width, height)
        if len(whole) <= height:
            assert rows == whole
            break
        assert len(rows) == height and rows[-1].startswith(_(HELP_KEYS)), rows[-1]
        first, last, count = map(int, re.findall(r"\d+", rows[-1].removeprefix(_(HELP_KEYS)))[-3:])
        assert rows[:-1] == whole[first - 1:last] and count == len(whole)
        seen += rows[:-1]
        if last == count:
            break
        press(home, "pagedown")
    assert set(whole) <= set(seen) or len(whole) <= height  # every row of the help came on screen
    assert _("Esc, q or ? closes this") in rows[-2 if len(whole) > height else -1]
    press(home, "home")
    assert _screen(home, width, height)[:2] == whole[:2]
    press(home, "?")
    assert home.overlay is None and home.page is _home(*pressed).page  # the help closes where it was opened


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_questions_and_a_message_fit_whole(saved: None, language: str, width: int, height: int) -> None:
    home = _home("c-c")
    rows = _page(home, width, height)
    assert _flat(f"{_('Quit famiglia?')} {yes_key()} {_('quit')} n {_('stay')}") in _flat(rows)
    asked: list[tuple[str, ...]] = [("4", "d"), ("4", "<finished>", "d"), ("4", "<under way>", "enter", "d")]
    for pressed in asked:
        home = _home(*pressed)
        assert home.overlay is Overlay.CONFIRM_DELETE, pressed
        line = home.game(home.chosen)
        assert line is not None
        question = _("Delete game {game} ({title}, {state})? It cannot be undone.").format(
            game=home.chosen, title=line.title, state=line.state)
        rows = _page(home, width, height)
        assert _flat(f"{question} {yes_key()} {_('delete it')} n {_('keep it')}") in _flat(rows), rows
    said: list[tuple[str, ...]] = [("escape",), ("0",), ("x",), ("7", "3"), ("7", "1", "enter"), ("5", "d")]
    for pressed in said:
        home = _home(*pressed)
        assert home.message is not None, pressed
        _page(home, width, height)  # the message whole, the page and its key line too


def test_the_languages_are_spoken(saved: None, language: str) -> None:
    """The pages above are read in the language: the entries, the keys, a game's words, not the English."""
    home = _home()
    labels = [item.label for item in home.items()]
    english = list(MAIN_ENTRIES)
    assert (labels == english) == (language == "en")
    if language != "en":
        assert not set(labels) & set(english) and _("?: help") != "?: help"
        assert _home("1").title != "New game" and "Anna v Ben" not in _flat(_screen(_home("4"), 80, 24))


SETTING_NAMES = {"en": ["Names", "Computer's level", "Memory aid", "Confirm a turn's end", "Colours", "Language",
                        "Plain mode"],
                 "it": ["Nomi", "Livello del computer", "Promemoria", "Conferma di fine turno", "Colori", "Lingua",
                        "Modo testo"],
                 "de": ["Namen", "Stufe des Computers", "Gedächtnisstütze", "Zugende bestätigen", "Farben", "Sprache",
                        "Textmodus"]}


def test_the_settings_page_names_each_setting_in_the_language_with_its_meaning(saved: None, language: str) -> None:
    """Not by the settings file's keys (`memory_aid`), which stay as they are for `famiglia settings set`."""
    home = _home("7")
    assert home.page is Page.SETTINGS
    assert [item.label for item in home.items()] == SETTING_NAMES[language]
    for n, key in enumerate(KEYS, 1):
        press(home, str(n))
        screen = _flat(_screen(home, 100, 30))
        assert "memory_aid" not in screen
        assert " ".join(_(KEYS[key].meaning).split())[:30] in screen, key
        assert (home.message or "").startswith(SETTING_NAMES[language][n - 1] + ": ")


def test_the_checks_find_a_row_too_wide_a_screen_too_long_and_a_cut_entry(saved: None,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks above can fail: a screen drawn for a larger terminal, an entry's label longer than its column,
    and a key line cut short are each found."""
    home = _home("4")
    with pytest.raises(AssertionError, match="wider than 80"):
        _fits(_screen(home, 100, 24), 80, 24)
    with pytest.raises(AssertionError, match="rows on a terminal of 24"):
        _fits(_screen(home, 80, 30), 80, 24)
    with pytest.raises(AssertionError, match="a key cut"):
        _key_line(home, [*_screen(home, 80, 24)[:-1], key_line(home)[:30] + "…"], 24)
    long = "Against the computer at the level of a grandmaster, who has never lost"
    monkeypatch.setitem(menu._ITEMS, Page.MAIN, lambda h: [Item(long, "words", lambda m: None), Item("Quit", "x" * 90,
                                                                                                   lambda m: None)])
    home = _home()
    with pytest.raises(AssertionError, match="entry 1 cut"):
        _entries(home, _screen(home, 80, 24), 80)
    press(home, "down")  # a line under the cursor longer than the row goes on under itself
    rows = _screen(home, 80, 24)
    under = [row for row in rows[3:] if row.strip().strip("x") == "" and row.strip()]
    assert rows[3].startswith("▶") and len(under) > 1 and sum(row.count("x") for row in [rows[3], *under]) == 90


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_application_shows_the_key_line_on_the_terminals_last_row(saved: None, language: str, width: int,
                                                                      height: int) -> None:
    """Through the home screen's application, on a terminal of this size: what it draws is what the checks read."""
    screens: list[list[str]] = []

    def seen(k: Keys[object]) -> None:
        screens.append(k.rows())

    at_home(_home(), "5", columns=width, rows=height, check=seen)  # Statistics
    at_home(_home(), "4", DOWN, columns=width, rows=height, check=seen)  # Your games, the second game chosen
    at_home(_home(), "?", columns=width, rows=height, check=seen)
    at_home(_home(), "4", ESC, columns=width, rows=height, check=seen)
    statistics, games, help_, main = screens
    for rows in screens:
        _fits(rows, width, height)
    assert _("?: help") in statistics[-1].split(DOT) and _("?: help") in games[-1].split(DOT)
    assert statistics[0] == f"Famiglia \u203a {_('Statistics')}" and "…" not in "\n".join(statistics)
    assert _flat(_("Esc, q or ? closes this")) in _flat(help_) or help_[-1].startswith(_(HELP_KEYS))
    assert main[0] == "Famiglia" and _("?: help") in main[-1].split(DOT)
