"""The hot-seat game between two keypresses: one plain object that the keys change and the layout reads.

A `Session` holds the `Game`, who sits at each seat, the screen on show (the names question, the
handoff, the table, the end) and any overlay on it (help, the game log, the quit question), the action being built
choice by choice, the message line, and the snapshots that undo goes back to. It knows nothing of
prompt_toolkit: its methods are the verbs a player's keys stand for, so it is driven the same way by
the application, by tests, and later by a computer seat or a saved game.

A turn ends in two steps: the take or pass is played (so the player sees its result on their own
table), then confirmed with Enter or taken back with undo; only then comes the handoff (`confirm`
off skips the question). The public events of every finished turn are kept in `log`, for the game
log overlay; an undone turn takes its events back out.

`seats` says who plays each seat (`famiglia.tui.seats`): two people, or a person against the
computer. Against the computer there is no handoff; the screen always draws the person's view, also
while the computer plays (`famiglia.tui.computer` plays its turn through `play`, off the screen's
loop, and sets `activity`); the computer confirms nothing, and undo never reaches into its turn.
Every change of the game, an undo included, calls the `on_action` hooks before the screen shows
the result.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any, Final

from famiglia.engine import DEFAULT_NAMES, Action, Event, Game, Pass, Refresh, SeatView, Step, Swap

from .builder import Choice, Menu, complete, menu
from .names import NAME_LENGTH, NameRefused, check_pair, tidy_name
from .seats import HUMAN, seat_name
from .words import describe_event, describe_own

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

HANDOFF_GUARD: Final = 0.4  # seconds of quiet after the handoff is drawn before it takes a key
DONE_SWAPPING: Final = "done swapping"  # the menu entry that closes an Accountant's swaps (R6.2)
_NUMBER_DIGITS: Final = 6  # longer numbers are quoted shortened: no menu has a million choices


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
    LOG = "game log"  # every finished turn of the game, public events only (R12.1)
    CONFIRM_QUIT = "confirm quit"

    @property
    def scrolls(self) -> bool:
        """Whether the arrow and page keys scroll it (it may be longer than the screen)."""
        return self in (Overlay.HELP, Overlay.LOG)


@dataclass(frozen=True, slots=True)
class Message:
    """One line for the player: what went wrong, or what just happened. `style` is a theme name."""

    text: str
    style: str = "notice"


# Called after every change of the game, before the screen shows it: the action played, or None after an undo.
ActionHook = Callable[["Session", Action | None], None]


def number_text(text: str) -> int | None:
    """`text` as a choice number if it is one: ASCII digits only, and not absurdly long.

    `str.isdigit` also accepts `²` and `①`, which `int` refuses, and Arabic-Indic or full-width digits,
    which a player cannot mean as a choice; `int` refuses more than 4,300 digits. None may reach it.
    """
    if not (text.isascii() and text.isdigit()):
        return None
    if len(text) > _NUMBER_DIGITS:
        return 10**_NUMBER_DIGITS  # a number no menu reaches; refused as such
    return int(text)


def replay_log(game: Game, actions: Iterable[Action | str]) -> list[tuple[Event, ...]]:
    """The public events of each turn that `actions` finish when played from `game` (a copy is played).

    For a session that resumes a recorded game: its `log` can hold every turn since the deal.
    """
    g = game.copy()
    turns: list[tuple[Event, ...]] = []
    for action in actions:
        if g.apply(action).step is Step.TAKE:
            turns.append(g.view(None).last_turn)
    return turns


class Session:
    """The state of one sitting at the terminal, possibly several games long; see the module docstring."""

    def __init__(
        self,
        *,
        names: Sequence[str] | None = None,
        seed: int | None = None,
        first: int | None = None,
        memory_aid: bool = False,
        confirm: bool = True,
        seats: tuple[Any, Any] = (HUMAN, HUMAN),
        handoff_guard: float = HANDOFF_GUARD,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.seed = seed
        self.first = first
        self.memory_aid = memory_aid
        self.confirm = confirm  # ask before a take or pass hands the keyboard on
        self.seats = seats
        self.handoff_guard = handoff_guard
        self.on_action: list[ActionHook] = []
        # Set by the application (famiglia.tui.computer): works out a hint off the screen's loop.
        self.hints: Callable[[SeatView], None] | None = None
        self.activity: str | None = None  # what the computer is doing (thinking…), under the message line
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
        self.log: list[tuple[Event, ...]] = []  # the public events of every finished turn, oldest first
        self.ending: Action | None = None  # the take or pass played and waiting to be confirmed
        self.swaps_done = False  # the player closed the Accountant's swaps (R6.2) for this turn
        self.pending = ""  # digits typed that may still become a longer choice number
        self.scroll = 0  # how far a scrolling overlay is moved from its start (help: top; log: bottom)
        self._ending_seat = 0  # whose table is on show while `ending` waits
        self._undo: list[tuple[Game, int]] = []  # this turn's snapshots and the history length at each
        self._handoff_drawn_at: float | None = None
        self._waited = False  # a key came at the handoff too soon: it says to wait a moment
        self._typed_over = False  # keys were typed while a turn's end waits to be confirmed
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
        (see `replay_log`); without it the game log starts with the last turn the game remembers.
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

    # -- reading ----------------------------------------------------------------------------------------

    @property
    def names(self) -> tuple[str, str]:
        return self.game.names if self.game is not None else DEFAULT_NAMES

    def view(self) -> SeatView | None:
        """The one view the current screen may draw from (R12): public at the handoff, `at_keyboard`'s at the table."""
        game = self.game
        if game is None or self.screen is Screen.NAMES:
            return None
        if self.screen is Screen.HANDOFF:
            if self.ending is not None:  # a resumed take or pass awaits its player's Enter: they sit down again
                return replace(game.view(None), to_move=self._ending_seat, passes=0)
            return game.view(None)
        # The player at the keyboard: after a take or pass still its player; against the computer the person.
        view = game.view(self.at_keyboard, memory=self.memory_aid)  # never the computer's hand (R12.2)
        if self.ending is not None and self.person is None:
            # The game has moved on (or ended), but this is still the mover's turn on screen until Enter: it
            # stands at its take (the step bar and "Your turn" say so), as the turn warned (R9.3's last turn).
            view = replace(view, to_move=self._ending_seat, step=Step.TAKE, passes=0, refreshes=0, swaps_left=0,
                           result=None, opponent_hand=view.opponent_hand if self.memory_aid else None)
        elif self.swaps_done and view.swaps_left:
            view = replace(view, swaps_left=0)  # the step bar moves on to the Brute, as the menu does (R6.2)
        return view

    def menu(self) -> Menu | None:
        """The choices on offer now, at the level of the action being built; None off the table.

        While an Accountant's swaps are open, `done swapping` follows them; once chosen, the swaps
        leave the menu and the later steps remain (the engine needs no action for it: R6.2 says
        "up to").
        """
        if (self.screen is not Screen.TABLE or self.game is None or self.game.is_over or self.ending is not None
                or self.computer_to_move):
            return None
        legal = self.game.legal_actions()
        if self.swaps_done:
            return menu([a for a in legal if not isinstance(a, Swap)], self.path)
        built = menu(legal, self.path)
        swaps = [c for c in built.choices if c.actions and isinstance(c.actions[0], Swap)]
        if not built.is_top or not swaps:
            return built
        at = built.choices.index(swaps[-1]) + 1
        done = Choice(at + 1, DONE_SWAPPING, (DONE_SWAPPING,), Step.ACCOUNTANT, ())
        later = tuple(replace(c, number=c.number + 1) for c in built.choices[at:])
        return replace(built, choices=(*built.choices[:at], done, *later))

    def completions(self, text: str) -> list[str]:
        """Legal actions in notation that start with `text`, for Tab."""
        if self.screen is not Screen.TABLE or self.game is None or self.ending is not None or self.computer_to_move:
            return []
        return complete(self.game.legal_actions(), text)

    def summary(self) -> tuple[Event, ...]:
        """The opponent's last turn, while it is on show (every action is public, R12.1)."""
        if not self.show_summary:
            return ()
        return self.last_turn()

    def last_turn(self) -> tuple[Event, ...]:
        """The opponent's last turn, on show or not (every action is public, R12.1); () off the table."""
        if self.screen is not Screen.TABLE or self.game is None or self.ending is not None:
            return ()
        return self.game.view(None).last_turn

    @property
    def can_undo(self) -> bool:
        return self.screen is Screen.TABLE and bool(self._undo)

    @property
    def at_keyboard(self) -> int:
        """The seat the screen is for: the player to move, or the one whose take or pass awaits their Enter.

        Against the computer it is always the person's seat, also while the computer plays (R12.2).
        """
        if self.person is not None:
            return self.person
        if self.ending is not None:
            return self._ending_seat
        return self.game.to_move if self.game is not None else 0

    @property
    def waiting(self) -> bool:
        """The handoff has just thrown a key away: it says so until it takes keys."""
        return self._waited and self.screen is Screen.HANDOFF and not self.accepts_keys()

    def ending_question(self) -> str:
        """What the player is asked before the turn goes to the other player: the result, and the keys."""
        if self.ending is None or self.game is None:
            return ""
        game = self.game
        said = describe_own(self.ending, ends_game=isinstance(self.ending, Pass) and game.is_over)
        if game.is_over and not isinstance(self.ending, Pass):
            said += " — the last turn: the game ends"  # R9.3, R10.2
        keys = "Enter: end the game" if game.is_over else "Enter: end your turn"
        if self._undo:
            keys += " · u or Esc: take it back"
        else:
            keys += " (new cards were dealt: it cannot be taken back)"
        return f"{said}. {keys}"

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
        if self.screen is Screen.HANDOFF:
            self._waited = True

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
        elif self.screen is Screen.TABLE and self.ending is not None and self._typed_over:
            # Keys came after the question (`pass` typed out: its `p` passed): this Enter ended that
            # typing, so it does not answer a question the player may not have read.
            self._typed_over = False
            self.message = Message("Press Enter again to end your turn, or u to take it back.", "warning")
        elif self.screen is Screen.TABLE and self.ending is not None:
            self.end_turn()
        elif self.screen is Screen.TABLE:
            return self._submit_on_table(text.strip())
        elif self.screen is Screen.END:
            self.message = Message("Press n for a new game, or q to quit.")
        return True

    def _submit_on_table(self, text: str) -> bool:
        self.pending = ""
        if self.computer_to_move:  # the computer's turn is never played from the keyboard
            self.message = Message(f"{self.names[1 - self.at_keyboard]} is playing its turn: a moment, please.",
                                   "warning")
            return False
        if not text:
            if self.highlight is not None:
                self.choose(self.highlight)
            else:
                self.message = Message("Press the number of a choice, or type an action (Tab completes it).")
            return True
        if text.isdigit():  # any digits, Unicode too: a number is refused as a number, never as an action
            number = number_text(text)
            if number is None:
                self.message = Message(f"Type choice numbers with the digits 0 to 9, not {text[:12]!r}.", "error")
                return False
            self.choose(number)
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
        self._waited = False

    def number_typed(self, digits: str) -> bool:
        """A number key: choose at once when no longer number starts with `digits`; True if it was used up.

        With ten or more choices, `1` may still become `12`: it waits as pending, for a second digit or
        Enter. A number that would end the turn (a take) always waits for Enter there, so a slip of
        the finger on the way to a longer number never ends a turn.
        """
        current = self.menu()
        number = number_text(digits)
        if current is None or number is None:
            return False
        count = len(current.choices)
        choice = current.numbered(number)
        if number and number * 10 <= count:  # 1 of 1..14 may still become 12
            self._pend(digits, f"{digits}_ — a second digit, or Enter for {number}")
            return False
        if count >= 10 and choice is not None and choice.action is not None and choice.step is Step.TAKE:
            self._pend(digits, f"{digits}: {choice.label} — Enter takes it, Backspace changes it")
            return False
        self.pending = ""
        self.choose(number)
        return True

    def _pend(self, digits: str, words: str) -> None:
        self.pending = digits
        self.message = Message(words)

    def line_changed(self, text: str) -> None:
        """The input line changed: a pending number that is no longer on it is no longer pending."""
        if self.pending and text != self.pending:
            self.pending = ""
            self.message = None

    def choose(self, number: int) -> None:
        """Take menu entry `number`: play it if it is a whole action, or go down to its choices."""
        current = self.menu()
        if current is None:
            return
        choice = current.numbered(number)
        if choice is None:
            said = str(number) if number < 10**_NUMBER_DIGITS else "that long"
            if not current.choices:
                self.message = Message(f"There is no choice {said}: the list is empty; p passes.", "error")
            else:
                self.message = Message(f"There is no choice {said}: pick 1 to {len(current.choices)}.", "error")
            return
        if choice.path == (DONE_SWAPPING,):
            self.done_swapping()
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

    def done_swapping(self) -> None:
        """Close the Accountant's swaps for this turn: the menu goes on with the later steps (R6.2: "up to")."""
        self.swaps_done = True
        self.path = ()
        self.highlight = None
        self.message = Message("Done swapping: on to the next steps (Esc opens the swaps again).")

    def back(self) -> None:
        """Esc: close an overlay, take back a turn's end, go back one choice (or reopen the swaps)."""
        if self.overlay is not None:
            self.overlay = None
        elif self.screen is Screen.TABLE and self.ending is not None:
            self.undo()
        elif self.screen is Screen.TABLE:
            if not self.path and self.swaps_done:
                self.swaps_done = False  # back to the swaps, as long as the engine still allows them
            self.path = self.path[:-1]
            self.highlight = None
            self.message = None

    def play(self, action: Action | str) -> bool:
        """Play an action (object or notation) for the player to move; a refusal only sets the message line."""
        game = self.game
        if game is None or self.screen is not Screen.TABLE or self.ending is not None:
            return False
        before = game.copy()
        mover = game.to_move
        try:
            played = game.apply(action)
        except ValueError as refusal:  # IllegalAction, or anything else the notation's reader refuses
            reason = getattr(refusal, "reason", None) or f"{str(action)[:40]!r} is not an action"
            self.message = Message(reason, "error")  # the game is unchanged; the line keeps the action
            return False
        ends_turn = played.step is Step.TAKE
        dealt = ends_turn and any(e.action is None for e in game.view(None).last_turn)  # R10.1
        if isinstance(played, Refresh) or dealt:
            self._undo.clear()  # new cards were revealed: undo may not hide them again
        else:
            self._undo.append((before, len(self.history)))
        self.history.append(played)
        if ends_turn:
            self.log.append(game.view(None).last_turn)
        if isinstance(played, Swap):
            self.swaps_done = False
        self.path = ()
        self.highlight = None
        self.pending = ""
        self.show_summary = False
        self.message = None
        asks = ends_turn and self.confirm and self.is_human(mover)  # the computer confirms nothing
        if asks:  # set before the hooks run, so a save knows the turn's end still waits for its Enter
            self.ending = played
            self._ending_seat = mover
            self._typed_over = False
        for hook in self.on_action:
            hook(self, played)
        if ends_turn:
            if not asks:
                self.end_turn()
        elif self.message is None:  # a hook's warning (a game that cannot be saved) goes first
            self.message = Message(describe_event(game.view(None).this_turn[-1], self.names))
        return True

    def stray_key(self) -> None:
        """A key that does nothing here; while a turn's end waits, the next Enter only asks again."""
        if self.ending is not None:
            self._typed_over = True

    def pass_turn(self) -> None:
        """p: pass (R8.5), from anywhere in the turn; it is never a numbered choice."""
        current = self.menu()
        if current is None:
            return
        if current.pass_action is None:
            self.message = Message("Passing is not possible now.", "warning")
            return
        self.play(current.pass_action)

    def end_turn(self) -> None:
        """Enter on the question after a take or pass: the turn is over, the keyboard changes hands."""
        game = self.game
        if game is None or self.screen is not Screen.TABLE:
            return
        self.ending = None
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
            return
        if self.screen is not Screen.TABLE or self.game is None:
            return
        if self.computer_to_move:
            self.message = Message("Undo works within your own turn: the computer's turn is not taken back.",
                                   "warning")
            return
        if not self._undo:
            if self.ending is not None:
                why = "the take dealt a new Street, which showed new cards"
            elif any(isinstance(a, Refresh) for a in self._turn_actions()):
                why = "the refresh showed new cards"
            else:
                why = "this turn has no action yet"
            self.message = Message(f"Nothing to undo: {why}.", "warning")
            return
        game, length = self._undo.pop()
        taken_back = self.history[length]
        self.game = game
        del self.history[length:]
        if self.ending is not None:
            self.ending = None
            self.log.pop()
        self.swaps_done = False
        self.path = ()
        self.highlight = None
        self.pending = ""
        self.message = Message(f"Took back: {taken_back}")
        for hook in self.on_action:
            hook(self, None)

    def _turn_actions(self) -> list[Action]:
        if self.game is None:
            return []
        return [e.action for e in self.game.view(None).this_turn if e.action is not None]

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

        self._open(None if self.overlay is Overlay.HELP else Overlay.HELP)

    def toggle_log(self) -> None:
        """g: the game log, every finished turn in public events (R12.1), newest at the bottom."""
        self._open(None if self.overlay is Overlay.LOG else Overlay.LOG)

    def _open(self, overlay: Overlay | None) -> None:
        self.overlay = overlay
        self.scroll = 0

    def scroll_by(self, rows: int, *, limit: int) -> None:
        """Arrow and page keys in a scrolling overlay; `limit` is how far it can go (what does not fit)."""
        self.scroll = max(0, min(limit, self.scroll + rows))

    def toggle_confirm(self) -> None:
        """c in the help: ask, or stop asking, before a take or pass ends the turn."""
        self.confirm = not self.confirm
        if self.confirm:
            self.message = Message("A take or pass now asks you to confirm it (c in the help turns this off).")
        else:
            self.message = Message("A take or pass now ends the turn at once (c in the help asks again).")

    def toggle_summary(self) -> None:
        """Show or hide the opponent's last turn on the table (and close it where it lies on top)."""
        if self.overlay is Overlay.LAST_TURN:
            self.overlay = None
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
        self._undo.clear()
        self.path = ()
        self.highlight = None
        self.ending = None
        self.swaps_done = False
        self.pending = ""
        self._waited = False
        self.screen = Screen.HANDOFF if self.person is None else Screen.TABLE
        self._handoff_drawn_at = None
        self.show_summary = bool(self.game and self.game.view(None).last_turn) and not self.computer_to_move
        self.message = None
