"""The guided game's application: the game's own application, with the guide's box over the table.

`build_guided_app` takes the application `build_app` makes for the sitting and adds three things: a
box over the table with the lesson to read (or a refused try explained), standing where it hides
nothing the lesson talks about, and at the end what came up, under the end screen; while a lesson
or a refusal is on show, its own keys in place of the game's: Enter or Esc goes on, `s` skips the
explanations for the rest of the game, `?` and Ctrl-C do what they always do, and any other key
says to read the box first; and the computer waits while a lesson is on show, so that "now the
computer plays its turn" is read before it does. Everything else is the game as `famiglia play`
plays it, saved as it is played; `run_guided` runs it as `run_play` does, the end screen's `a`
included.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import Final

from prompt_toolkit.application import Application
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import ANSI, to_formatted_text
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import ConditionalKeyBindings, KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.key_binding.key_processor import KeyProcessor
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import ConditionalContainer, Float, FloatContainer, FormattedTextControl, Layout, Window
from prompt_toolkit.output import Output, create_output
from rich.console import RenderableType

from famiglia.leaving import leaving

from ..model.home.guide import Guide
from ..model.home.tutor import PLAYER
from ..model.saving import Autosave, crash_save
from ..model.screens import Message
from ..model.session import Screen, Session
from ..view.bridge import ansi_text
from ..view.compose import compose_parts, end_rows
from ..view.guide import REFUSAL_ABOUT, box_top, render_guide, render_summary
from .app import analysis_if_asked, build_app, run_app, say_farewell
from .computer import Computer
from .layout import INPUT_BUFFER, screen_size, too_small

__all__ = ["build_guided_app", "run_guided"]

EXIT_FAILURE: Final = 1
READ_FIRST: Final = "Read the box first: Enter goes on, s skips the explanations."


class _Box:
    """The guide's box as the screen is now: its text with terminal codes, its first row and its rows.

    Worked out once before each redraw (`update`), from the screen's size of that moment: on the table the
    box stands where it hides nothing its lesson talks about (`box_top`); at the end, under the end screen.
    """

    def __init__(self, session: Session, guide: Guide) -> None:
        self.session = session
        self.guide = guide
        self.nudged = False  # the last key waited for the box to be read (the box then says so, louder)
        self.text = ""
        self.top = 0

    @property
    def rows(self) -> int:
        return max(1, self.text.count("\n") + 1)

    def _set(self, drawn: RenderableType, width: int) -> None:
        self.text = ansi_text(drawn, width=width).rstrip("\n")

    def update(self, width: int, height: int, *, on_table: bool) -> None:
        self.text, self.top = "", 0
        game = self.session.game
        if game is None or not on_table:
            return
        view = game.view(PLAYER)
        above_input = height - 1
        if view.is_over:
            summary = self.guide.summary(view)
            if summary is None:
                return
            parts = compose_parts(self.session, width, above_input)[1]
            below = end_rows(self.session, width) + 1  # a blank row under the end screen's content
            drawn = render_summary(summary, width=width, rows=parts["message"].start - below)
            if drawn is not None:
                self._set(drawn, width)
                self.top = below
            return
        drawn = render_guide(self.guide, view, width=width, nudged=self.nudged)
        if drawn is None:
            return
        self._set(drawn, width)
        lesson = self.guide.lesson
        about = lesson.about if self.guide.refused is None and lesson is not None else REFUSAL_ABOUT
        rows, parts = compose_parts(self.session, width, above_input)
        self.top = box_top(rows, parts, about, self.rows)


def _reading_keys(session: Session, guide: Guide, box: _Box, reading: Condition) -> KeyBindings:
    """The keys while a lesson or a refused try is on show: Enter or Esc reads on, s skips the lessons, and
    any other key says to read first (Ctrl-C and ? still work)."""
    keys = KeyBindings()

    @keys.add("enter", filter=reading)
    @keys.add("escape", filter=reading)
    def _(event: KeyPressEvent) -> None:
        box.nudged = False
        if guide.refused is not None:
            guide.refused = None
        else:
            guide.dismiss()

    @keys.add("s", filter=reading)
    def _(event: KeyPressEvent) -> None:
        box.nudged = False
        guide.refused = None
        skipping = guide.toggle_skip()
        session.message = Message("No more explanations in this game: it goes on as any other." if skipping
                                  else "The explanations are back.")

    @keys.add("?", filter=reading)
    def _(event: KeyPressEvent) -> None:
        session.toggle_help()

    @keys.add("c-c", filter=reading)
    @keys.add("<sigint>", filter=reading)
    def _(event: KeyPressEvent) -> None:
        session.overlays.interrupt()

    @keys.add(Keys.Any, filter=reading)
    def _(event: KeyPressEvent) -> None:
        box.nudged = True
        session.message = Message(READ_FIRST, "warning")

    return keys


def build_guided_app(session: Session, guide: Guide, *, input: Input | None = None, output: Output | None = None,
                     computer: Computer | None = None) -> Application[int]:
    """The guided game on the whole terminal; see the module docstring."""
    computer = computer or Computer(session)
    app = build_app(session, input=input, output=output, computer=computer)
    box = _Box(session, guide)

    def on_table() -> bool:
        """The table is on show with nothing over it (a turn's end waiting for its Enter comes first)."""
        return (session.game is not None and session.screen in (Screen.TABLE, Screen.END)
                and session.overlay is None and session.ending is None and not too_small())

    reading = Condition(lambda: on_table() and session.screen is Screen.TABLE
                        and (guide.lesson is not None or guide.refused is not None))
    # The computer plays nothing while a lesson waits to be read: what it says is then true of what follows.
    computer.hold = lambda: "waits until you have read the box" if guide.lesson is not None and reading() else None

    def update(app: Application[int]) -> None:
        width, height = screen_size()
        box.update(width, height, on_table=on_table())
        placed.top = box.top

    app.before_render += update
    old = app.layout
    buffer = old.get_buffer_by_name(INPUT_BUFFER)
    placed = Float(content=ConditionalContainer(Window(FormattedTextControl(lambda: to_formatted_text(ANSI(box.text))),
                                                       height=lambda: box.rows),
                                                filter=Condition(lambda: box.text != "")),
                   left=0, right=0, top=0)
    app.layout = Layout(FloatContainer(content=old.container, floats=[placed]), focused_element=buffer)
    keys = _reading_keys(session, guide, box, reading)
    app.key_bindings = merge_key_bindings([ConditionalKeyBindings(app.key_bindings or KeyBindings(), ~reading), keys])

    def follow(processor: KeyProcessor) -> None:  # the deal after the names question comes without an action
        if session.game is not None:
            guide.observe(session.game.view(PLAYER))

    app.key_processor.after_key_press += follow
    return app


def run_guided(session: Session, guide: Guide, *, say: Callable[[str], None] | None = None) -> int:
    """Play the guided game at this terminal until the player leaves; the exit status, as `run_play` gives it.

    `say` takes the lines said on leaving in place of the terminal, as for `run_play`.
    """
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("famiglia: learn needs a terminal to play in (standard input and output are not one)", file=sys.stderr)
        return EXIT_FAILURE
    output = create_output()
    try:
        saver = Autosave.attach(session)
        saver.check(session)
        with leaving() as run, run.held():  # as in run_play: a signal ends the game after its last save
            code = asyncio.run(run_app(build_guided_app(session, guide, output=output), session))
            saver.close(session)
            say_farewell(session, saver, say)
        shown = analysis_if_asked(saver)  # the end screen's a, as in any game
        return code if shown is None else shown
    except Exception as error:  # one line, never a traceback; the game is kept
        output.enable_autowrap()
        output.flush()
        kept = crash_save(session)
        print(f"famiglia: the guided game stopped on an unexpected error ({type(error).__name__}: {error}); {kept}",
              file=sys.stderr)
        return EXIT_FAILURE
