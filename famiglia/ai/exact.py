"""The advice of the exact endgame solver (`endgame.solve`): its line, its value as told, and the words.

A proven result is told as one, with no calibration on top: a proven win is 100%, a proven loss 0%,
and any other value is the exact chance under best play by both, said as a fraction of the ways the
unknown cards can fall (a draw counts half, R11.2).
"""

from __future__ import annotations

from fractions import Fraction

from famiglia.engine import SeatView
from famiglia.phrasebook import exact

from .advice import Advice, Estimate, open_after_refresh
from .base import legal
from .endgame import Solution

__all__ = ["exact_advice", "exact_odds"]


def exact_advice(view: SeatView, solution: Solution, level: str) -> Advice:
    """The advice for `view` that `solution` gives: its first action, its line, its exact value, its words."""
    action = legal(view, solution.line[0])
    refresh = solution.refresh
    line = (action, *open_after_refresh(view, refresh)) if refresh is not None else solution.line
    value = solution.value
    if value <= 0.0:
        said = exact.lost(line, refresh=refresh is not None)
    else:
        said = exact.line(line, exact_odds(value), refresh=refresh is not None)
    return Advice(action, line, value, said, certain=value >= 1.0, after_refresh=refresh,
                  estimates=(Estimate(action, value, 0, line),), level=level)


def exact_odds(value: float) -> str:
    """The exact chance in words: a win, or "k in n" of the ways the cards can fall."""
    if value >= 1.0:
        return exact.won()
    share = Fraction(value).limit_denominator(100_000)
    return exact.share(share.numerator, share.denominator)

