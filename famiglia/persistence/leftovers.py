"""A save's temporary file, and tidying what killed famiglias and games never played leave behind.

A save writes its record to a temporary file `.saving-HEX.tmp` beside the game and holds a lock on it
while it is open (`write_temp`), so `sweep` tells a save under way from the leftover of a famiglia killed
before its rename: it removes temporary files no save holds (only by their age where nothing can be
locked) and lock files nobody holds. `remove_unplayed` removes the games in which no turn was ever
confirmed that no sitting plays now, on starting a new game. A file that cannot be read is left alone.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import time
from collections.abc import Container
from pathlib import Path
from typing import Final

from .deleting import remove_analysis
from .errors import StoreError
from .finding import game_files, kept, read_record
from .locks import LOCK, GameLock, lock_path
from .writing import remove_unheld

try:
    import fcntl
except ImportError:  # not on this platform: only age tells a leftover then
    fcntl = None  # type: ignore[assignment]

__all__ = ["STALE", "STALE_UNLOCKED", "TEMP", "remove_unplayed", "sweep", "write_temp"]

TEMP: Final = re.compile(r"\.(saving|analysing|training)-[0-9a-f]{12}\.tmp")  # a save's, an analysis save's
STALE: Final = 2  # seconds: a temporary file no save holds that is older than this is a killed famiglia's leftover
STALE_UNLOCKED: Final = 600  # the same where files cannot be locked: only age tells then


def write_temp(root: Path, text: str) -> tuple[Path, int]:
    """A new temporary file in `root` holding `text`, synced, and its descriptor, locked as long as it is open."""
    data = text.encode("utf-8", "surrogateescape")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
    while True:
        temp = root / f".saving-{secrets.token_hex(6)}.tmp"  # TEMP
        try:
            fd = os.open(temp, flags, 0o600)
            break
        except FileExistsError:
            continue
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # tells a sweep that a save is writing it
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    return temp, fd


def sweep(root: Path) -> None:
    """Remove what killed famiglias left in `root`: temporary files and lock files that nobody holds."""
    now = time.time()
    try:
        entries = list(os.scandir(root))
    except OSError:
        return
    for entry in entries:
        with contextlib.suppress(OSError):
            if TEMP.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                age = now - entry.stat(follow_symlinks=False).st_mtime
                if age > (STALE_UNLOCKED if fcntl is None else STALE):
                    remove_unheld(Path(entry.path))
            elif LOCK.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                remove_unheld(Path(entry.path))


def remove_unplayed(root: Path, held: Container[str]) -> list[str]:
    """Remove the games of `root` in which no turn was confirmed, but those `held` or played now and the network
    games; their ids."""
    removed = []
    for entry in game_files(root):
        id = str(entry.number)
        try:
            if kept(read_record(entry.path, follow=False)) or id in held:
                continue
            lock = GameLock(lock_path(root, id), id)
        except StoreError:
            continue
        try:
            if not kept(read_record(entry.path, follow=False)):  # again, now that it is ours
                os.unlink(entry.path)
                remove_analysis(entry.path)
                removed.append(id)
        except (StoreError, OSError):
            pass
        finally:
            lock.release()
    return removed
