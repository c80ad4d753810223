"""The table's one row model: how its cards are drawn at a screen's size, and the rows each of its parts has.

A screen keeps one drawing of the table for a whole game at its size, so the Street and the hand keep
their shape from turn to turn: the richest drawing in which a large table fits (a Street of
`LARGE_STREET` cards, a hand of `LARGE_HAND` kinds, the top rows, the players), with what stands under
it. The rows of the Street and the hand come from the cards' own geometry (`cards.block_rows`).

Below `WIDE` columns the parts stand one above the other, so a part that grew would push every part
below it down: each part gets a fixed number of rows (`RowBudget`), and a part with more to show is
shortened inside them (copies stacked with a count, the rest named or cut with `…`); the Street's first
row and the hand's title stand at the same screen rows at every moment of a game. From `WIDE` columns on,
the public record of the turns stands beside the table, whose drawing is one of `LEVELS` (`steady_level`),
and a turn whose table outgrows its room steps down a level until it ends (`table.table_level`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .cards import CardStyle, block_rows

__all__ = ["BOTTOM_ROWS", "LARGE_HAND", "LARGE_STREET", "LEVELS", "SIDE", "STEADY_BELOW", "TOP_ROWS", "WIDE",
           "RowBudget", "level_cards", "main_width", "row_budget", "steady_level", "table_style"]

WIDE: Final = 110  # from this width the table is laid out in two columns
SIDE: Final = 44  # the width of the record of the turns beside a wide table
LARGE_STREET: Final = 12  # Street cards a drawing holds side by side before copies are stacked
LARGE_HAND: Final = 8  # kinds of card in a hand a drawing holds with the families apart
TOP_ROWS: Final = 3  # whose turn and the step bar, the status line, the warnings
BOTTOM_ROWS: Final = 6  # under a stacked table: the last turn's line, four rows of choices, the message line
STEADY_BELOW: Final = 7  # under a wide table: a blank row, five rows of choices, the message line
_SPARE: Final = 2  # rows a wide drawing keeps for a warning or a long play area
_FAMILY_BREAKS: Final = 3  # the wider gaps between a hand's four families

# The drawings of a levelled table from the richest to the smallest: how the Street and the own hand are
# drawn, and whether blank lines set the parts apart. The last is the last resort: the Street as lines
# of text, the hand in family columns; no screen keeps it, a turn's table may need it.
_LEVELS: Final = (
    (CardStyle.FRAMED, True),
    (CardStyle.FRAMED, False),
    (CardStyle.COMPACT, True),
    (CardStyle.COMPACT, False),
    (CardStyle.LINE, False),
)
LEVELS: Final = len(_LEVELS)


def main_width(width: int) -> int:
    """The columns of the table itself: all of them, or what the record beside a wide table leaves."""
    return width - SIDE - 2 if width >= WIDE else width


def level_cards(level: int) -> CardStyle:
    """How the cards are drawn at a level of the table."""
    return _LEVELS[level][0]


def level_spaced(level: int) -> bool:
    """Whether blank lines set the parts apart at a level of the table."""
    return _LEVELS[level][1]


@dataclass(frozen=True, slots=True)
class RowBudget:
    """The rows of each part of the stacked table, and how its cards are drawn (titles counted apart)."""

    style: CardStyle
    opponent: int  # the opponent's row, its play area's second row, the tracked hand (memory aid)
    street: int  # rows of Street cards, under the Street's title
    gap: int  # a blank line between the Street and the own row, where there is room
    own: int  # the own row and its play area's second row
    hand: int  # rows of hand cards, under the hand's title
    after: int  # the memory aid's draw stack
    top: int = TOP_ROWS

    @property
    def rows(self) -> int:
        """The rows of the whole table."""
        return self.top + self.opponent + 1 + self.street + self.gap + self.own + 1 + self.hand + self.after


def _large(style: CardStyle, main: int, *, opponent: int, gap: int, own: int, after: int) -> RowBudget:
    """A large table drawn in `style` at `main` columns, with the players' rows given."""
    return RowBudget(style, opponent=opponent, street=block_rows(LARGE_STREET, main, style), gap=gap, own=own,
                     hand=block_rows(LARGE_HAND, main, style, breaks=_FAMILY_BREAKS), after=after)


def row_budget(width: int, height: int, *, memory_aid: bool = False) -> RowBudget | None:
    """The budget of a stacked table `width` columns wide with `height` rows above the input line.

    The richest drawing that leaves `BOTTOM_ROWS` free, with a blank line under the Street if that fits
    too; None where none fits (and from `WIDE` columns on, where the table is not stacked).
    """
    if width >= WIDE:
        return None
    for style in (CardStyle.FRAMED, CardStyle.COMPACT):
        for gap in (1, 0):
            budget = _large(style, width, opponent=2 + memory_aid, gap=gap, own=2, after=int(memory_aid))
            if budget.rows <= height - BOTTOM_ROWS:
                return budget
    return None


def steady_level(width: int, height: int, *, memory_aid: bool = False) -> int:
    """The drawing a levelled table `width` columns wide keeps in `height` rows, whatever the game brings.

    `height` is the room the table has with a one-row message and a short list of choices (`STEADY_BELOW`
    rows fewer than those above the input line). The richest level in which a large table fits with
    rows to spare; the memory aid adds its rows: the tracked hand, the live total, the draw stack's cards.
    """
    for level, (style, spaced) in enumerate(_LEVELS[:-1]):
        large = _large(style, main_width(width), opponent=1, gap=spaced, own=1, after=3 * memory_aid)
        if large.rows + _SPARE <= height:
            return level
    return LEVELS - 2  # the smallest cards: the text of the last resort only where a turn's table needs it


def table_style(width: int, height: int, *, memory_aid: bool = False) -> CardStyle:
    """How the table's cards are drawn at a screen's size (`height` rows above the input line): what the
    handoff draws the Street in, so that it keeps its shape when the hand is shown."""
    budget = row_budget(width, height, memory_aid=memory_aid)
    if budget is not None:
        return budget.style
    return level_cards(steady_level(width, height - STEADY_BELOW, memory_aid=memory_aid))
