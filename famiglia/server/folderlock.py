"""One server per data folder: `hold_folder` locks `serve.lock` in the server's folder for as long as it serves.

Two servers on one folder would each write the index of their own tables over the other's, and the last
to stop would leave only its own (an empty list, if it had none). So a server holds an advisory `flock` on
a lock file in its folder from before it reads anything until after its last write; the kernel drops it
however the process ends, so nothing is left to clean. A second server finds it held and says so in one
line before it listens. Where the platform has no `fcntl`, nothing is locked.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Final

from famiglia.phrasebook.catalogue import _

try:
    import fcntl
except ImportError:  # not on this platform: nothing keeps two servers apart
    fcntl = None  # type: ignore[assignment]

__all__ = ["LOCK", "FolderBusy", "FolderLock", "hold_folder"]

LOCK: Final = "serve.lock"


class FolderBusy(Exception):
    """The folder is another server's, or cannot be locked; the message says so in one line."""


class FolderLock:
    """The lock held on a server's folder; `release` lets it go (the lock file stays, empty and harmless)."""

    def __init__(self, fd: int | None) -> None:
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def hold_folder(folder: Path) -> FolderLock:
    """Lock the server's `folder` for this server alone; `FolderBusy` if another server holds it."""
    if fcntl is None:
        return FolderLock(None)
    path = folder / LOCK
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags, 0o600)
    except OSError as error:
        raise FolderBusy(_("the server's folder {folder} cannot be locked ({reason})").format(
            folder=folder, reason=error.strerror or error)) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        os.close(fd)
        if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            raise FolderBusy(_("another famiglia serve is using {folder}: one server per data folder").format(
                folder=folder)) from None
        raise FolderBusy(_("the server's folder {folder} cannot be locked ({reason})").format(
            folder=folder, reason=error.strerror or error)) from None
    return FolderLock(fd)
