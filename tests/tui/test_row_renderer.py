"""The rows the screens write themselves show exactly what prompt_toolkit's own renderer shows.

The game, the home screen and the replay draw with `RowRenderer`: their rows written straight to the
terminal, prompt_toolkit's renderer only where the rows cannot say it all (the Tab menu, the quit question,
a line that scrolls). One application takes seeded keys and is drawn at every redraw twice, from the very
same state: by its `RowRenderer` to one terminal emulator (`tests.drivers.emulator`) and by prompt_toolkit's
renderer alone to another of the same size and colours. After every key both terminals show the same
characters in the same colours and attributes, with the cursor in the same place or hidden in both; at the
sizes players use, too small, and across resizes; in 256 colours, in 16 and in none. The game's keys are a
seeded mix of what a player presses (the choices, typed notation, Tab, the help, the log, the last turn,
the quit question, undo), with odd and wide characters and a paste among them; the home screen's and the
replay's their own.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from prompt_toolkit.application import Application
from prompt_toolkit.input import PipeInput
from prompt_toolkit.layout import Layout
from prompt_toolkit.output import ColorDepth, Output
from prompt_toolkit.renderer import Renderer

from famiglia.commands import home as home_command
from famiglia.persistence import Store
from famiglia.tui.model.replay import Replay
from famiglia.tui.model.session import Screen
from famiglia.tui.shell.app import build_app
from famiglia.tui.shell.home import build_home_app, run_home_app
from famiglia.tui.shell.replay import build_replay_app
from famiglia.tui.shell.rowrenderer import RowRenderer
from tests.drivers.app import Keys, drive, redrawn
from tests.drivers.emulator import Emulated
from tests.drivers.session import new_session
from tests.drivers.terminal import CTRL_U, CTRL_Z, DOWN, ESC, UP
from tests.persistence.records import played

WAIT = 5.0
KEYS = ("\r", "\r", "\x1b[D", "\x1b[D", "\x1b[C", "\x1b[H", "1", "2", "3", "4", "5", "9", DOWN, UP, DOWN, ESC,
        "?", "g", "l", "q", "n", "p", "\t", "\t", "\x7f", CTRL_Z, CTRL_U, "c", "u", "take ", "refresh ", "é", "中", "x",
        "\x1b[5~", "\x1b[6~",
        "\x1b[200~" + "F2 " * 40 + "\x1b[201~")
SIZES = ((80, 24), (100, 30), (120, 40), (60, 16))
T = TypeVar("T")


class _Shadowed:
    """One application drawn twice at every redraw: by its `RowRenderer` to one terminal, and by prompt_toolkit's
    renderer alone to another, from the very same state (one application, so the two can never differ by when a
    key arrived)."""

    def __init__(self, columns: int, rows: int, depth: ColorDepth) -> None:
        self.terminals = (Emulated(columns, rows, depth), Emulated(columns, rows, depth))
        self.frames = 0  # frames drawn, and of those, how many the rows wrote themselves
        self.own = 0

    @property
    def output(self) -> Output:
        return self.terminals[0].output

    def shadow(self, app: Application[T]) -> Application[T]:
        """`app`, built on `output`, with prompt_toolkit's renderer drawing beside its own to the second terminal."""
        renderer = app.renderer
        assert isinstance(renderer, RowRenderer)
        shadow = Renderer(renderer.style, self.terminals[1].output, full_screen=True,
                          mouse_support=renderer.mouse_support)
        own_render, own_erase, own_reset = renderer.render, renderer.erase, renderer.reset
        erasing = False

        def both(app: Application[Any], layout: Layout, is_done: bool = False) -> None:
            own_render(app, layout, is_done)
            shadow.render(app, layout, is_done)
            if not is_done:
                self.frames += 1
                self.own += renderer.on_screen is not None

        def erases(leave_alternate_screen: bool = True) -> None:  # the screen erased (the handoff): both terminals
            nonlocal erasing
            shadow.erase(leave_alternate_screen=leave_alternate_screen)
            erasing = True
            try:
                own_erase(leave_alternate_screen=leave_alternate_screen)
            finally:
                erasing = False

        def resets(*args: Any, **kwargs: Any) -> None:
            own_reset(*args, **kwargs)
            if not erasing:
                shadow.reset(*args, **kwargs)

        renderer.render = both  # type: ignore[method-assign]
        renderer.erase = erases  # type: ignore[method-assign]
        renderer.reset = resets  # type: ignore[method-assign]
        return app

    def resize(self, columns: int, rows: int) -> None:
        for terminal in self.terminals:
            terminal.resize(columns, rows)

    def alike(self, what: str) -> None:
        fast, plain = self.terminals
        assert fast.cursor() == plain.cursor(), f"{what}: the cursor\n{fast.text()}"
        for y, (mine, theirs) in enumerate(zip(fast.cells(), plain.cells(), strict=True)):
            assert mine == theirs, (f"{what}: row {y} differs\n  rows:           {fast.text().splitlines()[y]!r}\n"
                                    f"  prompt_toolkit: {plain.text().splitlines()[y]!r}\n"
                                    f"{_first_difference(mine, theirs)}")

    async def press(self, k: Keys[Any], rng: random.Random, keys: Callable[[], str], press: int) -> bool:
        """One seeded press (now and then a resize), then the two terminals compared; False once the app ended."""
        if rng.random() < 0.06:
            columns, rows = rng.choice((*SIZES, (40, 10), (rng.randint(50, 140), rng.randint(14, 45))))
            self.resize(columns, rows)
            await redrawn(k)
            what = f"press {press}: resized to {columns}×{rows}"
        else:
            key = keys()
            if not await k.burst(key, patience=WAIT):
                return True
            if k.task.done():
                return False
            what = f"press {press}: {key[:30]!r}"
        try:
            await redrawn(k)  # whatever the keys started (a hint, a turn's end) drawn too
        except AssertionError:
            if k.task.done():  # the key left the screen (a choice on the home screen): nothing more to compare
                return False
            raise
        self.alike(what)
        return True


def _first_difference(mine: list[Any], theirs: list[Any]) -> str:
    for x, (a, b) in enumerate(zip(mine, theirs, strict=True)):
        if a != b:
            return f"  column {x}: {a} against {b}"
    return ""


def _compare(seed: int, depth: ColorDepth, colour: bool, presses: int) -> int:
    """Press `presses` seeded keys into a game, comparing the two terminals after each redraw; the number of
    frames `RowRenderer` wrote itself."""
    rng = random.Random(seed)
    shadowed = _Shadowed(*SIZES[seed % len(SIZES)], depth)
    session = new_session(seed, first=0)

    def key() -> str:
        if session.game is not None and session.screen is Screen.TABLE and rng.random() < 0.3 \
                and not session.game.is_over:
            return str(rng.choice(session.game.legal_actions())) + "\r"
        return rng.choice(KEYS)

    async def script(k: Keys[int]) -> None:
        shadowed.alike("the first frame")
        for press in range(presses):
            if not await shadowed.press(k, rng, key, press):
                return

    drive(lambda pipe, _: shadowed.shadow(build_app(session, input=pipe, output=shadowed.output, colour=colour)),
          script, unfinished=0)
    return shadowed.own


@pytest.mark.parametrize(("seed", "depth", "colour"), [
    (1, ColorDepth.DEPTH_8_BIT, True),
    (2, ColorDepth.DEPTH_4_BIT, True),
    (3, ColorDepth.DEPTH_8_BIT, False),
    (4, ColorDepth.DEPTH_1_BIT, True),
    (5, ColorDepth.DEPTH_24_BIT, True),
])
def test_the_rows_written_show_what_prompt_toolkit_would_show(seed: int, depth: ColorDepth, colour: bool) -> None:
    own = _compare(seed, depth, colour, presses=60)
    assert own >= 20  # most frames are the rows' own: the comparison is of them, not of two prompt_toolkits


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(10, 22))
def test_the_rows_written_show_what_prompt_toolkit_would_show_over_long_sittings(seed: int) -> None:
    depth = (ColorDepth.DEPTH_8_BIT, ColorDepth.DEPTH_4_BIT, ColorDepth.DEPTH_24_BIT)[seed % 3]
    _compare(seed, depth, True, presses=300)


HOME_KEYS = (DOWN, UP, DOWN, ESC, "?", "q", "1", "2", "3", "4", "5", "6", "7", " ", "\x1b[5~", "\x1b[6~", "\x1b[H",
             "\x1b[F", "n", "x", "\x7f")
REPLAY_KEYS = ("\x1b[C", "\x1b[C", " ", "\x1b[D", "p", "\x1b[H", "\x1b[F", "\x1b[6~", "\x1b[5~", "1", "2", "\r",
               "\x7f", "m", "x", "?")


def _compare_screen(seed: int, depth: ColorDepth, keys: tuple[str, ...],
                    make: Callable[[PipeInput, Output], Application[Any]], **options: Any) -> int:
    """Press 80 seeded `keys` into the application `make` builds, comparing the two terminals after each redraw;
    the number of frames `RowRenderer` wrote itself."""
    rng = random.Random(seed)
    shadowed = _Shadowed(*SIZES[seed % len(SIZES)], depth)

    async def script(k: Keys[Any]) -> None:
        shadowed.alike("the first frame")
        for press in range(80):
            if not await shadowed.press(k, rng, lambda: rng.choice(keys), press):
                return

    drive(lambda pipe, _: shadowed.shadow(make(pipe, shadowed.output)), script, **options)
    return shadowed.own


@pytest.mark.parametrize(("seed", "depth"), [(1, ColorDepth.DEPTH_8_BIT), (2, ColorDepth.DEPTH_4_BIT)])
def test_the_home_screens_rows_show_what_prompt_toolkit_would_show(seed: int, depth: ColorDepth) -> None:
    home = home_command._home(Store())
    own = _compare_screen(seed, depth, HOME_KEYS, lambda pipe, output: build_home_app(home, input=pipe, output=output),
                          runner=run_home_app)
    assert own >= 10


@pytest.mark.parametrize(("seed", "depth"), [(3, ColorDepth.DEPTH_8_BIT), (4, ColorDepth.DEPTH_1_BIT)])
def test_the_replays_rows_show_what_prompt_toolkit_would_show(seed: int, depth: ColorDepth) -> None:
    replay = Replay(played(seed, 60)[0])
    own = _compare_screen(seed, depth, REPLAY_KEYS,
                          lambda pipe, output: build_replay_app(replay, input=pipe, output=output), unfinished=0)
    assert own >= 20
