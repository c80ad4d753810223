"""`famiglia log [ID|FILE]`: a saved game printed, one line per turn, and its result.

The turns are the record's own (`Record.turns`), so the log, the replay and the screen's game log
divide a game the same way. On a terminal it is a rich table; piped, plain text. The seed is printed
only once the game is over: before, it would tell the draw stack (R12.2).
"""

from __future__ import annotations

import sys
import textwrap
from typing import Final, TextIO

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from famiglia.engine import Game, Step
from famiglia.persistence import Record, Store, StoreError, Turn
from famiglia.phrasebook.catalogue import _, filled
from famiglia.phrasebook.table import end_reason, tiebreak
from famiglia.tui.view.theme import THEME

from .errors import EXIT_OK, fail
from .games import padded, started

__all__ = ["log", "log_lines"]


WIDTH: Final = 80  # the columns of the log piped, and on the home screen
ACTIONS_CELLS: Final = 24  # the fewest columns the actions keep: with long names the points give their names up


def log(target: str | None, *, out: TextIO | None = None, colour: bool | None = None) -> int:
    """`famiglia log [ID|FILE]`: the game's turns, one line each, and its result; in colour on a terminal, unless
    `colour` is False (None: as the terminal's environment says). A turn whose actions are longer than the row goes
    on under them, broken between two actions, its points after on its first row: at the terminal's width, or
    at `WIDTH` columns piped."""
    out = sys.stdout if out is None else out
    try:
        _id, record, _path = Store().locate(target)
    except StoreError as error:
        return fail(str(error))
    if not out.isatty():
        out.write("\n".join(log_lines(record)) + "\n")
        return EXIT_OK
    console = Console(file=out, theme=THEME, highlight=False, no_color=None if colour is None else not colour)
    console.print(_title(record), style="title", markup=False)
    headings = (_("turn"), _("player"), _("actions"), _("points after"))
    rows, room = _columns(record, console.width, headings)
    table = Table(*headings, box=None, header_style="heading", pad_edge=False)
    table.columns[0].justify = "right"
    for column in table.columns:
        column.no_wrap = True
    for number, who, actions, points in rows:
        # names are text, never markup
        table.add_row(Text(number), Text(who), Text("\n".join(_fold(actions, room))), Text(points))
    console.print(table)
    for line in [*_ending(record, record.game()), *_takebacks(record)]:
        console.print(line, markup=False)
    return EXIT_OK


def log_lines(record: Record, *, width: int = WIDTH) -> list[str]:
    """The game as plain text in `width` columns: a title, one numbered line per turn (its actions going on under
    themselves where they are longer than the row, broken between two actions), and the result."""
    rows, room = _columns(record, width)
    lines = textwrap.wrap(_title(record), width) or [""]
    if rows:
        widths = [max(cell_len(r[0]) for r in rows), max(cell_len(r[1]) for r in rows)]  # 陳 takes two columns
        shown = min(room, max(cell_len(a) for r in rows for a in _fold(r[2], room)))
        for number, who, actions, points in rows:
            first, *more = _fold(actions, room)
            lines.append(f"{padded(number, widths[0], right=True)}  {padded(who, widths[1], right=False)}  "
                         f"{padded(first, shown, right=False)}  {points}".rstrip())
            lines += [" " * (widths[0] + widths[1] + 4) + line for line in more]
    else:
        lines.append(_("No action yet."))
    return [*lines, *(row for line in _ending(record, record.game()) for row in textwrap.wrap(line, width)),
            *_takebacks(record)]


def _columns(record: Record, width: int, headings: tuple[str, ...] = ("", "", "", "")
             ) -> tuple[list[tuple[str, str, list[str], str]], int]:
    """The turns as cells (the actions one by one) and the columns left to the actions in `width`: where two long
    names leave them fewer than `ACTIONS_CELLS`, the points after a turn are said without the names (first seat
    first, as the title names them)."""
    named = [_turn_cells(record, t, named=True) for t in record.turns()]
    if not named:
        return [], width

    def room(rows: list[tuple[str, str, list[str], str]]) -> int:
        cells = [max(cell_len(heading), *(cell_len(cell) for cell in column))
                 for heading, column in zip((headings[0], headings[1], headings[3]),
                                            ([r[0] for r in rows], [r[1] for r in rows], [r[3] for r in rows]),
                                            strict=True)]
        return width - sum(cells) - 6

    if room(named) >= ACTIONS_CELLS:
        return named, room(named)
    bare = [_turn_cells(record, t, named=False) for t in record.turns()]
    return bare, max(ACTIONS_CELLS, room(bare))


def _fold(actions: list[str], width: int) -> list[str]:
    """The actions of a turn joined by commas in rows of at most `width` columns, broken only between two of them
    (an action wider than the row has a row of its own)."""
    rows: list[str] = []
    for n, action in enumerate(actions):
        said = action + ("," if n < len(actions) - 1 else "")
        if rows and cell_len(rows[-1]) + 1 + cell_len(said) <= width:
            rows[-1] += " " + said
        else:
            rows.append(said)
    return rows or [""]


def _turn_cells(record: Record, turn: Turn, *, named: bool) -> tuple[str, str, list[str], str]:
    names = record.names
    if named:
        points = f"{names[0]} {turn.points[0]} · {names[1]} {turn.points[1]}"
    else:
        points = f"{turn.points[0]} · {turn.points[1]}"
    return str(turn.number), names[turn.player], [str(a) for a in turn.actions], points


def _ending(record: Record, game: Game) -> list[str]:
    result = game.result()
    if result is None:
        mover = game.names[game.to_move]
        if record.moves and record.moves[-1].action.step is not Step.TAKE:
            return [filled(_("Not finished: {name} to move (a turn is under way)."), name=mover)]
        return [filled(_("Not finished: {name} to move."), name=mover)]
    names, why = record.names, end_reason(result.reason)
    if result.winner is None:
        lines = [_("Result: a draw at {score} each ({why}).").format(score=result.scores[0], why=why)]
    else:
        w = result.winner
        lines = [_("Result: {name} wins, {won} to {lost} ({why}).").format(name=names[w], won=result.scores[w],
                                                                       lost=result.scores[1 - w], why=why)]
    if result.tiebreak:
        lines.append(_("Tie-break: {tiebreak}.").format(tiebreak=tiebreak(result.tiebreak)))
    return lines


def _takebacks(record: Record) -> list[str]:
    """How many turns were taken back against the computer (none: no line)."""
    if not record.takebacks:
        return []
    return [_("Turns taken back: {n}").format(n=len(record.takebacks))]


def _title(record: Record) -> str:
    """The log's title; the seed only of a finished game (before, it would tell the draw stack, R12.2)."""
    first, second, starter = record.names[0], record.names[1], record.names[record.start_player]
    if record.game().is_over:
        return _("Game {id}: {first} and {second}, started {started} UTC, seed {seed}, {starter} first").format(
            id=record.id, first=first, second=second, started=started(record), seed=record.seed, starter=starter)
    return _("Game {id}: {first} and {second}, started {started} UTC, {starter} first").format(
        id=record.id, first=first, second=second, started=started(record), starter=starter)
