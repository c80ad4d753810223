"""The keys of the game: `create_key_bindings(session)` turns each key into one of the session's verbs.

Handlers change the session and return; they never draw or print. The input line keeps the usual
editing keys (prompt_toolkit's defaults); on top of them, one small factory per screen:

- the table: number keys choose from the numbered list (at once when no longer number could follow;
  else the digit waits as pending, and a take there always waits for Enter), arrows and Enter point
  and choose, Enter also plays an action typed in notation, Tab completes it; with an empty input
  line `p` passes, `h` asks for a hint (worked out off the screen's loop, `computer.Computer`), `u`
  undoes, `l` shows or hides the opponent's last turn (on top of the table when it finds no room
  beside it), `g` opens the game log, `q` asks to quit, Backspace goes back one choice; Esc goes
  back one choice; Ctrl-Z undoes. After a take or a pass the turn waits: Enter ends it, `u` or Esc
  takes it back. During the computer's turn nothing is played from the keyboard;
- the handoff: only Enter goes on (`?`, `g` and quitting work too, as they show no hand), and only
  once the handoff screen has been drawn and no Enter has come for a moment (typed-ahead keys and an
  Enter held down are discarded, so nothing of the next hand can appear before the keyboard has
  changed hands); the screen says to wait meanwhile, and `u` and `l` say why they do nothing there;
- the overlays: help and the game log scroll with ↑ ↓ PgUp PgDn Home End; `c` in the help turns the
  question at the end of a turn on or off; Esc, `q` (and their own key) close them;
- leaving: Ctrl-C and Ctrl-D ask whether to quit; while the terminal is too small to show the game,
  only they (and the answer to the quit question) count: nothing may happen that the player cannot see.

No handler edits the input line while it is read-only (an overlay is open, or a turn waits to be
confirmed): a completion still selected then is dropped, never applied. Any exception in a handler
ends the application with that exception, so the caller can leave the terminal cleanly and say what
happened in one line instead of a traceback.
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
    ConditionalKeyBindings,
    KeyBindings,
    KeyBindingsBase,
    KeyPressEvent,
    merge_key_bindings,
)
from prompt_toolkit.key_binding.defaults import load_key_bindings
from prompt_toolkit.keys import Keys

from ..model.session import Overlay, Screen, Session
from ..view.compose import last_turn_crowded_out
from ..view.overlays import OverlayRows
from .layout import INPUT_BUFFER, screen_size, too_small

__all__ = ["create_key_bindings"]

Handler = Callable[[KeyPressEvent], None]
Guard = Callable[[Handler], Handler]


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


def create_key_bindings(session: Session, *, overlays: OverlayRows | None = None) -> KeyBindingsBase:
    """The game's key bindings over prompt_toolkit's editing defaults; see the module docstring.

    `overlays` is the layout's drawing of the help and the log, which says how far they scroll.
    """
    rows = overlays or OverlayRows(session)

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

    @Condition
    def typing_allowed() -> bool:
        return (session.overlay is None and session.screen in (Screen.NAMES, Screen.TABLE) and session.ending is None
                and session.accepts_keys() and not too_small())

    swallow = KeyBindings()

    # Everything not bound elsewhere is swallowed where nothing may be typed (handoff, end, overlays).
    @swallow.add(Keys.Any, filter=~typing_allowed)
    @guarded
    def _swallow(event: KeyPressEvent) -> None:
        session.stray_key()

    fits = ~Condition(too_small)
    game_keys = merge_key_bindings([swallow, _enter_keys(session, guarded), _table_keys(session, guarded),
                                    _handoff_keys(session, guarded), _overlay_keys(session, guarded, rows)])
    return merge_key_bindings([ConditionalKeyBindings(load_key_bindings(), typing_allowed),
                               ConditionalKeyBindings(game_keys, fits), _leaving_keys(session, guarded)])


def _enter_keys(session: Session, guarded: Guard) -> KeyBindings:
    kb = KeyBindings()

    @kb.add("enter")  # at the handoff too: an Enter that comes too soon starts the guard time again
    @guarded
    def _enter(event: KeyPressEvent) -> None:
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

    return kb


def _line_is(test: Callable[[str], bool]) -> Filter:
    @Condition
    def check() -> bool:
        b = get_app().layout.get_buffer_by_name(INPUT_BUFFER)
        return b is None or test(b.text)

    return check


def _table_keys(session: Session, guarded: Guard) -> KeyBindings:
    """Choosing, undoing and the table's other keys; after a take or pass, only confirming or taking back."""
    kb = KeyBindings()
    no_overlay = Condition(lambda: session.overlay is None)
    on_table = Condition(lambda: session.screen is Screen.TABLE) & no_overlay & Condition(session.accepts_keys)
    choosing = on_table & Condition(lambda: session.ending is None)
    ending = on_table & Condition(lambda: session.ending is not None)
    line_empty = _line_is(lambda text: not text)
    line_digits = _line_is(lambda text: text == "" or (text.isascii() and text.isdigit()))

    def digit_handler(digit: str) -> None:
        @kb.add(digit, filter=choosing & line_digits)
        @guarded
        def _digit(event: KeyPressEvent) -> None:
            b = _writable(_buffer(event))
            if b is None:
                return
            b.insert_text(digit)
            if session.number_typed(b.text):
                b.reset()

    for d in "0123456789":
        digit_handler(d)

    @kb.add("down", filter=choosing & ~has_completions)
    @kb.add("right", filter=choosing & line_empty)
    @guarded
    def _next(event: KeyPressEvent) -> None:
        session.move_highlight(+1)

    @kb.add("up", filter=choosing & ~has_completions)
    @kb.add("left", filter=choosing & line_empty)
    @guarded
    def _previous(event: KeyPressEvent) -> None:
        session.move_highlight(-1)

    @kb.add("escape", eager=True)
    @guarded
    def _escape(event: KeyPressEvent) -> None:
        b = _buffer(event)
        line = _writable(b)
        if line is not None and line.complete_state is not None:
            line.cancel_completion()
        elif line is not None and line.text:
            line.reset()
        else:
            _drop_completion(b)
            session.back()

    @kb.add("backspace", filter=choosing & line_empty)
    @guarded
    def _backspace(event: KeyPressEvent) -> None:
        session.back()

    @kb.add("p", filter=choosing & line_empty)
    @guarded
    def _pass(event: KeyPressEvent) -> None:
        session.pass_turn()

    @kb.add("h", filter=choosing & line_empty)
    @guarded
    def _hint(event: KeyPressEvent) -> None:
        session.ask_hint()

    @kb.add("u", filter=(on_table & line_empty) | ending)
    @kb.add("c-z", filter=on_table)
    @guarded
    def _undo(event: KeyPressEvent) -> None:
        session.undo()

    @kb.add("l", filter=(on_table & line_empty) | ending)
    @guarded
    def _summary(event: KeyPressEvent) -> None:
        if session.ending is None and last_turn_crowded_out(session, *screen_size()):
            session.show_last_turn()  # the table leaves it no room: it lies on top instead
        else:
            session.toggle_summary()

    @kb.add("g", filter=(on_table & line_empty) | ending | (Condition(lambda: session.screen is Screen.END)
                                                             & no_overlay))
    @guarded
    def _log(event: KeyPressEvent) -> None:
        session.toggle_log()

    @kb.add("q", filter=(on_table & line_empty) | ending)
    @guarded
    def _ask_quit(event: KeyPressEvent) -> None:
        session.ask_quit()

    @kb.add("?", filter=~Condition(lambda: session.screen is Screen.NAMES) | line_empty)
    @guarded
    def _help(event: KeyPressEvent) -> None:
        if session.overlay is not Overlay.CONFIRM_QUIT:
            session.toggle_help()

    at_end = Condition(lambda: session.screen is Screen.END) & no_overlay

    @kb.add("n", filter=at_end)
    @guarded
    def _new_game(event: KeyPressEvent) -> None:
        session.new_game()
        b = _buffer(event)
        if b is not None:
            b.reset()

    @kb.add("q", filter=at_end)
    @guarded
    def _quit(event: KeyPressEvent) -> None:
        session.quit()

    return kb


def _handoff_keys(session: Session, guarded: Guard) -> KeyBindings:
    """Between turns: the public game log and quitting work, and `u` and `l` say why they do nothing."""
    kb = KeyBindings()
    at_handoff = Condition(lambda: session.screen is Screen.HANDOFF and session.overlay is None)

    @kb.add("u", filter=at_handoff)
    @kb.add("c-z", filter=at_handoff)
    @guarded
    def _undo(event: KeyPressEvent) -> None:
        session.undo()

    @kb.add("l", filter=at_handoff)
    @guarded
    def _summary(event: KeyPressEvent) -> None:
        session.toggle_summary()

    @kb.add("g", filter=at_handoff)
    @guarded
    def _log(event: KeyPressEvent) -> None:
        session.toggle_log()

    @kb.add("q", filter=at_handoff)
    @guarded
    def _ask_quit(event: KeyPressEvent) -> None:
        session.ask_quit()

    return kb


def _overlay_keys(session: Session, guarded: Guard, rows: OverlayRows) -> KeyBindings:
    """Help and the game log: scrolling, closing, and `c` in the help."""
    kb = KeyBindings()
    scrolling = Condition(lambda: session.overlay is not None and session.overlay.scrolls)
    reading = Condition(lambda: session.overlay in (Overlay.HELP, Overlay.LAST_TURN, Overlay.LOG))
    last_turn_open = Condition(lambda: session.overlay is Overlay.LAST_TURN)
    log_open = Condition(lambda: session.overlay is Overlay.LOG)
    help_open = Condition(lambda: session.overlay is Overlay.HELP)

    def scroller(key: str, step: Callable[[int], int]) -> None:
        @kb.add(key, filter=scrolling)
        @guarded
        def _scroll(event: KeyPressEvent) -> None:
            size = event.app.output.get_size()
            page = max(1, size.rows - 4)
            # The log's scroll counts from its bottom (the newest turn), the help's from its top.
            direction = 1 if session.overlay is Overlay.HELP else -1
            session.scroll_by(direction * step(page), limit=rows.scroll_limit(size.columns, size.rows - 1))

    far = 1 << 30
    scroller("down", lambda page: 1)
    scroller("up", lambda page: -1)
    scroller("pagedown", lambda page: page)
    scroller("pageup", lambda page: -page)
    scroller("end", lambda page: far)
    scroller("home", lambda page: -far)

    @kb.add("q", filter=reading)
    @kb.add("l", filter=last_turn_open)
    @kb.add("g", filter=log_open)
    @guarded
    def _close(event: KeyPressEvent) -> None:
        session.back()

    @kb.add("c", filter=help_open)
    @guarded
    def _confirm(event: KeyPressEvent) -> None:
        session.toggle_confirm()

    return kb


def _leaving_keys(session: Session, guarded: Guard) -> KeyBindings:
    """The only keys that also work while the terminal is too small."""
    kb = KeyBindings()
    asking_quit = Condition(lambda: session.overlay is Overlay.CONFIRM_QUIT)

    # A terminal too small to show the game: the game waits, every other key is swallowed.
    @kb.add(Keys.Any, filter=Condition(too_small))
    @guarded
    def _wait(event: KeyPressEvent) -> None:
        pass

    @kb.add("c-c")
    @kb.add("c-d")
    @kb.add(Keys.SIGINT)
    @guarded
    def _interrupt(event: KeyPressEvent) -> None:
        if session.overlay is Overlay.CONFIRM_QUIT:
            session.answer_quit(True)  # asked twice: the player means it
        else:
            session.ask_quit()

    @kb.add("y", filter=asking_quit)
    @kb.add("Y", filter=asking_quit)
    @guarded
    def _yes(event: KeyPressEvent) -> None:
        session.answer_quit(True)

    @kb.add("n", filter=asking_quit)
    @kb.add("N", filter=asking_quit)
    @guarded
    def _no(event: KeyPressEvent) -> None:
        session.answer_quit(False)

    return kb
