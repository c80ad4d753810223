"""The key bindings, made from the command table: every key of `COMMANDS` bound once, where it acts.

`create_key_bindings(session)` binds each command's keys with a filter from its `where` (and, for a
letter that could be typed, an empty input line), and a handler that calls its verb. The few keys
that also edit the input line (the digits, Enter, Esc, the arrows, Backspace, Tab) do that editing
here and then call the same verbs. Handlers change the session and return; they never draw or print.

Under the game's keys lie the editing keys of the input line (`editing`), active only where
something may be typed. Everything else is swallowed where nothing may be typed (the
handoff, the end, an overlay), and while the terminal is too small only the `small` commands act:
nothing may happen that the player cannot see. No handler edits the input line while it is
read-only: a completion still selected then is dropped, never applied. Any exception in a handler
ends the application with that exception, so the caller can leave the terminal cleanly and say
what happened in one line instead of a traceback.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Condition, Filter, has_completions
from prompt_toolkit.key_binding import (
    KeyBindings,
    KeyBindingsBase,
    KeyPressEvent,
    merge_key_bindings,
)
from prompt_toolkit.keys import Keys

from ..model.commands import COMMANDS, Command
from ..model.session import Screen, Session
from .layout import INPUT_BUFFER, too_small

__all__ = ["command_bindings", "create_key_bindings", "typing"]

Handler = Callable[[KeyPressEvent], None]


def _finish(app: Application[int], session: Session) -> None:
    if session.exit_code is not None and app.is_running and not app.future.done():  # type: ignore[union-attr]
        app.exit(result=session.exit_code)


def _buffer(event: KeyPressEvent) -> Buffer | None:
    return event.app.layout.get_buffer_by_name(INPUT_BUFFER)


def _writable(buffer: Buffer | None) -> Buffer | None:
    """The input line if it may be edited now (no overlay is open, no turn waits to be confirmed)."""
    return buffer if buffer is not None and not buffer.read_only() else None


def _drop_completion(buffer: Buffer | None) -> None:
    """Forget a completion menu left open under an overlay: cancelling it would edit a read-only line."""
    if buffer is not None and buffer.complete_state is not None and buffer.read_only():
        buffer.complete_state = None


def _line_is(test: Callable[[str], bool]) -> Filter:
    @Condition
    def check() -> bool:
        b = get_app().layout.get_buffer_by_name(INPUT_BUFFER)
        return b is None or test(b.text)

    return check


_LINE: dict[str, Filter] = {
    "empty": _line_is(lambda text: not text),
    "digits": _line_is(lambda text: text == "" or (text.isascii() and text.isdigit())),
}


def create_key_bindings(session: Session) -> KeyBindingsBase:
    """The game's key bindings over the input line's editing keys; see the module docstring."""

    def guarded(handler: Handler) -> Handler:
        @functools.wraps(handler)
        def run(event: KeyPressEvent) -> None:
            app = event.app
            try:
                handler(event)
                _drop_completion(_buffer(event))
                _finish(app, session)
            except Exception as error:
                if app.is_running and not app.future.done():  # type: ignore[union-attr]
                    app.exit(exception=error)

        return run

    typing_allowed = typing(session)
    fits = ~Condition(too_small)
    swallow = KeyBindings()

    # Everything not bound elsewhere is swallowed where nothing may be typed (handoff, end, overlays).
    @swallow.add(Keys.Any, filter=~typing_allowed)
    @guarded
    def _swallow(event: KeyPressEvent) -> None:
        session.stray_key()

    # A terminal too small to show the game: the game waits, every other key is swallowed.
    @swallow.add(Keys.Any, filter=~fits)
    @guarded
    def _wait(event: KeyPressEvent) -> None:
        pass

    commands = command_bindings(session, guarded, fits)
    return merge_key_bindings([swallow, commands])


def typing(session: Session) -> Filter:
    """Where something may be typed on the input line: the names question and the player's own table."""

    @Condition
    def allowed() -> bool:
        return (session.overlay is None and session.screen in (Screen.NAMES, Screen.TABLE) and session.ending is None
                and not session.computer_to_move and session.accepts_keys() and not too_small())

    return allowed


def command_bindings(session: Session, guarded: Callable[[Handler], Handler] = lambda h: h,
                     fits: Filter | None = None) -> KeyBindings:
    """Every key of the command table, bound where its command acts, to a handler calling its verb."""
    fits = ~Condition(too_small) if fits is None else fits
    special = _line_handlers(session)
    commands = KeyBindings()
    for command in COMMANDS:
        handler = special[command.name] if command.run is None else _verb(session, command)
        where = Condition(functools.partial(command.available, session)) & _EXTRA.get(command.name, Condition(
            lambda: True))
        if command.line != "any":
            where &= _LINE[command.line]
        if not command.small:
            where &= fits
        for key in command.keys:
            commands.add(key, filter=where, eager=command.eager)(guarded(handler))
    return commands


# Arrow keys give way to prompt_toolkit's own when the Tab completion menu is open: they move in it.
_EXTRA: dict[str, Filter] = {"next": ~has_completions, "previous": ~has_completions}


def _verb(session: Session, command: Command) -> Handler:
    run = command.run
    assert run is not None

    def handler(event: KeyPressEvent) -> None:
        run(session)

    return handler


def _line_handlers(session: Session) -> dict[str, Handler]:
    """The handlers of the commands that also edit the input line, by command name."""

    def digit(event: KeyPressEvent) -> None:
        b = _writable(_buffer(event))
        if b is None:
            return
        b.insert_text(event.data)
        if session.number_typed(b.text):
            b.reset()

    def enter(event: KeyPressEvent) -> None:
        b = _buffer(event)
        line = _writable(b)
        if line is not None and line.complete_state is not None and line.complete_state.current_completion is not None:
            line.apply_completion(line.complete_state.current_completion)
        _drop_completion(b)
        text = line.text if line is not None else ""
        if session.submit(text) and line is not None:
            line.reset()  # a refused action or name stays on the line, to be corrected
        if session.waiting:  # say when the handoff takes keys again, without waiting for a key
            asyncio.get_running_loop().call_later(session.guard.guard + 0.05, event.app.invalidate)

    def escape(event: KeyPressEvent) -> None:
        b = _buffer(event)
        line = _writable(b)
        if line is not None and line.complete_state is not None:
            line.cancel_completion()
        elif line is not None and line.text:
            line.reset()
        else:
            _drop_completion(b)
            session.back()

    def complete(event: KeyPressEvent) -> None:
        b = _writable(_buffer(event))
        if b is None:
            return
        if b.complete_state is not None:
            b.complete_next()
        else:
            b.start_completion(insert_common_part=True)

    def scroll(event: KeyPressEvent) -> None:
        key = event.key_sequence[-1].key
        session.overlays.scroll_key(key.value if isinstance(key, Keys) else key)

    return {
        "choose": digit,
        "enter": enter,
        "back": escape,
        "complete": complete,
        "scroll": scroll,
        "next": lambda event: session.move_highlight(+1),
        "previous": lambda event: session.move_highlight(-1),
        "next with →": lambda event: session.move_highlight(+1),
        "previous with ←": lambda event: session.move_highlight(-1),
        "back-one": lambda event: session.back(),
    }
