"""The session a player's screen runs: `famiglia play`'s sitting on a copy of the table's game, playing one seat.

`seat_session` resumes the table's record as the seat knows it (`ServerTable.known_record`), so the
sitting is exactly the one a saved game resumes to, undo included: the person at the screen has
their seat, the other seat is played from the table (or is the computer the table plays), the table
alone saves. `SeatSession` says what differs from a sitting at one terminal, and `Helper` gives the
seat its hints without playing for a person at another terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prompt_toolkit.application import Application

from famiglia.persistence.seats import HUMAN, NETWORK
from famiglia.phrasebook.catalogue import _
from famiglia.tui.model.saving import Autosave, resume_session
from famiglia.tui.model.screens import Message, Screen
from famiglia.tui.model.session import Session
from famiglia.tui.shell.computer import Computer

from .tables import TableBroken

if TYPE_CHECKING:
    from .player import PlayerScreen
    from .tables import ServerTable

__all__ = ["Helper", "SeatSession", "seat_session"]


class SeatSession(Session):
    """A `Session` playing one seat of a server's table: the other seat's actions come from the table.

    Its class is given to the session `resume_session` builds (`seat_session`); what differs is said here.
    """

    side: PlayerScreen

    def new_game(self) -> None:
        if self.screen is Screen.END:
            self.message = Message(_("A new game is a new table: q goes back to the lobby, where n opens one."))

    def end_turn(self) -> None:
        own = self.table.ending is not None and self.table.ending_seat == self.side.own
        super().end_turn()
        if own:
            self.side.ended()


class Helper(Computer):
    """Hints for the seat at this screen; at a table of two people it plays no seat (the other player does)."""

    def __init__(self, session: Session, *, plays: bool, **options: Any) -> None:
        super().__init__(session, **options)
        self.plays = plays

    def _check(self, app: Application[Any]) -> None:
        if self.plays:
            super()._check(app)


def seat_session(table: ServerTable, side: PlayerScreen) -> SeatSession:
    """The sitting of `side`'s seat at `table`, from the record as that seat knows it; `TableBroken` before a game."""
    record = table.known_record(side.seat)
    if record is None:
        raise TableBroken(_("the table has no game yet"))
    seats = [NETWORK, NETWORK]
    seats[side.own] = HUMAN  # the person at this screen; the other seat is played from the table
    if table.options.opponent is not None:
        seats[1] = table.options.opponent
    session = resume_session(record, store=table.store, seats=tuple(seats), confirm=table.options.confirm,
                             memory_aid=table.options.memory_aid)
    session.on_action = [h for h in session.on_action if not isinstance(h, Autosave)]  # the table saves
    session.on_settings = []
    session.__class__ = SeatSession
    seated = session if isinstance(session, SeatSession) else None
    assert seated is not None
    seated.side = side
    if seated.screen is Screen.END:
        seated.message = Message(_("The game of table {code} is over: this is its scoring.").format(code=table.code))
    return seated
