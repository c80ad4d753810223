"""A game rated decision by decision, with skill and luck apart: the analysis as data.

Like GNU Backgammon's analysed matches, an analysis is a value that the text, the JSON, the graph and
the replay all read. For every decision of both players (each refresh, Accountant, swap, Brute, take
or pass) it holds the chance to win before it (`win_chance` of the position, at the level asked for),
the chance of what was played and of the best alternative, the loss, and a mark where the loss is
large (`MARKS`). Drawing cards is luck, not skill: a refresh's cards (R5.2), the reshuffle (R9.2) and
the deal of an emptied Street (R10.1) move the chance too, and `Luck` records how much, as the
chance after the draw less the chance the search expected before it.

Every estimate is made from the view of the seat to move with the memory aid (R12.3), never from the
order of the draw stack, and from a seed derived from the game's seed and the decision's number, so
an analysis depends only on the game and the level: `jobs` only spreads the decisions over processes.
The analysis imports the engine only; storing it is `famiglia.persistence.analyses`' business, as
plain data (`Analysis.to_dict`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Final

from famiglia.engine import Action, Game, Pass, SeatView, Step, Take, parse_action

from .advice import Advice
from .estimate import estimator
from .ismcts import FOCUS_VISITS, LEVELS, ISMCTSPlayer
from .seeding import derive_seed
from .workers import spread

__all__ = ["DEFAULT_LEVEL", "MARKS", "VERSION", "Analysis", "Decision", "Luck", "PlayerTotals", "analyse", "mark",
           "played_chance"]

VERSION: Final = 1
DEFAULT_LEVEL: Final = "normal"
# A decision's loss in points of win chance, as a player reads it; each mark is the largest threshold reached.
MARKS: Final = (("inaccurate", 0.05), ("mistake", 0.10), ("blunder", 0.20))
MIN_ALTERNATIVE_VISITS: Final = 2


def mark(loss: float) -> str | None:
    """The word for a loss of win chance (0–1): None below 5 points, then inaccurate, mistake, blunder.

    Judged on the whole points a player is shown, so that a loss shown as 10 is a mistake.
    """
    shown = round(loss * 100)
    found = None
    for word, threshold in MARKS:
        if shown >= round(threshold * 100):
            found = word
    return found


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision: the chances (0–1) of the player who made it, before and after, and the best alternative.

    `move` is its index in the game's list of actions, `turn` the turn it belongs to (from 1). `before` is
    `win_chance` of the position; `best` the action the search would play and `best_chance` its chance
    (equal to `before`); `played_chance` the chance of what was played. `alternative` is the best action
    other than the one played (the search's choice, or, if that was played, the runner-up) with its
    chance. `loss` is how much the played action gave away (0 when it was the best); `forced` means it
    was the only action allowed, which is not rated.
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

    The luck counts every draw from this player's side: what its own refreshes and deals gave it, less what
    the opponent's gave the opponent (a draw that helps one player costs the other as much).
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
    """A whole game's analysis. `chances` holds player 0's chance to win before every move, then at the end."""

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

    def to_dict(self) -> dict[str, Any]:
        """The analysis as plain JSON-ready data (what is saved beside the game, and `--json`)."""
        data: dict[str, Any] = _lists(asdict(self))
        data["thresholds"] = {word: threshold for word, threshold in MARKS}
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Analysis:
        """Read `to_dict`'s output back; a `ValueError` (or `KeyError`, `TypeError`) for anything else."""
        if data.get("version") != VERSION:
            raise ValueError(f"an analysis of version {data.get('version')!r}, not {VERSION}")
        decisions = tuple(Decision(**_fields(Decision, d)) for d in _list(data["decisions"]))
        luck = tuple(Luck(**{**_fields(Luck, d), "drawn": tuple(_strings(d["drawn"]))}) for d in _list(data["luck"]))
        totals = tuple(PlayerTotals(**_fields(PlayerTotals, d)) for d in _list(data["totals"]))
        if len(totals) != 2:
            raise ValueError("an analysis has totals for two players")
        players = tuple(_strings(data["players"]))
        if len(players) != 2:
            raise ValueError("an analysis names two players")
        chances = tuple(_chance(c) for c in _list(data["chances"]))
        for d in decisions:
            for value in (d.before, d.best_chance, d.played_chance, d.loss):
                _chance(value)
        return cls(VERSION, str(data["level"]), _int(data["iterations"]), _seed(data["seed"]),
                   (players[0], players[1]), decisions, luck, (totals[0], totals[1]), chances, bool(data["finished"]))


# -- computing it -------------------------------------------------------------------------------------------------


Moves = Sequence[tuple[int, str]]  # (player, action in notation), in order: a game record's actions


def analyse(start: Mapping[str, Any], seed: int | str, moves: Moves, names: tuple[str, str], *,
            level: str = DEFAULT_LEVEL, jobs: int = 1, progress: Callable[[int], None] | None = None) -> Analysis:
    """Analyse the game that starts at position `start` (dealt with `seed`) and plays `moves`.

    `level` is the search level whose estimates are used (`LEVELS`); `jobs` > 1 spreads the decisions
    over that many processes, with the same result; `progress(n)` is called as n more decisions are done.
    Raises `ValueError` for an unknown level and `IllegalAction` for a move the rules do not allow.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    game, count = _replay(start, seed, moves, names)
    indexes = list(range(count if game.is_over else count + 1))  # an unfinished game: its position now too
    if jobs <= 1 or len(indexes) < 2:
        rated = []
        for k in indexes:
            rated.append(_rate(start, seed, moves, names, level, k))
            if progress is not None:
                progress(1)
    else:
        found: dict[int, _Rated] = {}
        chunk = max(1, min(8, len(indexes) // (jobs * 3)))
        work = [(dict(start), seed, list(moves), names, level, indexes[i:i + chunk])
                for i in range(0, len(indexes), chunk)]
        for done in spread(_rate_many, work, jobs):  # Ctrl-C stops every worker at once
            for k, r in done:
                found[k] = r
            if progress is not None:
                progress(len(done))
        rated = [found[k] for k in indexes]
    return _assemble(start, seed, moves, names, level, rated)


# What one moment's searches give: chance before (of the seat to move), best action and chance, the played
# action's chance, the alternative and its chance, and whether it was forced; or None after the end.
_Rated = tuple[float, str, float, float, str | None, float | None, bool]


def _replay(start: Mapping[str, Any], seed: int | str, moves: Moves, names: tuple[str, str]) -> tuple[Game, int]:
    game = Game.from_dict(start, seed=seed, names=names)
    n = 0
    for player, text in moves:
        if game.is_over or player != game.to_move:
            raise ValueError(f"move {n + 1} ({text}) does not follow from the game before it")
        game.apply(text)
        n += 1
    return game, n


def _view_at(start: Mapping[str, Any], seed: int | str, moves: Moves, names: tuple[str, str], k: int) -> SeatView:
    game = Game.from_dict(start, seed=seed, names=names)
    for _, text in moves[:k]:
        game.apply(text)
    return game.view(game.to_move, memory=True)


def _rate_many(job: tuple[dict[str, Any], int | str, list[tuple[int, str]], tuple[str, str], str, Sequence[int]]
               ) -> list[tuple[int, _Rated]]:
    start, seed, moves, names, level, ks = job
    return [(k, _rate(start, seed, moves, names, level, k)) for k in ks]


def _rate(start: Mapping[str, Any], seed: int | str, moves: Moves, names: tuple[str, str], level: str,
          k: int) -> _Rated:
    """The searches for move `k`: from the view of the seat to move before it (R12.3), with its own seed."""
    view = _view_at(start, seed, moves, names, k)
    search = estimator(level, derive_seed("analysis", seed, k))
    advice = search.advise(view)
    forced = len(view.legal_actions) == 1
    before = advice.chance
    best = advice.action
    if k >= len(moves):  # the position of an unfinished game: nothing played yet
        return before, str(best), before, before, None, None, forced
    played = parse_action(moves[k][1])
    if played == best:
        played_chance = before
        others = [e for e in advice.estimates if e.action != played and e.visits >= MIN_ALTERNATIVE_VISITS]
        runner = max(others, key=lambda e: (e.visits, e.chance, str(e.action)), default=None)
        alternative = None if runner is None else str(runner.action)
        alternative_chance = None if runner is None else runner.chance
    else:
        played_chance = _played_chance(view, played, advice, search)
        alternative, alternative_chance = str(best), before
    return before, str(best), before, played_chance, alternative, alternative_chance, forced


def played_chance(view: SeatView, action: Action, *, level: str = DEFAULT_LEVEL,
                  seed: int | str | None = None) -> float:
    """The chance to win the analysis gives `action` played from `view` (the seat to move's, with the memory aid)."""
    search = estimator(level, seed)
    advice = search.advise(view)
    return advice.chance if action == advice.action else _played_chance(view, action, advice, search)


def _played_chance(view: SeatView, played: Action, advice: Advice, search: ISMCTSPlayer) -> float:
    """The root's estimate of `played` if the search tried it often enough, else that of a search that opens it."""
    measured = advice.estimate(played)
    if measured is not None and measured.visits >= FOCUS_VISITS:
        return measured.chance
    root = search.search(view, focus=played)
    return search.chance_of(root.children[played])


def _assemble(start: Mapping[str, Any], seed: int | str, moves: Moves, names: tuple[str, str], level: str,
              rated: Sequence[_Rated]) -> Analysis:
    """The decisions, the luck and the totals, from the searches of every moment and a replay of the game."""
    game = Game.from_dict(start, seed=seed, names=names)
    decisions: list[Decision] = []
    luck: list[Luck] = []
    chances: list[float] = []
    turn = 1
    for k, (player, text) in enumerate(moves):
        before, best, best_chance, played_chance, alternative, alternative_chance, forced = rated[k]
        chances.append(before if player == 0 else 1.0 - before)
        loss = 0.0 if forced or text == best else max(0.0, best_chance - played_chance)
        decisions.append(Decision(k, turn, player, text, before, best, best_chance, played_chance, alternative,
                                  alternative_chance, loss, mark(loss), forced))
        action = game.apply(text)
        drawn, kind = _drawn(game, action)
        if drawn:
            after = _chance_after(game, player, rated, k)
            luck.append(Luck(k, turn, player, kind, tuple(str(c) for c in drawn), played_chance, after,
                             after - played_chance))
        if action.step is Step.TAKE:
            turn += 1
    result = game.result()
    if result is not None:
        chances.append(1.0 if result.winner == 0 else 0.0)
    elif len(rated) > len(moves):
        chances.append(rated[len(moves)][0] if game.to_move == 0 else 1.0 - rated[len(moves)][0])
    totals = (_totals(decisions, luck, 0), _totals(decisions, luck, 1))
    return Analysis(VERSION, level, LEVELS[level].iterations, seed, names, tuple(decisions), tuple(luck), totals,
                    tuple(chances), result is not None)


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


def _chance_after(game: Game, player: int, rated: Sequence[_Rated], k: int) -> float:
    """The chance of `player` once the move's cards are seen: the next position's estimate, or the result."""
    result = game.result()
    if result is not None:
        return 1.0 if result.winner == player else 0.0
    if k + 1 >= len(rated):  # the game stops here unfinished: nothing measured after the cards
        return rated[k][3]
    chance = rated[k + 1][0]
    return chance if game.to_move == player else 1.0 - chance


def _totals(decisions: Sequence[Decision], luck: Sequence[Luck], player: int) -> PlayerTotals:
    mine = [d for d in decisions if d.player == player]
    rated = [d for d in mine if not d.forced]
    total = sum(d.loss for d in rated)

    def of(kind: str | None) -> float:
        """What the draws of `kind` (all, for None) gave this player: its own draws' swing, less the opponent's."""
        return sum(x.swing if x.player == player else -x.swing for x in luck if kind is None or x.kind == kind)

    return PlayerTotals(len(mine), len(rated), total, total / len(rated) if rated else 0.0,
                        sum(1 for d in rated if d.mark == "inaccurate"), sum(1 for d in rated if d.mark == "mistake"),
                        sum(1 for d in rated if d.mark == "blunder"), of(None), of("refresh"), of("deal"),
                        of("reshuffle"))


# -- reading it back ------------------------------------------------------------------------------------------------


def _lists(value: Any) -> Any:
    """`value` with every tuple made a list, as JSON has them."""
    if isinstance(value, dict):
        return {k: _lists(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_lists(v) for v in value]
    return value


def _fields(cls: type, data: object) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise TypeError("an analysis entry must be an object")
    names = cls.__dataclass_fields__  # type: ignore[attr-defined]
    missing = [n for n in names if n not in data]
    if missing:
        raise ValueError(f"an analysis entry lacks {', '.join(missing)}")
    return {n: data[n] for n in names}


def _list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError("an analysis holds lists")
    return value


def _strings(value: object) -> list[str]:
    items = _list(value)
    if not all(isinstance(s, str) for s in items):
        raise TypeError("names and cards are text")
    return items


def _chance(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.0 <= value <= 1.0:
        raise ValueError(f"a chance must be a number from 0 to 1, not {str(value)[:40]!r}")
    return float(value)


def _int(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("a whole number was expected")
    return value


def _seed(value: object) -> int | str:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError("a seed is a whole number or text")
    return value
