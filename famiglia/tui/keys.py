"""The keys of the game: `create_key_bindings(session)` turns each key into one of the session's verbs.

Handlers change the session and return; they never draw or print. The input line keeps the usual
editing keys (prompt_toolkit's defaults); on top of them:

- number keys choose from the numbered list (at once when no longer number could follow), arrows and
  Enter point and choose, Enter also plays an action typed in notation, Tab completes it;
- with an empty input line: `u` undoes, `l` shows or hides the opponent's last turn (on top of the
  table when it finds no room beside it), `q` asks to quit,
  Backspace goes back one choice; `?` shows the help and Esc closes it or goes back one choice;
- Ctrl-Z undoes; Ctrl-C and Ctrl-D ask whether to quit;
- at the handoff only Enter goes on (`?` and quitting work too, as they show no hand), and only once
  the handoff screen has been drawn and no Enter has come for a moment (typed-ahead keys and an Enter
  held down are discarded, so nothing of the next hand can appear before the keyboard has changed hands);
- while the terminal is too small to show the game, only Ctrl-C and Ctrl-D (and the answer to the quit
  question) count: nothing may happen that the player cannot see.

Any exception in a handler ends the application with that exception, so the caller can leave the
terminal cleanly and say what happened in one line instead of a traceback.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition, has_completions
from prompt_toolkit.key_binding import (
    ConditionalKeyBindings,
    KeyBindings,
    KeyBindingsBase,
    KeyPressEvent,
    merge_key_bindings,
)
from prompt_toolkit.key_binding.defaults import load_key_bindings
from prompt_toolkit.keys import Keys

from .layout import INPUT_BUFFER, last_turn_crowded_out, too_small
from .session import Overlay, Screen, Session

__all__ = ["create_key_bindings"]

Handler = Callable[[KeyPressEvent], None]


def _finish(app: Application[int], session: Session) -> None:
    if session.exit_code is not None and app.is_running and not app.future.done():  # type: ignore[union-attr]
        app.exit(result=session.exit_code)


def create_key_bindings(session: Session) -> KeyBindingsBase:
    """The game's key bindings over prompt_toolkit's editing defaults; see the module docstring."""
    kb = KeyBindings()

    def guarded(handler: Handler) -> Handler:
        @functools.wraps(handler)
        def run(event: KeyPressEvent) -> None:
            app = event.app
            try:
                handler(event)
                _finish(app, session)
            except Exception as error:
                if app.is_running and not app.future.done():  # type: ignore[union-attr]
                    app.exit(exception=error)

        return run

    def buffer(event: KeyPressEvent) -> Buffer | None:
        return event.app.layout.get_buffer_by_name(INPUT_BUFFER)

    def text_of(event: KeyPressEvent) -> str:
        b = buffer(event)
        return b.text if b is not None else ""

    fits = ~Condition(too_small)
    ready = Condition(session.accepts_keys)
    no_overlay = Condition(lambda: session.overlay is None)
    on_table = Condition(lambda: session.screen is Screen.TABLE) & no_overlay & ready
    on_names = Condition(lambda: session.screen is Screen.NAMES) & no_overlay
    on_end = Condition(lambda: session.screen is Screen.END) & no_overlay
    reading = Condition(lambda: session.overlay in (Overlay.HELP, Overlay.LAST_TURN))  # an overlay q closes
    last_turn_open = Condition(lambda: session.overlay is Overlay.LAST_TURN)
    asking_quit = Condition(lambda: session.overlay is Overlay.CONFIRM_QUIT)

    @Condition
    def line_empty() -> bool:
        b = get_app().layout.get_buffer_by_name(INPUT_BUFFER)
        return b is None or not b.text

    @Condition
    def line_digits() -> bool:
        b = get_app().layout.get_buffer_by_name(INPUT_BUFFER)
        return b is None or b.text == "" or b.text.isdigit()

    @Condition
    def typing_allowed() -> bool:
        return (session.overlay is None and session.screen in (Screen.NAMES, Screen.TABLE) and session.accepts_keys()
                and not too_small())

    # Everything not bound below is swallowed where nothing may be typed (handoff, end, overlays).
    @kb.add(Keys.Any, filter=~typing_allowed)
    @guarded
    def _swallow(event: KeyPressEvent) -> None:
        pass

    # -- Enter --------------------------------------------------------------------------------------

    @kb.add("enter")  # at the handoff too: an Enter that comes too soon starts the guard time again
    @guarded
    def _enter(event: KeyPressEvent) -> None:
        b = buffer(event)
        if b is not None and b.complete_state is not None and b.complete_state.current_completion is not None:
            b.apply_completion(b.complete_state.current_completion)
        if session.submit(text_of(event)) and b is not None:
            b.reset()  # a refused action or name stays on the line, to be corrected

    # -- choosing from the list ---------------------------------------------------------------------

    def digit_handler(digit: str) -> None:
        @kb.add(digit, filter=on_table & line_digits)
        @guarded
        def _digit(event: KeyPressEvent) -> None:
            b = buffer(event)
            if b is None:
                return
            b.insert_text(digit)
            if session.number_typed(b.text):
                b.reset()

    for d in "0123456789":
        digit_handler(d)

    @kb.add("down", filter=on_table & ~has_completions)
    @guarded
    def _down(event: KeyPressEvent) -> None:
        session.move_highlight(+1)

    @kb.add("up", filter=on_table & ~has_completions)
    @guarded
    def _up(event: KeyPressEvent) -> None:
        session.move_highlight(-1)

    @kb.add("right", filter=on_table & line_empty)
    @guarded
    def _right(event: KeyPressEvent) -> None:
        session.move_highlight(+1)

    @kb.add("left", filter=on_table & line_empty)
    @guarded
    def _left(event: KeyPressEvent) -> None:
        session.move_highlight(-1)

    @kb.add("escape", eager=True)
    @guarded
    def _escape(event: KeyPressEvent) -> None:
        b = buffer(event)
        if b is not None and b.complete_state is not None:
            b.cancel_completion()
        elif session.overlay is None and b is not None and b.text:
            b.reset()
        else:
            session.back()

    @kb.add("backspace", filter=on_table & line_empty)
    @guarded
    def _backspace(event: KeyPressEvent) -> None:
        session.back()

    # -- keys of an empty input line ----------------------------------------------------------------

    @kb.add("u", filter=on_table & line_empty)
    @kb.add("c-z", filter=on_table)
    @guarded
    def _undo(event: KeyPressEvent) -> None:
        session.undo()

    @kb.add("l", filter=(on_table & line_empty) | last_turn_open)
    @guarded
    def _summary(event: KeyPressEvent) -> None:
        if session.overlay is None and last_turn_crowded_out(session):
            session.show_last_turn()  # the table leaves it no room: it lies on top instead
        else:
            session.toggle_summary()

    @kb.add("?", filter=~on_names | line_empty)
    @guarded
    def _help(event: KeyPressEvent) -> None:
        if session.overlay is Overlay.CONFIRM_QUIT:
            return
        session.toggle_help()

    @kb.add("q", filter=reading)
    @guarded
    def _close_overlay(event: KeyPressEvent) -> None:
        session.back()

    @kb.add("q", filter=(on_table & line_empty) | (Condition(lambda: session.screen is Screen.HANDOFF) & no_overlay))
    @guarded
    def _ask_quit(event: KeyPressEvent) -> None:
        session.ask_quit()

    # -- the end ------------------------------------------------------------------------------------

    @kb.add("n", filter=on_end)
    @guarded
    def _new_game(event: KeyPressEvent) -> None:
        session.new_game()
        b = buffer(event)
        if b is not None:
            b.reset()

    @kb.add("q", filter=on_end)
    @guarded
    def _quit(event: KeyPressEvent) -> None:
        session.quit()

    # -- leaving: the only keys that also work while the terminal is too small --------------------------

    leave = KeyBindings()

    # A terminal too small to show the game: the game waits, every other key is swallowed.
    @leave.add(Keys.Any, filter=~fits)
    @guarded
    def _wait(event: KeyPressEvent) -> None:
        pass

    @leave.add("c-c")
    @leave.add("c-d")
    @leave.add(Keys.SIGINT)
    @guarded
    def _interrupt(event: KeyPressEvent) -> None:
        if session.overlay is Overlay.CONFIRM_QUIT:
            session.answer_quit(True)  # asked twice: the player means it
        else:
            session.ask_quit()

    @leave.add("y", filter=asking_quit)
    @leave.add("Y", filter=asking_quit)
    @guarded
    def _yes(event: KeyPressEvent) -> None:
        session.answer_quit(True)

    @leave.add("n", filter=asking_quit)
    @leave.add("N", filter=asking_quit)
    @guarded
    def _no(event: KeyPressEvent) -> None:
        session.answer_quit(False)

    return merge_key_bindings([ConditionalKeyBindings(load_key_bindings(), typing_allowed),
                               ConditionalKeyBindings(kb, fits), leave])
