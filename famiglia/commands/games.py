"""`famiglia games`: the saved games listed, newest first, and `games --delete ID` removing one.

A file that cannot be read is named on stderr in one line and listed no further; the others are
still listed. The table is drawn with rich on a terminal and as plain text when piped. A game is
removed only when no sitting plays it, and on a terminal only once the player says yes.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import TextIO

from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from famiglia.engine import Game
from famiglia.persistence import GameNotFound, Record, Store, StoreError, parse_id, printable
from famiglia.persistence.seats import NETWORK
from famiglia.phrasebook.catalogue import _, filled
from famiglia.phrasebook.counts import date_time
from famiglia.tui.view.theme import THEME

from .errors import EXIT_BAD_RECORD, EXIT_OK, EXIT_USAGE, UsageError, complain, fail

__all__ = ["delete", "game_state", "games", "padded", "started"]


def game_state(game: Game) -> str:
    """Whose turn it is, or how the game ended, in a few words."""
    result = game.result()
    if result is None:
        return filled(_("{name} to move"), name=game.names[game.to_move])
    if result.winner is None:
        return _("draw {score}–{other}").format(score=result.scores[0], other=result.scores[1])
    w = result.winner  # the winner's score first
    return _("{name} won {score}–{other}").format(name=game.names[w], score=result.scores[w],
                                                  other=result.scores[1 - w])


def started(record: Record) -> str:
    """When the game was started, to the minute (UTC), as the list and the log write it."""
    return date_time(record.started)


def games(*, out: TextIO | None = None) -> int:
    """`famiglia games`: the saved games, newest first; a file that cannot be read is named on stderr."""
    out = sys.stdout if out is None else out
    store = Store()
    try:
        entries = store.entries()
    except StoreError as error:
        return fail(str(error))
    rows = []
    problems = []
    for entry in entries:
        if entry.record is None:
            problems.append(entry.problem or entry.path.name)
            continue
        record = entry.record
        state = game_state(record.game())
        if NETWORK in record.seats:
            state = _("{state} (a network game)").format(state=state)
        rows.append((record.id, f"{record.names[0]}, {record.names[1]}", started(record),
                     str(record.turn_count), state))
    for problem in problems:
        fail(problem)
    if not rows:
        if not problems:
            print(_("No saved games yet (they are kept in {folder}).").format(folder=store.root), file=out)
        return EXIT_BAD_RECORD if problems else EXIT_OK
    head = (_("id"), _("players"), _("started (UTC)"), _("turns"), _("state"))
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
    widths = [max(cell_len(r[i]) for r in (head, *rows)) for i in range(len(head))]
    for row in (head, *rows):
        cells = [padded(c, w, right=i in right) for i, (c, w) in enumerate(zip(row, widths, strict=True))]
        print("  ".join(cells).rstrip(), file=out)


def padded(cell: str, width: int, *, right: bool) -> str:
    """`cell` filled out to `width` columns as a terminal shows it (a name may hold wide characters)."""
    fill = " " * max(0, width - cell_len(cell))
    return fill + cell if right else cell + fill


def delete(text: str, *, yes: bool) -> int:
    """`famiglia games --delete ID`: remove one saved game, asking first on a terminal (docs/records.md)."""
    store = Store()
    try:
        id = parse_id(text)
        what = _described(store, id)
        if store.is_locked(id):
            raise StoreError(_("game {id} is being played in another famiglia right now; it is kept").format(id=id))
        if not yes and not _agreed(id, what):
            print(_("Game {id} is kept.").format(id=id))
            return EXIT_OK
        store.delete(id)
    except StoreError as error:
        complain(str(error))
        return EXIT_USAGE
    print(_("Removed {what}.").format(what=what))
    return EXIT_OK


def _described(store: Store, id: str) -> str:
    """Game `id` as the question and the answer name it; `GameNotFound` if there is none."""
    try:
        _path, record = store.find(id)
        return _("game {id} ({first} and {second}, started {started} UTC)").format(
            id=id, first=printable(record.names[0], 40), second=printable(record.names[1], 40),
            started=started(record))
    except GameNotFound:
        raise
    except StoreError:
        store.entries()  # a folder famiglia does not use says so here; a file it cannot read can still go
        return _("game {id} (a file famiglia cannot read)").format(id=id)


def _agreed(id: str, what: str) -> bool:
    """Whether the player at the terminal says yes to removing `what`; off a terminal, a usage error."""
    if not sys.stdin.isatty():
        raise UsageError(_("--delete asks before it removes a game: add --yes to remove game {id} without "
                           "asking").format(id=id))
    try:
        answer = input(_("Remove {what}? This cannot be undone. [y/N] ").format(what=what))
    except EOFError:
        answer = ""
    return answer.strip().lower() in ("y", "yes", _("y"), _("yes"))  # a yes in the player's language too
