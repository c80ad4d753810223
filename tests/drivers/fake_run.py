"""The stand-ins for the screen's `run_play`: what a command hands to the screen, instead of a terminal.

`famiglia play`, `resume`, the home screen's New game and the settings all start a game through
`famiglia.tui.run_play(**options)`; `fake_run_play` puts a stand-in there (the rest of the screen package
stays importable) that records the options of its last call and answers with an exit status. `Sittings`
goes further: it plays each sitting a command starts on a pipe (`tests.drivers.app`), with a script.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest

import famiglia.tui
import famiglia.tui.shell.app as app_module
from famiglia.tui.model.saving import Autosave
from famiglia.tui.model.session import Session

from .app import Player, play

__all__ = ["Script", "Sittings", "fake_run_play"]

Script = Callable[[Player], Awaitable[None]]


def fake_run_play(monkeypatch: pytest.MonkeyPatch, *, status: int = 0) -> dict[str, Any]:
    """Replace `famiglia.tui.run_play` for the test; the options it is called with, as they come.

    The stand-in returns `status`; a test that puts an exception under the key `"raise"` has it raised.
    """
    calls: dict[str, Any] = {}

    def run_play(**options: Any) -> int:
        calls.update(options)
        behaviour = calls.get("raise")
        if behaviour is not None:
            raise behaviour
        return status

    monkeypatch.setattr(famiglia.tui, "run_play", run_play)
    return calls


class Sittings:
    """Runs each sitting `main` starts on a pipe, with the next script; keeps the sessions it ran."""

    def __init__(self) -> None:
        self.scripts: list[Script] = []
        self.sessions: list[Session] = []

    @classmethod
    def install(cls, monkeypatch: pytest.MonkeyPatch) -> Sittings:
        """Put the sittings in place of the screen's `run_play` for the test."""
        runs = cls()
        monkeypatch.setattr(app_module, "run_play", runs.run_play)
        return runs

    def run_play(self, *, session: Session | None = None, colour: bool = True, **options: Any) -> int:
        if session is None:
            session = Session(**options)
        session.guard.guard = 0  # the handoff's guard against a hasty Enter: the script waits for the handoff
        saver = Autosave.attach(session)
        self.sessions.append(session)
        code = play(session, self.scripts.pop(0), columns=100, rows=30)
        saver.close(session)
        return code
