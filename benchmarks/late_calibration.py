"""Fit the map that tells a level's chances in late positions (`evaluation.late_calibration`) against the solver.

    .venv/bin/python benchmarks/late_calibration.py --games 60 --players greedy --seed 1000 --fit

Positions come as in `endgame_error.py`: at each decision of seeded games of `--players` against itself, from
the first exhaustion on, with at most `--unknown` cards of unknown place in the stack, whose value the solver
does not find within the levels' budgets but does find with `--factor` times that budget. Each level's
search (`--levels`) rates each position uncalibrated; the map sigmoid(a·ln p − b·ln(1 − p) + c) is fitted
by maximum likelihood with the exact value (the chance under best play by both) as the target, over the
worlds the playouts told (the others the solver valued at the search's leaves, and keep their values).
Without `--fit` it prints the fit; with it, the fit is written into famiglia/data/calibration.json as the
level's `late` map. Fit on some seeds and measure on others with `endgame_error.py`.
"""

from __future__ import annotations

import argparse
import json

from calibration import OUT, fitted_to
from endgame_error import outside_reach

from famiglia.ai.estimate import estimator
from famiglia.ai.turnsearch import TurnSearch, candidates, played_mean
from famiglia.engine import SeatView

Sample = tuple[float, float, int]  # the playouts' mean of the advised candidate, the exact value, the worlds played


def samples(positions: list[tuple[SeatView, float]], level: str) -> list[Sample]:
    """Each position's mean over the worlds `level`'s search played out (the advised candidate's), with its
    exact value and how many worlds that mean is of."""
    found: list[Sample] = []
    for view, exact in positions:
        search = estimator(level)
        assert isinstance(search, TurnSearch)
        played, mean = played_mean(search.rate(view, candidates(view))[0])
        if played:
            found.append((mean, exact, played))
    return found


def fit(found: list[Sample]) -> tuple[float, float, float]:
    """a, b, c by maximum likelihood, the exact values as the targets (beta calibration; Platt's where a or b
    would be negative)."""
    a, b, c, _ = fitted_to([(mean, exact) for mean, exact, _ in found])
    return a, b, c


def write(level: str, fitted: tuple[float, float, float], count: int, args: argparse.Namespace) -> None:
    data = json.loads(OUT.read_text(encoding="utf-8"))
    a, b, c = fitted
    data["levels"][level]["late"] = {"a": round(a, 6), "b": round(b, 6), "c": round(c, 6), "positions": count,
                                     "unknown": args.unknown,
                                     "made_by": f"benchmarks/late_calibration.py --games {args.games} "
                                                f"--players {args.players} --seed {args.seed} --unknown {args.unknown}"}
    OUT.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--players", default="greedy", help="the player whose games against itself give the positions")
    parser.add_argument("--unknown", type=int, default=9, help="cards of unknown place in the stack at most")
    parser.add_argument("--factor", type=int, default=10, help="the yardstick's budget, in times the levels'")
    parser.add_argument("--levels", default="normal,hard")
    parser.add_argument("--fit", action="store_true", help="write the maps into famiglia/data/calibration.json")
    args = parser.parse_args()
    positions = outside_reach(args.games, args.seed, 10_000, args.unknown, spec=args.players, factor=args.factor)
    print(f"{len(positions)} positions from {args.games} games of {args.players} against itself (seed {args.seed})")
    for level in args.levels.split(","):
        found = samples(positions, level)
        if len(found) < 3:
            print(f"{level}: too few positions to fit")
            continue
        fitted = fit(found)
        print(f"{level}: a = {fitted[0]:.4f}, b = {fitted[1]:.4f}, c = {fitted[2]:+.4f} on {len(found)} positions")
        if args.fit:
            write(level, fitted, len(found), args)


if __name__ == "__main__":
    main()
