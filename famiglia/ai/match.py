"""Matches between two computer players: seeded games with the seats swapped every game, over processes.

Game `i` of a match with seed `s` is dealt from a seed derived from `(s, i)`; player A sits in seat
`i % 2` and seat 0 starts, so each player starts every other game. Each player's seed is derived from
`(s, i, A or B)` too, and the search players play without their wall-clock safety net. A game's record
therefore depends only on the specs, the match seed and `i`: `jobs` only says how many processes
share the work, and results are gathered by game index.

Ctrl-C stops a match at once: the worker processes ignore the terminal's interrupt (so none of them
prints a traceback) and are terminated by the parent, which raises `MatchInterrupted` with the games
finished so far.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from famiglia.engine import Game, Pass, Take

from .base import Player
from .ismcts import ISMCTSPlayer
from .registry import player
from .seeding import derive_seed
from .workers import spread

__all__ = ["MAX_ACTIONS", "GameRecord", "MatchInterrupted", "play_game", "run_match", "untimed"]

MAX_ACTIONS = 20_000  # far beyond any real game; a player that never ends its game is a bug


class MatchInterrupted(KeyboardInterrupt):
    """Ctrl-C during a match: every worker is stopped; `records` holds the games finished so far, in game order."""

    def __init__(self, records: Sequence[GameRecord]) -> None:
        super().__init__(f"interrupted after {len(records)} games")
        self.records = list(records)


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game of a match, told from the players' side: index 0 is player A, index 1 player B.

    `turns` counts the turns played by both (each ends with a take or a pass), `actions` every action.
    `times` holds each player's seconds per decision, in order.
    """

    index: int
    seed: int
    seat_of_a: int
    scores: tuple[int, int]
    winner: int | None  # 0: A won, 1: B won, None: a draw (R11.2)
    reason: str
    turns: int
    actions: int
    times: tuple[tuple[float, ...], tuple[float, ...]]


def play_game(specs: tuple[str, str], match_seed: int, index: int) -> GameRecord:
    """Play game `index` of the match between `specs[0]` (A) and `specs[1]` (B) to its end."""
    game_seed = derive_seed("game", match_seed, index)
    seat_of_a = index % 2
    by_player = [untimed(player(specs[p], seed=derive_seed("player", match_seed, index, "AB"[p]))) for p in (0, 1)]
    seats = (by_player[0], by_player[1]) if seat_of_a == 0 else (by_player[1], by_player[0])
    game = Game.new(seed=game_seed, first=0)
    times: tuple[list[float], list[float]] = ([], [])
    turns = actions = 0
    while not game.is_over:
        if actions >= MAX_ACTIONS:
            raise RuntimeError(f"game {index} of the match did not end after {MAX_ACTIONS} actions")
        seat = game.to_move
        view = game.view(seat, memory=True)
        start = time.perf_counter()
        action = seats[seat].choose(view)
        times[0 if seat == seat_of_a else 1].append(time.perf_counter() - start)
        game.apply(action)
        actions += 1
        if type(action) is Take or type(action) is Pass:
            turns += 1
    result = game.result()
    assert result is not None
    scores = result.scores if seat_of_a == 0 else (result.scores[1], result.scores[0])
    winner = None if result.winner is None else (0 if result.winner == seat_of_a else 1)
    return GameRecord(index, game_seed, seat_of_a, scores, winner, str(result.reason), turns, actions,
                      (tuple(times[0]), tuple(times[1])))


def untimed(p: Player) -> Player:
    """The player without its wall-clock safety net, so a busy machine cannot change a match's results."""
    if isinstance(p, ISMCTSPlayer) and p.settings.time_limit is not None:
        return ISMCTSPlayer(p.seed, settings=replace(p.settings, time_limit=None), level=p.level)
    return p


def _play_many(job: tuple[tuple[str, str], int, range]) -> list[GameRecord]:
    specs, match_seed, indexes = job
    return [play_game(specs, match_seed, i) for i in indexes]


def run_match(specs: tuple[str, str], games: int, seed: int, *, jobs: int = 1,
              progress: Callable[[int], None] | None = None) -> list[GameRecord]:
    """Play `games` games and return their records in game order; `progress(n)` after every n games done.

    With `jobs` > 1 the games are spread over that many processes (the standard library's pool); the
    records are the same whatever `jobs` is, except for the decision times. Ctrl-C (KeyboardInterrupt)
    raises `MatchInterrupted` with the games done so far, once every worker has stopped.
    """
    for spec in specs:
        player(spec)  # an unknown spec fails here, before any process starts
    found: dict[int, GameRecord] = {}
    if jobs <= 1:
        try:
            for i in range(games):
                found[i] = play_game(specs, seed, i)
                if progress is not None:
                    progress(1)
        except KeyboardInterrupt:
            raise MatchInterrupted(list(found.values())) from None
        return [found[i] for i in range(games)]
    chunk = max(1, min(8, games // (jobs * 4)))
    work = [(specs, seed, range(start, min(games, start + chunk))) for start in range(0, games, chunk)]
    try:
        for done in spread(_play_many, work, jobs):
            for record in done:
                found[record.index] = record
            if progress is not None:
                progress(len(done))
    except KeyboardInterrupt:  # the workers are stopped already
        raise MatchInterrupted([found[i] for i in sorted(found)]) from None
    return [found[i] for i in range(games)]
