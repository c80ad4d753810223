"""Real record files for the tests: seeded games played by a random hand or by computer players, and saved as
`famiglia play` saves them."""

from __future__ import annotations

import random
from pathlib import Path

from famiglia.ai import player
from famiglia.engine import Game
from famiglia.persistence import Move, Record, Store


def played(seed: int, actions: int, *, names: tuple[str, str] = ("Anna", "Ben")) -> tuple[Record, Game]:
    """A record of `actions` random legal actions (fewer if the game ends first), and its game."""
    game = Game.new(seed=seed, names=names)
    record = Record.new(game, id=str(seed))
    rng = random.Random(seed)
    moves = []
    for _ in range(actions):
        if game.is_over:
            break
        legal = game.legal_actions()
        others = [a for a in legal if str(a) != "pass"]
        action = rng.choice(others) if others and rng.random() < 0.97 else rng.choice(legal)
        moves.append(Move(game.to_move, action))
        game.apply(action)
    return record.with_moves(moves), game


def write(path: Path, seed: int = 1, actions: int = 30) -> Path:
    record, game = played(seed, actions)
    path.write_text(record.dumps(game), encoding="utf-8")
    return path


def given_name(path: Path) -> str:
    """How a message names a file given by its path: the path as given, its start cut where it is long."""
    return str(path) if len(str(path)) <= 80 else "…" + str(path)[-79:]


def between(seed: int, players: tuple[tuple[str, int], tuple[str, int]], *, limit: int) -> tuple[Path, Record]:
    """A game of `seed` (Anna first) between two computer players, each `(level, seed)`, for `limit` actions at
    most (fewer if it ends first), saved in the test's data directory: its file and record."""
    game = Game.new(seed=seed, names=("Anna", "Ben"), first=0)
    record = Record.new(game)
    seats = tuple(player(level, chooser_seed) for level, chooser_seed in players)
    moves: list[Move] = []
    while not game.is_over and len(moves) < limit:
        action = seats[game.to_move].choose(game.view(game.to_move, memory=True))
        moves.append(Move(game.to_move, action))
        game.apply(action)
    return Store().create(record.with_moves(moves), game)


def saved_game(seed: int = 3, limit: int = 12) -> tuple[Path, Record]:
    """A game between the greedy player and the easy computer, saved (the analysis tests' game)."""
    return between(seed, (("greedy", 1), ("easy", 2)), limit=limit)


SHORT_SEED = 1  # twelve random moves of this deal hold a mistake and two blunders at the easy level


def short_game(limit: int = 12) -> tuple[Path, Record]:
    """A short seeded game between two random players, saved in the data directory. This deal's game ends
    after 9 moves (two passes in a row); fewer leave it unfinished, and the replay asks first (`y`)."""
    return between(SHORT_SEED, (("random", SHORT_SEED), ("random", SHORT_SEED + 1)), limit=limit)
