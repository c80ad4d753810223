"""The turn being built at the table: the choices made so far, the digits pending, the swaps closed,
the take or pass awaiting Enter, and the snapshots that undo goes back to.

A `Turn` is owned by the `Session` and lives as long as one player's turn; the session's verbs change
it. Undo keeps a snapshot (a copy of the game and the length of the history) per action, and drops
them all when new cards were shown (a refresh, a new Street): undo may not hide them again (R5, R10.1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from famiglia.engine import Action, Game, SeatView, Step, Swap

from .builder import Choice, Menu, menu

__all__ = ["DONE_SWAPPING", "Turn", "step_now"]

DONE_SWAPPING: Final = "done swapping"  # the menu entry that closes an Accountant's swaps (R6.2)


def step_now(view: SeatView) -> Step:
    """The step the player is at: the first from the turn's step on with a legal action (R4.1), so that the
    step bar and the guided game's "step 2 of 4" never name a step that nothing can be played in;
    off the player's turn, the view's step."""
    open_steps = {a.step for a in view.legal_actions}
    return min((s for s in open_steps if s >= view.current_step), default=view.current_step)


class Turn:
    """The state of one turn on the table; see the module docstring."""

    def __init__(self) -> None:
        self.path: tuple[str, ...] = ()  # the choices made so far towards an action (builder)
        self.highlight: int | None = None  # the menu entry the arrow keys point at (1-based)
        self.pending = ""  # digits typed that may still become a longer choice number
        self.swaps_done = False  # the player closed the Accountant's swaps (R6.2) for this turn
        self.ending: Action | None = None  # the take or pass played and waiting to be confirmed
        self.ending_seat = 0  # whose table is on show while `ending` waits
        self.typed_over = False  # keys were typed while the turn's end waits to be confirmed
        self.snapshots: list[tuple[Game, int]] = []  # the game before each undoable action, and the history length

    def clear_choice(self) -> None:
        """Back to the top of the list: no choice made, nothing pointed at, no digits waiting."""
        self.path = ()
        self.highlight = None
        self.pending = ""

    def menu(self, legal: Sequence[Action]) -> Menu:
        """The choices under the current path among `legal`.

        While an Accountant's swaps are open, `done swapping` follows them; once chosen, the swaps
        leave the menu and the later steps remain (the engine needs no action for it: R6.2 says
        "up to").
        """
        if self.swaps_done:
            return menu([a for a in legal if not isinstance(a, Swap)], self.path)
        built = menu(legal, self.path)
        swaps = [c for c in built.choices if c.actions and isinstance(c.actions[0], Swap)]
        if not built.is_top or not swaps:
            return built
        at = built.choices.index(swaps[-1]) + 1
        done = Choice(at + 1, DONE_SWAPPING, (DONE_SWAPPING,), Step.ACCOUNTANT, ())
        later = tuple(replace(c, number=c.number + 1) for c in built.choices[at:])
        return replace(built, choices=(*built.choices[:at], done, *later))

    def move_highlight(self, delta: int, count: int) -> None:
        """Point at the next or previous of `count` entries, round the ends."""
        if not count:
            return
        if self.highlight is None:
            self.highlight = 1 if delta > 0 else count
        else:
            self.highlight = (self.highlight - 1 + delta) % count + 1

    def awaits(self, action: Action, seat: int) -> None:
        """`action` (a take or pass of `seat`) was played and waits for its player's Enter."""
        self.ending = action
        self.ending_seat = seat
        self.typed_over = False
