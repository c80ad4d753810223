"""The lock a sitting holds on the game it plays, so that two famiglias never play one saved game at once.

A lock is an advisory `flock` on `.game-N.lock` beside the game, which the kernel drops when its holder
ends however it ends. Where the platform has no `fcntl`, nothing is locked: two sittings may then resume
the same game.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
from pathlib import Path
from typing import Final

from famiglia.phrasebook.catalogue import _

from .errors import StoreError
from .ids import ID
from .writing import same_file

try:
    import fcntl
except ImportError:  # not on this platform: two sittings may then resume the same game
    fcntl = None  # type: ignore[assignment]

__all__ = ["LOCK", "GameLock", "lock_path"]

LOCK: Final = re.compile(rf"\.game-({ID})\.lock")  # the name of a lock file, which a sweep knows


def lock_path(root: Path, id: str) -> Path:
    """Where the lock file of game `id` in the folder `root` lies."""
    return root / f".game-{id}.lock"


class GameLock:
    """An advisory lock on one saved game for as long as a sitting plays it (released on `release` or exit).

    The lock file is removed by its holder on release (and by `Store.tidy` once nobody holds it); a
    lock is only taken on the file that is at the name after the lock is held, so removing a lock
    file can never let two sittings hold one game.
    """

    def __init__(self, path: Path, id: str) -> None:
        self.path = path
        self._fd: int | None = None
        if fcntl is None:
            return
        flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
        for _attempt in range(100):
            try:
                fd = os.open(path, flags, 0o600)
            except OSError as error:
                raise StoreError(_("the game cannot be locked ({reason})").format(
                    reason=error.strerror or error)) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as error:
                os.close(fd)
                if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise StoreError(_("game {id} is being played in another famiglia right now").format(
                        id=id)) from None
                raise StoreError(_("the game cannot be locked ({reason})").format(
                    reason=error.strerror or error)) from None
            if same_file(fd, path):
                self._fd = fd
                return
            os.close(fd)  # its last holder removed it as we opened it: take the one at the name now
        raise StoreError(_("the game cannot be locked (its lock file keeps changing)"))

    @property
    def holding(self) -> bool:
        return self._fd is not None or fcntl is None

    def release(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.unlink(self.path)  # while still held, so nobody is left holding a file that is gone
            os.close(self._fd)
            self._fd = None

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self.release()
