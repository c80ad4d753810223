"""What the game's keys do to the turn being built: choosing, pointing, passing and the hint, and Enter and Esc.

Each verb takes the `Session` it acts on and changes it through its parts: the `Turn` being built,
the `Table` (through `Session.play` and `undo` here, which run the hooks that save), the message
line. Enter and Esc act on every screen, so their verbs here also answer the names question, leave
the handoff, close an overlay and say why they do nothing at the end. The command table calls these,
as a player's keys would; nothing here draws or knows a key binding.
"""

from __future__ import annotations

from famiglia.engine import Action, SeatView, Step
from famiglia.phrasebook import actions
from famiglia.phrasebook.catalogue import N_, _, ngettext
from famiglia.phrasebook.hints import hint_text
from famiglia.phrasebook.keynames import yes_key
from famiglia.profile.names import quoted

from .overlays import quit_question
from .screens import NUMBER_DIGITS, Message, Overlay, Screen, number_text
from .session import Session
from .turn import DONE_SWAPPING
from .words import short_name

__all__ = ["GAME_OVER", "ask_hint", "back", "choose", "done_swapping", "move_highlight", "not_yours", "number_typed",
           "pass_turn", "show_hint", "stray_key", "submit", "take_back_turn", "undo"]

# What a key that does nothing at the end says (the key line under it names the keys that act there).
GAME_OVER = N_("{key} does nothing here: the game is over, and the line below names the keys that work.")


def submit(s: Session, text: str) -> bool:
    """Enter: answer the names question, go on from the handoff, or choose or play on the table.

    Returns False when `text` was refused (a bad name or action), so it can stay on the input line.
    """
    if s.overlay in (Overlay.HELP, Overlay.LAST_TURN, Overlay.LOG, Overlay.RULES):
        s.overlay = None
    elif s.overlay is Overlay.CONFIRM_QUIT:
        s.message = Message(quit_question(s)[0] + " " + _("Press {yes} for yes, n for no.").format(yes=yes_key()),
                            "warning")
    elif s.screen is Screen.NAMES:
        return s.answer_name(text)
    elif s.screen is Screen.HANDOFF:
        s.reveal()
    elif s.screen is Screen.TABLE and s.ending is not None and s.turn.typed_over:
        # Keys came after the question (`pass` typed out: its `p` passed): this Enter ended that
        # typing, so it does not answer a question the player may not have read.
        s.turn.typed_over = False
        s.message = Message(_("Press Enter again to end your turn, or u to take it back."), "warning")
    elif s.screen is Screen.TABLE and s.ending is not None:
        s.end_turn()
    elif s.screen is Screen.TABLE:
        return _submit_on_table(s, text.strip())
    elif s.screen is Screen.END:
        s.message = Message(_(GAME_OVER).format(key="Enter"), "warning")
    return True


def _submit_on_table(s: Session, text: str) -> bool:
    """Enter on the table: choose the highlighted entry or a typed number, or play typed notation."""
    s.turn.pending = ""
    if s.computer_to_move:  # the computer's turn, or a player's at another terminal, is never played from here
        s.message = Message(_others_turn(s), "warning")
        return False
    if not text:
        if s.turn.highlight is not None:
            choose(s, s.turn.highlight)
        else:
            s.message = Message(_("Press the number of a choice, or type an action (Tab completes it)."))
        return True
    if text.isdigit():  # any digits, Unicode too: a number is refused as a number, never as an action
        number = number_text(text)
        if number is None:
            said = _("Type choice numbers with the digits 0 to 9, not {typed}.").format(typed=quoted(text, 12))
            s.message = Message(said, "error")
            return False
        choose(s, number)
        return True
    return s.play(text)


def not_yours(s: Session) -> str | None:
    """Why a key of the turn does nothing at a shared table's screen while another person plays (famiglia serve)."""
    return _others_turn(s) if s.screen is Screen.TABLE and s.computer_to_move and s.opponent_away else None


def _others_turn(s: Session) -> str:
    other = 1 - s.at_keyboard
    if s.opponent_away:  # a person at another terminal (famiglia serve)
        return _("It is {name}'s turn: your keys act once it is yours (g: game log, ?: help).").format(
            name=short_name(s.names[other]))
    return _("{name} is playing its turn: a moment, please.").format(name=s.names[other])


def number_typed(s: Session, digits: str) -> bool:
    """A number key: choose at once when no longer number starts with `digits`; True if it was used up.

    With ten or more choices, `1` may still become `12`: it waits as pending, for a second digit or
    Enter. A number that would end the turn (a take) always waits for Enter there, so a slip of
    the finger on the way to a longer number never ends a turn.
    """
    current = s.menu()
    number = number_text(digits)
    if current is None or number is None:
        return False
    count = len(current.choices)
    choice = current.numbered(number)
    if number and number * 10 <= count:  # 1 of 1..14 may still become 12
        _pend(s, digits, _("{digits}_ — a second digit, or Enter for {number}").format(digits=digits, number=number))
        return False
    if count >= 10 and choice is not None and choice.action is not None and choice.step is Step.TAKE:
        _pend(s, digits, _("{digits}: {choice} — Enter takes it, Backspace changes it").format(digits=digits,
                                                                                        choice=choice.label))
        return False
    s.turn.pending = ""
    choose(s, number)
    return True


def _pend(s: Session, digits: str, words: str) -> None:
    s.turn.pending = digits
    s.message = Message(words)


def choose(s: Session, number: int) -> None:
    """Take menu entry `number`: play it if it is a whole action, or go down to its choices."""
    current = s.menu()
    if current is None:
        return
    choice = current.numbered(number)
    if choice is None:
        said = str(number) if number < 10**NUMBER_DIGITS else _("that long")
        if not current.choices:
            said = _("There is no choice {number}: the list is empty; p passes.").format(number=said)
        else:
            said = _("There is no choice {number}: pick 1 to {last}.").format(number=said, last=len(current.choices))
        s.message = Message(said, "error")
        return
    if choice.path == (DONE_SWAPPING,):
        done_swapping(s)
    elif choice.action is not None:
        s.play(choice.action)
    else:
        s.turn.go_down(choice.path)
        s.message = None


def move_highlight(s: Session, delta: int) -> None:
    """Arrow keys: point at the next or previous menu entry (Enter then chooses it)."""
    current = s.menu()
    if current is not None:
        s.turn.move_highlight(delta, len(current.choices))


def done_swapping(s: Session) -> None:
    """Close the Accountant's swaps for this turn: the menu goes on with the later steps (R6.2: "up to")."""
    s.turn.close_swaps()
    s.message = Message(_("Done swapping: on to the next steps (Esc opens the swaps again)."))


def pass_turn(s: Session) -> None:
    """p: pass (R8.5), from anywhere in the turn; it is never a numbered choice."""
    current = s.menu()
    if current is None:
        return
    if current.pass_action is None:
        s.message = Message(_("Passing is not possible now."), "warning")
        return
    s.play(current.pass_action)


def back(s: Session) -> None:
    """Esc: close an overlay, take back a turn's end, go back one choice (or reopen the swaps), ask the
    last name again; where it has nothing to go back to, it says so."""
    if s.overlay is not None:
        s.overlay = None
    elif s.screen is Screen.TABLE:
        _back_on_table(s)
    elif s.screen is Screen.NAMES:
        if s.naming.back():
            s.message = None
        else:
            s.message = Message(_("This is the first question, so Esc has nothing to go back to: type a name "
                                "and press Enter, or Ctrl-C to leave."), "warning")
    elif s.screen is Screen.END:
        s.message = Message(_(GAME_OVER).format(key="Esc"), "warning")
    else:
        stray_key(s)


def _back_on_table(s: Session) -> None:
    """Esc on the table: take back a turn's end, go back one choice (or reopen the swaps)."""
    if s.ending is not None:
        undo(s)
        return
    if not s.turn.path and not s.turn.swaps_done and s.message is None and not s.computer_to_move:
        s.message = Message(_("Nothing to go back to: these are the turn's first choices (u takes back an action)."),
                            "warning")
        return
    s.turn.back_one()
    s.message = None


def ask_hint(s: Session) -> None:
    """h: a suggested action for the player at the keyboard, from their own view with the memory aid.

    The view is exactly what the memory aid shows (R12.3), never more; `hints` works it out off the
    screen's loop and puts it on the message line, unless the game has moved on meanwhile.
    """
    game = s.game
    if s.screen is not Screen.TABLE or game is None or s.ending is not None or game.is_over:
        return
    if s.computer_to_move:
        if s.opponent_away:
            other = short_name(s.names[1 - s.at_keyboard])
            said = _("Hints are for your own turn: {name} is playing now.").format(name=other)
        else:
            said = _("Hints are for your own turn: the computer is playing now.")
        s.message = Message(said, "warning")
    elif s.hints is None:
        s.message = Message(_("No hints in this game."), "warning")
    else:
        s.message = Message(_("Looking for a good plan…"))
        s.hints(game.view(s.at_keyboard, memory=True))


def show_hint(s: Session, view: SeatView, action: Action, reason: str) -> bool:
    """The hint worked out for `view` (the search's `action` and the words that say its plan) on the message
    line, unless the game has moved on from `view` meanwhile (then False, and nothing changes).

    The action it advised is kept for the turn: where it is a refresh and the player plays it, the hint is
    worked out again from the cards drawn and shown as soon as it is ready (`Session.play`), so a player who
    asked for a hint this turn is not left with a plan made before the draw.
    """
    game = s.game
    if game is None or s.menu() is None or game.view(s.at_keyboard, memory=True) != view:
        return False
    s.message = Message(hint_text(action, reason))
    s.turn.advised = action
    return True


def undo(s: Session) -> None:
    """u / Ctrl-Z: take back this turn's last action, never past a refresh draw or into the last turn."""
    if s.screen is Screen.HANDOFF:
        s.message = Message(_("Nothing to undo: the last turn is over, and undo works within a turn."), "warning")
        return
    if s.screen is not Screen.TABLE or s.game is None:
        return
    if s.computer_to_move:
        said = not_yours(s) or _("Undo works within your own turn: the computer's turn is not taken back.")
        s.message = Message(said, "warning")
        return
    why = s.table.undo_refusal()
    if why is not None:
        s.message = Message(_("Nothing to undo: {why}.").format(why=why), "warning")
        return
    taken_back = s.table.take_back()
    s.turn.swaps_done = False
    s.turn.clear_choice()
    s.message = Message(actions.taken_back(taken_back))
    for hook in s.on_action:
        hook(s, None)


def take_back_turn(s: Session) -> None:
    """Ctrl-T: against the computer, take back the person's last whole turn and the computer's answer (a takeback);
    in a game of two people, or while the computer plays, say why not."""
    if s.screen not in (Screen.TABLE, Screen.HANDOFF) or s.game is None:
        return
    if s.seat is not None:  # a screen of a table shared over the network: the other player saw the turn
        s.message = Message(_("No takeback over the network: your opponent saw the turn and played on."), "warning")
        return
    why = s.table.takeback_refusal()
    if why is not None:
        s.message = Message(_("No takeback: {why}.").format(why=why), "warning")
        return
    answered = s.ending is None  # else the computer has not answered yet: only the person's turn goes back
    taken = s.table.take_back_turn()
    s.turn_begins()
    s.show_summary = False
    if answered:
        said = ngettext("You took back your last turn and {name}'s answer ({n} action): it is your turn again.",
                        "You took back your last turn and {name}'s answer ({n} actions): it is your turn again.",
                        taken).format(name=s.names[1 - s.at_keyboard], n=taken)
    else:
        said = ngettext("You took back your turn ({n} action): it is your turn again, from its start.",
                        "You took back your turn ({n} actions): it is your turn again, from its start.",
                        taken).format(n=taken)
    for hook in s.on_action:
        hook(s, None)
    if s.message is None:  # a hook's warning (a game that cannot be saved) goes first
        s.message = Message(said)


def stray_key(s: Session) -> None:
    """A key that does nothing here: at the handoff and the end it says why; while a turn's end waits, the next
    Enter only asks again."""
    if s.ending is not None:
        s.turn.typed_over = True
    elif s.screen is Screen.END and s.overlay is None:
        s.message = Message(_(GAME_OVER).format(key=_("That key")), "warning")
    elif s.screen is Screen.HANDOFF and s.overlay is None and s.accepts_keys():
        s.message = Message(_("Between turns only Enter goes on, once the next player is at the keyboard "
                            "(g: game log, ?: help, q: quit)."), "warning")
