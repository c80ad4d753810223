"""How far the searches' chances are from the exact value, on late positions just outside the solver's reach.

    .venv/bin/python benchmarks/endgame_error.py --games 20

Positions come from seeded games of a player against itself (`--players`, normal by default), at each
decision from the first exhaustion on whose value the solver does not find within the budget the levels give
it (`endgame.budget_for`: a try, more with few cards of unknown place or a stack of known cards only) but does
find with `--factor` (ten by default) times that budget or the yardstick's (`endgame.BUDGET`, about 1 s of
one core), whichever is larger. Each is told by `win_chance` at the levels
given (the chance against that level, calibrated) and compared with the exact value under best play by
both, in points of chance: the median and the 90th percentile of the error, the mean signed error, and
how many positions are off by more than 5 points. With `--play`, also each level's choice at each position,
valued by the solver with the same long budget: at how many it plays worse than best play, and the points of
chance it gives away a position.

    .venv/bin/python benchmarks/endgame_error.py --games 30 --players greedy --seed 5000 --unknown 9 \
        --levels normal,hard --play
"""

from __future__ import annotations

import argparse
import statistics

from endgame import valued_positions

from famiglia.ai import player, win_chance
from famiglia.ai.endgame import BUDGET, budget_for, ends_soon, solve, state_of, value_of
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
    parser.add_argument("--play", action="store_true", help="value each level's choice too")
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
        if args.play:
            losses = [given_away(view, level, n, args.factor) for n, (view, _) in enumerate(positions)]
            valued = [loss for loss in losses if loss is not None]
            print(f"{level}: worse than best play at {sum(1 for loss in valued if loss > 1e-9)} of {len(valued)} "
                  f"positions, {100 * sum(valued) / max(1, len(valued)):.2f} points of chance given away a position")


def given_away(view: SeatView, level: str, seed: int, factor: int) -> float | None:
    """The chance `level`'s choice at `view` gives away against best play, both valued by the solver with
    `factor` times the levels' budget (or the yardstick's); None where it does not finish."""
    state = state_of(view)
    assert state is not None
    budget = factor * max(BUDGET, budget_for(state))
    best = solve(view, budget=budget)
    played = value_of(view, player(level, seed=seed).choose(view), budget=budget)
    return None if best is None or played is None else best.value - played


if __name__ == "__main__":
    main()
