"""Keys into a running application on a pipe, for the home screen and the guided game (no terminal needed)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

from prompt_toolkit.application import Application
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

T = TypeVar("T")
UP, DOWN, ESC, CTRL_C = "\x1b[A", "\x1b[B", "\x1b", "\x03"


class Terminal(DummyOutput):
    """A dummy output of a fixed size: nothing is written, but the application lays itself out for it."""

    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size


class Keys(Generic[T]):
    """One running application: type into it, wait for it, read what it drew."""

    def __init__(self, app: Application[T], pipe: PipeInput, task: asyncio.Task[T]) -> None:
        self.app, self.pipe, self.task = app, pipe, task

    async def until(self, condition: Callable[[], bool], timeout: float = 10.0) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while not condition():
            if self.task.done():
                self.task.result()
                raise AssertionError("the application has ended")
            if loop.time() > deadline:
                raise AssertionError("timed out waiting for the application")
            await asyncio.sleep(0.002)

    async def press(self, text: str) -> None:
        """Type `text` and wait until it is handled and drawn (or the application has ended)."""
        before = self.app.render_counter
        self.pipe.send_text(text)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 10
        while not self.task.done() and not (self.app.render_counter > before and not self.app.invalidated):
            if loop.time() > deadline:
                raise AssertionError("timed out waiting for the application")
            await asyncio.sleep(0.002)
        await asyncio.sleep(0)

    def screen(self) -> str:
        drawn = self.app.renderer.last_rendered_screen
        assert drawn is not None
        size = self.app.output.get_size()
        return "\n".join("".join(drawn.data_buffer[y][x].char for x in range(size.columns)).rstrip()
                         for y in range(size.rows))


def drive(make: Callable[[PipeInput, Terminal], Application[T]], script: Callable[[Keys[T]], Awaitable[Any]], *,
          runner: Callable[[Application[T]], Awaitable[T]] | None = None, columns: int = 80, rows: int = 24) -> T:
    """Run the application `make` builds while `script` types into it; its result."""

    async def main() -> T:
        with create_pipe_input() as pipe:
            app = make(pipe, Terminal(columns, rows))
            task: asyncio.Task[T] = asyncio.create_task(runner(app) if runner else app.run_async())  # type: ignore[arg-type]
            keys = Keys(app, pipe, task)
            await keys.until(lambda: app.render_counter > 0)
            try:
                await script(keys)
            finally:
                if app.is_running and app.future is not None and not app.future.done():
                    app.exit()
            return await asyncio.wait_for(task, 10)

    return asyncio.run(main())
