"""`famiglia analyse [ID|FILE]`: a saved game rated decision by decision, as text, JSON or a graph.

The analysis itself is data (`famiglia.ai.analysis.Analysis`), computed once and kept beside the game
(`famiglia.persistence.analyses`), so a second run, or the replay, reads it back at once. This module
finds the game, runs or loads the analysis, and draws it: one line per decision, the luck of the
draws, the totals per player, and the win chance over the game as a graph made of text that fits the
terminal's width (`graph_lines`, which the replay can show too). Plain text when piped; on a terminal
the same lines in colour and a progress bar while it runs. Whatever is wrong with the game, its id or
its saved analysis is one line on stderr, with exit status 2 for what cannot be analysed.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Final, TextIO

from famiglia.ai.analysis import DEFAULT_LEVEL, MARKS, VERSION, Analysis, Decision, analyse, mark
from famiglia.ai.evaluation import calibration
from famiglia.ai.moments import key_moments
from famiglia.ai.turnsearch import LEVELS
from famiglia.engine import Step
from famiglia.persistence import Record, Store, StoreError, printable
from famiglia.persistence.analyses import AnalysisFileError, analysis_key, analysis_path, save_analysis, saved_analyses

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["EXIT_BAD", "analyse_command", "analyse_record", "decisions_to_rate", "find_saved", "graph_lines",
           "keep_analysis", "key_moment_lines", "load_or_analyse", "report_lines", "saved_key"]

EXIT_OK: Final = 0
EXIT_BAD: Final = 2
SYMBOLS: Final = {"inaccurate": "~", "mistake": "?", "blunder": "!"}
GRAPH_ROWS: Final = 9


def _fail(message: str) -> int:
    print(f"famiglia: {printable(message, 400)}", file=sys.stderr)
    return EXIT_BAD


def _notice(message: str) -> None:
    print(f"famiglia: {printable(message, 400)}", file=sys.stderr)


def load_or_analyse(path: Path, record: Record, *, level: str | None = DEFAULT_LEVEL, jobs: int = 1,
                    progress: Callable[[int], None] | None = None,
                    on_total: Callable[[int], None] | None = None) -> Analysis:
    """The analysis of `record` (kept at `path`): the saved one of `level` (for None, the one `find_saved` finds
    of any level), else one made now at `level` (the default level for None).

    A new analysis is saved beside the game, with the other levels' analyses kept. A saved analysis that
    cannot be read is reported on stderr and left as it is (the new one is not saved over it); so is a
    folder that cannot be written. `on_total(n)` says how many decisions a new analysis will rate,
    before `progress` counts them.
    """
    keep = True
    try:
        saved = find_saved(path, record, level)
    except AnalysisFileError as error:
        _notice(f"{error}; analysing the game again (the file is left as it is)")
        saved, keep = None, False
    if saved is not None:
        return saved
    if on_total is not None:
        on_total(decisions_to_rate(record))
    analysis = analyse_record(record, level=level or DEFAULT_LEVEL, jobs=jobs, progress=progress)
    if keep:
        try:
            keep_analysis(path, record, analysis)
        except AnalysisFileError as error:
            _notice(f"the analysis is not saved: {error}")
    return analysis


def find_saved(path: Path, record: Record, level: str | None = None) -> Analysis | None:
    """The analysis of `record` saved beside it at `path`: the one of `level`, or, for None, of any level, the
    default level's first, then the deepest; None if none is saved for this game as it is now.

    Raises `AnalysisFileError`, its message one line, for a file that cannot be read, or a saved analysis
    of this game that cannot be read or does not fit the game (a field edited by hand, say).
    """
    where = analysis_path(path)
    saved = {entry.key: entry.analysis for entry in saved_analyses(where)}
    others = [name for name in reversed(LEVELS) if name != DEFAULT_LEVEL]
    for name in [level] if level is not None else [DEFAULT_LEVEL, *others]:
        data = saved.get(saved_key(record, name))
        if data is None:
            continue
        try:
            analysis = Analysis.from_dict(data)
        except (ValueError, KeyError, TypeError) as error:
            raise AnalysisFileError(f"{where.name}: the saved analysis at level {name} cannot be read "
                                    f"({printable(str(error), 120)})") from None
        misfit = _misfit(analysis, record, name)
        if misfit is not None:
            raise AnalysisFileError(f"{where.name}: the saved analysis at level {name} does not fit its game "
                                    f"({misfit})")
        return analysis
    return None


def _misfit(analysis: Analysis, record: Record, level: str) -> str | None:
    """What in `analysis` contradicts the game it is filed under (its key), or None: every decision must be the
    record's action by its player in its turn, every draw one of those decisions', every mark its loss's."""
    moves = record.moves
    if analysis.level != level or analysis.players != record.players or analysis.seed != record.seed:
        return "its level, players or deal are another game's"
    if analysis.finished != record.game().is_over or len(analysis.decisions) != len(moves):
        return "it rates another number of decisions"
    if len(analysis.chances) != len(moves) + 1:
        return "it holds another number of chances"
    turn = 1
    for k, (d, move) in enumerate(zip(analysis.decisions, moves, strict=True)):
        if (d.move, d.turn, d.player, d.action) != (k, turn, move.player, str(move.action)):
            return f"decision {k + 1} is not the game's action {k + 1}"
        if d.mark != mark(d.loss) or (d.forced and d.loss):
            return f"decision {k + 1} is marked otherwise than its loss"
        chance = d.before if d.player == 0 else 1.0 - d.before
        if not math.isclose(analysis.chances[k], chance, abs_tol=1e-9):
            return f"the chance before decision {k + 1} is not the decision's"
        turn += move.action.step is Step.TAKE
    for x in analysis.luck:
        decided = analysis.decisions[x.move] if 0 <= x.move < len(moves) else None
        if decided is None or (x.turn, x.player) != (decided.turn, decided.player):
            return "a draw is not after a decision of the game"
    return None


def decisions_to_rate(record: Record) -> int:
    """How many decisions an analysis of `record` rates: every action, and the position now of an unfinished game."""
    return len(record.moves) + (0 if record.game().is_over else 1)


def analyse_record(record: Record, *, level: str = DEFAULT_LEVEL, jobs: int = 1,
                   progress: Callable[[int], None] | None = None) -> Analysis:
    """The analysis of `record` made now, as `famiglia analyse` makes it (the seeds derive from the game's own).

    The one place a record becomes an analysis, so the replay's `a` and `famiglia analyse` agree figure
    for figure; `progress(n)` is called as n more decisions are done (an exception it raises stops it).
    """
    moves = [(m.player, str(m.action)) for m in record.moves]
    return analyse(record.start, record.seed, moves, record.players, level=level, jobs=jobs, progress=progress)


def keep_analysis(path: Path, record: Record, analysis: Analysis) -> None:
    """Save `analysis` beside the record at `path`, where `load_or_analyse` and the replay find it, keeping the
    analyses saved there at other levels that are still of this game.

    Raises `AnalysisFileError` (its message one line) if it cannot be written, or the record is gone.
    """
    current = {saved_key(record, name): name for name in LEVELS}
    save_analysis(path, saved_key(record, analysis.level), analysis.to_dict(), level=analysis.level, keep=current)


def saved_key(record: Record, level: str) -> str:
    """The key a saved analysis of `record` at `level` is filed under, by this version's analysis and chances."""
    return analysis_key(record, level, VERSION, calibration(level))


# -- the command --------------------------------------------------------------------------------------------------


def analyse_command(target: str | None, *, level: str = DEFAULT_LEVEL, jobs: int = 1, as_json: bool = False,
                    out: TextIO | None = None) -> int:
    """`famiglia analyse [ID|FILE] [--level L] [--jobs N] [--json]`: see the module docstring.

    The JSON holds the game's seed only once the game is over: before, `Game.new(seed)` would deal its
    draw stack to anyone who reads it (R12).
    """
    out = sys.stdout if out is None else out
    try:
        path, record, _ = Store().locate(target)
    except StoreError as error:
        return _fail(str(error))
    analysis = _analysed(path, record, level=level, jobs=jobs)
    if as_json:
        data = {"game": record.id, **analysis.to_dict()}
        if not record.game().is_over:
            del data["seed"]  # R12.2
        out.write(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        return EXIT_OK
    return _show(out, record, analysis, colour=None)


def show_analysis(path: Path, record: Record, *, level: str | None = None, out: TextIO | None = None,
                  colour: bool | None = None) -> int:
    """The end screen's a and the home screen's: the game's analysis shown, paged on a terminal: the one saved
    (of `level`; by default of any level, the default level's first), else one made now (at the default level
    unless told) and kept beside the game, so `famiglia analyse` and the replay have it at once. In colour
    unless `colour` is False, as the screen it is asked from (None: as the terminal's environment says)."""
    out = sys.stdout if out is None else out
    try:
        analysis = _analysed(path, record, level=level, jobs=1)
    except KeyboardInterrupt:  # Ctrl-C while it runs: the game is saved, 'famiglia analyse' can go on later
        print(f"famiglia: analysis stopped; 'famiglia analyse {record.id}' starts it again", file=sys.stderr)
        return EXIT_OK
    return _show(out, record, analysis, colour=colour)


def _show(out: TextIO, record: Record, analysis: Analysis, *, colour: bool | None) -> int:
    """The analysis as text: plain when piped; on a terminal in colour and paged, so that the graph at its top
    is not scrolled away (`famiglia analyse` and the end screen's a show it the same way)."""
    if not out.isatty():
        out.write("\n".join(report_lines(record, analysis, width=100)) + "\n")
        return EXIT_OK
    from rich.console import Console

    from famiglia.paging import paged

    console = Console(file=out, no_color=None if colour is None else not colour)
    with paged(console):
        _print_rich(out, record, analysis, console=console)
    return EXIT_OK


def _analysed(path: Path, record: Record, *, level: str | None, jobs: int) -> Analysis:
    """The game's analysis, saved or worked out now, with a progress bar on a terminal."""
    if sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import Progress

        with Progress(console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(f"analysing game {printable(record.id, 20)}", total=None)
            return load_or_analyse(path, record, level=level, jobs=jobs,
                                   progress=lambda n: bar.advance(task, n),
                                   on_total=lambda n: bar.update(task, total=n))
    return load_or_analyse(path, record, level=level, jobs=jobs)


def _print_rich(out: TextIO, record: Record, analysis: Analysis, *, console: Console | None = None) -> None:
    from rich.console import Console
    from rich.text import Text

    console = Console(file=out, highlight=False) if console is None else console
    styles = {"inaccurate": "yellow", "mistake": "red", "blunder": "bold red"}
    for line in report_lines(record, analysis, width=console.width):
        text = Text(line)
        for word, style in styles.items():
            text.highlight_words([f"{SYMBOLS[word]} {word}"], style=style)
        console.print(text)


# -- the text --------------------------------------------------------------------------------------------------------


def _count(n: int, word: str) -> str:
    """`1 turn`, `3 turns`."""
    return f"{n} {word if n == 1 else word + 's'}"


def _points(chance: float) -> str:
    return f"{chance * 100:.0f}%"


def _signed(swing: float) -> str:
    value = round(swing * 100)
    return f"{value:+d}" if value else "0"


def report_lines(record: Record, analysis: Analysis, *, width: int = 100) -> list[str]:
    """The analysis as plain lines: a title, the graph, one line per decision, the luck, the totals."""
    names = analysis.players
    state = "finished" if analysis.finished else "unfinished"
    thresholds = ", ".join(f"{word} ≥ {threshold * 100:.0f}" for word, threshold in MARKS)
    turns = _count(sum(1 for d in analysis.decisions if d.action.startswith(("take", "pass"))), "turn")
    lines = [
        f"Analysis of game {printable(record.id, 20)}: {printable(names[0], 40)} and {printable(names[1], 40)} "
        f"({state}, {turns}), level "
        f"{analysis.level} ({analysis.iterations} sampled worlds a decision; chances {analysis.against})",
        f"Chances are each player's chance to win, in %; a loss is the points of chance given away "
        f"({thresholds}).",
        "",
        *key_moment_lines(record, analysis, width),
        *graph_lines(analysis, width),
        "",
    ]
    lines += _table_lines(analysis, width)
    lines += ["", "Luck of the draws (points of chance the cards gave the player whose turn it was):"]
    if not analysis.luck:
        lines.append("  no cards were drawn")
    for x in analysis.luck:
        what = {"refresh": "refresh drew", "deal": "new Street", "reshuffle": "reshuffle, drew"}[x.kind]
        lines.append(f"  turn {x.turn:>3}  {printable(names[x.player], 20)}: {what} {' '.join(x.drawn)}: "
                     f"{_points(x.expected)} -> {_points(x.after)} ({_signed(x.swing)})")
    lines += ["", "Totals:"]
    for p in (0, 1):
        t = analysis.totals[p]
        lines.append(f"  {printable(names[p], 40)}: {_count(t.rated, 'rated decision')} ({t.decisions - t.rated} "
                     f"forced), {_count(round(t.error_total * 100), 'point')} lost in all, {t.error_rate * 100:.1f} a "
                     f"decision; {t.inaccurate} inaccurate, {_count(t.mistakes, 'mistake')}, "
                     f"{_count(t.blunders, 'blunder')}; luck "
                     f"{_signed(t.luck)} (refreshes {_signed(t.luck_refresh)}, new Streets {_signed(t.luck_deal)}, "
                     f"reshuffles {_signed(t.luck_reshuffle)})")
    return lines


def key_moment_lines(record: Record, analysis: Analysis, width: int = 100) -> list[str]:
    """The key moments (`famiglia.ai.moments`), the turns where the game turned, each in one sentence,
    wrapped to `width` under its own turn (a line run on into the first column would read as a turn)."""
    import textwrap

    try:
        views = [game.view(None) for game in record.games()]
    except ValueError:  # a record that no longer replays has no moments to tell
        return []
    moments = key_moments(analysis, views)
    if not moments:
        return []
    lines = ["Key moments (the moves that changed the chances most):"]
    for m in moments:
        lines += textwrap.wrap(m.words, width=max(40, width), initial_indent=f"  turn {m.turn:>3}  ",
                               subsequent_indent=" " * 12)
    return [*lines, ""]


def _table_lines(analysis: Analysis, width: int) -> list[str]:
    """One row per decision: turn, player, played, its chance, the loss and its mark, and the best instead.

    Where a row would not fit `width` (80 columns, a long action), the best instead goes on a line of its
    own under the played action, so nothing wraps to the first column where it would read as a turn.
    """
    names = analysis.players
    head = ("turn", "player", "played", "chance", "loss", "", "best instead")
    rows = [_decision_row(d, names) for d in analysis.decisions]
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]
    inline = sum(widths) + 2 * (len(widths) - 1) <= width
    shown = head if inline else (*head[:-1], "")
    lines = []
    for r in [shown, *rows]:
        cells = [r[0].rjust(widths[0]), r[1].ljust(widths[1]), r[2].ljust(widths[2]), r[3].rjust(widths[3]),
                 r[4].rjust(widths[4]), r[5].ljust(widths[5])]
        if inline:
            cells.append(r[6])
        lines.append("  ".join(cells).rstrip())
        if not inline and r[6] and r is not shown:
            indent = widths[0] + widths[1] + 4
            lines.append(f"{' ' * indent}instead: {r[6]}")
    return lines


def _decision_row(d: Decision, names: tuple[str, str]) -> tuple[str, str, str, str, str, str, str]:
    """The cells of one decision's row. The loss is the difference of the two chances as the row shows them
    (39% against 31% is a loss of 8), and a best instead is shown only where it is better than the played."""
    best, loss = "", ""
    played, better = round(d.played_chance * 100), round(d.best_chance * 100)
    if d.forced:
        best = "(the only action allowed)"
    elif d.action != d.best and better > played:
        best, loss = f"{d.best} ({better}%)", str(better - played)
    word = f"{SYMBOLS[d.mark]} {d.mark}" if d.mark else ""
    return (str(d.turn), printable(names[d.player], 20), d.action, f"{played}%", loss, word, best)


def graph_lines(analysis: Analysis, width: int, *, at: int | None = None) -> list[str]:
    """The first player's chance to win over the game, drawn in text `width` columns wide (at least 30).

    One column per stretch of moves; the curve is drawn with • between 0% (bottom) and 100% (top), the
    50% line with ·. Under it, a row per player marks their inaccurate (~), mistaken (?) and blundered (!)
    decisions at the moment they were made. With `at` (a position: the number of moves played), a row
    under the marks points at that moment with ▲, as the replay shows the position on screen.
    """
    names = analysis.players
    chances = analysis.chances
    shown = [printable(n, max(6, min(20, width // 4))) for n in names]  # "Computer (normal)" whole at 80 columns
    left = max(5, max(len(n) for n in shown) + 1)
    columns = max(10, width - left - 2)
    moves = max(1, len(chances))

    def column(i: int) -> int:
        return 0 if moves <= 1 else round(i * (columns - 1) / (moves - 1))

    values: list[float | None] = [None] * columns
    for i, c in enumerate(chances):
        values[column(i)] = c
    last = 0.5
    for i, v in enumerate(values):  # a column no move fell into carries the one before it
        if v is None:
            values[i] = last
        else:
            last = v
    grid = [[" "] * columns for _ in range(GRAPH_ROWS)]
    middle = GRAPH_ROWS // 2
    for x in range(columns):
        grid[middle][x] = "·"
    for x, v in enumerate(values):
        assert v is not None
        row = min(GRAPH_ROWS - 1, int(v * GRAPH_ROWS))
        grid[GRAPH_ROWS - 1 - row][x] = "•"
    marks = [[" "] * columns, [" "] * columns]
    rank = {"~": 1, "?": 2, "!": 3}
    for d in analysis.decisions:
        if d.mark:
            x = column(d.move)
            symbol = SYMBOLS[d.mark]
            if rank.get(marks[d.player][x], 0) < rank[symbol]:
                marks[d.player][x] = symbol
    title = f"{printable(names[0], 30)}'s chance to win over the game (the rest is {printable(names[1], 30)}'s)"
    lines = [title if len(title) <= width else f"{title[: width - 1]}…"]
    for r, cells in enumerate(grid):
        percent = {0: "100%", middle: "50%", GRAPH_ROWS - 1: "0%"}.get(r, "")
        lines.append(f"{percent.rjust(left)} │{''.join(cells)}".rstrip())
    lines.append(f"{'':>{left}} └{'─' * columns}")
    for p in (0, 1):
        lines.append(f"{shown[p].rjust(left)}  {''.join(marks[p])}".rstrip())
    if at is not None:
        x = column(max(0, min(moves - 1, at)))
        here = "▲ on screen"
        lines.append(f"{'':>{left}}  {' ' * x}{here}" if x + len(here) <= columns
                     else f"{'':>{left}}  {'on screen ▲'.rjust(x + 1)}")
    turns = max((d.turn for d in analysis.decisions), default=1)
    axis = f"turn 1{f'turn {turns}'.rjust(columns - 6)}" if columns > 16 else "turns"
    lines.append(f"{'':>{left}}  {axis}")
    lines.append(f"{'':>{left}}  ~ inaccurate  ? mistake  ! blunder")
    return lines

