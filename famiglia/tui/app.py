"""The application of `famiglia play`: the session, its layout and keys, and a loop that never breaks badly.

`build_app` puts a `Session` on the screen; it takes its input and output as parameters, so tests
drive it with prompt_toolkit's pipe input and dummy output. `run_play` is what the command line calls:
it runs the game in the terminal's alternate screen (so no hand stays in the scrollback), and if
anything unexpected goes wrong it leaves the screen cleanly, saves the game so far to a file and says
so in one line — never a traceback.
"""

from __future__ import annotations

import asyncio
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output, create_output

from .keys import create_key_bindings
from .layout import INPUT_BUFFER, create_layout, too_small
from .session import Session

__all__ = ["build_app", "run_play"]

EXIT_FAILURE = 1


def build_app(session: Session, *, input: Input | None = None, output: Output | None = None) -> Application[int]:
    """The prompt_toolkit application for `session`, full screen, reading `input` and writing `output`."""

    def after_render(app: Application[int]) -> None:
        if not too_small() and session.drawn():
            # The handoff is on screen: whatever was typed before it belongs to the last player (R12.2).
            app.input.flush_keys()
            buffer = app.layout.get_buffer_by_name(INPUT_BUFFER)
            if buffer is not None:
                buffer.reset()

    app: Application[int] = Application(
        layout=create_layout(session),
        key_bindings=create_key_bindings(session),
        full_screen=True,
        mouse_support=False,
        input=input,
        output=output,
        after_render=after_render,
    )
    app.ttimeoutlen = 0.05  # Esc answers at once rather than waiting for a key sequence
    app.timeoutlen = 0.3
    return app


async def run_app(app: Application[int]) -> int:
    """Run `app` with an exception handler that ends it cleanly instead of printing a traceback."""
    loop = asyncio.get_running_loop()

    def on_error(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        error = context.get("exception")
        if not isinstance(error, BaseException):
            error = RuntimeError(str(context.get("message", "unknown error")))
        if app.is_running and not app.future.done():  # type: ignore[union-attr]
            app.exit(exception=error)

    loop.set_exception_handler(on_error)
    return await app.run_async(set_exception_handler=False, handle_sigint=True)


def run_play(*, names: tuple[str, str] | None = None, seed: int | None = None, first: int | None = None,
             memory_aid: bool = False) -> int:
    """Play at this terminal until the players quit; the exit status for the command line."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        print("famiglia: play needs a terminal to play in (standard input and output are not one)", file=sys.stderr)
        return EXIT_FAILURE
    session: Session | None = None
    output = create_output()
    try:
        session = Session(names=names, seed=seed, first=first, memory_aid=memory_aid)
        return asyncio.run(run_app(build_app(session, output=output)))
    except Exception as error:  # one line, never a traceback; the game is kept
        # An application stopped by an error may leave line wrapping off; the shell needs it back.
        output.enable_autowrap()
        output.flush()
        kept = _save(session) if session is not None else "no game had started yet"
        print(f"famiglia: the game stopped on an unexpected error ({type(error).__name__}: {error}); {kept}",
              file=sys.stderr)
        return EXIT_FAILURE


def _save(session: Session) -> str:
    """Write the game so far to a file and say where, so an error never loses a game silently."""
    try:
        record = session.record()
        if record["position"] is None:
            return "no game had started yet"
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = Path(tempfile.gettempdir()) / f"famiglia-{stamp}.json"
        path.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    except Exception as error:
        return f"the game could not be saved ({error})"
    return f"the game so far (seed {record['seed']}, {len(record['actions'])} actions) is saved in {path}"
