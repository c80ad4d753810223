"""Saved games for the home screen's tests: seeded games played to their end (or not) and put in the store, and a
game held open by another famiglia."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from famiglia.engine import Game
from famiglia.persistence import Move, Record, Store
from famiglia.profile.seats import HUMAN


def play(seed: int | str, *, names: tuple[str, str] = ("Anna", "Ben"), seats: tuple[str, str] = (HUMAN, HUMAN),
         actions: int | None = None, first: int | None = None) -> Record:
    """A record of a game played with random legal actions (passes rare), to its end or for `actions` actions."""
    game = Game.new(seed=seed, names=names, first=first)
    record = Record.new(game, seats=seats)
    rng = random.Random(str(seed))
    moves = []
    while not game.is_over and (actions is None or len(moves) < actions):
        legal = game.legal_actions()
        others = [a for a in legal if str(a) != "pass"]
        action = rng.choice(others) if others and rng.random() < 0.97 else rng.choice(legal)
        moves.append(Move(game.to_move, action))
        game.apply(action)
    return record.with_moves(moves)


def save(record: Record, *, at: str | None = None, store: Store | None = None) -> Record:
    """Put `record` in the store (the test's data directory) as a new game, saved at time `at` if given."""
    store = Store() if store is None else store
    if at is not None:
        record = replace(record, updated=at, started=at)
    return store.create(record)[1]


def stamp(n: int) -> str:
    """The n-th minute of a fixed day, as a record writes times."""
    return f"2026-01-01T{n // 60:02d}:{n % 60:02d}:00+00:00"


@contextmanager
def open_elsewhere(store: Store, id: str) -> Iterator[None]:
    """For the block, the game `id` is held by another famiglia: its lock is taken, as a second sitting takes it."""
    lock = store.lock(id)
    try:
        yield
    finally:
        lock.release()
