"""Positions and small players for the computer-player tests, built through the public APIs only."""

from __future__ import annotations

import json
import os
import random

from hypothesis import settings

from famiglia.ai.ismcts import ISMCTSPlayer, SearchSettings
from famiglia.ai.playout import PlayoutPolicy
from famiglia.ai.turnsearch import TurnSearch, TurnSettings
from famiglia.engine import Game, Pass, Refresh, Take

# FAMIGLIA_AI_EXAMPLES raises the number of hypothesis examples for a longer run.
SETTINGS = settings(max_examples=int(os.environ.get("FAMIGLIA_AI_EXAMPLES", "25")), deadline=None)

# A search with a budget small enough for the test suite (the levels' budgets are in docs/ai.md).
TINY = SearchSettings(iterations=12, policy=PlayoutPolicy(turns=3))


# The turn search with a budget as small: a handful of worlds, short playouts, one draw behind a refresh's chance.
TINY_TURNS = TurnSettings(screen=4, worlds=8, finalists=2, draws=1, policy=PlayoutPolicy(turns=3, evaluation="fitted"))


def tiny_search(seed: int | str | None = 1) -> ISMCTSPlayer:
    return ISMCTSPlayer(seed, settings=TINY)


def tiny_turns(seed: int | str | None = 1) -> TurnSearch:
    return TurnSearch(seed, settings=TINY_TURNS)


def played(seed: int, steps: int, *, pass_rate: float = 0.05) -> Game:
    """A game after up to `steps` random legal actions (mid-turn too); rarely a pass, so games go on."""
    game = Game.new(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        actions = game.legal_actions()
        others = [a for a in actions if type(a) is not Pass]
        game.apply(rng.choice(others if others and rng.random() >= pass_rate else actions))
    return game


def unfinished(seed: int, steps: int) -> Game:
    """Like `played`, but stepping back to fewer actions until the game is still running."""
    while steps >= 0:
        game = played(seed, steps)
        if not game.is_over:
            return game
        steps //= 2
    raise AssertionError("a new game is never over")


def at_turn_start(game: Game) -> Game:
    """`game` after the rest of the current turn, played by random legal actions (a take if there is one)."""
    rng = random.Random(0)
    while not game.is_over and (game.step.name != "REFRESH" or game.view(None).this_turn):
        actions = game.legal_actions()
        ends = [a for a in actions if type(a) is Take] or [a for a in actions if type(a) is Pass]
        game.apply(rng.choice(ends))
    return game


def best_take_points(game: Game) -> int:
    """The most victory points any take of this turn can bring, by trying every sequence of actions
    without refreshes (states met twice are looked up); -1 when no take is reachable."""
    memo: dict[str, int] = {}

    def search(g: Game) -> int:
        d = g.to_dict()
        for key in ("rng", "this_turn", "last_turn"):
            d.pop(key, None)
        key = json.dumps(d, sort_keys=True)
        if key not in memo:
            best = -1
            for a in g.legal_actions():
                if type(a) is Take:
                    best = max(best, a.card.points)
                elif type(a) is not Refresh and type(a) is not Pass:
                    after = g.copy()
                    after.apply(a)
                    best = max(best, search(after))
            memo[key] = best
        return memo[key]

    return search(game)
