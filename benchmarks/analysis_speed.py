"""Analysis speed: one 50-turn game analysed at each level, on one core (processor time) and by the wall clock.

The game is played by two `normal-1` players (games between searching players last about 48 turns),
from the first seed whose game reaches 50 turns, and cut at the end of turn 50. Then
`famiglia.ai.analysis.analyse` rates every decision at each level asked for, in this process
(`jobs=1`). Prints the decisions, the seconds, and the seconds per decision; the target for the
default level (`normal`) is 60 s on one core.
Run: `python benchmarks/analysis_speed.py` (add `--levels easy,normal,hard` to see what depth costs).
"""

from __future__ import annotations

import argparse
import time

from famiglia.ai import player
from famiglia.ai.analysis import analyse
from famiglia.ai.seeding import derive_seed
from famiglia.engine import Game, Step

TARGET = 60.0


def fifty_turns(turns: int) -> tuple[dict[str, object], int, list[tuple[int, str]]]:
    """The start, seed and moves of the first seeded game between two normal-1 players that lasts `turns`."""
    for seed in range(1, 100):
        game = Game.new(seed=derive_seed("analysis-speed", seed), names=("Anna", "Ben"), first=0)
        start, game_seed = game.to_dict(), game.seed
        players = (player("normal-1", seed=1), player("normal-1", seed=2))
        moves: list[tuple[int, str]] = []
        done = 0
        while not game.is_over and done < turns:
            action = players[game.to_move].choose(game.view(game.to_move, memory=True))
            moves.append((game.to_move, str(action)))
            game.apply(action)
            done += action.step is Step.TAKE
        if done >= turns:
            assert isinstance(game_seed, int)
            return start, game_seed, moves
    raise RuntimeError(f"no game of {turns} turns")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", default="normal")
    parser.add_argument("--turns", type=int, default=50)
    args = parser.parse_args()
    start, seed, moves = fifty_turns(args.turns)
    print(f"a game of {args.turns} turns, {len(moves)} decisions")
    for level in args.levels.split(","):
        wall, cpu = time.perf_counter(), time.process_time()
        analyse(start, seed, moves, ("Anna", "Ben"), level=level)
        cpu = time.process_time() - cpu
        wall = time.perf_counter() - wall
        verdict = f"; target ≤ {TARGET:.0f} s -> {cpu / TARGET:.2f} of it" if level == "normal" else ""
        print(f"{level:7} {cpu:7.1f} s of processor time ({cpu / len(moves):.3f} s a decision), {wall:7.1f} s by "
              f"the wall clock{verdict}")


if __name__ == "__main__":
    main()
