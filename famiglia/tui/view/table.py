"""The table as one seat sees it: the drawing chosen for the screen's size, and the parts put together.

Each part has its home (`status`, `street`, `players`, `lastturn`; the cards and their sizes in
`cards`); this module chooses the drawing a screen keeps (`steady_level`) and the richest that fits a
turn (`table_level`), and lays the parts out: stacked at 80 columns, with the public record of the
turns beside the table from `WIDE` columns on. Only the `SeatView` is read (R12).
"""

from __future__ import annotations

from typing import Final

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from famiglia.engine import SeatView

from ..model.changes import turn_changes
from .budget import RowBudget
from .cards import CARD_CELLS, CARD_ROWS, CardStyle
from .lastturn import events_panel
from .parts import line_count
from .players import draw_stack_counts, hand, hand_block, player_row
from .status import status_text, turn_lines, warning_row
from .street import street_lines

__all__ = ["LEVELS", "SIDE", "WIDE", "level_cards", "render_table", "steady_level", "table_level", "table_parts"]

WIDE: Final = 110  # from this width the table is laid out in two columns
SIDE: Final = 44  # the width of the record of the turns beside a wide table


# -- the table ----------------------------------------------------------------------------------------------------

# The drawings of the table from the richest to the smallest: how the Street and the own hand are drawn,
# and whether blank lines set the parts apart. A screen keeps one of them (`steady_level`); with only a
# height, the richest that fits is chosen.
_LEVELS: Final = (  # (the cards of the Street and the hand, blank lines)
    (CardStyle.FRAMED, True),
    (CardStyle.FRAMED, False),
    (CardStyle.COMPACT, True),
    (CardStyle.COMPACT, False),
    (CardStyle.LINE, False),  # the last resort: the Street as lines of text, the hand in family columns
)
LEVELS: Final = len(_LEVELS)

# What a drawing must hold to be kept for a whole game at a screen's size: a long Street, a full hand,
# and rows to spare for a warning or a long play area (a bigger table is rare, and then the drawing
# steps down for that turn).
_STEADY_STREET: Final = 12
_STEADY_HAND: Final = 8  # kinds of card
_STEADY_TOP: Final = 3  # whose turn, the status line, the row of warnings
_STEADY_SPARE: Final = 2


def steady_level(width: int, height: int, *, memory_aid: bool = False) -> int:
    """The drawing a table `width` columns wide keeps in `height` rows, whatever the game brings.

    The screen's size alone decides, so the Street and the hand keep their shape from turn to turn:
    the richest drawing in which a large table (`_STEADY_*`) fits. At 80x24 that is the compact cards.
    The memory aid adds its rows: the tracked hand, the live total, the draw stack's cards.
    """
    main = width - SIDE - 2 if width >= WIDE else width
    for level, (style, spaced) in enumerate(_LEVELS[:-1]):
        per_row = max(1, (main + 1) // CARD_CELLS[style])
        street = CARD_ROWS[style] * -(-_STEADY_STREET // per_row)
        hand = CARD_ROWS[style] * -(-_STEADY_HAND // max(1, (main - 6) // CARD_CELLS[style]))
        rows = _STEADY_TOP + spaced + 2 + 1 + street + 1 + hand + 3 * memory_aid + _STEADY_SPARE
        if rows <= height:
            return level
    return LEVELS - 2  # the smallest cards: the text of the last resort only where a turn's table needs it


def level_cards(level: int) -> CardStyle:
    """How the cards are drawn at a level of the table."""
    return _LEVELS[level][0]


def render_table(view: SeatView, *, width: int, height: int | None = None, memory_aid: bool = False,
                 level: int | None = None, spectator: bool = False, budget: RowBudget | None = None,
                 reason: str | None = None) -> RenderableType:
    """The table as `view.seat` sees it: whose turn and step, warnings, the opponent, the Street, you, your hand.

    Uses only `view` (the opponent's hand only with `memory_aid`, and only as the view tracks it). At
    80 columns it is stacked; from `WIDE` columns on, the public record of this turn and the last one
    stands beside the table. `level` (0 the richest, see `table_level`) fixes the drawing; else, given a
    `height`, the richest drawing that fits is chosen, and without one the richest of all. With
    `spectator` the same table is worded for someone watching both hands (the replay): "Ben's turn",
    "Ben's hand", never "you". With a `budget` (a stacked table, see `budget`) every part has its fixed
    rows instead, and the cards the budget's drawing, whatever the table holds. `reason` says why the
    last turn's pass was made (the computer's words, public facts only), for the record beside a wide table.
    """
    if budget is not None and width < WIDE:
        return Group(*_Parts(view, width=width, memory_aid=memory_aid, spectator=spectator, budget=budget).budgeted())
    parts = _Parts(view, width=width, memory_aid=memory_aid, spectator=spectator, reason=reason)
    if level is None:
        level = table_level(view, width=width, height=height, memory_aid=memory_aid,
                            spectator=spectator) if height is not None else 0
    return parts.table(*_LEVELS[level], height=height)


def table_parts(view: SeatView, *, width: int, memory_aid: bool = False, level: int = 0,
                budget: RowBudget | None = None) -> dict[str, range]:
    """Where each part stands in the rows of `render_table` with the same arguments: the top lines ("status"),
    the opponent's row, the Street with its title, and the own row with the hand ("hand").

    For whatever lays something over the table (the guided game's box) and must leave a part in sight.
    """
    if budget is not None and width < WIDE:
        b = budget
        sizes = (b.top, b.opponent, 1 + b.street, b.gap, b.own + 1 + b.hand + b.after)
    else:
        parts = _Parts(view, width=width, memory_aid=memory_aid)
        style, spaced = _LEVELS[level]
        sizes = (parts.top_rows(), len(parts.opponent), len(parts.street(style)), int(spaced),
                 len(parts.own) + len(parts.hand(style)) + len(parts.after))
    out: dict[str, range] = {}
    start = 0
    for name, size in zip(("status", "opponent", "street", "", "hand"), sizes, strict=True):
        if name:
            out[name] = range(start, start + size)
        start += size
    return out


def table_level(view: SeatView, *, width: int, height: int, memory_aid: bool = False, start: int = 0,
                spectator: bool = False) -> int:
    """The richest drawing from `start` on in which the table fits `height` rows (the last one if none does)."""
    parts = _Parts(view, width=width, memory_aid=memory_aid, spectator=spectator)
    for level in range(start, LEVELS - 1):
        if parts.rows(*_LEVELS[level]) <= height:
            return level
    return LEVELS - 1


class _Unlimited:
    """No budget: every part takes the rows it needs (the levels choose the drawing instead)."""

    opponent = own = after = street = hand = None


_UNLIMITED: Final = _Unlimited()


class _Parts:
    """The pieces of one table, each built once, to be put together at several sizes.

    Everything but the top lines and the record beside a wide table is a list of lines that never
    wrap, so the rows of a drawing are counted without drawing it. The record does not decide the
    drawing: it is shortened to the height the table has, its oldest actions first.
    """

    def __init__(self, view: SeatView, *, width: int, memory_aid: bool, spectator: bool = False,
                 budget: RowBudget | None = None, reason: str | None = None) -> None:
        self.view = view
        self.reason = reason
        self.width = width
        self.spectator = spectator
        self.budget = budget
        self.wide = width >= WIDE
        self.main = width - SIDE - 2 if self.wide else width
        self.changes = turn_changes(view)  # what the last turn changed, marked where it lies now
        # The row of warnings is always there (blank without one), so they never push the table down; it
        # also sets the table apart from the lines above it.
        self.top: list[RenderableType] = [*turn_lines(view, width, spectator=spectator, one_row=budget is not None),
                                          status_text(view), warning_row(view, width=self.main)]
        b = budget or _UNLIMITED
        self.opponent = player_row(view, view.opponent, width=self.main, memory_aid=memory_aid, spectator=spectator,
                                   taken=self.changes.taken[view.opponent], rows=b.opponent)
        self.own = player_row(view, view.seat, width=self.main, memory_aid=memory_aid, spectator=spectator,
                              taken=self.changes.taken[view.seat], rows=b.own) if view.seat is not None else []
        self.after = draw_stack_counts(view, width=self.main, rows=b.after) if memory_aid else []
        self.memory_aid = memory_aid
        self._streets: dict[CardStyle, list[Text]] = {}
        self._hands: dict[CardStyle, list[Text]] = {}
        self._top_rows: int | None = None

    def street(self, style: CardStyle) -> list[Text]:
        if style not in self._streets:
            self._streets[style] = street_lines(self.view, width=self.main, style=style, changes=self.changes,
                                                rows=(self.budget or _UNLIMITED).street)
        return self._streets[style]

    def hand(self, style: CardStyle) -> list[Text]:
        if style not in self._hands:
            if self.view.seat is None:
                self._hands[style] = []
            elif style is CardStyle.LINE:
                self._hands[style] = hand(self.view, width=self.main, spectator=self.spectator,
                                          memory_aid=self.memory_aid)
            else:
                self._hands[style] = hand_block(self.view, width=self.main, style=style, spectator=self.spectator,
                                                memory_aid=self.memory_aid, rows=(self.budget or _UNLIMITED).hand)
        return self._hands[style]

    def body(self, style: CardStyle, spaced: bool) -> list[Text]:
        gap = [Text()] if spaced else []
        return [*self.opponent, *self.street(style), *gap, *self.own, *self.hand(style), *self.after]

    def budgeted(self) -> list[RenderableType]:
        """The stacked table with every part in its budget's rows, blank rows filling a part that needs fewer."""
        b = self.budget
        assert b is not None

        def rows(lines: list[Text], count: int, *, below: bool = True) -> list[Text]:
            blank = [Text() for _ in range(count - len(lines))]
            return [*lines[:count], *blank] if below else [*blank, *lines[:count]]

        return [*self.top, *rows(self.opponent, b.opponent), *rows(self.street(b.style), 1 + b.street),
                *[Text()] * b.gap, *rows(self.own, b.own, below=False),  # the own row right above the hand
                *rows(self.hand(b.style), 1 + b.hand), *rows(self.after, b.after)]

    def table(self, style: CardStyle, spaced: bool, *, height: int | None = None) -> RenderableType:
        """The drawing at one level; within `height` rows, if given, the record beside a wide table too."""
        body = self.body(style, spaced)
        if not self.wide:
            return Group(*self.top, *body)
        side_rows = None if height is None else height - self.top_rows()
        columns = Table.grid(padding=(0, 2), expand=True)
        columns.add_column(width=self.main)
        columns.add_column(ratio=1)
        columns.add_row(Group(*body), events_panel(self.view, width=self.width - self.main - 2, rows=side_rows,
                                                       reason=self.reason))
        return Group(*self.top, columns)

    def top_rows(self) -> int:
        if self._top_rows is None:
            self._top_rows = line_count(Group(*self.top), self.width)
        return self._top_rows

    def rows(self, style: CardStyle, spaced: bool) -> int:
        """The rows `table(...)` takes, the record beside a wide table aside (it is made to fit)."""
        return self.top_rows() + len(self.body(style, spaced))
