"""`hard` against `hard-2`, paired: what the endgame solver changes in the match, with the luck of the deal taken out.

    .venv/bin/python benchmarks/endgame_paired.py --seeds 831-865 --jobs 2 > paired.jsonl
    .venv/bin/python benchmarks/endgame_paired.py --summary paired.jsonl

`hard` is `hard-2` with the exact solver where it reaches (famiglia/ai/levels.py): the same seed and view
give the same tree search, so a game of `hard` against `hard-2` is the game `hard-2` would have played
against itself, decision for decision, up to the first position where the solver answers and its action
is not the one `hard-2` plays. A plain match spends most of its games on deals where nothing differs, and
their luck hides a few points either way (docs/ai.md, "Strength"). Here each game is played as
`famiglia simulate --players hard,hard-2 --seed S` plays game I of seed S (the same deal, seats and
players' seeds), and at that first difference a second ending is played from the same position and the
same stack, with `hard-2` in hard's seat: the game as `hard-2` would have ended it.

Each game gives whether hard won, and whether the same seat won in the other ending (the same where the two
never differ). The difference of the two win rates over the same games, with Tango's score interval for
paired proportions, says how much the solver changes the seat's results with the deals' luck taken out
where the two players agree. Over seat-swapped games `hard-2` against itself scores one half in expectation
(the same player in both seats, each starting every other game), so hard's score against `hard-2` is one
half plus the mean difference of the results (draws one half). The plain win rate with its Wilson
interval, as `famiglia simulate` prints it, is printed beside them.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import statistics
import sys
import time

from famiglia.ai import player
from famiglia.ai.base import Player
from famiglia.ai.endgame import late_solution, late_value
from famiglia.ai.match import untimed
from famiglia.ai.seeding import derive_seed
from famiglia.ai.stats import wilson_interval
from famiglia.ai.workers import spread
from famiglia.engine import Game

PLAYERS = ("hard", "hard-2")


def _seat_result(game: Game, seat: int) -> float:
    result = game.result()
    assert result is not None
    return 0.5 if result.winner is None else float(result.winner == seat)


def _finish(game: Game, seats: tuple[Player, Player]) -> None:
    while not game.is_over:
        game.apply(seats[game.to_move].choose(game.view(game.to_move, memory=True)))


def paired_game(job: tuple[int, int]) -> dict[str, object]:
    """Game `index` of match seed `match_seed` (as `famiglia.ai.match.play_game` deals and seats it), and, from
    its first position where `hard` and `hard-2` choose differently, the ending with `hard-2` in hard's seat."""
    match_seed, index = job
    start = time.perf_counter()
    seat = index % 2  # hard is player A
    hard, other = (untimed(player(spec, seed=derive_seed("player", match_seed, index, "AB"[p])))
                   for p, spec in enumerate(PLAYERS))
    instead = untimed(player(PLAYERS[1], seed=derive_seed("player", match_seed, index, "A")))
    seats = (hard, other) if seat == 0 else (other, hard)
    game = Game.new(seed=derive_seed("game", match_seed, index), first=0)
    fork: dict[str, object] | None = None
    actions = 0
    while not game.is_over:
        view = game.view(game.to_move, memory=True)
        action = seats[game.to_move].choose(view)
        solution = late_solution(view) if fork is None and game.to_move == seat and view.exhaustions >= 1 else None
        if solution is not None:
            alternative = instead.choose(view)
            if alternative != action:
                ending = game.copy()
                ending.apply(alternative)
                _finish(ending, (instead, other) if seat == 0 else (other, instead))
                fork = {"action": actions,
                        "hard": str(action), "hard-2": str(alternative),
                        "exact": not solution.narrow, "value": solution.value,
                        "value_hard-2": late_value(view, alternative),
                        "result_hard-2": _seat_result(ending, seat)}
        game.apply(action)
        actions += 1
    result = _seat_result(game, seat)
    return {"seed": match_seed, "index": index, "seat": seat, "result": result,
            "result_hard-2": fork["result_hard-2"] if fork else result, "fork": fork,
            "seconds": round(time.perf_counter() - start, 1)}


def paired_interval(better: int, worse: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Tango's score interval for the difference of two paired proportions: `better` pairs where only the first
    succeeded, `worse` where only the second did, of `n`. Unlike the normal interval it keeps a width when few
    or no pairs differ (with none of 60, about six points either way)."""

    def statistic(delta: float) -> float:
        a, b, c = 2 * n, -better - worse + (2 * n - better + worse) * delta, -worse * delta * (1 - delta)
        p21 = (math.sqrt(b * b - 4 * a * c) - b) / (2 * a)
        scale = math.sqrt(n * (2 * p21 + delta * (1 - delta)))
        return (better - worse - n * delta) / scale if scale else 0.0  # no pair differs and delta is 0

    def root(target: float) -> float:  # the statistic falls as delta rises
        low, high = -1 + 1e-9, 1 - 1e-9
        for _ in range(100):
            middle = (low + high) / 2
            low, high = (middle, high) if statistic(middle) > target else (low, middle)
        return (low + high) / 2

    return root(z), root(-z)


def summary(games: list[dict[str, object]]) -> str:
    """The plain win rate and the paired comparison of hard with `hard-2` in its seat, as lines to print."""
    n = len(games)
    results = [float(g["result"]) for g in games]  # type: ignore[arg-type]
    instead = [float(g["result_hard-2"]) for g in games]  # type: ignore[arg-type]
    wins = sum(1 for r in results if r == 1.0)
    low, high = wilson_interval(wins, n)
    better = sum(1 for r, r2 in zip(results, instead, strict=True) if r == 1.0 and r2 != 1.0)
    worse = sum(1 for r, r2 in zip(results, instead, strict=True) if r != 1.0 and r2 == 1.0)
    first, last = paired_interval(better, worse, n)
    forks = [g["fork"] for g in games if isinstance(g["fork"], dict)]
    valued = [f for f in forks if f["value_hard-2"] is not None]
    lost = sorted(f["value"] - f["value_hard-2"] for f in valued if f["value_hard-2"] < f["value"] - 1e-9)
    return "\n".join([
        f"{n} games; hard won {wins}, drew {results.count(0.5)}: win rate {wins / n:.1%} [{low:.1%}, {high:.1%}]"
        " (Wilson)",
        f"hard and hard-2 chose differently in {len(forks)} games; the ending with hard-2 in hard's seat won "
        f"{instead.count(1.0)} ({instead.count(1.0) / n:.1%}), drew {instead.count(0.5)}",
        f"where they first differed, hard-2's move valued by the search that gave hard's: worse in {len(lost)} of "
        f"{len(valued)}{' (by ' + ', '.join(f'{100 * x:.0f}' for x in lost) + ' points of chance)' if lost else ''}; "
        f"{sum(1 for f in forks if f['exact'])} of the {len(forks)} positions were solved exactly",
        f"of the same games hard won {better} that hard-2 in its seat did not, and did not win {worse} that it won",
        f"paired: hard's win rate minus hard-2's in the same seat of the same games {(better - worse) / n:+.1%} "
        f"[{first:+.1%}, {last:+.1%}] (Tango's 95% score interval); hard's score against hard-2, draws half, "
        f"{0.5 + statistics.fmean(r - r2 for r, r2 in zip(results, instead, strict=True)):.1%}",
    ])


def _seeds(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="831-840", help="match seeds FIRST-LAST, two games each")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--summary", nargs="+", metavar="FILE", help="summarize the JSON lines of earlier runs")
    args = parser.parse_args()
    if args.summary:
        games = [json.loads(line) for name in args.summary
                 for line in pathlib.Path(name).read_text(encoding="utf-8").splitlines() if line.strip()]
        print(summary(games))
        return
    games = []
    for game in spread(paired_game, [(s, i) for s in _seeds(args.seeds) for i in (0, 1)], args.jobs):
        games.append(game)
        print(json.dumps(game), flush=True)
    print(summary(games), file=sys.stderr)


if __name__ == "__main__":
    main()
