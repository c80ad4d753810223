"""The table as one seat sees it, one part made of its parts, laid out in the drawing its screen chose.

The parts each have their home (`status`, `street`, `players`, `lastturn`); this module places them
(`SeatTable.places`): stacked, each in its row budget's rows where the size has one (`shape.RowBudget`),
or else as many as it draws at a level of the table (`shape.LEVELS`); from `WIDE` columns on, with the
public record of the turns beside the table (`Beside`). Only the `SeatView` is read (R12).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from famiglia.engine import SeatView

from ..model.changes import turn_changes
from .lastturn import TableRecord
from .part import Part
from .pieces import line_count
from .players import DrawStack, Hand, PlayerRow
from .shape import LEVELS, SIDE, WIDE, RowBudget, level_cards, level_spaced, main_width
from .status import TableTop
from .street import Street

__all__ = ["LEVELS", "SIDE", "WIDE", "Beside", "Place", "SeatTable", "arrange", "render_table", "table_level"]


@dataclass(frozen=True, slots=True)
class Place:
    """Where one part of the table stands: its name, the part (None: blank rows), and its fixed rows, if it has
    a budget (None: as many as it draws); `below` puts the blank rows of a part that needs fewer under it."""

    name: str
    part: Part | None
    rows: int | None = None
    below: bool = True


@dataclass(frozen=True, slots=True)
class Placed:
    """A place laid out: its part, the blank rows before and after it, and its first row in the table."""

    name: str
    part: Part | None
    before: int
    after: int
    start: int
    height: int  # the part's own rows


def arrange(places: Iterable[Place], height: Callable[[Place], int]) -> list[Placed]:
    """The places one under the other, each part `height(place)` rows high, padded with blank rows to its budget."""
    out: list[Placed] = []
    start = 0
    for place in places:
        own = 0 if place.part is None else height(place)
        blank = 0 if place.rows is None else max(0, place.rows - own)
        before, after = (0, blank) if place.below else (blank, 0)
        out.append(Placed(place.name, place.part, before, after, start, own))
        start += before + own + after
    return out


def _measured(width: int) -> Callable[[Place], int]:
    """The rows a place's part takes at `width`, measured by drawing it."""
    return lambda place: 0 if place.part is None else line_count(place.part, width)


def where(placed: Sequence[Placed]) -> dict[str, range]:
    """Where each part stands in the table's rows: the top lines ("status"), the opponent's row, the Street with
    its title, and the own row with the hand and the memory aid's draw stack ("hand")."""
    spans = {p.name: range(p.start, p.start + p.before + p.height + p.after) for p in placed}
    out: dict[str, range] = {name: spans[name] for name in ("status", "opponent", "street") if name in spans}
    if "own" in spans:
        out["hand"] = range(spans["own"].start, spans["after"].stop)
    return out


@dataclass(frozen=True, slots=True)
class Beside(Part):
    """The body of a wide table (`left`, `main` columns) with the public record of the turns beside it."""

    left: RenderableType
    record: Part
    main: int

    def lines(self, width: int) -> Sequence[RenderableType]:
        columns = Table.grid(padding=(0, 2), expand=True)
        columns.add_column(width=self.main)
        columns.add_column(ratio=1)
        columns.add_row(self.left, self.record)
        return [columns]


@dataclass(frozen=True, slots=True)
class SeatTable(Part):
    """The table as `view.seat` sees it: whose turn and step, warnings, the opponent, the Street, you, your hand.

    Uses only `view` (the opponent's hand only with `memory_aid`, and only as the view tracks it). With
    `spectator` the same table is worded for someone watching both hands (the replay): "Ben's turn",
    "Ben's hand", never "you". With a `budget` (a stacked table, see `shape`) every part has its fixed
    rows, and the cards the budget's drawing, whatever the table holds; else `level` fixes the drawing.
    `room` is the rows the table has, which the record beside a wide table is made to fit; `reason`
    says why the last turn's pass was made (the computer's words, public facts only), for that record.
    """

    view: SeatView
    memory_aid: bool = False
    spectator: bool = False
    budget: RowBudget | None = None
    level: int = 0
    room: int | None = None
    reason: str | None = None

    def places(self, width: int) -> list[Place]:
        """The places of the table's body at `width`, top to bottom (the top lines apart, `top`)."""
        view, spectator, aid = self.view, self.spectator, self.memory_aid
        b = self.budget if width < WIDE else None
        changes = turn_changes(view)  # what the last turn changed, marked where it lies now
        taken = changes.taken
        if b is None:
            style, gap = level_cards(self.level), int(level_spaced(self.level))
            fixed: tuple[int | None, ...] = (None, None, None, None, None)
            budget: tuple[int | None, ...] = (None, None, None, None, None)
        else:
            style, gap = b.style, b.gap
            fixed = (b.opponent, 1 + b.street, b.own, 1 + b.hand, b.after)
            budget = (b.opponent, b.street, b.own, b.hand, b.after)
        own = None if view.seat is None else PlayerRow.of(view, view.seat, memory_aid=aid, spectator=spectator,
                                                          taken=taken[view.seat], rows=budget[2])
        return [
            Place("opponent", PlayerRow.of(view, view.opponent, memory_aid=aid, spectator=spectator,
                                           taken=taken[view.opponent], rows=budget[0]), fixed[0]),
            Place("street", Street.of(view, changes, style=style, rows=budget[1]), fixed[1]),
            Place("gap", None, gap),
            Place("own", own, fixed[2], below=False),  # the own row right above the hand
            Place("hand", Hand.of(view, style=style, spectator=spectator, memory_aid=aid, rows=budget[3]), fixed[3]),
            Place("after", DrawStack.of(view, rows=budget[4]) if aid else None, fixed[4]),
        ]

    def top(self, width: int) -> TableTop:
        """The top lines: whose turn and the step bar (one row where the parts keep their rows), status, warnings."""
        one_row = self.budget is not None and width < WIDE
        return TableTop(self.view, main_width(width), spectator=self.spectator, one_row=one_row)

    def record(self, top_rows: int) -> TableRecord:
        """The record beside a wide table, made to fit the rows the table has under its top lines."""
        return TableRecord.of(self.view, reason=self.reason,
                              rows=None if self.room is None else self.room - top_rows)

    def lines(self, width: int) -> Sequence[RenderableType]:
        main = main_width(width)
        top = self.top(width)
        body: list[RenderableType] = []
        for placed in arrange(self.places(width), _measured(main)):
            body += [Text() for _ in range(placed.before)]
            if placed.part is not None:
                body.append(placed.part)
            body += [Text() for _ in range(placed.after)]
        if width < WIDE:
            return [top, *body]
        return [top, Beside(Group(*body), self.record(line_count(top, width)), main)]


def table_level(view: SeatView, *, width: int, height: int, memory_aid: bool = False, start: int = 0,
                spectator: bool = False) -> int:
    """The richest drawing from `start` on in which the table fits `height` rows (the last one if none does).

    The record beside a wide table does not decide the drawing: it is shortened to the height the table has,
    its oldest actions first.
    """
    main = main_width(width)
    for level in range(start, LEVELS - 1):
        table = SeatTable(view, memory_aid, spectator, level=level)
        placed = arrange(table.places(width), _measured(main))
        if line_count(table.top(width), width) + sum(p.before + p.height + p.after for p in placed) <= height:
            return level
    return LEVELS - 1


def render_table(view: SeatView, *, width: int = 80, height: int | None = None, memory_aid: bool = False,
                 level: int | None = None, spectator: bool = False, budget: RowBudget | None = None,
                 reason: str | None = None) -> SeatTable:
    """The table of `view` (`SeatTable`) for a screen `width` columns wide: with a `budget`, in its rows; else
    at `level` (0 the richest, see `table_level`), or, given a `height`, the richest drawing that fits, and
    without one the richest of all."""
    if budget is None and level is None:
        level = table_level(view, width=width, height=height, memory_aid=memory_aid,
                            spectator=spectator) if height is not None else 0
    return SeatTable(view, memory_aid, spectator, budget, level or 0, height, reason)
