"""The endgame solver's reach: how large a late position it solves within about 1 s and 10 s of one core.

    .venv/bin/python benchmarks/endgame.py --games 8
    .venv/bin/python benchmarks/endgame.py --games 8 --narrow
    .venv/bin/python benchmarks/endgame.py --games 8 --decisions normal

With `--narrow`, the reach of the narrowed search (`endgame.solve(..., narrow=True)`: each later take made in
its two best ways only), whose value is near the exact one, not proven.

Late positions come from seeded games of the greedy player against itself, taken at the start of each
turn from the first exhaustion on. Each is solved with the yardstick's budget (`endgame.BUDGET` turns
searched, about 1 s of one core) and ten times it; budgets are counts, so the times are this machine's.
Prints the sure reach (`endgame.ends_soon`: every one must be solved) and, by the number of cards of
unknown place in the stack, how many positions each budget solved, with the median time and the Street's
median size among them; then the turns searched per second. With `--decisions LEVEL`, instead, what a
decision of that level costs at each of those positions, in processor time: the median, the 90th percentile,
the slowest and all together.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict
from collections.abc import Callable

from famiglia.ai import player
from famiglia.ai.endgame import BUDGET, ends_soon, solve, state_of
from famiglia.engine import Game, SeatView


def late_views(games: int) -> list[SeatView]:
    views = []
    for n in range(games):
        game = Game.new(seed=n)
        players = (player("greedy", seed=n), player("greedy", seed=n + 1))
        while not game.is_over:
            view = game.view(game.to_move, memory=True)
            if view.exhaustions >= 1 and not view.this_turn:
                views.append(view)
            game.apply(players[game.to_move].choose(view))
    return views


def valued_positions(games: int, seed: int, spec: str, value: Callable[[SeatView], float | None], *,
                     most: int | None = None) -> list[tuple[SeatView, float]]:
    """The positions of seeded games of `spec` against itself, at every decision, that `value` gives a value,
    with it (at most `most`)."""
    found: list[tuple[SeatView, float]] = []
    for n in range(games):
        game = Game.new(seed=seed + n)
        players = (player(spec, seed=n), player(spec, seed=n + 1))
        while not game.is_over and (most is None or len(found) < most):
            view = game.view(game.to_move, memory=True)
            told = value(view)
            if told is not None:
                found.append((view, told))
            game.apply(players[game.to_move].choose(view))
    return found


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--narrow", action="store_true", help="the narrowed search's reach, not the exact one's")
    parser.add_argument("--decisions", metavar="LEVEL", help="time LEVEL's decisions at the positions instead")
    args = parser.parse_args()
    views = late_views(args.games)
    if args.decisions:
        decisions(views, args.decisions)
        return
    rows: dict[int, list[tuple[int, float, int]]] = defaultdict(list)  # unknown -> (solved by, seconds, street)
    sure: list[tuple[bool, float]] = []
    turns = seconds = 0.0
    for view in views:
        state = state_of(view)
        assert state is not None
        unknown = sum(state.unknown)
        solved_by, spent = 0, 0.0
        for factor in (1, 10):
            start = time.perf_counter()
            solution = solve(view, budget=factor * BUDGET, narrow=args.narrow)
            spent = time.perf_counter() - start
            turns += solution.nodes if solution is not None else factor * BUDGET
            seconds += spent
            if solution is not None:
                solved_by = factor
                break
        rows[unknown].append((solved_by, spent, len(view.street)))
        if ends_soon(state):
            sure.append((solved_by == 1, spent))
    print(f"{len(views)} late positions of {args.games} games of greedy against itself"
          f"{', the narrowed search' if args.narrow else ''}")
    print(f"sure reach: {sum(ok for ok, _ in sure)} of {len(sure)} solved within 1 s, the slowest in "
          f"{max((s for _, s in sure), default=0.0):.3f} s")
    print("unknown  positions  within 1 s  within 10 s  median s (solved)  median Street (solved)")
    for unknown in sorted(rows):
        found = rows[unknown]
        done = [r for r in found if r[0]]
        one = sum(1 for r in found if r[0] == 1)
        med = statistics.median(r[1] for r in done) if done else float("nan")
        street = statistics.median(r[2] for r in done) if done else float("nan")
        print(f"{unknown:7d}  {len(found):9d}  {one:10d}  {len(done):11d}  {med:17.3f}  {street:22.1f}")
    print(f"{turns / seconds:,.0f} turns searched a second")


def decisions(views: list[SeatView], level: str) -> None:
    """Print what `level`'s decision costs at each of `views`, in processor time."""
    times = []
    for n, view in enumerate(views):
        chooser = player(level, seed=n)
        start = time.process_time()
        chooser.choose(view)
        times.append(time.process_time() - start)
    times.sort()
    print(f"{level} at {len(views)} late positions: median {statistics.median(times):.3f} s, 90th percentile "
          f"{times[int(0.9 * len(times))]:.2f} s, slowest {times[-1]:.2f} s, all {sum(times):.1f} s")


if __name__ == "__main__":
    main()
