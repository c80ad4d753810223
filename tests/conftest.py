"""Fixtures for the whole suite: saved games go to a fresh folder of the test's own, never the user's.

`famiglia play` saves every game (docs/records.md); `FAMIGLIA_HOME` points it at the test's temporary
directory, for the code under test and for any process a test starts (tmux inherits it too).
Every test that plays in a real terminal (it takes the `tmux` fixture) is marked `tmux`, and every test
that runs an application key by key (through `tests.drivers.app` or `tests.drivers.fake_run.Sittings`)
is marked `slow`, so that `-m "not slow and not tmux"` leaves them out.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.drivers import app, fake_run

APPLICATIONS: frozenset[object] = frozenset({app.drive, app.play, app.sitting, app.at_the_table, app.at_home,
                                             fake_run.Sittings})


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


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """The program speaks the terminal's language (docs/languages.md): the tests' is English, whatever the tester's."""
    monkeypatch.setenv("LANGUAGE", "en")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tmux" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.tmux)
        function = getattr(item, "function", None)
        if function is not None and _runs_an_application(function):
            item.add_marker(pytest.mark.slow)


def _runs_an_application(function: Callable[..., Any], seen: set[types.CodeType] | None = None) -> bool:
    """Whether `function`, or a function of its module it calls, names one of the drivers in `APPLICATIONS`."""
    seen = set() if seen is None else seen
    names = function.__globals__
    codes = [function.__code__]
    while codes:
        code = codes.pop()
        if code in seen:
            continue
        seen.add(code)
        codes.extend(const for const in code.co_consts if isinstance(const, types.CodeType))  # its inner functions
        for name in code.co_names:
            found = names.get(name)
            if any(found is driver for driver in APPLICATIONS):
                return True
            if isinstance(found, types.FunctionType) and found.__module__ == function.__module__:
                codes.append(found.__code__)
    return False
