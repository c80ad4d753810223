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
from dataclasses import replace
from typing import Any

from famiglia.engine import DEFAULT_NAMES, Action, Event, Game, SeatView, Step
from famiglia.persistence.turns import turn_log as replay_log

from .builder import Menu, complete
from .handoff import HANDOFF_GUARD, HandoffGuard
from .names import NAME_LENGTH, NameRefused, check_pair, tidy_name
from .screens import Drawn, Message, Overlay, Screen, number_text
from .seats import HUMAN, seat_name
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

# Called after every change of the game, before the screen shows it: the action played, or None after an undo.
ActionHook = Callable[["Session", Action | None], None]


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
        # Set by the application (the computer's thread): works out a hint off the screen's loop.
        self.hints: Callable[[SeatView], None] | None = None
        self.activity: str | None = None  # what the computer is doing (thinking…), under the message line
        self.game: Game | None = None
        self.names_given: list[str] = []
        self.screen = Screen.NAMES
        self.overlay: Overlay | None = None
        self.message: Message | None = None
        self.show_summary = False  # the opponent's last turn, shown as the turn begins
        self.exit_code: int | None = None  # set when the player has chosen to leave
        self.origin: dict[str, Any] | None = None  # the position `history` starts from; None: a new deal
        self.history: list[Action] = []
        self.log: list[tuple[Event, ...]] = []  # the public events of every finished turn, oldest first
        self.scroll = 0  # how far a scrolling overlay is moved from its start (help: top; log: bottom)
        self.drawing = Drawn()  # what the last redraw found (set by the shell)
        self.turn = Turn()
        self.table = Table(self)
        self.guard = HandoffGuard(handoff_guard, clock)
        if names is not None:
            self._start(tuple(names))
        else:
            self._name_computers()

    @classmethod
    def resume(cls, game: Game, *, memory_aid: bool = False, log: Iterable[tuple[Event, ...]] = (),
               **options: Any) -> Session:
        """A session that carries on `game` where it stands (a saved game, mid-turn included).

        It opens on the handoff for the player to move (on the scoring, if the game is over); undo
        cannot reach back before this point. `log` is the public record of the turns played before
        (see `famiglia.persistence.turns.turn_log`); without it the log starts with the last turn the game remembers.
        """
        session = cls(memory_aid=memory_aid, **options)
        session.game = game
        session.origin = game.to_dict()
        session.log = list(log)
        if not session.log and game.view(None).last_turn:
            session.log.append(game.view(None).last_turn)
        if game.is_over:
            session.screen = Screen.END
        else:
            session._begin_turn()
        return session

    # -- the turn being built, as the screen reads it ------------------------------------------------------

    @property
    def path(self) -> tuple[str, ...]:
        return self.turn.path

    @path.setter
    def path(self, path: tuple[str, ...]) -> None:
        self.turn.path = path

    @property
    def highlight(self) -> int | None:
        return self.turn.highlight

    @property
    def pending(self) -> str:
        return self.turn.pending

    @property
    def swaps_done(self) -> bool:
        return self.turn.swaps_done

    @property
    def ending(self) -> Action | None:
        return self.turn.ending

    # -- reading ----------------------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        return self.game.names if self.game is not None else DEFAULT_NAMES

    def view(self) -> SeatView | None:
        """The one view the current screen may draw from (R12): public at the handoff, `at_keyboard`'s at the table."""
        game, turn = self.game, self.turn
        if game is None or self.screen is Screen.NAMES:
            return None
        if self.screen is Screen.HANDOFF:
            if turn.ending is not None:  # a resumed take or pass awaits its player's Enter: they sit down again
                return replace(game.view(None), to_move=turn.ending_seat, passes=0)
            return game.view(None)
        # The player at the keyboard: after a take or pass still its player; against the computer the person.
        view = game.view(self.at_keyboard, memory=self.memory_aid)  # never the computer's hand (R12.2)
        if turn.ending is not None and self.person is None:
            # The game has moved on (or ended), but this is still the mover's turn on screen until Enter: it
            # stands at its take (the step bar and "Your turn" say so), as the turn warned (R9.3's last turn).
            view = replace(view, to_move=turn.ending_seat, step=Step.TAKE, passes=0, refreshes=0, swaps_left=0,
                           result=None, opponent_hand=view.opponent_hand if self.memory_aid else None)
        elif turn.swaps_done and view.swaps_left:
            view = replace(view, swaps_left=0)  # the step bar moves on to the Brute, as the menu does (R6.2)
        return view

    def menu(self) -> Menu | None:
        """The choices on offer now, at the level of the action being built; None off the table."""
        return self.table.menu()

    def completions(self, text: str) -> list[str]:
        """Legal actions in notation that start with `text`, for Tab."""
        if self.screen is not Screen.TABLE or self.game is None or self.ending is not None or self.computer_to_move:
            return []
        return complete(self.game.legal_actions(), text)

    def summary(self) -> tuple[Event, ...]:
        """The opponent's last turn, while it is on show (every action is public, R12.1)."""
        return self.last_turn() if self.show_summary else ()

    def last_turn(self) -> tuple[Event, ...]:
        """The opponent's last turn, on show or not (every action is public, R12.1); () off the table."""
        if self.screen is not Screen.TABLE or self.game is None or self.ending is not None:
            return ()
        return self.game.view(None).last_turn

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

    def name_prompt(self) -> tuple[int, str]:
        """Which player's name is asked for (0 or 1) and the name taken when none is typed.

        The second default is never the name the first player chose (someone may call themselves "Player 2").
        """
        index = len(self.names_given)
        default = DEFAULT_NAMES[index]
        if index == 1 and default.casefold() == self.names_given[0].casefold():
            default = DEFAULT_NAMES[0]
        return index, default

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
        """Note that the screen has been drawn; True the first time the handoff screen is on show.

        The application calls this after every redraw and discards typed-ahead input when it says True.
        """
        return self.screen is Screen.HANDOFF and self.guard.drawn()

    def accepts_keys(self) -> bool:
        """False while keys must be discarded: the handoff is not drawn yet, or was only just drawn."""
        return self.screen is not Screen.HANDOFF or self.guard.open()

    def discarded(self) -> None:
        """A key came at the handoff before it took keys: the guard time starts again."""
        if self.screen is Screen.HANDOFF:
            self.guard.discarded()

    # -- the verbs of the keys --------------------------------------------------------------------------

    def submit(self, text: str) -> bool:
        """Enter: answer the names question, go on from the handoff, or choose or play on the table.

        Returns False when `text` was refused (a bad name or action), so it can stay on the input line.
        """
        if self.overlay in (Overlay.HELP, Overlay.LAST_TURN, Overlay.LOG):
            self.overlay = None
        elif self.overlay is Overlay.CONFIRM_QUIT:
            self.message = Message("Quit the game? Press y to quit, n to go on playing.", "warning")
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
            self.message = Message("Press n for a new game, or q to quit.")
        return True

    def reveal(self) -> None:
        """Leave the handoff: the player to move now sees their table (only once the handoff was drawn)."""
        if self.screen is not Screen.HANDOFF:
            return
        if not self.accepts_keys():
            self.discarded()
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
        """Esc: close an overlay, take back a turn's end, go back one choice (or reopen the swaps)."""
        if self.overlay is not None:
            self.overlay = None
        elif self.screen is Screen.TABLE:
            self.table.back()

    def stray_key(self) -> None:
        """A key that does nothing here; while a turn's end waits, the next Enter only asks again."""
        if self.ending is not None:
            self.turn.typed_over = True

    def end_turn(self) -> None:
        """Enter on the question after a take or pass: the turn is over, the keyboard changes hands."""
        game = self.game
        if game is None or self.screen is not Screen.TABLE:
            return
        self.turn.ending = None
        if game.is_over:
            self.screen = Screen.END
            self.overlay = None
            self.message = None
        else:
            self._begin_turn()

    def undo(self) -> None:
        """u / Ctrl-Z: take back this turn's last action, never past a refresh draw or into the last turn."""
        if self.screen is Screen.HANDOFF:
            self.message = Message("Nothing to undo: the last turn is over, and undo works within a turn.", "warning")
        elif self.screen is Screen.TABLE:
            self.table.undo()

    def ask_hint(self) -> None:
        """h: a suggested action for the player at the keyboard, from their own view with the memory aid.

        The view is exactly what the memory aid shows (R12.3), never more; `hints` works it out off the
        screen's loop and puts it on the message line, unless the game has moved on meanwhile.
        """
        game = self.game
        if self.screen is not Screen.TABLE or game is None or self.ending is not None or game.is_over:
            return
        if self.computer_to_move:
            self.message = Message("Hints are for your own turn: the computer is playing now.", "warning")
        elif self.hints is None:
            self.message = Message("No hints in this game.", "warning")
        else:
            self.hints(game.view(self.at_keyboard, memory=True))

    def toggle_help(self) -> None:
        """?: the help on and off."""
        self._open(None if self.overlay is Overlay.HELP else Overlay.HELP)

    def toggle_log(self) -> None:
        """g: the game log, every finished turn in public events (R12.1), newest at the bottom."""
        self._open(None if self.overlay is Overlay.LOG else Overlay.LOG)

    def _open(self, overlay: Overlay | None) -> None:
        self.overlay = overlay
        self.scroll = 0

    def scroll_by(self, rows: int, *, limit: int | None = None) -> None:
        """Arrow and page keys in a scrolling overlay; `limit` is how far it can go (by default as last drawn)."""
        limit = self.drawing.scroll_limit if limit is None else limit
        self.scroll = max(0, min(limit, self.scroll + rows))

    def scroll_key(self, key: str) -> None:
        """↑ ↓ PgUp PgDn Home End in the help (which scrolls from its top) or the log (from its bottom)."""
        page = max(1, self.drawing.rows - 4)
        rows = {"down": 1, "up": -1, "pagedown": page, "pageup": -page, "end": 1 << 30, "home": -(1 << 30)}[key]
        self.scroll_by(rows if self.overlay is Overlay.HELP else -rows)

    def toggle_confirm(self) -> None:
        """c in the help: ask, or stop asking, before a take or pass ends the turn."""
        self.confirm = not self.confirm
        if self.confirm:
            self.message = Message("A take or pass now asks you to confirm it (c in the help turns this off).")
        else:
            self.message = Message("A take or pass now ends the turn at once (c in the help asks again).")

    def toggle_summary(self) -> None:
        """Show or hide the opponent's last turn on the table (and close it where it lies on top).

        Where it is on show but found no room beside the table, it is laid on top of the table instead.
        """
        if self.overlay is Overlay.LAST_TURN:
            self.overlay = None
        elif self.ending is None and self.summary() and self.drawing.summary_crowded:
            self.show_last_turn()
        elif self.screen is Screen.HANDOFF:
            self.message = Message("The last turn shows with your table: press Enter when you are at the keyboard.",
                                   "warning")
        elif self.screen is Screen.TABLE and self.ending is not None:
            self.message = Message("Your turn is ending: Enter ends it, u takes it back (g shows the game log).",
                                   "warning")
        elif self.screen is Screen.TABLE and not self.last_turn():
            self.message = Message("Nothing to show yet: no turn has been played in this game.", "warning")
        elif self.screen is Screen.TABLE:
            self.show_summary = not self.show_summary

    def show_last_turn(self) -> None:
        """Lay the opponent's last turn on top of the table: for when it finds no room beside it."""
        if self.last_turn():
            self.overlay = Overlay.LAST_TURN

    def ask_quit(self) -> None:
        """q: ask before leaving, never just die."""
        self.overlay = Overlay.CONFIRM_QUIT

    def interrupt(self) -> None:
        """Ctrl-C, Ctrl-D: ask before leaving; asked twice, the player means it."""
        if self.overlay is Overlay.CONFIRM_QUIT:
            self.answer_quit(True)
        else:
            self.ask_quit()

    def answer_quit(self, yes: bool) -> None:
        if self.overlay is not Overlay.CONFIRM_QUIT:
            return
        self.overlay = None
        if yes:
            self.exit_code = 0
        else:
            self.message = None

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
        index, default = self.name_prompt()
        try:
            name = tidy_name(text) if text.strip() else default
            if index == 1:
                check_pair(self.names_given[0], name)
            elif not self.is_human(1):  # the computer's name is known: the person's must read differently
                check_pair(name, seat_name(self.seats[1]))
        except NameRefused as refusal:  # the same words as for --names
            self.message = Message(str(refusal), "error")
            return False
        self.names_given.append(name)
        self.message = None
        self._name_computers()
        if len(self.names_given) == 2:
            self._start((self.names_given[0], self.names_given[1]))
        return True

    def _name_computers(self) -> None:
        """Against the computer only the person's name is asked: the computer's seat comes named."""
        while len(self.names_given) < 2 and not self.is_human(len(self.names_given)):
            self.names_given.append(seat_name(self.seats[len(self.names_given)]))

    def _start(self, names: tuple[str, ...]) -> None:
        self.game = Game.new(seed=self.seed, names=names, first=self.first)
        self.origin = None
        self.history = []
        self.log = []
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
