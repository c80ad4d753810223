"""The keys' verbs on the table: choosing, playing, undoing and passing within the turn being built.

`Table` acts on its `Session`'s game and on the `Turn` the session owns; the session hands its
verbs on to it, so a key calls one verb and the session stays the one object the screen reads.
Every change of the game, an undo included, calls the session's `on_action` hooks before the screen
shows the result.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from famiglia.ai.reasons import pass_words
from famiglia.engine import Action, Pass, Refresh, SeatView, Step, Swap
from famiglia.profile.names import quoted

from .builder import Menu, complete
from .screens import NUMBER_DIGITS, Message, Screen, number_text
from .turn import DONE_SWAPPING
from .words import describe_event, describe_own

if TYPE_CHECKING:
    from .session import Session

__all__ = ["Table"]


class Table:
    """The verbs of the table for one session; see the module docstring."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def view(self) -> SeatView | None:
        """The one view the current screen may draw from (R12): public at the handoff, `at_keyboard`'s at the table."""
        s = self.session
        game, turn = s.game, s.turn
        if game is None or s.screen is Screen.NAMES:
            return None
        if s.screen is Screen.HANDOFF:
            if turn.ending is not None:  # a resumed take or pass awaits its player's Enter: they sit down again
                return replace(game.view(None), to_move=turn.ending_seat, passes=0)
            return game.view(None)
        # The player at the keyboard: after a take or pass still its player; against the computer the person.
        view = game.view(s.at_keyboard, memory=s.memory_aid)  # never the computer's hand (R12.2)
        if turn.ending is not None:
            # The game has moved on (or ended), but this is still the mover's turn on screen until Enter: it
            # stands at its take (the step bar and "Your turn" say so), as the turn warned (R9.3's last turn);
            # the last turn is still the opponent's, and this one is the mover's, take included (R12.1).
            last = s.log[-2] if len(s.log) >= 2 else ()
            this = s.log[-1] if s.log else view.last_turn
            view = replace(view, to_move=turn.ending_seat, step=Step.TAKE, passes=0, refreshes=0, swaps_left=0,
                           result=None, opponent_hand=view.opponent_hand if s.memory_aid else None,
                           last_turn=last, this_turn=this)
        elif turn.swaps_done and view.swaps_left:
            view = replace(view, swaps_left=0)  # the step bar moves on to the Brute, as the menu does (R6.2)
        return view

    def completions(self, text: str) -> list[str]:
        """Legal actions in notation that start with `text`, for Tab."""
        s = self.session
        if s.screen is not Screen.TABLE or s.game is None or s.ending is not None or s.computer_to_move:
            return []
        return complete(s.game.legal_actions(), text)

    def ask_hint(self) -> None:
        """h: a suggested action for the player at the keyboard, from their own view with the memory aid.

        The view is exactly what the memory aid shows (R12.3), never more; `hints` works it out off the
        screen's loop and puts it on the message line, unless the game has moved on meanwhile.
        """
        s = self.session
        game = s.game
        if s.screen is not Screen.TABLE or game is None or s.ending is not None or game.is_over:
            return
        if s.computer_to_move:
            s.message = Message("Hints are for your own turn: the computer is playing now.", "warning")
        elif s.hints is None:
            s.message = Message("No hints in this game.", "warning")
        else:
            s.hints(game.view(s.at_keyboard, memory=True))

    def menu(self) -> Menu | None:
        """The choices on offer now, at the level of the action being built; None off the table."""
        s = self.session
        if (s.screen is not Screen.TABLE or s.game is None or s.game.is_over or s.turn.ending is not None
                or s.computer_to_move):
            return None
        return s.turn.menu(s.game.legal_actions())

    def ending_question(self) -> str:
        """What the player is asked before the turn goes to the other player: the result, and the keys."""
        s, turn = self.session, self.session.turn
        if turn.ending is None or s.game is None:
            return ""
        game = s.game
        said = describe_own(turn.ending, ends_game=isinstance(turn.ending, Pass) and game.is_over)
        if game.is_over and not isinstance(turn.ending, Pass):
            said += " — the last turn: the game ends"  # R9.3, R10.2
        keys = "Enter: end the game" if game.is_over else "Enter: end your turn"
        if turn.snapshots:
            keys += " · u or Esc: take it back"
        else:
            keys += " (new cards were dealt: it cannot be taken back)"
        return f"{said}. {keys}"

    def submit(self, text: str) -> bool:
        """Enter on the table: choose the highlighted entry or a typed number, or play typed notation."""
        s = self.session
        s.turn.pending = ""
        if s.computer_to_move:  # the computer's turn is never played from the keyboard
            s.message = Message(f"{s.names[1 - s.at_keyboard]} is playing its turn: a moment, please.", "warning")
            return False
        if not text:
            if s.turn.highlight is not None:
                self.choose(s.turn.highlight)
            else:
                s.message = Message("Press the number of a choice, or type an action (Tab completes it).")
            return True
        if text.isdigit():  # any digits, Unicode too: a number is refused as a number, never as an action
            number = number_text(text)
            if number is None:
                s.message = Message(f"Type choice numbers with the digits 0 to 9, not {quoted(text, 12)}.", "error")
                return False
            self.choose(number)
            return True
        return self.play(text)

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
        self.session.turn.pending = ""
        self.choose(number)
        return True

    def _pend(self, digits: str, words: str) -> None:
        self.session.turn.pending = digits
        self.session.message = Message(words)

    def line_changed(self, text: str) -> None:
        """The input line changed: a pending number that is no longer on it is no longer pending."""
        s = self.session
        if s.turn.pending and text != s.turn.pending:
            s.turn.pending = ""
            s.message = None

    def choose(self, number: int) -> None:
        """Take menu entry `number`: play it if it is a whole action, or go down to its choices."""
        s = self.session
        current = self.menu()
        if current is None:
            return
        choice = current.numbered(number)
        if choice is None:
            said = str(number) if number < 10**NUMBER_DIGITS else "that long"
            if not current.choices:
                s.message = Message(f"There is no choice {said}: the list is empty; p passes.", "error")
            else:
                s.message = Message(f"There is no choice {said}: pick 1 to {len(current.choices)}.", "error")
            return
        if choice.path == (DONE_SWAPPING,):
            self.done_swapping()
            return
        if choice.action is not None:
            self.play(choice.action)
            return
        s.turn.path = choice.path
        s.turn.highlight = None
        s.message = None

    def move_highlight(self, delta: int) -> None:
        """Arrow keys: point at the next or previous menu entry (Enter then chooses it)."""
        current = self.menu()
        if current is not None:
            self.session.turn.move_highlight(delta, len(current.choices))

    def done_swapping(self) -> None:
        """Close the Accountant's swaps for this turn: the menu goes on with the later steps (R6.2: "up to")."""
        turn = self.session.turn
        turn.swaps_done = True
        turn.path = ()
        turn.highlight = None
        self.session.message = Message("Done swapping: on to the next steps (Esc opens the swaps again).")

    def back(self) -> None:
        """Esc on the table: take back a turn's end, go back one choice (or reopen the swaps)."""
        s, turn = self.session, self.session.turn
        if turn.ending is not None:
            self.undo()
            return
        if not turn.path and turn.swaps_done:
            turn.swaps_done = False  # back to the swaps, as long as the engine still allows them
        elif not turn.path and s.message is None and not s.computer_to_move:
            s.message = Message("Nothing to go back to: these are the turn's first choices (u takes back an action).",
                                "warning")
            return
        turn.path = turn.path[:-1]
        turn.highlight = None
        s.message = None

    def play(self, action: Action | str) -> bool:
        """Play an action (object or notation) for the player to move; a refusal only sets the message line."""
        s, turn = self.session, self.session.turn
        game = s.game
        if game is None or s.screen is not Screen.TABLE or turn.ending is not None:
            return False
        before = game.copy()
        mover = game.to_move
        try:
            played = game.apply(action)
        except ValueError as refusal:  # IllegalAction, or anything else the notation's reader refuses
            reason = getattr(refusal, "reason", None) or f"{quoted(str(action))} is not an action"
            s.message = Message(reason, "error")  # the game is unchanged; the line keeps the action
            return False
        ends_turn = played.step is Step.TAKE
        dealt = ends_turn and any(e.action is None for e in game.view(None).last_turn)  # R10.1
        if isinstance(played, Refresh) or dealt:
            turn.snapshots.clear()  # new cards were revealed: undo may not hide them again
        else:
            turn.snapshots.append((before, len(s.history)))
        s.history.append(played)
        if ends_turn:
            s.log.append(game.view(None).last_turn)
            if type(played) is Pass and not s.is_human(mover):  # the computer says why, in public facts (R12.1)
                s.pass_reasons[len(s.log)] = pass_words(before.view(None), game.result())
        if isinstance(played, Swap):
            turn.swaps_done = False
        turn.clear_choice()
        s.show_summary = False
        s.message = None
        asks = ends_turn and s.confirm and s.is_human(mover)  # the computer confirms nothing
        if asks:  # set before the hooks run, so a save knows the turn's end still waits for its Enter
            turn.awaits(played, mover)
        for hook in s.on_action:
            hook(s, played)
        if ends_turn:
            if not asks:
                s.end_turn()
            reason = s.pass_reasons.get(len(s.log)) if type(played) is Pass and not s.is_human(mover) else None
            if reason is not None:  # as each of its actions is, at every width (the end screen has no last turn)
                s.message = Message(f"{s.names[mover]} passed: {reason}.")
        elif s.message is None:  # a hook's warning (a game that cannot be saved) goes first
            s.message = Message(describe_event(game.view(None).this_turn[-1], s.names))
        return True

    def pass_turn(self) -> None:
        """p: pass (R8.5), from anywhere in the turn; it is never a numbered choice."""
        current = self.menu()
        if current is None:
            return
        if current.pass_action is None:
            self.session.message = Message("Passing is not possible now.", "warning")
            return
        self.play(current.pass_action)

    def undo(self) -> None:
        """u / Ctrl-Z on the table: take back the last action, never past a refresh draw or into the last turn."""
        s, turn = self.session, self.session.turn
        if s.game is None:
            return
        if s.computer_to_move:
            s.message = Message("Undo works within your own turn: the computer's turn is not taken back.", "warning")
            return
        if not turn.snapshots:
            if turn.ending is not None:
                why = "the take dealt a new Street, which showed new cards"
            elif any(isinstance(e.action, Refresh) for e in s.game.view(None).this_turn):
                why = "the refresh showed new cards"
            else:
                why = "this turn has no action yet"
            s.message = Message(f"Nothing to undo: {why}.", "warning")
            return
        game, length = turn.snapshots.pop()
        taken_back = s.history[length]
        s.game = game
        del s.history[length:]
        if turn.ending is not None:
            turn.ending = None
            s.log.pop()
        turn.swaps_done = False
        turn.clear_choice()
        s.message = Message(f"Took back: {taken_back}")
        for hook in s.on_action:
            hook(s, None)
