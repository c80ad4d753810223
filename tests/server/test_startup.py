"""`famiglia serve` refuses what it cannot use in one line, exit status 1, before it says anything of listening.

Each case gives serve a bad option or a bad file (missing, a folder, not a file, empty, no key in it,
a damaged host key, a data folder whose `server` is a file) and runs the real command.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.drivers.servecommand import run_serve

pytestmark = pytest.mark.slow

def _file(name: str, text: str) -> Callable[[Path], str]:
    def made(home: Path) -> str:
        (home / name).write_text(text, encoding="utf-8")
        return str(home / name)
    return made


def _bytes(name: str, data: bytes) -> Callable[[Path], str]:
    def made(home: Path) -> str:
        (home / name).write_bytes(data)
        return str(home / name)
    return made


def _fifo(home: Path) -> str:
    os.mkfifo(home / "pipe")
    return str(home / "pipe")


def _folder(home: Path) -> str:
    (home / "folder").mkdir()
    return str(home / "folder")


def _in_server(name: str, make: Callable[[Path], None]) -> Callable[[Path], None]:
    def made(home: Path) -> None:
        (home / "server").mkdir(mode=0o700)
        make(home / "server" / name)
    return made


def _key(text: bytes) -> Callable[[Path], None]:
    def made(path: Path) -> None:
        path.write_bytes(text)
        path.chmod(0o600)
    return made


# (case, option, its file made in the home, something the one line names)
OPTION_FILES = [
    ("password missing", "--password-file", lambda home: str(home / "nowhere"), "--password-file"),
    ("keys missing", "--authorized-keys", lambda home: str(home / "nowhere"), "--authorized-keys"),
    ("password a folder", "--password-file", _folder, "folder"),
    ("keys a folder", "--authorized-keys", _folder, "folder"),
    ("password a pipe", "--password-file", _fifo, "not a file"),
    ("password empty", "--password-file", _file("empty", ""), "empty"),
    ("password blank lines", "--password-file", _file("blank", "\n\n"), "empty"),
    ("keys empty", "--authorized-keys", _file("keys", ""), "no SSH public key"),
    ("keys comments only", "--authorized-keys", _file("keys", "# friends\n\n"), "no SSH public key"),
    ("keys no valid key", "--authorized-keys", _file("keys", "ssh-ed25519 AAAAnotakey anna\n"), "no SSH public key"),
    ("password not text", "--password-file", _bytes("word", b"\xff\xfe\n"), "UTF-8"),
    ("password no name", "--password-file", lambda home: "", "file name"),
]

# (case, what is wrong in the data folder, something the one line names)
DATA_FOLDERS: list[tuple[str, Callable[[Path], None], str]] = [
    ("server is a file", lambda home: (home / "server").write_text("x"), "not a folder"),
    ("host key damaged", _in_server("host_key", _key(b"-----BEGIN OPENSSH PRIVATE KEY-----\ngarbage\n")),
     "host key"),
    ("host key empty", _in_server("host_key", _key(b"")), "host key"),
    ("host key a folder", _in_server("host_key", lambda path: path.mkdir()), "host key"),
    ("log a folder", _in_server("serve.log", lambda path: path.mkdir()), "serve.log"),
]


def _refused_in_one_line(home: Path, *args: str) -> str:
    served = run_serve(home, "--port", "0", *args)
    assert not served.ready and "listening" not in served.out + served.err, served
    assert served.code == 1, served
    assert "Traceback" not in served.err and served.err.count("\n") == 1 and served.err.startswith("famiglia: "), \
        served
    return served.err


@pytest.mark.parametrize(("case", "option", "make", "named"), OPTION_FILES, ids=[c[0] for c in OPTION_FILES])
def test_a_bad_option_file_is_one_line_and_exit_status_1(tmp_path: Path, case: str, option: str,
                                                         make: Callable[[Path], str], named: str) -> None:
    err = _refused_in_one_line(tmp_path, option, make(tmp_path))
    assert named in err, err
    assert not (tmp_path / "server").exists()  # the files the options name are read before anything is made


@pytest.mark.parametrize(("case", "make", "named"), DATA_FOLDERS, ids=[c[0] for c in DATA_FOLDERS])
def test_a_bad_server_folder_is_one_line_and_exit_status_1(tmp_path: Path, case: str, make: Callable[[Path], None],
                                                           named: str) -> None:
    make(tmp_path)
    err = _refused_in_one_line(tmp_path)
    assert named in err, err


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root reads a file of mode 000")
def test_a_password_file_nobody_may_read_is_one_line(tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.write_text("word\n")
    secret.chmod(0)
    assert "--password-file" in _refused_in_one_line(tmp_path, "--password-file", str(secret))


def test_a_host_name_no_resolver_can_encode_is_one_line(tmp_path: Path) -> None:
    assert "cannot listen" in _refused_in_one_line(tmp_path, "--host", "N" * 5000)


def test_a_good_password_file_and_keys_file_still_start_the_server(tmp_path: Path) -> None:
    (tmp_path / "word").write_text("sesame\n")
    import asyncssh

    public = asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode()
    (tmp_path / "keys").write_text("# friends\n" + public)
    served = run_serve(tmp_path, "--port", "0", "--password-file", "word", "--authorized-keys", "keys")
    assert served.ready and served.code == 0 and "Traceback" not in served.err, served
