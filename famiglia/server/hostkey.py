"""The server's host key: Ed25519, made on the first start, kept private in the data directory, then reused.

Joiners check the key's fingerprint, as OpenSSH shows it (`SHA256:…`), against the one the server
printed; the same key every start keeps that check worth making, and `ssh` quiet about a changed key.
A key file that others may read is no secret any more, and a symbolic link may point anywhere: both
are refused in one line, and the file is left as it is.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Final

import asyncssh

from famiglia.persistence.writing import private_folder
from famiglia.phrasebook.catalogue import _

__all__ = ["KEY_NAME", "HostKeyError", "fingerprint", "host_key"]

KEY_NAME: Final = "host_key"  # in the server's folder of the data directory
_LIMIT: Final = 64 * 1024  # an Ed25519 key in OpenSSH's format is under 500 bytes
_CREATE: Final = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


class HostKeyError(Exception):
    """The host key cannot be used or made; the message says why in one line, with the file's path."""


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The host key kept in `folder`, made (mode 0600) if there is none; `HostKeyError` if it cannot be used."""
    path = folder / KEY_NAME
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return _make(folder, path)
    except OSError as error:
        raise HostKeyError(_("the host key {path} cannot be read ({reason})").format(
            path=path, reason=error.strerror or error)) from None
    if stat.S_ISLNK(info.st_mode):
        raise HostKeyError(_("the host key {path} is a symbolic link, which famiglia does not follow: "
                             "put the key file itself there").format(path=path))
    if not stat.S_ISREG(info.st_mode):
        raise HostKeyError(_("the host key {path} is not a file").format(path=path))
    if hasattr(os, "getuid") and info.st_uid != os.getuid():
        raise HostKeyError(_("the host key {path} belongs to another user").format(path=path))
    if stat.S_IMODE(info.st_mode) & 0o077:
        raise HostKeyError(_("the host key {path} can be read by others (mode {mode}): "
                             "'chmod 600 {path}' keeps it secret, or delete it for a new one").format(
            path=path, mode=f"{stat.S_IMODE(info.st_mode):04o}"))
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
        with os.fdopen(fd, "rb") as file:
            data = file.read(_LIMIT + 1)
    except OSError as error:
        raise HostKeyError(_("the host key {path} cannot be read ({reason})").format(
            path=path, reason=error.strerror or error)) from None
    if len(data) > _LIMIT:
        raise HostKeyError(_("the host key {path} is too large to be a key").format(path=path))
    try:
        key = asyncssh.import_private_key(data)
    except (asyncssh.KeyImportError, ValueError) as error:
        raise HostKeyError(_("the host key {path} is not a private key famiglia can read ({reason})").format(
            path=path, reason=error)) from None
    if key.get_algorithm() != "ssh-ed25519":
        raise HostKeyError(_("the host key {path} is a {algorithm} key, not ssh-ed25519").format(
            path=path, algorithm=key.get_algorithm()))
    return key


def _make(folder: Path, path: Path) -> asyncssh.SSHKey:
    key = asyncssh.generate_private_key("ssh-ed25519")
    data = key.export_private_key()
    try:
        private_folder(folder)
        fd = os.open(path, _CREATE, 0o600)
        try:
            if stat.S_IMODE(os.fstat(fd).st_mode) != 0o600:
                os.fchmod(fd, 0o600)
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
            os.fsync(fd)
        finally:
            os.close(fd)
    except FileExistsError:  # another server made it meanwhile: that one is the key
        return host_key(folder)
    except OSError as error:
        raise HostKeyError(_("the host key {path} cannot be made ({reason})").format(
            path=path, reason=error.strerror or error)) from None
    return key


def fingerprint(key: asyncssh.SSHKey) -> str:
    """The key's fingerprint exactly as `ssh` and `ssh-keygen -lf` show it: `SHA256:` and unpadded base64."""
    return str(key.get_fingerprint("sha256"))
