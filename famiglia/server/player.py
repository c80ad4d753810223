"""A player's screen at a table: `famiglia play`'s application on a session of its own, playing its own seat.

The session (`famiglia.server.seatsession`) plays a copy of the table's game as the seat knows it,
only for its own seat: the other seat is treated as the computer's is (the screen never acts for
it, the keys say whose turn it is), and its actions are played on the copy as they arrive from the
table. The screen is drawn from its own seat's view (`Session.view`), never the table's game; if
the copy ever falls out of step with the table, the screen is built again from the table's record.
Until a friend sits down at a new table, the opener sees the wait (`famiglia.server.waiting`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prompt_toolkit.application import Application
from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
from prompt_toolkit.key_binding.key_processor import KeyProcessor

from famiglia.engine import Action
from famiglia.phrasebook import actions
from famiglia.phrasebook.catalogue import Later, _, speaking
from famiglia.tui.model.screens import Message
from famiglia.tui.model.session import Session
from famiglia.tui.shell.app import build_app
from famiglia.tui.view.pieces import short_name

from .saying import Saying
from .seatsession import Helper, SeatSession, seat_session
from .terminal import Terminal
from .waiting import waiting_app

if TYPE_CHECKING:
    from .tables import ServerTable

__all__ = ["PlayerScreen"]


class PlayerScreen:
    """A player's screen at a table, today `famiglia play`'s application on a session of its own."""

    def __init__(self, table: ServerTable, seat: int, terminal: Terminal, *, invite: str = "",
                 word: str | None = None, **computer: Any) -> None:
        self.table = table
        self.own = seat  # the seat this screen plays
        self.invite = invite
        self.word = word
        self.seat: int | None = seat
        self.terminal = terminal
        self.name = terminal.name
        self.computer = computer  # options for the computer player (tests: small budgets, no pace)
        self.session: SeatSession | None = None
        self._app: Application[int] | None = None
        self._receiving = False  # an action from the table is being played on the copy: not sent back
        self._awaiting = False  # this seat's take or pass waits for its Enter
        self._again = False  # the copy fell out of step: the screen is built again from the record
        self._closing: str | None = None
        self._saying = Saying()
        self._waiting: Application[None] | None = None

    @property
    def remote(self) -> bool:
        """Whether the other seat is a person at another terminal (not the computer played on this screen)."""
        return not self.table.against_computer

    # -- the table's calls -------------------------------------------------------------------------------------

    # Each is called from another connection's context (the opponent's key, the server stopping): its work is
    # done in this player's own language (`Terminal.catalogue`), the sentences it makes included.

    def played(self, seat: int, action: Action) -> None:
        with speaking(self.terminal.catalogue):
            self._played(action)

    def _played(self, action: Action) -> None:
        session = self.session
        if session is None or self._app is None:
            return
        self._receiving = True
        try:
            ok = session.play(action)
        except Exception:  # the copy could not take it: built again from the record
            ok = False
        finally:
            self._receiving = False
        if not ok or not self._in_step():
            self._rebuild()
            return
        self._redraw()

    def took_back(self, seat: int) -> None:
        with speaking(self.terminal.catalogue):
            self._took_back(seat)

    def _took_back(self, seat: int) -> None:
        session = self.session
        if session is None:
            return
        snapshots = session.table.snapshots
        if not snapshots or session.game is None:
            self._rebuild()
            return
        game, length = snapshots.pop()
        taken_back = session.history[length]
        session.table.game = game
        del session.table.history[length:]
        session.message = Message(actions.taken_back(taken_back, by=short_name(session.names[seat])))
        if not self._in_step():
            self._rebuild()
            return
        self._redraw()

    def changed(self) -> None:
        waiting = self._waiting
        if waiting is not None and self.table.record is not None and waiting.is_running \
                and waiting.future is not None and not waiting.future.done():
            waiting.exit()  # the friend sat down: the game begins
        self._redraw()

    def notice(self, text: str | Later) -> None:
        if self._waiting is not None:
            self._waiting.invalidate()
        if self.session is not None:
            with speaking(self.terminal.catalogue):
                # A sentence starts with a capital; a message to the table starts with its writer's name, as typed.
                self.session.message = Message(str(text), "warning", verbatim=not isinstance(text, Later))
        self._redraw()

    def close(self, text: str | Later) -> None:
        with speaking(self.terminal.catalogue):
            self._closing = str(text)
        self._exit()
        waiting = self._waiting
        if waiting is not None and waiting.is_running and waiting.future is not None and not waiting.future.done():
            waiting.exit()

    # -- what the screen tells the table -----------------------------------------------------------------------

    def _hook(self, session: Session, action: Action | None) -> None:
        """Every change of the copy: this seat's actions (and the computer's, against it) go to the table."""
        if self._receiving:
            return
        if action is None:
            self._awaiting = False
            if not self.table.take_back(self._mover_of_undo(session)):
                self._rebuild()
            return
        mover = self._last_mover(session)
        awaits = session.ending is not None and session.table.ending_seat == self.seat
        self._awaiting = awaits
        if not self.table.play(mover, action, awaits=awaits):
            self._rebuild()

    def ended(self) -> None:
        """This seat's player pressed Enter on their take or pass."""
        if self._awaiting:
            self._awaiting = False
            self.table.end_turn(self.own)

    def _last_mover(self, session: Session) -> int:
        game = self.table.game  # it has not taken the action yet: its mover is the one to move there
        return game.to_move if game is not None else self.own

    def _mover_of_undo(self, session: Session) -> int:
        record = self.table.record
        return record.moves[-1].player if record is not None and record.moves else self.own

    def say(self, text: str) -> None:
        refusal = self.table.say(self, text)
        if refusal is not None:
            self.notice(refusal)

    # -- running -----------------------------------------------------------------------------------------------

    def _build(self) -> SeatSession:
        session = seat_session(self.table, self)
        session.on_action.append(self._hook)
        self._awaiting = session.ending is not None and session.table.ending_seat == self.seat
        return session

    async def run(self) -> str | None:
        """The seat's screen until its player leaves it (q, Ctrl-C), the connection closes, or the table does."""
        try:
            if self.table.record is None:
                await self._wait_for_friend()
            if self.table.record is None or self._closing is not None:
                return self._closing
            while True:
                self._again = False
                session = self._build()
                said = self._word_line()
                if said is not None:
                    session.message = Message(said, "warning")
                    self.word = None
                self.session = session
                helper = Helper(session, plays=not self.remote, **self.computer)
                app = build_app(session, input=self.terminal.input, output=self.terminal.output, computer=helper,
                                colour=self.terminal.colour)
                if not self.table.options.hints:
                    session.hints = None
                app.key_bindings = merge_key_bindings([app.key_bindings or KeyBindings(),
                                                       self._saying.bindings(self.say, self._show_saying)])
                app.key_processor.after_key_press += self._after_key
                app.terminal_size_polling_interval = None  # the channel's window-change events redraw it
                self._app = app
                if self._closing is not None:
                    return self._closing
                await app.run_async(handle_sigint=False, set_exception_handler=False)
                if not self._again:
                    return self._closing
        finally:
            self._app = None
            self.session = None

    def _word_line(self) -> str | None:
        """The line that gives this player their seat word, while it is to be shown (once)."""
        if self.word is None:
            return None
        return _("Your seat word for table {code} is {word}: you are asked for it if you come back "
                 "(note it down).").format(code=self.table.code, word=self.word)

    async def _wait_for_friend(self) -> None:
        """The opener's screen until a friend sits down (`famiglia.server.waiting`)."""
        app = waiting_app(self.table.code, self.invite, self._word_line, self.terminal)
        self._waiting = app
        try:
            await app.run_async(handle_sigint=False, set_exception_handler=False)
        finally:
            self._waiting = None

    def _after_key(self, processor: KeyProcessor) -> None:
        session = self.session
        if session is not None and self._awaiting and session.ending is None:
            self.ended()

    def _show_saying(self, prompt: str | None) -> None:
        if self.session is not None:
            self.session.message = Message(prompt) if prompt is not None else None

    def _in_step(self) -> bool:
        session, table = self.session, self.table
        if session is None or session.game is None or table.game is None:
            return False
        if table.pending and table.record is not None and table.record.moves[-1].player != self.seat:
            return True  # the table is one take ahead, until it is confirmed: nothing to compare yet
        return session.game.to_dict() == table.game.to_dict()

    def _rebuild(self) -> None:
        self._again = True
        self._exit()

    def _exit(self) -> None:
        app = self._app
        if app is not None and app.is_running and app.future is not None and not app.future.done():
            app.exit(result=0)

    def _redraw(self) -> None:
        if self._app is not None:
            self._app.invalidate()
