"""The exact endgame solver: the seat to move's chance to win under best play by both, once it can be known.

After the first exhaustion nothing is shuffled again (R9.2, R5.4), and with the memory aid both hands
are known (R12.3): what is left hidden is only the order of the unknown part of the draw stack, hidden
from both players (R12.2). A late position is then a stochastic game of perfect information, like a
backgammon bear-off, and `solve` tells its value exactly: an expectimax whose chance nodes are the draws
of a refresh (R5.4: the refreshed card goes under first, and may come straight back) and the deal of an
emptied Street (R10.1), over the distinct ends of each turn (`endgame_rules.turn_ends`). A draw counts
one half (R11.2). It prunes only what cannot change the value: alpha-beta on the chance to win, Star1 at
the chance nodes (Ballard, 1983), a transposition table on the state at the start of each turn, the
bound of a lead that all the points still out cannot overturn, and a pass that ends the game won (R8.5).

It reads only the seat's view with the memory aid, never the stack's true order. Its budget is a count
of turns searched, not a time, so a seed and a view give the same decision on any machine; a position it
cannot finish within the budget gets None, and the search of the level is used as before.

Just outside that reach, most of the work is the many ways to make each take: which cards an Accountant
swaps, which pair pays (R6, R8). With `narrow`, every turn after the one under way makes each take (and
the pass) in its `WAYS` best ways only, those that leave the hand worth most for later turns (`planner.KEEP`),
found without setting every way against the others (`endgame_rules.best_take`); the turn under way still has
all its ways. That is no proof, but it is the value of a game very near the real one, searched in a fraction
of the turns: on the late positions of two fresh sets and the reach table whose exact value is known, it gave
that value wherever it finished (docs/ai.md, "Best play, narrowed").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Final, NamedTuple

from famiglia.engine import CARDS, Action, Pass, Refresh, SeatView, Step, Take

from .endgame_draws import draws, refreshed
from .endgame_rules import (
    FRESH,
    KINDS,
    POINTS,
    End,
    Progress,
    TooMuch,
    accountant_step,
    best_take,
    many_ways,
    outcome,
    points,
    ranked,
    still_out,
    take_ends,
    turn_ends,
    useful,
)
from .planner import KEEP

__all__ = ["BUDGET", "HEAVY", "KNOWN", "NARROWED", "NEAR", "NEAR_UNKNOWN", "REACH", "TRY", "WAYS", "Solution", "State",
           "budget_for", "ends_soon", "late_solution", "late_value", "solve", "state_of", "value_of"]

# Budgets, in turns searched (a count, so a seed and a view give one decision on any machine; docs/ai.md,
# "The endgame solver", has their times). REACH: the safety net for a position that `ends_soon`, which the solver
# finishes well within it (every one met in seeded games, in under 0.1 s). TRY: how far a later position outside
# that is pushed before the level's search takes over (some 0.1 s).
REACH: Final = 20_000
TRY: Final = 2_000
# A later position with few cards of unknown place is often just outside the try, and there the search's chance
# errs most (a position won whatever falls told 10-30%; docs/ai.md, "The chance against the solver"). Of the late
# positions of greedy's games (seed 1000) the try missed and ten times the yardstick solved, every one with at most
# NEAR_UNKNOWN such cards but one needed NEAR turns or fewer (about 1 s).
NEAR: Final = 50_000
NEAR_UNKNOWN: Final = 9
# Unless both seats can make the Accountant's step in more than HEAVY ways (R6: up to four swaps with a long play
# area): then each turn has hundreds of ends, and of such positions met none finished within twice NEAR.
HEAVY: Final = 200
# A stack of known cards only: no chance node is left, but refreshes of a 1 (one card under, one drawn) go on long.
KNOWN: Final = 100_000
# The narrowed search's ways to make each later take (the best by `planner.KEEP`): with one, three late positions
# of a fresh set were off by 41 points (the second way was best play's); with two, none it finished of four such
# sets and the reach table was off (docs/ai.md, "Best play, narrowed").
WAYS: Final = 2
# The narrowed search's budget, in times the exact one's: its turns weigh more with two ways (docs/ai.md, "Best
# play, narrowed"). More finishes more, but a position it does not finish costs the whole budget.
NARROWED: Final = 2.0
BUDGET: Final = 20_000  # the yardstick of the benchmarks: 0.5-1 s of one core
WORK: Final = 16  # the work (a take tried in finding a turn's ends, `endgame_rules.turn_ends`) that counts as one turn
LOOK: Final = 4  # the work of looking at a position and at the end that leads there: about four takes tried
_VALUE: Final = tuple(c.value for c in CARDS)

Kinds = tuple[int, ...]


class State(NamedTuple):
    """A position at the start of a turn, or after the turn's refresh (`refreshed`), as counts."""

    hands: tuple[Kinds, Kinds]
    areas: tuple[Kinds, Kinds]
    street: Kinds  # the Street's kinds, sorted
    unknown: Kinds  # the draw stack's cards of unknown place, a count per kind
    known: Kinds  # the stack's known bottom, top first (R5.4)
    exhaustions: int
    passes: int
    to_move: int
    refreshed: bool  # R5.4: this turn's one refresh was made


@dataclass(frozen=True, slots=True)
class Solution:
    """The exact value of a position for the seat to move, and the best turn: `line` from the first action
    on to the take or pass, or to the refresh (`refresh`), whose draw is left to chance."""

    value: float
    line: tuple[Action, ...]
    refresh: Refresh | None
    nodes: int
    narrow: bool = False  # the narrowed search's value (see the module's docstring): near, not proven


class _OutOfBudget(Exception):
    """The position is larger than the budget: no value."""


def state_of(view: SeatView) -> State | None:
    """The solver's state of `view` (the seat to move's, with the memory aid), or None before the first exhaustion."""
    if view.seat is None or view.opponent_hand is None or view.draw_stack_counts is None or view.exhaustions < 1:
        return None
    if view.result is not None or view.discard_pile:
        return None
    unknown = Counter(view.draw_stack_counts)
    unknown.subtract(view.stack_bottom)
    hands = [_counts(view.hand), _counts(view.opponent_hand)]
    if view.seat == 1:
        hands.reverse()
    return State((hands[0], hands[1]), (_counts(view.play_areas[0]), _counts(view.play_areas[1])),
                 tuple(sorted(s.card.index for s in view.street)),
                 tuple(unknown[c] for c in CARDS), tuple(c.index for c in view.stack_bottom),
                 view.exhaustions, view.passes, view.to_move, view.late_refresh)


def ends_soon(state: State) -> bool:
    """Whether no refresh or deal can come without ending the game: the solver's sure reach.

    So it is once the second exhaustion happened (the game ends with the round, R9.3), and when every
    refresh the Street allows would empty the stack (R5.2, R5.4, R9.1: the refreshed card goes under and
    as many cards as its value are drawn) and so would the deal of an emptied Street (R10.1). Then each
    turn only takes or passes until the stack empties, and a take only raises the Street's lowest value,
    so this stays true to the end. A stack of known cards alone (R5.4) is not enough: its refreshes may
    go on for many turns without emptying it.
    """
    if state.exhaustions >= 2:
        return True
    size = sum(state.unknown) + len(state.known)
    return size <= 6 and all(_VALUE[c] > size for c in state.street if _VALUE[c])


def budget_for(state: State) -> int:
    """The turns the solver may search for `state`: the safety net where it surely reaches; where the stack
    holds only known cards (R5.4 put them under), enough for most such positions met, as nothing is left to
    chance and the only question is who wins; with few cards of unknown place, more than a try, unless both
    seats have many ways to make each turn; else a try."""
    if ends_soon(state):
        return REACH
    if not any(state.unknown):
        return KNOWN
    return TRY if sum(state.unknown) > NEAR_UNKNOWN or all(  # the ways counted only where they decide
        many_ways(state.hands[p], state.areas[p], _useful(state), HEAVY) for p in (0, 1)) else NEAR


def _counts(cards: Sequence[object]) -> Kinds:
    found = Counter(cards)
    return tuple(found[c] for c in CARDS)


def solve(view: SeatView, *, budget: int | None = None, narrow: bool = False) -> Solution | None:
    """The exact value of `view` for the seat to move and the best turn, or None outside the solver's reach.

    `budget`: turns searched before giving up; by default `budget_for` the position (`NARROWED` times that with
    `narrow`). `narrow`: the narrowed search of the module's docstring, whose value is near, not proven."""
    found = _search(view, None, budget, narrow)
    if found is None:
        return None
    value, line, nodes = found
    refresh = line[0] if type(line[0]) is Refresh else None
    return Solution(value, line, refresh, nodes, narrow)


def value_of(view: SeatView, action: Action, *, budget: int | None = None, narrow: bool = False) -> float | None:
    """The exact value for the seat to move of playing `action` (one of the view's) and best play after it
    (with `narrow`, as `solve` narrowed)."""
    found = _search(view, action, budget, narrow)
    return found[0] if found is not None else None


def late_solution(view: SeatView) -> Solution | None:
    """What the levels know of a late position: the exact solution where the exact search finishes within
    `budget_for`, else the narrowed one where that finishes; None where neither does.

    The narrowed search goes first: its tree is part of the exact one's, and it finished every late position of
    the reach table the exact one finished (docs/ai.md). So where it does not finish, the exact search is not
    tried, and a position out of reach costs one search, not two."""
    narrowed = solve(view, narrow=True)
    return (solve(view) or narrowed) if narrowed is not None else None


def late_value(view: SeatView, action: Action) -> float | None:
    """The value of `action` played from `view` and best play after it, by the search that gave `late_solution`:
    for the move it advises, the solution's own; for another, the exact search's where the solution is exact (the
    narrowed one's where that does not finish the move), else the narrowed one's. None where there is no solution:
    a position out of reach has each of its moves rated as its best one is, by the level's search, so a move
    played and the move advised are measured alike (the analysis, the hint)."""
    solution = late_solution(view)
    if solution is None:
        return None
    if _same(solution.line[0], action):
        return solution.value
    exact = None if solution.narrow else value_of(view, action)
    return exact if exact is not None else value_of(view, action, narrow=True)


def _search(view: SeatView, only: Action | None, budget: int | None,
            narrow: bool) -> tuple[float, tuple[Action, ...], int] | None:
    """The value, the line and the turns searched of `view` (or of `only` played first), or None out of reach."""
    state = state_of(view)
    if state is None or not view.my_turn:
        return None
    if budget is None:
        budget = round(budget_for(state) * (NARROWED if narrow else 1))
    return _searched(view.start_player, state, _progress(view, state), view.can_refresh, only, budget, narrow)


@lru_cache(maxsize=64)
def _searched(start_player: int, state: State, progress: Progress, can_refresh: bool, only: Action | None,
              budget: int, narrow: bool) -> tuple[float, tuple[Action, ...], int] | None:
    """`_search` from the position as the solver sees it: kept, as the hint, the computer's move and the analysis
    ask for one position again and again, and a search is a function of these alone."""
    solver = Solver(start_player, budget, narrow=narrow)
    try:
        value, line = solver.root(state, progress, can_refresh, only=only)
    except _OutOfBudget:
        return None
    return round(value, 12), line, solver.nodes


def _progress(view: SeatView, state: State) -> Progress:
    """What the rest of the turn under way may still do, from the view's record of it (R4, R6.3, R7.3)."""
    if view.step is Step.REFRESH:
        return FRESH
    hand, area = state.hands[view.to_move], state.areas[view.to_move]
    if view.step is Step.ACCOUNTANT:
        locked_area, locked_hand = _counts(view.locked_play_area), _counts(view.locked_hand)
        return Progress(False, view.swaps_left, tuple(a - b for a, b in zip(area, locked_area, strict=True)),
                        tuple(a - b for a, b in zip(hand, locked_hand, strict=True)), True, -1, 0)
    assert view.reduced is not None
    lowered = view.street[view.reduced]
    return Progress(False, 0, (), (), False, lowered.card.index, lowered.card.value - lowered.effective)


class Solver:
    """One search: its transposition table, its count of turns searched and its budget; `narrow`, the turns
    after the root's each make a take in its `WAYS` best ways only (see the module's docstring)."""

    def __init__(self, start_player: int, budget: int, *, narrow: bool = False) -> None:
        self.start_player = start_player
        self.budget = budget
        self.narrow = narrow
        self.turns = 0
        self.work = 0  # the takes tried and ends compared in finding turns' ends, and the positions looked at
        self.table: dict[tuple[object, ...], tuple[float, float]] = {}
        self.known_ends: dict[tuple[object, ...], list[End]] = {}
        self.steps: dict[tuple[object, ...], list[tuple[Kinds, Kinds]]] = {}
        self.ranked: dict[tuple[object, ...], list[tuple[float, Kinds, Kinds]]] = {}  # the steps, for `narrow`
        self.groups: dict[tuple[object, ...], list[End]] = {}

    def ends(self, s: State, mover: int) -> list[End]:
        """The mover's distinct ends of a fresh turn, best takes first, counted in the budget.

        A seat meets the same hand, play area and Street again and again under different tables of the
        other seat's, and the same hand and play area under many Streets: the Accountant's step is found once
        a search for each hand and play area, each card's takes once for each, and a turn's ends once; found
        before, they count as no work."""
        last = self._last(s)
        useful_now = _useful(s)
        hand, area = s.hands[mover], s.areas[mover]
        key = (hand, area, s.street, useful_now, last)
        known = self.known_ends.get(key)
        if known is not None:
            self._spend(0)
            return known
        work = 0
        ends: list[End] = []
        try:
            steps = self.steps.get((hand, area, useful_now))
            if steps is None:
                # Each way is tried with the pass and each card of the Street, one unit of work at least: more ways
                # than that leaves room for are out of the budget, found before they are all listed.
                steps = self.steps[hand, area, useful_now] = accountant_step(
                    hand, area, useful_now, limit=self._left() // (1 + len(set(s.street))))
                work += len(steps)
            narrow = self.narrow and not last
            if narrow and (hand, area, useful_now) not in self.ranked:
                self.ranked[hand, area, useful_now] = ranked(steps, KEEP)
            for c in (-1, *sorted(set(s.street))):
                group = self.groups.get((hand, area, useful_now, last, c))
                if group is None:
                    if narrow:
                        group, done = best_take(self.ranked[hand, area, useful_now], c, KEEP, useful_now, ways=WAYS,
                                                limit=self._left() - work)
                    else:
                        group, done = take_ends(steps, c, useful_now, last=last, limit=self._left() - work)
                    self.groups[hand, area, useful_now, last, c] = group
                    work += done
                ends.extend(group)
        except TooMuch:
            raise _OutOfBudget from None
        known = self.known_ends[key] = _ordered(ends)
        self._spend(work)
        return known

    def _counted(self, hand: Kinds, area: Kinds, street: Kinds, progress: Progress, useful_now: tuple[bool, ...],
                 *, last: bool = False, actions: bool = False) -> list[End]:
        """`turn_ends`, within what is left of the budget and counted in it."""
        try:
            ends, work = turn_ends(hand, area, street, progress, useful_now, last=last, actions=actions,
                                   limit=self._left())
        except TooMuch:
            raise _OutOfBudget from None
        self._spend(work)
        return ends

    def _left(self) -> int:
        """The work left in the budget."""
        return (self.budget - self.nodes) * WORK

    @property
    def nodes(self) -> int:
        """The turns searched so far, each `WORK` of the work done counted as one more."""
        return self.turns + self.work // WORK

    def _spend(self, work: int) -> None:
        """One turn searched, with `work` more done; past the budget, no value."""
        self.turns += 1
        self.work += work
        if self.nodes > self.budget:
            raise _OutOfBudget

    def root(self, s: State, progress: Progress, can_refresh: bool, *,
             only: Action | None = None) -> tuple[float, tuple[Action, ...]]:
        """The best value of the turn under way and the line to it (or the value of `only` played first)."""
        if type(only) is Pass and s.passes:  # R8.5: the game ends, whatever the turn's swaps left in the hand
            return self.after(s, End(s.hands[s.to_move], s.areas[s.to_move], -1, ()), 0.0, 1.0), (only,)
        options: list[tuple[tuple[Action, ...], Callable[[float, float], float]]] = []
        ends = self._counted(s.hands[s.to_move], s.areas[s.to_move], s.street, progress, _useful(s), actions=True)
        for end in _ordered(ends):
            options.append((end.actions, partial(self.after, s, end)))
        if can_refresh:
            for c in sorted(set(s.street)):
                options.append(((Refresh(CARDS[c]),), partial(self.refresh, s, c)))
        if only is not None:
            options = [o for o in options if _same(o[0][0], only)]
            if not options:
                raise _OutOfBudget  # a line the solver does not list first (a step of the turn): the search rates it
            return max(value(0.0, 1.0) for _, value in options), options[0][0]
        best, line = -1.0, options[0][0]
        for actions, value in options:
            v = value(max(best, 0.0), 1.0)
            if v > best:
                best, line = v, actions
            if best >= 1.0:
                break
        return best, line

    def turn(self, s: State, alpha: float, beta: float) -> float:
        """The value of `s` for its seat to move, within (alpha, beta) (fail-soft: outside it, a bound)."""
        mover = s.to_move
        self.work += LOOK  # counted even where a bound or the table answers: under a long Street most do
        out = still_out(s.street, s.unknown, s.known)
        lead = _lead(s.hands, s.areas, mover)
        if lead > out:  # no card left can overturn it
            return 1.0
        if -lead > out:
            return 0.0
        key = s  # the whole state: the seat to move and whether it refreshed are part of it
        low, high = self.table.get(key, (0.0, 1.0))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        start = alpha
        best = 0.0
        if s.passes:  # R8.5: a pass after the other seat's ends the game, so its value is known at once
            best, alpha = self._better(best, alpha, self.after(s, End(s.hands[mover], s.areas[mover], -1, ()),
                                                                alpha, beta))
            if alpha >= beta:  # won by passing: no need to find the turn's ends
                self.table[key] = (best, high)
                return best
        ends = self.ends(s, mover)
        refreshes = sorted(set(s.street)) if _may_refresh(s) else []
        for end in ends:
            if end.taken < 0 and refreshes:  # the refreshes before the passes: they may still take something
                break
            best, alpha = self._better(best, alpha, self.after(s, end, alpha, beta))
            if alpha >= beta:
                break
        else:
            ends = []
        if alpha < beta:
            for c in refreshes:
                best, alpha = self._better(best, alpha, self.refresh(s, c, alpha, beta))
                if alpha >= beta:
                    break
        for end in (e for e in ends if e.taken < 0 and alpha < beta):
            best, alpha = self._better(best, alpha, self.after(s, end, alpha, beta))
        self.table[key] = (best if best >= beta else low, best if best <= start else high) if not (
            start < best < beta) else (best, best)
        return best

    def _last(self, s: State) -> bool:
        """The game ends after this turn whatever it does (R9.3): only what it takes matters."""
        return s.exhaustions >= 2 and s.to_move != self.start_player

    @staticmethod
    def _better(best: float, alpha: float, v: float) -> tuple[float, float]:
        return max(best, v), max(alpha, v)

    def refresh(self, s: State, c: int, alpha: float, beta: float) -> float:
        """The mover's value of refreshing kind `c`: it goes under the stack, then its value in cards is drawn
        (R5.4)."""
        options = [(chance, State(s.hands, s.areas, street, unknown, known, s.exhaustions + emptied, s.passes,
                                  s.to_move, True))
                   for chance, street, unknown, known, emptied in refreshed(s.street, c, s.unknown, s.known)]
        return _chance(options, alpha, beta, self.turn)

    def after(self, s: State, end: End, alpha: float, beta: float) -> float:
        """The mover's value once its turn ends as `end`: the game's end, or the opponent's turn (after a deal)."""
        mover = s.to_move
        hands = (end.hand, s.hands[1]) if mover == 0 else (s.hands[0], end.hand)
        areas = (end.area, s.areas[1]) if mover == 0 else (s.areas[0], end.area)
        passes = s.passes + 1 if end.taken < 0 else 0
        if passes >= 2 or (s.exhaustions >= 2 and mover != self.start_player):  # R8.5, R9.3
            lead = _lead(hands, areas, mover)
            if lead:
                return 1.0 if lead > 0 else 0.0
            held = [tuple(h + a for h, a in zip(hands[p], areas[p], strict=True)) for p in (0, 1)]
            return outcome((held[0], held[1]), mover)  # R11.2
        street = list(s.street)
        if end.taken >= 0:
            street.remove(end.taken)
        nxt = State(hands, areas, tuple(street), s.unknown, s.known, s.exhaustions, passes, 1 - mover, False)
        if street or s.exhaustions >= 2:
            return 1.0 - self.turn(nxt, 1.0 - beta, 1.0 - alpha)
        options = [(chance, nxt._replace(street=drawn, unknown=unknown, known=known,
                                         exhaustions=s.exhaustions + emptied))
                   for chance, drawn, unknown, known, emptied in draws(s.unknown, s.known, 6)]  # R10.1
        return 1.0 - _chance(options, 1.0 - beta, 1.0 - alpha, self.turn)


def _same(first: Action, action: Action) -> bool:
    """The same first action: a take is the same whichever card it keeps, as the pair paid decides where it ends."""
    if type(first) is Take and type(action) is Take:
        return first.card is action.card and first.pay is action.pay
    return first == action


def _lead(hands: tuple[Kinds, Kinds], areas: tuple[Kinds, Kinds], mover: int) -> int:
    """The mover's victory points less the other seat's, hand and play area alike (R11.1)."""
    return points(hands[mover]) + points(areas[mover]) - points(hands[1 - mover]) - points(areas[1 - mover])


def _useful(s: State) -> tuple[bool, ...]:
    return useful(s.street, s.unknown, s.known)


def _may_refresh(s: State) -> bool:
    """R5.1, R5.4, R5.6: one refresh a turn after the first exhaustion, none after the second or with a 0 out."""
    return not s.refreshed and s.exhaustions == 1 and bool(s.street) and all(_VALUE[c] for c in s.street)


def _ordered(ends: list[End]) -> list[End]:
    """The most valuable takes first, the passes last: the best end is likely early, so more is pruned."""
    return sorted(ends, key=lambda e: -POINTS[e.taken] if e.taken >= 0 else 1)


def _chance(options: list[tuple[float, State]], alpha: float, beta: float,
            value: Callable[[State, float, float], float]) -> float:
    """The mean of `value` over the draws, pruned by Star1: each draw is searched only within the window in
    which it can still move the mean across (alpha, beta), and a mean that cannot is cut off as a bound."""
    total, left = 0.0, 1.0
    for chance, state in options:
        left -= chance
        low = (alpha - total - left) / chance
        high = (beta - total) / chance
        total += chance * value(state, max(0.0, low), min(1.0, high))
        if total + left <= alpha:
            return total + max(left, 0.0)
        if total >= beta:
            return total
    return total


assert KINDS == 20
