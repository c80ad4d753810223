"""The hot-seat game between two keypresses: one plain object that the keys change and the layout reads.

A `Session` holds the `Game`, who sits at each seat, the screen on show (the names question, the
handoff, the table, the end) and any overlay on it (help, the quit question), the action being built
choice by choice, the message line, and the snapshots that undo goes back to. It knows nothing of
prompt_toolkit: its methods are the verbs a player's keys stand for, so it is driven the same way by
the application, by tests, and later by a computer seat or a saved game.

Two seams stay open for other players of the session: `seats` says who plays each seat (only `HUMAN`
so far), and every change of the game, an undo included, calls the `on_action` hooks.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

from famiglia.engine import DEFAULT_NAMES, Action, Event, Game, IllegalAction, Refresh, SeatView, Step

from .builder import Menu, complete, menu
from .names import NAME_LENGTH, NameRefused, check_pair, tidy_name
from .words import describe_event

__all__ = [
    "HANDOFF_GUARD",
    "HUMAN",
    "NAME_LENGTH",
    "ActionHook",
    "Message",
    "Overlay",
    "Screen",
    "Session",
]

HUMAN: Final = "human"
HANDOFF_GUARD: Final = 0.4  # seconds of quiet after the handoff is drawn before it takes a key


class Screen(Enum):
    """What fills the terminal."""

    NAMES = "names"  # who plays? (skipped when the names are given)
    HANDOFF = "handoff"  # between turns: public information only (R12.1)
    TABLE = "table"  # the player to move sees their hand and chooses
    END = "end"  # the scoring (R11)


class Overlay(Enum):
    """What may lie on top of a screen; it closes without touching the game."""

    HELP = "help"
    LAST_TURN = "last turn"  # the opponent's last turn, when it finds no room beside the table
    CONFIRM_QUIT = "confirm quit"


@dataclass(frozen=True, slots=True)
class Message:
    """One line for the player: what went wrong, or what just happened. `style` is a theme name."""

    text: str
    style: str = "notice"


# Called after every change of the game: with the action played, or None after an undo.
ActionHook = Callable[["Session", Action | None], None]


class Session:
    """The state of one sitting at the terminal, possibly several games long; see the module docstring."""

    def __init__(
        self,
        *,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        first: int | None = None,
        memory_aid: bool = False,
        seats: tuple[Any, Any] = (HUMAN, HUMAN),
        handoff_guard: float = HANDOFF_GUARD,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.seed = seed
        self.first = first
        self.memory_aid = memory_aid
        self.seats = seats
        self.handoff_guard = handoff_guard
        self.on_action: list[ActionHook] = []
        self._clock = clock

        self.game: Game | None = None
        self.names_given: list[str] = []
        self.screen = Screen.NAMES
        self.overlay: Overlay | None = None
        self.path: tuple[str, ...] = ()  # the choices made so far towards an action (builder)
        self.highlight: int | None = None  # the menu entry the arrow keys point at (1-based)
        self.message: Message | None = None
        self.show_summary = False  # the opponent's last turn, shown as the turn begins
        self.exit_code: int | None = None  # set when the player has chosen to leave
        self.origin: dict[str, Any] | None = None  # the position `history` starts from; None: a new deal
        self.history: list[Action] = []
        self._undo: list[tuple[Game, int]] = []  # this turn's snapshots and the history length at each
        self._handoff_drawn_at: float | None = None
        if names is not None:
            self._start(tuple(names))

    @classmethod
    def resume(cls, game: Game, *, memory_aid: bool = False, **options: Any) -> Session:
        """A session that carries on `game` where it stands (a saved game, mid-turn included).

        It opens on the handoff for the player to move (on the scoring, if the game is over); undo
        cannot reach back before this point.
        """
        session = cls(memory_aid=memory_aid, **options)
        session.game = game
        session.origin = game.to_dict()
        if game.is_over:
            session.screen = Screen.END
        else:
            session._begin_turn()
        return session

    # -- reading ----------------------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        return self.game.names if self.game is not None else DEFAULT_NAMES

    def view(self) -> SeatView | None:
        """The one view the current screen may draw from (R12): public at the handoff, the mover's at the table."""
        game = self.game
        if game is None or self.screen is Screen.NAMES:
            return None
        if self.screen is Screen.HANDOFF:
            return game.view(None)
        return game.view(game.to_move, memory=self.memory_aid)

    def menu(self) -> Menu | None:
        """The choices on offer now, at the level of the action being built; None off the table."""
        if self.screen is not Screen.TABLE or self.game is None or self.game.is_over:
            return None
        return menu(self.game.legal_actions(), self.path)

    def completions(self, text: str) -> list[str]:
        """Legal actions in notation that start with `text`, for Tab."""
        if self.screen is not Screen.TABLE or self.game is None:
            return []
        return complete(self.game.legal_actions(), text)

    def summary(self) -> tuple[Event, ...]:
        """The opponent's last turn, while it is on show (every action is public, R12.1)."""
        if not self.show_summary:
            return ()
        return self.last_turn()

    def last_turn(self) -> tuple[Event, ...]:
        """The opponent's last turn, on show or not (every action is public, R12.1); () off the table."""
        if self.screen is not Screen.TABLE or self.game is None:
            return ()
        return self.game.view(None).last_turn

    @property
    def can_undo(self) -> bool:
        return self.screen is Screen.TABLE and bool(self._undo)

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

    # -- the handoff: nothing of the next hand before the screen is drawn ---------------------------

    def drawn(self) -> bool:
        """Note that the screen has been drawn; True the first time the handoff screen is on show.

        The application calls this after every redraw and discards typed-ahead input when it says True.
        """
        if self.screen is Screen.HANDOFF and self._handoff_drawn_at is None:
            self._handoff_drawn_at = self._clock()
            return True
        return False

    def accepts_keys(self) -> bool:
        """False while keys must be discarded: the handoff is not drawn yet, or was only just drawn."""
        if self.screen is not Screen.HANDOFF:
            return True
        drawn_at = self._handoff_drawn_at
        return drawn_at is not None and self._clock() - drawn_at >= self.handoff_guard

    def discarded(self) -> None:
        """A key came at the handoff before it took keys: the guard time starts again.

        So a key held down (the terminal repeats it every few hundredths of a second) is discarded for
        as long as it is held, and the next hand shows only after a pause as long as the guard.
        """
        if self.screen is Screen.HANDOFF and self._handoff_drawn_at is not None and not self.accepts_keys():
            self._handoff_drawn_at = self._clock()

    # -- the verbs of the keys --------------------------------------------------------------------------

    def submit(self, text: str) -> bool:
        """Enter: answer the names question, go on from the handoff, or choose or play on the table.

        Returns False when `text` was refused (a bad name or action), so it can stay on the input line.
        """
        if self.overlay in (Overlay.HELP, Overlay.LAST_TURN):
            self.overlay = None
        elif self.overlay is Overlay.CONFIRM_QUIT:
            self.message = Message("Quit the game? Press y to quit, n to go on playing.", "warning")
        elif self.screen is Screen.NAMES:
            return self._take_name(text)
        elif self.screen is Screen.HANDOFF:
            self.reveal()
        elif self.screen is Screen.TABLE:
            return self._submit_on_table(text.strip())
        elif self.screen is Screen.END:
            self.message = Message("Press n for a new game, or q to quit.")
        return True

    def _submit_on_table(self, text: str) -> bool:
        if not text:
            if self.highlight is not None:
                self.choose(self.highlight)
            else:
                self.message = Message("Press the number of a choice, or type an action (Tab completes it).")
            return True
        if text.isdigit():
            self.choose(int(text))
            return True
        return self.play(text)

    def reveal(self) -> None:
        """Leave the handoff: the player to move now sees their table (only once the handoff was drawn)."""
        if self.screen is not Screen.HANDOFF:
            return
        if not self.accepts_keys():
            self.discarded()
            return
        self.screen = Screen.TABLE
        self.message = None

    def number_typed(self, digits: str) -> bool:
        """A number key: choose at once when no longer number starts with `digits`; True if it was used up."""
        current = self.menu()
        if current is None or not digits.isdigit():
            return False
        count = len(current.choices)
        number = int(digits)
        if number * 10 <= count and number:
            return False  # 1 of 1..14 may still become 12: wait for another digit or Enter
        self.choose(number)
        return True

    def choose(self, number: int) -> None:
        """Take menu entry `number`: play it if it is a whole action, or go down to its choices."""
        current = self.menu()
        if current is None:
            return
        choice = current.numbered(number)
        if choice is None:
            self.message = Message(f"There is no choice {number}: pick 1 to {len(current.choices)}.", "error")
            return
        if choice.action is not None:
            self.play(choice.action)
            return
        self.path = choice.path
        self.highlight = None
        self.message = None

    def move_highlight(self, delta: int) -> None:
        """Arrow keys: point at the next or previous menu entry (Enter then chooses it)."""
        current = self.menu()
        if current is None or not current.choices:
            return
        count = len(current.choices)
        if self.highlight is None:
            self.highlight = 1 if delta > 0 else count
        else:
            self.highlight = (self.highlight - 1 + delta) % count + 1

    def back(self) -> None:
        """Esc: close an overlay, or go back one choice in the action being built."""
        if self.overlay is not None:
            self.overlay = None
        elif self.screen is Screen.TABLE:
            self.path = self.path[:-1]
            self.highlight = None
            self.message = None

    def play(self, action: Action | str) -> bool:
        """Play an action (object or notation) for the player to move; a refusal only sets the message line."""
        game = self.game
        if game is None or self.screen is not Screen.TABLE:
            return False
        before = game.copy()
        try:
            played = game.apply(action)
        except IllegalAction as refusal:
            self.message = Message(refusal.reason, "error")  # the game is unchanged; the line keeps the action
            return False
        if isinstance(played, Refresh):
            self._undo.clear()  # new cards were revealed: undo may not hide them again
        else:
            self._undo.append((before, len(self.history)))
        self.history.append(played)
        self.path = ()
        self.highlight = None
        self.show_summary = False
        self.message = None
        for hook in self.on_action:
            hook(self, played)
        if game.is_over:
            self.screen = Screen.END
            self.overlay = None
        elif played.step is Step.TAKE:
            self._begin_turn()
        else:
            self.message = Message(describe_event(game.view(None).this_turn[-1], self.names))
        return True

    def undo(self) -> None:
        """u / Ctrl-Z: take back this turn's last action, never past a refresh draw or into the last turn."""
        if self.screen is not Screen.TABLE or self.game is None:
            return
        if not self._undo:
            played_refresh = any(isinstance(a, Refresh) for a in self._turn_actions())
            why = "the refresh showed new cards" if played_refresh else "this turn has no action yet"
            self.message = Message(f"Nothing to undo: {why}.", "warning")
            return
        game, length = self._undo.pop()
        taken_back = self.history[length]
        self.game = game
        del self.history[length:]
        self.path = ()
        self.highlight = None
        self.message = Message(f"Took back: {taken_back}")
        for hook in self.on_action:
            hook(self, None)

    def _turn_actions(self) -> list[Action]:
        if self.game is None:
            return []
        return [e.action for e in self.game.view(None).this_turn if e.action is not None]

    def toggle_help(self) -> None:
        self.overlay = None if self.overlay is Overlay.HELP else Overlay.HELP

    def toggle_summary(self) -> None:
        """Show or hide the opponent's last turn on the table (and close it where it lies on top)."""
        if self.overlay is Overlay.LAST_TURN:
            self.overlay = None
        elif self.screen is Screen.TABLE:
            self.show_summary = not self.show_summary

    def show_last_turn(self) -> None:
        """Lay the opponent's last turn on top of the table: for when it finds no room beside it."""
        if self.last_turn():
            self.overlay = Overlay.LAST_TURN

    def ask_quit(self) -> None:
        """Ctrl-C, Ctrl-D: ask before leaving, never just die."""
        self.overlay = Overlay.CONFIRM_QUIT

    def answer_quit(self, yes: bool) -> None:
        if self.overlay is not Overlay.CONFIRM_QUIT:
            return
        self.overlay = None
        if yes:
            self.exit_code = 0
        else:
            self.message = None

    def quit(self) -> None:
        """Leave at once (the end screen's q: the game is over, nothing is lost)."""
        self.exit_code = 0

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
        except NameRefused as refusal:  # the same words as for --names
            self.message = Message(str(refusal), "error")
            return False
        self.names_given.append(name)
        self.message = None
        if len(self.names_given) == 2:
            self._start((self.names_given[0], self.names_given[1]))
        return True

    def _start(self, names: tuple[str, ...]) -> None:
        self.game = Game.new(seed=self.seed, names=names, first=self.first)
        self.origin = None
        self.history = []
        self.overlay = None
        self._begin_turn()

    def _begin_turn(self) -> None:
        """A turn begins: the keyboard changes hands first (R12.2), then the mover sees the table."""
        self._undo.clear()
        self.path = ()
        self.highlight = None
        self.screen = Screen.HANDOFF
        self._handoff_drawn_at = None
        self.show_summary = bool(self.game and self.game.view(None).last_turn)
        self.message = None

    # -- keeping the game safe --------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """Everything needed to play this game on from where it stands: the deal, the actions, the position."""
        game = self.game
        return {
            "seed": game.seed if game is not None else self.seed,
            "first": self.first,
            "names": list(self.names),
            "origin": self.origin,
            "actions": [str(a) for a in self.history],
            "position": game.to_dict() if game is not None else None,
        }
