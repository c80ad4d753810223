"""The replay's application: the keys of `famiglia replay` (its command table, bound by the one binder) on the
model's verbs, run by the one `run_app`.

`a` on a game with no saved analysis analyses it in the background (`Analyst`), the replay going on.

So a signal (SIGTERM, SIGHUP, or an external SIGINT) ends it as it ends `play`: the alternate screen
is left and no hand stays on the terminal; the shell gets 143, 129 or 130.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Final

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app_session
from prompt_toolkit.filters import Never
from prompt_toolkit.input import Input
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.output import Output, create_output

from famiglia.ai.analysis import Analysis, Decision
from famiglia.persistence import Record
from famiglia.phrasebook.catalogue import _

from ..model.replay import REPLAY_COMMANDS, Replay
from ..view.bridge import Painter
from ..view.replay import render_replay
from .analyst import Analyst
from .app import run_app
from .editing import install_editing_keys
from .keys import bind
from .layout import RowsControl, screen_size
from .rowrenderer import ink_for, install_row_renderer, whole_screen

__all__ = ["build_replay_app", "run_replay"]

EXIT_FAILURE: Final = 1


def build_replay_app(replay: Replay, *, path: Path | None = None, level: str | None = None,
                     input: Input | None = None, output: Output | None = None, colour: bool = True) -> Application[int]:
    """The replay on the whole screen, reading `input` and writing `output` (tests use a pipe), in colour or
    without (`colour`, the player's).

    `a` without an analysis analyses the game at `level` (None: the game's own, as `famiglia analyse` does) in
    the background and saves it beside the record at `path` (`famiglia.tui.shell.analyst`).
    """
    output = output or get_app_session().output
    painter = Painter(ink_for(colour, output))

    def drawn(width: int, height: int) -> tuple[str, ...]:
        return painter.rows(render_replay(replay, width, height), width).text

    app: Application[int] = Application(
        layout=Layout(Window(RowsControl(lambda: drawn(*screen_size())), wrap_lines=False, always_hide_cursor=True)),
        key_bindings=bind(REPLAY_COMMANDS, replay, ends=lambda: replay.exit_code if replay.done else None),
        full_screen=True,
        input=input,
        output=output,
    )
    install_editing_keys(app, Never())  # no line to edit: mouse-like input ignored, Ctrl-Q no quoted insert
    app.ttimeoutlen = 0.05
    app.max_render_postpone_time = None  # a redraw is the rows written straight out: made at once
    install_row_renderer(app, whole_screen(drawn))
    Analyst(replay, path=path, level=level).attach(app)
    return app


def run_replay(record: Record, *, analysis: Analysis | None = None, note: str | None = None,
               path: Path | None = None, level: str | None = None, colour: bool = True,
               to_train: Callable[[Decision, Analysis], str] | None = None,
               to_play_on: Callable[[Decision], str | None] | None = None) -> int:
    """Show the replay of `record` in the terminal's alternate screen (so no hand stays in the scrollback).

    `analysis` is the game's saved analysis, if there is one; `note` why a saved one is not used; `path`
    the record's file, beside which an analysis made with `a` (at `level`) is saved; `colour` as the
    player asked; `to_train` and `to_play_on` what `t` and `c` do at a marked decision (`Replay`).
    """
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("famiglia: " + _("replay needs a terminal (standard input and output are not one); 'famiglia log' "
                               "prints a game"), file=sys.stderr)
        return EXIT_FAILURE
    output = create_output()
    try:  # the one run_app of the screen: SIGTERM, SIGHUP and SIGINT leave the alternate screen as play does
        replay = Replay(record, analysis=analysis, note=note)
        replay.to_train, replay.to_play_on = to_train, to_play_on
        return asyncio.run(run_app(build_replay_app(replay, path=path, level=level, output=output, colour=colour)))
    except Exception as error:  # one line, never a traceback; nothing is saved by a replay
        output.enable_autowrap()
        output.flush()
        said = _("the replay stopped on an unexpected error ({error})").format(error=f"{type(error).__name__}: {error}")
        print(f"famiglia: {said}", file=sys.stderr)
        return EXIT_FAILURE
