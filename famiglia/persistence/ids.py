"""A saved game's id: the number in its file's name, read from what a player typed, and never given twice.

A game's id is the number in its file name, `game-N.json`, and nothing else. `parse_id` reads one as
a player types it (`3`, `game-3`, `007`); `free_numbers` offers the numbers for a new game. The folder
keeps the highest id ever given in `.highest-id` (the high-water mark), so a deleted game's id is not
given again, and a stats line or an old analysis never names another game.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Final

from famiglia.phrasebook.catalogue import _

from .errors import GameNotFound
from .reading import Unreadable, read_text
from .record import printable
from .writing import write_atomically

__all__ = ["HIGHEST", "ID", "MAX_ID", "analysed", "file_id", "free_numbers", "highest", "note_highest", "parse_id"]

ID: Final = r"[1-9][0-9]{0,17}"  # the one pattern of a game's id, for the names written and the names read
MAX_ID: Final = 10**18 - 1
HIGHEST: Final = ".highest-id"  # the highest id ever given here, so a deleted game's id is never given again
_NAME: Final = re.compile(rf"game-({ID})\.json")
_ANALYSIS: Final = re.compile(rf"game-({ID})\.analysis\.json")  # persistence.analyses.analysis_path


def parse_id(text: str) -> str:
    """The game id `text` names (`3`, `game-3`, `game-3.json`), or `GameNotFound` saying it is none."""
    bare = text.strip().removeprefix("game-").removesuffix(".json")
    if re.fullmatch(r"0+[0-9]+", bare, flags=re.ASCII):  # 007 is game 7, as a player who pads numbers means
        bare = bare.lstrip("0")
    if not re.fullmatch(ID, bare):
        shown = printable(text, 40)
        raise GameNotFound(_("{id} is not the id of a saved game "
                             "(ids are numbers: 'famiglia games' lists them)").format(id=repr(shown)))
    return bare


def file_id(path: Path) -> str | None:
    """The id of the game file at `path` (`game-3.json` -> `3`); None for a name that is no game file's."""
    match = _NAME.fullmatch(path.name)
    return None if match is None else match.group(1)


def analysed(root: Path) -> Iterator[int]:
    """The ids of the saved analyses in `root` (one left by an older famiglia may outlive its game)."""
    with contextlib.suppress(OSError):
        for entry in os.scandir(root):
            match = _ANALYSIS.fullmatch(entry.name)
            if match:
                yield int(match.group(1))


def highest(root: Path) -> int:
    """The highest id given in `root` so far, as `HIGHEST` says (0 if it says nothing usable)."""
    try:
        text = read_text(root / HIGHEST, limit=64, kind="a note of ids", follow=False)
    except (FileNotFoundError, Unreadable):
        return 0
    text = text.strip()
    return int(text) if re.fullmatch(ID, text) else 0


def note_highest(root: Path, number: int) -> None:
    """Keep `number` as the highest id given in `root`, unless a higher one is kept already (in the folder's turn)."""
    if number <= highest(root):
        return
    with contextlib.suppress(OSError):  # the note only keeps ids apart; the game itself is saved
        write_atomically(root / HIGHEST, f"{number}\n".encode("ascii"), prefix=".saving-")


def free_numbers(taken: set[int], top: int) -> Iterator[int]:
    """Numbers for a new game: after `top`, the highest ever given, then the gaps once the ids run out."""
    yield from range(top + 1, MAX_ID + 1)
    yield from (n for n in range(1, min(top, MAX_ID + 1)) if n not in taken)
