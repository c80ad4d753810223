"""The fake terminal: the bytes it sends for the keys a player presses, and what it shows, as plain text.

`Terminal` is prompt_toolkit's dummy output of a fixed size: nothing is written, but the application lays
itself out for it and fills its screen grid (read by `tests.drivers.app`). `render_text` is rich's console
of a fixed width, recording, without colour: what a renderable shows, never its escape bytes.
"""

from __future__ import annotations

import io
import re

from prompt_toolkit.data_structures import Size
from prompt_toolkit.output import ColorDepth, DummyOutput
from rich.console import Console, RenderableType

from famiglia.engine import Family
from famiglia.tui.view.theme import FAMILY_SYMBOL, THEME

__all__ = ["COLOURED", "CTRL_C", "CTRL_D", "CTRL_U", "CTRL_Z", "DOWN", "ESC", "HOME", "UP", "Terminal", "render_text",
           "shown"]

UP = "\x1b[A"
DOWN = "\x1b[B"
HOME = "\x1b[H"
ESC = "\x1b"
CTRL_C = "\x03"
CTRL_D = "\x04"
CTRL_U = "\x15"
CTRL_Z = "\x1a"


# A row's terminal codes that set a colour (foreground or background, 16, 256 or true colours): bold, dim and
# reverse are no colours.
COLOURED = re.compile(r"\x1b\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])[;m]")


class Terminal(DummyOutput):
    """A dummy output of a fixed size: nothing is written, but the application lays itself out for it.

    Setting `size` is the player making the window larger or smaller (`tests.drivers.app.resize`).
    """

    def __init__(self, columns: int = 80, rows: int = 24) -> None:
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size

    def get_default_color_depth(self) -> ColorDepth:
        return ColorDepth.DEPTH_8_BIT  # a terminal of 256 colours, as most are


def render_text(renderable: RenderableType, width: int = 80) -> str:
    """`renderable` as plain text at `width` columns, trailing spaces removed from every line."""
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None, theme=THEME,
                      legacy_windows=False)
    console.print(renderable)
    return "\n".join(line.rstrip() for line in console.export_text().splitlines())


def shown(words: str) -> str:
    """`words` as the screen writes them: every card name followed by its family's symbol (F2 -> F2♥)."""
    return re.sub(r"\b([FABM])([0-4])\b", lambda m: m.group(0) + FAMILY_SYMBOL[Family(m.group(1))], words)
