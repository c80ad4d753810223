"""Calibration of `famiglia.ai.win_chance`: estimates grouped in tenths against how often that seat went on to win.

A level's chance is the chance against that level's computer, so its calibration is measured on games
against it. Whose play the seat is, `--seat`:

- `hints` (the default for the turn search's levels): the seat plays as the hints say — the level's
  own search, asked without a seed as the hints ask it — against `player(level)`, seats swapped every
  game; where that opponent is the same search (normal; hard plays the tree search), both seats
  are kept. The chance told is then what it says: the chance of a player who plays on as the
  computer advises, against that computer (as GNU Backgammon's chances assume its own play on both
  sides).
- `pool` (the default for the reference levels, how `normal-2` was fitted): the seat is each player
  of a pool (`POOL`: greedy, the beginner, the old tree search) in turn.

Every `--every`-th decision of the seat is kept, with whether that seat won the game in the end (a
draw is no win). Each position's `win_chance(view, level=--level)` (seeded by the position alone, as
the hints and the analysis ask it) is then grouped by tenths (0–10%, 10–20%, …) and each group's mean
estimate is compared with its observed win rate. A group is calibrated when the two are within 5
percentage points; groups of fewer than 50 positions are shown but not judged. Prints the table, a
text reliability diagram, and the same table in Markdown (for docs/ai.md). Then the gap of each kind of
position: the turn's first decision or a later one, and what the search advised there (a take, a pass,
a refresh, or a plan that ends with a take or a pass, its Accountant, swaps and Brute included). Where a
take is advised the turn ends and the next chance is the opponent's, so a gap of its own there shows as a
jump at the turn's end.
Run: `python benchmarks/calibration.py --positions 2000 --level normal`.

`--jobs N` plays the games over N processes (the positions do not change).
`--save FILE` keeps the raw estimates and `--load FILE` reports from them without playing again.
`--fit` instead fits the level's calibration (`evaluation.calibrated`, beta calibration:
sigmoid(a·ln p − b·ln(1 − p) + c)) to the raw estimates of these positions and writes it into
famiglia/data/calibration.json; fit on some seeds and measure on others
(`--seed 2 --save fit.json`, `--seed 1 --save measure.json`, then `--load fit.json --fit` and
`--load measure.json`). `--cross` with several `--load` files measures the fitting itself where games are
few: each set is told by a fit on all the other sets (leave one set out), so every game is measured and
none by a fit that saw it.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

from clustered import clustered_error

from famiglia.ai import player
from famiglia.ai.advice import Advice
from famiglia.ai.estimate import estimator
from famiglia.ai.evaluation import CLIP, beta_map, calibrated, waiting
from famiglia.ai.levels import LEVELS
from famiglia.ai.seeding import derive_seed
from famiglia.ai.turnsearch import TurnSearch
from famiglia.engine import Game, Pass, Refresh, SeatView

Row = tuple[float, bool, bool, str, str]  # a raw estimate, a certain win, won, the kind of position and the advice's
KINDS = ("first", "later")  # the turn's first decision, or one after a step of the turn (a refresh, an Accountant…)
ADVISED = ("take", "pass", "refresh")  # the plan the search advised there: ending with a take or a pass, or a refresh
POOL = ("greedy", "easy", "normal-1")  # the players whose chance against the level is measured
OUT = Path(__file__).resolve().parent.parent / "famiglia" / "data" / "calibration.json"
TOLERANCE = 0.05
MIN_GROUP = 50


def positions(count: int, seed: int, every: int, level: str) -> list[tuple[SeatView, bool, str]]:
    """At least `count` positions (the pool player's view, whether it won, the pairing) from games against `level`."""
    out: list[tuple[SeatView, bool, str]] = []
    game_number = 0
    while len(out) < count:
        opponent = POOL[game_number % len(POOL)]
        seat = (game_number // len(POOL)) % 2  # the pool player's seat; seat 0 starts
        specs = (opponent, level) if seat == 0 else (level, opponent)
        players = [player(specs[s], seed=derive_seed("calibration-player", seed, game_number, s)) for s in (0, 1)]
        game = Game.new(seed=derive_seed("calibration", seed, game_number), first=0)
        kept: list[SeatView] = []
        n = 0
        while not game.is_over:
            view = game.view(game.to_move, memory=True)
            if game.to_move == seat:
                if n % every == game_number % every:
                    kept.append(view)
                n += 1
            game.apply(players[game.to_move].choose(view))
        result = game.result()
        assert result is not None
        out += [(view, result.winner == seat, f"{opponent} v {level}") for view in kept]
        game_number += 1
    return out


def followed(game_number: int, seed: int, every: int, level: str, waiting: bool = False) -> list[Row]:
    """One game of the hint-follower against `player(level)`: the raw estimates its search told, and the outcomes.

    The follower is the level's own search asked without a seed, so its choice is the hint and its
    chance is `win_chance` of the position (raw: before the calibration). Where the opponent is the same
    search, its estimates are kept too. Otherwise, with `waiting`, the positions where the computer is to move
    are kept as well, of kind "waiting": the follower's search told from the computer's seat, as the follower's
    chance (one less the computer's raw chance), with whether the follower won (`evaluation.waiting_chance`).
    """
    seat = game_number % 2  # the follower's seat; seat 0 starts
    follower = estimator(level)
    opponent = player(level, seed=derive_seed("calibration-player", seed, game_number, 1 - seat))
    players = {seat: follower, 1 - seat: opponent}
    kept_seats = {0, 1} if isinstance(opponent, TurnSearch) else {seat}
    waits = waiting and not isinstance(opponent, TurnSearch)
    game = Game.new(seed=derive_seed("calibration", seed, game_number), first=0)
    kept: list[tuple[float, bool, int, str, str]] = []
    n = 0
    while not game.is_over:
        mover = game.to_move
        view = game.view(mover, memory=True)
        search = players[mover]
        if mover in kept_seats:
            assert isinstance(search, TurnSearch)
            advice = search.advise(view, raw=True)
            if n % every == game_number % every:
                kind = KINDS[bool(view.this_turn)]
                kept.append((advice.chance, advice.certain, mover, kind, _advised(advice)))
            n += 1
            game.apply(advice.action)
        else:
            if waits and n % every == game_number % every:  # the follower's chance while the computer moves
                told = follower.advise(view, raw=True)
                kept.append((0.0 if told.certain else 1.0 - told.chance, False, seat, "waiting", ""))
            if waits:
                n += 1
            game.apply(search.choose(view))
    result = game.result()
    assert result is not None
    return [(chance, certain, result.winner == mover, kind, advised) for chance, certain, mover, kind, advised in kept]


def hint_estimates(count: int, seed: int, every: int, level: str, jobs: int, waiting: bool = False) -> list[Row]:
    """At least `count` raw estimates of the hint-follower's positions (see `followed`), game by game in order."""
    out: list[Row] = []
    game_number = 0
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        while len(out) < count:
            batch = range(game_number, game_number + jobs)
            for found in pool.map(partial(followed, seed=seed, every=every, level=level, waiting=waiting), batch):
                if len(out) < count:
                    out += found
            game_number += jobs
    return out


def estimates(found: list[tuple[SeatView, bool, str]], level: str) -> list[Row]:
    """Each position's raw estimate (before the calibration), whether it is a certain win, and the outcome.

    `win_chance` of the position is `calibrated(raw, level)`, or 1.0 for a certain win (a pass that wins at once).
    """
    out: list[Row] = []
    for view, won, _ in found:
        advice = estimator(level).advise(view, raw=True)
        out.append((advice.chance, advice.certain, won, KINDS[bool(view.this_turn)], _advised(advice)))
    return out


def _advised(advice: Advice) -> str:
    """The kind of plan the search advised (`ADVISED`): a refresh, or the rest of the turn ending with a take or a
    pass (its Accountant, swaps and Brute are steps of that plan, rated by the same playouts)."""
    if type(advice.action) is Refresh:
        return "refresh"
    return "pass" if type(advice.line[-1]) is Pass else "take"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--every", type=int, default=3, help="keep every n-th decision of each game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seat", choices=("hints", "pool"),
                        help="whose play the seat is: the hints' (default for normal, hard, easy) or the pool's")
    parser.add_argument("--jobs", type=int, default=1, help="processes for the hint-follower's games")
    parser.add_argument("--waiting", action="store_true",
                        help="also keep the follower's chance while a computer of another search is to move")
    parser.add_argument("--fit", action="store_true", help="fit the calibration and write " + str(OUT.name))
    parser.add_argument("--save", type=Path, help="keep the raw estimates in this file")
    parser.add_argument("--load", type=Path, nargs="+",
                        help="read the raw estimates from --save files (all of them together) instead of playing")
    parser.add_argument("--cross", action="store_true",
                        help="with several --load files: tell each by a fit on the others (leave one set out)")
    args = parser.parse_args()
    start = time.perf_counter()
    if args.load:
        sets = []
        seeds = []
        for path in args.load:
            saved = json.loads(path.read_text(encoding="utf-8"))
            sets.append([(float(c), bool(k), bool(w), str(more[0]) if more else "", str(more[1]) if more[1:] else "")
                         for c, k, w, *more in saved["estimates"]])  # sets made before kinds, or advice, have none
            args.level, args.every = saved["level"], saved["every"]
            args.seat = saved.get("seat", "pool")
            seeds.append(str(saved["seed"]))
        args.seed = ", ".join(seeds)
        raw = [row for rows in sets for row in rows]
        took = "read from " + ", ".join(str(p) for p in args.load)
    else:
        args.seat = args.seat or ("hints" if args.level in LEVELS else "pool")
        if args.seat == "hints":
            raw = hint_estimates(args.positions, args.seed, args.every, args.level, args.jobs, args.waiting)
        else:
            raw = estimates(positions(args.positions, args.seed, args.every, args.level), args.level)
        took = f"{time.perf_counter() - start:.0f} s"
        if args.save:
            args.save.write_text(json.dumps({"level": args.level, "seed": args.seed, "every": args.every,
                                             "seat": args.seat,
                                             "estimates": raw}) + "\n", encoding="utf-8")
        sets = [raw]
    if args.fit:
        fit(raw, args.level, args.seed)
        return
    if args.cross:
        if len(sets) < 2:
            parser.error("--cross needs two --load files or more")
        report(sets, args, took + "; each set told by a fit on the others", held_out(sets))
        return
    report(sets, args, took)


def report(sets: list[list[Row]], args: argparse.Namespace, took: str,
           maps: list[Callable[[float], float]] | None = None) -> None:
    """The table of tenths, the text diagram and the Markdown, for `win_chance` = the calibrated estimates.

    With several sets of games (`--load` files), each tenth's gap is given with its standard error between
    the sets: the positions of one game share its outcome, so the error of a tenth's rate comes from how
    the games fell, which the sets (each of its own games) show and a count of positions does not.
    `maps` tells each set's raw estimates by a map of its own (`--cross`: a fit on the other sets); by
    default every set is told by the level's calibration, exactly as `win_chance` tells it.
    """
    kept = [row for raw in sets for row in raw if row[3] == "waiting"]  # the computer's turns (`--waiting`)
    if kept:
        told = sum(waiting(row[0], args.level) for row in kept) / len(kept)
        won = sum(1 for row in kept if row[2]) / len(kept)
        print(f"the computer's turns: {len(kept)} positions, the follower told {told:.1%} on average "
              f"(evaluation.waiting), won {won:.1%}\n")
        sets = [[row for row in raw if row[3] != "waiting"] for raw in sets]
    if maps is None:
        maps = [partial(calibrated, level=args.level)] * len(sets)

    def tell(number: int, row: Row) -> float:
        return 1.0 if row[1] else maps[number](row[0])

    groups: list[list[tuple[float, bool, int]]] = [[] for _ in range(10)]
    for number, raw in enumerate(sets):
        for row in raw:
            told = tell(number, row)
            groups[min(9, int(told * 10))].append((told, row[2], number))
    whose = "the hint-follower" if args.seat == "hints" else ", ".join(POOL)
    print(f"{sum(len(raw) for raw in sets)} positions of {whose} from seeded games against {args.level} "
          f"(one decision in {args.every}, seeds {args.seed}), estimated by win_chance at level {args.level} ({took})")
    rows: list[tuple[int, int, float | None, float | None, float | None, float | None, str]] = []
    worst = 0.0
    for g, members in enumerate(groups):
        if not members:
            rows.append((g, 0, None, None, None, None, ""))
            continue
        mean, observed, gap, error = _gap(members, len(sets))
        judged = len(members) >= MIN_GROUP
        verdict = ("within 5 points" if abs(gap) <= TOLERANCE else "OFF") if judged else "too few to judge"
        if judged:
            worst = max(worst, abs(gap))
        rows.append((g, len(members), mean, observed, gap, error, verdict))
    print(f"\n{'estimate':>10} {'positions':>9} {'mean est.':>9} {'observed':>9} {'gap':>6} {'± sets':>6}  verdict"
          "          diagram (# observed, | estimate, 0-100%)")
    for g, n, told_mean, won_rate, off, error, verdict in rows:
        band = f"{g * 10:>3}-{g * 10 + 10}%"
        if told_mean is None or won_rate is None or off is None:
            print(f"{band:>10} {n:>9}")
            continue
        bar = [" "] * 41
        for x in range(int(won_rate * 40) + 1):
            bar[x] = "#"
        bar[round(told_mean * 40)] = "|"
        spread = f"{error * 100:>6.1f}" if error is not None else f"{'':>6}"
        print(f"{band:>10} {n:>9} {told_mean:>9.1%} {won_rate:>9.1%} {off * 100:>+6.1f} {spread}  {verdict:<16} "
              f"{''.join(bar)}")
    print(f"\nworst gap among groups of ≥ {MIN_GROUP}: {worst * 100:.1f} points (target ≤ {TOLERANCE * 100:.0f})")
    by = ((3, KINDS, "the {} decisions of a turn"), (4, ADVISED, "where the search advised a {}"))
    for field, labels, said in by:
        keeping = [number for number, raw in enumerate(sets) if any(row[field] for row in raw)]  # older: left out
        for label in labels:
            members = [(tell(number, row), row[2], kept)
                       for kept, number in enumerate(keeping) for row in sets[number] if row[field] == label]
            if members:
                told_mean, _, gap, error = _gap(members, len(keeping))
                spread = f" ± {error * 100:.1f} between sets" if error is not None else ""
                print(f"{said.format(label)}: {len(members)} positions, told {told_mean:.1%} on average, "
                      f"gap {gap * 100:+.1f}{spread}")
    print("\nMarkdown:\n\n| estimate | positions | mean estimate | observed win rate | gap (points) | standard error "
          "between sets |")
    print("|---|---|---|---|---|---|")
    for g, n, told_mean, won_rate, off, error, _ in rows:
        if told_mean is not None and won_rate is not None and off is not None:
            note = "" if n >= MIN_GROUP else " (too few)"
            shown = f"{error * 100:.1f}" if error is not None else "—"
            print(f"| {g * 10}–{g * 10 + 10}% | {n} | {told_mean:.1%} | {won_rate:.1%} | {off * 100:+.1f}{note} "
                  f"| {shown} |")


def _gap(members: list[tuple[float, bool, int]], sets: int) -> tuple[float, float, float, float | None]:
    """Of positions (told, won, set number): the mean chance told, the rate won, the gap (won less told), and its
    standard error between the `sets` (None from fewer than two)."""
    told = sum(c for c, _, _ in members) / len(members)
    won = sum(1 for _, w, _ in members if w) / len(members)
    gap = won - told
    return told, won, gap, clustered_error((((1.0 if w else 0.0) - c, number) for c, w, number in members), gap, sets)


def fit(raw: list[Row], level: str, seed: int | str) -> None:
    """Fit the calibration to the raw estimates (`fitted`) and write it for `level`; where positions of the
    computer's turns were kept (`followed`'s waiting rows), the waiting seat's map too."""
    waiting = [row for row in raw if row[3] == "waiting"]
    a, b, c, form, count = fitted([row for row in raw if row[3] != "waiting"])
    data = json.loads(OUT.read_text(encoding="utf-8"))
    rule = data["levels"].get(level, {}).get("waiting", "mirror")  # a rule of the level's, until one is fitted
    data["levels"][level] = {"a": round(a, 6), "b": round(b, 6), "c": round(c, 6), "positions": count,
                             "seed": str(seed), "waiting": rule}
    if waiting:
        wa, wb, wc, wform, wcount = fitted(waiting)
        data["levels"][level]["waiting"] = {"a": round(wa, 6), "b": round(wb, 6), "c": round(wc, 6),
                                            "positions": wcount}
        print(f"the waiting seat's map ({wform}) on {wcount} positions: a = {wa:.4f}, b = {wb:.4f}, c = {wc:+.4f}")
    OUT.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(f"fitted ({form}) on {count} positions: a = {a:.4f}, b = {b:.4f}, c = {c:+.4f}; written to {OUT}")


def fitted(raw: list[Row]) -> tuple[float, float, float, str, int]:
    """a, b and c of sigmoid(a·ln p − b·ln(1 − p) + c) fitted to the raw estimates by Newton's method, the form,
    and the number of positions.

    Beta calibration: a and b apart let the low chances and the high ones be corrected each as they need.
    Where the fit would make a or b negative (a better estimate told as a worse chance), Platt's scaling is
    fitted instead (a = b). Certain wins (a pass that wins at once) are told as 1.0 and left out; other
    estimates are read `CLIP` from the ends, as `calibrated` reads them.
    """
    targets = [(chance, 1.0 if won else 0.0) for chance, certain, won, *_ in raw if not certain]
    return (*fitted_to(targets), len(targets))


def fitted_to(targets: list[tuple[float, float]]) -> tuple[float, float, float, str]:
    """a, b and c of `fitted` for (raw chance, target) pairs, the target a 0 or 1 outcome or a chance (an exact
    value), and the form (beta, or Platt's where a or b would be negative)."""
    rows = []
    for chance, target in targets:
        p = min(1.0 - CLIP, max(CLIP, chance))
        rows.append(((math.log(p), -math.log(1.0 - p), 1.0), target))
    a, b, c = _newton(rows, beta=True)
    if a >= 0 and b >= 0:
        return a, b, c, "beta"
    a, b, c = _newton(rows, beta=False)
    return a, b, c, "Platt"


def held_out(sets: list[list[Row]]) -> list[Callable[[float], float]]:
    """For each set, the calibration fitted on all the other sets (`--cross`): every set told by a fit that never
    saw its games, so the table measures the fitting on games it did not see, with all the games measured."""
    maps: list[Callable[[float], float]] = []
    for number in range(len(sets)):
        a, b, c, _, _ = fitted([row for other, raw in enumerate(sets) if other != number for row in raw])
        maps.append(partial(beta_map, a=a, b=b, c=c))
    return maps


def _newton(rows: list[tuple[tuple[float, float, float], float]], *, beta: bool) -> tuple[float, float, float]:
    """The maximum-likelihood (a, b, c) of the logistic model on `rows` ((ln p, −ln(1 − p), 1), won), by damped
    Newton steps; with `beta` False, a and b are one parameter (Platt's scaling)."""

    def features(f: tuple[float, float, float]) -> tuple[float, ...]:
        return f if beta else (f[0] + f[1], f[2])

    xs = [(features(f), y) for f, y in rows]
    n = len(xs[0][0]) if xs else 0
    w = [1.0] * (n - 1) + [0.0]

    def loss(w: list[float]) -> float:
        total = 0.0
        for f, y in xs:
            z = sum(wi * fi for wi, fi in zip(w, f, strict=True))
            total += math.log1p(math.exp(-abs(z))) + max(z, 0.0) - y * z  # −log-likelihood, without overflow
        return total

    for _ in range(60):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for f, y in xs:
            z = sum(wi * fi for wi, fi in zip(w, f, strict=True))
            p = 1.0 / (1.0 + math.exp(-z)) if z >= 0 else math.exp(z) / (1.0 + math.exp(z))
            for i in range(n):
                grad[i] += (p - y) * f[i]
                for j in range(n):
                    hess[i][j] += p * (1.0 - p) * f[i] * f[j]
        step = _solve(hess, grad)
        scale, before = 1.0, loss(w)
        while True:  # halve the step until the likelihood does not fall
            trial = [wi - scale * si for wi, si in zip(w, step, strict=True)]
            if loss(trial) <= before or scale < 1e-8:
                break
            scale /= 2
        w = trial
        if scale * sum(abs(si) for si in step) < 1e-10:
            break
    return (w[0], w[1], w[2]) if beta else (w[0], w[0], w[1])


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix·x = vector for the two or three unknowns of a fit, by Cramer's rule (a singular matrix: no
    step)."""
    whole = _determinant(matrix)
    if not whole:
        return [0.0] * len(vector)
    return [_determinant([[*row[:i], v, *row[i + 1:]] for row, v in zip(matrix, vector, strict=True)]) / whole
            for i in range(len(vector))]


def _determinant(matrix: list[list[float]]) -> float:
    """The determinant of a small square matrix, by expansion along its first row."""
    if len(matrix) == 1:
        return matrix[0][0]
    return sum((-1) ** j * matrix[0][j] * _determinant([row[:j] + row[j + 1:] for row in matrix[1:]])
               for j in range(len(matrix)))


if __name__ == "__main__":
    main()
