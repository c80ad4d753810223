"""`famiglia serve`: the game server that friends join with plain `ssh` (docs/serve.md).

The server runs on an event loop of its own thread, so the applications of its connections run
without a signal handler of theirs; the main thread keeps the signals. Ctrl-C (SIGINT) or a `kill`
(SIGTERM, through the run's `famiglia.leaving.Leaving`) stops the server: every table is saved and
every client told so in one line, then the command ends (0 after Ctrl-C, 143 after SIGTERM).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import gc
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Final

from famiglia.commands.errors import complain
from famiglia.leaving import leaving
from famiglia.phrasebook.catalogue import _

__all__ = ["serve", "serve_with"]

EXIT_FAILURE: Final = 1
JOIN_WAIT: Final = 0.2  # how often the main thread looks up from waiting, so that signals are heard
# Objects made between two collections of the youngest generation: see `_collected_as_a_server`.
YOUNG: Final = 20_000


def serve_with(*, host: str, port: int, seed: int | None, password_file: str | None, authorized_keys: str | None,
               connections: int, per_address: int, login_timeout: float, idle_lobby: float, code_delay: float,
               waiting_expiry: float = 7 * 24 * 3600.0, auth_tries: int = 6, tables_per_address: int = 4,
               tables_per_key: int = 4) -> int:
    """`famiglia serve` with its options as given: the server's settings and limits made of them, then `serve`."""
    from pathlib import Path

    from famiglia.server.limits import Limits
    from famiglia.server.server import Settings

    for flag, given in (("--password-file", password_file), ("--authorized-keys", authorized_keys)):
        if given == "":  # `--password-file=`: no file at all, rather than the current folder
            complain(_("{flag} needs a file name").format(flag=flag))
            return EXIT_FAILURE
    limits = Limits(connections=connections, per_address=per_address, login_timeout=login_timeout,
                    idle_lobby=idle_lobby, code_delay=code_delay, waiting_expiry=waiting_expiry,
                    auth_tries=auth_tries, tables_per_address=tables_per_address, tables_per_key=tables_per_key)
    return serve(Settings(host=host, port=port, seed=seed, limits=limits,
                          password_file=Path(password_file) if password_file is not None else None,
                          authorized_keys=Path(authorized_keys) if authorized_keys is not None else None))


def serve(settings: object, *, say: Callable[[str], None] = print) -> int:
    """Run the server with `settings` (`famiglia.server.server.Settings`) until it is stopped; the exit status."""
    from famiglia.server.server import Server, Settings

    assert isinstance(settings, Settings)
    server = Server(settings)
    started = threading.Event()
    loop_box: list[asyncio.AbstractEventLoop] = []
    failure: list[Exception] = []
    stopping = asyncio.Event()

    async def main() -> None:
        loop_box.append(asyncio.get_running_loop())
        try:
            await server.start()
        except Exception as error:  # said by the main thread (`_failed`): nothing has said "listening"
            failure.append(error)
            return
        finally:
            started.set()
        await stopping.wait()
        await server.stop()

    def stop() -> None:
        if loop_box:
            loop_box[0].call_soon_threadsafe(stopping.set)

    # The server's thread speaks the run's language: a new thread starts with an empty context, so it is
    # given a copy of this one, where `famiglia --lang` set the catalogue (famiglia.phrasebook.catalogue).
    spoken = contextvars.copy_context()
    thread = threading.Thread(target=spoken.run, args=(asyncio.run, main()), name="famiglia-serve", daemon=True)
    previous = signal.getsignal(signal.SIGINT)
    interrupted = False

    def on_interrupt(number: int, frame: object) -> None:
        nonlocal interrupted
        interrupted = True
        stop()

    with leaving() as run, run.showing(lambda code: stop()), _collected_as_a_server():
        signal.signal(signal.SIGINT, on_interrupt)
        try:
            thread.start()
            while not started.wait(JOIN_WAIT):
                pass
            if failure:
                return _failed(failure[0])
            for line in server.lines():
                say(line)
            sys.stdout.flush()
            while thread.is_alive():
                thread.join(JOIN_WAIT)
        finally:
            signal.signal(signal.SIGINT, previous)
        if not failure:
            for line in server.stopped_lines():
                say("famiglia serve: " + line)
        return run.code if run.code is not None else 0


def _failed(error: Exception) -> int:
    """A server that could not start: a `ServerError` is its one line and exit status 1; anything else is the
    command line's to say (an `OSError` in one line, a bug with its traceback: famiglia.cli)."""
    from famiglia.server.server import ServerError

    if not isinstance(error, ServerError):
        raise error
    complain(str(error))
    return EXIT_FAILURE


@contextlib.contextmanager
def _collected_as_a_server() -> Iterator[None]:
    """Python's memory collected as a server of many screens needs it, for as long as it serves.

    Python's collector of reference cycles stops the whole process while it walks every object it has;
    a hundred tables are some 600,000 objects, and each full walk held every player's key for 0.2–0.6 s,
    every two seconds under load (docs/performance.md). So what the program is before the first table
    (modules, the rules' tables, the catalogue) is set aside, never walked again, and the youngest
    generation is collected after `YOUNG` new objects instead of 700: most of what a redraw makes is
    gone by then, so far fewer objects reach the oldest generation, and its full walks come minutes
    apart instead of seconds. Cycles are still collected, only less often. The process's own settings
    are given back when the server stops.
    """
    before = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, before[1], before[2])
    try:
        yield
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
