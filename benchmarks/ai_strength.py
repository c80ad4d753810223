"""Computer player strength: seeded matches, seats swapped every game, with 95% Wilson intervals.

Plays each pairing with `famiglia.ai.match.run_match` (the same as `famiglia simulate`) and prints one
line per pairing: the first player's wins, draws and losses, its win rate with the interval, and both
players' median time per decision. The targets of the issue are printed beside the figures; a target
is met only if the whole interval lies above it (otherwise the line says so).
Run: `python benchmarks/ai_strength.py --games 400 --jobs 2` (hours with normal and hard; start small).
"""

from __future__ import annotations

import argparse
import time

from famiglia.ai.match import run_match
from famiglia.ai.stats import summarize

PAIRINGS = {  # the first player's target win rate against the second
    ("greedy", "random"): 0.90,
    ("normal", "random"): 0.98,
    ("normal", "greedy"): 0.65,
    ("hard", "normal"): 0.55,
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
        target = PAIRINGS.get((a, b))
        verdict = ""
        if target is not None:
            if first.win_rate_low >= target:
                verdict = f"target {target:.0%}: met"
            elif first.win_rate_high < target:
                verdict = f"target {target:.0%}: missed"
            else:
                verdict = f"target {target:.0%}: inside the interval, play more games"
        print(f"{a} v {b}: {first.wins}-{first.draws}-{first.losses} of {first.games}, win rate {first.win_rate:.1%} "
              f"[{first.win_rate_low:.1%}, {first.win_rate_high:.1%}]; scores {first.mean_score:.1f} v "
              f"{second.mean_score:.1f}; {first.mean_turns:.1f} turns; median s/decision {a} "
              f"{first.median_decision_seconds:.3f}, {b} {second.median_decision_seconds:.3f}; "
              f"{time.perf_counter() - start:.0f} s. {verdict}", flush=True)


if __name__ == "__main__":
    main()
