"""What every computer player is: a seed, a level name for display, and `choose` / `choose_with_reason`.

A player receives only a `SeatView` (R12; with the memory aid, R12.3) and returns one of its legal
actions. Each decision is a pure function of the player's seed and the view (see `seeding`), so a
player object keeps no state between calls and may be shared or rebuilt freely.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from famiglia.engine import Action, SeatView

__all__ = ["Player", "check_view", "legal"]


class Player(ABC):
    """A computer player. `level` is its spec ("greedy", "normal", …); `name` is for display."""

    level: str
    seed: int | str | None

    def __init__(self, level: str, seed: int | str | None) -> None:
        self.level = level
        self.seed = seed

    @property
    def name(self) -> str:
        """How the screen shows it, e.g. 'Computer (normal)'."""
        return f"Computer ({self.level})"

    def choose(self, view: SeatView) -> Action:
        """One of `view.legal_actions`: the same for the same seed and view."""
        return self.choose_with_reason(view)[0]

    @abstractmethod
    def choose_with_reason(self, view: SeatView) -> tuple[Action, str]:
        """The action `choose` gives, and one line saying why, in a player's words (for a hint)."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(level={self.level!r}, seed={self.seed!r})"


def check_view(view: SeatView) -> None:
    """Refuse a view that asks no decision of its seat, with a clear reason (a ValueError)."""
    if view.seat is None:
        raise ValueError("a computer player needs a seat's view, not the public one")
    if not view.my_turn or not view.legal_actions:
        raise ValueError("it is not this seat's turn: there is nothing to choose")


def legal(view: SeatView, action: Action) -> Action:
    """The entry of `view.legal_actions` equal to `action`; a planner that built something else has a bug."""
    for a in view.legal_actions:
        if a == action:
            return a
    raise RuntimeError(f"the computer player chose {action}, which is not allowed now")
