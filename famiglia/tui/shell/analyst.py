"""The replay's analysis on demand: `a` without a saved analysis analyses the game off the screen's loop.

`Analyst(replay, path=..., level=...).attach(app)` gives the replay its `begin_analysis`. The analysis
is the one `famiglia analyse` makes (`famiglia.tui.model.kept_analysis.analyse_record`: the same seeds,
the same figures), worked out in a daemon thread of its own, as the computer's search is
(`famiglia.tui.shell.computer`): the replay goes on meanwhile, and each decision rated moves the
progress on the screen. The thread only computes; it never touches the replay, nor a file. Its
result comes back to the loop, which hands it to the replay and saves it beside the game
(`keep_analysis`, written atomically), so a second replay or `famiglia analyse` finds it at once.

Leaving the replay cancels the waiting task (prompt_toolkit cancels an application's background
tasks when it ends): the thread is told to stop, and stops at the next decision it would rate,
without saving anything; nobody waits for it, and as a daemon it never keeps the program alive.
A saved analysis that cannot be read (`note`) is left as it is: the new analysis is shown, not saved.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import threading
from functools import partial
from pathlib import Path
from typing import Any, Final

from prompt_toolkit.application import Application

from famiglia.ai.analysis import Analysis
from famiglia.persistence import printable
from famiglia.phrasebook.catalogue import _

from ..model.kept_analysis import analyse_record, decisions_to_rate, kept_beside
from ..model.replay import Replay

__all__ = ["Analyst"]

THREAD_NAME: Final = "famiglia-analysis"


class _Stopped(Exception):
    """Raised in the analysis thread, at a decision's end, once the replay has been left."""


class Analyst:
    """Analyses one replay's game in the background when its `a` asks; see the module docstring.

    `path` is the record's file (the analysis is saved beside it; None: kept nowhere), `level` the
    level of the analysis (None: the game's own, `famiglia analyse`'s default).
    """

    def __init__(self, replay: Replay, *, path: Path | None = None, level: str | None = None) -> None:
        self.replay = replay
        self.path = path
        self.level = level
        self.thread: threading.Thread | None = None  # the analysis thread, once started (tests watch it end)
        self._app: Application[Any] | None = None
        self._task: asyncio.Task[None] | None = None

    def attach(self, app: Application[Any]) -> Analyst:
        self._app = app
        self.replay.begin_analysis = self.begin
        return self

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def begin(self) -> None:
        """Start the analysis (the replay says it is running if `a` is pressed again meanwhile)."""
        if self._app is None or self.running:
            return
        self.replay.analysis_begins(decisions_to_rate(self.replay.record))
        self._task = self._app.create_background_task(self._analyse())
        self._redraw()

    async def _analyse(self) -> None:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Analysis] = loop.create_future()
        stop = threading.Event()
        record, level = self.replay.record, self.level

        def on_loop(work: partial[None]) -> None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the replay is over, nobody waits
                loop.call_soon_threadsafe(work)

        def advanced(n: int) -> None:
            if stop.is_set():
                raise _Stopped
            on_loop(partial(self._advanced, n))

        def settle(outcome: partial[None]) -> None:
            if not future.done():
                outcome()

        def run() -> None:
            try:
                outcome = partial(future.set_result, analyse_record(record, level=level, progress=advanced))
            except _Stopped:
                return
            except Exception as error:  # handed to the loop, which says so in one line
                outcome = partial(future.set_exception, error)
            on_loop(partial(settle, outcome))

        # in the screen's context, so the analysis speaks the player's language (phrasebook.catalogue)
        self.thread = threading.Thread(target=contextvars.copy_context().run, args=(run,), name=THREAD_NAME,
                                       daemon=True)
        self.thread.start()
        try:
            analysis = await future
        except asyncio.CancelledError:  # the replay is left: the thread stops at its next decision
            stop.set()
            raise
        except Exception as error:
            said = _("The analysis stopped on an unexpected error ({error}); a tries again.")
            self.replay.analysis_failed(said.format(error=f"{type(error).__name__}: {printable(str(error), 80)}"))
            self._redraw()
            return
        self.replay.analysis_done(analysis, self._save(analysis))
        self._redraw()

    def _advanced(self, n: int) -> None:
        self.replay.analysis_advanced(n)
        self._redraw()

    def _save(self, analysis: Analysis) -> str | None:
        """Save the analysis beside the game; what to say if it is not saved (one line), else None."""
        return kept_beside(self.path, self.replay.record, analysis, note=self.replay.note)

    def _redraw(self) -> None:
        if self._app is not None:
            self._app.invalidate()
