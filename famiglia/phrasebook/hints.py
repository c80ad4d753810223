"""The hint in a player's words: the line of the turn the search expects, and its chance.

The search (`famiglia.ai.advice`) computes the facts: the line, the refresh in it, the best plan, the
lead, how a pass would end the game. These functions take them as parameters and only say them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from famiglia.engine import Action, Card, Take

from .actions import plan_goal, steps
from .catalogue import _
from .passes import standing

__all__ = ["line", "pass_line", "refresh_first", "refresh_later"]


def line(actions: Sequence[Action], odds: str) -> str:
    """A turn the search expects to play whole: "accountant A2, swap F1 back for M0, take F3 …; about 62% to win"."""
    return _("{steps}; {odds}").format(steps=steps(actions), odds=odds)


def refresh_first(card: Card, rest: Sequence[Action], odds: str, *, now: Take | None = None) -> str:
    """A refresh of `card` first; `rest` is the plan that stays open whatever it draws (empty: none does),
    and `now` the best take before the refresh, which it looks to better."""
    if rest:
        taken = rest[-1]
        assert type(taken) is Take
        return _("refresh {card} first — the {taken} plan stays open — then {steps}; {odds}").format(
            card=card, taken=taken.card, steps=steps(rest), odds=odds)
    if now is not None:
        return _("refresh {card} to look for more than {goal}; {odds}").format(
            card=card, goal=plan_goal(now), odds=odds)
    return _("refresh {card} to look for a card you can take; {odds}").format(card=card, odds=odds)


def refresh_later(before: Sequence[Action], card: Card, rest: Sequence[Action], odds: str) -> str:
    """A refresh of `card` after the actions `before` (an Accountant's), then `rest` if a plan stays open."""
    if rest and type(rest[-1]) is Take:
        return _("{before}, then refresh {card} — the {taken} plan stays open — then {steps}; {odds}").format(
            before=steps(before), card=card, taken=rest[-1].card, steps=steps(rest), odds=odds)
    return _("{before}, then refresh {card} to look for a card you can take; {odds}").format(
        before=steps(before), card=card, odds=odds)


def pass_line(before: Sequence[Action], odds: str, *, instead: Take | None, can_refresh: bool = False,
              lead: int = 0, ends: Literal["draw", "loss"] | None = None) -> str:
    """A pass after the actions `before`, and why: nothing can be taken (and a refresh, if `can_refresh`,
    does no better), or it is better than the best take `instead`, given the `lead`; `ends` says how the
    game ends with it, when the opponent passed last (R8.5)."""
    passing = _("{before}, then pass").format(before=steps(before)) if before else _("pass")
    if instead is None:
        if can_refresh:
            return _("{passing}: nothing on the Street can be taken this turn, and a refresh does no better; "
                     "{odds}").format(passing=passing, odds=odds)
        return _("{passing}: nothing on the Street can be taken this turn; {odds}").format(passing=passing, odds=odds)
    values = {"passing": passing, "goal": plan_goal(instead), "standing": standing(lead), "odds": odds}
    if ends == "draw":
        return _("{passing} rather than {goal}: {standing}, and the game ends now in a draw; {odds}").format(**values)
    if ends == "loss":
        return _("{passing} rather than {goal}: {standing}, and the game ends now with a loss; {odds}").format(
            **values)
    return _("{passing} rather than {goal}: {standing}, and the opponent must act next; {odds}").format(**values)
