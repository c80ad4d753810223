"""Computer player speed: playouts per second, and the time per decision of each level (medians).

Decisions are timed on a fixed, seeded set of positions (games after a number of random legal
actions, mid-turn included). A *playout* is one run of the playout policy from a sampled world (the
default policy: ten turns, then the evaluation); an *iteration* of the search is a determinization,
a walk down the tree, one new node and one playout (a search may stop early, see docs/ai.md).
Times are processor time of this process, which a busy shared machine does not inflate as much as
the wall clock (printed too). Prints medians of several runs.
Run: `python benchmarks/ai_speed.py` (add `--levels easy,normal` to skip the slow ones).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from famiglia.ai import player
from famiglia.ai.determinization import sample_world
from famiglia.ai.ismcts import SearchSettings
from famiglia.ai.playout import PlayoutPolicy, lead
from famiglia.ai.seeding import decision_rng
from famiglia.ai.turnsearch import TurnSettings
from famiglia.engine import Game, Pass, SeatView

TARGETS = {"easy": 0.1, "normal": 1.0, "hard": 3.0}  # seconds per decision on one core
BEFORE = 1_300  # playouts per second before the lean read of the table (docs/ai.md)


def sample_views(count: int, seed: int = 1) -> list[SeatView]:
    """Views of the seat to move after 0–80 random legal actions (a pass only when nothing else is allowed)."""
    rng = random.Random(seed)
    views = []
    for s in range(count):
        g = Game.new(seed=seed * 1000 + s)
        for _ in range(rng.randrange(80)):
            if g.is_over:
                break
            acts = g.legal_actions()
            g.apply(rng.choice([a for a in acts if type(a) is not Pass] or acts))
        if not g.is_over:
            views.append(g.view(g.to_move, memory=True))
    return views


def playouts_per_second(views: list[SeatView], policy: PlayoutPolicy, repeats: int) -> float:
    """Playouts per second of processor time, from sampled worlds (the sampling is left out of the time)."""
    worlds = []
    for view in views:
        rng = decision_rng("bench", view)
        score = lead(view) if view.seat == 0 else -lead(view)
        worlds += [(sample_world(view, rng), rng, score) for _ in range(repeats)]
    start = time.process_time()
    for world, rng, score in worlds:
        policy.run(world, rng, score)
    return len(worlds) / (time.process_time() - start)


def decision_seconds(views: list[SeatView], level: str) -> tuple[list[float], list[float]]:
    """Seconds per decision, by the wall clock and by the processor time of this process."""
    p = player(level, seed=1)
    wall, cpu = [], []
    for view in views:
        start, start_cpu = time.perf_counter(), time.process_time()
        p.choose(view)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return wall, cpu


def _budget(p: object) -> str:
    """The player's budget in its own unit: the turn search's worlds, the tree search's iterations."""
    settings = getattr(p, "settings", None)
    if isinstance(settings, TurnSettings):
        return f"{settings.worlds:4d} worlds"
    if isinstance(settings, SearchSettings):
        return f"{settings.iterations:4d} iterations"
    return "no search"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--levels", default="easy,normal,hard,normal-1")
    args = parser.parse_args()
    views = sample_views(args.positions)
    print(f"positions:      {len(views)} seeded views, mid-turn included")
    for policy in (PlayoutPolicy(), PlayoutPolicy(evaluation="fitted")):
        rates = [playouts_per_second(views, policy, 4) for _ in range(args.runs)]
        median = statistics.median(rates)
        print(f"playouts:       {median:8.0f} /s of processor time, median of {args.runs} runs "
              f"(min {min(rates):.0f}, max {max(rates):.0f}), {median / BEFORE:.1f}x the {BEFORE:,}/s before; "
              f"policy {policy}")
    for level in args.levels.split(","):
        wall, cpu = [], []
        for _ in range(args.runs):
            w, c = decision_seconds(views, level)
            wall += w
            cpu += c
        median = statistics.median(cpu)
        budget = _budget(player(level))
        target = TARGETS.get(level)
        versus = f"; target ≤ {target} s -> {median / target:.2f} of it" if target else ""
        print(f"{level:8} {budget}: {median:6.3f} s/decision median of processor time "
              f"(p95 {statistics.quantiles(cpu, n=20)[-1]:.3f} s), {statistics.median(wall):6.3f} s by the wall clock"
              f"{versus}")

if __name__ == "__main__":
    main()
