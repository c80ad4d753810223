"""The playout policy and the evaluation that cuts playouts short.

From a node of the search, a playout plays on in the sampled world with a cheap policy for both seats:
each turn the planner's best take (`planner.best_plan`), sometimes (with probability `explore`) a take
already on offer instead, a refresh when nothing can be taken, and a pass that ends the game when the
player is ahead and the opponent just passed (R8.5, R10.2). After `turns` turns the position is scored
by the difference in victory points so far (R11.1), squashed into a win chance.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from famiglia.engine import Game, Pass, Refresh, SeatView, Take

from .planner import KEEP, TurnState, best_plan

__all__ = ["PlayoutPolicy", "lead", "outcome"]


@dataclass(frozen=True, slots=True)
class PlayoutPolicy:
    """How playouts are played and scored. All counts, no clock: a seed reproduces every playout.

    `turns`: turns played before the evaluation (0 plays to the end). `explore`: chance of a random
    take of those legal at the moment instead of the planned one. `scale`: victory points of lead worth
    about a 76% win chance at the cut-off (tanh(1)). `hand`: how many victory points of lead each point
    of the hands' difference in `planner.KEEP` (cards to pay for later takes with) is worth at the cut-off.
    `margin`: the weight of the final score difference beside win/draw/loss.
    """

    turns: int = 10
    explore: float = 0.1
    scale: float = 12.0
    hand: float = 0.0
    margin: float = 0.1

    def run(self, game: Game, rng: random.Random, score: int, draw: float = 0.5) -> float:
        """Play on from `game` (changing it) and return the value for seat 0, from 0 (loss) to 1 (win).

        `score` is seat 0's lead in victory points now; only takes change it (R8.4, R11.1), so the
        playout keeps it up to date without looking at the hands again. `draw` is what a drawn game is
        worth to seat 0 (see `outcome`).
        """
        turns = 0
        while not game.is_over:
            if self.turns and turns >= self.turns:
                return self.evaluate(game, score)
            seat = game.to_move
            points = self.play_turn(game, rng, score if seat == 0 else -score)
            score += points if seat == 0 else -points
            turns += 1
        return outcome(game, self.margin, draw)

    def play_turn(self, game: Game, rng: random.Random, ahead: int) -> int:
        """The rest of the current turn by the policy, for the seat to move, `ahead` points in the lead.

        Ends with a take or a pass; returns the victory points taken.
        """
        seat = game.to_move
        while True:
            view = game.view(seat)
            if view.passes and ahead > 0:
                game.apply_legal(Pass())  # R10.2: two passes end the game, with this seat ahead
                return 0
            if self.explore and rng.random() < self.explore:
                takes = [a for a in view.legal_actions if type(a) is Take]
                if takes:  # a take at hand, not the planned one
                    take = rng.choice(takes)
                    game.apply_legal(take)
                    return take.card.points
            plan = best_plan(TurnState.from_view(view))
            if plan.taken is None and view.can_refresh:
                refreshes = [a for a in view.legal_actions if type(a) is Refresh]
                game.apply_legal(rng.choice(refreshes))
                continue
            for action in plan.actions:
                game.apply_legal(action)
            return plan.points


    def evaluate(self, game: Game, score: int) -> float:
        """The cut-off: a win chance for seat 0 from its lead in victory points (and in cards to pay with)."""
        lead_now = float(score)
        if self.hand:
            view = game.view(0, memory=True)
            assert view.opponent_hand is not None
            lead_now += self.hand * (sum(KEEP[c.index] for c in view.hand)
                                     - sum(KEEP[c.index] for c in view.opponent_hand))
        return 0.5 + 0.5 * math.tanh(lead_now / self.scale)


def outcome(game: Game, margin: float, draw: float = 0.5) -> float:
    """The value of a finished game for seat 0: win 1, draw `draw`, loss 0, blended with the score margin.

    A search may value a draw below ½ for its own seat (contempt), so that it does not settle for a
    draw by passing (R8.5) when playing on is about as good for it.
    """
    result = game.result()
    assert result is not None
    won = draw if result.winner is None else (1.0 if result.winner == 0 else 0.0)
    diff = result.scores[0] - result.scores[1]
    return (1 - margin) * won + margin * (0.5 + 0.5 * math.tanh(diff / 20))


def lead(view: SeatView) -> int:
    """The seat's victory points less the opponent's (R11.1); needs the memory aid's opponent hand."""
    assert view.seat is not None and view.opponent_hand is not None
    mine = sum(c.points for c in view.hand) + sum(c.points for c in view.play_areas[view.seat])
    theirs = sum(c.points for c in view.opponent_hand) + sum(c.points for c in view.play_areas[1 - view.seat])
    return mine - theirs

