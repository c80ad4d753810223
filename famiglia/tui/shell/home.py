"""The home screen's application: the keys of its command table on the model's verbs, one window of its view.

`build_home_app(home)` binds every key of `famiglia.tui.model.home.commands.COMMANDS` to `press`,
and every other key too (typed into the names on the Settings page, or answered with a line saying
it does nothing); a paste goes into the names. The application ends as soon as the model holds an
outcome (a game to play, the replay, quitting), and returns it; whoever runs it carries it out and
comes back to a fresh home screen. It takes its input and output as parameters, so tests drive it
with prompt_toolkit's pipe input.
"""

from __future__ import annotations

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import FormattedTextControl, Layout, Window
from prompt_toolkit.output import Output

from ..model.home.commands import COMMANDS, press
from ..model.home.menu import Home, Outcome, Quit
from ..view.bridge import ansi_text
from ..view.home import render_home
from .app import run_app
from .editing import key_pressed

__all__ = ["build_home_app", "run_home_app"]


def _bindings(home: Home) -> KeyBindings:
    keys = KeyBindings()

    def finish(event: KeyPressEvent) -> None:
        if home.outcome is not None and event.app.is_running and not event.app.future.done():  # type: ignore[union-attr]
            event.app.exit(result=home.take_outcome())

    def bind(key: str) -> None:
        @keys.add(key)
        def _(event: KeyPressEvent) -> None:
            press(home, key)
            finish(event)

    for command in COMMANDS:
        for key in command.keys:
            bind(key)

    @keys.add("<sigint>")
    def _(event: KeyPressEvent) -> None:
        press(home, "c-c")
        finish(event)

    @keys.add(Keys.BracketedPaste)
    def _(event: KeyPressEvent) -> None:
        if home.editing is not None:
            home.type_text(event.data.replace("\n", " "))
        else:
            home.message = "Pasting does nothing here: the names are typed on the Settings page."

    @keys.add("backspace")
    def _(event: KeyPressEvent) -> None:
        if not press(home, "backspace") and home.editing is None:
            home.message = "Backspace does nothing here: Esc goes back."

    @keys.add(Keys.Any)
    def _(event: KeyPressEvent) -> None:
        press(home, key_pressed(event))
        finish(event)

    return keys


def build_home_app(home: Home, *, input: Input | None = None,
                   output: Output | None = None) -> Application[Outcome | None]:
    """The home screen on the whole terminal, reading `input` and writing `output`."""

    def text() -> StyleAndTextTuples:
        size = get_app().output.get_size()
        drawn = render_home(home, size.columns, size.rows)
        return to_formatted_text(ANSI(ansi_text(drawn, width=size.columns, height=size.rows)))

    app: Application[Outcome | None] = Application(
        layout=Layout(Window(FormattedTextControl(text), wrap_lines=False, always_hide_cursor=True)),
        key_bindings=_bindings(home),
        full_screen=True,
        mouse_support=False,
        input=input,
        output=output,
    )
    app.ttimeoutlen = 0.05  # Esc answers at once rather than waiting for a key sequence
    return app


async def run_home_app(app: Application[Outcome | None]) -> Outcome:
    """Run the home screen until a choice leaves it; Ctrl-C's own signal asks too (`<sigint>`).

    It runs as every screen does (`run_app`): a leaving signal quits it, and the whole program with it;
    SIGTSTP suspends it and `fg` draws it again.
    """
    outcome = await run_app(app, left=lambda code: Quit())
    return Quit() if outcome is None else outcome
