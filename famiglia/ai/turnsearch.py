"""The turn search: every way to finish the turn rated by playouts in the same sampled worlds (levels normal, hard).

GNU Backgammon rates each candidate move by evaluating the position after it, all with one evaluator.
A turn of Famiglia is its refreshes, which draw cards nobody knows yet (R5.2), then at most an
Accountant and its swaps (R6), a Brute (R7) and a take or a pass (R8), which draw nothing (save the
deal of an emptied Street between the turns, R10.1). So a candidate here is the whole rest of the
turn: a *plan* the planner finds (`planner.plans`: one per card it can take, for each choice of
Accountant and Brute), a pass, or a refresh, whose cards are drawn in each world and whose turn the
playout then finishes as well as it can see (`_finish_turn`).

Every candidate is played out in the same worlds (common random numbers: the same orders of the
draw stack and the same playout seeds, `determinization.common_worlds`), so the difference between
two candidates is not the luck of their samples. The worlds are seeded from what the view knows of
the draw stack and nothing else, and the steps of a plan draw nothing: after the advised Accountant,
swap or Brute the rest of the plan meets the very same worlds and playouts, so the chance after the
step is the chance before it. Successive halving spends the budget where it decides: every
candidate is played out in the first `screen` worlds, the `finalists` best in all `worlds`.

The chance a player is told is the best candidate's mean chance to win (a draw is no win, R11.2),
calibrated for the level's opponent (`evaluation.calibrated`); the choice is the candidate with the
best chance (ties go to the search's value, which counts a draw as a little less than half a win
and the score margin a little). A level is a number of worlds, never a time: a seed and a view give
the same decision on any machine.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Final

from famiglia.engine import CARDS, Action, Card, Game, Pass, Refresh, SeatView, Take
from famiglia.phrasebook.chances import against

from .advice import Advice, Estimate, certain_words, open_after_refresh, winning_pass, words
from .base import Player, check_view, legal
from .determinization import World, common_worlds, sample_world
from .endgame import late_value
from .evaluation import beta_map, calibrated, fitted_chance, late_calibration, waiting
from .exact import endgame_advice
from .leaves import ExactLeaves
from .planner import TurnState, best_plan, plans
from .playout import PlayoutPolicy, emptying_refresh, finished

__all__ = ["LEVELS", "REFERENCE_LEVELS", "Candidate", "Rating", "TurnSearch", "TurnSettings", "played_mean"]

Candidate = tuple[Action, ...]  # the rest of a turn: a plan ending with a take or a pass, or one refresh
_POINTS: Final = tuple(c.points for c in CARDS)


@dataclass(frozen=True, slots=True)
class TurnSettings:
    """A level of the turn search: how many worlds rate the candidates, and how the playouts go.

    `screen`: the worlds every candidate is played out in; `worlds`: the worlds of the `finalists`
    (the first `screen` of them the same). `contempt`: how much less than ½ a drawn game is worth to
    the search's value (a tie-break only: the choice is by the chance to win). `draws`: the draws a
    finalist refresh's chance is the mean of the search's own chance over (`TurnSearch.refresh_rating`),
    at a position with fewer than `deep` refreshes made this turn (later ones keep their playouts' rating).
    """

    screen: int = 48
    worlds: int = 320
    finalists: int = 2
    policy: PlayoutPolicy = field(default_factory=lambda: PlayoutPolicy(evaluation="fitted"))
    contempt: float = 0.15
    draws: int = 3
    deep: int = 1
    endgame: bool = False  # where the exact solver reaches (`endgame.solve`), play and tell its answer


LEVELS: Final = {  # normal: a 50-turn game analysed in a minute of one core; hard: about 1.5 s a decision (docs/ai.md)
    "easy": TurnSettings(screen=8, worlds=48, draws=0),  # the chance against easy; easy itself plays the beginner
    "normal": TurnSettings(screen=12, worlds=64, draws=1, endgame=True,
                           policy=PlayoutPolicy(turns=8, evaluation="fitted", ends=True)),
    "hard": TurnSettings(screen=48, worlds=480, finalists=3, draws=1, endgame=True,
                         policy=PlayoutPolicy(turns=16, evaluation="fitted", ends=True)),
}
# `normal` as it was before it knew the endgame, fixed, to measure the level against (docs/ai.md, "Strength").
REFERENCE_LEVELS: Final = {
    "normal-3": TurnSettings(screen=12, worlds=64, draws=1, policy=PlayoutPolicy(turns=8, evaluation="fitted")),
}


@dataclass(frozen=True, slots=True)
class Rating:
    """One candidate played out in the first `worlds` worlds: its mean chance to win and the search's mean value."""

    candidate: Candidate
    worlds: int
    chance: float
    value: float
    exact: int = 0  # of the worlds, those the exact solver valued (`leaves`): in all of them, the chance is exact
    exact_chance: float = 0.0  # the sum of the chances to win in those worlds


Map = tuple[float, float, float]  # a, b, c of `evaluation.beta_map`


def played_mean(rating: Rating) -> tuple[int, float]:
    """The worlds of `rating` the playouts told, and their mean (the others the exact solver valued)."""
    played = rating.worlds - rating.exact
    return played, (rating.chance * rating.worlds - rating.exact_chance) / played if played else 0.0


class TurnSearch(Player):
    """The turn search at a level (`player("normal")`), or with settings of its own (level "custom")."""

    def __init__(self, seed: int | str | None = None, *, settings: TurnSettings, level: str = "custom",
                 calibration: str | None = None) -> None:
        super().__init__(level, seed)
        self.settings = settings
        self.calibration = calibration if calibration is not None else level if level in LEVELS else None
        self.leaves = ExactLeaves()
        # The seat the level's computer sits at, where the chances are a person's against it (the analysis of a
        # game against the computer): its seat's chances are one less the person's (`evaluation.waiting`).
        self.computer: int | None = None
        # A game of two people at a level whose chances are each against its computer (easy, hard): the seat that
        # waits is told its chance too, as a follower's while the other moves (`Advice.other`, `evaluation.waiting`).
        self.both = False

    def choose_with_reason(self, view: SeatView) -> tuple[Action, str]:
        advice = self.advise(view)
        return advice.action, advice.words

    def advise(self, view: SeatView, *, raw: bool = False) -> Advice:
        """The advice for `view` (see `Advice`); `raw` leaves the chances uncalibrated, to fit the calibration."""
        check_view(view)
        if view.opponent_hand is None or view.draw_stack_counts is None:
            raise ValueError("the search player needs the view with the memory aid: game.view(seat, memory=True)")
        if winning_pass(view):
            action = legal(view, Pass())
            return Advice(action, (action,), 1.0, certain_words(view), certain=True,
                          estimates=(Estimate(action, 1.0, 0, (action,)),), level=self.level)
        if self.settings.endgame:
            solved = endgame_advice(view, self.level)
            if solved is not None:
                return solved
        ratings = self.rate(view, candidates(view))
        late = self.late(view)
        told = (lambda r: r.chance) if raw else partial(self.told, seat=view.to_move, late=late)
        best = ratings[0]
        action = legal(view, best.candidate[0])
        estimates = tuple(Estimate(legal(view, r.candidate[0]), told(r), r.worlds, r.candidate) for r in ratings)
        chance = told(best)
        whom = against(self.calibration) if self.calibration is not None and not raw else ""
        other = self.waiting_told(best, late=late) if self.both and not raw else None
        if type(action) is Refresh:
            line = (action, *open_after_refresh(view, action))
            return Advice(action, line, chance, words(view, line, action, chance, whom), after_refresh=action,
                          estimates=estimates, level=self.level, other=other)
        return Advice(action, best.candidate, chance, words(view, best.candidate, None, chance, whom),
                      estimates=estimates, level=self.level, other=other)

    def told(self, rating: Rating, *, seat: int | None = None, moving: bool = True,
             late: Map | None = None) -> float:
        """The chance a player is told for `rating`: its mean, calibrated for the level's opponent, where the
        playouts tell it. The worlds the exact solver valued keep their values (no calibration on top of an
        exact value): the calibration corrects what the playouts miss, and they were not played there.

        `seat` is whose chance it is, to move (`moving`) or not; it matters only where a seat is the computer's
        (`computer`): the person's chance is then told as the level's calibration has it on their turns and
        on the computer's (`evaluation.waiting`), and the computer's as one less it. A late position
        (`late`, the map of `evaluation.late_calibration`) is told as under best play, the same for either."""
        played, mean = played_mean(rating)
        if self.calibration is None or played == 0:
            return rating.chance
        return (rating.exact_chance + played * self._calibrated(mean, seat, moving, late)) / rating.worlds

    def waiting_told(self, rating: Rating, *, late: Map | None = None) -> float:
        """The chance of the seat that waits, for the mover's `rating`: as a follower's while the level's computer
        moves (`evaluation.waiting`), the worlds the exact solver valued at their values."""
        played, mean = played_mean(rating)
        if self.calibration is None or played == 0:
            return 1.0 - rating.chance
        chance = 1.0 - beta_map(mean, *late) if late is not None else waiting(1.0 - mean, self.calibration)
        return (rating.exact - rating.exact_chance + played * chance) / rating.worlds

    def late(self, view: SeatView) -> Map | None:
        """The late positions' map of the level's chances (`evaluation.late_calibration`) if `view` is one and
        the level's search has the solver: it is fitted on that search's means, where the solver did not reach."""
        if self.calibration is None or not self.settings.endgame:
            return None
        return late_calibration(view, self.calibration)

    def _calibrated(self, mean: float, seat: int | None, moving: bool, late: Map | None) -> float:
        if late is not None:
            return beta_map(mean, *late) if moving else 1.0 - beta_map(1.0 - mean, *late)
        key = self.calibration
        assert key is not None
        if self.computer is None or seat is None:
            return calibrated(mean, key)
        if seat != self.computer:
            return calibrated(mean, key) if moving else waiting(mean, key)
        return 1.0 - waiting(1.0 - mean, key) if moving else 1.0 - calibrated(1.0 - mean, key)

    def chance_of(self, view: SeatView, action: Action) -> float:
        """The chance the search gives `action` played from `view`, as told: what the analysis rates a decision by.

        A take, a pass or a refresh is a candidate of its own, played out in all the worlds (those of the
        advised candidate); any other step (an Accountant, a swap, a Brute) leads to a position of the same
        turn, whose chance is the search's advice there.
        """
        check_view(view)
        action = legal(view, action)
        if type(action) is Pass and winning_pass(view):
            return 1.0
        if type(action) is Take or type(action) is Pass or type(action) is Refresh:
            solved = late_value(view, action) if self.settings.endgame else None  # as `advise` tells it
            if solved is not None:
                return solved
            worlds = common_worlds(view, self.seed, self.settings.worlds)
            rating = self._rating((action,), worlds, view.to_move, self._draw(view))
            if type(action) is Refresh and view.refreshes < self.settings.deep and self.settings.draws > 0:
                rating = self.refresh_rating(view, rating, worlds)
            return self.told(rating, seat=view.to_move, late=self.late(view))
        return self.advise(after(view, action)).chance

    def standing(self, view: SeatView, seat: int) -> float:
        """`seat`'s chance in `view` as told, the seat to move's turn played by the playouts: how a take is rated.

        A take that empties the Street is rated over the new Streets its worlds deal (R10.1); this is the
        same rating once the new Street is known, so that the deal's luck is measured against it. In a late
        position (`late`) the seat that waits has what the mover's chance leaves, as under best play, where a
        drawn game counts one half for each (R11.2) and a playout's draw is no seat's win.
        """
        late = self.late(view)
        if late is not None and seat != view.to_move:
            return 1.0 - self.standing(view, view.to_move)
        worlds = common_worlds(view, self.seed, self.settings.worlds)
        return self.told(self._rating((), worlds, seat, 0.5 - self.settings.contempt if seat == 0 else
                                      0.5 + self.settings.contempt), seat=seat, moving=seat == view.to_move,
                         late=late)

    def rate(self, view: SeatView, found: Sequence[Candidate]) -> list[Rating]:
        """`found` rated by successive halving, best first: all in `screen` worlds, the finalists in all of them."""
        settings = self.settings
        assert view.seat is not None
        seat, draw = view.seat, self._draw(view)
        worlds = common_worlds(view, self.seed, settings.worlds)
        order = {c: i for i, c in enumerate(found)}
        screened = sorted((self._rating(c, worlds[: settings.screen], seat, draw) for c in found),
                          key=lambda r: _rank(r, order))
        finalists = screened[: settings.finalists]
        other = next((r for r in screened if r.candidate[0] != screened[0].candidate[0]), None)
        if other is not None and all(r.candidate[0] == screened[0].candidate[0] for r in finalists):
            finalists.append(other)  # the best other first action is measured as well as the best: it is "best instead"
        deep = view.refreshes < settings.deep and settings.draws > 0
        refresh = next((r for r in screened if type(r.candidate[0]) is Refresh), None)
        if deep and refresh is not None and refresh not in finalists:
            finalists.append(refresh)  # the refreshes' playouts see less than the search will: look closer (below)
        chosen = {r.candidate for r in finalists}

        def in_all(r: Rating) -> Rating:
            return self.refresh_rating(view, r, worlds) if deep and type(r.candidate[0]) is Refresh \
                else self._extend(r, worlds, seat, draw)

        full = [in_all(r) for r in finalists]
        rest = [r for r in screened if r.candidate not in chosen]
        # A candidate left out after the screen is not beaten by one it was never measured against: while the best
        # of the rest was rated better in the screen's worlds than the best finalist is in all of them, it is rated
        # in all of them too. So a step of the advised plan that draws nothing finds the rest of the plan chosen
        # again at the same chance, even where new candidates screened better by luck (one estimate a position).
        for _ in range(settings.finalists):
            best = min(full, key=lambda r: _rank(r, order))
            if not rest or _rank(rest[0], order) >= _rank(best, order):
                break
            full.append(in_all(rest.pop(0)))
        return sorted(full, key=lambda r: _rank(r, order)) + rest

    def refresh_rating(self, view: SeatView, rating: Rating, worlds: Sequence[World]) -> Rating:
        """A refresh's chance as the mean of the search's own chance over the cards it may draw (R5.2).

        Its playouts finish the turn after the draw as `proxy` guesses the search would, which is often
        right and sometimes some points worse: rated so alone, a refresh looks worse than the chance the
        search then tells, and its luck comes out positive. So the playouts' mean over all the worlds is
        corrected by how much better the search's own choice is than the guess, measured after the
        first `draws` worlds' cards by the search itself (the guess rated in the same worlds): the
        correction is 0 wherever the guess is the search's choice. Unbiased either way, as GNU
        Backgammon's luck is: the chance before the cards is the mean of the chances after them.
        """
        seat, draw = view.to_move, self._draw(view)
        full = self._extend(rating, worlds, seat, draw)
        gains = []
        for world, _ in worlds[: self.settings.draws]:
            game = world.copy()
            game.apply_legal(rating.candidate[0])
            after_view = game.view(seat, memory=True)
            if winning_pass(after_view):
                gains.append(1.0 - self._rating_of(after_view, proxy(after_view, self.settings.policy.ends)))
                continue
            ratings = self.rate(after_view, candidates(after_view))
            guess = proxy(after_view, self.settings.policy.ends)
            rated = next((r for r in ratings if r.candidate == guess and r.worlds == ratings[0].worlds), None)
            guessed = rated.chance if rated is not None else self._rating_of(after_view, guess)
            gains.append(ratings[0].chance - guessed)
        chance = min(1.0, max(0.0, full.chance + sum(gains) / len(gains)))
        exact, exact_chance = (full.exact, full.exact_chance) if chance == full.chance else (0, 0.0)
        return Rating(full.candidate, full.worlds, chance, full.value + chance - full.chance, exact, exact_chance)

    def _rating_of(self, view: SeatView, candidate: Candidate) -> float:
        """`candidate`'s mean chance in all the worlds of `view`."""
        worlds = common_worlds(view, self.seed, self.settings.worlds)
        return self._rating(candidate, worlds, view.to_move, self._draw(view)).chance

    def _draw(self, view: SeatView) -> float:
        """What a drawn game is worth to seat 0 in the search's value (see `TurnSettings.contempt`)."""
        return 0.5 - self.settings.contempt if view.seat == 0 else 0.5 + self.settings.contempt

    def _rating(self, candidate: Candidate, worlds: Sequence[World], seat: int, draw: float) -> Rating:
        chance, value, exact, exact_chance = self._sums(candidate, worlds, seat, draw)
        return Rating(candidate, len(worlds), chance / len(worlds), value / len(worlds), exact, exact_chance)

    def _extend(self, rating: Rating, worlds: Sequence[World], seat: int, draw: float) -> Rating:
        """`rating` played out in the rest of `worlds` too."""
        if rating.worlds >= len(worlds):
            return rating
        chance, value, exact, exact_chance = self._sums(rating.candidate, worlds[rating.worlds:], seat, draw)
        n = len(worlds)
        return Rating(rating.candidate, n, (rating.chance * rating.worlds + chance) / n,
                      (rating.value * rating.worlds + value) / n, rating.exact + exact,
                      rating.exact_chance + exact_chance)

    def _sums(self, candidate: Candidate, worlds: Iterable[World], seat: int,
              draw: float) -> tuple[float, float, int, float]:
        """The sums over `worlds` of `seat`'s chance to win and the search's value, `candidate` played in each,
        how many of the worlds the exact solver valued, and the sum of the chances in those."""
        policy = self.settings.policy
        chances = values = solved_chances = 0.0
        solved = 0
        refresh = bool(candidate) and type(candidate[0]) is Refresh
        guesses: dict[object, Candidate] = {}
        for world, playout_seed in worlds:
            game = world.copy()
            rng = random.Random(playout_seed)
            for action in candidate:
                game.apply_legal(action)
            if refresh:
                _finish_turn(game, guesses, policy.ends)
            elif candidate and type(candidate[-1]) is Pass and _wins_by_passing(game):
                game.apply_legal(_PASS)  # the opponent ends the game it wins, as every level does (R8.5, R10.2)
            exact = None if game.is_over or not self.settings.endgame else self.leaves.value(game)
            if game.is_over:
                value, win0, win1 = finished(game, policy.margin, draw)
            elif exact is not None:
                value = win0 = exact if game.to_move == 0 else 1.0 - exact
                win1 = 1.0 - win0
                solved += 1
                solved_chances += win0 if seat == 0 else win1
            else:
                value, win0, win1 = policy.run(game, rng, _lead(game), draw)
            if seat == 0:
                chances += win0
                values += value
            else:
                chances += win1
                values += 1.0 - value
        return chances, values, solved, solved_chances


def _wins_by_passing(game: Game) -> bool:
    """Whether the seat to move of `game` wins it by passing now, after the other seat's pass (R10.2, R11.2)."""
    if game.is_over or not game.counts().passes:
        return False
    ended = game.copy()
    ended.apply_legal(_PASS)
    result = ended.result()
    return result is not None and result.winner == game.to_move


def candidates(view: SeatView) -> list[Candidate]:
    """The ways to finish the turn from `view`: the planner's plans, a pass, and each refresh allowed (R5.1)."""
    found: dict[Candidate, None] = {}
    for plan in plans(TurnState.from_view(view)):
        found.setdefault(plan.actions, None)
    found.setdefault((Pass(),), None)
    for a in view.legal_actions:
        if type(a) is Refresh:
            found.setdefault((a,), None)
    return list(found)


def after(view: SeatView, action: Action) -> SeatView:
    """The seat's view once `action`, which draws nothing, is played (the stack's order is never read)."""
    world = sample_world(view, random.Random(0))
    world.apply(action)
    return world.view(world.to_move, memory=True)


def _rank(rating: Rating, order: dict[Candidate, int]) -> tuple[float, float, int]:
    return (-rating.chance, -rating.value, order[rating.candidate])


def _lead(game: Game) -> int:
    """Seat 0's lead in victory points (R11.1), which the playout keeps up to date as it takes."""
    counts = game.counts()
    mine = theirs = 0
    for i, p in enumerate(_POINTS):
        if p:
            mine += p * (counts.hand[i] + counts.area[i])
            theirs += p * (counts.opponent_hand[i] + counts.opponent_area[i])
    return mine - theirs if counts.to_move == 0 else theirs - mine


def _finish_turn(game: Game, guesses: dict[object, Candidate], ends: bool = False) -> None:
    """The rest of a turn after a refresh, in one world, as `proxy` would play it from what the seat sees.

    The guess depends on the view alone, and the worlds that drew the same cards show the same view, so
    `guesses` keeps each guess made for one candidate's worlds (some twenty cards can be drawn, R5.2).
    """
    seat = game.to_move
    while not game.is_over and game.to_move == seat:
        view = game.view(seat, memory=True)
        key = _seen(view)
        plan = guesses.get(key)
        if plan is None:
            plan = guesses[key] = proxy(view, ends)
        for action in plan:
            game.apply_legal(action)


def _seen(view: SeatView) -> object:
    """`view` as a key: all it shows, the stack's counts as a tuple (a mapping is not hashable)."""
    counts = view.draw_stack_counts
    assert counts is not None
    return replace(view, draw_stack_counts=None), tuple(sorted((c.index, n) for c, n in counts.items() if n))


def proxy(view: SeatView, ends: bool = False) -> Candidate:
    """A quick guess at the search's choice once a refresh's cards are on the Street, from `view` alone.

    Each plan (and the pass) is judged by the position after it and the opponent's reply by the
    planner (`planner.best_plan`, or its pass that ends a game it leads, R8.5): the fitted evaluation
    there, or in the final round (R9.3), where nothing more is drawn, the result played out. With no take
    within reach, or none that the evaluation prefers to the position as it stands, it refreshes the
    highest card again where allowed (R5.1, R5.3). The stack's order plays no part: the guess is made in
    one world whose unknown cards are in a fixed order.
    """
    seat = view.to_move
    game = Game.from_view(view, _fixed_stack(view), seed=0)
    counts = game.counts()
    found = [p.actions for p in plans(TurnState.from_counts(counts))]
    best = max(((_judge(game, actions, seat, ends), -i, actions) for i, actions in enumerate([*found, (_PASS,)])))
    if counts.can_refresh and (not found or best[0] < _chance_of_seat(game, seat)):
        return (Refresh(max(counts.street, key=lambda c: (c.value, -c.index))),)
    return best[2]


_PASS: Final = Pass()
_TO_THE_END: Final = PlayoutPolicy(turns=0, explore=0.0, evaluation="fitted")


def _fixed_stack(view: SeatView) -> list[Card]:
    """The unknown cards of the stack in a fixed order, the known bottom (R5.4) under them."""
    unknown = Counter(view.draw_stack_counts)
    unknown.subtract(view.stack_bottom)
    return sorted(unknown.elements(), key=lambda c: c.index) + list(view.stack_bottom)


def _judge(game: Game, actions: Candidate, seat: int, ends: bool = False) -> float:
    """`seat`'s chance after `actions` and the opponent's reply by the planner (see `proxy`); with `ends`,
    the opponent's refresh that empties the stack (ending the game with the round, R9.3) is a reply too,
    and the opponent answers with whichever is worse for `seat`."""
    trial = game.copy()
    for action in actions:
        trial.apply_legal(action)
    if trial.is_over or trial.to_move == seat:
        return _chance_of_seat(trial, seat)
    counts = trial.counts()
    ahead = _lead(trial) * (1 if counts.to_move == 0 else -1)
    if counts.passes and ahead > 0:
        replies: list[Candidate] = [(_PASS,)]
    else:
        replies = [best_plan(TurnState.from_counts(counts)).actions]
        last = emptying_refresh(counts) if ends else None
        if last is not None:
            replies.append((last,))
    chances = []
    for reply in replies:
        after_reply = trial.copy()
        for action in reply:
            after_reply.apply_legal(action)
        chances.append(_chance_of_seat(after_reply, seat))
    return min(chances)


def _chance_of_seat(game: Game, seat: int) -> float:
    """`seat`'s chance: the result of a finished game, the final round played out (R9.3), else the evaluation."""
    if not game.is_over and game.counts().exhaustions >= 2:
        game = game.copy()
        _TO_THE_END.run(game, random.Random(0), _lead(game))
    if game.is_over:
        result = game.result()
        assert result is not None
        return 1.0 if result.winner == seat else 0.0
    chance0 = fitted_chance(game)
    return chance0 if seat == 0 else 1.0 - chance0
