"""The exact endgame's words: a line whose chance is proven, not estimated ("won with best play").

The solver (`famiglia.ai.endgame`) computes the value and the line; these functions only say them.
"""

from __future__ import annotations

from collections.abc import Sequence

from famiglia.engine import Action

from .actions import steps
from .catalogue import _

__all__ = ["line", "lost", "share", "won"]


def won() -> str:
    """A proven win: whatever the cards and the opponent do."""
    return _("a sure win with best play (exact)")


def share(won: int, ways: int) -> str:
    """An exact chance under best play by both, as a share of the ways the unknown cards can fall."""
    return _("with best play you win {won} in {ways} of the ways the unknown cards can fall "
             "(exact; a draw counts half)").format(won=won, ways=ways)


def line(actions: Sequence[Action], odds: str, *, refresh: bool = False) -> str:
    """The best line and its exact chance; after a refresh the rest is the plan that stays open."""
    if refresh:
        return _("{steps} (then see what it draws); {odds}").format(steps=steps(actions), odds=odds)
    return _("{steps}; {odds}").format(steps=steps(actions), odds=odds)


def lost(actions: Sequence[Action], *, refresh: bool = False) -> str:
    """A proven loss: the opponent wins with best play whatever this seat does; the line that resists best."""
    if refresh:
        return _("lost whatever you play (exact): the best is {steps}, then see what it draws").format(
            steps=steps(actions))
    return _("lost whatever you play (exact): the best is {steps}").format(steps=steps(actions))
