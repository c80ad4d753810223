"""The input line and the message line stay whole whatever is typed or pasted.

The application runs on prompt_toolkit's pipe input with an output of a fixed size; the assertions
read the grid of characters the renderer last put on the screen (no escape bytes), row by row, as a
player would read them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from prompt_toolkit.application import Application
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import PipeInput, create_pipe_input
from prompt_toolkit.output import DummyOutput

from famiglia.engine import Game
from famiglia.tui.model.session import Screen, Session
from famiglia.tui.shell.app import build_app, run_app
from famiglia.tui.shell.layout import INPUT_BUFFER
from famiglia.tui.view.compose import prompt_fitted, prompt_text

CTRL_U = "\x15"
HOME = "\x1b[H"
QUIT = "\x03y"


class Terminal(DummyOutput):
    """An output of a fixed size that writes nothing: the renderer still lays out and fills its screen grid."""

    def __init__(self, columns: int, rows: int) -> None:
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size


class Keyboard:
    """Keys in, the rows of the screen out."""

    def __init__(self, app: Application[int], pipe: PipeInput, session: Session) -> None:
        self.app = app
        self.pipe = pipe
        self.session = session

    async def keys(self, text: str) -> None:
        """Type `text` and wait until it is handled and the screen drawn again."""
        before = self.app.render_counter
        self.pipe.send_text(text)
        for _ in range(2500):
            if self.app.render_counter > before and not self.app.invalidated:
                break
            await asyncio.sleep(0.002)
        await asyncio.sleep(0)

    async def until(self, condition: Callable[[], bool]) -> None:
        for _ in range(2500):
            if condition():
                return
            await asyncio.sleep(0.002)
        raise AssertionError("timed out waiting for the application")

    def rows(self) -> list[str]:
        screen = self.app.renderer.last_rendered_screen
        assert screen is not None
        size = self.app.output.get_size()
        return ["".join(screen.data_buffer[y][x].char for x in range(size.columns)).rstrip()
                for y in range(size.rows)]

    @property
    def line(self) -> str:
        buffer = self.app.layout.get_buffer_by_name(INPUT_BUFFER)
        assert buffer is not None
        return buffer.text


def run(session: Session, script: Callable[[Keyboard], Awaitable[None]], *, columns: int = 80, rows: int = 24) -> None:
    async def main() -> None:
        with create_pipe_input() as pipe:
            app = build_app(session, input=pipe, output=Terminal(columns, rows))
            task = asyncio.create_task(run_app(app))
            keyboard = Keyboard(app, pipe, session)
            while app.render_counter == 0:
                await asyncio.sleep(0.002)
            try:
                await script(keyboard)
            finally:
                if app.is_running and app.future is not None and not app.future.done():
                    app.exit(result=0)
            await asyncio.wait_for(task, 5)

    asyncio.run(main())


def at_table(**options: object) -> Session:
    return Session(names=("Anna", "Ben"), seed=11, handoff_guard=0, **options)  # type: ignore[arg-type]


async def to_table(k: Keyboard) -> None:
    for _ in range(50):
        if k.session.screen is Screen.HANDOFF and k.session.accepts_keys():
            break
        await asyncio.sleep(0.01)
    await k.keys("\r")
    assert k.session.screen is Screen.TABLE


def test_the_prompt_stays_when_the_line_is_longer_than_the_terminal() -> None:
    async def script(k: Keyboard) -> None:
        await to_table(k)
        await k.keys("x" * 100)
        await k.until(lambda: k.line == "x" * 100)
        last = k.rows()[-1]
        assert last.startswith("Ben > x") and last.endswith("x") and len(last) <= 80  # the text scrolls
        await k.keys("\r")
        assert k.line == "x" * 100  # refused, and left on the line to correct
        await k.keys(CTRL_U)
        assert k.rows()[-1] == "Ben >"  # the prompt is whole again, the cursor right after it
        await k.keys("take")
        assert k.rows()[-1] == "Ben > take"
        await k.keys(QUIT)

    run(at_table(), script)


def test_a_pasted_line_of_thousands_of_characters_keeps_the_refusal_readable() -> None:
    pasted = "take " + "9" * 5000

    async def script(k: Keyboard) -> None:
        await to_table(k)
        await k.keys(pasted)
        await k.until(lambda: k.line == pasted)
        await k.keys("\r")
        await k.until(lambda: k.session.message is not None)
        rows = k.rows()
        assert rows[-1].startswith("Ben > ")
        message = " ".join(rows[-4:-1])
        assert "…" in message and "'take 999" in message  # the quotation is shortened in its middle
        assert "not a card" in message or "not an action" in message  # and the reason is there, whole
        assert all(len(r) <= 80 for r in rows)
        await k.keys(HOME)
        assert k.rows()[-1].startswith("Ben > take 999")
        await k.keys(QUIT)

    run(at_table(), script)


def test_the_breadcrumb_prompt_stays_while_a_long_line_is_typed() -> None:
    async def script(k: Keyboard) -> None:
        await to_table(k)
        menu = k.session.menu()
        assert menu is not None
        group = next((c for c in menu.choices if c.action is None), None)
        if group is not None:
            await k.keys(str(group.number))
        prompt = " \u203a ".join(["Ben", *k.session.path]) + " >"  # the breadcrumb of the choices made
        await k.keys("w" * 120)
        assert k.rows()[-1].startswith(prompt + " w")
        await k.keys(CTRL_U)
        assert k.rows()[-1] == prompt
        await k.keys(QUIT)

    run(at_table(), script, columns=100, rows=30)


def test_the_names_question_keeps_its_prompt_and_says_why_a_long_name_is_refused() -> None:
    async def script(k: Keyboard) -> None:
        await k.keys("Anna\r")
        await k.keys("z" * 90)
        assert k.rows()[-1].startswith("Player 2's name [Player 2]: z")
        await k.keys("\r")
        rows = k.rows()
        assert "at most 20 characters" in "\n".join(rows[-4:-1])
        await k.keys(CTRL_U)
        assert k.rows()[-1] == "Player 2's name [Player 2]:"
        await k.keys(QUIT)

    run(Session(seed=11, handoff_guard=0), script)


def test_a_refusal_starts_with_a_capital_on_the_message_line() -> None:
    async def script(k: Keyboard) -> None:
        await to_table(k)
        await k.keys("take B4\r")  # the engine's reason starts in lower case
        message = k.session.message
        assert message is not None and message.style == "error"
        shown = k.rows()[-2]  # a one-row message, just above the input line
        assert shown == message.text[0].upper() + message.text[1:]
        assert message.text[0].islower() and shown[0].isupper()
        await k.keys(QUIT)

    run(at_table(), script)


def test_a_long_breadcrumb_takes_at_most_half_the_line(game: Callable[..., Game]) -> None:
    g = game(hand0=["F1", "F1", "M2", "F0", "A0", "B0", "M0"], street=["F2", "B1", "A1", "M1", "B2", "A2"])
    session = Session.resume(Game.from_dict(g.to_dict(), names=("Maximiliane Friederi", "Ben")), handoff_guard=0)
    session.drawn()
    session.reveal()
    session.path = ("take F2", "F1 + M2")  # two choices made: the prompt says them all
    full = prompt_text(session)
    assert full.startswith("Maximiliane Friederi") and full.endswith("F1 + M2 > ")
    fitted = prompt_fitted(session, 60)
    assert len(fitted) <= 30 and fitted.startswith("…") and fitted.endswith("F1 + M2 > ")
    assert prompt_fitted(session, 200) == full
