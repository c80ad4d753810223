"""The playout policy and the evaluation that cuts playouts short.

From a node of the search, a playout plays on in the sampled world with a cheap policy for both seats:
each turn the planner's best take (`planner.best_plan`), sometimes (with probability `explore`) a take
already on offer instead, a refresh when nothing can be taken, and a pass that ends the game when the
player is ahead and the opponent just passed (R8.5, R10.2). After `turns` turns the position is scored
by an evaluation (`famiglia.ai.evaluation`): the fitted model, or, for the reference levels, the
difference in victory points so far (R11.1) squashed into a win chance.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Final

from famiglia.engine import CARDS, Card, Counts, Game, Pass, Refresh, SeatView, Take

from .evaluation import fitted_chance, lead_chance
from .planner import KEEP, TurnState, best_plan

__all__ = ["Outcome", "PlayoutPolicy", "emptying_refresh", "finished", "lead", "outcome"]

PASS = Pass()


# What a playout brings back: seat 0's value for the search (win, draw with contempt, score margin) and each
# seat's chance to win, kept apart because a draw is a win for neither (R11.2).
Outcome = tuple[float, float, float]


@dataclass(frozen=True, slots=True)
class PlayoutPolicy:
    """How playouts are played and scored. All counts, no clock: a seed reproduces every playout.

    `turns`: turns played before the evaluation (0 plays to the end). `explore`: chance of a random
    take of those legal at the moment instead of the planned one. `evaluation`: how the cut-off is
    scored (`"fitted"` or `"lead"`, see `famiglia.ai.evaluation`). `scale`: for `"lead"`, victory points
    of lead worth about a 76% win chance (tanh(1)). `hand`: for `"lead"`, how many victory points of lead
    each point of the hands' difference in `planner.KEEP` is worth. `margin`: the weight of the final
    score difference beside win/draw/loss.
    """

    turns: int = 10
    explore: float = 0.1
    scale: float = 12.0
    hand: float = 0.0
    margin: float = 0.1
    evaluation: str = "lead"
    ends: bool = False  # a seat ahead after its take refreshes to empty the stack, ending the game (R9.3)

    def run(self, game: Game, rng: random.Random, score: int, draw: float = 0.5) -> Outcome:
        """Play on from `game` (changing it) and return seat 0's value (0 a loss to 1 a win) and both chances.

        `score` is seat 0's lead in victory points now; only takes change it (R8.4, R11.1), so the
        playout keeps it up to date without looking at the hands again. `draw` is what a drawn game is
        worth to seat 0 (see `outcome`).
        """
        turns = 0
        while not game.is_over:
            if self.turns and turns >= self.turns:
                chance = self.evaluate(game, score)
                return chance, chance, 1.0 - chance
            seat = game.to_move
            points = self.play_turn(game, rng, score if seat == 0 else -score)
            score += points if seat == 0 else -points
            turns += 1
        return finished(game, self.margin, draw)

    def play_turn(self, game: Game, rng: random.Random, ahead: int) -> int:
        """The rest of the current turn by the policy, for the seat to move, `ahead` points in the lead.

        Ends with a take or a pass; returns the victory points taken. Reads the table through the
        engine's lean `Game.counts()`, not a `SeatView`: a playout reads it after every refresh.
        """
        while True:
            counts = game.counts()
            if counts.passes and ahead > 0:
                game.apply_legal(PASS)  # R10.2: two passes end the game, with this seat ahead
                return 0
            if self.explore and rng.random() < self.explore:
                takes = [a for a in game.legal_actions() if type(a) is Take]
                if takes:  # a take at hand, not the planned one
                    take = rng.choice(takes)
                    game.apply_legal(take)
                    return take.card.points
            plan = best_plan(TurnState.from_counts(counts))
            if plan.taken is None and counts.can_refresh:
                game.apply_legal(rng.choice(_refreshes(counts.street)))
                continue
            if self.ends and ahead + plan.points > 0 and (last := emptying_refresh(counts)) is not None:
                game.apply_legal(last)  # R5.4, R9.1: the second exhaustion; the game ends with this round
                continue
            for action in plan.actions:
                game.apply_legal(action)
            return plan.points

    def evaluate(self, game: Game, score: int) -> float:
        """The cut-off: seat 0's chance to win, by the policy's evaluation."""
        if self.evaluation == "fitted":
            return fitted_chance(game)
        lead_now = float(score)
        if self.hand:
            counts = game.counts()
            mine, theirs = (counts.hand, counts.opponent_hand) if counts.to_move == 0 else \
                (counts.opponent_hand, counts.hand)
            lead_now += self.hand * (sum(KEEP[i] * n for i, n in enumerate(mine))
                                     - sum(KEEP[i] * n for i, n in enumerate(theirs)))
        return lead_chance(lead_now, self.scale)


_REFRESH: Final = {c: Refresh(c) for c in CARDS}


def emptying_refresh(counts: Counts) -> Refresh | None:
    """A refresh that draws the stack's last card (the second exhaustion, R9.1), the lowest such, or None.

    The refreshed card goes under the stack first and as many cards as its value are drawn (R5.2, R5.4),
    so it empties a stack of fewer cards than that value. Only after the first exhaustion: the first one
    shuffles the discards back in (R9.2) and ends nothing.
    """
    if counts.exhaustions != 1 or not counts.can_refresh:
        return None
    emptying = [c for c in counts.street if c.value > counts.draw_stack_size]
    return _REFRESH[min(emptying, key=lambda c: (c.value, c.index))] if emptying else None


def _refreshes(street: list[Card]) -> list[Refresh]:
    """The refreshes the Street allows (R5.2), in the order the engine lists them: one per kind of card."""
    out: list[Refresh] = []
    seen = 0
    for c in street:
        bit = 1 << c.index
        if not seen & bit:
            seen |= bit
            out.append(_REFRESH[c])
    return out


def finished(game: Game, margin: float, draw: float = 0.5) -> Outcome:
    """A finished game: seat 0's value (see `outcome`) and each seat's chance to win, 1 or 0 (a draw: 0, 0)."""
    result = game.result()
    assert result is not None
    value = outcome(game, margin, draw)
    if result.winner is None:
        return value, 0.0, 0.0
    return (value, 1.0, 0.0) if result.winner == 0 else (value, 0.0, 1.0)


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

