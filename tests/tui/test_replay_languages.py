"""The replay and the analysis in English, Italian and German at 80×24 and 100×30: every screen fits the terminal
(no row wider, none past its foot), the caption keeps the action that led to the position whole, the key line keeps
each of its keys whole, the verdict of `a` stands whole beside the position with the graph whole where it is shown,
the analysis text (`famiglia analyse`, the end screen's `a`) fits the width with the graph's labels whole, and the
words are the language's.

Along seeded saved games analysed at the easy level (a game of thirty actions, unfinished, so the replay asks
first; and a short finished one, whose last position is the end screen); the keys pressed as a player presses them,
through the replay's command table and once through its application.
"""

from __future__ import annotations

import functools
import io
import re
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.cells import cell_len
from rich.console import Console

from famiglia import cli
from famiglia.ai.analysis import MARKS, Analysis
from famiglia.ai.moments import key_moments
from famiglia.persistence import Record
from famiglia.phrasebook import chances, verdicts
from famiglia.phrasebook.catalogue import _, catalogue_for, speaking
from famiglia.phrasebook.table import level_name
from famiglia.tui.model.kept_analysis import analyse_record, keep_analysis
from famiglia.tui.model.replay import REPLAY_COMMANDS, Replay, replay_key_line
from famiglia.tui.shell.replay import build_replay_app
from famiglia.tui.shell.shown_analysis import show_analysis
from famiglia.tui.view.analysis import graph_lines, percent, print_report, report_lines
from famiglia.tui.view.bridge import Ink, Painter
from famiglia.tui.view.pieces import short_name
from famiglia.tui.view.replay import decision_line, fold, render_replay
from famiglia.tui.view.theme import cards_in
from tests.drivers.app import Keys, drive
from tests.persistence.records import between, short_game

pytestmark = pytest.mark.slow  # each game is analysed once, a few seconds at the easy level

LANGUAGES = ("en", "it", "de")
SIZES = ((80, 24), (100, 30))
GAMES = ("under way", "finished")
COLOUR = re.compile(r"\x1b\[[0-9;]*m")


def _saved(game: str) -> tuple[Path, Record]:
    """The game saved in this test's data directory: thirty actions of the greedy player against the easy computer
    (the analysis tests' game), or the short seeded game that ends in two passes after nine."""
    if game == "under way":
        return between(3, (("greedy", 1), ("easy", 2)), limit=30)
    return short_game()


@functools.cache
def _analysis(game: str) -> Analysis:
    """The game's analysis at the easy level, made once for every test (its figures are the same in each language)."""
    return analyse_record(_saved(game)[1], level="easy")


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    with speaking(catalogue_for(request.param)):
        yield request.param


def press(replay: Replay, key: str) -> None:
    """What `key` does in the replay, through its command table."""
    command = next(c for c in REPLAY_COMMANDS if key in c.keys)
    assert command.run is not None
    command.run(replay, key)


def _screen(replay: Replay, width: int, height: int) -> list[str]:
    """The rows the replay's application puts on a terminal of this size (before it cuts them at its foot)."""
    return list(Painter(Ink.PLAIN).rows(render_replay(replay, width, height), width).text)


def _flat(rows: list[str] | str) -> str:
    return " ".join((rows if isinstance(rows, str) else " ".join(rows)).split())


def _fits(rows: list[str], width: int, height: int | None = None) -> None:
    if height is not None:
        assert len(rows) <= height, f"{len(rows)} rows on a terminal of {height}:\n" + "\n".join(rows)
    wide = [row for row in rows if cell_len(row) > width]
    assert not wide, f"wider than {width}: {wide}"


def _caption(replay: Replay, rows: list[str]) -> None:
    """The first row says which game, and the action that led to the position on show, whole."""
    record = replay.record
    assert rows[0].startswith(_("Replay of game {game}").format(game=record.id)), rows[0]
    if replay.index:
        move = record.moves[replay.index - 1]
        played = f"{short_name(record.players[move.player])} {cards_in(str(move.action)).plain}"
        assert played in rows[0], f"the action cut: {rows[0]!r} ({played!r})"


def _key_line(replay: Replay, rows: list[str], width: int) -> None:
    """Under the screen, the key line (folded between its keys where it is long), every key on it whole; or the
    message in its place, whole."""
    if replay.message is not None:
        assert _flat(rows).endswith(_flat(replay.message)), replay.message  # at the foot, whole
        return
    if replay.typed:
        assert rows[-1] == _("turn {turn}").format(turn=replay.typed) + "_", rows[-1]
        return
    folded = fold(replay_key_line(), width)
    assert rows[-len(folded):] == folded, f"a key cut: {rows[-len(folded):]} of {replay_key_line()!r}"


def _graph(lines: list[str], rows: list[str], *, shown: bool | None = None) -> bool:
    """Whether the graph is on screen; where it is, each of its rows whole, in order: its title, its scale, the
    players' names beside their marks, the ▲ under the position on show, the turns at its ends and the marks'
    legend."""
    at = next((i for i, row in enumerate(rows) if row == lines[0]), None)
    if shown is not None:
        assert (at is not None) == shown, f"the graph is {'not ' if shown else ''}on screen"
    if at is None:
        assert not any(row.rstrip().endswith(verdicts.graph_marks()) for row in rows), "a part of the graph alone"
        return False
    assert rows[at:at + len(lines)] == lines, "a row of the graph cut:\n" + "\n".join(rows[at:at + len(lines)])
    return True


def _verdict(replay: Replay, rows: list[str], width: int) -> None:
    """The verdict of the turn on show: its heading whole, and each of its decisions shown whole (the one that led to
    the position on show always, else the first)."""
    analysis = replay.analysis
    assert analysis is not None
    text = _flat(rows)
    assert _flat(verdicts.turn_heading(replay.turn)) in text
    decisions = replay.turn_decisions() or ()
    said = [_flat(decision_line(d, analysis.players).plain) for d in decisions]
    on_show = next((i for i, d in enumerate(decisions) if d.move + 1 == replay.index), 0)
    if not said:
        assert verdicts.no_decision() in text
    for i, line in enumerate(said):  # shown whole, or not at all: its start (who, the chance, the action) is not there
        start = line[:line.find("(") + 1] or line[:24]
        assert line in text or (i != on_show and start not in text), f"a decision cut: {line!r}"
    if said:
        assert said[on_show] in text


def _check(replay: Replay, width: int, height: int) -> list[str]:
    rows = _screen(replay, width, height)
    _fits(rows, width, height)
    if replay.asking:
        assert _flat(_("The replay shows both players' hands. Show it?")) in _flat(rows)
        return rows
    _caption(replay, rows)
    _key_line(replay, rows, width)
    analysis = replay.analysis
    if replay.analysing and analysis is not None:
        _verdict(replay, rows, width)
        alone = replay.alone and height >= 30  # alone on a terminal of 30 rows, the graph has room above the verdict
        _graph(graph_lines(analysis, width, at=replay.index), rows, shown=True if alone else None)
    return rows


def _title(record: Record, analysis: Analysis) -> str:
    """The analysis' first sentence, as one line."""
    turns = sum(1 for d in analysis.decisions if d.action.startswith(("take", "pass")))
    return _flat(verdicts.title(record.id, *analysis.players, finished=analysis.finished, turns=turns,
                                level=level_name(str(analysis.level)), worlds=analysis.iterations,
                                against=chances.against(analysis.level)))


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_every_position_fits_with_and_without_its_verdict(language: str, game: str, width: int, height: int) -> None:
    _path, record = _saved(game)
    replay = Replay(record, analysis=_analysis(game))
    assert replay.asking == (game == "under way")
    if replay.asking:
        _check(replay, width, height)
        press(replay, "y")
    verdicts_seen = 0
    while True:
        _check(replay, width, height)  # the table alone
        press(replay, "a")
        _check(replay, width, height)  # the verdict with the position it is about
        press(replay, "a")
        if replay.index % 3 == 0 or replay.index == replay.last:
            _check(replay, width, height)  # the verdict alone, under the whole game's graph
        press(replay, "a")
        verdicts_seen += 1
        if replay.index == replay.last:
            break
        press(replay, "right")
    assert verdicts_seen == replay.last + 1 and not replay.analysing


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_m_stops_at_each_mark_and_says_so_whole(language: str, width: int, height: int) -> None:
    _path, record = _saved("under way")
    analysis = _analysis("under way")
    replay = Replay(record, analysis=analysis)
    press(replay, "y")
    stops = 0
    while True:
        press(replay, "m")
        rows = _check(replay, width, height)
        if replay.message == _("No marked decision or key moment after this point."):
            break
        stops += 1
        assert replay.analysing and replay.message is not None and _flat(replay.message) in _flat(rows)
    assert stops >= 3
    for key in ("1", "2"):  # a turn number typed shows under the table
        press(replay, key)
        rows = _check(replay, width, height)
    assert _flat(_("turn {turn}").format(turn=12) + "_") in _flat(rows)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_analysis_text_fits_the_width_with_the_graphs_labels_whole(language: str, width: int,
                                                                       height: int) -> None:
    """The text `famiglia analyse` prints and the end screen's a pages, at the terminal's width: no line wider,
    the graph whole and short enough to be read on one screen, and every sentence whole where it wraps."""
    _path, record = _saved("under way")
    analysis = _analysis("under way")
    lines = report_lines(record, analysis, width=width)
    _fits(lines, width)
    graph = graph_lines(analysis, width)
    assert _graph(graph, lines, shown=True) and len(graph) <= height - 1  # the pager's last row is its own
    under = next(i for i, row in enumerate(graph) if "└" in row)  # under the axis, a row of marks for each player
    assert all(graph[under + 1 + p].lstrip().startswith(name) for p, name in enumerate(analysis.players))
    axis = next(row for row in graph if verdicts.turn_axis(1) in row)
    assert axis.rstrip().endswith(verdicts.turn_axis(max(d.turn for d in analysis.decisions)))
    assert graph[-1].strip() == verdicts.graph_marks()
    text = _flat(lines)
    assert _title(record, analysis) in text  # whole, where it wraps
    assert chances.against(analysis.level) in text  # in the reader's words, not those it was analysed in
    assert ("against the easy computer" in text) == (language == "en")
    for moment in key_moments(analysis, [game.view(None) for game in record.games()]):
        assert _flat(moment.words) in text, moment.words
    for x in analysis.luck:
        swing = round(x.after * 100) - round(x.expected * 100)  # as the two chances read ("96% -> 96% (0)")
        said = verdicts.luck_line(analysis.players[x.player], x.kind, " ".join(x.drawn),
                                  percent(f"{x.expected * 100:.0f}"), percent(f"{x.after * 100:.0f}"),
                                  f"{swing:+d}" if swing else "0")
        assert _flat(said) in text, said
    for heading in (verdicts.legend(list(MARKS)), verdicts.luck_title(), verdicts.totals_title()):
        assert _flat(heading) in text, heading
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None, legacy_windows=False)
    print_report(console, record, analysis)  # as a terminal shows it
    printed = console.export_text().splitlines()
    _fits(printed, width)
    assert [line.rstrip() for line in printed] == [line.rstrip() for line in lines]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_end_screens_a_pages_the_text_at_the_terminals_width(
        language: str, width: int, height: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`a` on the end screen (and on the home screen) pages the analysis in the terminal's width."""
    path, record = _saved("under way")
    keep_analysis(path, record, _analysis("under way"))  # saved beside the game: it is shown, not made again
    pager, got = tmp_path / "pager.py", tmp_path / "paged.txt"
    pager.write_text(f"import sys\nopen({str(got)!r}, 'w', encoding='utf-8').write(sys.stdin.read())\n")
    monkeypatch.setenv("PAGER", shlex.join([sys.executable, str(pager)]))
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.setenv("COLUMNS", str(width))
    monkeypatch.setenv("LINES", str(height))
    assert show_analysis(path, record, level="easy", out=_Terminal()) == 0
    paged = COLOUR.sub("", got.read_text(encoding="utf-8")).splitlines()
    _fits(paged, width)
    assert _title(record, _analysis("under way")) in _flat(paged[:4])
    assert [line.rstrip() for line in paged] == report_lines(record, _analysis("under way"), width=width)


def test_famiglia_analyse_speaks_the_language_it_is_asked(language: str, capsys: pytest.CaptureFixture[str]) -> None:
    path, record = _saved("under way")
    keep_analysis(path, record, _analysis("under way"))
    assert cli.main(["--lang", language, "analyse", record.id, "--level", "easy"]) == 0
    out = capsys.readouterr().out.splitlines()
    _fits(out, 100)  # piped: the text at 100 columns
    assert _title(record, _analysis("under way")) in _flat(out[:4])
    assert out == report_lines(record, _analysis("under way"), width=100)


def test_the_languages_are_spoken(language: str) -> None:
    english = {"Replay of game {game}": "Replay of game {game}", "a: analysis": "a: analysis",
               "Totals:": "Totals:", "▲ on screen": "▲ on screen"}
    for template, words in english.items():
        assert (_(template) == words) == (language == "en"), template
    _path, record = _saved("finished")
    replay = Replay(record, analysis=_analysis("finished"))
    rows = _screen(replay, 80, 24)
    assert (_("Replay of game {game}").format(game=record.id) in rows[0]) and (
        ("Replay of game" in rows[0]) == (language == "en"))


def test_the_checks_find_a_row_too_wide_a_screen_too_long_and_a_cut_caption_key_or_graph() -> None:
    """The checks above can fail: a screen drawn for a larger terminal, a caption without its action, a key line
    cut short and a graph drawn wider than the screen are each found."""
    _path, record = _saved("under way")
    analysis = _analysis("under way")
    replay = Replay(record, analysis=analysis)
    press(replay, "y")
    for _move in range(12):
        press(replay, "right")
    with pytest.raises(AssertionError, match="wider than 80"):
        _fits(_screen(replay, 100, 24), 80, 24)
    with pytest.raises(AssertionError, match="rows on a terminal of 24"):
        _fits(_screen(replay, 80, 40), 80, 24)
    rows = _screen(replay, 80, 24)
    with pytest.raises(AssertionError, match="the action cut"):
        _caption(replay, [rows[0][:50] + "…", *rows[1:]])
    with pytest.raises(AssertionError, match="a key cut"):
        _key_line(replay, [*rows[:-1], rows[-1][:20] + "…"], 80)
    press(replay, "a")
    press(replay, "a")
    rows = _screen(replay, 100, 30)
    _graph(graph_lines(analysis, 100, at=replay.index), rows, shown=True)
    with pytest.raises(AssertionError, match="a row of the graph cut"):
        _graph(graph_lines(analysis, 100, at=replay.index), [row[:78] for row in rows])
    with pytest.raises(AssertionError, match="a row of the graph cut"):  # one drawn for a wider screen
        _graph(graph_lines(analysis, 120, at=replay.index), rows, shown=True)
    graph = graph_lines(analysis, 100, at=replay.index)
    with pytest.raises(AssertionError, match="the graph is not on screen"):  # its title gone
        _graph(graph, [row for row in rows if row != graph[0]], shown=True)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_replays_application_shows_the_verdict_whole_on_the_terminal(language: str, width: int,
                                                                         height: int) -> None:
    """Through the replay's application, on a terminal of this size: y, three moves on, a, then m."""
    path, record = _saved("under way")
    keep_analysis(path, record, _analysis("under way"))
    replay = Replay(record, analysis=_analysis("under way"))
    screens: list[list[str]] = []

    async def script(k: Keys[int]) -> None:
        for key in ("y", "\x1b[C", "\x1b[C", "\x1b[C", "a", "m"):
            await k.keys(key)
            screens.append(k.rows())
        await k.keys("q")

    drive(lambda pipe, terminal: build_replay_app(replay, path=path, level="easy", input=pipe, output=terminal),
          script, columns=width, rows=height)
    for rows in screens:
        _fits(rows, width, height)
    with_verdict = screens[4]
    assert _flat(verdicts.turn_heading(replay.turn_of[2])) in _flat(with_verdict)
    assert all(row.rstrip() in with_verdict for row in fold(replay_key_line(), width))
    assert replay.message is not None and _flat(replay.message) in _flat(screens[5])


def _player_rows(rows: list[str], names: tuple[str, ...]) -> list[tuple[int, str, bool]]:
    """The players' rows on screen, top down: the row, whose, and whether `▶` marks it as the one to move."""
    found = []
    for i, row in enumerate(rows):
        for name in names:
            if row.startswith((f"▶ {name} (", f"  {name} (")):
                found.append((i, name, row.startswith("▶")))
    return found


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_each_players_row_stays_where_it_is_and_the_turn_is_marked(language: str, width: int, height: int) -> None:
    """The replay drew the table from the mover's side, so the two players' rows swapped places at every turn."""
    _path, record = _saved("under way")
    replay = Replay(record)
    press(replay, "y")
    orders = set()
    while True:
        game = replay.positions[replay.index]
        rows = _screen(replay, width, height)
        if not game.is_over:
            found = _player_rows(rows, record.players)
            assert [name for _, name, _ in found] and len(found) == 2, "\n".join(rows)
            orders.add(tuple(name for _, name, _ in found))
            assert [name for _, name, marked in found if marked] == [record.players[game.to_move]], "\n".join(rows)
        if replay.index == replay.last:
            break
        press(replay, "right")
    assert orders == {(record.players[1], record.players[0])}  # Ben's row on top, Anna's hand at the foot
