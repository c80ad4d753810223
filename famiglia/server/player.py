"""The seam between a table and one connection's screen: `SeatScreen`, and the two screens there are today.

A table (`famiglia.server.tables.ServerTable`) owns the game; a connection shows one seat of it, or
the public table for a watcher. The two sides speak only through this seam:

the table tells a screen (each call returns at once; the screen redraws itself later):
    `played(seat, action)`   another seat's action is now public (a take or pass once confirmed);
    `took_back(seat)`        the other seat took back its last action told;
    `changed()`              the public table changed (what a watcher draws);
    `notice(text)`           one line for the message line (a table message, "Ben lost the connection…");
    `close(text)`            the table is done with this screen (the server stops, the table failed):
                             `run` ends and the connection says `text`;

the screen tells the table (`ServerTable`): `play(seat, action, awaits=…)`, `end_turn(seat)`,
`take_back(seat)`, `say(screen, text)`, and `detach(screen, lost=…)` when it ends;

and a connection runs it: `await screen.run()` until the player leaves, returning the line to show
in the lobby (or None).

A screen is made for one connection by `screen_for(table, seat, terminal)`: `seat` is the player's
seat, or None for a watcher; `terminal` carries the connection's input and output (the output knows
the channel's size and colour depth), so nothing of one player is global.

Today's screens are built from what exists. `PlayerScreen` runs `famiglia play`'s application on a
`Session` of its own whose game is a copy of the table's as the seat knows it, playing only its own
seat: the other seat is treated as the computer's is (the screen never acts for it, the keys say
whose turn it is), and its actions are played on the copy as they arrive from the table. Each screen
is drawn from its own seat's view (`Session.view`), never the table's game; if the copy ever falls
out of step with the table, the screen is built again from the table's record. `WatchScreen` draws
the public view alone (`game.view(None)`): both hands as counts, the Street, the play areas, the
last turn. A later screen model replaces the inside of both; the seam stays.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Protocol

from prompt_toolkit.application import Application
from prompt_toolkit.application.current import get_app
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import ANSI, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.key_binding.key_processor import KeyProcessor
from prompt_toolkit.keys import Keys
from prompt_toolkit.layout import FormattedTextControl, Layout, Window
from prompt_toolkit.output import ColorDepth, Output
from rich.console import Group, RenderableType
from rich.text import Text

from famiglia.engine import Action
from famiglia.persistence.seats import HUMAN, NETWORK
from famiglia.tui.model.saving import Autosave, resume_session
from famiglia.tui.model.screens import Message, Screen
from famiglia.tui.model.session import Session
from famiglia.tui.shell.app import build_app
from famiglia.tui.shell.computer import Computer
from famiglia.tui.view.bridge import ansi_text
from famiglia.tui.view.lastturn import turn_line
from famiglia.tui.view.pieces import short_name
from famiglia.tui.view.players import PlayerRow
from famiglia.tui.view.status import status_text, turn_lines, warning_lines
from famiglia.tui.view.street import street

from .lobby import in_colour
from .tables import MESSAGE_LENGTH, TableBroken

if TYPE_CHECKING:
    from .tables import ServerTable

__all__ = ["PlayerScreen", "SeatScreen", "Terminal", "WatchScreen", "screen_for"]

SAY_KEY: Final = "'"


@dataclass(frozen=True, slots=True)
class Terminal:
    """One connection's terminal: what its applications read and write, and who is at it."""

    input: Input
    output: Output  # knows the channel's size (window-change events) and the colour depth asked for
    name: str
    address: str
    key: str | None = None  # the fingerprint of the SSH key the client proved it holds

    @property
    def colour(self) -> bool:
        """Whether this connection's screen is drawn in colour: not for NO_COLOR or a terminal without any."""
        return self.output.get_default_color_depth() is not ColorDepth.DEPTH_1_BIT


class SeatScreen(Protocol):
    """One connection's screen at a table; see the module docstring."""

    seat: int | None
    name: str

    def played(self, seat: int, action: Action) -> None: ...

    def took_back(self, seat: int) -> None: ...

    def changed(self) -> None: ...

    def notice(self, text: str) -> None: ...

    def close(self, text: str) -> None: ...

    async def run(self) -> str | None: ...


def screen_for(table: ServerTable, seat: int | None, terminal: Terminal, *, invite: str = "",
               word: str | None = None, **computer: Any) -> SeatScreen:
    """The screen of `terminal` at `table`: a player's at `seat`, or a watcher's (`seat` None).

    `invite` is the command a friend types to join (`{code}` stands for the table's code); `word` the seat
    word just given to a player without a key, shown once; `computer` the computer player's options.
    """
    if seat is None:
        return WatchScreen(table, terminal)
    return PlayerScreen(table, seat, terminal, invite=invite, word=word, **computer)


class _Saying:
    """A table message being typed after `'`: the keys go into it until Enter sends it or Esc drops it."""

    def __init__(self) -> None:
        self.text: str | None = None

    @property
    def active(self) -> bool:
        return self.text is not None

    def prompt(self) -> str:
        return f"Message to the table: {(self.text or '')[-60:]}▏  (Enter: send · Esc: cancel)"

    def bindings(self, send: Any, shown: Any) -> KeyBindings:
        keys = KeyBindings()
        on = Condition(lambda: self.active)

        @keys.add(SAY_KEY, filter=~on, eager=True)
        def _(event: KeyPressEvent) -> None:
            self.text = ""
            shown(self.prompt())

        @keys.add(Keys.Any, filter=on, eager=True)
        def _(event: KeyPressEvent) -> None:
            data = "".join(ch for ch in event.data if ch.isprintable())
            if self.text is not None and len(self.text) < MESSAGE_LENGTH:
                self.text = (self.text + data)[:MESSAGE_LENGTH]
            shown(self.prompt())

        @keys.add(Keys.BracketedPaste, filter=on, eager=True)
        def _(event: KeyPressEvent) -> None:
            data = " ".join(event.data.split())
            if self.text is not None:
                self.text = (self.text + data)[:MESSAGE_LENGTH]
            shown(self.prompt())

        @keys.add("backspace", filter=on, eager=True)
        def _(event: KeyPressEvent) -> None:
            self.text = (self.text or "")[:-1]
            shown(self.prompt())

        @keys.add("escape", filter=on, eager=True)
        @keys.add("c-c", filter=on, eager=True)
        def _(event: KeyPressEvent) -> None:
            self.text = None
            shown(None)

        @keys.add("enter", filter=on, eager=True)
        def _(event: KeyPressEvent) -> None:
            text, self.text = self.text or "", None
            send(text)

        return keys


class _SeatSession(Session):
    """A `Session` playing one seat of a server's table: the other seat's actions come from the table.

    Its class is given to the session `resume_session` builds (`PlayerScreen._build`), so the sitting is
    exactly the one a saved game resumes to, undo included; what differs is said here.
    """

    side: PlayerScreen

    def new_game(self) -> None:
        if self.screen is Screen.END:
            self.message = Message("A new game is a new table: q goes back to the lobby, where n opens one.")

    def end_turn(self) -> None:
        own = self.table.ending is not None and self.table.ending_seat == self.side.own
        super().end_turn()
        if own:
            self.side.ended()



class _Helper(Computer):
    """Hints for the seat at this screen; at a table of two people it plays no seat (the other player does)."""

    def __init__(self, session: Session, *, plays: bool, **options: Any) -> None:
        super().__init__(session, **options)
        self.plays = plays

    def _check(self, app: Application[Any]) -> None:
        if self.plays:
            super()._check(app)


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
        self.session: _SeatSession | None = None
        self._app: Application[int] | None = None
        self._receiving = False  # an action from the table is being played on the copy: not sent back
        self._awaiting = False  # this seat's take or pass waits for its Enter
        self._again = False  # the copy fell out of step: the screen is built again from the record
        self._closing: str | None = None
        self._saying = _Saying()
        self._waiting: Application[None] | None = None

    @property
    def remote(self) -> bool:
        """Whether the other seat is a person at another terminal (not the computer played on this screen)."""
        return not self.table.against_computer

    # -- the table's calls -------------------------------------------------------------------------------------

    def played(self, seat: int, action: Action) -> None:
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
        session.message = Message(f"{short_name(session.names[seat])} took back {taken_back}.")
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

    def notice(self, text: str) -> None:
        if self._waiting is not None:
            self._waiting.invalidate()
        if self.session is not None:
            self.session.message = Message(text, "warning")
        self._redraw()

    def close(self, text: str) -> None:
        self._closing = text
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

    def _build(self) -> _SeatSession:
        table = self.table
        record = table.known_record(self.seat)
        if record is None:
            raise TableBroken("the table has no game yet")
        seats = [NETWORK, NETWORK]
        seats[self.own] = HUMAN  # the person at this screen; the other seat is played from the table
        if table.options.opponent is not None:
            seats[1] = table.options.opponent
        session = resume_session(record, store=table.store, seats=tuple(seats), confirm=table.options.confirm,
                                 memory_aid=table.options.memory_aid)
        session.on_action = [h for h in session.on_action if not isinstance(h, Autosave)]  # the table saves
        session.on_settings = []
        session.__class__ = _SeatSession
        seat_session = session if isinstance(session, _SeatSession) else None
        assert seat_session is not None
        seat_session.side = self
        seat_session.on_action.append(self._hook)
        self._awaiting = (seat_session.ending is not None and seat_session.table.ending_seat == self.seat)
        if seat_session.screen is Screen.END:
            seat_session.message = Message(f"The game of table {table.code} is over: this is its scoring.")
        return seat_session

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
                if self.word is not None:
                    session.message = Message(self._word_words(), "warning")
                    self.word = None
                self.session = session
                helper = _Helper(session, plays=not self.remote, **self.computer)
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

    def _word_words(self) -> str:
        return (f"Your seat word for table {self.table.code} is {self.word}: you are asked for it if you come back "
                "(note it down).")

    async def _wait_for_friend(self) -> None:
        """The opener's screen until a friend sits down: the table's code, and the line the friend types."""
        code = self.table.code

        def text() -> StyleAndTextTuples:
            size = get_app().output.get_size()
            body = Text("Famiglia", style="title")
            body.append(f" \u203a table {code}", style="heading")
            body.append(f"\n\ntable {code}\n\n", style="title")
            body.append("Tell your friend to type:\n  ", style="label")
            body.append(self.invite.format(code=code) or code, style="name")
            body.append("\n\nWaiting for a second player…\n", style="notice")
            if self.word is not None:
                body.append("\n" + self._word_words() + "\n", style="warning")
            body.append("\nq: back to the lobby (the table stays open)", style="label")
            width = max(1, size.columns)
            return to_formatted_text(ANSI(ansi_text(body, width=width, height=size.rows, colour=in_colour())))

        keys = KeyBindings()

        @keys.add("q")
        @keys.add("c-c")
        @keys.add("c-d")
        @keys.add("escape")
        def _(event: KeyPressEvent) -> None:
            event.app.exit()

        @keys.add(Keys.Any)
        def _(event: KeyPressEvent) -> None:
            return None

        app: Application[None] = Application(
            layout=Layout(Window(FormattedTextControl(text), wrap_lines=False, always_hide_cursor=True)),
            key_bindings=keys, full_screen=True, mouse_support=False, input=self.terminal.input,
            output=self.terminal.output, terminal_size_polling_interval=None)
        app.ttimeoutlen = 0.05
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


class WatchScreen:
    """A watcher's screen: the public table only, never a hand (R12.1)."""

    seat: int | None = None

    def __init__(self, table: ServerTable, terminal: Terminal) -> None:
        self.table = table
        self.terminal = terminal
        self.name = terminal.name
        self.message: str | None = None
        self._closing: str | None = None
        self._app: Application[None] | None = None
        self._saying = _Saying()

    def played(self, seat: int, action: Action) -> None:
        self._redraw()

    def took_back(self, seat: int) -> None:
        self._redraw()

    def changed(self) -> None:
        self._redraw()

    def notice(self, text: str) -> None:
        self.message = text
        self._redraw()

    def close(self, text: str) -> None:
        self._closing = text
        if self._app is not None and self._app.is_running and not self._app.future.done():  # type: ignore[union-attr]
            self._app.exit()

    def say(self, text: str) -> None:
        refusal = self.table.say(self, text)
        if refusal is not None:
            self.notice(refusal)

    def render(self, width: int, height: int) -> RenderableType:
        """The public table at `width`: drawn from `game.view(None)` alone."""
        table = self.table
        rows: list[RenderableType] = []
        title = Text("Famiglia", style="title")
        title.append(f" \u203a watching table {table.code}", style="heading")
        rows.append(title)
        game = table.game
        if game is None:
            rows.append(Text(f"{' and '.join(table.names) or 'Nobody'} — the game begins when two sit down.",
                             style="label"))
        else:
            view = game.view(None)
            rows += turn_lines(view, width, spectator=True)
            rows.append(status_text(view))
            rows += warning_lines(view)
            rows.append(street(view))
            rows += [PlayerRow.of(view, p, spectator=True) for p in (0, 1)]
            if view.last_turn:
                rows.append(turn_line(view.last_turn, view.names, width=width))
        rows.append(Text(self._saying.prompt() if self._saying.active else (self.message or ""), style="warning"))
        rows.append(Text("' message to the table · q: leave", style="label"))
        return Group(*rows)

    def _text(self) -> StyleAndTextTuples:
        size = get_app().output.get_size()
        drawn = self.render(max(20, size.columns), size.rows)
        return to_formatted_text(ANSI(ansi_text(drawn, width=max(1, size.columns), height=size.rows,
                                                  colour=in_colour())))

    async def run(self) -> str | None:
        keys = KeyBindings()

        @keys.add("q", filter=Condition(lambda: not self._saying.active))
        @keys.add("c-c", filter=Condition(lambda: not self._saying.active))
        @keys.add("c-d")
        def _(event: KeyPressEvent) -> None:
            event.app.exit()

        @keys.add(Keys.Any, filter=Condition(lambda: not self._saying.active))
        def _(event: KeyPressEvent) -> None:
            self.message = "Watchers only watch: q leaves, ' sends a message to the table."

        def shown(prompt: str | None) -> None:
            self._redraw()

        app: Application[None] = Application(
            layout=Layout(Window(FormattedTextControl(self._text), wrap_lines=False, always_hide_cursor=True)),
            key_bindings=merge_key_bindings([keys, self._saying.bindings(self.say, shown)]),
            full_screen=True, mouse_support=False, input=self.terminal.input, output=self.terminal.output,
            terminal_size_polling_interval=None)
        app.ttimeoutlen = 0.05
        self._app = app
        try:
            if self._closing is None:
                await app.run_async(handle_sigint=False, set_exception_handler=False)
        finally:
            self._app = None
        return self._closing

    def _redraw(self) -> None:
        if self._app is not None:
            self._app.invalidate()
