"""The endgame solver's speed: positions solved per second by size, and how large a position fits a budget.

    .venv/bin/python benchmarks/endgame.py --games 30

Late positions come from seeded games of the greedy player against itself, taken at the start of each
turn from the first exhaustion on; each is solved with the 1 s budget (`endgame.BUDGET`) and ten times
it. Prints, per number of unknown cards in the stack, how many positions were solved, their median time
and turns searched; budgets are counts, so the times are this machine's.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

from famiglia.ai import player
from famiglia.ai.endgame import BUDGET, solve
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


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30)
    args = parser.parse_args()
    for budget, name in ((BUDGET, "1 s budget"), (10 * BUDGET, "10 s budget")):
        rows: dict[int, list[tuple[bool, float, int]]] = defaultdict(list)
        for view in late_views(args.games):
            unknown = view.draw_stack_size - len(view.stack_bottom)
            start = time.perf_counter()
            solution = solve(view, budget=budget)
            rows[unknown].append((solution is not None, time.perf_counter() - start,
                                  solution.nodes if solution is not None else budget))
        print(f"{name} ({budget} turns searched)")
        print("unknown  positions  solved  median s (solved)  positions/s  median turns")
        for unknown in sorted(rows):
            done = [r for r in rows[unknown] if r[0]]
            med = statistics.median(r[1] for r in done) if done else float("nan")
            rate = len(done) / sum(r[1] for r in done) if done else 0.0
            turns = statistics.median(r[2] for r in done) if done else 0
            print(f"{unknown:7d}  {len(rows[unknown]):9d}  {len(done):6d}  {med:17.3f}  {rate:11.1f}  {turns:12}")


if __name__ == "__main__":
    main()
