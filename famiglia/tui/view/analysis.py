"""A game's analysis as text: one line per decision, the luck of the draws, the turns passing, the totals, a graph.

The analysis is data (`famiglia.ai.analysis.Analysis`); these lines are its one text form, which
`famiglia analyse` prints (plain when piped, in colour on a terminal), the end screen's a pages, and the
replay shows the graph of (`graph_lines`, with the position on screen pointed at), in text that fits
the width it is given.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from famiglia.ai.analysis import MARKS, Analysis, Decision, shown_change
from famiglia.ai.attribution import Shift, shifts
from famiglia.ai.levels import LEVELS
from famiglia.ai.moments import key_moments
from famiglia.persistence import Record, printable
from famiglia.phrasebook import chances, verdicts
from famiglia.phrasebook.catalogue import _, ngettext
from famiglia.phrasebook.table import level_name
from famiglia.profile.seats import level_of

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["SYMBOLS", "graph_lines", "key_moment_lines", "percent", "print_report", "report_lines"]

SYMBOLS: Final = {"inaccurate": "~", "mistake": "?", "blunder": "!"}
GRAPH_ROWS: Final = 9


def print_report(console: Console, record: Record, analysis: Analysis) -> None:
    """The report's lines printed on `console`, each decision's mark in its colour."""
    from rich.text import Text

    styles = {"inaccurate": "yellow", "mistake": "red", "blunder": "bold red"}
    for line in report_lines(record, analysis, width=console.width):
        text = Text(line)
        for word, style in styles.items():
            text.highlight_words([f"{SYMBOLS[word]} {verdicts.mark(word)}"], style=style)
        console.print(text)


def percent(value: int | str) -> str:
    """A chance in percent, as the player's language writes it ("45%", German "45 %")."""
    return _("{percent}%").format(percent=value)


def _points(chance: float) -> str:
    return percent(f"{chance * 100:.0f}")


def _signed(points: int) -> str:
    return f"{points:+d}" if points else "0"


def _exact(level: str) -> bool:
    """Whether the search of `level` tells the exact solver's value where it reaches (docs/ai.md)."""
    known = LEVELS.get(level)
    return known is not None and known.tells.endgame


def report_lines(record: Record, analysis: Analysis, *, width: int = 100) -> list[str]:
    """The analysis as plain lines: a title, the key moments, the graph, one line per decision, the luck, the turns
    passing to the other seat, the totals."""
    names = analysis.players
    turns = sum(1 for d in analysis.decisions if d.action.startswith(("take", "pass")))
    lines = [
        *_wrapped(verdicts.title(printable(record.id, 20), printable(names[0], 40), printable(names[1], 40),
                                 finished=analysis.finished, turns=turns, level=level_name(str(analysis.level)),
                                 worlds=analysis.iterations, against=chances.against(analysis.level)), width),
        *_wrapped(verdicts.legend(list(MARKS), exact=_exact(analysis.level)), width),
        *_other_level(record, analysis, width),
        *_takeback_lines(record, width),
        "",
        *key_moment_lines(record, analysis, width),
        *graph_lines(analysis, width),
        "",
    ]
    passing = [x for x in shifts(analysis) if x.cause == "turn"]
    return [*lines, *_table_lines(analysis, width), "", *_luck_lines(analysis, width), "",
            *_turn_lines(analysis, passing, width), "", *_totals_lines(analysis, passing, width)]


def _takeback_lines(record: Record, width: int) -> list[str]:
    """How many turns were taken back against the computer: each decision below is of the turn as played at last."""
    n = len(record.takebacks)
    if not n:
        return []
    said = ngettext("This game had {n} takeback: the decisions below are the ones played after it.",
                    "This game had {n} takebacks: the decisions below are the ones played after them.", n)
    return _wrapped(said.format(n=n), width)


def _luck_lines(analysis: Analysis, width: int) -> list[str]:
    """The luck of every draw, each under its own turn."""
    lines = _wrapped(verdicts.luck_title(), width)
    if not analysis.luck:
        lines += _wrapped(verdicts.no_draws(), width, "  ")
    for x in analysis.luck:
        said = verdicts.luck_line(printable(analysis.players[x.player], 20), x.kind, " ".join(x.drawn),
                                  _points(x.expected), _points(x.after), _signed(shown_change(x.expected, x.after)))
        turn = f"  {_turn_cell(x.turn)}  "
        lines += _wrapped(said, width, turn, " " * len(turn))  # under its own turn, never in the turns' column
    return lines


def _turn_lines(analysis: Analysis, passing: Sequence[Shift], width: int) -> list[str]:
    """Every turn passing to the other seat (`famiglia.ai.attribution`), under the turn that began: the chance of
    the player whose turn ended, as its move left it and as the other seat's search tells it."""
    names = analysis.players
    lines = _wrapped(verdicts.turns_title(), width)
    if not passing:
        lines += _wrapped(verdicts.no_turns(), width, "  ")
    for x in passing:
        ended = 1 - x.seat
        before, after = x.chances(ended)
        said = verdicts.turn_line(printable(names[x.seat], 20), printable(names[ended], 20), _points(before),
                                  _points(after), _signed(shown_change(before, after)))
        turn = f"  {_turn_cell(x.turn)}  "
        lines += _wrapped(said, width, turn, " " * len(turn))
    return lines


def _totals_lines(analysis: Analysis, passing: Sequence[Shift], width: int) -> list[str]:
    """Each player's totals, each the sum of the rows and lines above it, as they show their points: the losses of
    its decisions, the luck of its draws, and the other seat's turns as they began after its own."""
    lines = _wrapped(verdicts.totals_title(), width)
    for p in (0, 1):
        t = analysis.totals[p]
        lost = sum(d.points_lost for d in analysis.decisions if d.player == p)

        def luck(kind: str | None, p: int = p) -> str:
            return _signed(sum(shown_change(x.expected, x.after) for x in analysis.luck
                               if x.player == p and kind in (None, x.kind)))

        others = _signed(sum(shown_change(*x.chances(p)) for x in passing if x.seat != p))
        lines += _wrapped(verdicts.totals(
            printable(analysis.players[p], 40), rated=t.rated, forced=t.decisions - t.rated, lost_points=lost,
            rate=lost / t.rated if t.rated else 0.0, inaccurate=t.inaccurate, mistakes=t.mistakes,
            blunders=t.blunders, luck=luck(None), refreshes=luck("refresh"), deals=luck("deal"),
            reshuffles=luck("reshuffle"), others=others), width, "  ", "    ")
    return lines


def _other_level(record: Record, analysis: Analysis, width: int) -> list[str]:
    """A line where the game was against the computer at another level than the analysis's: the hints told
    that level's chances, so the player is told how to see the game rated at it (two places, one number)."""
    levels = {level for seat in record.seats if (level := level_of(seat)) is not None}
    if len(levels) != 1 or analysis.level in levels:
        return []
    (level,) = levels
    return _wrapped(verdicts.other_level(chances.against(level), level), width)


def _wrapped(text: str, width: int, first: str = "", then: str = "") -> list[str]:
    """`text` as lines of at most `width` columns (at least 20), the first after `first`, the others after
    `then`; a sentence is broken between words, never cut."""
    return textwrap.wrap(text, width=max(20, width), initial_indent=first, subsequent_indent=then,
                         break_long_words=False, break_on_hyphens=False) or [first.rstrip()]


def _turn_cell(turn: int) -> str:
    """A turn number where a line starts, right-aligned under its heading: "turn   7"."""
    return verdicts.turn_axis(turn, cells=3)


def key_moment_lines(record: Record, analysis: Analysis, width: int = 100) -> list[str]:
    """The key moments (`famiglia.ai.moments`), the turns where the game turned, each in one sentence,
    wrapped to `width` under its own turn (a line run on into the first column would read as a turn)."""
    try:
        views = [game.view(None) for game in record.games()]
    except ValueError:  # a record that no longer replays has no moments to tell
        return []
    moments = key_moments(analysis, views)
    if not moments:
        return []
    lines = [verdicts.key_moments()]
    for m in moments:
        lines += textwrap.wrap(m.words, width=max(40, width), initial_indent=f"  {_turn_cell(m.turn)}  ",
                               subsequent_indent=" " * 12)
    return [*lines, ""]


def _table_lines(analysis: Analysis, width: int) -> list[str]:
    """One row per decision: turn, player, played, its chance, the loss and its mark, and the best instead.

    Where a row would not fit `width` (80 columns, a long action), the best instead goes on a line of its
    own under the played action, so nothing wraps to the first column where it would read as a turn.
    """
    names = analysis.players
    head = verdicts.columns()
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
            lines.append(f"{' ' * indent}{verdicts.instead(r[6])}")
    return lines


def _decision_row(d: Decision, names: tuple[str, str]) -> tuple[str, str, str, str, str, str, str]:
    """The cells of one decision's row. The loss is the difference of the two chances as the row shows them
    (39% against 31% is a loss of 8), and a best instead is shown only where it is better than the played."""
    best, loss = "", ""
    played, better = round(d.played_chance * 100), round(d.best_chance * 100)
    if d.forced:
        best = verdicts.only_action()
    elif d.points_lost:
        best, loss = f"{d.best} ({percent(better)})", str(d.points_lost)
    word = f"{SYMBOLS[d.mark]} {verdicts.mark(d.mark)}" if d.mark else ""
    return (str(d.turn), printable(names[d.player], 20), d.action, percent(played), loss, word, best)


def graph_lines(analysis: Analysis, width: int, *, at: int | None = None) -> list[str]:
    """The first player's chance to win over the game, drawn in text `width` columns wide (at least 30).

    One column per stretch of moves; the curve is drawn with • between 0% (bottom) and 100% (top), the
    50% line with ·. Under it, a row per player marks their inaccurate (~), mistaken (?) and blundered (!)
    decisions at the moment they were made. With `at` (a position: the number of moves played), a row
    under the marks points at that moment with ▲, as the replay shows the position on screen.
    """
    names = analysis.players
    shown = [printable(n, max(6, min(20, width // 4))) for n in names]  # "Computer (normal)" whole at 80 columns
    left = max(5, max(len(n) for n in shown) + 1)
    columns = max(10, width - left - 2)
    moves = max(1, len(analysis.chances))

    def column(i: int) -> int:
        return 0 if moves <= 1 else round(i * (columns - 1) / (moves - 1))

    title = verdicts.chance_over_the_game(printable(names[0], 30), printable(names[1], 30), each=bool(analysis.second))
    lines = _wrapped(title, width)  # its names whole: a long one puts the rest of the title on a second row
    second = _curve(analysis.second, columns, column) if analysis.second else None
    lines += _plot_lines(_curve(analysis.chances, columns, column), left, second)
    lines.append(f"{'':>{left}} └{'─' * columns}")
    for p, marks in enumerate(_mark_rows(analysis, columns, column)):
        lines.append(f"{shown[p].rjust(left)}  {''.join(marks)}".rstrip())
    if at is not None:
        lines.append(_pointer_line(column(max(0, min(moves - 1, at))), left, columns))
    turns = max((d.turn for d in analysis.decisions), default=1)
    first = verdicts.turn_axis(1)
    axis = f"{first}{verdicts.turn_axis(turns).rjust(columns - len(first))}" if columns > 16 else verdicts.turns()
    lines.append(f"{'':>{left}}  {axis}")
    lines.append(f"{'':>{left}}  {verdicts.graph_marks()}")
    return lines


def _curve(chances: Sequence[float], columns: int, column: Callable[[int], int]) -> list[float]:
    """The chance shown in each of `columns`: the last move's that falls into it, or where none does, the one
    before it (50% before the first)."""
    values: list[float | None] = [None] * columns
    for i, c in enumerate(chances):
        values[column(i)] = c
    curve, last = [], 0.5
    for v in values:
        last = last if v is None else v
        curve.append(last)
    return curve


def _plot_lines(curve: list[float], left: int, second: list[float] | None = None) -> list[str]:
    """The graph's rows, 100% at the top: the curve as •, over the 50% line of ·, with the scale at the left; the
    second player's own curve, where it has one (`Analysis.second`), as ◦, and ● where the two meet."""
    columns = len(curve)
    grid = [[" "] * columns for _ in range(GRAPH_ROWS)]
    middle = GRAPH_ROWS // 2
    for x in range(columns):
        grid[middle][x] = "·"
    for glyph, points in (("◦", second or []), ("•", curve)):
        for x, v in enumerate(points):
            row = GRAPH_ROWS - 1 - min(GRAPH_ROWS - 1, int(v * GRAPH_ROWS))
            grid[row][x] = "●" if grid[row][x] == "◦" and glyph == "•" else glyph
    lines = []
    for r, cells in enumerate(grid):
        percent = {0: "100%", middle: "50%", GRAPH_ROWS - 1: "0%"}.get(r, "")
        lines.append(f"{percent.rjust(left)} │{''.join(cells)}".rstrip())
    return lines


def _mark_rows(analysis: Analysis, columns: int, column: Callable[[int], int]) -> list[list[str]]:
    """A row per player with the symbol of each marked decision in its move's column, the worst where two meet."""
    marks = [[" "] * columns, [" "] * columns]
    rank = {"~": 1, "?": 2, "!": 3}
    for d in analysis.decisions:
        if d.mark:
            x = column(d.move)
            symbol = SYMBOLS[d.mark]
            if rank.get(marks[d.player][x], 0) < rank[symbol]:
                marks[d.player][x] = symbol
    return marks


def _pointer_line(x: int, left: int, columns: int) -> str:
    """The ▲ under column `x`, the position on screen; written before it where the words would run off the right."""
    here = verdicts.on_screen()
    return (f"{'':>{left}}  {' ' * x}{here}" if x + len(here) <= columns
            else f"{'':>{left}}  {verdicts.on_screen(before=True).rjust(x + 1)}")
