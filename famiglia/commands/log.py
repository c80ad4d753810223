"""`famiglia log [ID|FILE]`: a saved game printed, one line per turn, and its result.

The turns are the record's own (`Record.turns`), so the log, the replay and the screen's game log
divide a game the same way. On a terminal it is a rich table; piped, plain text. The seed is printed
only once the game is over: before, it would tell the draw stack (R12.2).
"""

from __future__ import annotations

import sys
from typing import TextIO

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


def log(target: str | None, *, out: TextIO | None = None, colour: bool | None = None) -> int:
    """`famiglia log [ID|FILE]`: the game's turns, one line each, and its result; in colour on a terminal, unless
    `colour` is False (None: as the terminal's environment says)."""
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
    table = Table(_("turn"), _("player"), _("actions"), _("points after"), box=None, header_style="heading",
                  pad_edge=False)
    table.columns[0].justify = "right"
    for turn in record.turns():
        table.add_row(*(Text(cell) for cell in _turn_line(record, turn)))  # names are text, never markup
    console.print(table)
    for line in [*_ending(record, record.game()), *_takebacks(record)]:
        console.print(line, markup=False)
    return EXIT_OK


def log_lines(record: Record) -> list[str]:
    """The game as plain text: a title, one numbered line per turn, and the result."""
    rows = [_turn_line(record, t) for t in record.turns()]
    lines = [_title(record)]
    if rows:
        widths = [max(cell_len(r[i]) for r in rows) for i in range(3)]  # as a terminal shows them: 陳 takes two
        for number, who, actions, points in rows:
            lines.append(f"{padded(number, widths[0], right=True)}  {padded(who, widths[1], right=False)}  "
                         f"{padded(actions, widths[2], right=False)}  {points}")
    else:
        lines.append(_("No action yet."))
    return [*lines, *_ending(record, record.game()), *_takebacks(record)]


def _turn_line(record: Record, turn: Turn) -> tuple[str, str, str, str]:
    names = record.names
    points = f"{names[0]} {turn.points[0]} · {names[1]} {turn.points[1]}"
    return str(turn.number), names[turn.player], ", ".join(str(a) for a in turn.actions), points


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
