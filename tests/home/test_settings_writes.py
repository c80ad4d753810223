"""Writing the settings file: never a setting lost, never a write reported that did not happen, always one line.

Issue 22: `famiglia settings set level hard & famiglia settings set confirm false & wait` printed "set"
twice and kept one of them (7 of 60 trials), and the Settings page wrote the same way; a `settings.toml`
that is a link in a loop gave a traceback from `settings set` and "Unhandled exception in event loop" on
the Settings page, and so did a configuration folder of mode 000 (`settings set` then said `famiglia:
Permission denied`); under `umask 000` the folder was made `drwxrwxrwx`.
"""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from famiglia import cli
from famiglia.commands import home as home_command
from famiglia.persistence import Store
from famiglia.profile.settings import Settings, load, settings_path, write_value
from tests.drivers.app import at_home

ROUNDS = 6
WRITES = (("level", "hard"), ("confirm", "false"), ("colour", "false"), ("memory-aid", "true"),
          ("names", "Anna"))


@pytest.mark.slow
def test_settings_set_at_once_in_many_famiglias_keeps_every_value(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Five `settings set` at once, and the Settings page's write in this famiglia meanwhile: all of them land,
    round after round; each said what it set, and it is what the file holds."""
    env = {**os.environ}
    for round_ in range(ROUNDS):
        folder = tmp_path / f"config-{round_}"
        env["FAMIGLIA_CONFIG"] = str(folder)
        monkeypatch.setenv("FAMIGLIA_CONFIG", str(folder))
        setters = [subprocess.Popen([sys.executable, "-m", "famiglia", "settings", "set", key, value], env=env,
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                   for key, value in WRITES]
        screen = threading.Thread(target=write_value, args=("names", ("Anna", "Ben")))  # as the page writes
        screen.start()
        outcomes = [setter.communicate(timeout=120) for setter in setters]
        screen.join(30)
        assert [setter.returncode for setter in setters] == [0] * len(WRITES), outcomes
        assert all(" set to " in out for out, _ in outcomes) and all(err == "" for _, err in outcomes), outcomes
        settings = load().settings
        assert (settings.level, settings.confirm, settings.colour, settings.memory_aid) == ("hard", False, False,
                                                                                              True), round_
        assert settings.names in (("Anna",), ("Anna", "Ben")), round_
        assert not [p for p in folder.iterdir() if p.name != "settings.toml"]  # no temporary file left


def test_settings_set_says_what_it_set_and_takes_the_options_spelling(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["settings", "set", "memory-aid", "yes"]) == 0
    assert capsys.readouterr().out == f"memory_aid set to true in {settings_path()}\n"
    assert cli.main(["settings", "set", "names", "Anna Maria", "Ben"]) == 0
    assert capsys.readouterr().out == f'names set to ["Anna Maria", "Ben"] in {settings_path()}\n'
    assert cli.main(["settings", "unset", "Memory-Aid"]) == 0
    assert capsys.readouterr().out == f"memory_aid forgotten in {settings_path()}: its default applies (false)\n"
    assert load().settings == Settings(names=("Anna Maria", "Ben"))


def test_under_umask_000_the_folder_is_made_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "made" / "famiglia"
    monkeypatch.setenv("FAMIGLIA_CONFIG", str(folder))
    old = os.umask(0)
    try:
        assert cli.main(["settings", "set", "level", "hard"]) == 0
    finally:
        os.umask(old)
    for made in (folder, folder.parent):
        assert stat.S_IMODE(os.lstat(made).st_mode) == 0o700, made
    assert stat.S_IMODE(os.lstat(settings_path()).st_mode) == 0o600


def test_a_file_that_is_there_keeps_its_mode(tmp_path: Path) -> None:
    settings_path().write_text('level = "easy"\n', encoding="utf-8")
    os.chmod(settings_path(), 0o640)
    write_value("level", "hard")
    assert stat.S_IMODE(os.lstat(settings_path()).st_mode) == 0o640 and load().settings.level == "hard"


def _one_usage_line(capsys: pytest.CaptureFixture[str], *words: str) -> str:
    assert cli.main(["settings", "set", "level", "hard"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert captured.err.startswith("famiglia: error: settings file ") and all(w in captured.err for w in words), \
        captured.err
    return captured.err


def _said_on_the_settings_page() -> str:
    """Enter on the level on the Settings page: what the message line says (the page is still running)."""
    home = home_command._home(Store())
    shown: list[str] = []
    at_home(home, "7", "\x1b[B", "\r", check=lambda k: shown.append(k.screen()))
    assert home.message is not None and "\n" not in home.message
    assert " ".join(home.message.split()[:2]) in " ".join(shown[0].split())
    return home.message


def test_a_settings_file_that_is_a_link_in_a_loop_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    settings_path().symlink_to(settings_path().name)
    _one_usage_line(capsys, "link", "loop", "it is not changed")
    assert cli.main(["settings"]) == 0
    assert capsys.readouterr().err.count("\n") == 1
    assert "loop" in _said_on_the_settings_page()
    assert settings_path().is_symlink() and os.readlink(settings_path()) == settings_path().name


@contextmanager
def _refused(folder: Path) -> Iterator[None]:
    """The configuration folder as a mode of 000 makes it for anyone but root: every look inside is refused.

    The tests run as root, whom modes do not stop, so the operating system's answer is given here instead,
    for every call famiglia makes into the folder (and for the folder itself, which cannot be listed).
    """
    inside = str(folder)

    def refuse(real: Any, *, itself: bool) -> Any:
        def call(path: Any, *args: Any, **kwargs: Any) -> Any:
            text = os.fsdecode(path) if isinstance(path, str | bytes | os.PathLike) else ""
            if text.startswith(inside + os.sep) or (itself and text == inside):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), text)
            return real(path, *args, **kwargs)
        return call

    patch = pytest.MonkeyPatch()
    for name, itself in (("open", True), ("lstat", False), ("stat", False), ("scandir", True), ("mkdir", False)):
        patch.setattr(os, name, refuse(getattr(os, name), itself=itself))
    try:
        yield
    finally:
        patch.undo()


@pytest.mark.parametrize("how", ["mode 000", "refused as by mode 000"])
def test_a_configuration_folder_that_cannot_be_entered_is_one_line(how: str,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    folder = settings_path().parent
    settings_path().write_text('level = "easy"\n', encoding="utf-8")
    if how == "mode 000":
        if os.geteuid() == 0:
            pytest.skip("root enters a folder of mode 000; the next case refuses it as the system would")
        os.chmod(folder, 0)
        context: Any = _restored(folder)
    else:
        context = _refused(folder)
    with context:
        _one_usage_line(capsys, "cannot be written", "Permission denied", "it is not changed")
        assert cli.main(["settings"]) == 0
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "Permission denied" in err and "the default settings are used" in err
        assert "Permission denied" in _said_on_the_settings_page()
    assert settings_path().read_text(encoding="utf-8") == 'level = "easy"\n'


@contextmanager
def _restored(folder: Path) -> Iterator[None]:
    try:
        yield
    finally:
        os.chmod(folder, 0o700)
