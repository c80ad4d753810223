"""The home screen's application: the keys of its command table on the model's verbs, one window of its view.

`build_home_app(home)` binds the home screen's command table (`famiglia.tui.model.home.commands`) with
the one binder (`famiglia.tui.shell.keys.bind`): every other key is typed into the names on the
Settings page, or answered with a line saying it does nothing; a paste goes into the names. The
application ends as soon as the model holds an outcome (a game to play, the replay, quitting), and
returns it; whoever runs it carries it out and comes back to a fresh home screen. It takes its input
and output as parameters, so tests drive it with prompt_toolkit's pipe input.
"""

from __future__ import annotations

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app_session
from prompt_toolkit.input import Input
from prompt_toolkit.layout import Layout, Window
from prompt_toolkit.output import Output

from ..model.home.commands import COMMANDS
from ..model.home.menu import Home, Outcome, Quit
from ..view.bridge import Painter
from ..view.home import render_home
from .app import run_app
from .keys import bind
from .layout import RowsControl, screen_size
from .rowrenderer import ink_for, install_row_renderer, whole_screen

__all__ = ["build_home_app", "run_home_app"]


def build_home_app(home: Home, *, input: Input | None = None, output: Output | None = None,
                   colour: bool = True) -> Application[Outcome | None]:
    """The home screen on the whole terminal, reading `input` and writing `output`.

    It is drawn in colour as its settings say (a change on the Settings page shows at once), unless `colour`
    is False (`NO_COLOR`, read where the program starts).
    """
    output = output or get_app_session().output
    painters = {on: Painter(ink_for(on, output)) for on in (True, False)}

    def drawn(width: int, height: int) -> tuple[str, ...]:
        painter = painters[colour and home.settings.colour]
        return painter.rows(render_home(home, width, height), width).text[:height]

    app: Application[Outcome | None] = Application(
        layout=Layout(Window(RowsControl(lambda: drawn(*screen_size())), wrap_lines=False, always_hide_cursor=True)),
        key_bindings=bind(COMMANDS, home, ends=home.take_outcome),
        full_screen=True,
        mouse_support=False,
        input=input,
        output=output,
    )
    app.ttimeoutlen = 0.05  # Esc answers at once rather than waiting for a key sequence
    app.max_render_postpone_time = None  # a redraw is the rows written straight out: made at once
    install_row_renderer(app, whole_screen(drawn))
    return app


async def run_home_app(app: Application[Outcome | None]) -> Outcome:
    """Run the home screen until a choice leaves it; Ctrl-C's own signal asks too (`<sigint>`).

    It runs as every screen does (`run_app`): a leaving signal quits it, and the whole program with it;
    SIGTSTP suspends it and `fg` draws it again.
    """
    outcome = await run_app(app, left=lambda code: Quit())
    return Quit() if outcome is None else outcome
