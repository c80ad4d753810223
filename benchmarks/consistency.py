"""Consistency of the chances: one estimate per position, whichever way it is asked for.

On positions from seeded games between the computer levels (seats swapped), prints:

1. **Spread over seeds**: `win_chance(view, level=L, seed=s)` for seeds 0..S-1 at each position; the
   spread is the largest less the smallest, in points. Target: median ≤ 3.
2. **The hint's own plan**: at positions where the advised first action draws nothing and the turn
   goes on (an Accountant, a swap, a Brute), |the advised chance − `win_chance` of the view after that
   action|, in points, both with the same seed. Targets: median ≤ 3, 90th percentile ≤ 6.
3. **The luck of refreshes**: at positions where a game's player refreshed, the chance the analysis
   expects of that refresh (`analysis.played_chance`) against `win_chance` once its cards are seen,
   for several draws each (orders of the stack the seat cannot tell apart, R12.2). Target: |the mean
   swing| ≤ 1 point over ≥ 500 refreshes; the standard error is printed beside it.
4. **The turn's end** (no target): at takes that deal no new Street, the chance the analysis gives the
   take against 1 − the opponent's `win_chance` of the position it leaves (the mean difference), with
   its standard error between games: the takes of one game share its course, so a few games' takes
   can lean one way together (60 takes, some five games, have come out anywhere from −5 to +5).

Run: `python benchmarks/consistency.py --level normal` (an hour or more on a busy machine; the
counts are options). `--players A,B` takes the positions from games of A against B alone (for example
`normal,normal`, the kind of games `normal`'s chances are calibrated on) instead of the pairings.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Iterator

from clustered import clustered_error

from famiglia.ai import player, win_chance
from famiglia.ai.analysis import played_chance
from famiglia.ai.estimate import estimator
from famiglia.ai.seeding import derive_seed
from famiglia.engine import Game, PlayAccountant, PlayBrute, Refresh, SeatView, Swap, Take

PAIRINGS = (("normal-1", "easy"), ("greedy", "normal-1"), ("easy", "greedy"))
MID_TURN = (PlayAccountant, Swap, PlayBrute)


def games(seed: int, pairings: tuple[tuple[str, str], ...] = PAIRINGS) -> Iterator[list[tuple[SeatView, object]]]:
    """Seeded games between the pairings, seats swapped: each as (view of the seat to move, action played)."""
    number = 0
    while True:
        a, b = pairings[number % len(pairings)]
        seats = (a, b) if (number // len(pairings)) % 2 == 0 else (b, a)
        players = [player(seats[s], seed=derive_seed("consistency-player", seed, number, s)) for s in (0, 1)]
        game = Game.new(seed=derive_seed("consistency", seed, number), first=0)
        moves: list[tuple[SeatView, object]] = []
        while not game.is_over:
            view = game.view(game.to_move, memory=True)
            action = players[game.to_move].choose(view)
            moves.append((view, action))
            game.apply(action)
        yield moves
        number += 1


def after(view: SeatView, action: object, rng: random.Random | None = None) -> SeatView:
    """The view of the seat to move once `action` is played; with `rng`, from one order of the unknown stack."""
    from famiglia.ai.determinization import sample_stack

    stack = sample_stack(view, rng if rng is not None else random.Random(0))
    world = Game.from_view(view, stack, seed=(rng or random.Random(0)).getrandbits(64))
    world.apply(action)  # type: ignore[arg-type]
    return world.view(world.to_move, memory=True)


def points(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (f"median {statistics.median(ordered) * 100:.1f}, 90th percentile {p90 * 100:.1f}, "
            f"mean {statistics.mean(ordered) * 100:.1f}, max {ordered[-1] * 100:.1f} points over {len(ordered)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--spread", type=int, default=40, help="positions for the spread over seeds")
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--plans", type=int, default=60, help="positions whose advised action draws nothing")
    parser.add_argument("--refreshes", type=int, default=100, help="positions where a refresh was played")
    parser.add_argument("--draws", type=int, default=5, help="draws of each refresh")
    parser.add_argument("--ends", type=int, default=60, help="takes for the turn's end")
    parser.add_argument("--players", help="A,B: positions from games of A against B instead of the pairings")
    args = parser.parse_args()
    pairings: tuple[tuple[str, str], ...] = PAIRINGS
    if args.players:
        first, _, second = args.players.partition(",")
        if not second:
            parser.error("--players takes two levels, as A,B")
        pairings = ((first, second),)
    level = args.level
    start = time.perf_counter()
    spread_views: list[SeatView] = []
    plan_views: list[SeatView] = []
    refreshes: list[tuple[SeatView, Refresh]] = []
    ends: list[tuple[SeatView, Take, int]] = []
    for n, moves in enumerate(games(args.seed, pairings)):
        for k, (view, action) in enumerate(moves):
            if len(view.legal_actions) < 2:
                continue
            if k % 5 == n % 5 and len(spread_views) < args.spread:
                spread_views.append(view)
            if type(action) is Refresh and len(refreshes) < args.refreshes:
                refreshes.append((view, action))
            if type(action) is Take and k % 3 == 0 and len(ends) < args.ends and len(view.street) > 1:
                ends.append((view, action, n))
            if any(type(a) in MID_TURN for a in view.legal_actions) and k % 2 == 0:
                plan_views.append(view)
        if (len(spread_views) >= args.spread and len(refreshes) >= args.refreshes and len(ends) >= args.ends
                and len(plan_views) >= 4 * args.plans):
            break
    print(f"level {level}; positions from seeded games of {', '.join(f'{a} v {b}' for a, b in pairings)} "
          f"(seed {args.seed}), found in {time.perf_counter() - start:.0f} s", flush=True)

    spreads = []
    for view in spread_views:
        chances = [win_chance(view, level=level, seed=s) for s in range(args.seeds)]
        spreads.append(max(chances) - min(chances))
    print(f"1. spread over {args.seeds} seeds at one position: {points(spreads)} (target: median ≤ 3)", flush=True)

    steps: list[float] = []
    tried = 0
    for i, view in enumerate(plan_views):
        if len(steps) >= args.plans:
            break
        seed = derive_seed("consistency-plan", args.seed, i)
        advice = estimator(level, seed).advise(view)  # the hints' search: at hard not the player (the tree search)
        tried += 1
        if type(advice.action) not in MID_TURN:
            continue
        steps.append(abs(advice.chance - win_chance(after(view, advice.action), level=level, seed=seed)))
    print(f"2. the hint's own plan, one step that draws nothing ({tried} positions asked): {points(steps)} "
          "(targets: median ≤ 3, 90th percentile ≤ 6)", flush=True)

    swings = []
    for i, (view, refresh) in enumerate(refreshes):
        expected = played_chance(view, refresh, level=level, seed=derive_seed("consistency-refresh", args.seed, i))
        rng = random.Random(derive_seed("consistency-draws", args.seed, i))
        for d in range(args.draws):
            seen = after(view, refresh, rng)
            if seen.is_over:
                continue
            seed = derive_seed("consistency-after", args.seed, i, d)
            swings.append(win_chance(seen, level=level, seed=seed) - expected)
    if len(swings) < 2:  # --refreshes 0, or too few to tell a standard error
        print(f"3. luck of refreshes: {len(swings)} refreshes, too few to say (target: |mean| ≤ 1 over ≥ 500)")
    else:
        mean = statistics.mean(swings)
        error = statistics.stdev(swings) / len(swings) ** 0.5
        print(f"3. luck of refreshes: mean swing {mean * 100:+.2f} points (standard error {error * 100:.2f}) over "
              f"{len(swings)} refreshes of {len(refreshes)} positions (target: |mean| ≤ 1 over ≥ 500)", flush=True)

    gaps: list[tuple[float, int]] = []
    for i, (view, take, game) in enumerate(ends):
        seed = derive_seed("consistency-end", args.seed, i)
        seen = after(view, take)
        if seen.is_over or seen.to_move == view.seat:
            continue
        gaps.append((played_chance(view, take, level=level, seed=seed) - (1 - win_chance(seen, level=level, seed=seed)),
                     game))
    if not gaps:
        print("4. the turn's end: no takes asked")
    else:
        mean = statistics.mean(g for g, _ in gaps)
        error = clustered_error(gaps, mean)
        spread = f" (standard error {error * 100:.1f} between games)" if error is not None else ""
        print(f"4. the turn's end: the take's chance less 1 − the opponent's chance after it: mean "
              f"{mean * 100:+.1f}{spread}, mean |difference| {statistics.mean(abs(g) for g, _ in gaps) * 100:.1f} "
              f"points over {len(gaps)} takes of {len({n for _, n in gaps})} games", flush=True)
    print(f"({time.perf_counter() - start:.0f} s in all)")


if __name__ == "__main__":
    main()
