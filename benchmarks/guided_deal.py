"""The search for the guided game's deal: the seed on which every part of a turn comes up soonest.

For each seed `SEED_BASE + 1` … `SEED_BASE + N` it plays the player's first turns with a stand-in player (greedy)
against the easy computer (`famiglia.tui.model.home.rehearsal`) and notes the turn on which each lesson
first comes up. The seeds are ranked by the turn by which all the parts of a turn (refresh, free
take, pair, Mercenary, Accountant, swaps, Brute, the opponent's turn) had come up, then by the sum of
those turns; the best few are then played to the end, to see when the draw stack runs out and how
the game ends. It prints one line per seed kept. `lessons.GUIDED_SEED` is the seed it chose.
Run: `python benchmarks/guided_deal.py --seeds 300 --turns 8` (about a minute of processor time).
"""

from __future__ import annotations

import argparse
import time

from famiglia.tui.model.home.lessons import SEED_BASE
from famiglia.tui.model.home.rehearsal import EARLY, Rehearsal, rehearse


def _rank(r: Rehearsal) -> tuple[int, int]:
    return (r.latest_early, sum(r.first_turn.get(lesson, 999) for lesson in EARLY))


def _line(r: Rehearsal) -> str:
    turns = " ".join(f"{lesson}={r.first_turn[lesson]}" for lesson in EARLY if lesson in r.first_turn)
    end = ""
    if r.scores is not None:
        late = " ".join(f"{lesson}={r.first_turn[lesson]}" for lesson in ("passes", "exhaustion", "last_round")
                        if lesson in r.first_turn)
        end = f" | to the end: {r.turns} turns, {r.scores[0]}-{r.scores[1]}, {r.reason}; {late}"
    return f"{r.seed}: all by turn {r.latest_early}: {turns}{end}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=300, help="how many seeds to try")
    parser.add_argument("--turns", type=int, default=8, help="the player's turns to play of each")
    parser.add_argument("--keep", type=int, default=5, help="how many of the best to play to the end")
    args = parser.parse_args()
    start = time.process_time()
    tried = [rehearse(SEED_BASE + n, turns=args.turns) for n in range(1, args.seeds + 1)]
    best = sorted(tried, key=_rank)[: args.keep]
    for r in best:
        print(_line(rehearse(r.seed)), flush=True)
    print(f"{args.seeds} seeds, {time.process_time() - start:.0f} s of processor time")


if __name__ == "__main__":
    main()
