"""The sitting between two keypresses: one plain object that the keys change and the screen reads.

A `Session` holds the `Game`, who sits at each seat, the history of actions and the game log, the
screen on show (the names question, the handoff, the table, the end) and any overlay on it (help,
the game log, the quit question), and the message line. It owns the turn being built (`Turn`), the
table's verbs (`Table`) and the handoff's guard (`HandoffGuard`). It knows nothing of rich or
prompt_toolkit: its methods are the verbs the command table's keys stand for, so it is driven the
same way by the application, by tests, by the computer's seat and by a resumed game.

A turn ends in two steps: the take or pass is played (so the player sees its result on their own
table), then confirmed with Enter or taken back with undo; only then comes the handoff (`confirm`
off skips the question). Against the computer there is no handoff; the screen always draws the
person's view, also while the computer plays (`activity` says what it is doing); the computer
confirms nothing, and undo never reaches into its turn. Every change of the game, an undo included,
calls the `on_action` hooks before the screen shows the result.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Generic, TypeVar, cast

from famiglia.engine import DEFAULT_NAMES, Action, Event, Game, SeatView
from famiglia.persistence.turns import turn_log as replay_log
from famiglia.profile.names import NAME_LENGTH
from famiglia.profile.seats import HUMAN

from .builder import Menu
from .handoff import HANDOFF_GUARD, HandoffGuard
from .naming import NamesQuestion
from .overlays import Overlays, quit_question
from .screens import Drawn, Message, Overlay, Screen, number_text
from .table import Table
from .turn import DONE_SWAPPING, Turn

__all__ = [
    "DONE_SWAPPING",
    "HANDOFF_GUARD",
    "HUMAN",
    "NAME_LENGTH",
    "ActionHook",
    "Message",
    "Overlay",
    "Screen",
    "Session",
    "number_text",
    "replay_log",
]

# What a key that does nothing at the end says (the key line under it names the keys that act there).
GAME_OVER = "{key} does nothing here: the game is over, and the line below names the keys that work."

# Called after every change of the game, before the screen shows it: the action played, or None after an undo.
ActionHook = Callable[["Session", Action | None], None]


T = TypeVar("T")


class _TurnPart(Generic[T]):
    """A part of the session's `Turn`, read (and, if `settable`, set) as an attribute of the session."""

    def __init__(self, name: str, *, settable: bool = False) -> None:
        self.name = name
        self.settable = settable

    def __get__(self, session: Session, owner: object = None) -> T:
        return cast(T, getattr(session.turn, self.name))

    def __set__(self, session: Session, value: T) -> None:
        if not self.settable:
            raise AttributeError(f"{self.name} is the turn's: change it through the session's verbs")
        setattr(session.turn, self.name, value)


class Session:
    """The state of one sitting at the terminal, possibly several games long; see the module docstring."""

    def __init__(self, *, names: Sequence[str] | None = None, seed: int | None = None, first: int | None = None,
                 memory_aid: bool = False, confirm: bool = True, seats: tuple[Any, Any] = (HUMAN, HUMAN),
                 handoff_guard: float = HANDOFF_GUARD, clock: Callable[[], float] = time.monotonic) -> None:
        self.seed = seed
        self.first = first
        self.memory_aid = memory_aid
        self.confirm = confirm  # ask before a take or pass hands the keyboard on
        self.seats = seats
        self.on_action: list[ActionHook] = []
        self.on_settings: list[Callable[[Session], None]] = []  # after a setting changes in play (c in the help)
        # Set by the application (the computer's thread): works out a hint off the screen's loop.
        self.hints: Callable[[SeatView], None] | None = None
        self.activity: str | None = None  # what the computer is doing (thinking…), under the message line
        self.standing: str | None = None  # a warning that stays while it lasts (a game that is not saved)
        self.game: Game | None = None
        self.screen = Screen.NAMES
        self.overlay: Overlay | None = None
        self.message: Message | None = None
        self.show_summary = False  # the opponent's last turn, shown as the turn begins
        self.exit_code: int | None = None  # set when the player has chosen to leave
        self.origin: dict[str, Any] | None = None  # the position `history` starts from; None: a new deal
        self.history: list[Action] = []
        self.log: list[tuple[Event, ...]] = []  # the public events of every finished turn, oldest first
        self.pass_reasons: dict[int, str] = {}  # why the computer passed, by the turn's number in the log (from 1)
        self.scroll = 0  # how far a scrolling overlay is moved from its start (help: top; log: bottom)
        self.drawing = Drawn()  # what the last redraw found (set by the shell)
        self.turn = Turn()
        self.table = Table(self)
        self.overlays = Overlays(self)
        self.guard = HandoffGuard(handoff_guard, clock)
        self.naming = NamesQuestion(seats)
        if names is not None:
            self._start(tuple(names))

    @classmethod
    def resume(cls, game: Game, *, memory_aid: bool = False, log: Iterable[tuple[Event, ...]] = (),
               **options: Any) -> Session:
        """A session that carries on `game` where it stands (a saved game, mid-turn included).

        It opens on the handoff for the player to move (on the scoring, if the game is over); undo
        cannot reach back before this point. `log` is the public record of the turns played before
        (`famiglia.persistence.turns.turn_log`); without it the log starts with the last turn the game remembers.
        """
        session = cls(memory_aid=memory_aid, **options)
        session.game, session.origin = game, game.to_dict()
        session.log = list(log) or ([game.view(None).last_turn] if game.view(None).last_turn else [])
        if game.is_over:
            session.screen = Screen.END
        else:
            session._begin_turn()
        return session

    # The turn being built, as the screen reads it (the `Turn` holds it).
    path = _TurnPart[tuple[str, ...]]("path", settable=True)
    highlight = _TurnPart[int | None]("highlight")
    pending = _TurnPart[str]("pending")
    swaps_done = _TurnPart[bool]("swaps_done")
    ending = _TurnPart[Action | None]("ending")

    @property
    def names(self) -> tuple[str, str]:
        return self.game.names if self.game is not None else DEFAULT_NAMES

    def view(self) -> SeatView | None:
        """The one view the current screen may draw from (R12): public at the handoff, `at_keyboard`'s at the table."""
        return self.table.view()

    def menu(self) -> Menu | None:
        """The choices on offer now, at the level of the action being built; None off the table."""
        return self.table.menu()

    def summary(self) -> tuple[Event, ...]:
        """The opponent's last turn, while it is on show (every action is public, R12.1)."""
        return self.last_turn() if self.show_summary else ()

    def last_turn(self) -> tuple[Event, ...]:
        """The opponent's last turn, on show or not (every action is public, R12.1); () off the table."""
        if self.screen is not Screen.TABLE or self.game is None or self.ending is not None:
            return ()
        return self.game.view(None).last_turn

    def last_turn_reason(self) -> str | None:
        """Why the computer passed in the last turn, if it did (words of public facts only, R12.1)."""
        return self.pass_reasons.get(len(self.log)) if self.last_turn() else None

    @property
    def can_undo(self) -> bool:
        return self.screen is Screen.TABLE and bool(self.turn.snapshots)

    @property
    def at_keyboard(self) -> int:
        """The seat the screen is for: the player to move, or the one whose take or pass awaits their Enter.

        Against the computer it is always the person's seat, also while the computer plays (R12.2).
        """
        if self.person is not None:
            return self.person
        if self.ending is not None:
            return self.turn.ending_seat
        return self.game.to_move if self.game is not None else 0

    @property
    def waiting(self) -> bool:
        """The handoff has just thrown a key away: it says so until it takes keys."""
        return self.guard.waited and self.screen is Screen.HANDOFF and not self.accepts_keys()

    def ending_question(self) -> str:
        """What the player is asked before the turn goes to the other player: the result, and the keys."""
        return self.table.ending_question()

    def is_human(self, player: int) -> bool:
        return bool(self.seats[player] == HUMAN)

    @property
    def person(self) -> int | None:
        """The seat of the one person at the keyboard in a game against the computer; None in a hot-seat game."""
        people = [p for p in (0, 1) if self.is_human(p)]
        return people[0] if len(people) == 1 else None

    @property
    def computer_to_move(self) -> bool:
        """Whether a computer seat plays now: its turn on the table, with no take or pass of the person's pending."""
        game = self.game
        return (self.screen is Screen.TABLE and game is not None and not game.is_over and self.ending is None
                and not self.is_human(game.to_move))

    # -- the handoff: nothing of the next hand before the screen is drawn ---------------------------

    def drawn(self) -> bool:
        """Note a redraw; True the first time the handoff is on show (the shell then drops typed-ahead keys)."""
        return self.screen is Screen.HANDOFF and self.guard.drawn()

    def accepts_keys(self) -> bool:
        """False while keys must be discarded: the handoff is not drawn yet, or was only just drawn."""
        return self.screen is not Screen.HANDOFF or self.guard.open()

    # -- the verbs of the keys --------------------------------------------------------------------------

    def submit(self, text: str) -> bool:
        """Enter: answer the names question, go on from the handoff, or choose or play on the table.

        Returns False when `text` was refused (a bad name or action), so it can stay on the input line.
        """
        if self.overlay in (Overlay.HELP, Overlay.LAST_TURN, Overlay.LOG):
            self.overlay = None
        elif self.overlay is Overlay.CONFIRM_QUIT:
            self.message = Message(f"{quit_question(self)[0]} Press y for yes, n for no.", "warning")
        elif self.screen is Screen.NAMES:
            return self._take_name(text)
        elif self.screen is Screen.HANDOFF:
            self.reveal()
        elif self.screen is Screen.TABLE and self.ending is not None and self.turn.typed_over:
            # Keys came after the question (`pass` typed out: its `p` passed): this Enter ended that
            # typing, so it does not answer a question the player may not have read.
            self.turn.typed_over = False
            self.message = Message("Press Enter again to end your turn, or u to take it back.", "warning")
        elif self.screen is Screen.TABLE and self.ending is not None:
            self.end_turn()
        elif self.screen is Screen.TABLE:
            return self.table.submit(text.strip())
        elif self.screen is Screen.END:
            self.message = Message(GAME_OVER.format(key="Enter"), "warning")
        return True

    def reveal(self) -> None:
        """Leave the handoff: the player to move now sees their table (only once the handoff was drawn)."""
        if self.screen is not Screen.HANDOFF:
            return
        if not self.accepts_keys():
            self.guard.discarded()
            return
        self.screen = Screen.TABLE
        self.message = None
        self.guard.waited = False

    def number_typed(self, digits: str) -> bool:
        return self.table.number_typed(digits)

    def line_changed(self, text: str) -> None:
        self.table.line_changed(text)

    def choose(self, number: int) -> None:
        self.table.choose(number)

    def move_highlight(self, delta: int) -> None:
        self.table.move_highlight(delta)

    def done_swapping(self) -> None:
        self.table.done_swapping()

    def play(self, action: Action | str) -> bool:
        return self.table.play(action)

    def pass_turn(self) -> None:
        self.table.pass_turn()

    def back(self) -> None:
        """Esc: close an overlay, take back a turn's end, go back one choice (or reopen the swaps), ask the
        last name again; where it has nothing to go back to, it says so."""
        if self.overlay is not None:
            self.overlay = None
        elif self.screen is Screen.TABLE:
            self.table.back()
        elif self.screen is Screen.NAMES:
            if self.naming.back():
                self.message = None
            else:
                self.message = Message("This is the first question, so Esc has nothing to go back to: type a name "
                                       "and press Enter, or Ctrl-C to leave.", "warning")
        elif self.screen is Screen.END:
            self.message = Message(GAME_OVER.format(key="Esc"), "warning")
        else:
            self.stray_key()

    def stray_key(self) -> None:
        """A key that does nothing here: at the handoff and the end it says why; while a turn's end waits, the next
        Enter only asks again."""
        if self.ending is not None:
            self.turn.typed_over = True
        elif self.screen is Screen.END and self.overlay is None:
            self.message = Message(GAME_OVER.format(key="That key"), "warning")
        elif self.screen is Screen.HANDOFF and self.overlay is None and self.accepts_keys():
            self.message = Message("Between turns only Enter goes on, once the next player is at the keyboard "
                                   "(g: game log, ?: help, q: quit).", "warning")

    def end_turn(self) -> None:
        """Enter on the question after a take or pass: the turn is over, the keyboard changes hands."""
        if self.game is None or self.screen is not Screen.TABLE:
            return
        self.turn.ending = None
        if self.game.is_over:
            self.screen, self.overlay, self.message = Screen.END, None, None
        else:
            self._begin_turn()

    def undo(self) -> None:
        """u / Ctrl-Z: take back this turn's last action, never past a refresh draw or into the last turn."""
        if self.screen is Screen.HANDOFF:
            self.message = Message("Nothing to undo: the last turn is over, and undo works within a turn.", "warning")
        elif self.screen is Screen.TABLE:
            self.table.undo()

    def toggle_help(self) -> None:
        self.overlays.toggle_help()

    def toggle_log(self) -> None:
        self.overlays.toggle_log()

    def scroll_by(self, rows: int, *, limit: int | None = None) -> None:
        self.overlays.scroll_by(rows, limit=limit)

    def toggle_confirm(self) -> None:
        self.overlays.toggle_confirm()

    def toggle_summary(self) -> None:
        self.overlays.toggle_summary()

    def ask_quit(self) -> None:
        self.overlays.ask_quit()

    def answer_quit(self, yes: bool) -> None:
        self.overlays.answer_quit(yes)

    def quit(self, exit_code: int = 0) -> None:
        """Leave at once: the end screen's q (the game is over, nothing is lost), or the terminal closing.

        A signal gives its shell exit status (143 for SIGTERM, 129 for SIGHUP); every change of the game
        has already gone through the `on_action` hooks, so nothing is lost by leaving mid-turn.
        """
        self.overlay = None
        self.exit_code = exit_code

    def new_game(self) -> None:
        """The end screen's n: the same players, a new shuffle."""
        if self.game is None or self.screen is not Screen.END:
            return
        self.seed = None
        self._start(self.game.names)

    # -- turns ------------------------------------------------------------------------------------------

    def _take_name(self, text: str) -> bool:
        refusal = self.naming.take(text)
        self.message = None if refusal is None else Message(refusal, "error")
        if refusal is None and self.naming.done:
            self._start(self.naming.names)
        return refusal is None

    def _start(self, names: tuple[str, ...]) -> None:
        self.game = Game.new(seed=self.seed, names=names, first=self.first)
        self.origin = None
        self.history = []
        self.log = []
        self.pass_reasons = {}
        self.overlay = None
        self._begin_turn()

    def _begin_turn(self) -> None:
        """A turn begins: the keyboard changes hands first (R12.2), then the mover sees the table.

        Against the computer there is no handoff (the person's hand stays on show, the computer's is
        never drawn), and the last turn is shown as the person's turn begins: it is the computer's.
        """
        self.turn = Turn()
        self.screen = Screen.HANDOFF if self.person is None else Screen.TABLE
        self.guard.reset()
        self.show_summary = bool(self.game and self.game.view(None).last_turn) and not self.computer_to_move
        self.message = None
