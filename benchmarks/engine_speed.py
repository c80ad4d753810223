"""Engine speed: complete random games per second, `legal_actions()` calls per second, `copy()` and `from_view()`.

A random game is `Game.new(seed=s)`, then until the end a uniformly random legal action other than
`pass`, and `pass` only when it is the only legal action; everything goes through the public
`legal_actions()` and `apply()`. `from_view()` rebuilds a game from the memory-aid view of the player to
move and the true stack order, as a search does for every sampled world. Prints the median of several
runs. Run: `python benchmarks/engine_speed.py`.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from famiglia.engine import Game, Pass

TARGET_GAMES_PER_SECOND = 2_000


def random_game(seed: int) -> int:
    """Play one random game to the end; return the number of actions."""
    g = Game.new(seed=seed)
    rng = random.Random(seed)
    n = 0
    while not g.is_over:
        acts = g.legal_actions()
        choices = [a for a in acts if type(a) is not Pass] or acts
        g.apply(rng.choice(choices))
        n += 1
    return n


def games_per_second(games: int, first_seed: int) -> tuple[float, float]:
    start = time.perf_counter()
    actions = sum(random_game(s) for s in range(first_seed, first_seed + games))
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / games


def legal_calls_per_second(positions: list[Game], repeats: int) -> float:
    """`legal_actions()` on freshly restored games, so no call is answered from a cache (a copy shares it)."""
    copies = [Game.from_dict(d, seed=1) for d in (g.to_dict() for g in positions) for _ in range(repeats)]
    start = time.perf_counter()
    for g in copies:
        g.legal_actions()
    return len(copies) / (time.perf_counter() - start)


def sample_positions(count: int) -> list[Game]:
    rng = random.Random(1)
    out = []
    for seed in range(count):
        g = Game.new(seed=seed)
        for _ in range(rng.randrange(60)):
            if g.is_over:
                break
            acts = g.legal_actions()
            g.apply(rng.choice([a for a in acts if type(a) is not Pass] or acts))
        if not g.is_over:
            out.append(g)
    return out


def copy_microseconds(positions: list[Game], repeats: int) -> float:
    start = time.perf_counter()
    for _ in range(repeats):
        for g in positions:
            g.copy()
    return (time.perf_counter() - start) / (repeats * len(positions)) * 1e6


def from_view_microseconds(positions: list[Game], repeats: int) -> float:
    worlds = [(g.view(g.to_move, memory=True), g.to_dict()["draw_stack"]) for g in positions]
    start = time.perf_counter()
    for _ in range(repeats):
        for view, stack in worlds:
            Game.from_view(view, stack, seed=1)
    return (time.perf_counter() - start) / (repeats * len(worlds)) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    rates, lengths, legal_rates, copies, rebuilds = [], [], [], [], []
    positions = sample_positions(100)
    for run in range(args.runs):
        rate, length = games_per_second(args.games, run * args.games)
        rates.append(rate)
        lengths.append(length)
        legal_rates.append(legal_calls_per_second(positions, 20))
        copies.append(copy_microseconds(positions, 20))
        rebuilds.append(from_view_microseconds(positions, 20))
    median = statistics.median(rates)
    print(f"random games:       {median:8.0f} games/s median of {args.runs} runs of {args.games} "
          f"(min {min(rates):.0f}, max {max(rates):.0f}); {statistics.mean(lengths):.1f} actions a game")
    ratio = median / TARGET_GAMES_PER_SECOND
    print(f"target:             {TARGET_GAMES_PER_SECOND:8d} games/s  ->  ratio {ratio:.2f}x")
    print(f"legal_actions():    {statistics.median(legal_rates):8.0f} calls/s median (uncached)")
    print(f"copy():             {statistics.median(copies):8.1f} µs median")
    print(f"from_view():        {statistics.median(rebuilds):8.1f} µs median")


if __name__ == "__main__":
    main()
