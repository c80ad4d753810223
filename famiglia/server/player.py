"""A player's screen at a table: `famiglia play`'s application on a `Session` seated at one seat of the table's game.

The table (`famiglia.server.tables.ServerTable`) owns the one game; this screen's session is a view
of it from one seat (`Session.seated`): the keys play this seat's actions through the session's
verbs, once, on the table's game, and the screen is drawn from this seat's view alone (R12). The
other seat is another person's screen, or the computer, which plays on this screen's session as it
does at one keyboard. What the table tells the screen (another seat's action made public, one taken
back, a message) only changes what this screen says and shows of its own seat; nothing is copied or
played again. Until a friend sits down at a new table, the opener sees the wait
(`famiglia.server.waiting`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prompt_toolkit.application import Application
from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings

from famiglia.engine import Action, Step
from famiglia.phrasebook import actions, events
from famiglia.phrasebook.catalogue import Later, _, speaking
from famiglia.tui.model.screens import Message, Screen
from famiglia.tui.model.session import Session
from famiglia.tui.shell.app import build_app
from famiglia.tui.shell.computer import Computer
from famiglia.tui.view.pieces import short_name

from .saying import Saying
from .terminal import Terminal, leave
from .waiting import waiting_app

if TYPE_CHECKING:
    from .tables import ServerTable

__all__ = ["Helper", "PlayerScreen"]


class Helper(Computer):
    """Hints for the seat at this screen; at a table of two people it plays no seat (the other player does)."""

    def __init__(self, session: Session, *, plays: bool, **options: Any) -> None:
        super().__init__(session, **options)
        self.plays = plays

    def _check(self, app: Application[Any]) -> None:
        if self.plays:
            super()._check(app)


class PlayerScreen:
    """A player's screen at a table (a `famiglia.server.screen.SeatScreen`); see the module docstring."""

    def __init__(self, table: ServerTable, seat: int, terminal: Terminal, *, invite: str = "",
                 word: str | None = None, **computer: Any) -> None:
        self.table = table
        self.seat: int | None = seat
        self.invite = invite
        self.word = word
        self.terminal = terminal
        self.name = terminal.name
        self.computer = computer  # options for the computer player (tests: small budgets, no pace)
        self.session: Session | None = None
        self._app: Application[int] | None = None
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
        """Another seat's action is public now: its words on the message line, and this seat's turn if it begins."""
        session = self.session
        if session is None:
            return
        with speaking(self.terminal.catalogue):
            if action.step is Step.TAKE:
                session.turn_begins()  # the turn is this seat's now (or the game is over): its line starts empty
            else:
                this_turn = session.game.view(None).this_turn if session.game is not None else ()
                if this_turn:
                    session.message = Message(events.event(this_turn[-1], session.names))
        self._redraw()

    def took_back(self, seat: int, action: Action) -> None:
        session = self.session
        if session is None:
            return
        with speaking(self.terminal.catalogue):
            session.message = Message(actions.taken_back(action, by=short_name(session.names[seat])))
        self._redraw()

    def changed(self) -> None:
        if self.table.record is not None:
            leave(self._waiting)  # the friend sat down: the game begins
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
        leave(self._app, result=0)
        leave(self._waiting)

    def say(self, text: str) -> None:
        refusal = self.table.say(self, text)
        if refusal is not None:
            self.notice(refusal)

    # -- running -----------------------------------------------------------------------------------------------

    async def run(self) -> str | None:
        """The seat's screen until its player leaves it (q, Ctrl-C), the connection closes, or the table does."""
        try:
            if self.table.record is None:
                await self._wait_for_friend()
            if self.table.record is None or self._closing is not None:
                return self._closing
            seat = self.seat
            assert seat is not None
            session = self.table.seat_session(seat)
            said = self._word_line()
            if said is not None:
                session.message = Message(said, "warning")
                self.word = None
            elif session.screen is Screen.END:
                session.message = Message(_("The game of table {code} is over: this is its scoring.").format(
                    code=self.table.code))
            self.session = session
            helper = Helper(session, plays=not self.remote, **self.computer)
            app = build_app(session, input=self.terminal.input, output=self.terminal.output, computer=helper,
                            colour=self.terminal.colour)
            if not self.table.options.hints:
                session.hints = None
            app.key_bindings = merge_key_bindings([app.key_bindings or KeyBindings(),
                                                   self._saying.bindings(self.say, self._show_saying)])
            app.terminal_size_polling_interval = None  # the channel's window-change events redraw it
            self._app = app
            if self._closing is not None:
                return self._closing
            await app.run_async(handle_sigint=False, set_exception_handler=False)
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

    def _show_saying(self, prompt: str | None) -> None:
        if self.session is not None:
            self.session.message = Message(prompt) if prompt is not None else None

    def _redraw(self) -> None:
        if self._app is not None:
            self._app.invalidate()
