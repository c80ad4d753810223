"""The `easy` level: a beginner who sees the plans a turn allows and picks one loosely, without searching.

A search with a tiny budget plays like a random player with flashes of insight: it refreshed five
times and then passed with a free A0 on the Street. A beginner plays plausible turns instead: it
finds the takes the planner finds (`planner.plans`), usually goes for the best of them but often
settles for a smaller one, looks for more with a refresh now and then when what is on offer is poor,
and passes only when nothing can be taken — or when a pass wins the game at once (R8.5), which even
a beginner sees. Each decision is a pure function of the seed and the view (`seeding`).
"""

from __future__ import annotations

from famiglia.engine import Action, Pass, Refresh, SeatView, Take
from famiglia.phrasebook import actions, reasons

from .advice import certain_words, winning_pass
from .base import Player, check_view, legal
from .planner import Plan, TurnState, plans
from .seeding import decision_rng

__all__ = ["BeginnerPlayer"]

CHOICES = 4  # how many of the best plans a beginner weighs
SETTLE = 0.5  # each plan further down the ranking is this much less likely to be picked
CURIOUS = 0.35  # how often a poor offer (POOR VP or less) sends a beginner to refresh instead
POOR = 1
MAX_REFRESHES = 2  # a beginner stops refreshing after this many in one turn


class BeginnerPlayer(Player):
    """`easy`: the planner's plans, chosen loosely (see the module docstring)."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__("easy", seed)

    def choose_with_reason(self, view: SeatView) -> tuple[Action, str]:
        check_view(view)
        if winning_pass(view):
            return legal(view, Pass()), certain_words(view)
        rng = decision_rng(self.seed, view)
        ranked = _distinct(sorted(plans(TurnState.from_view(view)), key=_rank, reverse=True))
        refreshes = sorted((a for a in view.legal_actions if type(a) is Refresh), key=_refresh_rank)
        if ranked:
            top = ranked[0].points
            if refreshes and top <= POOR and view.refreshes < MAX_REFRESHES and rng.random() < CURIOUS:
                action = rng.choice(refreshes[:2])
                goal = ranked[0].actions[-1]
                return action, reasons.refresh(action.card, goal=actions.worth(goal) if type(goal) is Take else None)
            candidates = [p for p in ranked[:CHOICES] if 2 * p.points >= top]
            plan = rng.choices(candidates, weights=[SETTLE ** i for i in range(len(candidates))])[0]
            return legal(view, plan.actions[0]), actions.steps(plan.actions)
        if refreshes and view.refreshes < MAX_REFRESHES + 2:
            action = rng.choice(refreshes[:2])  # the highest cards bring the most new ones (R5.2)
            return action, reasons.refresh(action.card, takeable=False)
        return legal(view, Pass()), reasons.nothing_to_take()


def _distinct(ranked: list[Plan]) -> list[Plan]:
    """The best plan for each card taken: a beginner weighs cards, not ways to pay for them."""
    seen: set[object] = set()
    out = []
    for p in ranked:
        key = p.actions[-1]
        if key not in seen:
            seen.add(key)
            out.append(p)
    return out


def _rank(plan: Plan) -> tuple[int, float, int]:
    return plan.rank


def _refresh_rank(a: Refresh) -> tuple[int, int]:
    return (-a.card.value, -a.card.points)
