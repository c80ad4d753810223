"""How far the searches' chances are from the exact value, on late positions just outside the solver's reach.

    .venv/bin/python benchmarks/endgame_error.py --games 20

Positions come from seeded games of a player against itself (`--players`, normal by default), at each
decision from the first exhaustion on whose value the solver does not find within the budget the levels give
it (`endgame.budget_for`: a try, more with few cards of unknown place or a stack of known cards only) but does
find with `--factor` (ten by default) times that budget or the yardstick's (`endgame.BUDGET`, about 1 s of
one core), whichever is larger. Each is told by `win_chance` at the levels
given (the chance against that level, calibrated) and compared with the exact value under best play by
both, in points of chance: the median and the 90th percentile of the error, the mean signed error, and
how many positions are off by more than 5 points.
"""

from __future__ import annotations

import argparse
import statistics

from endgame import valued_positions

from famiglia.ai import win_chance
from famiglia.ai.endgame import BUDGET, budget_for, ends_soon, solve, state_of
from famiglia.engine import SeatView


def outside_reach(games: int, seed: int, most: int, unknown: int, *, spec: str = "normal",
                  factor: int = 10) -> list[tuple[SeatView, float]]:
    """Late positions the try misses and the long search solves, with their exact values (at most `most`, and
    with at most `unknown` cards of unknown place in the stack: the long search seldom finishes more)."""

    def exact(view: SeatView) -> float | None:
        state = state_of(view)
        if state is None or sum(state.unknown) > unknown or ends_soon(state) or solve(view) is not None:
            return None
        solution = solve(view, budget=factor * max(BUDGET, budget_for(state)))
        return solution.value if solution is not None else None

    return valued_positions(games, seed, spec, exact, most=most)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--most", type=int, default=200, help="positions at most")
    parser.add_argument("--levels", default="normal,normal-3")
    parser.add_argument("--unknown", type=int, default=6, help="cards of unknown place in the stack at most")
    parser.add_argument("--players", default="normal", help="the player whose games against itself give the positions")
    parser.add_argument("--factor", type=int, default=10, help="the yardstick's budget, in times the levels'")
    args = parser.parse_args()
    positions = outside_reach(args.games, args.seed, args.most, args.unknown, spec=args.players, factor=args.factor)
    print(f"{len(positions)} positions from {args.games} games of {args.players} against itself (seed {args.seed})")
    for level in args.levels.split(","):
        errors = [100 * (win_chance(view, level=level) - exact) for view, exact in positions]
        if not errors:
            continue
        sizes = sorted(abs(e) for e in errors)
        p90 = sizes[min(len(sizes) - 1, int(0.9 * len(sizes)))]
        print(f"{level}: error median {statistics.median(sizes):.1f}, p90 {p90:.1f}, "
              f"mean signed {statistics.mean(errors):+.1f} points; {sum(1 for e in sizes if e > 5)} of "
              f"{len(sizes)} off by more than 5")


if __name__ == "__main__":
    main()
