"""The advice of the exact endgame solver (`endgame.solve`): its line, its value as told, and the words.

A proven result is told as one, with no calibration on top: a proven win is 100%, a proven loss 0%,
and any other value is the exact chance under best play by both, said as a fraction of the ways the
unknown cards can fall (a draw counts half, R11.2). The narrowed search's value (`endgame.solve(...,
narrow=True)`) is near, not proven: it is told as a chance under best play, "about 85%", never "exact".
"""

from __future__ import annotations

from fractions import Fraction

from famiglia.engine import Action, Refresh, SeatView
from famiglia.phrasebook import chances, exact

from .advice import Advice, Estimate, open_after_refresh, words
from .base import legal
from .endgame import Solution, solve, value_of

__all__ = ["endgame_advice", "endgame_value", "exact_advice", "exact_odds"]


def endgame_advice(view: SeatView, level: str) -> Advice | None:
    """The solver's advice for a late position: exact where it finishes, else narrowed where that finishes
    (both within the budget of `endgame.budget_for`); None before the first exhaustion or out of reach.

    The narrowed search is tried first: it searches a part of the exact one's tree, and it finished every late
    position of the reach table the exact one finished, in fewer turns (docs/ai.md). So where it does not
    finish, the exact search is not tried, and a position out of reach costs one search, not two."""
    narrowed = solve(view, narrow=True)
    if narrowed is None:
        return None
    return exact_advice(view, solve(view) or narrowed, level)


def endgame_value(view: SeatView, action: Action) -> float | None:
    """The solver's value of `action` played from `view` and best play after it, as `endgame_advice` tells
    the best one: exact, else narrowed; None where neither finishes."""
    narrowed = value_of(view, action, narrow=True)
    if narrowed is None:
        return None
    exact = value_of(view, action)
    return exact if exact is not None else narrowed


def exact_advice(view: SeatView, solution: Solution, level: str) -> Advice:
    """The advice for `view` that `solution` gives: its first action, its line, its exact value, its words."""
    action = legal(view, solution.line[0])
    refresh = solution.refresh
    line = (action, *open_after_refresh(view, refresh)) if refresh is not None else solution.line
    value = solution.value
    if solution.narrow:
        said = words(view, line, action if type(action) is Refresh else None, value, chances.best_play())
        return Advice(action, line, value, said,
                      after_refresh=refresh, estimates=(Estimate(action, value, 0, line),), level=level)
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

