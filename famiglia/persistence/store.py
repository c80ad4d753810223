"""Where saved games live: one record file per game in the user's data directory, written safely.

The files hold hidden information (both hands, the order of the draw stack, the generator's state),
so the directory is made 0700 and every file 0600, and nothing is ever written through a symbolic
link or into a file that is not ours: a new game gets the next free number by linking a finished
temporary file to its name (which fails if anything at all is there, so two games never share a
file), and an update writes a temporary file beside it, syncs it and renames it over the old one,
so a kill at any moment leaves the old save or the new one, never a torn file. Reading a file never
changes it; one that cannot be read is reported, and kept.

`Store` is the one face of the folder; its parts live beside it: the ids and the high-water mark
(`ids`), the sittings' locks (`locks`), reading, listing and what `ID|FILE` names (`finding`),
removing a game with its analysis (`deleting`), and a save's temporary file with the tidying of
what killed famiglias leave (`leftovers`).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Final

from famiglia.engine import Game
from famiglia.phrasebook.catalogue import _

from .deleting import delete_game
from .errors import GameNotFound, StoreError
from .finding import Entry, classify, game_files, kept, latest_unfinished, read_all, read_record, same_folder
from .ids import analysed, file_id, free_numbers, highest, note_highest, parse_id
from .leftovers import remove_unplayed, sweep, write_temp
from .locks import GameLock, lock_path
from .record import Record, RecordError, printable
from .writing import folder_lock, private_folder, sync_folder

__all__ = ["ENV", "Store", "data_dir"]

ENV: Final = "FAMIGLIA_HOME"  # overrides the data directory (the tests use it)


def data_dir() -> Path:
    """The directory of saved games: `$FAMIGLIA_HOME` if set, else the platform's user data directory."""
    home = os.environ.get(ENV)
    if home:
        return Path(home)
    import platformdirs

    return Path(platformdirs.user_data_dir("famiglia", appauthor=False))


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
            raise StoreError(_("the folder for saved games {root} cannot be made ({reason})").format(
                root=root, reason=error.strerror or error)) from None
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
            raise StoreError(_("the folder for saved games {root} cannot be read ({reason})").format(
                root=root, reason=error.strerror or error)) from None
        if stat.S_ISLNK(info.st_mode):
            raise StoreError(_("the folder for saved games {root} is a symbolic link, "
                               "which famiglia does not follow").format(root=root))
        if not stat.S_ISDIR(info.st_mode):
            raise StoreError(_("the folder for saved games {root} is not a folder").format(root=root))
        if hasattr(os, "getuid") and info.st_uid != os.getuid():
            raise StoreError(_("the folder for saved games {root} belongs to another user").format(root=root))
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

        The number is one more than the highest ever given here (`ids.HIGHEST` keeps it, so the id of a
        deleted game is not given again, and a stats line or an old analysis never names another game);
        once that would pass `MAX_ID`, the lowest free one. Two famiglias take turns (`folder_lock`), and
        the new file is linked to its name, which fails if anything is there. The new game is locked for
        this store until a sitting takes it with `lock`.
        """
        _checked(record)
        root = self.ready()
        with self._turn():
            return self._create(root, record, game)

    def _create(self, root: Path, record: Record, game: Game | None) -> tuple[Path, Record]:
        sweep(root)
        taken = {e.number for e in game_files(root)}
        numbers = free_numbers(taken, max(highest(root), *taken, *analysed(root), 0))
        for number in itertools.islice(numbers, 1000):
            id = str(number)
            try:
                lock = GameLock(lock_path(root, id), id)
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
            note_highest(root, number)
            return path, numbered
        raise StoreError(_("no free name for a new game in {root}").format(root=root))

    @contextlib.contextmanager
    def _turn(self) -> Iterator[None]:
        """The data directory to this famiglia alone while it numbers or removes a game (`folder_lock`)."""
        with contextlib.ExitStack() as held:
            try:
                held.enter_context(folder_lock(self.root))
            except OSError as error:
                raise StoreError(_("the folder for saved games {root} cannot be locked ({reason})").format(
                    root=self.root, reason=error.strerror or error)) from None
            yield

    def update(self, path: Path, record: Record, game: Game | None = None) -> tuple[Path, Record]:
        """Replace the saved game at `path` by `record` in one step; a new file if the name was taken over.

        Whatever sits at `path` is replaced, never written into or followed: a link at the name is
        replaced by the file. If a folder sits there now, the game goes to a new number instead. A
        `path` that is no game file of this directory is refused: nothing is written elsewhere.
        """
        root = self.ready()
        id = file_id(path)
        if id is None or not same_folder(path.parent, root):
            raise StoreError(_("{path} is not a game file of the folder for saved games {root}").format(
                path=printable(str(path), 120), root=root))
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
        return write_temp(self.root, text)

    # -- locking, removing, tidying -------------------------------------------------------------------------

    def lock(self, id: str) -> GameLock:
        """Hold game `id` for this sitting; `StoreError` if another famiglia is playing it now."""
        held = self._held.pop(id, None)
        if held is not None and held.holding:
            return held
        if not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", id):
            raise StoreError(_("{id} is not the id of a saved game").format(id=repr(printable(id, 40))))
        return GameLock(lock_path(self.ready(), id), id)

    def is_locked(self, id: str) -> bool:
        """Whether a sitting (in this process or another) is playing game `id` right now."""
        id = parse_id(id)
        if not self._usable():
            return False
        if id in self._held:
            return True
        try:
            GameLock(lock_path(self.root, id), id).release()
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
            raise GameNotFound(_("there is no saved game {id} ('famiglia games' lists the saved games)").format(id=id))
        with self._turn():
            return delete_game(self.root, id)

    def tidy(self) -> list[str]:
        """On starting: remove what is provably nobody's, and the games in which no turn was ever confirmed.

        Temporary files and lock files that no running famiglia holds go; so does a game with no
        confirmed turn that no sitting is playing now, unless it is a network game (`famiglia serve`
        keeps it, and its table comes back with it). A file that cannot be read is left alone.
        Returns the ids of the games removed.
        """
        if not self._usable():
            return []
        sweep(self.root)
        return remove_unplayed(self.root, self._held)

    # -- reading --------------------------------------------------------------------------------------------

    def entries(self) -> list[Entry]:
        """The saved games, newest first, each read and replayed or with its problem (what `games` lists).

        A game in which no turn was ever confirmed is not listed (`tidy` removes it on the next start),
        unless it is a network game: the server keeps it.
        """
        return [e for e in self._read_all() if e.record is None or kept(e.record)]

    def _read_all(self) -> list[Entry]:
        return read_all(self.root) if self._usable() else []

    def find(self, id: str) -> tuple[Path, Record]:
        """The saved game `id` (its number), read and replayed; `GameNotFound` or `StoreError` if not."""
        id = parse_id(id)
        self._usable()
        path = self.path(id)
        if not os.path.lexists(path):
            raise GameNotFound(_("there is no saved game {id} ('famiglia games' lists the saved games)").format(id=id))
        return path, read_record(path, follow=False)

    def latest_unfinished(self) -> tuple[Path, Record] | None:
        """The unfinished game saved last, or None; files that cannot be read are passed over.

        A game not listed because no turn of it was confirmed is found here too: a game killed in
        its first turn is resumed by `famiglia resume` like any other, until the next new game.
        """
        return latest_unfinished(self._read_all())

    def holds(self, path: Path) -> bool:
        """Whether `path` is itself a game file of this directory (no link to one), so playing it saves into it."""
        try:
            return file_id(path) is not None and not path.is_symlink() and same_folder(path.parent, self.root)
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
        if self._usable() and file_id(real) is not None and same_folder(real.parent, self.root):
            return self.path(real.name.removeprefix("game-").removesuffix(".json"))
        return None

    def adopt(self, path: Path) -> tuple[Path | None, Record]:
        """Read the record file `path` to play it on: its game file here (None: it is saved anew) and its record."""
        record = read_record(path, given=True)
        own = self.own_path(path)
        if own is None:
            return None, record
        return own, read_record(own, follow=False)

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
                    raise GameNotFound(_("there is no unfinished game to resume "
                                         "('famiglia games' lists the saved games)"))
                return (*found, True)
            if not entries:
                raise GameNotFound(_("there is no saved game yet ('famiglia play' starts one)"))
            latest = max(entries, key=lambda e: (e.record.updated if e.record else "", e.number))
            assert latest.record is not None
            return latest.path, latest.record, True
        found_id = classify(target)
        if isinstance(found_id, str):
            return (*self.find(found_id), True)
        own, record = self.adopt(found_id)
        return (found_id, record, False) if own is None else (own, record, True)


def _checked(record: Record) -> None:
    """`StoreError` unless the reader would take `record` back: nothing is saved that cannot be read."""
    try:
        record.check()
    except RecordError as error:
        raise StoreError(str(error)) from None
