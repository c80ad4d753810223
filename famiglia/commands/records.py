"""The saved-games commands: `famiglia games`, `log`, `replay`, `resume` and `play --load`.

Each finds a record (by its id in the data directory, or a file), reads it by replaying it through
the engine, and either prints it or puts it on the screen. Whatever is wrong with a record, an id or
the data directory is one line on stderr naming the file and the fault, with exit status 2; no record
is ever changed by reading it. Tables are drawn with rich on a terminal and as plain text when piped.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Final, TextIO

from rich.console import Console
from rich.table import Table
from rich.text import Text

from famiglia.engine import Game, Step
from famiglia.persistence import Record, Store, StoreError, Turn, path_as_given, printable
from famiglia.tui.model.home.settings import Settings, for_resume
from famiglia.tui.view.theme import THEME

if TYPE_CHECKING:
    from famiglia.ai.analysis import Analysis

__all__ = ["EXIT_BAD_RECORD", "game_state", "games", "locate", "log", "log_lines", "play_file", "replay", "resume",
           "saved_analysis"]

EXIT_OK: Final = 0
EXIT_BAD_RECORD: Final = 2


def _fail(message: str) -> int:
    print(f"famiglia: {printable(message, 400)}", file=sys.stderr)
    return EXIT_BAD_RECORD


def locate(target: str | None, store: Store, *, unfinished: bool = False) -> tuple[Path, Record, bool]:
    """The record `target` names (an id, or a file), or the latest one; and whether it lives in `store`.

    Without a target: the unfinished game saved last if `unfinished`, else the game saved last. The
    store decides what is an id and which files are its own (`Store.locate`). Raises `StoreError` with
    the line to print.
    """
    return store.locate(target, unfinished=unfinished)


# -- famiglia games -------------------------------------------------------------------------------------------------


def game_state(game: Game) -> str:
    """Whose turn it is, or how the game ended, in a few words."""
    result = game.result()
    if result is None:
        return f"{game.names[game.to_move]} to move"
    if result.winner is None:
        return f"draw {result.scores[0]}–{result.scores[1]}"
    w = result.winner
    return f"{game.names[w]} won {result.scores[w]}–{result.scores[1 - w]}"  # the winner's score first


def _started(record: Record) -> str:
    return record.started.replace("T", " ")[:16]


def games(*, out: TextIO | None = None) -> int:
    """`famiglia games`: the saved games, newest first; a file that cannot be read is named on stderr."""
    out = sys.stdout if out is None else out
    store = Store()
    try:
        entries = store.entries()
    except StoreError as error:
        return _fail(str(error))
    rows = []
    problems = []
    for entry in entries:
        if entry.record is None:
            problems.append(entry.problem or entry.path.name)
            continue
        record = entry.record
        rows.append((record.id, f"{record.players[0]}, {record.players[1]}", _started(record),
                     str(record.turn_count), game_state(record.game())))
    for problem in problems:
        _fail(problem)
    if not rows:
        if not problems:
            print(f"No saved games yet (they are kept in {store.root}).", file=out)
        return EXIT_BAD_RECORD if problems else EXIT_OK
    head = ("id", "players", "started (UTC)", "turns", "state")
    if out.isatty():
        table = Table(*head, box=None, header_style="heading", pad_edge=False)
        table.columns[3].justify = "right"
        for row in rows:
            table.add_row(*(Text(cell) for cell in row))  # names are text, never markup
        Console(file=out, theme=THEME, highlight=False).print(table)
    else:
        _plain(out, head, rows, right=(3,))
    return EXIT_BAD_RECORD if problems else EXIT_OK


def _plain(out: TextIO, head: Sequence[str], rows: Sequence[Sequence[str]], *, right: Sequence[int] = ()) -> None:
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(len(head))]
    for row in (head, *rows):
        cells = [c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))]
        print("  ".join(cells).rstrip(), file=out)


# -- famiglia log -------------------------------------------------------------------------------------------------


def _turn_line(record: Record, turn: Turn) -> tuple[str, str, str, str]:
    names = record.players
    points = f"{names[0]} {turn.points[0]} · {names[1]} {turn.points[1]}"
    return str(turn.number), names[turn.player], ", ".join(str(a) for a in turn.actions), points


def _ending(record: Record, game: Game) -> list[str]:
    result = game.result()
    if result is None:
        under_way = " (a turn is under way)" if record.moves and record.moves[-1].action.step is not Step.TAKE else ""
        return [f"Not finished: {game.names[game.to_move]} to move{under_way}."]
    names = record.players
    if result.winner is None:
        lines = [f"Result: a draw at {result.scores[0]} each ({result.reason})."]
    else:
        w = result.winner
        lines = [f"Result: {names[w]} wins, {result.scores[w]} to {result.scores[1 - w]} ({result.reason})."]
    if result.tiebreak:
        lines.append(f"Tie-break: {result.tiebreak}.")
    return lines


def log_lines(record: Record) -> list[str]:
    """The game as plain text: a title, one numbered line per turn, and the result."""
    rows = [_turn_line(record, t) for t in record.turns()]
    lines = [_title(record)]
    if rows:
        widths = [max(len(r[i]) for r in rows) for i in range(3)]
        for number, who, actions, points in rows:
            lines.append(f"{number.rjust(widths[0])}  {who.ljust(widths[1])}  {actions.ljust(widths[2])}  {points}")
    else:
        lines.append("No action yet.")
    return [*lines, *_ending(record, record.game())]


def _title(record: Record) -> str:
    """The log's title; the seed only of a finished game (before, it would tell the draw stack, R12.2)."""
    seed = f"seed {record.seed}, " if record.game().is_over else ""
    return (f"Game {record.id}: {record.players[0]} and {record.players[1]}, started {_started(record)} UTC, "
            f"{seed}{record.players[record.start_player]} first")


def log(target: str | None, *, out: TextIO | None = None) -> int:
    """`famiglia log [ID|FILE]`: the game's turns, one line each, and its result."""
    out = sys.stdout if out is None else out
    try:
        _, record, _ = locate(target, Store())
    except StoreError as error:
        return _fail(str(error))
    if not out.isatty():
        out.write("\n".join(log_lines(record)) + "\n")
        return EXIT_OK
    console = Console(file=out, theme=THEME, highlight=False)
    console.print(_title(record), style="title", markup=False)
    table = Table("turn", "player", "actions", "points after", box=None, header_style="heading", pad_edge=False)
    table.columns[0].justify = "right"
    for turn in record.turns():
        table.add_row(*(Text(cell) for cell in _turn_line(record, turn)))  # names are text, never markup
    console.print(table)
    for line in _ending(record, record.game()):
        console.print(line, markup=False)
    return EXIT_OK


# -- famiglia replay, resume, play --load ------------------------------------------------------------------------


def replay(target: str | None, *, level: str | None = None) -> int:
    """`famiglia replay [ID|FILE] [--level L]`: step through the game with both hands open.

    `a` shows the saved analysis, or, with none, analyses the game in the background at `level`
    (`famiglia analyse`'s default) and saves it beside the game.
    """
    try:
        path, record, _ = locate(target, Store())
    except StoreError as error:
        return _fail(str(error))
    from famiglia.ai.analysis import DEFAULT_LEVEL
    from famiglia.tui.shell.replay import run_replay

    analysis, note = saved_analysis(path, record)
    return run_replay(record, analysis=analysis, note=note, path=path, level=level or DEFAULT_LEVEL)


def analysis(target: str | None, *, level: str | None = None) -> int:
    """The home screen's a on a game: its analysis, made first if none is saved, paged as the end screen's is."""
    try:
        path, record, _ = locate(target, Store())
    except StoreError as error:
        return _fail(str(error))
    from famiglia.ai.analysis import DEFAULT_LEVEL
    from famiglia.analysis_cli import show_analysis

    return show_analysis(path, record, level=level or DEFAULT_LEVEL)


def saved_analysis(path: Path, record: Record) -> tuple[Analysis | None, str | None]:
    """The analysis saved beside the game at `path`, if one fits it (at any level), and why a saved one does not.

    A file that cannot be read as an analysis is left as it is; the replay says so in one line and goes on.
    """
    from famiglia.ai.analysis import Analysis
    from famiglia.ai.turnsearch import LEVELS
    from famiglia.analysis_cli import saved_key
    from famiglia.persistence.analyses import AnalysisFileError, analysis_path, load_analysis

    for level in LEVELS:
        try:
            saved = load_analysis(analysis_path(path), saved_key(record, level))
            if saved is not None:
                return Analysis.from_dict(saved), None
        except AnalysisFileError as error:
            return None, f"{printable(str(error), 120)}; the replay goes on without it"
        except (ValueError, KeyError, TypeError, AttributeError):
            return None, f"{analysis_path(path).name}: the saved analysis cannot be read; the replay goes on without it"
    return None, None


def resume(target: str | None, *, settings: Settings | None = None, memory_aid: bool | None = None,
           confirm: bool | None = None) -> int:
    """`famiglia resume [ID]`: play a saved game on (the unfinished one saved last, without an id).

    It plays on with the memory aid and confirming the record keeps; `memory_aid` and `confirm`, when
    given, win for this sitting, and `settings` (the remembered ones) stand in for what the record does
    not keep.
    """
    return _play(target, Options(settings, memory_aid, confirm), unfinished=True)


def play_file(path: str, *, settings: Settings | None = None, memory_aid: bool | None = None,
              confirm: bool | None = None) -> int:
    """`famiglia play --load FILE`: play the game of a record file on; a file from elsewhere is saved anew.

    The settings it plays on with are chosen as `resume` chooses them.
    """
    return _play(path, Options(settings, memory_aid, confirm), file=True)


@dataclass(frozen=True, slots=True)
class Options:
    """What playing a saved game on was told: the remembered settings and the options given (None: not given)."""

    settings: Settings | None = None
    memory_aid: bool | None = None
    confirm: bool | None = None

    def for_record(self, record: Record) -> dict[str, bool]:
        """The sitting's settings for `record`: option, then the record's, then the remembered settings."""
        memory_aid, confirm = for_resume(self.settings or Settings(), record.sitting.given(),
                                         memory_aid=self.memory_aid, confirm=self.confirm)
        return {"memory_aid": memory_aid, "confirm": confirm}


def _play(target: str | None, options: Options, *, unfinished: bool = False, file: bool = False) -> int:
    from famiglia.tui.model.saving import resume_session
    from famiglia.tui.shell.app import run_play

    store = Store()
    try:
        if file:
            assert target is not None
            own, record = store.adopt(Path(target))  # a file that leads to a game of ours plays it on, in its file
            path, ours = (own, True) if own is not None else (Path(target), False)
        else:
            path, record, ours = locate(target, store, unfinished=unfinished)
    except StoreError as error:
        return _fail(str(error))
    try:
        session = resume_session(record, store=store, path=path if ours else None, **options.for_record(record))
    except StoreError as error:
        return _fail(f"{path.name if ours else path_as_given(path)}: {error}")
    return run_play(session=session)
