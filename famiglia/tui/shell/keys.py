"""The one binder: any screen's command table (`famiglia.tui.model.keys.Commands`) made into key bindings.

`bind(table, model)` binds every key of every command with a filter from its `when` (and its input
line's condition, and the terminal's size), to a handler that calls its verb; where the command says
why it does nothing now, a second binding of the key says that; a key no command takes is answered by
the table's `stray`. A command that edits the input line says how (`edit`), and the handler does that
editing around the verb: the digits are typed and then read, Enter takes the line (a completion chosen
in the menu first), Esc clears the line or the menu before it goes back, Tab completes. Handlers
change the model and return; they never draw or print. The game, the home screen, the replay and the
guided game's lesson box are all bound here.

`create_key_bindings(session)` is the game's: its table over the input line's editing keys
(`editing`), active only where something may be typed. Everything else is swallowed where nothing
may be typed (the handoff, the end, an overlay), and while the terminal is too small only the `small`
commands act: nothing may happen that the player cannot see. No handler edits the input line while it
is read-only: a completion still selected then is dropped, never applied. Any exception in a handler
ends the application with that exception, so the caller can leave the terminal cleanly and say what
happened in one line instead of a traceback.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from typing import Any, TypeVar

from prompt_toolkit.application.current import get_app
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.filters import Always, Condition, Filter, has_completions
from prompt_toolkit.key_binding import KeyBindings, KeyBindingsBase, KeyPressEvent, merge_key_bindings
from prompt_toolkit.keys import Keys

from ..model.commands import COMMANDS
from ..model.keys import PASTE, TYPED, Command, Commands, Line, types
from ..model.session import Screen, Session
from .editing import key_pressed
from .layout import INPUT_BUFFER, too_small

__all__ = ["bind", "command_bindings", "create_key_bindings", "typing"]

M = TypeVar("M")
Handler = Callable[[KeyPressEvent], None]
Guard = Callable[[Handler], Handler]


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


# What the input line must hold for a command to act (a screen with no input line meets every condition).
_LINE: dict[Line, Filter] = {
    "any": Always(),
    "empty": _line_is(lambda text: not text),
    "digits": _line_is(lambda text: text == "" or (text.isascii() and text.isdigit())),
    "no menu": ~has_completions,
}


def bind(table: Commands[M], model: M, *, ends: Callable[[], Any] | None = None, fits: Filter | None = None,
         stray_where: Filter | None = None, after: Callable[[KeyPressEvent], None] | None = None) -> KeyBindingsBase:
    """The key bindings of `table` acting on `model`.

    `ends()` is the application's result once the model is done with the screen (None while it goes on);
    where `fits` does not hold, only the `small` commands act and every other key waits; the table's
    `stray` answers the keys no command takes where `stray_where` holds (by default everywhere); `after`
    runs after every key.
    """
    guard = _guarded(table, model, ends, after)
    catch_all = KeyBindings()
    if table.stray is not None:
        stray = table.stray

        @catch_all.add(Keys.Any, filter=Always() if stray_where is None else stray_where)
        @guard
        def _stray(event: KeyPressEvent) -> None:
            stray(model, key_pressed(event))

    if fits is not None:  # a terminal too small to show the screen: it waits, every other key is swallowed
        @catch_all.add(Keys.Any, filter=~fits)
        @guard
        def _wait(event: KeyPressEvent) -> None:
            pass

    return merge_key_bindings([catch_all, _command_bindings(table, model, guard, fits)])


def _guarded(table: Commands[M], model: M, ends: Callable[[], Any] | None,
             after: Callable[[KeyPressEvent], None] | None) -> Guard:
    """Wrap a handler: the table's `before` first, `after` and the end of the application then; an exception ends
    the application with it."""

    def guarded(handler: Handler) -> Handler:
        @functools.wraps(handler)
        def run(event: KeyPressEvent) -> None:
            app = event.app
            try:
                if table.before is not None:
                    table.before(model)
                handler(event)
                if after is not None:
                    after(event)
                if ends is not None and app.is_running and not app.future.done():  # type: ignore[union-attr]
                    result = ends()
                    if result is not None:
                        app.exit(result=result)
            except Exception as error:
                if app.is_running and not app.future.done():  # type: ignore[union-attr]
                    app.exit(exception=error)

        return run

    return guarded


def _command_bindings(table: Commands[M], model: M, guard: Guard, fits: Filter | None) -> KeyBindings:
    """Every key of every command, bound where the command acts and, if it says why it does not, where it refuses.

    The first command of a key that acts wins, then the first that refuses (prompt_toolkit takes the last
    binding added of those whose filters hold, so they are added the other way round, refusals first).
    """
    bindings = KeyBindings()
    not_typing = ~Condition(functools.partial(table.typing, model)) if table.typing is not None else None
    acting: list[tuple[str, Filter, Command[M], Handler]] = []
    refusing: list[tuple[str, Filter, Command[M], Handler]] = []
    for command in table:
        where = _LINE[command.line]
        if not command.small and fits is not None:
            where &= fits
        acts = Condition(functools.partial(command.available, model)) & where
        refuses = Condition(functools.partial(_refuses, command, model)) & where
        for key in command.keys:
            own = (acts, refuses)
            if not_typing is not None and key != TYPED and types(key):  # a name being typed takes the character
                own = (acts & not_typing, refuses & not_typing)
            acting.append((key, own[0], command, _handler(table, command, model, key)))
            if command.why_not is not None:
                refusing.append((key, own[1], command, _refusal(table, command, model)))
    for key, where, command, handler in [*reversed(refusing), *reversed(acting)]:
        bindings.add(Keys.Any if key == TYPED else key, filter=where, eager=command.eager)(guard(handler))
    return bindings


def _refuses(command: Command[M], model: M) -> bool:
    return command.refusal(model) is not None


def _refusal(table: Commands[M], command: Command[M], model: M) -> Handler:
    def say(event: KeyPressEvent) -> None:
        words = command.refusal(model)
        if words is not None and table.say is not None:
            table.say(model, words)

    return say


def _handler(table: Commands[M], command: Command[M], model: M, key: str) -> Handler:
    """What `key` of `command` does: its verb, with the input line's editing the command names around it."""
    run = command.run

    def plain(event: KeyPressEvent) -> None:
        if run is not None:
            run(model, event.data if key == PASTE else key)

    def typed(event: KeyPressEvent) -> None:  # a character typed (`TYPED`): anything else is a stray key
        pressed = key_pressed(event)
        if not types(pressed):
            if table.stray is not None:
                table.stray(model, pressed)
        elif run is not None:
            run(model, pressed)

    def type_in(event: KeyPressEvent) -> None:  # the key goes on the line, and the verb reads the line
        line = _writable(_buffer(event))
        if line is None or run is None:
            return
        line.insert_text(event.data)
        if run(model, line.text):
            line.reset()

    def take(event: KeyPressEvent) -> None:  # Enter: the verb takes the line; one it refused stays, to be corrected
        b = _buffer(event)
        line = _writable(b)
        if line is not None and line.complete_state is not None and line.complete_state.current_completion is not None:
            line.apply_completion(line.complete_state.current_completion)
        _drop_completion(b)
        if run is not None and run(model, line.text if line is not None else "") and line is not None:
            line.reset()

    def clear_first(event: KeyPressEvent) -> None:  # Esc: the menu, then the line, then the verb
        b = _buffer(event)
        line = _writable(b)
        if line is not None and line.complete_state is not None:
            line.cancel_completion()
        elif line is not None and line.text:
            line.reset()
        else:
            _drop_completion(b)
            plain(event)

    def complete(event: KeyPressEvent) -> None:
        line = _writable(_buffer(event))
        if line is None:
            return
        if line.complete_state is not None:
            line.complete_next()
        else:
            line.start_completion(insert_common_part=True)

    if key == TYPED:
        return typed
    return {None: plain, "type": type_in, "take": take, "clear": clear_first, "complete": complete}[command.edit]


# -- the game's ------------------------------------------------------------------------------------------------


def create_key_bindings(session: Session) -> KeyBindingsBase:
    """The game's key bindings over the input line's editing keys; see the module docstring."""
    fits = ~Condition(too_small)

    def after(event: KeyPressEvent) -> None:
        _drop_completion(_buffer(event))
        if session.waiting:  # say when the handoff takes keys again, without waiting for a key
            asyncio.get_running_loop().call_later(session.guard.guard + 0.05, event.app.invalidate)

    return bind(COMMANDS, session, ends=lambda: session.exit_code, fits=fits, stray_where=~typing(session),
                after=after)


def typing(session: Session) -> Filter:
    """Where something may be typed on the input line: the names question and the player's own table."""

    @Condition
    def allowed() -> bool:
        return (session.overlay is None and session.screen in (Screen.NAMES, Screen.TABLE) and session.ending is None
                and not session.computer_to_move and session.accepts_keys() and not too_small())

    return allowed


def command_bindings(session: Session) -> KeyBindings:
    """Every key of the game's command table, bound where its command acts, to a handler calling its verb."""
    return _command_bindings(COMMANDS, session, lambda handler: handler, ~Condition(too_small))
