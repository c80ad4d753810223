"""The rows the game's screen writes itself show exactly what prompt_toolkit's own renderer shows.

Every game draws with `RowRenderer`: the rows of the frame written straight to the terminal, prompt_toolkit's
renderer only where the rows cannot say it all (the Tab menu, the quit question, a line that scrolls). Two
applications on the same seeded game take the same keys, one with `RowRenderer` and one with prompt_toolkit's
renderer alone; both write to a terminal emulator of the same size and colours (`tests.drivers.emulator`).
After every key both terminals show the same characters in the same colours and attributes, with the cursor in
the same place or hidden in both; at the sizes players use, too small, and across resizes; in 256 colours, in
16 and in none. The keys are a seeded mix of what a player presses (the choices, typed notation, Tab, the help,
the log, the last turn, the quit question, undo), with odd and wide characters and a paste among them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from prompt_toolkit.application import Application
from prompt_toolkit.input import PipeInput
from prompt_toolkit.layout import Layout
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.renderer import Renderer

from famiglia.tui.model.session import Screen, Session
from famiglia.tui.shell.app import build_app
from famiglia.tui.shell.rowrenderer import RowRenderer
from tests.drivers.app import Keys, drive, redrawn
from tests.drivers.emulator import Emulated
from tests.drivers.session import new_session
from tests.drivers.terminal import CTRL_U, CTRL_Z, DOWN, ESC, UP

WAIT = 5.0
KEYS = ("\r", "\r", "\x1b[D", "\x1b[D", "\x1b[C", "\x1b[H", "1", "2", "3", "4", "5", "9", DOWN, UP, DOWN, ESC,
        "?", "g", "l", "q", "n", "p", "\t", "\t", "\x7f", CTRL_Z, CTRL_U, "c", "u", "take ", "refresh ", "é", "中", "x",
        "\x1b[5~", "\x1b[6~",
        "\x1b[200~" + "F2 " * 40 + "\x1b[201~")
SIZES = ((80, 24), (100, 30), (120, 40), (60, 16))


class _Pair:
    """One game's application drawn twice at every redraw: by its `RowRenderer` to one terminal, and by
    prompt_toolkit's renderer alone to another, from the very same state (one application, so the two can
    never differ by when a key arrived)."""

    def __init__(self, seed: int, columns: int, rows: int, depth: ColorDepth, colour: bool) -> None:
        self.terminals = (Emulated(columns, rows, depth), Emulated(columns, rows, depth))
        self.session: Session = new_session(seed, first=0)
        self.colour = colour
        self.frames = 0  # frames drawn, and of those, how many the rows wrote themselves
        self.own = 0

    def start(self, pipe: PipeInput) -> Application[int]:
        app = build_app(self.session, input=pipe, output=self.terminals[0].output, colour=self.colour)
        renderer = app.renderer
        assert isinstance(renderer, RowRenderer)
        shadow = Renderer(renderer.style, self.terminals[1].output, full_screen=True,
                          mouse_support=renderer.mouse_support)
        own_render = renderer.render

        def both(app: Application[Any], layout: Layout, is_done: bool = False) -> None:
            own_render(app, layout, is_done)
            shadow.render(app, layout, is_done)
            if not is_done:
                self.frames += 1
                self.own += renderer.on_screen is not None

        renderer.render = both  # type: ignore[method-assign]
        own_erase, own_reset = renderer.erase, renderer.reset
        erasing = False

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

        renderer.erase = erases  # type: ignore[method-assign]
        renderer.reset = resets  # type: ignore[method-assign]
        self.app = app
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


def _first_difference(mine: list[Any], theirs: list[Any]) -> str:
    for x, (a, b) in enumerate(zip(mine, theirs, strict=True)):
        if a != b:
            return f"  column {x}: {a} against {b}"
    return ""


def _compare(seed: int, depth: ColorDepth, colour: bool, presses: int) -> int:
    """Press `presses` seeded keys, comparing the two terminals after each redraw; the number of frames
    `RowRenderer` wrote itself."""
    rng = random.Random(seed)
    columns, rows = SIZES[seed % len(SIZES)]
    pair = _Pair(seed, columns, rows, depth, colour)

    async def script(k: Keys[int]) -> None:
        pair.alike("the first frame")
        for press in range(presses):
            session = pair.session
            if rng.random() < 0.06:
                columns, rows = rng.choice((*SIZES, (40, 10), (rng.randint(50, 140), rng.randint(14, 45))))
                pair.resize(columns, rows)
                await redrawn(k)
                what = f"press {press}: resized to {columns}×{rows}"
            else:
                key = rng.choice(KEYS)
                if session.game is not None and session.screen is Screen.TABLE and rng.random() < 0.3 \
                        and not session.game.is_over:
                    key = str(rng.choice(session.game.legal_actions())) + "\r"
                if not await k.burst(key, patience=WAIT):
                    continue
                if k.task.done():
                    return
                what = f"press {press}: {key[:30]!r} on {session.screen.name}, overlay {session.overlay}"
            await redrawn(k)  # whatever the keys started (a hint, a turn's end) drawn too
            pair.alike(what)

    drive(lambda pipe, _terminal: pair.start(pipe), script, unfinished=0)
    return pair.own


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
