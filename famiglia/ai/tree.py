"""The search tree of the information-set search: one node per public history of actions from the root.

A single observer's tree (Cowling, Powley and Whitehouse 2012): every action of a turn — refresh,
Accountant, swap, Brute, take or pass — is an edge, and a node stands for all the worlds that share
the actions from the root, whatever the sampled stack dealt in between. So a child may be legal in
some worlds and not in others: each child counts how often it was available, and UCB uses that count
in place of the parent's visits. Children are opened in a given order (the planner's suggestions
first) and only as many as the node's visits allow (progressive widening), so wide steps such as the
swaps of an Accountant do not dilute the search.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from famiglia.engine import Action

__all__ = ["Node"]


class Node:
    """Statistics of one edge into this node, and the node's children.

    `player` is the seat that chose the edge into this node; `value` sums the rewards seen from that
    seat's side, so a parent picks the child best for whoever moves at the parent. `wins` sums that
    seat's chances to win (a draw is no win, and no contempt or score margin is in it): the number a
    player is told, while `value` is what the search maximises.
    """

    __slots__ = ("available", "children", "order", "player", "value", "visits", "wins")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.value = 0.0
        self.wins = 0.0
        self.available = 0
        self.children: dict[Action, Node] = {}
        self.order: list[Action] | None = None  # the order children are opened in; set on the first visit

    def mean(self) -> float:
        return self.value / self.visits if self.visits else 0.0

    def chance(self) -> float:
        """The mean chance to win of the seat that chose this edge, over the iterations through it."""
        return self.wins / self.visits if self.visits else 0.0

    def widen(self, legal: Sequence[Action], widening: float) -> list[Action]:
        """The actions open at this visit: the first ones of `order` that are legal here, as many as
        the visits allow (1 + widening * sqrt(visits)); new legal actions join the end of the order."""
        order = self.order
        assert order is not None
        if len(order) < len(legal):
            known = set(order)
            order.extend(a for a in legal if a not in known)
        allowed = 1 + int(widening * math.sqrt(self.visits))
        legal_here = set(legal)
        out = []
        for a in order:
            if a in legal_here:
                out.append(a)
                if len(out) >= allowed:
                    break
        return out

    def select(self, candidates: list[Action], exploration: float) -> Action | None:
        """An action of `candidates` without a child yet (the first in order), or else the best by UCB.

        Every candidate that has a child counts one more availability (subset-armed bandit).
        """
        children = self.children
        best: Action | None = None
        best_score = -1.0
        for a in candidates:
            child = children.get(a)
            if child is None:
                return a
            child.available += 1
            score = child.value / child.visits + exploration * math.sqrt(math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = a, score
        return best

    def best_action(self) -> Action:
        """The final choice: the most visited child, then the best mean, then the earliest in order."""
        assert self.order is not None and self.children
        rank = {a: i for i, a in enumerate(self.order)}
        return max(self.children, key=lambda a: (self.children[a].visits, self.children[a].mean(), -rank[a]))
