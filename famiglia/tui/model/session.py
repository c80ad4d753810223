"""One keyboard's sitting at a table: the plain object that the keys change and the screen reads.

A `Session` is a screen of a `Table` (the game and what was played at it): the screen on show (the
names question, the handoff, the table, the end), any overlay on it (help, the game log, the quit
question) and how far it is scrolled, the message line, the turn being built at this keyboard
(`Turn`), the handoff's guard (`HandoffGuard`) and the names question. Everything of the screen is
here and everything of the game is the table's, so a table could be watched from several sessions.
No rich, no prompt_toolkit, no pointer back from its parts: the keys' verbs take it as an argument.

A turn ends in two steps: the take or pass is played (so the player sees its result on their own
table), then confirmed with Enter or taken back with undo; only then comes the handoff (`confirm`
off skips the question). Against the computer there is no handoff; the screen always draws the
person's view, also while the computer plays (`activity` says what it is doing); the computer
confirms nothing, and undo never reaches into its turn. Every change of the game, an undo included,
calls the `on_action` hooks before the screen shows the result.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from famiglia.engine import Action, Event, Game, Pass, Refresh, SeatView, Step, Swap, Take, parse_action
from famiglia.persistence.seats import NETWORK
from famiglia.phrasebook import events
from famiglia.phrasebook.catalogue import _
from famiglia.phrasebook.notation import in_notation, in_words
from famiglia.phrasebook.refusals import pay_for
from famiglia.phrasebook.refusals import refusal as refusal_words
from famiglia.profile.names import quoted
from famiglia.profile.seats import HUMAN

from .builder import Menu
from .handoff import HANDOFF_GUARD, HandoffGuard
from .naming import NamesQuestion
from .screens import Drawn, Message, Overlay, Read, Screen, SeatRead
from .table import Table
from .turn import Turn

__all__ = ["ActionHook", "Message", "Overlay", "RefusalHook", "Screen", "Session"]

# Called after every change of the game, before the screen shows it: the action played, or None after an undo.
ActionHook = Callable[["Session", Action | None], None]
# Called when the rules refuse what was tried (an action or its notation), after the message line says why.
RefusalHook = Callable[["Session", Action | str], None]


class Session:
    """The state of one sitting at the terminal, possibly several games long; see the module docstring."""

    def __init__(self, *, names: Sequence[str] | None = None, seed: int | None = None, first: int | None = None,
                 memory_aid: bool = False, confirm: bool = True, seats: tuple[Any, Any] = (HUMAN, HUMAN),
                 handoff_guard: float = HANDOFF_GUARD, clock: Callable[[], float] = time.monotonic,
                 table: Table | None = None, seat: int | None = None) -> None:
        self.table = Table(seats=seats, seed=seed, first=first) if table is None else table
        self.seat = seat  # the one seat this screen shows (a player's screen of a shared table); None: at one keyboard
        self.memory_aid = memory_aid
        self.confirm = confirm  # ask before a take or pass hands the keyboard on
        self.on_action: list[ActionHook] = []
        self.on_refused: list[RefusalHook] = []  # the guided game explains a refused try
        self.on_settings: list[Callable[[Session], None]] = []  # after a setting changes in play (c in the help)
        self.on_turn_end: list[Callable[[Session], None]] = []  # after a take or pass is confirmed (or needs no Enter)
        # Set by the application (the computer's thread): works out a hint off the screen's loop.
        self.hints: Callable[[SeatView], None] | None = None
        self.activity: str | None = None  # what the computer is doing (thinking…), under the message line
        self.standing: str | None = None  # a warning that stays while it lasts (a game that is not saved)
        self.screen = Screen.NAMES
        self.overlay: Overlay | None = None
        self.message: Message | None = None
        self.show_summary = False  # the opponent's last turn, shown as the turn begins
        self.exit_code: int | None = None  # set when the player has chosen to leave
        self.scroll = 0  # how far a scrolling overlay is moved from its start (help: top; log: bottom; rules: a rule)
        self.rule_shown: str | None = None  # the rule the rules overlay opened at
        self.drawing = Drawn()  # what the last redraw found (set by the shell)
        self.turn = Turn()
        self.guard = HandoffGuard(handoff_guard, clock)
        self.naming = NamesQuestion(self.table.seats)
        if names is not None:
            self._start(tuple(names))

    @classmethod
    def resume(cls, game: Game, *, log: Iterable[tuple[Event, ...]] = (), pass_reasons: Mapping[int, str] = {},
               seats: tuple[Any, Any] = (HUMAN, HUMAN), **options: Any) -> Session:
        """A session that carries on `game` where it stands (a saved game, mid-turn included).

        It opens on the handoff for the player to move (on the scoring, if the game is over); undo
        cannot reach back before this point. `log` is the public record of the turns played before
        (`famiglia.persistence.turns.turn_log`), `pass_reasons` why the computer passed in them
        (`Table.resumed`).
        """
        table = Table.resumed(game, log=log, pass_reasons=pass_reasons, seats=seats)
        session = cls(table=table, **options)
        if game.is_over:
            session.screen = Screen.END
        else:
            session._begin_turn()
        return session

    @classmethod
    def seated(cls, table: Table, seat: int, **options: Any) -> Session:
        """A screen of the shared `table` for `seat` alone (famiglia serve): no handoff, the turn under way on show.

        An action played on any screen of the table is played once, on it; each screen draws its own seat's view.
        """
        session = cls(table=table, seat=seat, **options)
        session.screen = Screen.TABLE
        session.turn_begins()
        return session

    # What the screen reads of the table and of the turn being built, by its old names.
    history = Read[list[Action]]("table", "history")
    # As this screen's seat knows them (`Table.game_for`, `log_for`, `ending_for`): at one keyboard, the table's.
    game = SeatRead[Game | None]("game")
    log = SeatRead[list[tuple[Event, ...]]]("log")
    ending = SeatRead[Action | None]("ending")  # another seat's take or pass is not this screen's to confirm
    pass_reasons = Read[dict[int, str]]("table", "pass_reasons")
    origin = Read[dict[str, Any] | None]("table", "origin")
    seats = Read[tuple[Any, Any]]("table", "seats")
    names = Read[tuple[str, str]]("table", "names")
    person = Read[int | None]("table", "person")
    is_human = Read[Callable[[int], bool]]("table", "is_human")
    path = Read[tuple[str, ...]]("turn", "path", settable=True)
    highlight = Read[int | None]("turn", "highlight")

    def view(self) -> SeatView | None:
        """The one view the current screen may draw from (R12): public at the handoff, `at_keyboard`'s at the table."""
        if self.table.game is None or self.screen is Screen.NAMES:
            return None
        if self.screen is Screen.HANDOFF:
            return self.table.view(None)
        # The player at the keyboard: after a take or pass still its player; against the computer the person.
        view = self.table.view(self.at_keyboard, memory=self.memory_aid)  # never the computer's hand (R12.2)
        if self.ending is None and self.turn.swaps_done and view.swaps_left:
            view = replace(view, swaps_left=0)  # the step bar moves on to the Brute, as the menu does (R6.2)
        return view

    def menu(self) -> Menu | None:
        """The choices on offer now, at the level of the action being built; None off the table."""
        game = self.game
        if self.screen is not Screen.TABLE or game is None or game.is_over or self.table.ending is not None \
                or self.computer_to_move:
            return None
        return self.turn.menu(game.legal_actions())

    def completions(self, text: str) -> list[str]:
        """Legal actions in notation that start with `text`, for Tab; none while another seat acts."""
        return [] if self.computer_to_move else self.table.completions(text)

    def summary(self) -> tuple[Event, ...]:
        """The opponent's last turn, while it is on show (every action is public, R12.1)."""
        return self.last_turn() if self.show_summary else ()

    def last_turn(self) -> tuple[Event, ...]:
        """The opponent's last turn, on show or not (every action is public, R12.1); () off the table."""
        game = self.game
        if self.screen is not Screen.TABLE or game is None or self.ending is not None:
            return ()
        return game.view(None).last_turn

    def last_turn_reason(self) -> str | None:
        """Why the computer passed in the last turn, if it did (words of public facts only, R12.1)."""
        return self.table.pass_reasons.get(len(self.log)) if self.last_turn() else None

    @property
    def can_undo(self) -> bool:
        mine = self.seat is None or self.ending is not None or not self.computer_to_move  # never another seat's
        return self.screen is Screen.TABLE and bool(self.table.snapshots) and mine

    @property
    def at_keyboard(self) -> int:
        """The seat the screen is for: the player to move, or the one whose take or pass awaits their Enter; against
        the computer always the person's, also while the computer plays (R12.2)."""
        table = self.table
        if self.seat is not None:
            return self.seat
        if table.person is not None:
            return table.person
        if table.ending is not None:
            return table.ending_seat
        return table.game.to_move if table.game is not None else 0

    @property
    def computer_to_move(self) -> bool:
        """Whether a computer seat plays now: its turn on the table, with no take or pass of the person's pending."""
        acting = self.table.computer_to_move if self.seat is None else self.table.others_turn(self.seat)
        return self.screen is Screen.TABLE and acting

    @property
    def opponent_away(self) -> bool:
        """Whether the other seat is a person at another terminal (famiglia serve), not a computer: its turn is
        theirs, nothing here hurries it, and the words say "their"."""
        other = 1 - self.at_keyboard
        return self.seats[other] == NETWORK or (self.seat is not None and self.table.is_human(other))

    @property
    def waiting(self) -> bool:
        """The handoff has just thrown a key away: it says so until it takes keys."""
        return self.guard.waited and self.screen is Screen.HANDOFF and not self.accepts_keys()

    # -- the handoff: nothing of the next hand before the screen is drawn ---------------------------

    def drawn(self) -> bool:
        """Note a redraw; True the first time the handoff is on show (the shell then drops typed-ahead keys)."""
        return self.screen is Screen.HANDOFF and self.guard.drawn()

    def accepts_keys(self) -> bool:
        """False while keys must be discarded: the handoff is not drawn yet, or was only just drawn."""
        return self.screen is not Screen.HANDOFF or self.guard.open()

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

    # -- the sitting's own verbs --------------------------------------------------------------------------

    def answer_name(self, text: str) -> bool:
        """The names question's answer (empty: the default); False, with the message saying why, if refused."""
        refusal = self.naming.take(text)
        self.message = None if refusal is None else Message(refusal, "error")
        if refusal is None and self.naming.done:
            self._start(self.naming.names)
        return refusal is None

    def line_changed(self, text: str) -> None:
        """The input line changed: a pending number that is no longer on it is no longer pending."""
        if self.turn.pending and text != self.turn.pending:
            self.turn.pending = ""
            self.message = None

    def play(self, action: Action | str) -> bool:
        """Play an action (object or notation) for the player to move; a refusal only sets the message line."""
        table, turn = self.table, self.turn
        game = table.game
        if game is None or self.screen is not Screen.TABLE or table.ending is not None:
            return False
        mover = game.to_move
        if self.seat is not None and mover != self.seat and table.is_human(mover):
            return False  # another person's turn at another screen: never played from here
        try:  # typed words of the player's language are read as the notation's ("prendi F2": take F2)
            played = table.play(in_notation(action) if isinstance(action, str) else action, confirm=self.confirm)
        except ValueError as error:  # IllegalAction, or anything else the notation's reader refuses
            self.message = _refused(game, action, error)  # the game is unchanged; the line keeps the action
            for refused in self.on_refused:
                refused(self, action)
            return False
        ends_turn = played.step is Step.TAKE
        asks = table.ending is not None  # set before the hooks run, so a save knows the turn's end still waits
        if isinstance(played, Swap):
            turn.swaps_done = False
        turn.clear_choice()
        if asks:
            turn.typed_over = False
        self.show_summary = False
        self.message = None
        for hook in self.on_action:
            hook(self, played)
        if ends_turn:
            if not asks:
                self.end_turn()
            reason = table.pass_reasons.get(len(table.log)) if type(played) is Pass else None  # the computer's only
            if reason is not None:  # as each of its actions is, at every width (the end screen has no last turn)
                passed = _("{name} passed: {reason}").format(name=table.names[mover], reason=reason)
                self.message = Message(passed + ".")
        elif self.message is None:  # a hook's warning (a game that cannot be saved) goes first
            self.message = Message(events.event(game.view(None).this_turn[-1], table.names))
        if type(played) is Refresh and played == turn.advised:
            _hint_again(self)
        return True

    def end_turn(self) -> None:
        """Enter on the question after a take or pass: the turn is over, the keyboard changes hands."""
        if self.table.game is None or self.screen is not Screen.TABLE:
            return
        if self.seat is not None and self.table.ending is not None and self.ending is None:
            return  # another seat's take or pass: only its player confirms it
        self.table.confirm_ending()
        if self.table.game.is_over:
            self.screen, self.overlay, self.message = Screen.END, None, None
        else:
            self._begin_turn()
        for hook in self.on_turn_end:
            hook(self)

    def quit(self, exit_code: int = 0) -> None:
        """Leave at once: the end screen's q, or a signal with its shell exit status (143 for SIGTERM, 129 for SIGHUP);
        every change of the game has already gone through the `on_action` hooks, so nothing is lost mid-turn."""
        self.overlay = None
        self.exit_code = exit_code

    def new_game(self) -> None:
        """The end screen's n: the same players, a new shuffle."""
        if self.table.game is None or self.screen is not Screen.END:
            return
        if self.seat is not None:  # a shared table's game is everyone's: a new one is a new table
            self.message = Message(_("A new game is a new table: q goes back to the lobby, where n opens one."))
            return
        self._start()

    # -- turns ------------------------------------------------------------------------------------------

    def _start(self, names: tuple[str, ...] | None = None) -> None:
        """A new deal for `names`, or for the same players (None: a new shuffle)."""
        if names is None:
            self.table.deal_again()
        else:
            self.table.deal(names)
        self.overlay = None
        self._begin_turn()

    def _begin_turn(self) -> None:
        """A turn begins: the keyboard changes hands first (R12.2), then the mover sees the table.

        Against the computer there is no handoff (the person's hand stays on show, the computer's is
        never drawn), and the last turn is shown as the person's turn begins: it is the computer's.
        """
        self.table.new_turn()
        self.turn_begins()

    def turn_begins(self) -> None:
        """What this screen shows as a turn begins (the table's part is `_begin_turn`'s): the handoff at one
        keyboard of two people, else the table (the scoring once the game is over), with the last turn on show
        for the player whose turn it is."""
        self.turn = Turn()
        game = self.game
        if self.seat is not None:
            self.screen = Screen.END if game is not None and game.is_over else Screen.TABLE
            self.overlay = None if self.screen is Screen.END else self.overlay
        else:
            self.screen = Screen.HANDOFF if self.table.person is None else Screen.TABLE
        self.guard.reset()
        self.show_summary = bool(game and game.view(None).last_turn) and not self.computer_to_move
        self.message = None


def _refused(game: Game, action: Action | str, error: ValueError) -> Message:
    """The message line of a refused action: the engine's refusal said in the player's words, and the rule it quotes
    (which Ctrl-R opens)."""
    refusal = getattr(error, "refusal", None)
    reason = getattr(error, "reason", None)
    paid = _paid_takes(game, action) if isinstance(action, str) else []  # typed here, by the player to move
    rule = None if refusal is None else refusal.rule
    if paid:
        reason, rule = pay_for(paid[0].card, [in_words(str(take)) for take in paid]), "R8.2"
    elif refusal is not None:
        reason = refusal_words(refusal, as_typed=action if isinstance(action, str) else None)
    elif not reason:
        reason = _("{typed} is not an action").format(typed=quoted(str(action)))
    return Message(reason, "error", rule=rule)


def _hint_again(s: Session) -> None:
    """The refresh the hint advised this turn was played: the hint is worked out again from the cards it drew and
    shown as soon as it is ready, with no key pressed (the player asked for one this turn). The plan the hint
    told before the draw was only what stays open whatever is drawn (R5.2)."""
    s.turn.advised = None
    game = s.game
    if s.hints is None or game is None or s.menu() is None:
        return
    if s.message is not None and s.message.style == "notice":
        s.message = Message(_("{event}; looking for the plan with the cards drawn…").format(event=s.message.text))
    s.hints(game.view(s.at_keyboard, memory=True))


def _paid_takes(game: Game, typed: str) -> list[Take]:
    """The takes with a pair of the card that `typed` takes as if free, where the player to move holds a pair
    that pays for it.

    Typed `take M1` for an M1 of value 1, the engine's reason lists the cards a pair needs (R8.2); a
    player holding them wants the words that play it (how to write the pair, R8.4), not the rule again.
    Only for what the player to move typed at this keyboard: the pairs are read from their hand (R12).
    """
    try:
        action = parse_action(in_notation(typed))
    except ValueError:
        return []
    if not isinstance(action, Take) or action.pay is not None:
        return []
    return [a for a in game.legal_actions() if isinstance(a, Take) and a.card == action.card and a.pay is not None]
