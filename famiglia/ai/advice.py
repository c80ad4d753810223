"""What the search tells a person: the action, the whole line of the turn it expects, the chance, the words.

A hint that names only its first action misleads: a player who reads "refresh M3" never sees that
the search means to take F4 with an Accountant and a Brute afterwards. So `Advice` carries the line
of the turn the search expects to play, read from its tree along the most visited actions of the seat
to move, and finished by the planner where the tree is thin. A refresh draws cards nobody knows yet
(R5.2), so a line stops there and says what stays open: the best take that does not need the
refreshed card. Its chance is the search's estimate of the chosen action (`Node.chance`), the number
`famiglia.ai.win_chance` gives. The facts of the hint are computed here; `famiglia.phrasebook` says them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from famiglia.engine import Action, Game, Pass, Refresh, SeatView, Take
from famiglia.phrasebook import chances, hints, passes

from .determinization import sample_world
from .planner import Plan, TurnState, best_plan
from .playout import lead
from .tree import Node

__all__ = ["Advice", "Estimate", "certain_words", "expected_line", "open_after_refresh", "winning_pass", "words"]

MIN_VISITS = 2  # a tree action tried fewer times than this is a guess, not part of the expected line


@dataclass(frozen=True, slots=True)
class Estimate:
    """One candidate the search rated: its first action, its chance to win for the seat to move, how many
    playouts rated it (the visits of a tree's root action, the worlds of a turn search's candidate), and, for
    the turn search, the whole candidate (`line`: a plan of the rest of the turn, or a refresh)."""

    action: Action
    chance: float
    visits: int
    line: tuple[Action, ...] = ()


@dataclass(frozen=True, slots=True)
class Advice:
    """The search's advice for the seat to move: a value the screen and the analysis read.

    `action` is the one to play now (what `choose` returns). `line` is the whole turn the search
    expects, starting with `action`; after a refresh in it, `line` goes on with the plan that stays
    open whatever is drawn (`after_refresh` is then the refreshed card's action). `chance` is the
    seat's chance to win with `action` (0–1); `certain` is True for a pass that wins at once (R8.5).
    `estimates` are the candidates rated, the chosen one first (a tree's root actions, most tried first).
    `words` is the hint in a player's words. `level` names whose play the chance assumes (`against`).
    """

    action: Action
    line: tuple[Action, ...]
    chance: float
    words: str
    certain: bool = False
    after_refresh: Refresh | None = None
    estimates: tuple[Estimate, ...] = ()
    level: str | None = None

    @property
    def against(self) -> str:
        """Whose play the chance assumes, in words: 'against the normal computer' (`phrasebook.chances.against`)."""
        return chances.against(self.level)

    def estimate(self, action: Action) -> Estimate | None:
        """The root's estimate of `action`, or None if the search never tried it."""
        for e in self.estimates:
            if e.action == action:
                return e
        return None


def winning_pass(view: SeatView) -> bool:
    """True when the opponent has just passed and a pass now ends the game with this seat the winner (R8.5, R11)."""
    if not view.passes or not view.my_turn:
        return False
    return _winner_after_pass(view) == view.seat


def _winner_after_pass(view: SeatView) -> int | None:
    """Who wins if the seat passes now, after the opponent's pass (R8.5, R11.2); None for a draw."""
    world = sample_world(view, random.Random(0))  # the stack's order plays no part in the scoring
    world.apply_legal(Pass())
    result = world.result()
    assert result is not None
    return result.winner


def expected_line(view: SeatView, root: Node, first: Action) -> tuple[tuple[Action, ...], Refresh | None]:
    """The turn the search expects from `first` on, and the refresh in it if there is one (see `Advice`).

    The actions before a refresh change nothing unknown, so the line is followed in one world built
    from the view; the order of its stack is never read (only refreshes would draw from it).
    """
    world = sample_world(view, random.Random(0))
    line = [first]
    node = root.children.get(first)
    action = first
    while type(action) is not Take and type(action) is not Pass:
        if type(action) is Refresh:
            rest = _open_after_refresh(world, action)
            return tuple(line) + rest, action
        world.apply_legal(action)
        following = _most_tried(node, world) if node is not None else None
        if following is None:
            return tuple(line) + best_plan(TurnState.from_counts(world.counts())).actions, None
        line.append(following)
        node = node.children[following] if node is not None else None
        action = following
    return tuple(line), None


def _most_tried(node: Node, world: Game) -> Action | None:
    legal = set(world.legal_actions())
    tried = [(child.visits, child.chance(), str(a), a) for a, child in node.children.items()
             if child.visits >= MIN_VISITS and a in legal]
    return max(tried, key=lambda t: t[:3])[3] if tried else None


def open_after_refresh(view: SeatView, refresh: Refresh) -> tuple[Action, ...]:
    """The best plan of `view` that does not use the card `refresh` discards (see `_open_after_refresh`)."""
    return _open_after_refresh(sample_world(view, random.Random(0)), refresh)


def _open_after_refresh(world: Game, refresh: Refresh) -> tuple[Action, ...]:
    """The best plan that does not use the refreshed card: it is still there whatever the refresh draws."""
    state = TurnState.from_counts(world.counts())
    street, effective = list(state.street), list(state.effective)
    i = street.index(refresh.card)
    del street[i], effective[i]
    state.street, state.effective = street, effective
    plan = best_plan(state)
    return plan.actions if plan.taken is not None else ()


def words(view: SeatView, line: tuple[Action, ...], refresh: Refresh | None, chance: float, whom: str = "") -> str:
    """The hint for `line` (see `Advice.words`); `whom` says whose play the chance assumes ("against …")."""
    odds = chances.odds(chance, whom)
    if refresh is not None and line[0] is refresh:
        now = _taken(best_plan(TurnState.from_view(view))) if len(line) == 1 else None  # to better
        return hints.refresh_first(refresh.card, line[1:], odds, now=now)
    if refresh is not None:  # a refresh later in the turn, after an Accountant
        cut = line.index(refresh)
        return hints.refresh_later(line[:cut], refresh.card, line[cut + 1:], odds)
    if type(line[-1]) is Pass:
        return _pass_words(view, line, odds)
    return hints.line(line, odds)


def certain_words(view: SeatView) -> str:
    """The words of a pass that wins at once (R8.5)."""
    return passes.certain_pass(lead(view))


def _pass_words(view: SeatView, line: tuple[Action, ...], odds: str) -> str:
    plan = best_plan(TurnState.from_view(view))
    if plan.taken is None:
        can_refresh = bool(view.legal_actions) and any(type(a) is Refresh for a in view.legal_actions)
        return hints.pass_line(line[:-1], odds, instead=None, can_refresh=can_refresh)
    ends: Literal["draw", "loss"] | None = None
    if view.passes:  # R8.5: this pass ends the game, and it does not win it (that pass is `certain_words`)
        ends = "draw" if _winner_after_pass(view) is None else "loss"
    return hints.pass_line(line[:-1], odds, instead=_taken(plan), lead=lead(view), ends=ends)


def _taken(plan: Plan) -> Take | None:
    """The take `plan` ends with, or None for a plan that takes nothing."""
    if plan.taken is None:
        return None
    taken = plan.actions[-1]
    assert type(taken) is Take
    return taken
