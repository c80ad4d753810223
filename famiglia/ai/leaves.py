"""The exact solver at the turn search's leaves: where a candidate leads into its sure reach, no playout.

A position just outside the solver's reach is searched as before, but a take, a pass or a refresh that
leads to a position the solver finishes (`endgame.ends_soon`: the last round of R9.3, or a stack every
refresh and deal empties; or, within a small budget, any position with few cards left in the stack) is
scored there by its exact value instead of a playout. So the search sees what the solver sees a turn
before the solver takes over, and the chance does not jump when it does: the playouts' weak spot is
just there, as they answer a take with a take even when a refresh that ends the game wins it (R9.1, R9.3).
"""

from __future__ import annotations

from typing import Final

from famiglia.engine import Game

from .endgame import State, ends_soon, solve, state_of

__all__ = ["LEAF", "SURE", "ExactLeaves"]

_KEPT: Final = 20_000  # positions remembered; a game's search meets far fewer
# Turns searched at a leaf (`endgame.solve`'s budget; about 50 µs each): in the sure reach, and outside
# it with few cards left in the stack. Each leaf is solved or not whatever else the search met, so a
# position's chance does not depend on the positions searched before it.
SURE: Final = 1_000
LEAF: Final = 100
_FEW: Final = 6


class ExactLeaves:
    """The exact values of the positions a search's candidates led to, each solved once."""

    def __init__(self) -> None:
        self.known: dict[tuple[State, int], float | None] = {}

    def value(self, game: Game) -> float | None:
        """The exact value of `game` for its seat to move (a draw counts one half), or None out of sure reach.

        `game` is one sampled world; its seat's view shows what that seat knows and no more (the stack's
        order never, R12.2), so every world with the same view gets the same value.
        """
        if game.counts().exhaustions < 1:
            return None
        view = game.view(game.to_move, memory=True)
        state = state_of(view)
        if state is None:
            return None
        sure = ends_soon(state)
        if not sure and view.draw_stack_size > _FEW:
            return None
        key = (state, view.start_player)
        if key not in self.known:
            if len(self.known) >= _KEPT:
                self.known.clear()
            solution = solve(view, budget=SURE if sure else LEAF)
            self.known[key] = solution.value if solution is not None else None
        return self.known[key]
