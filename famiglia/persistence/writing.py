"""Writing a file of ours: in a private folder, all at once, one famiglia at a time.

The settings and the saved analyses are each rewritten whole (read, changed, written back), so two
famiglias writing at once must take turns, or the second would write back what it read before the
first wrote and lose the first one's change. `folder_lock` is that turn: an advisory lock on the
folder itself (`flock` on the open folder), which every writer takes and the kernel drops when its
holder ends however it ends, so nothing is left behind for a later famiglia to clean. `write_atomically`
writes a temporary file beside the target (created exclusively, never through a link, locked while it
is written so a sweep knows it is in use), syncs it and renames it over the target, so a kill at any
moment leaves the old file or the new one. `private_folder` makes a folder and its missing parents
0700 whatever the umask. Errors are `OSError`s, which each caller says in its own one line.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import stat
from collections.abc import Iterator
from pathlib import Path

try:
    import fcntl
except ImportError:  # not on this platform: writers cannot take turns, and a later write may win
    fcntl = None  # type: ignore[assignment]

__all__ = ["folder_lock", "private_folder", "remove_unheld", "same_file", "sync_folder", "write_atomically"]

_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def private_folder(folder: Path) -> None:
    """Make `folder` and any missing folder above it, each 0700 whatever the umask; one already there is left
    as it is (a shared folder keeps its mode: what famiglia writes into it is 0600 itself)."""
    missing = []
    while not os.path.lexists(folder) and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    for made in reversed(missing):
        with contextlib.suppress(FileExistsError):
            os.mkdir(made, 0o700)
            if stat.S_IMODE(os.lstat(made).st_mode) != 0o700:  # an umask that took the owner's bits
                os.chmod(made, 0o700)


@contextlib.contextmanager
def folder_lock(folder: Path) -> Iterator[None]:
    """Hold `folder`'s writers' lock for the block: the others wait their turn (a write takes milliseconds)."""
    if fcntl is None:
        yield
        return
    fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # and with it the lock


def write_atomically(path: Path, data: bytes, *, prefix: str, mode: int = 0o600) -> None:
    """Replace the file at `path` by `data` in one step, by way of a temporary file `prefix`-HEX.tmp beside it.

    A symbolic link at `path` is replaced by the file, never followed. The new file has `mode` (0600 unless
    told: an existing settings file keeps the mode its owner gave it).
    """
    folder = path.parent
    while True:
        temp = folder / f"{prefix}{secrets.token_hex(6)}.tmp"
        try:
            fd = os.open(temp, _CREATE, mode)
            break
        except FileExistsError:
            continue
    try:
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # tells a sweep that this one is being written
            if stat.S_IMODE(os.fstat(fd).st_mode) != mode:  # the umask took bits the mode asked for
                os.fchmod(fd, mode)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
            os.replace(temp, path)
        finally:
            os.close(fd)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    sync_folder(folder)


def remove_unheld(path: Path) -> None:
    """Remove the file at `path` if no process holds a lock on it (so no famiglia is writing it)."""
    if fcntl is None:
        os.unlink(path)
        return
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return
    try:
        if same_file(fd, path):
            os.unlink(path)
    finally:
        os.close(fd)


def same_file(fd: int, path: Path) -> bool:
    """Whether the open file `fd` is the one at `path` now (not one that replaced it since)."""
    try:
        held, there = os.fstat(fd), os.lstat(path)
    except OSError:
        return False
    return (held.st_dev, held.st_ino) == (there.st_dev, there.st_ino)


def sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (where the platform can open a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
