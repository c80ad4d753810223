"""Finding saved games: the game files of a folder read and listed, the one saved last, and what a command's
`ID|FILE` names.

Reading never changes a file: a record is read through the one bounded reader (`reading.read_text`) and
replayed through the engine, and one that cannot be read is listed with its fault, in one line. Inside
the data directory nothing is followed through a symbolic link.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

from famiglia.engine import Step
from famiglia.phrasebook.catalogue import _

from .errors import GameNotFound, StoreError
from .ids import file_id, parse_id
from .reading import Unreadable, read_text
from .record import Record, RecordError, printable
from .seats import NETWORK

__all__ = ["MAX_SIZE", "Entry", "classify", "confirmed_turn", "game_files", "kept", "latest_unfinished",
           "path_as_given", "read_all", "read_record", "same_folder"]

MAX_SIZE: Final = 4 * 1024 * 1024  # a long game's record is some 30 kB


def path_as_given(path: Path) -> str:
    """A path as the user gave it, for one line of a message; a long one loses its start, so the file's name stays."""
    shown = printable(str(path), 10_000)
    return shown if len(shown) <= 80 else "…" + shown[-79:]


def read_record(path: Path, *, follow: bool = True, given: bool = False) -> Record:
    """Read and replay the record at `path`, changing nothing; `StoreError` names the file and the fault.

    `follow=False` refuses a symbolic link (inside the data directory, where nothing should be one).
    A file named `game-N.json` holds game N whatever id it says inside: the file name is the id.
    A message names the file by its name, or, for a path the user `given`, by that path: "/dev/null:
    is not a file" says which file, where "null: is not a file" left the user to guess.
    """
    name = path_as_given(path) if given or not path.name else printable(path.name, 80)
    try:
        text = read_text(path, limit=MAX_SIZE, kind=_("a game record"), follow=follow)
    except FileNotFoundError as error:
        raise StoreError(_("{name}: cannot be read ({reason})").format(
            name=name, reason=error.strerror or error)) from None
    except Unreadable as why:
        raise StoreError(_("{name}: {reason}").format(name=name, reason=why)) from None
    if not text.strip():
        raise StoreError(_("{name}: is empty").format(name=name))
    try:
        record = Record.loads(text)
    except RecordError as error:
        raise StoreError(_("{name}: {reason}").format(name=name, reason=error)) from None
    id = file_id(path)
    return record if id is None or id == record.id else replace(record, id=id)


@dataclass(frozen=True, slots=True)
class Entry:
    """One file of the data directory: its record, or why it could not be read."""

    path: Path
    number: int
    record: Record | None
    problem: str | None = None


def game_files(root: Path) -> Iterator[Entry]:
    """The game files of the folder `root`, unread, in the order the folder lists them (none if it is not there)."""
    try:
        entries = list(os.scandir(root))
    except FileNotFoundError:
        return
    except OSError as error:
        raise StoreError(_("the folder for saved games {root} cannot be read ({reason})").format(
            root=root, reason=error.strerror or error)) from None
    for entry in entries:
        id = file_id(Path(entry.name))
        if id is not None:
            yield Entry(Path(entry.path), int(id), None)


def read_all(root: Path) -> list[Entry]:
    """Every game file of `root`, newest first, each read and replayed or with its problem."""
    out = []
    for entry in game_files(root):
        try:
            out.append(Entry(entry.path, entry.number, read_record(entry.path, follow=False)))
        except StoreError as error:
            out.append(Entry(entry.path, entry.number, None, str(error)))
    return sorted(out, key=lambda e: e.number, reverse=True)


def confirmed_turn(record: Record) -> bool:
    """Whether a turn of the game has ended and been confirmed (a take or pass, R4, not awaiting its Enter)."""
    ends = sum(1 for m in record.moves if m.action.step is Step.TAKE)
    waiting = not record.confirmed and bool(record.moves) and record.moves[-1].action.step is Step.TAKE
    return ends - waiting > 0


def kept(record: Record) -> bool:
    """Whether a game is kept and listed: a turn of it was confirmed, or it is a network game.

    A network game belongs to `famiglia serve`: its table comes back with it when the server starts again,
    even before its first turn has ended, so no local command removes or hides it.
    """
    return confirmed_turn(record) or NETWORK in record.seats


def latest_unfinished(entries: Iterable[Entry]) -> tuple[Path, Record] | None:
    """The unfinished game of `entries` saved last, or None; entries that could not be read are passed over."""
    best: tuple[str, int, Path, Record] | None = None
    for entry in entries:
        record = entry.record
        if record is None or record.game().is_over:
            continue
        key = (record.updated, entry.number)
        if best is None or key > best[:2]:
            best = (*key, entry.path, record)
    return None if best is None else (best[2], best[3])


def classify(text: str) -> str | Path:
    """What a command's `ID|FILE` names: a game's id, or the path of a file (`GameNotFound`, `StoreError` if neither).

    A number (`3`, `game-3`, `game-3.json`) is an id unless a file of that name is here. Empty text, a
    missing file and a folder are refused with the line to print.
    """
    if re.fullmatch(r"\s*(game-)?[0-9]+(\.json)?\s*", text) and not _is_file(text):
        return parse_id(text)
    if not text.strip():
        parse_id(text)  # says that '' is no id
    path = Path(text)
    name = printable(text, 80)
    try:
        info = os.lstat(path)
        if stat.S_ISLNK(info.st_mode):
            info = os.stat(path)
    except FileNotFoundError:
        raise GameNotFound(_("{name}: there is no such file, nor a saved game of that id "
                             "('famiglia games' lists the saved games)").format(name=name)) from None
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else _("no file name")
        raise GameNotFound(_("{name}: is neither a saved game nor a file ({reason})").format(
            name=name, reason=reason)) from None
    if stat.S_ISDIR(info.st_mode):
        raise StoreError(_("{name}: is a folder, not a saved game").format(name=name))
    return path


def same_folder(a: Path, b: Path) -> bool:
    """Whether `a` and `b` are one folder (False when either cannot be looked at)."""
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def _is_file(text: str) -> bool:
    try:
        return os.path.isfile(text)
    except (OSError, ValueError):
        return False
