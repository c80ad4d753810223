"""The plain mode's driver: a sitting played through text streams, its lines typed by a seeded player who reads
the session as a person reads the lines (whose turn, what is asked), and everything written kept.

`Typist` is the input stream: each `readline` notes where the output stood when the line was asked for and
answers from `choose`, which the test gives; `play` runs a whole sitting and returns what was written.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from famiglia.ai import Player
from famiglia.tui.model.screens import Screen
from famiglia.tui.model.session import Session
from famiglia.tui.plain import run_plain
from famiglia.tui.plain.answers import numbered_actions
from famiglia.tui.plain.sitting import Aside

from .computer import tiny

__all__ = ["Read", "Typist", "by_options", "play"]


@dataclass
class Read:
    """One line the sitting read: what had been written before it was asked for, and what was typed."""

    written: int  # characters of the output before this line was read
    typed: str
    screen: Screen
    mover: int | None  # the seat at the keyboard then


@dataclass
class Typist(io.TextIOBase):
    """An input stream whose lines `choose(session, rng)` makes as they are read; None from it ends the input."""

    choose: Callable[[Session, random.Random], str | None]
    output: io.StringIO
    seed: int = 0
    limit: int = 5000  # lines at most, so a sitting that never ends fails instead of hanging
    session: Session | None = None
    reads: list[Read] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        assert self.session is not None
        if len(self.reads) >= self.limit:
            return ""
        typed = self.choose(self.session, self.rng)
        if typed is None:
            return ""
        s = self.session
        self.reads.append(Read(len(self.output.getvalue()), typed, s.screen,
                               s.at_keyboard if s.table.game is not None else None))
        return typed + "\n"


def by_options(session: Session, rng: random.Random) -> str | None:
    """A player who asks for the options and types one of their numbers (now and then a pass), confirms each turn,
    goes on at each handoff and leaves at the end."""
    s = session
    if s.screen is Screen.END:
        return "q"
    if s.screen is Screen.NAMES or s.screen is Screen.HANDOFF or s.ending is not None:
        return ""
    game = s.game
    assert game is not None
    legal = game.legal_actions()
    numbered = numbered_actions(legal)
    key = (id(s.turn), len(s.history))
    if getattr(s, "_listed_by_test", None) != key:
        s._listed_by_test = key  # type: ignore[attr-defined]
        return "options"
    if not numbered or rng.random() < 0.05:
        return "pass"
    takes = [i for i, a in enumerate(numbered, start=1) if a.step.name == "TAKE"]
    if takes and rng.random() < 0.6:
        return str(rng.choice(takes))
    return str(rng.randint(1, len(numbered)))


def play(choose: Callable[[Session, random.Random], str | None], *, typing_seed: int = 0,
         session: Session | None = None, aside: Aside | None = None,
         make_player: Callable[[str, int | str | None], Player] = tiny, **options: Any) -> tuple[
        Session, Typist, str, int]:
    """A sitting in the plain mode driven by `choose`: the session, the typist, everything written, the exit status.

    Computer players get a tiny search budget unless `make_player` says otherwise; `typing_seed` seeds
    `choose`'s generator; `session` is one made beforehand (the guided game's, with its `aside`), else
    `options` go to a new `Session` (names, seats, seed, confirm…).
    """
    output = io.StringIO()
    if session is None:
        options.setdefault("handoff_guard", 0)
        session = Session(**options)
    typist = Typist(choose, output, seed=typing_seed, session=session)
    code = run_plain(session=session, input=typist, output=output, terminal=False, make_player=make_player,
                     make_advisor=lambda level: tiny(level, 0), aside=aside)
    return session, typist, output.getvalue(), code
