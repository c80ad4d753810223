"""Computer player strength: seeded matches, seats swapped every game, with 95% Wilson intervals.

Plays each pairing with `famiglia.ai.match.run_match` (the same as `famiglia simulate`) and prints one
line per pairing: the first player's wins, draws and losses, its win rate with the interval, and both
players' median time per decision. The targets of docs/ai.md are printed beside the figures: met or
missed where the whole interval says so, and otherwise on which side the rate itself lies.
Run: `python benchmarks/ai_strength.py --games 400 --jobs 2` (hours with normal and hard; start small).
"""

from __future__ import annotations

import argparse
import time

from famiglia.ai.match import run_match
from famiglia.ai.stats import summarize

PAIRINGS: dict[tuple[str, str], tuple[float, float]] = {  # the first player's floor and ceiling against the second
    ("easy", "random"): (0.95, 1.0),
    ("easy", "greedy"): (0.30, 0.60),  # a beginner: neither helpless nor a match for greedy's sums
    ("normal", "normal-1"): (0.65, 1.0),  # the levels against themselves as they were (docs/ai.md)
    ("hard", "hard-1"): (0.65, 1.0),
    ("hard", "normal"): (0.60, 1.0),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per pairing")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--pairings", default=",".join(f"{a}:{b}" for a, b in PAIRINGS),
                        help="comma-separated A:B pairs, e.g. greedy:random,normal:greedy")
    args = parser.parse_args()
    for pair in args.pairings.split(","):
        a, b = pair.split(":")
        start = time.perf_counter()
        records = run_match((a, b), args.games, args.seed, jobs=args.jobs)
        first, second = summarize((a, b), records)
        verdict = _verdict(PAIRINGS.get((a, b)), first.win_rate, first.win_rate_low, first.win_rate_high)
        print(f"{a} v {b}: {first.wins}-{first.draws}-{first.losses} of {first.games}, win rate {first.win_rate:.1%} "
              f"[{first.win_rate_low:.1%}, {first.win_rate_high:.1%}]; scores {first.mean_score:.1f} v "
              f"{second.mean_score:.1f}; {first.mean_turns:.1f} turns; median s/decision {a} "
              f"{first.median_decision_seconds:.3f}, {b} {second.median_decision_seconds:.3f}; "
              f"{time.perf_counter() - start:.0f} s. {verdict}", flush=True)


def _verdict(target: tuple[float, float] | None, rate: float, low: float, high: float) -> str:
    """The win rate against its target: met or missed by the whole interval, else where the rate itself lies."""
    if target is None:
        return ""
    floor, ceiling = target
    said = f"target {floor:.0%}" + (f"–{ceiling:.0%}" if ceiling < 1 else " or more")
    if floor <= low and high <= ceiling:
        return f"{said}: met, the whole interval inside it"
    if high < floor or low > ceiling:
        return f"{said}: missed, the whole interval outside it"
    inside = floor <= rate <= ceiling
    side = "inside" if inside else "outside"
    return f"{said}: the rate is {side} it, the interval reaches across it (play more games)"


if __name__ == "__main__":
    main()
