"""The app driver: a running application on prompt_toolkit's pipe input, keys pressed as a player presses them.

`drive` runs any of the program's applications (the game, the home screen, the guided game, the replay)
for the fake terminal of `tests.drivers.terminal` while a script types into it; `play` runs the game's
application for a `Session`. The script gets a `Keys` (a `Player` for a game): `keys` types and waits
until the application has handled the keys and drawn the screen again, `until` waits for a condition,
and `screen` reads the grid of characters the renderer last put on the screen, row by row, as a player
reads it (never the escape bytes). Every wait is bounded and fails, naming what it waited for.
`by_numbers`, `by_arrows` and `by_typing` enter an action the three ways a player can; `play_out` plays a
game to its end with them.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

from prompt_toolkit.application import Application
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import PipeInput, create_pipe_input

from famiglia.engine import Action, Game, Pass, Step
from famiglia.tui.model.builder import Choice
from famiglia.tui.model.home.menu import Home
from famiglia.tui.model.session import Overlay, Screen, Session
from famiglia.tui.shell.app import build_app, run_app
from famiglia.tui.shell.home import build_home_app, run_home_app
from famiglia.tui.shell.layout import INPUT_BUFFER
from famiglia.tui.shell.rowrenderer import RowRenderer

from .session import new_session
from .terminal import CTRL_C, DOWN, ESC, Terminal

__all__ = ["Keys", "Player", "at_home", "at_the_table", "by_arrows", "by_numbers", "by_typing", "drive", "new_session",
           "play", "play_out", "redrawn", "resize", "sit_down", "sitting", "still_playing"]

T = TypeVar("T")
K = TypeVar("K", bound="Keys[Any]")
WAIT = 10.0  # seconds any one wait may take before the test fails: far more than a loaded machine needs


class Keys(Generic[T]):
    """One running application: type into it, wait for it, read what it drew."""

    def __init__(self, app: Application[T], pipe: PipeInput, task: asyncio.Task[T]) -> None:
        self.app = app
        self.pipe = pipe
        self.task = task

    async def until(self, condition: Callable[[], bool], timeout: float = WAIT,
                    what: str = "the application") -> None:
        """Wait until `condition()` holds; fail if the application ends first or `timeout` seconds pass."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not condition():
            if self.task.done():
                self.task.result()  # raise what ended the application
                raise AssertionError(f"the application has ended while waiting for {what}")
            if loop.time() > deadline:
                raise AssertionError(f"timed out waiting for {what}")
            await asyncio.sleep(0.002)

    async def keys(self, text: str) -> None:
        """Type `text` and wait until the application has handled it and drawn the screen again.

        Keys that end the application (a quit answered `y`) end the wait too: no redraw follows them.
        """
        before = self.app.render_counter
        self.pipe.send_text(text)
        await self.until(lambda: self._ended_well() or (self.app.render_counter > before and not self.app.invalidated),
                         what=f"the screen drawn after {text[:40]!r}")
        await asyncio.sleep(0)  # let any keys of the same chunk still in the pipe be handled

    async def burst(self, text: str, *, patience: float = 0.5) -> bool:
        """For a fuzzer: type `text` and give the application up to `patience` seconds to draw again; whether it
        did (or ended).

        Unlike `keys` it does not fail by itself: for some applications some bursts draw nothing (a paste
        at the game's handoff is dropped unseen), and the fuzzer says which must draw.
        """
        before = self.app.render_counter
        self.pipe.send_text(text)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + patience
        while not self.task.done() and (self.app.render_counter == before or self.app.invalidated):
            if loop.time() > deadline:
                break
            await asyncio.sleep(0.001)
        await asyncio.sleep(0)
        return self.task.done() or self.app.render_counter > before


    async def ended(self, timeout: float = WAIT) -> None:
        """Wait until the application has ended, however it ended (its result or error is `drive`'s)."""
        await asyncio.wait({self.task}, timeout=timeout)
        assert self.task.done(), "the application did not end"

    def _ended_well(self) -> bool:
        return self.task.done() and not self.task.cancelled() and self.task.exception() is None

    def rows(self) -> list[str]:
        """The characters the renderer last put on the screen, one string a row, trailing spaces removed."""
        renderer = self.app.renderer
        if isinstance(renderer, RowRenderer) and renderer.on_screen is not None:  # rows it wrote itself
            return renderer.on_screen.characters()
        drawn = renderer.last_rendered_screen  # prompt_toolkit's grid of characters, no escape bytes
        assert drawn is not None
        size = self.app.output.get_size()
        return ["".join(drawn.data_buffer[y][x].char for x in range(size.columns)).rstrip() for y in range(size.rows)]

    def screen(self) -> str:
        """The characters the renderer last put on the screen, row by row."""
        return "\n".join(self.rows())


class Player(Keys[int]):
    """The game's application for one `Session`: keys in, the session's state and the screen out."""

    def __init__(self, session: Session, app: Application[int], pipe: PipeInput, task: asyncio.Task[int]) -> None:
        super().__init__(app, pipe, task)
        self.session = session

    async def at_handoff(self) -> None:
        """Wait until the handoff screen is on show and takes keys."""
        await self.until(lambda: self.session.screen is Screen.HANDOFF and self.session.accepts_keys(),
                         what="the handoff")

    @property
    def line(self) -> str:
        buffer = self.app.layout.get_buffer_by_name(INPUT_BUFFER)
        assert buffer is not None
        return buffer.text

    @property
    def game(self) -> Game:
        assert self.session.game is not None
        return self.session.game


def drive(make: Callable[[PipeInput, Terminal], Application[T]], script: Callable[[K], Awaitable[Any]], *,
          runner: Callable[[Application[T]], Awaitable[T]] | None = None, columns: int = 80, rows: int = 24,
          driver: Callable[[Application[T], PipeInput, asyncio.Task[T]], K] = Keys,  # type: ignore[assignment]
          unfinished: Any = None) -> T:
    """Run the application `make` builds while `script` types into it; its result.

    `runner` runs it (by default prompt_toolkit's own `run_async`); `driver` makes what the script is given.
    An application the script leaves running is ended with the result `unfinished`.
    """

    async def main() -> T:
        with create_pipe_input() as pipe:
            app = make(pipe, Terminal(columns, rows))
            task: asyncio.Task[T] = asyncio.create_task(runner(app) if runner else app.run_async())  # type: ignore[arg-type]
            keys = driver(app, pipe, task)
            await keys.until(lambda: app.render_counter > 0, what="the first drawing")
            try:
                await script(keys)
            finally:
                if app.is_running and app.future is not None and not app.future.done():
                    app.exit(result=unfinished)
            return await asyncio.wait_for(task, WAIT)

    return asyncio.run(main())


def play(session: Session, script: Callable[[Player], Awaitable[None]], *, columns: int = 80, rows: int = 24,
         computer: Any = None) -> int:
    """Run the game's application for `session` (with `computer` at its seat, if given) while `script` types.

    Returns the application's result; -1 if the script left it running.
    """
    return drive(lambda pipe, terminal: build_app(session, input=pipe, output=terminal, computer=computer), script,
                 runner=lambda app: run_app(app, session), columns=columns, rows=rows,
                 driver=lambda app, pipe, task: Player(session, app, pipe, task), unfinished=-1)


def sitting(session: Session, script: Callable[[Player], Awaitable[None]], **options: Any) -> None:
    """One sitting of `session` that `script` plays from its first screen; after it the game is left as a player
    leaves it (Ctrl-C, then y), with the exit status 0."""

    async def played(p: Player) -> None:
        await script(p)
        await p.keys(CTRL_C + "y")

    assert play(session, played, **options) == 0


def at_the_table(session: Session, script: Callable[[Player], Awaitable[None]], **options: Any) -> None:
    """A `sitting` that `script` plays at the table: the first handoff is passed with Enter before it."""

    async def seated(p: Player) -> None:
        await sit_down(p)
        await script(p)

    sitting(session, seated, **options)


def at_home(home: Home, *keys: str, columns: int = 80, rows: int = 24,
            check: Callable[[Keys[Any]], object] | None = None) -> Any:
    """The home screen `home` through its application, each of `keys` pressed in turn; `check` sees the driver
    after the last. The application's result (what the home screen chose, if a key chose something)."""

    async def script(k: Keys[Any]) -> None:
        for key in keys:
            await k.keys(key)
        if check is not None:
            check(k)

    return drive(lambda pipe, terminal: build_home_app(home, input=pipe, output=terminal), script,
                 runner=run_home_app, columns=columns, rows=rows)


async def sit_down(p: Player) -> None:
    """Enter at the handoff, once it takes keys: the table of the player to move."""
    await p.at_handoff()
    await p.keys("\r")
    assert p.session.screen is Screen.TABLE


async def still_playing(p: Player) -> None:
    """The game goes on: the application runs, and the table answers keys."""
    assert not p.task.done()
    await p.keys("?")
    assert p.session.overlay is Overlay.HELP
    await p.keys(ESC)
    await p.until(lambda: p.session.overlay is None)


async def redrawn(p: Keys[Any]) -> None:
    """Wait until the screen has been drawn again since now (the computer changes the game between two keys)."""
    before = p.app.render_counter
    p.app.invalidate()
    await p.until(lambda: p.app.render_counter > before and not p.app.invalidated, what="a redraw")


async def resize(p: Keys[Any], columns: int, rows: int) -> None:
    """The player makes the window `columns` x `rows`."""
    terminal = p.app.output
    assert isinstance(terminal, Terminal)
    terminal.size = Size(rows=rows, columns=columns)
    before = p.app.render_counter
    p.app.invalidate()
    await p.until(lambda: p.app.render_counter > before, what="the redraw at the new size")


# -- entering an action the three ways a player can -------------------------------------------------------


async def by_numbers(p: Player, action: Action) -> None:
    """Number keys, one level of the menu after the other; Enter only where a longer number could follow,
    or for a take among ten or more choices; `p` for a pass."""
    if isinstance(action, Pass):
        await p.keys("p")
        return
    while True:
        choice, count = _choice(p, action)
        wait = choice.number * 10 <= count or (count >= 10 and choice.action is not None and choice.step is Step.TAKE)
        await p.keys(str(choice.number) + ("\r" if wait else ""))
        if choice.action is not None:
            return


async def by_arrows(p: Player, action: Action) -> None:
    """Down to the entry, Enter; level by level (a pass is `p`: it is not in the list)."""
    if isinstance(action, Pass):
        await p.keys("p")
        return
    while True:
        choice, _ = _choice(p, action)
        await p.keys(DOWN * choice.number)
        assert p.session.highlight == choice.number
        await p.keys("\r")
        if choice.action is not None:
            return


def _choice(p: Player, action: Action) -> tuple[Choice, int]:
    """The entry of the menu on show that leads to `action`, and how many entries it has."""
    current = p.session.menu()
    assert current is not None
    return next(c for c in current.choices if action in c.actions), len(current.choices)


async def by_typing(p: Player, action: Action) -> None:
    """The action in notation, then Enter."""
    await p.keys(str(action) + "\r")


async def play_out(p: Player, rng: random.Random, *, illegal_every: int = 9) -> None:
    """Play the game to its end with random legal actions, entered in turn by numbers, arrows and typing."""
    ways = (by_numbers, by_arrows, by_typing)
    moves = 0
    while p.session.screen is not Screen.END:
        if p.session.screen is Screen.HANDOFF:
            await p.at_handoff()
            screen = p.screen()
            assert "Pass the keyboard to" in screen
            await p.keys("\r")
            assert p.session.screen is Screen.TABLE
            continue
        game = p.game
        moves += 1
        if moves % illegal_every == 0:
            before = game.to_dict()
            await p.keys("take M9 pay X keep Y\r")
            assert p.session.message is not None and p.session.message.style == "error"
            assert game.to_dict() == before
            assert p.line == "take M9 pay X keep Y"  # left on the line to be corrected
            await p.keys(ESC)
            await p.until(lambda: p.line == "")
        legal = game.legal_actions()
        takes = [a for a in legal if str(a) != "pass"]
        action = rng.choice(takes) if takes and rng.random() < 0.9 else rng.choice(legal)
        count = len(p.session.history)
        way = ways[moves % 3]
        await way(p, action)
        assert p.session.history[count:] == [action], (way.__name__, p.session.message, p.screen())
        if action.step is Step.TAKE and p.session.ending is not None:  # typing `pass` + Enter confirms at once
            assert p.session.ending == action and "End of your turn?" in p.screen()
            await p.keys("\r")
        if action.step is Step.TAKE:
            assert p.session.screen in (Screen.HANDOFF, Screen.END) and p.session.ending is None
