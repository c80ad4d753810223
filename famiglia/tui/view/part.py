"""A part of the screen: a small renderable that draws itself, as rich's own `Panel` and `Table` do.

Every part of a screen (the step bar, the Street, a player's row, the hand, the choices, the message
line, a box laid over the table) is one small frozen class that holds what it shows, its row budget
among it, and does nothing until rich draws it through the console protocol: `__rich_console__`
draws it at the width rich offers, `__rich_measure__` says how wide it is, and `height` how many rows
it takes at a width, which the one layout of its screen reads. A part never asks another part.

Two parts are equal exactly when they draw the same rows, so a screen keeps each part's rows while the
part stays equal (`Kept`) and draws again only what changed: moving the highlight draws the choices
and nothing else.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console, ConsoleOptions, Group, JustifyMethod, RenderableType, RenderResult
from rich.measure import Measurement
from rich.segment import Segment, Segments

from .bridge import NO_ROWS, Painter, Rows

__all__ = ["AsDrawn", "Kept", "Part", "drawn"]


class Part(ABC):
    """One part of a screen; a subclass says what it draws at a width (`lines`), in the rows it was given."""

    __slots__ = ()

    @abstractmethod
    def lines(self, width: int) -> Sequence[RenderableType]:
        """What this part draws at `width` columns, top to bottom (a line of text is one row)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        rows = console.render_lines(self, options, pad=False)
        widest = max((Segment.get_line_length(row) for row in rows), default=0)
        return Measurement(widest, widest)

    def height(self, painter: Painter, width: int) -> int:
        """The rows this part takes at `width` columns."""
        return len(drawn(painter, self, width))


def drawn(painter: Painter, part: Part, width: int, *, justify: JustifyMethod | None = None) -> Rows:
    """The rows `part` draws at `width`, as `painter.rows` draws them: a part whose lines are lines of text that fit
    is written out without rich's console (`Painter.text_rows`), any other through it, its lines asked for once."""
    if justify is not None or type(part).__rich_console__ is not Part.__rich_console__:
        return painter.rows(part, width, justify=justify)
    lines = part.lines(width)
    rows = painter.text_rows(lines, width)
    return rows if rows is not None else painter.rows(Group(*lines), width)


class Kept:
    """One place of a screen: the rows its part drew last, kept while the part and the width stay the same."""

    __slots__ = ("_key", "rows")

    def __init__(self) -> None:
        self._key: tuple[Part, int, JustifyMethod | None] | None = None
        self.rows: Rows = NO_ROWS

    def draw(self, painter: Painter, part: Part | None, width: int, *, justify: JustifyMethod | None = None) -> Rows:
        """The rows of `part` at `width` (none for no part), drawn again only if it changed since the last time."""
        if part is None:
            return NO_ROWS
        key = (part, width, justify)
        if key != self._key:
            self.rows = drawn(painter, part, width, justify=justify)
            self._key = key
        return self.rows


@dataclass(frozen=True, slots=True)
class AsDrawn(Part):
    """Rows a part drew already (`Kept`), given to rich again as they are: the body of a wide table, say, beside
    the record of the turns."""

    rows: Rows

    def lines(self, width: int) -> Sequence[RenderableType]:
        """The rows as they were drawn, each ended as a line, whatever the width now."""
        return [Segments([*row, Segment.line()]) for row in self.rows.segments]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        # The same rows as `lines`, given to rich without a renderable around each.
        for row in self.rows.segments:
            yield from row
            yield Segment.line()
