"""The emulated terminal: what an application writes, read back as a screen of cells by a terminal emulator (pyte).

`Emulated` is a real VT100 output of prompt_toolkit (the one a terminal or an SSH channel gets) whose bytes go
into a pyte screen of the same size, so a test reads what a person at that terminal would see: each cell's
character, colours and attributes (`cells`), and the cursor where it shows (`cursor`), never the bytes.
`resize` is the person making the window larger or smaller.
"""

from __future__ import annotations

from typing import Any

import pyte
from prompt_toolkit.data_structures import Size
from prompt_toolkit.output import ColorDepth
from prompt_toolkit.output.vt100 import Vt100_Output

__all__ = ["Emulated"]

Cell = tuple[str, str, str, bool, bool, bool, bool, bool]  # character, colours, bold, italics, underline, reverse, …


class _Feed:
    """The stdout the output writes into: straight into the emulator."""

    def __init__(self, stream: pyte.Stream) -> None:
        self.stream = stream

    def write(self, data: str) -> int:
        self.stream.feed(data)
        return len(data)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        raise OSError("an emulated terminal has no file descriptor")

    encoding = "utf-8"


class Emulated:
    """A terminal of `columns` × `rows` in `depth` colours: an output for an application, and the screen it shows."""

    def __init__(self, columns: int = 80, rows: int = 24, depth: ColorDepth = ColorDepth.DEPTH_8_BIT) -> None:
        self.size = Size(rows=rows, columns=columns)
        self.screen = pyte.Screen(columns, rows)
        self.output = Vt100_Output(_Feed(pyte.Stream(self.screen)), lambda: self.size, term="xterm-256color",
                                   default_color_depth=depth)

    def resize(self, columns: int, rows: int) -> None:
        self.size = Size(rows=rows, columns=columns)
        self.screen.resize(rows, columns)

    def cells(self) -> list[list[Cell]]:
        """Every cell of the screen, row by row: its character, colours and attributes as a person sees them."""
        buffer: Any = self.screen.buffer
        return [[_cell(buffer[y][x]) for x in range(self.screen.columns)] for y in range(self.screen.lines)]

    def cursor(self) -> tuple[int, int] | None:
        """Where the cursor shows (column, row), or None while it is hidden."""
        cursor = self.screen.cursor
        return None if cursor.hidden else (cursor.x, cursor.y)

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.display)


def _cell(char: Any) -> Cell:
    """A cell as a person sees it: a blank's foreground colour, boldness and slant show nothing, so they are not
    told (one renderer may write a bold blank where another writes a plain one)."""
    if char.data == " ":
        return (" ", "", char.bg, False, False, char.underscore, char.reverse, char.strikethrough)
    return (char.data, char.fg, char.bg, char.bold, char.italics, char.underscore, char.reverse, char.strikethrough)
