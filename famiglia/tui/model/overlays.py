"""The overlays' verbs: help, the game log, the opponent's last turn on top, and the questions.

An overlay closes without touching the game. Each verb takes the `Session` whose `overlay`, `scroll`
and message line it changes; the command table calls them, and the view reads `quit_question` and
`ending_question` (the question before a turn's end). What a pass leads to is said before it is final:
in that question, or, where no question follows a pass (`confirm` off), on the key line (`pass_warning`).
"""

from __future__ import annotations

from famiglia.ai.advice import passing_out
from famiglia.engine import Game, Pass
from famiglia.phrasebook import actions, passes
from famiglia.phrasebook.catalogue import _

from .screens import Message, Overlay, Screen
from .session import Session
from .words import short_name

__all__ = ["answer_quit", "ask_quit", "ending_question", "ending_words", "interrupt", "open_rule", "pass_warning",
           "quit_question", "scroll_by", "scroll_key", "show_last_turn", "toggle_confirm", "toggle_help", "toggle_log",
           "toggle_summary"]


def ending_question(s: Session) -> str:
    """What the player is asked before the turn goes to the other player: the result, and the keys."""
    game = s.table.game
    said = ending_words(s)
    if not said or game is None:
        return ""
    keys = _("Enter: end the game") if game.is_over else _("Enter: end your turn")
    if s.table.snapshots:
        keys += " · " + _("u or Esc: take it back")
    else:
        keys += " " + _("(new cards were dealt: it cannot be taken back)")
    return f"{said}. {keys}"


def ending_words(s: Session) -> str:
    """The take or pass waiting for the player's Enter, said to them with where it leaves the game ("" if none)."""
    table, ending = s.table, s.ending
    if ending is None or table.game is None:
        return ""
    game = table.game
    if isinstance(ending, Pass):
        return _pass_made(s, game)
    said = actions.own(ending)
    if game.is_over:
        said += _(" — the last turn: the game ends")  # R9.3, R10.2
    return said


def _pass_made(s: Session, game: Game) -> str:
    """The player's pass, waiting for their Enter, and where it leaves the game: ended (R8.5, R9.3), or for the
    opponent to end with a pass of their own (R8.5, R10.2). How it ends is said where the player's own view of
    the game after the pass tells it (the memory aid, R12.3): never from a hand their screen hides (R12.2)."""
    seat = s.at_keyboard
    out = passing_out(game.view(seat, memory=s.memory_aid))
    if game.is_over:
        if out is None:
            return actions.own(Pass(), ends_game=True)
        return _("You pass: {ending}").format(ending=passes.ends_now(out.result, seat))
    then = passes.if_they_pass(short_name(s.names[1 - seat]), None if out is None else out.result, seat)
    return _("{said} — {then}").format(said=actions.own(Pass()), then=then)


def pass_warning(s: Session) -> str | None:
    """Where no question follows a pass (`confirm` off), the pass key's words when a pass now ends the game in a
    loss or a draw for the player at the keyboard: at once (R8.5, R9.3), or if the opponent passes too (R8.5,
    R10.2), scored by the engine with its tie-break (R11.2), from the player's own view (R12); else None."""
    game = s.game
    if s.confirm or game is None or game.is_over:
        return None
    seat = s.at_keyboard
    out = passing_out(game.view(seat, memory=s.memory_aid))
    if out is None or out.result.winner == seat:
        return None
    return passes.pass_warning(out.result, seat, now=out.passes == 1)


def quit_question(s: Session) -> tuple[str, str]:
    """The quit question for now, and the one line that says truly what leaving keeps."""
    game = s.game
    if game is None:
        return _("Leave now?"), _("No game has begun yet, so nothing is lost.")
    if s.standing is not None:  # saving fails: the line under the table says so
        return _("Quit the game?"), _("It is not saved: the message line says why.")
    if game.is_over:
        return _("Leave the game?"), _("It is over, and kept with your games.")
    if s.seat is not None:  # a table of famiglia serve: it stays, whoever leaves it
        return _("Leave the table?"), _("It is kept: come back to it from the lobby.")
    if not s.log:
        return _("Quit the game?"), _("Nothing is kept before the first turn ends.")
    return _("Quit the game?"), _("It is kept: you can play it on later.")


def toggle_help(s: Session) -> None:
    """?: the help on and off."""
    _open(s, None if s.overlay is Overlay.HELP else Overlay.HELP)


def toggle_log(s: Session) -> None:
    """g: the game log, every finished turn in public events (R12.1), newest at the bottom."""
    _open(s, None if s.overlay is Overlay.LOG else Overlay.LOG)


def open_rule(s: Session) -> None:
    """Ctrl-R: the rules, opened at the rule the refusal on the message line quotes (Ctrl-R again closes them)."""
    if s.overlay is Overlay.RULES:
        _open(s, None)
        return
    rule = s.message.rule if s.message is not None else None
    if rule is None:
        s.message = Message(_("Ctrl-R opens the rule a refusal quotes, and no refusal on the line quotes one now."),
                            "warning")
        return
    _open(s, Overlay.RULES)
    s.rule_shown = rule


def _open(s: Session, overlay: Overlay | None) -> None:
    s.overlay = overlay
    s.scroll = 0


def scroll_by(s: Session, rows: int, *, limit: int | None = None) -> None:
    """Arrow and page keys in a scrolling overlay; `limit` is how far it can go (by default as last drawn)."""
    limit = s.drawing.scroll_limit if limit is None else limit
    s.scroll = max(min(0, s.drawing.scroll_floor), min(limit, s.scroll + rows))


def scroll_key(s: Session, key: str) -> None:
    """↑ ↓ PgUp PgDn Home End in the help and the rules (which scroll from the top) or the log (from its bottom)."""
    page = max(1, s.drawing.rows - 4)
    rows = {"down": 1, "up": -1, "pagedown": page, "pageup": -page, "end": 1 << 30, "home": -(1 << 30)}[key]
    scroll_by(s, -rows if s.overlay is Overlay.LOG else rows)


def toggle_confirm(s: Session) -> None:
    """c in the help: ask, or stop asking, before a take or pass ends the turn."""
    s.confirm = not s.confirm
    if s.confirm:
        s.message = Message(_("A take or pass now asks you to confirm it (c in the help turns this off)."))
    else:
        s.message = Message(_("A take or pass now ends the turn at once (c in the help asks again)."))
    for hook in s.on_settings:
        hook(s)


def toggle_summary(s: Session) -> None:
    """Show or hide the opponent's last turn on the table (and close it where it lies on top).

    Where it is on show but found no room beside the table, it is laid on top of the table instead.
    """
    if s.overlay is Overlay.LAST_TURN:
        s.overlay = None
    elif s.ending is None and s.summary() and s.drawing.summary_crowded:
        show_last_turn(s)
    elif s.screen is Screen.HANDOFF:
        s.message = Message(_("The last turn shows with your table: press Enter when you are at the keyboard."),
                            "warning")
    elif s.screen is Screen.TABLE and s.ending is not None:
        s.message = Message(_("Your turn is ending: Enter ends it, u takes it back (g shows the game log)."), "warning")
    elif s.screen is Screen.TABLE and not s.last_turn():
        s.message = Message(_("Nothing to show yet: no turn has been played in this game."), "warning")
    elif s.screen is Screen.TABLE:
        s.show_summary = not s.show_summary


def show_last_turn(s: Session) -> None:
    """Lay the opponent's last turn on top of the table: for when it finds no room beside it."""
    if s.last_turn():
        s.overlay = Overlay.LAST_TURN


def ask_quit(s: Session) -> None:
    """q: ask before leaving, never just die."""
    s.overlay = Overlay.CONFIRM_QUIT


def interrupt(s: Session) -> None:
    """Ctrl-C, Ctrl-D: ask before leaving; asked twice, the player means it."""
    if s.overlay is Overlay.CONFIRM_QUIT:
        answer_quit(s, True)
    else:
        ask_quit(s)


def answer_quit(s: Session, yes: bool) -> None:
    """y or n to the quit question: leave, or back to where it was asked."""
    if s.overlay is not Overlay.CONFIRM_QUIT:
        return
    s.overlay = None
    if yes:
        s.exit_code = 0
    else:
        s.message = None
