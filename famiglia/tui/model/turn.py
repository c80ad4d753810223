"""The turn being built at one keyboard: the choices made so far, the entry pointed at, the digits pending,
the swaps closed, and keys typed while the turn's end waits.

A `Turn` is owned by a `Session` and lives as long as one player's turn; the keys' verbs change it.
What was played, and how far undo reaches, is the table's (`famiglia.tui.model.table`): this is only
what the player at this keyboard has chosen so far on the way to an action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Final

from famiglia.engine import Action, SeatView, Step, Swap
from famiglia.phrasebook.catalogue import N_, _

from .builder import Choice, Menu, menu

__all__ = ["DONE_SWAPPING", "Turn", "step_now"]

DONE_SWAPPING: Final = N_("done swapping")  # the menu entry that closes an Accountant's swaps (R6.2)


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
        self.typed_over = False  # keys were typed while the turn's end waits to be confirmed
        self.advised: Action | None = None  # what the hint shown this turn advised (`playing.show_hint`)

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
        done = Choice(at + 1, _(DONE_SWAPPING), (DONE_SWAPPING,), Step.ACCOUNTANT, ())
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

    def go_down(self, path: tuple[str, ...]) -> None:
        """A choice that is not yet a whole action was made: its own choices come next."""
        self.path = path
        self.highlight = None

    def close_swaps(self) -> None:
        """Done swapping: the Accountant's swaps leave the menu for this turn (R6.2: "up to")."""
        self.swaps_done = True
        self.path = ()
        self.highlight = None

    def back_one(self) -> None:
        """Back one choice; at the top of a turn whose swaps were closed, the swaps open again."""
        if not self.path and self.swaps_done:
            self.swaps_done = False  # back to the swaps, as long as the engine still allows them
        self.path = self.path[:-1]
        self.highlight = None
