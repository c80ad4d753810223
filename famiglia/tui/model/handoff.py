"""The handoff's guard: nothing of the next hand before the screen that hides it has been seen (R12.2).

A key typed ahead, or an Enter held down by the last player, must not reveal the next hand. The guard
notes when the handoff was first drawn and takes keys only after `guard` seconds of quiet; a key that
comes too soon is discarded and starts the quiet again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

__all__ = ["HANDOFF_GUARD", "HandoffGuard"]

HANDOFF_GUARD: Final = 0.4  # seconds of quiet after the handoff is drawn before it takes a key


class HandoffGuard:
    """When the handoff went on the screen, and whether a key came too soon; `clock` is in seconds."""

    def __init__(self, guard: float, clock: Callable[[], float]) -> None:
        self.guard = guard
        self._clock = clock
        self._drawn_at: float | None = None
        self.waited = False  # a key came too soon: the screen says to wait a moment

    def reset(self) -> None:
        """A new handoff begins: not drawn yet."""
        self._drawn_at = None
        self.waited = False

    def drawn(self) -> bool:
        """Note a redraw of the handoff; True the first time (typed-ahead keys are then thrown away)."""
        if self._drawn_at is None:
            self._drawn_at = self._clock()
            return True
        return False

    def open(self) -> bool:
        """Whether keys count: the handoff was drawn at least `guard` seconds ago."""
        return self._drawn_at is not None and self._clock() - self._drawn_at >= self.guard

    def discarded(self) -> None:
        """A key came before the guard opened: the quiet starts again, and the screen says to wait.

        So a key held down (the terminal repeats it every few hundredths of a second) is discarded for
        as long as it is held, and the next hand shows only after a pause as long as the guard.
        """
        if self._drawn_at is not None and not self.open():
            self._drawn_at = self._clock()
        self.waited = True
