"""A game rated decision by decision, with skill and luck apart: the analysis as data.

Like GNU Backgammon's analysed matches, an analysis is a value that the text, the JSON, the graph and
the replay all read. For every decision of both players (each refresh, Accountant, swap, Brute, take
or pass) it holds the chance to win before it (`win_chance` of the position, at the level asked for),
the plan the search advised there, the chance of what was played and of the best alternative, the
loss, and a mark where the loss is large (`MARKS`). Drawing cards is luck, not skill: a refresh's
cards (R5.2), the reshuffle (R9.2) and the deal of an emptied Street (R10.1) move the chance too, and
`Luck` records how much, as the chance after the draw less the chance the action was rated by before.

The coach is the reviewer: every position is rated by the very search the hint asks at that level
(`turnsearch.TurnSearch`), seeded by the position alone, so the hint's advice is the analysis's best
and is never marked, and the chance of a step of the turn (an Accountant, a swap, a Brute) is the
chance of the position it leads to. A take, a pass or a refresh is rated as a candidate of its own in
the worlds of that search (`TurnSearch.chance_of`); a refresh by the mean of the chances after its
cards, so that its luck comes to nothing over many draws. Every estimate is made from the view of the
seat to move with the memory aid (R12.3), never from the order of the draw stack, so an analysis
depends only on the game and the level: `jobs` only spreads the decisions over processes. The
analysis imports the engine only; storing it is `famiglia.persistence.analyses`' business, as plain
data (`Analysis.to_dict`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Final

from famiglia.engine import Action, Game, Pass, Refresh, SeatView, Step, Take, parse_action
from famiglia.levels import DEFAULT_LEVEL
from famiglia.phrasebook.chances import against

from .analysis_fields import MARKS, as_lists, fields, strings, text_list, whole
from .analysis_fields import chance as checked
from .analysis_fields import seed as seed_of
from .estimate import estimator
from .evaluation import adds_up
from .ismcts import FOCUS_VISITS
from .levels import LEVELS
from .turnsearch import TurnSearch
from .workers import spread

__all__ = ["DEFAULT_LEVEL", "MARKS", "VERSION", "Analysis", "Decision", "Luck", "PlayerTotals", "analyse", "mark",
           "played_chance", "shown_change"]

# 6: each player's own chance in a game of two people at easy or hard (`Analysis.second`);
# 5: a person's chance told on the computer's turns too (`evaluation.waiting`); 4: the endgame solver's values;
# 3: marks on the points shown; 2: the turn search's chances, seeded by the position (1: a tree search's)
VERSION: Final = 6


def shown_change(before: float, after: float) -> int:
    """How many points a chance moved from `before` to `after` (0–1 each), as a player reads the two: each in
    whole per cent, then subtracted (39% then 31% is −8, where the exact change may be −7.6).

    Every figure of points the analysis tells (a loss, a draw's luck, the totals, a key moment) is made from
    the chances it shows this way, so that the numbers on the screen add up as a player checks them.
    """
    return round(after * 100) - round(before * 100)


def _points_lost(before: float, played: float, loss: float) -> int:
    """`Decision.points_lost` of a decision with these chances and exact loss."""
    return max(0, -shown_change(before, played)) if loss else 0


def mark(points: int) -> str | None:
    """The word for a loss of `points` points of win chance as shown (`Decision.points_lost`): None below 5,
    then inaccurate, mistake, blunder; so a loss shown as 10 is a mistake."""
    found = None
    for word, threshold in MARKS:
        if points >= round(threshold * 100):
            found = word
    return found


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision: the chances (0–1) of the player who made it, before and after, and the best alternative.

    `move` is its index in the game's list of actions, `turn` the turn it belongs to (from 1). `before` is
    `win_chance` of the position; `best` the action the search would play (the hint's) and `best_chance`
    its chance (equal to `before`); `line` the whole plan of the turn the search advised, in notation;
    `played_chance` the chance of what was played (for a step of the turn, the chance of the position it
    led to). `alternative` is the best action other than the one played (the search's choice, or, if
    that was played, the best candidate that starts otherwise) with its chance. `loss` is how much the
    played action gave away (0 when it was the best); `forced` means it was the only action allowed,
    which is not rated.
    """

    move: int
    turn: int
    player: int
    action: str
    before: float
    best: str
    best_chance: float
    played_chance: float
    alternative: str | None
    alternative_chance: float | None
    loss: float
    mark: str | None
    forced: bool
    line: tuple[str, ...] = ()

    @property
    def points_lost(self) -> int:
        """The loss as the player reads it: the chance before less the chance of what was played, as both are
        shown (`shown_change`); 0 where nothing was lost (the advice, a forced move)."""
        return _points_lost(self.before, self.played_chance, self.loss)


@dataclass(frozen=True, slots=True)
class Luck:
    """Cards drawn after a move: how far they moved the chance of the player whose turn it was (−1 to 1).

    `kind` is "refresh" (R5.2), "deal" (a new Street, R10.1) or, when the draw ran through the stack
    and it was shuffled anew, "reshuffle" (R9.2). `expected` is the chance the search gave the move
    before its cards were seen, `after` the chance once they were.
    """

    move: int
    turn: int
    player: int
    kind: str
    drawn: tuple[str, ...]
    expected: float
    after: float
    swing: float


@dataclass(frozen=True, slots=True)
class PlayerTotals:
    """One player's sums: rated decisions, the total and mean loss, the marks, and the luck of the draws.

    The luck is what this player's own draws gave it (its refreshes, and the deals after its takes), the sum
    of its luck lines, as GNU Backgammon counts each player's own dice: the opponent's draws are the
    opponent's luck. Each draw is measured against the chance its action was rated by before its cards were
    seen, so over many draws a player's luck comes to nothing.
    """

    decisions: int
    rated: int
    error_total: float
    error_rate: float
    inaccurate: int
    mistakes: int
    blunders: int
    luck: float
    luck_refresh: float
    luck_deal: float
    luck_reshuffle: float


@dataclass(frozen=True, slots=True)
class Analysis:
    """A whole game's analysis. `chances` holds player 0's chance to win before every move, then at the end.

    `level` is the search that rated it, whose chances are chances against that level's computer, and
    `against` says so in words ("against the normal computer"); `iterations` is the playouts (worlds)
    behind each chance of a candidate; `seed` is the game's, which the estimates do not use.

    `second` holds player 1's the same way where it is not one less player 0's: in a game of two people rated at
    a level whose computer does not play the hints' own search (easy, hard), each player's chance is their own
    against that computer, on their turns and the other's (`evaluation.waiting`), and two followers of easy's
    hints are each far ahead of the easy computer. Elsewhere it is empty (`chance` reads either).
    """

    version: int
    level: str
    iterations: int
    seed: int | str
    players: tuple[str, str]
    decisions: tuple[Decision, ...]
    luck: tuple[Luck, ...]
    totals: tuple[PlayerTotals, PlayerTotals]
    chances: tuple[float, ...]
    finished: bool
    against: str = ""
    second: tuple[float, ...] = ()

    def chance(self, player: int, k: int) -> float:
        """`player`'s chance before move `k` (at the end, for k the number of moves)."""
        if player == 0:
            return self.chances[k]
        return self.second[k] if self.second else 1.0 - self.chances[k]

    def to_dict(self) -> dict[str, Any]:
        """The analysis as plain JSON-ready data (what is saved beside the game, and `--json`)."""
        data: dict[str, Any] = as_lists(asdict(self))
        data["thresholds"] = {word: threshold for word, threshold in MARKS}
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Analysis:
        """Read `to_dict`'s output back; a `ValueError` (or `KeyError`, `TypeError`) for anything else."""
        if data.get("version") != VERSION:
            raise ValueError(f"an analysis of version {data.get('version')!r}, not {VERSION}")
        decisions = tuple(Decision(**{**fields(Decision, d), "line": tuple(strings(d["line"]))})
                          for d in text_list(data["decisions"]))
        luck = tuple(Luck(**{**fields(Luck, d), "drawn": tuple(strings(d["drawn"]))}) for d in text_list(data["luck"]))
        totals = tuple(PlayerTotals(**fields(PlayerTotals, d)) for d in text_list(data["totals"]))
        if len(totals) != 2:
            raise ValueError("an analysis has totals for two players")
        players = tuple(strings(data["players"]))
        if len(players) != 2:
            raise ValueError("an analysis names two players")
        chances = tuple(checked(c) for c in text_list(data["chances"]))
        second = tuple(checked(c) for c in text_list(data["second"]))
        if second and len(second) != len(chances):
            raise ValueError("an analysis has a chance of each player at every moment, or of the first only")
        for d in decisions:
            for value in (d.before, d.best_chance, d.played_chance, d.loss):
                checked(value)
        if data["level"] not in LEVELS or not isinstance(data["finished"], bool):
            raise ValueError("an analysis has a level and says whether the game is finished")
        return cls(VERSION, data["level"], whole(data["iterations"]), seed_of(data["seed"]),
                   (players[0], players[1]), decisions, luck, (totals[0], totals[1]), chances, data["finished"],
                   str(data["against"]), second)


# -- computing it -------------------------------------------------------------------------------------------------


Moves = Sequence[tuple[int, str]]  # (player, action in notation), in order: a game record's actions


def analyse(start: Mapping[str, Any], seed: int | str, moves: Moves, names: tuple[str, str], *,
            level: str = DEFAULT_LEVEL, jobs: int = 1, progress: Callable[[int], None] | None = None,
            computer: int | None = None) -> Analysis:
    """Analyse the game that starts at position `start` (dealt with `seed`) and plays `moves`.

    `level` is the level whose estimates are used (one of `levels.LEVELS`, by its record's `estimator`); `jobs`
    > 1 spreads the decisions over that many processes, with the same result; `progress(n)` is called as n
    more decisions are done. `computer`: the seat the level's computer played, in a game against it; the
    chances are then the other player's against it on both players' turns (`TurnSearch.computer`), as its
    hints told them. Without it (two people), each seat's chance on its own turn is the one its hint told.
    Raises `ValueError` for an unknown level and `IllegalAction` for a move the rules do not allow.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    game, count = _replay(start, seed, moves, names)
    indexes = list(range(count if game.is_over else count + 1))  # an unfinished game: its position now too
    if jobs <= 1 or len(indexes) < 2:
        rated = []
        for k in indexes:
            rated.append(_rate(start, seed, moves, names, level, k, computer))
            if progress is not None:
                progress(1)
    else:
        found: dict[int, _Rated] = {}
        chunk = max(1, min(8, len(indexes) // (jobs * 3)))
        work = [(dict(start), seed, list(moves), names, level, computer, indexes[i:i + chunk])
                for i in range(0, len(indexes), chunk)]
        for done in spread(_rate_many, work, jobs):  # Ctrl-C stops every worker at once
            for k, r in done:
                found[k] = r
            if progress is not None:
                progress(len(done))
        rated = [found[k] for k in indexes]
    return _assemble(start, seed, moves, names, level, rated)


@dataclass(frozen=True, slots=True)
class _Rated:
    """What the search of one moment gives: the chance before (of the seat to move), the advised action and
    line, the played action's chance (None for a step of the turn: it is the next moment's chance), the best
    other action and its chance, whether it was forced, and for a take that dealt a new Street, the take's
    chance once the new Street is known (R10.1)."""

    before: float
    best: str
    line: tuple[str, ...]
    played: float | None
    alternative: str | None
    alternative_chance: float | None
    forced: bool
    dealt: float | None = None
    other: float | None = None  # the other seat's chance, where it is not one less `before` (`Analysis.second`)


def _replay(start: Mapping[str, Any], seed: int | str, moves: Moves, names: tuple[str, str]) -> tuple[Game, int]:
    game = Game.from_dict(start, seed=seed, names=names)
    n = 0
    for player, text in moves:
        if game.is_over or player != game.to_move:
            raise ValueError(f"move {n + 1} ({text}) does not follow from the game before it")
        game.apply(text)
        n += 1
    return game, n


def _game_at(start: Mapping[str, Any], seed: int | str, moves: Moves, names: tuple[str, str], k: int) -> Game:
    game = Game.from_dict(start, seed=seed, names=names)
    for _, text in moves[:k]:
        game.apply(text)
    return game


def _rate_many(job: tuple[dict[str, Any], int | str, list[tuple[int, str]], tuple[str, str], str, int | None,
                          Sequence[int]]) -> list[tuple[int, _Rated]]:
    start, seed, moves, names, level, computer, ks = job
    return [(k, _rate(start, seed, moves, names, level, k, computer)) for k in ks]


def _rate(start: Mapping[str, Any], seed: int | str, moves: Moves, names: tuple[str, str], level: str,
          k: int, computer: int | None = None) -> _Rated:
    """The search of move `k`: from the view of the seat to move before it (R12.3), seeded by that view alone."""
    game = _game_at(start, seed, moves, names, k)
    view = game.view(game.to_move, memory=True)
    search = LEVELS[level].estimator()
    search.computer = computer
    search.both = computer is None and search.calibration is not None and not adds_up(search.calibration)
    advice = search.advise(view)
    other = None if not search.both else advice.other if advice.other is not None else 1.0 - advice.chance
    forced = len(view.legal_actions) == 1
    best = advice.action
    line = tuple(str(a) for a in advice.line)
    if k >= len(moves):  # the position of an unfinished game: nothing played yet
        return _Rated(advice.chance, str(best), line, advice.chance, None, None, forced, other=other)
    played = parse_action(moves[k][1])
    if played == best:
        chance: float | None = advice.chance
        runner = next((e for e in advice.estimates if e.action != played), None)
        alternative = None if runner is None else str(runner.action)
        alternative_chance = None if runner is None else runner.chance
    else:
        chance = search.chance_of(view, played) if _ends_or_draws(played) else None
        alternative, alternative_chance = str(best), advice.chance
    dealt = None
    if type(played) is Take:
        game.apply(played)
        if not game.is_over and any(e.action is None for e in game.view(None).last_turn):  # a deal (R10.1)
            dealt = search.standing(game.view(game.to_move, memory=True), view.to_move)
    return _Rated(advice.chance, str(best), line, chance, alternative, alternative_chance, forced, dealt, other)


def _ends_or_draws(action: Action) -> bool:
    """A take, a pass or a refresh: an action rated as a candidate of its own (any other leads on in the turn)."""
    return type(action) is Take or type(action) is Pass or type(action) is Refresh


def played_chance(view: SeatView, action: Action, *, level: str = DEFAULT_LEVEL,
                  seed: int | str | None = None) -> float:
    """The chance to win the analysis gives `action` played from `view` (the seat to move's, with the memory aid)."""
    search = estimator(level, seed)
    if isinstance(search, TurnSearch):
        advice = search.advise(view)
        return advice.chance if action == advice.action else search.chance_of(view, action)
    advice = search.advise(view)
    if action == advice.action:
        return advice.chance
    measured = advice.estimate(action)
    if measured is not None and measured.visits >= FOCUS_VISITS:
        return measured.chance
    root = search.search(view, focus=action)
    return search.chance_of(root.children[action])


def _assemble(start: Mapping[str, Any], seed: int | str, moves: Moves, names: tuple[str, str], level: str,
              rated: Sequence[_Rated]) -> Analysis:
    """The decisions, the luck and the totals, from the searches of every moment and a replay of the game."""
    game = Game.from_dict(start, seed=seed, names=names)
    decisions: list[Decision] = []
    luck: list[Luck] = []
    chances: list[tuple[float, float]] = []  # each player's, before every move
    turn = 1
    for k, (player, text) in enumerate(moves):
        r = rated[k]
        chances.append(_both(r, player))
        action = game.apply(text)
        played = r.played if r.played is not None else rated[k + 1].before  # a step of the turn: what it led to
        loss = 0.0 if r.forced or text == r.best else max(0.0, r.before - played)
        decisions.append(Decision(k, turn, player, text, r.before, r.best, r.before, played, r.alternative,
                                  r.alternative_chance, loss, mark(_points_lost(r.before, played, loss)), r.forced,
                                  r.line))
        drawn, kind = _drawn(game, action)
        if drawn:
            after = _chance_after(game, player, rated, k, played)
            luck.append(Luck(k, turn, player, kind, tuple(str(c) for c in drawn), played, after, after - played))
        if action.step is Step.TAKE:
            turn += 1
    result = game.result()
    if result is not None:
        chances.append((1.0, 0.0) if result.winner == 0 else (0.0, 1.0))
    elif len(rated) > len(moves):
        chances.append(_both(rated[len(moves)], game.to_move))
    totals = (_totals(decisions, luck, 0), _totals(decisions, luck, 1))
    second = tuple(c[1] for c in chances) if any(r.other is not None for r in rated) else ()
    return Analysis(VERSION, level, LEVELS[level].tells.worlds, seed, names, tuple(decisions), tuple(luck), totals,
                    tuple(c[0] for c in chances), result is not None, against(level), second)


def _both(r: _Rated, mover: int) -> tuple[float, float]:
    """Each player's chance at the moment `r` rated: the mover's own, and the other's (`_Rated.other`)."""
    other = r.other if r.other is not None else 1.0 - r.before
    return (r.before, other) if mover == 0 else (other, r.before)


def _drawn(game: Game, action: object) -> tuple[tuple[Any, ...], str]:
    """The cards the move just applied revealed, and the kind of luck: a refresh, a deal, or a reshuffle."""
    view = game.view(None)
    if type(action) is Take or type(action) is Pass:
        events = [e for e in view.last_turn if e.action is None]  # the deal of an emptied Street (R10.1)
        kind = "deal"
    else:
        events = [view.this_turn[-1]] if view.this_turn else []
        kind = "refresh"
    drawn = tuple(c for e in events for c in e.drawn)
    if any(e.exhausted and e.exhaustions - e.exhausted == 0 for e in events):  # the first exhaustion (R9.2)
        kind = "reshuffle"
    return drawn, kind


def _chance_after(game: Game, player: int, rated: Sequence[_Rated], k: int, played: float) -> float:
    """The chance of `player` once the move's cards are seen: the next position's estimate, or the result.

    After a deal (R10.1) it is the take's own estimate with the new Street known (`TurnSearch.standing`), so
    that its luck is measured against the chance it was rated by before the cards.
    """
    result = game.result()
    if result is not None:
        return 1.0 if result.winner == player else 0.0
    dealt = rated[k].dealt
    if dealt is not None:
        return dealt
    if k + 1 >= len(rated):  # the game stops here unfinished: nothing measured after the cards
        return played
    return _both(rated[k + 1], game.to_move)[player]


def _totals(decisions: Sequence[Decision], luck: Sequence[Luck], player: int) -> PlayerTotals:
    mine = [d for d in decisions if d.player == player]
    rated = [d for d in mine if not d.forced]
    total = sum(d.loss for d in rated)

    def of(kind: str | None) -> float:
        """What this player's own draws of `kind` (all, for None) gave it: the sum of its luck lines."""
        return sum(x.swing for x in luck if x.player == player and (kind is None or x.kind == kind))

    return PlayerTotals(len(mine), len(rated), total, total / len(rated) if rated else 0.0,
                        sum(1 for d in rated if d.mark == "inaccurate"), sum(1 for d in rated if d.mark == "mistake"),
                        sum(1 for d in rated if d.mark == "blunder"), of(None), of("refresh"), of("deal"),
                        of("reshuffle"))
