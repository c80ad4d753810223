"""Fit the search's evaluation (`famiglia.ai.evaluation`) from self-play, and write famiglia/data/evaluation.json.

The data is made by the program itself: seeded games in which both seats play the search's playout
policy (`PlayoutPolicy`, the planner with a little randomness) from the deal to the end. At the start
of every turn the features of the seat to move are recorded (`evaluation.features`, from the engine's
lean `Game.counts()`), labelled 1 if that seat went on to win and 0 otherwise (a draw is no win). A
logistic regression is fitted to them by Newton's method with a small ridge penalty, in plain Python;
the weights, the number of games and positions and the fit's log loss are written as JSON.

Run: `python tools/fit_evaluation.py --games 3000 --seed 1` (about a minute on one core).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path

from famiglia.ai.evaluation import FEATURES, features
from famiglia.ai.playout import PlayoutPolicy
from famiglia.ai.seeding import derive_seed
from famiglia.engine import Game

OUT = Path(__file__).resolve().parent.parent / "famiglia" / "data" / "evaluation.json"
RIDGE = 1e-3


def self_play(games: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """Features of the seat to move at every turn's start, and whether that seat won, over `games` games."""
    policy = PlayoutPolicy(evaluation="lead")  # the cut-off is never reached: every game is played out
    xs: list[list[float]] = []
    ys: list[float] = []
    for i in range(games):
        game = Game.new(seed=derive_seed("fit", seed, i), first=i % 2)
        rng = random.Random(derive_seed("fit-policy", seed, i))
        rows: list[tuple[int, list[float]]] = []
        score = 0
        while not game.is_over:
            seat = game.to_move
            rows.append((seat, features(game.counts())))
            points = policy.play_turn(game, rng, score if seat == 0 else -score)
            score += points if seat == 0 else -points
        result = game.result()
        assert result is not None
        for seat, row in rows:
            xs.append(row)
            ys.append(1.0 if result.winner == seat else 0.0)
    return xs, ys


def fit(xs: list[list[float]], ys: list[float], rounds: int = 12) -> tuple[list[float], float]:
    """Logistic regression by Newton's method (iteratively reweighted least squares); the weights and log loss."""
    n = len(FEATURES)
    w = [0.0] * n
    for _ in range(rounds):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for x, y in zip(xs, ys, strict=True):
            p = _sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))
            g = p - y
            h = p * (1 - p)
            for j in range(n):
                xj = x[j]
                if xj:
                    grad[j] += g * xj
                    hj = h * xj
                    row = hess[j]
                    for k in range(n):
                        row[k] += hj * x[k]
        for j in range(n):
            grad[j] += RIDGE * len(xs) * w[j]
            hess[j][j] += RIDGE * len(xs)
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    loss = 0.0
    for x, y in zip(xs, ys, strict=True):
        p = min(1 - 1e-12, max(1e-12, _sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return w, loss / len(xs)


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a·x = b by Gaussian elimination with partial pivoting (a small, well-conditioned system)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] for i in range(n)]


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    start = time.process_time()
    xs, ys = self_play(args.games, args.seed)
    played = time.process_time() - start
    weights, loss = fit(xs, ys)
    baseline = -sum(math.log(0.5) for _ in ys) / len(ys)
    data = {
        "features": list(FEATURES),
        "weights": [round(w, 6) for w in weights],
        "games": args.games,
        "seed": args.seed,
        "positions": len(xs),
        "log_loss": round(loss, 5),
        "made_by": "tools/fit_evaluation.py",
    }
    args.out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    print(f"{args.games} games, {len(xs)} positions in {played:.1f} s; log loss {loss:.4f} (a coin: {baseline:.4f})")
    for name, w in zip(FEATURES, weights, strict=True):
        print(f"  {name:13} {w:+.4f}")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
