"""Removing a saved game: its file, its saved analysis and its lock file, and nothing else.

A game is removed in the folder's turn (`writing.folder_lock`, taken by the `Store`), so an analysis
being saved meanwhile waits and then finds no game to save it beside. A link at a game's name is
removed, never what it points to; a folder there is left alone. Its id goes into the high-water mark
first, so it is never given again.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from famiglia.phrasebook.catalogue import _

from .analyses import analysis_path
from .errors import GameNotFound, StoreError
from .ids import note_highest
from .locks import GameLock, lock_path
from .writing import sync_folder

__all__ = ["delete_game", "remove_analysis"]


def delete_game(root: Path, id: str) -> Path:
    """Remove game `id` of the folder `root`, in the folder's turn; the file removed (see the module docstring)."""
    path = root / f"game-{id}.json"
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        raise GameNotFound(_("there is no saved game {id} ('famiglia games' lists the saved games)").format(
            id=id)) from None
    except OSError as error:
        raise StoreError(_("game {id} cannot be removed ({reason})").format(
            id=id, reason=error.strerror or error)) from None
    if stat.S_ISDIR(info.st_mode):
        raise StoreError(_("{name}: is a folder, not a saved game; famiglia leaves it alone").format(name=path.name))
    lock = GameLock(lock_path(root, id), id)
    try:
        note_highest(root, int(id))  # a folder that held games before the note was kept: never this id again
        os.unlink(path)
        remove_analysis(path)
    except OSError as error:
        raise StoreError(_("game {id} cannot be removed ({reason})").format(
            id=id, reason=error.strerror or error)) from None
    finally:
        lock.release()
    sync_folder(root)
    return path


def remove_analysis(game: Path) -> None:
    """Remove the saved analysis of the game file `game` with it (a link there is removed, a folder left alone)."""
    where = analysis_path(game)
    try:
        if not stat.S_ISDIR(os.lstat(where).st_mode):
            os.unlink(where)
    except FileNotFoundError:
        pass
