"""Fixtures for the whole suite: saved games go to a fresh folder of the test's own, never the user's.

`famiglia play` saves every game (docs/records.md); `FAMIGLIA_HOME` points it at the test's temporary
directory, for the code under test and for any process a test starts (tmux inherits it too).
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _saved_games_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path_factory.mktemp("famiglia-home") / "saved"
    monkeypatch.setenv("FAMIGLIA_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def _settings_folder(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The settings file (docs/settings.md) likewise: a fresh folder, so no player's settings reach a test."""
    folder = tmp_path_factory.mktemp("famiglia-config")
    monkeypatch.setenv("FAMIGLIA_CONFIG", str(folder))
    return folder
