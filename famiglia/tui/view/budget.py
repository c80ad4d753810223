"""The row budget of the stacked table: how many rows each part of it has at a screen's size, for a whole game.

Below `WIDE` columns the parts of the table stand one above the other, so a part that grew would push
every part below it down, and a table that outgrew the screen would have to change its drawing. So each
part gets a fixed number of rows, chosen from the screen's size alone (and whether the memory aid is on):
the top lines (whose turn and the step bar, the status line, the warnings), the opponent's row, the
Street, a blank line where there is room, the own row, the hand and the memory aid's draw stack. The
richest card drawing whose budget leaves the choices, the last turn's line and the message line their
rows is kept for the whole game; a part with more to show is shortened inside its rows (copies stacked
with a count, the rest counted or cut with `…`). The Street's first row and the hand's title therefore
stand at the same screen rows at every moment of a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .cards import CARD_CELLS, CARD_ROWS, CardStyle

__all__ = ["BOTTOM_ROWS", "RowBudget", "row_budget"]

BOTTOM_ROWS: Final = 6  # under the table: the last turn's line, four rows of choices, the message line
_STREET: Final = 12  # Street cards a budget holds side by side before copies are stacked
_HAND: Final = 8  # kinds of card in a hand a budget holds with the families apart
_STYLES: Final = (CardStyle.FRAMED, CardStyle.COMPACT)


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
    top: int = 3  # whose turn and the step bar, the status line, the warnings

    @property
    def rows(self) -> int:
        """The rows of the whole table."""
        return self.top + self.opponent + 1 + self.street + self.gap + self.own + 1 + self.hand + self.after


def row_budget(width: int, height: int, *, memory_aid: bool = False) -> RowBudget | None:
    """The budget of a stacked table `width` columns wide with `height` rows above the input line.

    The richest drawing that leaves `BOTTOM_ROWS` free, with a blank line under the Street if that fits
    too; None where none fits.
    """
    room = height - BOTTOM_ROWS
    for style in _STYLES:
        per_row = max(1, (width + 1) // CARD_CELLS[style])
        per_hand_row = max(1, (width - 6 + 1) // CARD_CELLS[style])  # three families' gaps of two more cells
        street = CARD_ROWS[style] * -(-_STREET // per_row)
        hand = CARD_ROWS[style] * -(-_HAND // per_hand_row)
        for gap in (1, 0):
            budget = RowBudget(style, opponent=2 + memory_aid, street=street, gap=gap, own=2, hand=hand,
                               after=int(memory_aid))
            if budget.rows <= room:
                return budget
    return None
