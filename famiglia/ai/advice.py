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
from typing import Final, Literal, NamedTuple

from famiglia.engine import Action, Game, Pass, PlayAccountant, PlayBrute, Refresh, Result, SeatView, Swap, Take
from famiglia.phrasebook import chances, hints, passes

from .determinization import sample_world
from .planner import Plan, TurnState, best_plan
from .playout import lead
from .tree import Node

__all__ = ["Advice", "Estimate", "PassingOut", "certain_words", "expected_line", "open_after_refresh", "passing_out",
           "winning_pass", "without_no_ops", "words"]

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
    `other` is the other seat's chance while this one moves, where the search was asked to tell it too (the
    analysis of a game of two people at a level whose chances do not add up to one: `TurnSearch.both`).
    """

    action: Action
    line: tuple[Action, ...]
    chance: float
    words: str
    certain: bool = False
    after_refresh: Refresh | None = None
    estimates: tuple[Estimate, ...] = ()
    level: str | None = None
    other: float | None = None

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


def _winner_after_pass(world: SeatView | Game) -> int | None:
    """Who wins if the seat to move passes now, after the opponent's pass (R8.5, R11.2); None for a draw.

    Given a world (a `Game`), its seat to move passes in a copy of it; given a view, in a world built from it.
    """
    world = sample_world(world, random.Random(0)) if isinstance(world, SeatView) else world.copy()
    world.apply_legal(Pass())  # the stack's order plays no part in the scoring
    result = world.result()
    assert result is not None
    return result.winner


class PassingOut(NamedTuple):
    """How a game ends if nobody takes anything more: after `passes` passes from the moment looked at (0: it is
    over already; 1: the pass of the seat to move ends it, R8.5 or R9.3; 2: the other seat's pass after it does,
    R8.5, R10.2), with the engine's `result` (R11, the tie-break of R11.2 included)."""

    passes: int
    result: Result


def passing_out(view: SeatView) -> PassingOut | None:
    """How the game ends for `view`'s seat if every turn from now on is a pass (see `PassingOut`).

    The world is built from the view alone (R12), so this needs the view with the memory aid: without it the
    hands that R11.1 counts are hidden (R12.2), and None is given. A pass draws nothing: the stack's order
    is never read, and the engine scores the end as it would at the table.
    """
    if view.seat is None or view.opponent_hand is None or view.draw_stack_counts is None:
        return None
    if view.result is not None:
        return PassingOut(0, view.result)
    world = sample_world(view, random.Random(0))
    for count in (1, 2):
        world.apply_legal(Pass())  # R4.1: a pass is allowed at any moment of a turn
        result = world.result()
        if result is not None:
            return PassingOut(count, result)
    raise AssertionError("two passes in a row end the game (R8.5)")


def expected_line(view: SeatView, root: Node, first: Action) -> tuple[tuple[Action, ...], Refresh | None]:
    """The turn the search expects from `first` on, and the refresh in it if there is one (see `Advice`).

    The actions before a refresh change nothing unknown, so the line is followed in one world built
    from the view; the order of its stack is never read (only refreshes would draw from it). A line
    without a refresh is told without the steps after `first` that change nothing (`without_no_ops`);
    `first` is the search's decision, what `choose` plays, so it stays.
    """
    world = sample_world(view, random.Random(0))
    start = world.copy()
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
            plan = best_plan(TurnState.from_counts(world.counts())).actions
            return without_no_ops(start, (*line, *plan), keep_first=True), None
        line.append(following)
        node = node.children[following] if node is not None else None
        action = following
    return without_no_ops(start, tuple(line), keep_first=True), None


def without_no_ops(world: Game, line: tuple[Action, ...], *, keep_first: bool = False) -> tuple[Action, ...]:
    """`line` (played from `world`, ending with a take or a pass) without the steps that change nothing.

    An Accountant, a swap or a Brute changes no score (every card counts in hand and in the play area,
    R11.1; a reduction lasts the turn, R7.3): it is worth its place in a line only if the take after it
    needs it, to pay (R8.2–R8.4) or to play a Brute it brings back (R6.3). A step the rest of the line
    can be played without, the same take paid the same way, is dropped; the last steps are tried first,
    so an Accountant whose swaps all went goes too. Before a pass every such step goes. `keep_first`
    keeps the first action whatever it does (it is a decision already made).
    """
    kept = list(line)
    for i in range(len(kept) - 2, 0 if keep_first else -1, -1):
        if type(kept[i]) in _STEPS and _plays(world, (*kept[:i], *kept[i + 1:])):
            del kept[i]
    return tuple(kept)


_STEPS: Final = (PlayAccountant, Swap, PlayBrute)


def _plays(world: Game, actions: tuple[Action, ...]) -> bool:
    """True when `actions` can be played one after the other from `world` (a copy plays them)."""
    trial = world.copy()
    for action in actions:
        if action not in trial.legal_actions():
            return False
        trial.apply_legal(action)
    return True


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
    world = sample_world(view, random.Random(0))  # a pass and a plan draw nothing: the stack's order is never read
    passed = world.copy()
    passed.apply_legal(Pass())
    # R8.5, R10.2: unless this pass ends the game, the opponent's pass after it would, scored as the engine does
    if_both_pass = None if passed.is_over else _side(_winner_after_pass(passed), view)
    if plan.taken is None:
        can_refresh = bool(view.legal_actions) and any(type(a) is Refresh for a in view.legal_actions)
        return hints.pass_line(line[:-1], odds, instead=None, can_refresh=can_refresh, if_both_pass=if_both_pass)
    instead = _taken(plan)
    assert instead is not None
    if passed.is_over:  # R8.5 (the opponent passed last) or R9.3 (the last turn of the final round)
        result = passed.result()
        assert result is not None
        return hints.pass_line(line[:-1], odds, instead=instead, lead=lead(view), ends=_side(result.winner, view))
    taken = world.copy()
    for action in plan.actions:
        taken.apply_legal(action)
    # R5.1: the printed 0 the take would remove is the last one on a Street left standing, so only the pass keeps
    # the opponent from refreshing (the engine says whether a refresh is allowed at the start of its turn).
    blocks = (instead.card if not instead.card.value and not passed.counts().can_refresh
              and taken.counts().can_refresh and not _empties(view) else None)
    return hints.pass_line(line[:-1], odds, instead=instead, lead=lead(view), blocks=blocks,
                           empties=_empties(view) and bool(view.draw_stack_size), if_both_pass=if_both_pass)


def _side(winner: int | None, view: SeatView) -> Literal["win", "draw", "loss"]:
    """A game's end from the side of `view`'s seat, given its winner (None: a draw, R11.2)."""
    return "draw" if winner is None else "win" if winner == view.seat else "loss"


def _empties(view: SeatView) -> bool:
    """True when a take would empty the Street, so new cards are dealt before the opponent's turn (R10.1)."""
    return len(view.street) == 1


def _taken(plan: Plan) -> Take | None:
    """The take `plan` ends with, or None for a plan that takes nothing."""
    if plan.taken is None:
        return None
    taken = plan.actions[-1]
    assert type(taken) is Take
    return taken
