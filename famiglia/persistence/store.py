"""Where saved games live: one record file per game in the user's data directory, written safely.

The files hold hidden information (both hands, the order of the draw stack, the generator's state),
so the directory is made 0700 and every file 0600, and nothing is ever written through a symbolic
link or into a file that is not ours: a new game gets the next free number by linking a finished
temporary file to its name (which fails if anything at all is there, so two games never share a
file), and an update writes a temporary file beside it, syncs it and renames it over the old one,
so a kill at any moment leaves the old save or the new one, never a torn file. Reading a file never
changes it; one that cannot be read is reported, and kept.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import secrets
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

from famiglia.engine import Game

from .record import Record, RecordError, printable

try:
    import fcntl
except ImportError:  # not on this platform: two sittings may then resume the same game
    fcntl = None  # type: ignore[assignment]

__all__ = ["ENV", "Entry", "GameLock", "GameNotFound", "Store", "StoreError", "data_dir", "read_record"]

ENV: Final = "FAMIGLIA_HOME"  # overrides the data directory (the tests use it)
MAX_SIZE: Final = 4 * 1024 * 1024  # a long game's record is some 30 kB
_NAME: Final = re.compile(r"game-([1-9][0-9]{0,8})\.json")
_TEMP: Final = re.compile(r"\.saving-[0-9a-f]{12}\.tmp")
STALE: Final = 600  # seconds after which a temporary file is a killed famiglia's leftover


class StoreError(Exception):
    """The data directory or a file in it cannot be used; the message says why in one line."""


class GameNotFound(StoreError):
    """No saved game has the id asked for."""


def data_dir() -> Path:
    """The directory of saved games: `$FAMIGLIA_HOME` if set, else the platform's user data directory."""
    home = os.environ.get(ENV)
    if home:
        return Path(home)
    import platformdirs

    return Path(platformdirs.user_data_dir("famiglia", appauthor=False))


def read_record(path: Path, *, follow: bool = True) -> Record:
    """Read and replay the record at `path`, changing nothing; `StoreError` names the file and the fault.

    `follow=False` refuses a symbolic link (inside the data directory, where nothing should be one).
    """
    name = printable(path.name, 80)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | (0 if follow else os.O_NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        if error.errno == errno.ELOOP and not follow:
            raise StoreError(f"{name}: is a symbolic link, which famiglia does not follow") from None
        raise StoreError(f"{name}: cannot be read ({error.strerror or error})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise StoreError(f"{name}: is not a file")
        if info.st_size > MAX_SIZE:
            raise StoreError(f"{name}: is too large to be a game record ({info.st_size} bytes)")
        with os.fdopen(os.dup(fd), "rb") as file:
            data = file.read(MAX_SIZE + 1)
    except OSError as error:
        raise StoreError(f"{name}: cannot be read ({error.strerror or error})") from None
    finally:
        os.close(fd)
    if len(data) > MAX_SIZE:
        raise StoreError(f"{name}: is too large to be a game record")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise StoreError(f"{name}: is not a game record (not UTF-8 text)") from None
    if not text.strip():
        raise StoreError(f"{name}: is empty")
    try:
        return Record.loads(text)
    except RecordError as error:
        raise StoreError(f"{name}: {error}") from None


@dataclass(frozen=True, slots=True)
class Entry:
    """One file of the data directory: its record, or why it could not be read."""

    path: Path
    number: int
    record: Record | None
    problem: str | None = None


class Store:
    """The saved games in one directory (by default `data_dir()`); see the module docstring."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = data_dir() if root is None else root

    def path(self, id: str) -> Path:
        return self.root / f"game-{id}.json"

    def ready(self) -> Path:
        """Make the directory if need be (0700) and check that it is ours and no link; `StoreError` if not."""
        root = self.root
        try:
            root.parent.mkdir(parents=True, exist_ok=True)
            with contextlib.suppress(FileExistsError):
                os.mkdir(root, 0o700)
            info = os.lstat(root)
        except OSError as error:
            raise StoreError(f"the folder for saved games {root} cannot be made ({error.strerror or error})") from None
        if stat.S_ISLNK(info.st_mode):
            raise StoreError(f"the folder for saved games {root} is a symbolic link, which famiglia does not follow")
        if not stat.S_ISDIR(info.st_mode):
            raise StoreError(f"the folder for saved games {root} is not a folder")
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            raise StoreError(f"the folder for saved games {root} belongs to another user")
        if stat.S_IMODE(info.st_mode) & 0o077:
            try:
                os.chmod(root, 0o700)  # ours, but open to others: saved games hold hidden cards
            except OSError as error:
                raise StoreError(f"the folder for saved games {root} cannot be made private "
                                 f"({error.strerror or error})") from None
        return root

    def check(self) -> None:
        """Whether a game can be saved here now: the folder is ready and takes a file (`StoreError`, `OSError`)."""
        self.ready()
        os.unlink(self._write_temp(""))

    # -- writing --------------------------------------------------------------------------------------------

    def create(self, record: Record, game: Game | None = None) -> tuple[Path, Record]:
        """Save `record` as a new game with the next free number; returns its file and the numbered record."""
        root = self.ready()
        self._sweep()
        number = max((e.number for e in self._names()), default=0) + 1
        for _ in range(1000):
            numbered = _renamed(record, str(number))
            path = self.path(numbered.id)
            temp = self._write_temp(numbered.dumps(game))
            try:
                os.link(temp, path)  # fails if anything at all is at that name: a game, a link, a folder
            except FileExistsError:
                number += 1
                continue
            finally:
                with contextlib.suppress(OSError):
                    os.unlink(temp)
            _sync_dir(root)
            return path, numbered
        raise StoreError(f"no free name for a new game in {root}")

    def update(self, path: Path, record: Record, game: Game | None = None) -> tuple[Path, Record]:
        """Replace the saved game at `path` by `record` in one step; a new file if the name was taken over.

        Whatever sits at `path` is replaced, never written into or followed: a link at the name is
        replaced by the file. If a folder sits there now, the game goes to a new number instead.
        """
        root = self.ready()
        temp = self._write_temp(record.dumps(game))
        try:
            os.replace(temp, path)
        except IsADirectoryError:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            return self.create(record, game)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        _sync_dir(root)
        return path, record

    def _write_temp(self, text: str) -> Path:
        data = text.encode("utf-8", "surrogateescape")
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
        while True:
            temp = self.root / f".saving-{secrets.token_hex(6)}.tmp"  # _TEMP
            try:
                fd = os.open(temp, flags, 0o600)
                break
            except FileExistsError:
                continue
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        os.close(fd)
        return temp

    def _sweep(self) -> None:
        """Remove temporary files that a killed famiglia left behind (old enough to be no one's now)."""
        limit = time.time() - STALE
        with contextlib.suppress(OSError):
            for entry in os.scandir(self.root):
                if _TEMP.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                    with contextlib.suppress(OSError):
                        if entry.stat(follow_symlinks=False).st_mtime < limit:
                            os.unlink(entry.path)

    def lock(self, id: str) -> GameLock:
        """Hold game `id` for this sitting; `StoreError` if another famiglia is playing it now."""
        return GameLock(self.ready() / f".game-{id}.lock", id)

    # -- reading --------------------------------------------------------------------------------------------

    def _names(self) -> Iterator[Entry]:
        try:
            entries = list(os.scandir(self.root))
        except FileNotFoundError:
            return
        except OSError as error:
            raise StoreError(f"the folder for saved games {self.root} cannot be read ({error.strerror or error})") \
                from None
        for entry in entries:
            match = _NAME.fullmatch(entry.name)
            if match:
                yield Entry(Path(entry.path), int(match.group(1)), None)

    def entries(self) -> list[Entry]:
        """Every game file of the directory, newest first, each read and replayed or with its problem."""
        out = []
        for entry in self._names():
            try:
                out.append(Entry(entry.path, entry.number, read_record(entry.path, follow=False)))
            except StoreError as error:
                out.append(Entry(entry.path, entry.number, None, str(error)))
        return sorted(out, key=lambda e: e.number, reverse=True)

    def find(self, id: str) -> tuple[Path, Record]:
        """The saved game `id` (its number), read and replayed; `GameNotFound` or `StoreError` if not."""
        text = id.strip().removeprefix("game-").removesuffix(".json")
        if not re.fullmatch(r"[1-9][0-9]{0,8}", text):
            raise GameNotFound(f"{printable(id, 40)!r} is not the id of a saved game (ids are numbers: "
                               "'famiglia games' lists them)")
        path = self.path(text)
        if not os.path.lexists(path):
            raise GameNotFound(f"there is no saved game {text} ('famiglia games' lists the saved games)")
        return path, read_record(path, follow=False)

    def latest_unfinished(self) -> tuple[Path, Record] | None:
        """The unfinished game saved last, or None; files that cannot be read are passed over."""
        best: tuple[str, int, Path, Record] | None = None
        for entry in self.entries():
            record = entry.record
            if record is None or record.game().is_over:
                continue
            key = (record.updated, entry.number)
            if best is None or key > best[:2]:
                best = (*key, entry.path, record)
        return None if best is None else (best[2], best[3])

    def holds(self, path: Path) -> bool:
        """Whether `path` is a game file of this directory (so playing it on saves into it)."""
        try:
            return path.resolve().parent == self.root.resolve() and _NAME.fullmatch(path.name) is not None
        except OSError:
            return False


class GameLock:
    """An advisory lock on one saved game for as long as a sitting plays it (released on `release` or exit)."""

    def __init__(self, path: Path, id: str) -> None:
        self._fd: int | None = None
        if fcntl is None:
            return
        flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)
        try:
            fd = os.open(path, flags, 0o600)
        except OSError as error:
            raise StoreError(f"the game cannot be locked ({error.strerror or error})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise StoreError(f"game {id} is being played in another famiglia right now") from None
        self._fd = fd

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _renamed(record: Record, id: str) -> Record:
    return replace(record, id=id)


def _sync_dir(root: Path) -> None:
    """Make a rename in `root` durable (where the platform can open a folder)."""
    try:
        fd = os.open(root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
