"""The train screen's application: the keys of `famiglia train` (its command table, bound by the one binder) on
the model's verbs, run by the one `run_app`, in the alternate screen so no hand stays in the scrollback.

An answer whose chance the analysis did not save is weighed by the analysis's search, which takes a
moment (seconds at the hard level): it is worked out in a daemon thread, as the replay's analysis is
(`analyst`), and the verdict handed to the model on the screen's loop; the screen says meanwhile that it
is weighing the answer. Leaving cancels the wait, and the thread's result is dropped.
"""

from __future__ import annotations

import asyncio
import contextvars
import sys
from functools import partial
from typing import Any, Final

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app_session
from prompt_toolkit.filters import Never
from prompt_toolkit.input import Input
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.output import Output, create_output

from famiglia.engine import Action
from famiglia.persistence import printable
from famiglia.phrasebook.catalogue import _

from ..model.exercises import Exercise, Verdict, judge
from ..model.training import TRAIN_COMMANDS, Training
from ..view.bridge import Painter
from ..view.training import render_training
from .app import run_app
from .editing import install_editing_keys
from .keys import bind
from .layout import RowsControl, screen_size
from .rowrenderer import ink_for, install_row_renderer, whole_screen

__all__ = ["build_training_app", "run_training"]

EXIT_FAILURE: Final = 1


def build_training_app(training: Training, *, input: Input | None = None, output: Output | None = None,
                       colour: bool = True) -> Application[int]:
    """The train screen on the whole screen, reading `input` and writing `output` (tests use a pipe)."""
    output = output or get_app_session().output
    painter = Painter(ink_for(colour, output))

    def drawn(width: int, height: int) -> tuple[str, ...]:
        return painter.rows(render_training(training, width, height), width).text

    app: Application[int] = Application(
        layout=Layout(Window(RowsControl(lambda: drawn(*screen_size())), wrap_lines=False, always_hide_cursor=True)),
        key_bindings=bind(TRAIN_COMMANDS, training, ends=lambda: training.exit_code if training.done else None),
        full_screen=True,
        input=input,
        output=output,
    )
    install_editing_keys(app, Never())  # no prompt_toolkit line: the answer's line is the model's
    app.ttimeoutlen = 0.05
    app.max_render_postpone_time = None
    install_row_renderer(app, whole_screen(drawn))
    training.begin_judging = partial(_weigh, app, training)
    return app


def _weigh(app: Application[Any], training: Training, exercise: Exercise, action: Action) -> None:
    """Judge `action` off the screen's loop; the verdict goes to the model on the loop, and the screen is drawn."""
    app.create_background_task(_weighed(app, training, exercise, action))
    app.invalidate()


async def _weighed(app: Application[Any], training: Training, exercise: Exercise, action: Action) -> None:
    loop = asyncio.get_running_loop()
    context = contextvars.copy_context()  # the player's language, for any words the search says
    try:
        verdict: Verdict = await loop.run_in_executor(None, context.run, judge, exercise, action)
    except asyncio.CancelledError:
        raise
    except Exception as error:  # one line on the message line; the answer may be given again
        training.judging = None
        training.message = _("The answer could not be weighed ({error}); give it again.").format(
            error=f"{type(error).__name__}: {printable(str(error), 80)}")
    else:
        training.judged(exercise, verdict)
    app.invalidate()


def run_training(training: Training, *, colour: bool = True) -> int:
    """Run the train screen in the terminal; one line on stderr, never a traceback, if it stops on an error."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("famiglia: " + _("train needs a terminal (standard input and output are not one); 'famiglia stats' "
                               "prints the training's progress"), file=sys.stderr)
        return EXIT_FAILURE
    output = create_output()
    try:
        return asyncio.run(run_app(build_training_app(training, output=output, colour=colour)))
    except Exception as error:  # one line, never a traceback; every answer is saved as it is given
        output.enable_autowrap()
        output.flush()
        said = _("training stopped on an unexpected error ({error})").format(error=f"{type(error).__name__}: {error}")
        print(f"famiglia: {said}", file=sys.stderr)
        return EXIT_FAILURE
