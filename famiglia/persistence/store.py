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
import itertools
import os
import re
import secrets
import stat
import time
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Final

from famiglia.engine import Game, Step

from .analyses import analysis_path
from .reading import Unreadable, read_text
from .record import Record, RecordError, printable
from .writing import folder_lock, private_folder, remove_unheld, same_file, sync_folder, write_atomically

try:
    import fcntl
except ImportError:  # not on this platform: two sittings may then resume the same game
    fcntl = None  # type: ignore[assignment]

__all__ = ["ENV", "Entry", "GameLock", "GameNotFound", "Store", "StoreError", "data_dir", "parse_id", "path_as_given",
           "read_record"]

ENV: Final = "FAMIGLIA_HOME"  # overrides the data directory (the tests use it)
MAX_SIZE: Final = 4 * 1024 * 1024  # a long game's record is some 30 kB
ID: Final = r"[1-9][0-9]{0,17}"  # the one pattern of a game's id, for the names written and the names read
MAX_ID: Final = 10**18 - 1
_NAME: Final = re.compile(rf"game-({ID})\.json")
_ANALYSIS: Final = re.compile(rf"game-({ID})\.analysis\.json")  # persistence.analyses.analysis_path
_LOCK: Final = re.compile(rf"\.game-({ID})\.lock")
_TEMP: Final = re.compile(r"\.(saving|analysing)-[0-9a-f]{12}\.tmp")  # a save's, an analysis save's
HIGHEST: Final = ".highest-id"  # the highest id ever given here, so a deleted game's id is never given again
STALE: Final = 2  # seconds: a temporary file no save holds that is older than this is a killed famiglia's leftover
STALE_UNLOCKED: Final = 600  # the same where files cannot be locked: only age tells then


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


def parse_id(text: str) -> str:
    """The game id `text` names (`3`, `game-3`, `game-3.json`), or `GameNotFound` saying it is none."""
    bare = text.strip().removeprefix("game-").removesuffix(".json")
    if re.fullmatch(r"0+[0-9]+", bare, flags=re.ASCII):  # 007 is game 7, as a player who pads numbers means
        bare = bare.lstrip("0")
    if not re.fullmatch(ID, bare):
        shown = printable(text, 40)
        raise GameNotFound(f"{shown!r} is not the id of a saved game (ids are numbers: 'famiglia games' lists them)")
    return bare


def _file_id(path: Path) -> str | None:
    match = _NAME.fullmatch(path.name)
    return None if match is None else match.group(1)


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
        text = read_text(path, limit=MAX_SIZE, kind="a game record", follow=follow)
    except FileNotFoundError as error:
        raise StoreError(f"{name}: cannot be read ({error.strerror or error})") from None
    except Unreadable as why:
        raise StoreError(f"{name}: {why}") from None
    if not text.strip():
        raise StoreError(f"{name}: is empty")
    try:
        record = Record.loads(text)
    except RecordError as error:
        raise StoreError(f"{name}: {error}") from None
    id = _file_id(path)
    return record if id is None or id == record.id else replace(record, id=id)


@dataclass(frozen=True, slots=True)
class Entry:
    """One file of the data directory: its record, or why it could not be read."""

    path: Path
    number: int
    record: Record | None
    problem: str | None = None


class Store:
    """The saved games in one directory (by default `data_dir()`); see the module docstring.

    A game's id is the number in its file name, `game-N.json`, and nothing else: two files never
    share an id, and what a file says inside does not change which game it is.
    """

    def __init__(self, root: Path | None = None) -> None:
        self.root = data_dir() if root is None else root
        self._held: dict[str, GameLock] = {}  # games this store has just created, locked until a sitting takes them

    def path(self, id: str) -> Path:
        return self.root / f"game-{id}.json"

    def ready(self) -> Path:
        """Make the directory if need be (0700) and check that it is ours and no link; `StoreError` if not.

        A folder that is there already keeps the mode it has: its game files are 0600 whatever it is.
        Missing parent folders are made 0700 too, whatever the umask.
        """
        root = self.root
        try:
            private_folder(root)
        except OSError as error:
            raise StoreError(f"the folder for saved games {root} cannot be made ({error.strerror or error})") from None
        self._usable()
        return root

    def _usable(self) -> bool:
        """Whether the directory is there; `StoreError` if it is a link, no folder, or another user's.

        Every command asks this before it reads or writes, so all of them give the same answer.
        """
        root = self.root
        try:
            info = os.lstat(root)
        except FileNotFoundError:
            return False
        except OSError as error:
            raise StoreError(f"the folder for saved games {root} cannot be read ({error.strerror or error})") from None
        if stat.S_ISLNK(info.st_mode):
            raise StoreError(f"the folder for saved games {root} is a symbolic link, which famiglia does not follow")
        if not stat.S_ISDIR(info.st_mode):
            raise StoreError(f"the folder for saved games {root} is not a folder")
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            raise StoreError(f"the folder for saved games {root} belongs to another user")
        return True

    def check(self) -> None:
        """Whether a game can be saved here now: the folder is ready and takes a file (`StoreError`, `OSError`)."""
        self.ready()
        temp, fd = self._write_temp("")
        os.close(fd)
        os.unlink(temp)

    # -- writing --------------------------------------------------------------------------------------------

    def create(self, record: Record, game: Game | None = None) -> tuple[Path, Record]:
        """Save `record` as a new game with the next free number; returns its file and the numbered record.

        The number is one more than the highest ever given here (`HIGHEST` keeps it, so the id of a deleted
        game is not given again, and a stats line or an old analysis never names another game); once that
        would pass `MAX_ID`, the lowest free one. Two famiglias take turns (`folder_lock`), and the new file
        is linked to its name, which fails if anything is there. The new game is locked for this store
        until a sitting takes it with `lock`.
        """
        _checked(record)
        root = self.ready()
        with self._turn():
            return self._create(root, record, game)

    def _create(self, root: Path, record: Record, game: Game | None) -> tuple[Path, Record]:
        self._sweep()
        taken = {e.number for e in self._names()}
        numbers = _free_numbers(taken, max(self._highest(), *taken, *self._analysed(), 0))
        for number in itertools.islice(numbers, 1000):
            id = str(number)
            try:
                lock = GameLock(self._lock_path(id), id)
            except StoreError:
                continue  # another famiglia is making this number right now
            numbered = replace(record, id=id)
            path = self.path(id)
            temp, fd = self._write_temp(numbered.dumps(game))
            try:
                os.link(temp, path)  # fails if anything at all is at that name: a game, a link, a folder
            except FileExistsError:
                lock.release()
                continue
            except BaseException:
                lock.release()
                raise
            finally:
                os.close(fd)
                with contextlib.suppress(OSError):
                    os.unlink(temp)
            self._held[id] = lock
            sync_folder(root)
            self._note_highest(number)
            return path, numbered
        raise StoreError(f"no free name for a new game in {root}")

    @contextlib.contextmanager
    def _turn(self) -> Iterator[None]:
        """The data directory to this famiglia alone while it numbers or removes a game (`folder_lock`)."""
        with contextlib.ExitStack() as held:
            try:
                held.enter_context(folder_lock(self.root))
            except OSError as error:
                raise StoreError(f"the folder for saved games {self.root} cannot be locked "
                                 f"({error.strerror or error})") from None
            yield

    def _analysed(self) -> Iterator[int]:
        """The ids of the saved analyses here (one left by an older famiglia may outlive its game)."""
        with contextlib.suppress(OSError):
            for entry in os.scandir(self.root):
                match = _ANALYSIS.fullmatch(entry.name)
                if match:
                    yield int(match.group(1))

    def _highest(self) -> int:
        """The highest id given here so far, as `HIGHEST` says (0 if it says nothing usable)."""
        try:
            text = read_text(self.root / HIGHEST, limit=64, kind="a note of ids", follow=False)
        except (FileNotFoundError, Unreadable):
            return 0
        text = text.strip()
        return int(text) if re.fullmatch(ID, text) else 0

    def _note_highest(self, number: int) -> None:
        """Keep `number` as the highest id given here, unless a higher one is kept already (while in `_turn`)."""
        if number <= self._highest():
            return
        with contextlib.suppress(OSError):  # the note only keeps ids apart; the game itself is saved
            write_atomically(self.root / HIGHEST, f"{number}\n".encode("ascii"), prefix=".saving-")

    def update(self, path: Path, record: Record, game: Game | None = None) -> tuple[Path, Record]:
        """Replace the saved game at `path` by `record` in one step; a new file if the name was taken over.

        Whatever sits at `path` is replaced, never written into or followed: a link at the name is
        replaced by the file. If a folder sits there now, the game goes to a new number instead. A
        `path` that is no game file of this directory is refused: nothing is written elsewhere.
        """
        root = self.ready()
        id = _file_id(path)
        if id is None or not _same_folder(path.parent, root):
            raise StoreError(f"{printable(str(path), 120)} is not a game file of the folder for saved games {root}")
        record = replace(record, id=id)  # the file name is the id
        _checked(record)
        target = self.path(id)
        temp, fd = self._write_temp(record.dumps(game))
        try:
            os.replace(temp, target)
        except IsADirectoryError:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            return self.create(record, game)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise
        finally:
            os.close(fd)
        sync_folder(root)
        return target, record

    def _write_temp(self, text: str) -> tuple[Path, int]:
        """A new temporary file holding `text`, synced, and its descriptor, locked as long as it is open."""
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

    def _sweep(self) -> None:
        """Remove what killed famiglias left behind: temporary files and lock files that nobody holds."""
        now = time.time()
        try:
            entries = list(os.scandir(self.root))
        except OSError:
            return
        for entry in entries:
            with contextlib.suppress(OSError):
                if _TEMP.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                    age = now - entry.stat(follow_symlinks=False).st_mtime
                    if age > (STALE_UNLOCKED if fcntl is None else STALE):
                        remove_unheld(Path(entry.path))
                elif _LOCK.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                    remove_unheld(Path(entry.path))

    def _lock_path(self, id: str) -> Path:
        return self.root / f".game-{id}.lock"

    def lock(self, id: str) -> GameLock:
        """Hold game `id` for this sitting; `StoreError` if another famiglia is playing it now."""
        held = self._held.pop(id, None)
        if held is not None and held.holding:
            return held
        if not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", id):
            raise StoreError(f"{printable(id, 40)!r} is not the id of a saved game")
        return GameLock(self.ready() / f".game-{id}.lock", id)

    def is_locked(self, id: str) -> bool:
        """Whether a sitting (in this process or another) is playing game `id` right now."""
        id = parse_id(id)
        if not self._usable():
            return False
        if id in self._held:
            return True
        try:
            GameLock(self._lock_path(id), id).release()
        except StoreError:
            return True
        return False

    def delete(self, id: str) -> Path:
        """Remove saved game `id` (its file, its saved analysis and its lock file, nothing else); the file removed.

        `GameNotFound` if there is none; `StoreError` if it is being played in another terminal now,
        or is a folder. A link at its name is removed, never what it points to. An analysis being saved
        meanwhile waits its turn (`folder_lock`) and then finds no game to save it beside.
        """
        id = parse_id(id)
        if not self._usable():
            raise GameNotFound(f"there is no saved game {id} ('famiglia games' lists the saved games)")
        with self._turn():
            return self._delete(id)

    def _delete(self, id: str) -> Path:
        path = self.path(id)
        try:
            info = os.lstat(path)
        except FileNotFoundError:
            raise GameNotFound(f"there is no saved game {id} ('famiglia games' lists the saved games)") from None
        except OSError as error:
            raise StoreError(f"game {id} cannot be removed ({error.strerror or error})") from None
        if stat.S_ISDIR(info.st_mode):
            raise StoreError(f"{path.name}: is a folder, not a saved game; famiglia leaves it alone")
        lock = GameLock(self._lock_path(id), id)
        try:
            self._note_highest(int(id))  # a folder that held games before the note was kept: never this id again
            os.unlink(path)
            self._remove_analysis(id)
        except OSError as error:
            raise StoreError(f"game {id} cannot be removed ({error.strerror or error})") from None
        finally:
            lock.release()
        sync_folder(self.root)
        return path

    def _remove_analysis(self, id: str) -> None:
        """Remove the saved analysis of game `id` with it (a link there is removed, a folder left alone)."""
        where = analysis_path(self.path(id))
        try:
            if not stat.S_ISDIR(os.lstat(where).st_mode):
                os.unlink(where)
        except FileNotFoundError:
            pass

    def tidy(self) -> list[str]:
        """On starting: remove what is provably nobody's, and the games in which no turn was ever confirmed.

        Temporary files and lock files that no running famiglia holds go; so does a game with no
        confirmed turn that no sitting is playing now. A file that cannot be read is left alone.
        Returns the ids of the games removed.
        """
        if not self._usable():
            return []
        self._sweep()
        removed = []
        for entry in self._names():
            id = str(entry.number)
            try:
                if _confirmed_turn(read_record(entry.path, follow=False)) or id in self._held:
                    continue
                lock = GameLock(self._lock_path(id), id)
            except StoreError:
                continue
            try:
                if not _confirmed_turn(read_record(entry.path, follow=False)):  # again, now that it is ours
                    os.unlink(entry.path)
                    self._remove_analysis(id)
                    removed.append(id)
            except (StoreError, OSError):
                pass
            finally:
                lock.release()
        return removed

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
        """The saved games, newest first, each read and replayed or with its problem (what `games` lists).

        A game in which no turn was ever confirmed is not listed (`tidy` removes it on the next start).
        """
        return [e for e in self._read_all() if e.record is None or _confirmed_turn(e.record)]

    def _read_all(self) -> list[Entry]:
        if not self._usable():
            return []
        out = []
        for entry in self._names():
            try:
                out.append(Entry(entry.path, entry.number, read_record(entry.path, follow=False)))
            except StoreError as error:
                out.append(Entry(entry.path, entry.number, None, str(error)))
        return sorted(out, key=lambda e: e.number, reverse=True)

    def find(self, id: str) -> tuple[Path, Record]:
        """The saved game `id` (its number), read and replayed; `GameNotFound` or `StoreError` if not."""
        id = parse_id(id)
        self._usable()
        path = self.path(id)
        if not os.path.lexists(path):
            raise GameNotFound(f"there is no saved game {id} ('famiglia games' lists the saved games)")
        return path, read_record(path, follow=False)

    def latest_unfinished(self) -> tuple[Path, Record] | None:
        """The unfinished game saved last, or None; files that cannot be read are passed over.

        A game not listed because no turn of it was confirmed is found here too: a game killed in
        its first turn is resumed by `famiglia resume` like any other, until the next new game.
        """
        best: tuple[str, int, Path, Record] | None = None
        for entry in self._read_all():
            record = entry.record
            if record is None or record.game().is_over:
                continue
            key = (record.updated, entry.number)
            if best is None or key > best[:2]:
                best = (*key, entry.path, record)
        return None if best is None else (best[2], best[3])

    def holds(self, path: Path) -> bool:
        """Whether `path` is itself a game file of this directory (no link to one), so playing it saves into it."""
        try:
            return (_file_id(path) is not None and not path.is_symlink()
                    and _same_folder(path.parent, self.root))
        except (OSError, ValueError):
            return False

    def own_path(self, path: Path) -> Path | None:
        """The game file of this directory that `path` is, or leads to by links; None for a file from elsewhere.

        This is what decides whether playing a file on saves into a game of ours: by the resolved
        path, so a link from elsewhere to game 3 plays game 3 on, in its own file.
        """
        try:
            real = path.resolve(strict=True)
        except (OSError, RuntimeError, ValueError):
            return None
        if self._usable() and _file_id(real) is not None and _same_folder(real.parent, self.root):
            return self.path(real.name.removeprefix("game-").removesuffix(".json"))
        return None

    def adopt(self, path: Path) -> tuple[Path | None, Record]:
        """Read the record file `path` to play it on: its game file here (None: it is saved anew) and its record."""
        record = read_record(path, given=True)
        own = self.own_path(path)
        if own is None:
            return None, record
        return own, read_record(own, follow=False)

    def target(self, text: str) -> str:
        """What a saved-games command was given, made plain: a game's id, or the path of a file from elsewhere.

        A number (`3`, `game-3`, `game-3.json`) is an id unless a file of that name is here; a file
        that leads into this directory is its id. Anything else (empty, a folder, a missing file, an
        id out of range) is `GameNotFound` or `StoreError` with the line to print.
        """
        found = self._classify(text)
        if isinstance(found, str):
            return found
        own = self.own_path(found)
        return text if own is None else own.name.removeprefix("game-").removesuffix(".json")

    def locate(self, target: str | None, *, unfinished: bool = False) -> tuple[Path, Record, bool]:
        """The record `target` names (an id, or a file), or the latest one; and whether it is a game of ours.

        Without a target: the unfinished game saved last if `unfinished`, else the game saved last.
        The path returned is the one to save into when it is ours. `StoreError` has the line to print.
        """
        if target is None:
            entries = [e for e in self.entries() if e.record is not None]
            if unfinished:
                found = self.latest_unfinished()
                if found is None:
                    raise GameNotFound("there is no unfinished game to resume ('famiglia games' lists the saved games)")
                return (*found, True)
            if not entries:
                raise GameNotFound("there is no saved game yet ('famiglia play' starts one)")
            latest = max(entries, key=lambda e: (e.record.updated if e.record else "", e.number))
            assert latest.record is not None
            return latest.path, latest.record, True
        found_id = self._classify(target)
        if isinstance(found_id, str):
            return (*self.find(found_id), True)
        own, record = self.adopt(found_id)
        return (found_id, record, False) if own is None else (own, record, True)

    def _classify(self, text: str) -> str | Path:
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
            raise GameNotFound(f"{name}: there is no such file, nor a saved game of that id "
                               "('famiglia games' lists the saved games)") from None
        except (OSError, ValueError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else "no file name"
            raise GameNotFound(f"{name}: is neither a saved game nor a file ({reason})") from None
        if stat.S_ISDIR(info.st_mode):
            raise StoreError(f"{name}: is a folder, not a saved game")
        return path


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
        for _ in range(100):
            try:
                fd = os.open(path, flags, 0o600)
            except OSError as error:
                raise StoreError(f"the game cannot be locked ({error.strerror or error})") from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as error:
                os.close(fd)
                if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise StoreError(f"game {id} is being played in another famiglia right now") from None
                raise StoreError(f"the game cannot be locked ({error.strerror or error})") from None
            if same_file(fd, path):
                self._fd = fd
                return
            os.close(fd)  # its last holder removed it as we opened it: take the one at the name now
        raise StoreError("the game cannot be locked (its lock file keeps changing)")

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


def _checked(record: Record) -> None:
    """`StoreError` unless the reader would take `record` back: nothing is saved that cannot be read."""
    try:
        record.check()
    except RecordError as error:
        raise StoreError(str(error)) from None


def _confirmed_turn(record: Record) -> bool:
    """Whether a turn of the game has ended and been confirmed (a take or pass, R4, not awaiting its Enter)."""
    ends = sum(1 for m in record.moves if m.action.step is Step.TAKE)
    waiting = not record.confirmed and bool(record.moves) and record.moves[-1].action.step is Step.TAKE
    return ends - waiting > 0


def _free_numbers(taken: set[int], top: int) -> Iterator[int]:
    """Numbers for a new game: after `top`, the highest ever given, then the gaps once the ids run out."""
    yield from range(top + 1, MAX_ID + 1)
    yield from (n for n in range(1, min(top, MAX_ID + 1)) if n not in taken)


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def _is_file(text: str) -> bool:
    try:
        return os.path.isfile(text)
    except (OSError, ValueError):
        return False
