"""The guided first game as a sitting: an ordinary `Session` against the easy computer, with a `Guide` beside it.

`guided_session` deals the guided game (`famiglia.profile.guided_deal.GUIDED_SEED`, the player at seat 0 and starting)
or carries on a saved one, and ties the guide to it: every change of the game goes through the
session's `on_action` hooks to `Guide.changed` (the screen also calls `Guide.observe` after each key,
for the deal that follows the names question), and a try the rules refuse is explained by the
guide as well as on the message line (`GuidedTable`). What the guide reads is the player's own view
of the table (R12), never the computer's hand.
"""

from __future__ import annotations

from pathlib import Path

from famiglia.engine import Action
from famiglia.persistence import Record, Store
from famiglia.profile.guided_deal import GUIDED_FIRST, GUIDED_OPPONENT, GUIDED_SEED
from famiglia.profile.seats import HUMAN, seat_name

from ..saving import resume_session
from ..session import Session
from ..table import Table
from .guide import Guide
from .tutor import PLAYER

__all__ = ["GuidedTable", "guided_session"]


class GuidedTable(Table):
    """The table's verbs, with a refused try explained by the guide (the rule it runs into) as well."""

    def __init__(self, session: Session, guide: Guide) -> None:
        super().__init__(session)
        self.guide = guide

    def play(self, action: Action | str) -> bool:
        played = super().play(action)
        game = self.session.game
        if not played and game is not None and not game.is_over and game.to_move == PLAYER:
            self.guide.refuse(game, action)
        return played


def guided_session(name: str | None = None, *, record: Record | None = None, store: Store | None = None,
                   path: Path | None = None, memory_aid: bool = False,
                   confirm: bool = True) -> tuple[Session, Guide]:
    """The guided game's sitting and its guide: a new deal for `name` (None: the game asks), or `record` played on."""
    if record is None:
        names = None if name is None else (name, seat_name(GUIDED_OPPONENT))
        session = Session(names=names, seed=GUIDED_SEED, first=GUIDED_FIRST, seats=(HUMAN, GUIDED_OPPONENT),
                          memory_aid=memory_aid, confirm=confirm)
        guide = Guide()
    else:
        session = resume_session(record, store=store, path=path, memory_aid=memory_aid, confirm=confirm)
        guide = Guide.resumed(record)
    session.table = GuidedTable(session, guide)

    def observe(s: Session, action: Action | None) -> None:
        if s.game is not None:
            guide.changed(s.game.view(PLAYER))

    session.on_action.append(observe)
    if session.game is not None:
        guide.observe(session.game.view(PLAYER))
    return session, guide
