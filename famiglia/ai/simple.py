"""The two players without search: `random` (any legal action) and `greedy` (the best take of this turn).

`greedy` plays the planner's best plan one action at a time and plans again at every call, so it
needs no memory of its own. It refreshes only when nothing on the Street can be taken even with its
Accountant and Brute (refreshing reveals cards nobody knows, which a one-turn planner cannot value),
and it passes only when nothing can be taken at all.
"""

from __future__ import annotations

from famiglia.engine import Action, Pass, Refresh, SeatView, Take
from famiglia.phrasebook import actions, reasons

from .base import Player, check_view, legal
from .planner import TurnState, best_plan
from .seeding import decision_rng

__all__ = ["GreedyPlayer", "RandomPlayer"]


class RandomPlayer(Player):
    """A uniformly random legal action, drawn from the decision's own generator."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__("random", seed)

    def choose_with_reason(self, view: SeatView) -> tuple[Action, str]:
        check_view(view)
        action = decision_rng(self.seed, view).choice(view.legal_actions)
        return action, reasons.at_random(actions.reason(action))


class GreedyPlayer(Player):
    """The one-turn planner: the take worth the most victory points this turn, resources kept as a tie-break."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__("greedy", seed)

    def choose_with_reason(self, view: SeatView) -> tuple[Action, str]:
        check_view(view)
        plan = best_plan(TurnState.from_view(view))
        if type(plan.actions[-1]) is Take:
            return legal(view, plan.actions[0]), plan.describe()
        if view.can_refresh:
            # Nothing to take: the highest card brings the most new cards (R5.2).
            action = max((a for a in view.legal_actions if type(a) is Refresh), key=lambda a: (a.card.value,
                                                                                               a.card.points))
            return action, f"refresh {action.card} to look for a card that can be taken"
        return legal(view, Pass()), "pass: nothing on the Street can be taken this turn"
