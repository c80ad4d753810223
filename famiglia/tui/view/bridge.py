"""The rich side of the bridge to prompt_toolkit: what a part draws becomes rows of text with terminal codes.

Rich draws a part into rows of segments (`Painter.rows`), at the width the terminal has at that
moment, so a resize simply draws again at the new width; the rows are written out in one player's
`Ink` and prompt_toolkit reads them back with `ANSI`. The ink belongs to the application of that
player (a setting, or `NO_COLOR`, https://no-color.org, read once where the program starts), never
to the process: nothing here reads the environment, so one process can draw for players who asked
for different things. Without colour every card still shows its family letter and symbol.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from io import StringIO
from typing import Final

from rich.color import ColorSystem
from rich.console import Console, JustifyMethod, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.text import Text

from .theme import THEME

__all__ = ["NO_ROWS", "Ink", "Painter", "Rows", "ansi_text", "render_lines"]


class Ink(Enum):
    """How the rows are written out: in colour (256 colours, or the 16 every colour terminal has), without colour
    (bold, dim and reverse stay), or as characters."""

    COLOUR = "colour"
    COLOUR_16 = "16 colours"  # a terminal that knows no more (its rows go to it as they are written)
    MONO = "mono"
    PLAIN = "plain"  # characters only, right-hand spaces removed (tests, sizes, docs)

    @classmethod
    def of(cls, colour: bool, *, colours: int = 256) -> Ink:
        """The ink of a terminal screen, with colour or without; `colours`, how many its terminal shows (2, 16, 256
        or more)."""
        if not colour or colours <= 2:
            return cls.MONO
        return cls.COLOUR_16 if colours <= 16 else cls.COLOUR


@dataclass(frozen=True, slots=True)
class Rows:
    """Rows drawn: their segments, and the same rows written out in a painter's ink (one string per row)."""

    segments: tuple[tuple[Segment, ...], ...] = ()
    text: tuple[str, ...] = ()

    @classmethod
    def blank(cls, count: int) -> Rows:
        """`count` empty rows."""
        return cls(((),) * max(0, count), ("",) * max(0, count))

    def __len__(self) -> int:
        return len(self.text)

    def __add__(self, other: Rows) -> Rows:
        return Rows(self.segments + other.segments, self.text + other.text)

    def cut(self, count: int) -> Rows:
        """The first `count` rows."""
        return self if len(self.text) <= count else Rows(self.segments[:max(0, count)], self.text[:max(0, count)])

    def trimmed(self) -> Rows:
        """The rows without the blank ones at the end."""
        end = len(self.text)
        while end and not self.text[end - 1].strip():
            end -= 1
        return self.cut(end)

    def lines(self) -> list[str]:
        """The rows as written out, one string each."""
        return list(self.text)

    def plain(self) -> list[str]:
        """The rows as characters, right-hand spaces removed (what a test or the guided game's box reads)."""
        return ["".join(segment.text for segment in row).rstrip() for row in self.segments]


NO_ROWS: Final = Rows()


@lru_cache(maxsize=1024)
def _without_colour(style: Style) -> Style:
    return style.without_color


class Painter:
    """One player's ink and the console that draws in it, for any number of parts and sizes.

    The console writes nowhere: rich is asked for segments, and the painter writes them out itself,
    as rich's own console would, so each part's rows can be kept and written out once.
    """

    def __init__(self, ink: Ink = Ink.COLOUR) -> None:
        self.ink = ink
        self.console = Console(file=StringIO(), width=80, theme=THEME, color_system=None, legacy_windows=False,
                               emoji=False, highlight=False, markup=False, _environ={})

    def rows(self, renderable: RenderableType, width: int, *, justify: JustifyMethod | None = None) -> Rows:
        """`renderable` drawn at `width` columns: every row it takes, cropped to the width (with `justify`
        "left", each line of text padded to it, as a column of a rich table pads it)."""
        options = self.console.options.update(width=max(1, width), height=None, justify=justify)
        drawn = self.console.render_lines(renderable, options, pad=False)
        segments = tuple(tuple(row) for row in drawn)
        return Rows(segments, tuple(self._written(row) for row in segments))

    def text_rows(self, lines: Sequence[RenderableType], width: int) -> Rows | None:
        """`lines` drawn at `width` columns as `rows` draws them, where each is a line of `Text` that fits (no line
        break, no tab, no wider than `width`, no justification of its own); None otherwise.

        Such a line is one row, its segments exactly those rich's console makes of it, made without the
        console's wrapping and cropping (a third of a table's drawing): a test compares the two over every part
        of many screens.
        """
        if not all(type(line) is Text and line.end == "\n" and line.justify in (None, "default")
                   and "\n" not in line.plain and "\t" not in line.plain and line.cell_len <= width
                   for line in lines):
            return None
        segments = tuple(self._text_row(line) for line in lines if isinstance(line, Text))
        return Rows(segments, tuple(self._written(row) for row in segments))

    def _text_row(self, line: Text) -> tuple[Segment, ...]:
        """The segments of one line of text, as rich's console renders it (its base style a span, as rich joins it)."""
        if line.spans:
            return tuple((Text().join([line]) if line.style else line).render(self.console))
        if line.style:
            return (Segment(line.plain, self.console.get_style(line.style, default=Style.null())),) if line.plain \
                else ()
        return (Segment(line.plain),)

    def _written(self, row: tuple[Segment, ...]) -> str:
        if self.ink is Ink.PLAIN:
            return "".join(segment.text for segment in row).rstrip()
        mono = self.ink is Ink.MONO
        system = ColorSystem.STANDARD if self.ink is Ink.COLOUR_16 else ColorSystem.EIGHT_BIT
        out: list[str] = []
        for text, style, control in row:
            if control:
                continue
            if style:
                out.append((_without_colour(style) if mono else style).render(text, color_system=system))
            else:
                out.append(text)
        return "".join(out)


def ansi_text(renderable: RenderableType, *, width: int, height: int | None = None, colour: bool = True) -> str:
    """`renderable` drawn at `width` columns, as text with terminal codes (one line per row, at most `height`)."""
    rows = Painter(Ink.of(colour)).rows(renderable, width).text
    return "\n".join(rows if height is None else rows[:height])


def render_lines(renderable: RenderableType, *, width: int) -> list[str]:
    """`renderable` as plain text lines at `width` columns, right-hand spaces removed (tests, sizes, docs)."""
    return list(Painter(Ink.PLAIN).rows(renderable, width).text)
