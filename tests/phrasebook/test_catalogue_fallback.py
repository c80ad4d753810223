"""A missing or damaged Italian or German catalogue costs the translation, never the command: English, and one line
of warning on stderr."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import famiglia
import famiglia.phrasebook.catalogue as catalogue
from famiglia import __version__, cli
from tests.drivers.locales import DAMAGES, broken_locale


@pytest.fixture(autouse=True)
def _private_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FAMIGLIA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.mark.parametrize("language", ["it", "de"])
@pytest.mark.parametrize("damage", DAMAGES)
def test_a_broken_catalogue_is_english_after_one_line_of_warning(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str], language: str,
                                                                 damage: str) -> None:
    monkeypatch.setattr(catalogue, "_LOCALE", broken_locale(tmp_path, language, damage))
    assert cli.main(["--lang", language, "--version"]) == 0
    out, err = capsys.readouterr()
    assert out == f"famiglia {__version__}\n"
    assert err.count("\n") == 1 and err.startswith("famiglia: warning: ") and "Traceback" not in err, err
    assert f"'{language}'" in err and "English" in err
    assert cli.main(["--lang", language, "rules"]) == 0  # a command runs, in English
    out, err = capsys.readouterr()
    assert "Famiglia" in out and err.count("\n") == 1
    assert cli.main(["--lang", language, "games", "--yes"]) == 2  # and its refusals are English
    err = capsys.readouterr().err
    assert "error: --yes goes with --delete ID" in err and err.count("\n") == 2


def test_the_language_of_the_terminal_falls_back_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(catalogue, "_LOCALE", broken_locale(tmp_path, "it", "garbage"))
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().err.startswith("famiglia: warning: ")


def test_a_sound_catalogue_says_no_warning(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--lang", "it", "--version"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.slow
def test_an_installed_famiglia_without_its_italian_catalogue_still_answers(tmp_path: Path) -> None:
    """The command itself, from a copy of the package whose Italian `.mo` is gone."""
    copy = tmp_path / "site"
    shutil.copytree(Path(famiglia.__file__).parent, copy / "famiglia",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "famiglia" / "locale" / "it" / "LC_MESSAGES" / "famiglia.mo").unlink()
    env = {**os.environ, "PYTHONPATH": str(copy), "FAMIGLIA_HOME": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([sys.executable, "-m", "famiglia", "--lang", "it", "--version"], env=env, cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == f"famiglia {__version__}\n", done
    assert done.stderr.count("\n") == 1 and str(copy) in done.stderr and "Traceback" not in done.stderr, done.stderr
