"""Agreement of the coach and the reviewer: a seat that always plays the hint's choice, as the analysis rates it.

Seeded games in which one seat always plays `player(--level, seed=--player-seed)`'s choice (by
default the seed the hints use: none, the position alone) against other computer players (seats
swapped), each game then analysed at `--level` (`famiglia.ai.analysis.analyse`). Prints the share of
that seat's rated decisions that got a mark, and its mistakes and blunders, with the other seat's
beside them. Targets: a mark on ≤ 5% of its decisions, no mistake or blunder.
Run: `python benchmarks/agreement.py --games 20` (about a minute a game on one core); add
`--player-seed 1` for a player whose seed differs from the hint's (its choices then differ where the
two searches' noise does).
"""

from __future__ import annotations

import argparse
import time

from famiglia.ai import player
from famiglia.ai.analysis import analyse
from famiglia.ai.seeding import derive_seed
from famiglia.engine import Game

OPPONENTS = ("easy", "greedy", "normal-1")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--level", default="normal")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player-seed", default=None, help="the hint's seat's seed (default: none, as the hints)")
    args = parser.parse_args()
    start = time.perf_counter()
    seen = {"hint": [0, 0, 0, 0], "other": [0, 0, 0, 0]}  # rated, marked, mistakes, blunders
    for i in range(args.games):
        opponent = OPPONENTS[i % len(OPPONENTS)]
        hint_seat = (i // len(OPPONENTS)) % 2
        players = {hint_seat: player(args.level, seed=args.player_seed),
                   1 - hint_seat: player(opponent, seed=derive_seed("agreement", args.seed, i))}
        game = Game.new(seed=derive_seed("agreement-game", args.seed, i), names=("Anna", "Ben"), first=0)
        start_position, game_seed = game.to_dict(), game.seed
        moves = []
        while not game.is_over:
            action = players[game.to_move].choose(game.view(game.to_move, memory=True))
            moves.append((game.to_move, str(action)))
            game.apply(action)
        assert game_seed is not None
        analysis = analyse(start_position, game_seed, moves, ("Anna", "Ben"), level=args.level)
        for d in analysis.decisions:
            if d.forced:
                continue
            counts = seen["hint" if d.player == hint_seat else "other"]
            counts[0] += 1
            counts[1] += d.mark is not None
            counts[2] += d.mark == "mistake"
            counts[3] += d.mark == "blunder"
        h = seen["hint"]
        print(f"game {i + 1} (against {opponent}): the hint's seat so far {h[1]} marked of {h[0]} rated, "
              f"{h[2]} mistakes, {h[3]} blunders ({time.perf_counter() - start:.0f} s)", flush=True)
    for who, (rated, marked, mistakes, blunders) in seen.items():
        share = marked / rated if rated else 0.0
        target = " (targets: ≤ 5% marked, no mistake or blunder)" if who == "hint" else ""
        print(f"{'the seat playing the hint' if who == 'hint' else 'its opponents'}: {marked} of {rated} rated "
              f"decisions marked ({share:.1%}), {mistakes} mistakes, {blunders} blunders{target}")


if __name__ == "__main__":
    main()
