"""Sittings played by a seeded random hand through the session's own verbs, as the keys would.

Each helper drives a `Session` (never the screen): the handoff is passed, actions are chosen at
random among the legal ones (passes made rare so games run long), and a take or pass is confirmed
when the session asks for it.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

from famiglia.persistence import Store
from famiglia.tui.model.playing import undo
from famiglia.tui.model.session import Screen, Session


def home() -> Path:
    return Path(os.environ["FAMIGLIA_HOME"])


def new_session(seed: int, **kw: object) -> Session:
    kw.setdefault("handoff_guard", 0)
    return Session(names=("Anna", "Ben"), seed=seed, **kw)  # type: ignore[arg-type]


def at_table(session: Session) -> None:
    """Pass the handoff, as its player's Enter does once it is drawn."""
    if session.screen is Screen.HANDOFF:
        session.drawn()
        session.reveal()
    assert session.screen in (Screen.TABLE, Screen.END)


def step(session: Session, rng: random.Random, *, undo_every: int = 0) -> bool:
    """One thing a player does: confirm a turn's end, undo now and then, or play a random legal action.

    False once the game is over.
    """
    at_table(session)
    if session.screen is Screen.END:
        return False
    if session.ending is not None:
        if undo_every and rng.randrange(undo_every) == 0 and session.can_undo:
            undo(session)
        else:
            session.end_turn()
        return True
    if undo_every and rng.randrange(undo_every) == 0 and session.can_undo:
        undo(session)
        return True
    assert session.game is not None
    legal = session.game.legal_actions()
    others = [a for a in legal if str(a) != "pass"]
    action = rng.choice(others) if others and rng.random() < 0.95 else rng.choice(legal)
    assert session.play(action), session.message
    return True


def moments(session: Session, rng: random.Random, *, limit: int = 600, undo_every: int = 0) -> Iterator[Session]:
    """The session after each thing done, until the game is over or `limit` is reached."""
    for _ in range(limit):
        if not step(session, rng, undo_every=undo_every):
            return
        yield session


def store() -> Store:
    return Store()
