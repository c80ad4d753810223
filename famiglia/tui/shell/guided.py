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
from prompt_toolkit.key_binding import ConditionalKeyBindings, KeyBindings, merge_key_bindings
from prompt_toolkit.key_binding.key_processor import KeyProcessor
from prompt_toolkit.layout import ConditionalContainer, Float, FloatContainer, FormattedTextControl, Layout, Window
from prompt_toolkit.output import Output, create_output
from rich.console import RenderableType

from famiglia.leaving import leaving
from famiglia.phrasebook.catalogue import _

from ..model.home.guide import Guide
from ..model.home.guided import READ_FIRST, READING, Guided, follow
from ..model.home.guided import reading as lesson_box
from ..model.home.tutor import PLAYER
from ..model.saving import Autosave, crash_save
from ..model.session import Screen, Session
from ..view.boxes import place_box
from ..view.bridge import Ink
from ..view.compose import GameScreen
from ..view.guide import REFUSAL_ABOUT, render_guide, render_summary
from ..view.part import Kept, Part
from .app import analysis_if_asked, build_app, run_app, say_farewell
from .computer import Computer
from .keys import bind
from .layout import INPUT_BUFFER, Frames, screen_size, too_small

__all__ = ["READ_FIRST", "build_guided_app", "run_guided"]

EXIT_FAILURE: Final = 1


class _Box:
    """The guide's box as the screen is now: its text with terminal codes, its first row and its rows.

    Worked out once before each redraw (`update`), from the frame of that redraw: on the table the box
    stands where it hides nothing of the table and nothing its lesson talks about (`place_box`), a page at a
    time where the rows left free are too few for all of it; at the end, under the end screen.
    """

    def __init__(self, session: Session, guide: Guide, frames: Frames) -> None:
        self.session = session
        self.guide = guide
        self.frames = frames
        self.text = ""
        self.top = 0
        self._kept = Kept()

    @property
    def rows(self) -> int:
        return max(1, self.text.count("\n") + 1)

    def _set(self, drawn: RenderableType, width: int) -> None:
        painter = self.frames.screen.painter
        rows = self._kept.draw(painter, drawn, width) if isinstance(drawn, Part) else painter.rows(drawn, width)
        self.text = "\n".join(rows.text).rstrip("\n")

    def update(self, width: int, *, on_table: bool) -> None:
        self.text, self.top = "", 0
        game = self.session.game
        if game is None or not on_table:
            return
        view = game.view(PLAYER)
        frame = self.frames.now()
        if view.is_over:
            summary = self.guide.summary(view)
            if summary is None:
                return
            below = frame.parts["screen"].stop + 1  # a blank row under the end screen's content
            drawn = render_summary(summary, width=width, rows=frame.parts["message"].start - below)
            if drawn is not None:
                self._set(drawn, width)
                self.top = below
            return
        box = render_guide(self.guide, view, width=width, nudged=self.guide.nudged)
        if box is None:
            return
        lesson = self.guide.lesson
        about = lesson.about if self.guide.refused is None and lesson is not None else REFUSAL_ABOUT
        whole = box.height(self.frames.screen.painter, width)
        placed = place_box(frame.main.plain(), frame.parts, about, whole)
        if placed.rows < whole:  # fewer rows are free than the box has: its lines a page at a time
            box = render_guide(self.guide, view, width=width, nudged=self.guide.nudged, rows=placed.rows)
            assert box is not None
        self.guide.drawn(box.pages(width))
        self._set(box, width)
        self.top = placed.top


def build_guided_app(session: Session, guide: Guide, *, input: Input | None = None, output: Output | None = None,
                     computer: Computer | None = None, colour: bool = True) -> Application[int]:
    """The guided game on the whole terminal, in colour or without (`colour`); see the module docstring."""
    computer = computer or Computer(session)
    frames = Frames(GameScreen(session, ink=Ink.of(colour)))
    app = build_app(session, input=input, output=output, computer=computer, frames=frames)
    box = _Box(session, guide, frames)

    def on_table() -> bool:
        """The table is on show with nothing over it (a turn's end waiting for its Enter comes first)."""
        return (session.game is not None and session.screen in (Screen.TABLE, Screen.END)
                and session.overlay is None and session.ending is None and not too_small())

    guided = Guided(session, guide)
    reading = Condition(lambda: lesson_box(guided) and not too_small())
    # The computer plays nothing while a lesson waits to be read: what it says is then true of what follows.
    computer.hold = lambda: _("waits until you have read the box") if guide.lesson is not None and reading() else None

    def update(app: Application[int]) -> None:
        box.update(screen_size()[0], on_table=on_table())
        placed.top = box.top

    app.before_render += update
    old = app.layout
    buffer = old.get_buffer_by_name(INPUT_BUFFER)
    placed = Float(content=ConditionalContainer(Window(FormattedTextControl(lambda: to_formatted_text(ANSI(box.text))),
                                                       height=lambda: box.rows),
                                                filter=Condition(lambda: box.text != "")),
                   left=0, right=0, top=0)
    app.layout = Layout(FloatContainer(content=old.container, floats=[placed]), focused_element=buffer)
    keys = bind(READING, guided, ends=lambda: session.exit_code, fits=~Condition(too_small), stray_where=reading)
    app.key_bindings = merge_key_bindings([ConditionalKeyBindings(app.key_bindings or KeyBindings(), ~reading), keys])

    def look(processor: KeyProcessor) -> None:  # the deal after the names question comes without an action
        follow(guided)

    app.key_processor.after_key_press += look
    return app


def run_guided(session: Session, guide: Guide, *, say: Callable[[str], None] | None = None,
               colour: bool = True) -> int:
    """Play the guided game at this terminal until the player leaves; the exit status, as `run_play` gives it.

    `say` takes the lines said on leaving in place of the terminal, as for `run_play`; `colour` as the player
    asked (a setting, or `NO_COLOR`).
    """
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("famiglia: " + _("learn needs a terminal to play in (standard input and output are not one)"),
              file=sys.stderr)
        return EXIT_FAILURE
    output = create_output()
    try:
        saver = Autosave.attach(session)
        saver.check(session)
        with leaving() as run, run.held():  # as in run_play: a signal ends the game after its last save
            code = asyncio.run(run_app(build_guided_app(session, guide, output=output, colour=colour), session))
            saver.close(session)
            say_farewell(session, saver, say)
        shown = analysis_if_asked(saver, colour=colour)  # the end screen's a, as in any game
        return code if shown is None else shown
    except Exception as error:  # one line, never a traceback; the game is kept
        output.enable_autowrap()
        output.flush()
        kept = crash_save(session)
        print("famiglia: " + _("the guided game stopped on an unexpected error ({error}); {kept}").format(
            error=f"{type(error).__name__}: {error}", kept=kept), file=sys.stderr)
        return EXIT_FAILURE
