"""The search for the guided game's deal: the seed on which every part of a turn comes up soonest, and on which a
player who follows the hints plays on to the last round.

For each seed `SEED_BASE + 1` … `SEED_BASE + N` it plays the player's first turns with a stand-in player (greedy)
against the easy computer (`famiglia.tui.model.home.rehearsal`) and notes the turn on which each lesson
first comes up. The seeds are ranked by the turn by which all the parts of a turn (refresh, free
take, pair, Mercenary, Accountant, swaps, Brute, the opponent's turn) had come up, then by the sum of
those turns; the best few are then played to the end twice, by the greedy stand-in and by a player
who plays every hint (`HINT_FOLLOWER`, the level the hints come from), to see when the draw stack
runs out, whether the last round (R9.3) comes, and how the game ends. It prints one line per seed
kept, and marks those on which both players reach the last round; `famiglia.profile.guided_deal.GUIDED_SEED` is the seed
it chose. Run: `python benchmarks/guided_deal.py --seeds 400 --turns 6 --keep 10` (the hint follower
takes about 20 s of processor time per game, so some minutes).
"""

from __future__ import annotations

import argparse
import time

from famiglia.profile.guided_deal import SEED_BASE
from famiglia.tui.model.home.rehearsal import EARLY, HINT_FOLLOWER, Rehearsal, rehearse

LATE = ("passes", "exhaustion", "last_round")


def _rank(r: Rehearsal) -> tuple[int, int]:
    return (r.latest_early, sum(r.first_turn.get(lesson, 999) for lesson in EARLY))


def _end(r: Rehearsal) -> str:
    late = " ".join(f"{lesson}={r.first_turn[lesson]}" for lesson in LATE if lesson in r.first_turn)
    scores = "" if r.scores is None else f"{r.scores[0]}-{r.scores[1]}"
    return f"{r.turns} turns, {scores}, {r.reason}; {late}"


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
        greedy, hints = rehearse(r.seed), rehearse(r.seed, student=HINT_FOLLOWER)
        both = all("last_round" in played.progress.seen for played in (greedy, hints))
        early = " ".join(f"{lesson}={r.first_turn[lesson]}" for lesson in EARLY if lesson in r.first_turn)
        print(f"{'*' if both else ' '} {r.seed}: all by turn {r.latest_early}: {early}", flush=True)
        print(f"    greedy: {_end(greedy)}\n    hints:  {_end(hints)}", flush=True)
    print(f"{args.seeds} seeds, {time.process_time() - start:.0f} s of processor time "
          "(* both players reach the last round)")


if __name__ == "__main__":
    main()
