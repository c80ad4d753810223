"""Rows straight to the terminal: a renderer that writes the screen's rows itself wherever it can.

prompt_toolkit draws a redraw by writing every character of every window into a grid and comparing it with
the grid before, character by character: some milliseconds at 80×24, most of a redraw's cost, and on a
server that draws for two hundred players the part that decides how many tables one process holds
(docs/performance.md). Our screens are rows already written out in the player's ink (`view.bridge.Rows`),
so `RowRenderer` writes the rows that differ from those it wrote last, each whole, and puts the cursor on
the input line: a redraw costs a comparison of some twenty strings.

What it is told to draw comes from the one who built the layout (`Shown`, or None), for the layout it was
given and no other (a layout laid over it, as the guided game's box is, is drawn by prompt_toolkit).
Everything the rows cannot say — the Tab menu, a box over part of the table, a selection, a line that
scrolls — is drawn by prompt_toolkit's own renderer, as is the first frame, every frame after the screen
was erased (the handoff, R12.2) and the last one; after a frame of its own prompt_toolkit draws the whole
screen again, and after one of prompt_toolkit's this renderer writes every row, so the two never disagree
about what the terminal shows. A test draws the same screens both ways through a terminal emulator and
compares what each shows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from prompt_toolkit.application import Application
from prompt_toolkit.data_structures import Point, Size
from prompt_toolkit.layout import Layout
from prompt_toolkit.output import ColorDepth, Output
from prompt_toolkit.renderer import Renderer

from ..view.bridge import Ink

__all__ = ["RowRenderer", "Shown", "ink_for", "install_row_renderer", "whole_screen"]

_SGR: Final = re.compile(r"\x1b\[[0-9;]*m")
_COLOURS: Final = {ColorDepth.DEPTH_1_BIT: 2, ColorDepth.DEPTH_4_BIT: 16, ColorDepth.DEPTH_8_BIT: 256,
                   ColorDepth.DEPTH_24_BIT: 256 ** 3}  # a terminal's colours, by prompt_toolkit's name for them


def ink_for(colour: bool, output: Output) -> Ink:
    """The ink of a screen on `output`: colour as the player asked, in the colours its terminal has (the rows go to
    it as they are written)."""
    return Ink.of(colour, colours=_COLOURS[output.get_default_color_depth()])


@dataclass(frozen=True, slots=True)
class Shown:
    """A whole screen as rows: one string per terminal row, top to bottom, with the terminal codes of the player's
    ink (colours and attributes only, each row ending plain), and the visible cursor (column, row), if any."""

    rows: tuple[str, ...]
    cursor: tuple[int, int] | None = None

    @classmethod
    def of(cls, rows: Sequence[str], count: int, cursor: tuple[int, int] | None = None) -> Shown:
        """`rows` made exactly `count` rows long (cut, or blank rows added), with the `cursor`."""
        return cls((*rows[:count], *("",) * (count - len(rows))), cursor)

    def characters(self) -> list[str]:
        """The rows as characters, right-hand spaces removed: what a player reads."""
        return [_SGR.sub("", row).rstrip() for row in self.rows]


class RowRenderer(Renderer):
    """prompt_toolkit's renderer, which writes the rows of `shown` itself wherever they say the whole screen.

    `shown(columns, rows)` is the screen of `layout` at that size, or None where prompt_toolkit must draw it.
    """

    def __init__(self, app: Application[Any], layout: Layout, shown: Callable[[int, int], Shown | None]) -> None:
        self.on_screen: Shown | None = None  # what the last frame of its own wrote; None after prompt_toolkit's
        self._size: Size | None = None
        super().__init__(app.renderer.style, app.output, full_screen=app.full_screen,
                         mouse_support=app.renderer.mouse_support,
                         cpr_not_supported_callback=app.renderer.cpr_not_supported_callback)
        self.layout = layout
        self.shown = shown

    def render(self, app: Application[Any], layout: Layout, is_done: bool = False) -> None:
        drawn = None
        if not is_done and layout is self.layout and self._set_up():
            size = self.output.get_size()
            drawn = self.shown(size.columns, size.rows)
        if drawn is None:
            self.on_screen = None
            super().render(app, layout, is_done)
            return
        self._write(drawn, size)

    def reset(self, _scroll: bool = False, leave_alternate_screen: bool = True) -> None:
        self.on_screen = None  # the screen was erased, or is left: the next frame is prompt_toolkit's, whole
        super().reset(_scroll=_scroll, leave_alternate_screen=leave_alternate_screen)

    def _set_up(self) -> bool:
        """Whether the terminal is set up as prompt_toolkit's first frame sets it up (the alternate screen, pasting
        marked, no line wrapping), and holds a whole frame drawn by one of the two."""
        return (self.full_screen and self._in_alternate_screen and self._bracketed_paste_enabled
                and self._cursor_key_mode_reset and (self._last_screen is not None or self.on_screen is not None))

    def _write(self, drawn: Shown, size: Size) -> None:
        """Write the rows that differ from those on the terminal (all of them at a new size), then the cursor."""
        before = self.on_screen.rows if self.on_screen is not None and self._size == size else None
        output = self.output
        output.hide_cursor()
        out: list[str] = []
        for y, row in enumerate(drawn.rows[:size.rows]):
            if before is None or y >= len(before) or before[y] != row:
                # Plain attributes first, so the erased row takes no colour; the row then draws from its column 1.
                out.append(f"\x1b[{y + 1};1H\x1b[0m\x1b[2K{row}")
        x, y = drawn.cursor or (0, 0)
        out.append(f"\x1b[0m\x1b[{y + 1};{x + 1}H")
        output.write_raw("".join(out))
        if drawn.cursor is not None:
            output.show_cursor()
        output.flush()
        # What prompt_toolkit's next frame starts from: the cursor where it is, no screen to compare with.
        self._cursor_pos = Point(x=x, y=y)
        self._last_screen = None
        self._last_size = size
        self._last_style = None
        self.on_screen = drawn
        self._size = size


def install_row_renderer(app: Application[Any], shown: Callable[[int, int], Shown | None]) -> RowRenderer:
    """Give `app` a `RowRenderer` for its layout as it is now (before it runs)."""
    renderer = RowRenderer(app, app.layout, shown)
    app.renderer = renderer
    return renderer


def whole_screen(rows: Callable[[int, int], Sequence[str]]) -> Callable[[int, int], Shown]:
    """The `shown` of a screen that is one window of rows and no cursor (the home screen, the replay, the server's
    lobby): `rows(columns, rows)`, made as tall as the terminal."""
    return lambda columns, height: Shown.of(rows(columns, height), height)
