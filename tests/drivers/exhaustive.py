"""A plain expectimax on the engine's public API: the exact value of a tiny late position, as a yardstick.

Written without the solver's shortcuts: every legal action of every step is tried, and before any action
that draws (a refresh, a take that empties the Street) the unknown part of the draw stack is dealt
again in each of its orders, equally likely, since nobody knows more of it (R12.2). Only for positions
of a few unknown cards and turns: it is exponential.
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import permutations

__all__ = ["TooLarge", "exact_value"]

from famiglia.engine import Game, Refresh, Take


class TooLarge(Exception):
    """The position has more than the yardstick's budget of nodes."""


def exact_value(game: Game, *, budget: int = 200_000) -> float:
    """The seat to move's chance to win under best play by both (a draw counts ½)."""
    seat = game.to_move
    memo: dict[str, float] = {}
    count = [0]

    def value(g: Game) -> float:  # seat's value
        if g.is_over:
            result = g.result()
            assert result is not None
            return 0.5 if result.winner is None else float(result.winner == seat)
        view = g.view(g.to_move, memory=True)
        key = json.dumps(view_key(g))
        if key in memo:
            return memo[key]
        count[0] += 1
        if count[0] > budget:
            raise TooLarge
        values = [after(g, view, a) for a in g.legal_actions()]
        memo[key] = v = max(values) if g.to_move == seat else min(values)
        return v

    def after(g: Game, view: object, action: object) -> float:
        if not draws(g, action):
            trial = g.copy()
            trial.apply(action)  # type: ignore[arg-type]
            return value(trial)
        v = g.view(g.to_move, memory=True)
        assert v.draw_stack_counts is not None
        unknown = Counter(v.draw_stack_counts)
        unknown.subtract(v.stack_bottom)
        orders = sorted(set(permutations(unknown.elements())), key=lambda o: [c.index for c in o])
        total = 0.0
        for order in orders:
            world = Game.from_view(v, [*order, *v.stack_bottom], seed=0)
            world.apply(action)  # type: ignore[arg-type]
            total += value(world)
        return total / len(orders)

    return value(game)


def draws(game: Game, action: object) -> bool:
    """True when `action` draws from the stack: a refresh, or a take of the Street's last card (R10.1)."""
    if type(action) is Refresh:
        return True
    return type(action) is Take and game.view(game.to_move).street.__len__() == 1


def view_key(game: Game) -> object:
    """All the mover knows with the memory aid, mid-turn state included: the memo's key."""
    d = game.to_dict()
    d.pop("rng", None)
    d.pop("players", None)
    stack = d.pop("draw_stack")
    known = d.get("stack_bottom", 0)
    d["unknown"] = sorted(stack[: len(stack) - known])
    d["known"] = stack[len(stack) - known:]
    v = game.view(0, memory=True)
    d["areas"] = [[c.name for c in a] for a in v.play_areas]
    d["hands"] = [[c.name for c in game.view(p, memory=True).hand] for p in (0, 1)]
    d["street"] = [f"{s.card.name}{s.effective}" for s in v.street]
    return d


