"""The tree search: Information-Set Monte Carlo Tree Search from one seat's view (`hard`, and the reference levels).

Shaped like OpenSpiel's `ismcts.py`, in three named pieces: the tree (`tree.Node`), the
determinization (`determinization.sample_world`) and the playout policy (`playout.PlayoutPolicy`).
Every iteration samples a world the seat cannot tell from the real one (the unknown order of the draw
stack, R12.2; the opponent's hand is known by the memory aid, R12.3), walks the tree from the root with
UCB over the actions legal in that world, opens one new node, plays out from there with the cheap
policy, and backs the result up. The most visited action at the root is played.

A level is a number of iterations, never a time, so a seed and a view give the same action on any
machine. A wall-clock cap (`time_limit`) exists only as a safety net for slow machines: it is off in
the tests and in `famiglia simulate`, and when it ends a search early the decision depends on the clock.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Final

from famiglia.engine import Action, Game, Pass, Refresh, SeatView, Take
from famiglia.phrasebook import actions, chances, reasons

from .advice import MIN_VISITS, Advice, Estimate, certain_words, expected_line, winning_pass, words
from .base import Player, check_view, legal
from .determinization import sample_world
from .evaluation import calibrated
from .exact import endgame_advice
from .planner import Plan, TurnState, best_plan, plans
from .playout import PlayoutPolicy, finished, lead
from .seeding import decision_rng
from .tree import Node

__all__ = ["REFERENCE_LEVELS", "ISMCTSPlayer", "SearchSettings"]

FOCUS_VISITS: Final = 8  # how often an analysed action is tried at least, so that its estimate means something


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """A level of the search: its budget in iterations and how it explores.

    `exploration` is UCB's constant; `widening` how fast a node opens more children (see `tree.Node.widen`);
    `contempt` how much less than ½ a drawn game is worth to the searching seat (so that it plays on rather
    than pass into a draw); `time_limit` (seconds, or None) the safety net described in the module docstring.
    `teacher` turns on the rules a person is owed (the levels have it, the reference levels do not): a
    pass that wins at once is played without searching (R8.5), and a pass is never chosen over a take or
    a refresh whose estimate is better.
    """

    iterations: int
    exploration: float = 0.7
    widening: float = 1.0
    contempt: float = 0.15
    policy: PlayoutPolicy = field(default_factory=PlayoutPolicy)
    time_limit: float | None = None
    teacher: bool = True
    endgame: bool = False  # where the exact solver reaches (`endgame.solve`), play and tell its answer


FITTED = PlayoutPolicy(evaluation="fitted")

# The levels as they were: fixed settings to measure the levels against (docs/ai.md). The "-1" levels are
# from before the fitted evaluation and the teacher's rules, the "-2" levels the search that played `normal`
# and `hard` before the turn search (`famiglia.ai.turnsearch`). Their decisions do not change from one
# version to the next. Each is a reference level's record in `famiglia.ai.references`, its time allowance with it.
REFERENCE_LEVELS: Final = {
    "easy-1": SearchSettings(iterations=25, time_limit=1.0, teacher=False),
    "normal-1": SearchSettings(iterations=100, time_limit=5.0, teacher=False),
    "hard-1": SearchSettings(iterations=300, policy=PlayoutPolicy(turns=16), time_limit=15.0, teacher=False),
    "normal-2": SearchSettings(iterations=800, policy=FITTED, time_limit=5.0),
    "hard-2": SearchSettings(iterations=6000, policy=PlayoutPolicy(turns=16, evaluation="fitted"), time_limit=15.0),
}
CALIBRATION: Final = "normal-2"  # the calibration the search's fitted chances had while it played the levels


class ISMCTSPlayer(Player):
    """The search player. Build a level with `player("normal")`, or any budget with
    `ISMCTSPlayer(seed=1, settings=SearchSettings(iterations=30))` (the level is then named "custom")."""

    def __init__(self, seed: int | str | None = None, *, settings: SearchSettings, level: str = "custom") -> None:
        super().__init__(level, seed)
        self.settings = settings

    def choose_with_reason(self, view: SeatView) -> tuple[Action, str]:
        check_view(view)
        if not self.settings.teacher and len(view.legal_actions) == 1:
            only = view.legal_actions[0]
            return only, reasons.only_one(actions.reason(only))
        advice = self.advise(view)
        return advice.action, advice.words

    def advise(self, view: SeatView, *, focus: Action | None = None, raw: bool = False) -> Advice:
        """The search's advice for `view` (see `Advice`): the action, the line of the turn, the chance, the words.

        `focus` (an action of the view) is opened at the root right after the best plan's first action,
        so that its estimate is measured too (the analysis rates the action that was played). The chances
        are calibrated (`chance_of`); `raw` leaves them as the tree has them, to fit the calibration.
        """
        check_view(view)
        settings = self.settings
        if settings.teacher and winning_pass(view):
            action = legal(view, Pass())
            return Advice(action, (action,), 1.0, certain_words(view), certain=True,
                          estimates=(Estimate(action, 1.0, 0),))
        if settings.endgame:
            solved = endgame_advice(view, self.level)
            if solved is not None:
                return solved
        root = self.search(view, focus=focus)
        action = legal(view, self._final(root))
        child = root.children[action]
        chance = child.chance() if raw else self.chance_of(child)
        estimates = tuple(Estimate(a, c.chance() if raw else self.chance_of(c), c.visits) for a, c in
                          sorted(root.children.items(), key=lambda item: (-item[1].visits, str(item[0]))))
        if not settings.teacher:
            return Advice(action, (action,), chance, self._reason(view, action, root), estimates=estimates)
        line, refresh = expected_line(view, root, action)
        return Advice(action, line, chance, words(view, line, refresh, chance), after_refresh=refresh,
                      estimates=estimates)

    def chance_of(self, node: Node) -> float:
        """The chance to win a player is told for `node`: its mean chance over the search, calibrated.

        A search's estimate of its chosen action is optimistic (it is the best of several noisy means, and
        the playouts play better than many players do), so a search with the fitted evaluation maps it
        through the calibration `benchmarks/calibration.py --fit` made for it from seeded games
        (`evaluation.calibrated`); the searches with the old cut-off say their raw mean, as they did.
        """
        chance = node.chance()
        return calibrated(chance, CALIBRATION) if self.settings.policy.evaluation == "fitted" else chance

    def search(self, view: SeatView, *, focus: Action | None = None) -> Node:
        """Run the search from `view` and return the root, whose children carry the statistics."""
        settings = self.settings
        if view.opponent_hand is None or view.draw_stack_counts is None:
            raise ValueError("the search player needs the view with the memory aid: game.view(seat, memory=True)")
        rng = decision_rng(self.seed, view)
        root = Node(player=view.opponent)
        if focus is not None:
            root.order = _focused(move_order_of_view(view), focus)
        score = lead(view) if view.seat == 0 else -lead(view)  # seat 0's lead in victory points
        draw = 0.5 - settings.contempt if view.seat == 0 else 0.5 + settings.contempt  # a draw, to seat 0
        deadline = None if settings.time_limit is None else time.perf_counter() + settings.time_limit
        for i in range(settings.iterations):
            self._iterate(root, sample_world(view, rng), rng, score, draw)
            if i % 8 == 7:
                if _decided(root, settings.iterations - i - 1, focus):
                    break
                if deadline is not None and time.perf_counter() > deadline:
                    break
        return root

    def _iterate(self, root: Node, world: Game, rng: random.Random, score: int, draw: float) -> None:
        """One iteration: select down the tree in `world`, open one node, play out, back the value up.

        `score` is seat 0's lead at the root; the takes on the way down change it.
        """
        settings = self.settings
        node = root
        path = []
        while not world.is_over:
            legal_now = world.legal_actions()
            if node.order is None:
                node.order = move_order(world, legal_now)
            action = node.select(node.widen(legal_now, settings.widening), settings.exploration)
            assert action is not None
            mover = world.to_move
            world.apply_legal(action)
            if type(action) is Take:
                score += action.card.points if mover == 0 else -action.card.points
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = Node(mover)
                child.available = 1
                path.append(child)
                break
            path.append(child)
            node = child
        policy = settings.policy
        if world.is_over:
            value, win0, win1 = finished(world, policy.margin, draw)
        else:
            value, win0, win1 = policy.run(world, rng, score, draw)
        root.visits += 1
        for n in path:
            n.visits += 1
            if n.player == 0:
                n.value += value
                n.wins += win0
            else:
                n.value += 1.0 - value
                n.wins += win1

    def _final(self, root: Node) -> Action:
        """The most visited action; with the teacher's rules, never a pass below a take or refresh's estimate."""
        best = root.best_action()
        if not self.settings.teacher or type(best) is not Pass:
            return best
        passing = root.children[best].chance()
        better = [(child.chance(), child.visits, str(a), a) for a, child in root.children.items()
                  if (type(a) is Take or type(a) is Refresh) and child.visits >= MIN_VISITS
                  and child.chance() > passing]
        return max(better, key=lambda t: t[:3])[3] if better else best

    def _reason(self, view: SeatView, action: Action, root: Node) -> str:
        """The reference levels' one line, as they said it (their estimate in today's words)."""
        chance = chances.chance(root.children[action].chance())
        if type(action) is Pass and view.passes and lead(view) > 0:
            return reasons.with_chance(reasons.winning_pass(lead(view)), chance)
        plan = best_plan(TurnState.from_view(view))
        if plan.actions[0] == action and plan.taken is not None:
            return reasons.with_chance(plan.describe(), chance)
        if type(action) is Refresh:
            return reasons.with_chance(reasons.refresh(action.card), chance)
        if type(action) is Pass:
            if plan.taken is None:
                return reasons.with_chance(reasons.nothing_to_take(), chance)
            return reasons.with_chance(reasons.pass_rather(plan.describe()), chance)
        return reasons.with_chance(actions.reason(action), chance)


def _decided(root: Node, remaining: int, focus: Action | None = None) -> bool:
    """True when no other action can overtake the most visited one in the iterations left.

    The final choice is the most visited action, so the rest of the budget could not change it; this
    depends on counts only, so a seed still reproduces the decision. A search told to measure `focus`
    goes on until that action has been tried a few times.
    """
    if focus is not None:
        child = root.children.get(focus)
        if child is None or child.visits < FOCUS_VISITS:
            return False
    visits = sorted((child.visits for child in root.children.values()), reverse=True)
    return len(visits) >= 1 and visits[0] - (visits[1] if len(visits) > 1 else 0) > remaining


def move_order_of_view(view: SeatView) -> list[Action]:
    """`move_order` at the root, from the seat's view."""
    return _order(TurnState.from_view(view), list(view.legal_actions))


def _focused(order: list[Action], focus: Action) -> list[Action]:
    """`order` with `focus` moved to second place, so that progressive widening opens it at once."""
    rest = [a for a in order if a != focus]
    return [*rest[:1], focus, *rest[1:]]


def move_order(world: Game, legal_now: list[Action]) -> list[Action]:
    """The order a new node opens its children in: the planner's best first action, a pass, the first
    actions of the other plans by their rank, refreshes of the highest cards, then everything else."""
    return _order(TurnState.from_counts(world.counts()), legal_now)


def _order(state: TurnState, legal_now: list[Action]) -> list[Action]:
    ranked = sorted(plans(state), key=_rank, reverse=True)
    order: list[Action] = []
    seen: set[Action] = set()

    def add(a: Action) -> None:
        if a not in seen:
            seen.add(a)
            order.append(a)

    if ranked:
        add(ranked[0].actions[0])
    add(Pass())
    for p in ranked:
        add(p.actions[0])
    for refresh in sorted((a for a in legal_now if type(a) is Refresh), key=_refresh_rank):
        add(refresh)
    for a in legal_now:
        add(a)
    allowed = set(legal_now)
    return [a for a in order if a in allowed]


def _rank(plan: Plan) -> tuple[int, float, int]:
    return plan.rank


def _refresh_rank(a: Refresh) -> tuple[int, int]:
    return (-a.card.value, -a.card.points)
