"""The replay's application: the keys of `famiglia replay` on the model's verbs, run by the one `run_app`."""

from __future__ import annotations

import asyncio
import sys
from typing import Final

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import FormattedTextControl, Layout, Window
from prompt_toolkit.output import Output

from famiglia.persistence import Record

from ..model.replay import Replay
from ..view.bridge import ansi_text
from ..view.replay import render_replay

__all__ = ["build_replay_app", "run_replay"]

EXIT_OK: Final = 0
EXIT_FAILURE: Final = 1


def _bindings(replay: Replay) -> KeyBindings:
    keys = KeyBindings()

    def leave(event: KeyPressEvent) -> None:
        replay.done = True
        event.app.exit(result=EXIT_OK)

    def after(event: KeyPressEvent) -> None:
        if replay.done:
            event.app.exit(result=EXIT_OK)

    @keys.add("y")
    def _(event: KeyPressEvent) -> None:
        if replay.asking:
            replay.answer(True)

    @keys.add("n", eager=True)
    def _(event: KeyPressEvent) -> None:
        if replay.asking:
            replay.answer(False)
            after(event)
        else:
            replay.step(1)

    for key in ("right", " ", "pagedown"):
        keys.add(key)(lambda event: None if replay.asking else replay.step(1))
    for key in ("left", "p", "pageup"):
        keys.add(key)(lambda event: None if replay.asking else replay.step(-1))
    keys.add("home")(lambda event: None if replay.asking else replay.home())
    keys.add("end")(lambda event: None if replay.asking else replay.end())
    keys.add("enter")(lambda event: None if replay.asking else replay.enter())
    keys.add("backspace")(lambda event: replay.backspace())
    for digit in "0123456789":
        keys.add(digit)(lambda event, d=digit: None if replay.asking else replay.digit(d))
    for key in ("q", "escape", "c-c", "c-d"):
        keys.add(key, eager=True)(leave)
    return keys


def build_replay_app(replay: Replay, *, input: Input | None = None, output: Output | None = None) -> Application[int]:
    """The replay on the whole screen, reading `input` and writing `output` (tests use a pipe)."""

    def text() -> StyleAndTextTuples:
        size = get_app().output.get_size()
        return to_formatted_text(ANSI(ansi_text(render_replay(replay, size.columns, size.rows), width=size.columns)))

    app: Application[int] = Application(
        layout=Layout(Window(FormattedTextControl(text), wrap_lines=False, always_hide_cursor=True)),
        key_bindings=_bindings(replay),
        full_screen=True,
        input=input,
        output=output,
    )
    app.ttimeoutlen = 0.05
    return app


def run_replay(record: Record) -> int:
    """Show the replay of `record` in the terminal's alternate screen (so no hand stays in the scrollback)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("famiglia: replay needs a terminal (standard input and output are not one); "
              "'famiglia log' prints a game", file=sys.stderr)
        return EXIT_FAILURE
    result: int = asyncio.run(build_replay_app(Replay(record)).run_async())
    return result
