"""The session driven through the verbs the keys stand for, without the application: no prompt_toolkit.

`seated` and `resumed` give a session at the table, past its first handoff; `step` and `moments` play a
sitting with a seeded random hand, as the keys would: the handoff is passed, actions are chosen at random
among the legal ones (passes made rare so games run long), and a take or pass is confirmed when the
session asks for it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from famiglia.engine import Game
from famiglia.tui.model.playing import undo
from famiglia.tui.model.session import Screen, Session

__all__ = ["at_table", "moments", "new_session", "resumed", "reveal", "seated", "step"]


def new_session(seed: int | None = None, **kw: Any) -> Session:
    """A game for Anna and Ben whose handoff takes keys as soon as it is drawn."""
    kw.setdefault("names", ("Anna", "Ben"))
    kw.setdefault("handoff_guard", 0)
    return Session(seed=seed, **kw)


def seated(*, names: tuple[str, str] = ("Anna", "Ben"), seed: int = 3, **kw: object) -> Session:
    """A session at the table of the player to move, past the first handoff."""
    session = new_session(seed, names=names, **kw)
    reveal(session)
    return session


def reveal(session: Session) -> None:
    """Pass the handoff on show, as its player's Enter does once it is drawn: the table."""
    assert session.screen is Screen.HANDOFF
    session.drawn()
    session.reveal()
    assert session.screen is Screen.TABLE


def resumed(game: Game, **kw: object) -> Session:
    """A session on `game`, at the table of the player to move."""
    session = Session.resume(game, handoff_guard=0, **kw)  # type: ignore[arg-type]
    reveal(session)
    return session


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
