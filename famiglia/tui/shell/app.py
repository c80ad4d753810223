"""The application of `famiglia play`: the session, its layout and keys, and a loop that never breaks badly.

`build_app` puts a `Session` on the screen; it takes its input and output as parameters, so tests
drive it with prompt_toolkit's pipe input and dummy output. `run_play` is what the command line calls:
it runs the game in the terminal's alternate screen (so no hand stays in the scrollback), and if
anything unexpected goes wrong it leaves the screen cleanly, saves the game so far among the saved
games (where `famiglia resume` finds it) and says so in one line — never a traceback. A closed
terminal window or a `kill` (SIGHUP, SIGTERM) ends the game the way quitting does: the alternate
screen is left, so no hand stays visible, and the shell gets 129 or 143. Leaving prints one line on
the normal screen (`farewell`): who played, the score or whose turn it was, and the seed.

`run_app` is how every screen runs (play, the guided game, the replay, the home screen), so each
meets a signal the same way; the signals that end the program belong to its run (`famiglia.leaving`).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import signal
import sys
from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

from prompt_toolkit.application import Application, in_terminal
from prompt_toolkit.application.current import get_app_session
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output, create_output

from famiglia.leaving import leaving
from famiglia.phrasebook.catalogue import _, filled
from famiglia.phrasebook.counts import point_count, turn_count
from famiglia.profile.seats import HUMAN

from ..model.saving import Autosave, crash_save
from ..model.screens import Message
from ..model.session import Screen, Session
from ..view.compose import GameScreen
from ..view.pieces import short_name
from .computer import Computer
from .editing import install_editing_keys
from .keys import create_key_bindings, typing
from .layout import INPUT_BUFFER, Frames, create_layout, screen_rows, too_small
from .rowrenderer import ink_for, install_row_renderer

__all__ = ["analysis_if_asked", "build_app", "farewell", "run_app", "run_play", "say_farewell"]

EXIT_FAILURE = 1
FAREWELL_WIDTH: Final = 80  # the farewell's line fits the narrowest terminal the game plays in
HANGUP: Final = 128 + 1  # the shell's status after SIGHUP, the terminal closed
T = TypeVar("T")


def _does_nothing(session: Session, key: str) -> None:
    """A key that types nothing and is no command (F5, say): the message line says so, naming it as its cap does."""
    if key.startswith(("c-", "s-")) and len(key) > 2:
        key = ("Ctrl-" if key[0] == "c" else "Shift-") + key[2:].capitalize()
    said = _("{key} does nothing here: ? lists the keys.").format(key=key[:1].upper() + key[1:])
    session.message = Message(said, "warning")


def build_app(session: Session, *, input: Input | None = None, output: Output | None = None,
              computer: Computer | None = None, colour: bool = True, frames: Frames | None = None) -> Application[int]:
    """The prompt_toolkit application for `session`, full screen, reading `input` and writing `output`.

    `computer` plays the computer's seat and works out hints (`h`); by default one with the real players.
    `colour` is the player's: the screen is drawn in colour or without (the family letters and symbols stay);
    `frames` is the screen's view made beforehand (the guided game lays its box from the same frames).
    """

    turn = session.turn

    def after_render(app: Application[int]) -> None:
        nonlocal turn
        buffer = app.layout.get_buffer_by_name(INPUT_BUFFER)
        if not too_small() and session.drawn():
            # The handoff is on screen: whatever was typed before it belongs to the last player (R12.2).
            app.input.flush_keys()
            if buffer is not None:
                buffer.reset()
        if session.turn is not turn:  # a new turn: the player's line starts empty
            turn = session.turn
            if buffer is not None and buffer.text:
                buffer.reset()

    shown = session.screen

    def before_render(app: Application[int]) -> None:
        nonlocal shown
        if session.screen is Screen.HANDOFF and shown is not Screen.HANDOFF:
            # The whole screen is erased before the handoff is drawn, so that no frame, even one a slow
            # terminal shows half written, has the last player's hand above the handoff box (R12.2).
            app.renderer.erase(leave_alternate_screen=False)
        shown = session.screen

    output = output or get_app_session().output
    frames = frames or Frames(GameScreen(session, ink=ink_for(colour, output)))
    app: Application[int] = Application(
        layout=create_layout(session, frames),
        key_bindings=create_key_bindings(session),
        full_screen=True,
        mouse_support=False,
        input=input,
        output=output,
        before_render=before_render,
        enable_page_navigation_bindings=False,
        after_render=after_render,
    )
    install_editing_keys(app, typing(session), stray=lambda key: _does_nothing(session, key))  # no Ctrl-Q, no mouse
    app.ttimeoutlen = 0.05  # Esc answers at once rather than waiting for a key sequence
    app.timeoutlen = 0.3
    # A redraw is cheap (the rows are written straight out, `RowRenderer`) and is made as soon as it is asked for:
    # prompt_toolkit would otherwise put it off while other work waits in the loop, asking again and again, which
    # on a server of many screens is work of its own.
    app.max_render_postpone_time = None
    buffer = app.layout.get_buffer_by_name(INPUT_BUFFER)
    assert buffer is not None
    install_row_renderer(app, lambda columns, rows: screen_rows(session, frames, buffer, columns, rows))
    (computer or Computer(session)).attach(app)
    return app


async def run_app(app: Application[T], session: Session | None = None, *,
                  left: Callable[[int], T] | None = None) -> T:
    """Run `app`, the one way every screen runs: errors end it cleanly instead of printing a traceback.

    A leaving signal (SIGTERM, SIGHUP) ends it as quitting does, through the run's `Leaving`
    (`famiglia.leaving`): `session.quit(code)` when a session is given, and the application's result
    is `left(code)` (by default the exit status, 143 or 129, for an application whose result is
    one); prompt_toolkit leaves the alternate screen and restores the terminal, and no other screen
    opens after it. SIGTSTP suspends it off the screen, and `fg` brings it back drawn anew.
    """
    loop = asyncio.get_running_loop()

    def on_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if not isinstance(error, BaseException):
            error = RuntimeError(str(context.get("message", "unknown error")))
        if app.is_running and not app.future.done():  # type: ignore[union-attr]
            app.exit(exception=error)

    def leave(code: int) -> None:
        if session is not None:
            session.quit(code)
        if app.is_running and not app.future.done():  # type: ignore[union-attr]
            app.exit(result=left(code) if left is not None else cast(T, code))

    def asked(code: int) -> None:  # in the signal handler: the loop ends the application at its next turn
        with contextlib.suppress(RuntimeError):  # the loop has closed: the application is over already
            loop.call_soon_threadsafe(leave, code)

    def suspend() -> None:
        """SIGTSTP: leave the screen (no hand stays on show) and the terminal as the shell wants it, stop,
        and on `fg` take the terminal back and draw the screen again."""
        if not app.is_running:
            return

        def stopped() -> None:
            loop.remove_signal_handler(signal.SIGTSTP)
            try:
                os.kill(os.getpid(), signal.SIGTSTP)  # the default action: stopped here until SIGCONT
            finally:
                loop.add_signal_handler(signal.SIGTSTP, suspend)

        app.create_background_task(_in_terminal(stopped))

    loop.set_exception_handler(on_error)
    suspending: signal.Signals | None = None
    # Where this loop or thread takes no signal handlers, Ctrl-Z does what the terminal does.
    with contextlib.suppress(AttributeError, NotImplementedError, RuntimeError, ValueError):
        loop.add_signal_handler(signal.SIGTSTP, suspend)
        suspending = signal.SIGTSTP
    try:
        with leaving() as run, run.showing(asked):
            return await app.run_async(set_exception_handler=False, handle_sigint=True)
    finally:
        if suspending is not None:
            loop.remove_signal_handler(suspending)


async def _in_terminal(work: Callable[[], None]) -> None:
    """Run `work` with the application off the screen: alternate screen left, cooked mode, then redrawn."""
    async with in_terminal():
        work()


def farewell(session: Session) -> str:
    """The one line left on the normal screen after the game: who played, how it stands, and the seed of a
    finished game (an unfinished one's would let anyone deal it again and read the draw stack, R12.2)."""
    game = session.game
    if game is None:
        return "famiglia: " + _("no game was started.")
    first, second = (short_name(n) for n in game.names)
    line = "famiglia: " + _("{first} and {second}").format(first=first, second=second)
    result = game.result()
    if result is None and not session.log:
        return line + _(": left before the first turn ended.")
    if result is None:
        played = len(session.log)
        seat = session.at_keyboard if session.ending is not None else game.to_move  # a turn waiting for Enter
        mover = short_name(game.names[seat])
        line += filled(_(", {turns} played; {name} was to move"), turns=turn_count(played), name=mover)
    elif result.winner is None:
        line += _(": a draw at {points} each").format(points=point_count(result.scores[0]))
    else:
        w = result.winner
        line += _(": {name} won {won} to {lost}").format(name=short_name(game.names[w]), won=result.scores[w],
                                                        lost=result.scores[1 - w])
    if game.seed is not None and result is not None:  # before the end the seed would tell the stack (R12.2)
        seed = " (" + _("seed {seed}").format(seed=game.seed) + ")"
        if len(line) + len(seed) + 1 > FAREWELL_WIDTH:  # never wrapped in the middle of the seed
            return f"{line}.\nfamiglia: " + _("seed {seed}").format(seed=game.seed) + "."
        line += seed
    return line + "."


def run_play(*, names: tuple[str, str] | None = None, seed: int | None = None, first: int | None = None,
             memory_aid: bool = False, confirm: bool = True, seats: tuple[str, str] = (HUMAN, HUMAN),
             session: Session | None = None, say: Callable[[str], None] | None = None, colour: bool = True) -> int:
    """Play at this terminal until the players quit; the exit status for the command line.

    `session` is one made beforehand (a resumed game); otherwise a new one is made from the options
    (`confirm`: ask before a take or pass ends the turn; `seats`: who plays each seat, `famiglia.persistence.seats`).
    Every action is saved as it is made (`saving.Autosave`); the last line printed says how to go on.
    `say` takes the lines said on leaving in place of the terminal (the home screen shows them itself).
    `colour` is the player's: the screen, and the analysis its end screen's a shows, in colour or without.
    """
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("famiglia: " + _("play needs a terminal to play in (standard input and output are not one)"),
              file=sys.stderr)
        return EXIT_FAILURE
    output = create_output()
    try:
        if session is None:
            session = Session(names=names, seed=seed, first=first, memory_aid=memory_aid, confirm=confirm,
                              seats=seats)
        saver = Autosave.attach(session)
        saver.check(session)  # a folder that takes no file is said on the first screen; play goes on
        with leaving() as run, run.held():  # a signal ends the game; the last save and the farewell are made
            code = asyncio.run(run_app(build_app(session, output=output, colour=colour), session))
            saver.close(session)
            say_farewell(session, saver, say)
        shown = analysis_if_asked(saver, colour=colour)
        return code if shown is None else shown
    except Exception as error:  # one line, never a traceback; the game is kept
        if _terminal_gone(error, session):  # the window was closed: the game is saved, nobody reads a line
            if session is not None:
                crash_save(session)
            return HANGUP
        # An application stopped by an error may leave line wrapping off; the shell needs it back.
        with contextlib.suppress(OSError):
            output.enable_autowrap()
            output.flush()
        kept = crash_save(session) if session is not None else _("no game had started yet")
        print("famiglia: " + _("the game stopped on an unexpected error ({error}); {kept}").format(
            error=f"{type(error).__name__}: {error}", kept=kept), file=sys.stderr)
        return EXIT_FAILURE



def analysis_if_asked(saver: Autosave, *, colour: bool = True) -> int | None:
    """The end screen's a, once the game's screen is left: the saved game's analysis shown (in colour or not, as
    the screen was), and its exit status; None if it was not asked for."""
    if not (saver.analyse_on_leaving and saver.path is not None and saver.record is not None):
        return None
    from .shown_analysis import show_analysis

    return show_analysis(saver.path, saver.record, colour=None if colour else False)


def _terminal_gone(error: Exception, session: Session | None) -> bool:
    """Whether `error` says the terminal went away: a read or write after a hangup, or a hangup just before."""
    hung_up = session is not None and session.exit_code == HANGUP
    return isinstance(error, OSError) and (hung_up or error.errno in (errno.EIO, errno.ENXIO))


def say_farewell(session: Session, saver: Autosave, say: Callable[[str], None] | None = None) -> None:
    """What is said on leaving a game: the farewell, and how to go on with the saved game (or why it is not).

    Printed on the terminal, where leaving the names question says that no game was started; or handed to
    `say` (the home screen shows it itself), only for a game that began.
    """
    lines = [line for line in (farewell(session), saver.hint() or saver.not_saved()) if line]
    if say is None:
        _say(*lines)
    elif session.game is not None:
        for line in lines:
            say(line)


def _say(*lines: str) -> None:
    """Print the lines after the game; a terminal that has gone away (SIGHUP) hears nothing, and that is fine."""
    try:
        for line in lines:
            print(line, flush=True)
    except OSError:
        pass
