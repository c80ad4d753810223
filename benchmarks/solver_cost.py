"""What a turn searched by the endgame solver costs: how close its budget, a count, comes to a time.

    .venv/bin/python benchmarks/solver_cost.py --players normal,normal-3 --seeds 1103
    .venv/bin/python benchmarks/solver_cost.py --players greedy,greedy --seeds 7,9,12

The budgets (`endgame.budget_for`) are counts of turns searched, so that a seed and a view give one decision
on any machine; each turn also counts the work of finding its ends and of looking at positions
(`endgame.WORK`). A count is only worth having if it tracks the time. Seeded games are played between the two
players given; at each decision of the first seat from the first exhaustion on that the try (`endgame.TRY`)
misses, with at most 9 cards of unknown place, the solver gets the budget the levels give it. Prints each such
position (its Street, unknown and known cards, budget, whether solved, turns counted, processor seconds, µs a
turn), then the median, lowest and highest µs a turn, and the processor time of the solves that failed.
"""

from __future__ import annotations

import argparse
import statistics
import time

from famiglia.ai import endgame, player
from famiglia.ai.endgame import budget_for, ends_soon, state_of
from famiglia.engine import Game, SeatView


def measured(view: SeatView) -> tuple[bool, int, float] | None:
    """(solved, turns counted, processor seconds) of the levels' solve of `view`, or None where it is not a case."""
    state = state_of(view)
    if state is None or not view.my_turn or ends_soon(state) or sum(state.unknown) > 9:
        return None
    if endgame.solve(view, budget=endgame.TRY) is not None:
        return None
    budget = budget_for(state)
    start = time.process_time()
    solution = endgame.solve(view, budget=budget)
    spent = time.process_time() - start
    return solution is not None, solution.nodes if solution is not None else budget, spent


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", default="greedy,greedy")
    parser.add_argument("--seeds", default="7,9,12")
    args = parser.parse_args()
    specs = args.players.split(",")
    rates: list[float] = []
    failed: list[float] = []
    print("seed  decision  Street  unknown  known   budget  solved    turns  seconds  µs a turn")
    for seed in (int(s) for s in args.seeds.split(",")):
        game = Game.new(seed=seed)
        players = (player(specs[0], seed=1), player(specs[1], seed=2))
        decision = 0
        while not game.is_over:
            view = game.view(game.to_move, memory=True)
            found = measured(view) if game.to_move == 0 else None
            if found is not None:
                solved, turns, spent = found
                state = state_of(view)
                assert state is not None
                rates.append(spent / turns * 1e6)
                if not solved:
                    failed.append(spent)
                print(f"{seed:4d}  {decision:8d}  {len(view.street):6d}  {sum(state.unknown):7d}  {len(state.known):5d}"
                      f"  {budget_for(state):7d}  {solved!s:6s}  {turns:7d}  {spent:7.2f}  {rates[-1]:9.1f}",
                      flush=True)
            game.apply(players[game.to_move].choose(view))
            decision += 1
    if rates:
        print(f"µs a turn: median {statistics.median(rates):.1f}, lowest {min(rates):.1f}, highest {max(rates):.1f}"
              f" ({len(rates)} positions)")
    if failed:
        print(f"solves that failed: {len(failed)}, median {statistics.median(failed):.2f} s, "
              f"longest {max(failed):.2f} s of processor time")


if __name__ == "__main__":
    main()
