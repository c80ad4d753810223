"""What the exact solver changes in the levels' play: how much chance the levels as they were gave away where
it now reaches.

    .venv/bin/python benchmarks/endgame_gain.py --games 20 --levels normal-3,hard-2

Positions come from seeded games of `normal-3` against itself, at each decision from the first exhaustion
on that the solver finishes within the budget the levels give it (`endgame.budget_for`). There `normal`
and `hard` play the solver's best action; the reference levels (`normal-3` is `normal`, `hard-2` is `hard`,
as they were) play their own. Each reference action is valued exactly (`endgame.value_of`: best play by
both after it) and compared with the best value: the share of positions where it was worse and the
chance it gave away, in points. Elsewhere a level and its reference play alike, so this is all the
solver changes in their choices (their chances also change: benchmarks/endgame_error.py).
"""

from __future__ import annotations

import argparse
import statistics

from endgame import valued_positions

from famiglia.ai import player
from famiglia.ai.endgame import solve, value_of
from famiglia.engine import SeatView


def reached(games: int, seed: int) -> list[tuple[SeatView, float]]:
    """The positions of the games the solver finishes, with their exact values."""

    def exact(view: SeatView) -> float | None:
        solution = solve(view) if view.exhaustions >= 1 else None
        return solution.value if solution is not None else None

    return valued_positions(games, seed, "normal-3", exact)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=700)
    parser.add_argument("--levels", default="normal-3,hard-2")
    args = parser.parse_args()
    positions = reached(args.games, args.seed)
    print(f"{len(positions)} positions the solver finishes, from {args.games} games of normal-3 against itself")
    for level in args.levels.split(","):
        losses = []
        for view, best in positions:
            action = player(level, seed=1).choose(view)
            value = value_of(view, action)
            losses.append(100 * (best - value) if value is not None else float("nan"))
        known = [loss for loss in losses if loss == loss]
        worse = [loss for loss in known if loss > 1e-9]
        print(f"{level}: worse than best play in {len(worse)} of {len(known)} positions; chance given away "
              f"{sum(known) / max(len(known), 1):.2f} points a position on average, "
              f"median {statistics.median(worse) if worse else 0.0:.1f} where worse")


if __name__ == "__main__":
    main()
