"""Reading a file that someone else may have put there: a saved game, the settings, a saved analysis, the note
of the highest id given.

All of them are read this one way (a test walks the source for any other), because each can be replaced
by anything a user (or a mistake) puts at its path: a named pipe must not block the program (the file is
opened non-blocking), a folder or a device is refused for what it is, and a file far larger than ours is
refused before it is read, so a stray disk image costs one `fstat`. What a caller reports is one line, the
file's name followed by the words of `Unreadable`; the file itself is never changed.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from famiglia.phrasebook.catalogue import _, ngettext

__all__ = ["Unreadable", "read_text"]


class Unreadable(Exception):
    """Why a file cannot be used, in the words that follow its name: 'is not a file'."""


def read_text(path: Path, *, limit: int, kind: str, follow: bool = True) -> str:
    """The UTF-8 text of the regular file at `path`, at most `limit` bytes.

    Raises `FileNotFoundError` when there is no file, so that a caller can treat that as "none yet",
    and `Unreadable` otherwise, its words naming `kind` ("a game record") where they need it.
    `follow=False` refuses a symbolic link, for the data directory, where nothing should be one.
    """
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | (0 if follow else os.O_NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as error:
        if error.errno == errno.ELOOP and not follow:
            raise Unreadable(_("is a symbolic link, which famiglia does not follow")) from None
        raise Unreadable(_("cannot be read ({reason})").format(reason=error.strerror or error)) from None
    except ValueError:  # a NUL in the name: no file can have it
        raise Unreadable(_("there is no such file (a file name has no NUL character)")) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise Unreadable(_("is a folder, which is not a file"))
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable(_("is not a file"))
        if info.st_size > limit:
            raise Unreadable(ngettext("is too large to be {kind} ({size} byte)",
                                      "is too large to be {kind} ({size} bytes)", info.st_size).format(
                kind=kind, size=info.st_size))
        with os.fdopen(os.dup(fd), "rb") as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise Unreadable(_("cannot be read ({reason})").format(reason=error.strerror or error)) from None
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew between the fstat and the read
        raise Unreadable(_("is too large to be {kind}").format(kind=kind))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise Unreadable(_("is not UTF-8 text")) from None
