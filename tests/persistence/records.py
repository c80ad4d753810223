"""Real record files for the tests: seeded games played by a random hand and saved as `famiglia play` saves them."""

from __future__ import annotations

import random
from pathlib import Path

from famiglia.engine import Game
from famiglia.persistence import Move, Record


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
