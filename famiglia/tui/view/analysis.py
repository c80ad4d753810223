"""A game's analysis as text: one line per decision, the luck of the draws, the totals, and a graph.

The analysis is data (`famiglia.ai.analysis.Analysis`); these lines are its one text form, which
`famiglia analyse` prints (plain when piped, in colour on a terminal), the end screen's a pages, and the
replay shows the graph of (`graph_lines`, with the position on screen pointed at), in text that fits
the width it is given.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final

from famiglia.ai.analysis import MARKS, Analysis, Decision
from famiglia.ai.moments import key_moments
from famiglia.persistence import Record, printable

if TYPE_CHECKING:
    from rich.console import Console

__all__ = ["SYMBOLS", "graph_lines", "key_moment_lines", "print_report", "report_lines"]

SYMBOLS: Final = {"inaccurate": "~", "mistake": "?", "blunder": "!"}
GRAPH_ROWS: Final = 9


def print_report(console: Console, record: Record, analysis: Analysis) -> None:
    """The report's lines printed on `console`, each decision's mark in its colour."""
    from rich.text import Text

    styles = {"inaccurate": "yellow", "mistake": "red", "blunder": "bold red"}
    for line in report_lines(record, analysis, width=console.width):
        text = Text(line)
        for word, style in styles.items():
            text.highlight_words([f"{SYMBOLS[word]} {word}"], style=style)
        console.print(text)


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
    shown = [printable(n, max(6, min(20, width // 4))) for n in names]  # "Computer (normal)" whole at 80 columns
    left = max(5, max(len(n) for n in shown) + 1)
    columns = max(10, width - left - 2)
    moves = max(1, len(analysis.chances))

    def column(i: int) -> int:
        return 0 if moves <= 1 else round(i * (columns - 1) / (moves - 1))

    title = f"{printable(names[0], 30)}'s chance to win over the game (the rest is {printable(names[1], 30)}'s)"
    lines = [title if len(title) <= width else f"{title[: width - 1]}…"]
    lines += _plot_lines(_curve(analysis.chances, columns, column), left)
    lines.append(f"{'':>{left}} └{'─' * columns}")
    for p, marks in enumerate(_mark_rows(analysis, columns, column)):
        lines.append(f"{shown[p].rjust(left)}  {''.join(marks)}".rstrip())
    if at is not None:
        lines.append(_pointer_line(column(max(0, min(moves - 1, at))), left, columns))
    turns = max((d.turn for d in analysis.decisions), default=1)
    axis = f"turn 1{f'turn {turns}'.rjust(columns - 6)}" if columns > 16 else "turns"
    lines.append(f"{'':>{left}}  {axis}")
    lines.append(f"{'':>{left}}  ~ inaccurate  ? mistake  ! blunder")
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


def _plot_lines(curve: list[float], left: int) -> list[str]:
    """The graph's rows, 100% at the top: the curve as •, over the 50% line of ·, with the scale at the left."""
    columns = len(curve)
    grid = [[" "] * columns for _ in range(GRAPH_ROWS)]
    middle = GRAPH_ROWS // 2
    for x in range(columns):
        grid[middle][x] = "·"
    for x, v in enumerate(curve):
        row = min(GRAPH_ROWS - 1, int(v * GRAPH_ROWS))
        grid[GRAPH_ROWS - 1 - row][x] = "•"
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
    here = "▲ on screen"
    return (f"{'':>{left}}  {' ' * x}{here}" if x + len(here) <= columns
            else f"{'':>{left}}  {'on screen ▲'.rjust(x + 1)}")
