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
from .endgame import Solution, late_solution

__all__ = ["endgame_advice", "exact_advice", "exact_odds", "narrowed_advice"]


def endgame_advice(view: SeatView, level: str) -> Advice | None:
    """The solver's advice for a late position (`endgame.late_solution`): exact where the exact search finishes,
    else narrowed where that finishes; None before the first exhaustion or out of reach."""
    solution = late_solution(view)
    if solution is None:
        return None
    return narrowed_advice(view, solution, level) if solution.narrow else exact_advice(view, solution, level)


def exact_advice(view: SeatView, solution: Solution, level: str) -> Advice:
    """The advice for `view` that the exact `solution` gives: its first action, its line, its exact value, its
    words; a proven result said as one."""
    action, line = _line(view, solution)
    value = solution.value
    if value <= 0.0:
        said = exact.lost(line, refresh=solution.refresh is not None)
    else:
        said = exact.line(line, exact_odds(value), refresh=solution.refresh is not None)
    return Advice(action, line, value, said, certain=value >= 1.0, after_refresh=solution.refresh,
                  estimates=(Estimate(action, value, 0, line),), level=level)


def narrowed_advice(view: SeatView, solution: Solution, level: str) -> Advice:
    """The advice the narrowed `solution` gives: its line, and its value as a chance with best play by both, never
    as proven."""
    action, line = _line(view, solution)
    said = words(view, line, action if type(action) is Refresh else None, solution.value, chances.best_play())
    return Advice(action, line, solution.value, said, after_refresh=solution.refresh,
                  estimates=(Estimate(action, solution.value, 0, line),), level=level)


def _line(view: SeatView, solution: Solution) -> tuple[Action, tuple[Action, ...]]:
    """The solution's first action as the view has it, and the line to tell: after a refresh, what it leaves open."""
    action = legal(view, solution.line[0])
    if solution.refresh is not None:
        return action, (action, *open_after_refresh(view, solution.refresh))
    return action, solution.line


def exact_odds(value: float) -> str:
    """The exact chance in words: a win, or "k in n" of the ways the cards can fall."""
    if value >= 1.0:
        return exact.won()
    share = Fraction(value).limit_denominator(100_000)
    return exact.share(share.numerator, share.denominator)

