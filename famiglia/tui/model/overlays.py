"""The overlays' verbs: help, the game log, the opponent's last turn on top, and the quit question.

An overlay closes without touching the game. `Overlays` acts on its `Session`'s `overlay`, `scroll`
and message line; the session hands these verbs on to it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .screens import Message, Overlay, Screen

if TYPE_CHECKING:
    from .session import Session

__all__ = ["Overlays", "quit_question"]


def quit_question(s: Session) -> tuple[str, str]:
    """The quit question for now, and the one line that says truly what leaving keeps."""
    game = s.game
    if game is None:
        return "Leave now?", "No game has begun yet, so nothing is lost."
    if s.standing is not None:  # saving fails: the line under the table says so
        return "Quit the game?", "It is not saved: the message line says why."
    if game.is_over:
        return "Leave the game?", "It is over, and kept with your games."
    if not s.log:
        return "Quit the game?", "Nothing is kept before the first turn ends."
    return "Quit the game?", "It is kept: you can play it on later."


class Overlays:
    """The verbs of the overlays for one session; see the module docstring."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def toggle_help(self) -> None:
        """?: the help on and off."""
        s = self.session
        self._open(None if s.overlay is Overlay.HELP else Overlay.HELP)

    def toggle_log(self) -> None:
        """g: the game log, every finished turn in public events (R12.1), newest at the bottom."""
        s = self.session
        self._open(None if s.overlay is Overlay.LOG else Overlay.LOG)

    def _open(self, overlay: Overlay | None) -> None:
        s = self.session
        s.overlay = overlay
        s.scroll = 0

    def scroll_by(self, rows: int, *, limit: int | None = None) -> None:
        """Arrow and page keys in a scrolling overlay; `limit` is how far it can go (by default as last drawn)."""
        s = self.session
        limit = s.drawing.scroll_limit if limit is None else limit
        s.scroll = max(0, min(limit, s.scroll + rows))

    def scroll_key(self, key: str) -> None:
        """↑ ↓ PgUp PgDn Home End in the help (which scrolls from its top) or the log (from its bottom)."""
        s = self.session
        page = max(1, s.drawing.rows - 4)
        rows = {"down": 1, "up": -1, "pagedown": page, "pageup": -page, "end": 1 << 30, "home": -(1 << 30)}[key]
        self.scroll_by(rows if s.overlay is Overlay.HELP else -rows)

    def toggle_confirm(self) -> None:
        """c in the help: ask, or stop asking, before a take or pass ends the turn."""
        s = self.session
        s.confirm = not s.confirm
        if s.confirm:
            s.message = Message("A take or pass now asks you to confirm it (c in the help turns this off).")
        else:
            s.message = Message("A take or pass now ends the turn at once (c in the help asks again).")
        for hook in s.on_settings:
            hook(s)

    def toggle_summary(self) -> None:
        """Show or hide the opponent's last turn on the table (and close it where it lies on top).

        Where it is on show but found no room beside the table, it is laid on top of the table instead.
        """
        s = self.session
        if s.overlay is Overlay.LAST_TURN:
            s.overlay = None
        elif s.ending is None and s.summary() and s.drawing.summary_crowded:
            self.show_last_turn()
        elif s.screen is Screen.HANDOFF:
            s.message = Message("The last turn shows with your table: press Enter when you are at the keyboard.",
                                   "warning")
        elif s.screen is Screen.TABLE and s.ending is not None:
            s.message = Message("Your turn is ending: Enter ends it, u takes it back (g shows the game log).",
                                   "warning")
        elif s.screen is Screen.TABLE and not s.last_turn():
            s.message = Message("Nothing to show yet: no turn has been played in this game.", "warning")
        elif s.screen is Screen.TABLE:
            s.show_summary = not s.show_summary

    def show_last_turn(self) -> None:
        """Lay the opponent's last turn on top of the table: for when it finds no room beside it."""
        s = self.session
        if s.last_turn():
            s.overlay = Overlay.LAST_TURN

    def ask_quit(self) -> None:
        """q: ask before leaving, never just die."""
        s = self.session
        s.overlay = Overlay.CONFIRM_QUIT

    def interrupt(self) -> None:
        """Ctrl-C, Ctrl-D: ask before leaving; asked twice, the player means it."""
        s = self.session
        if s.overlay is Overlay.CONFIRM_QUIT:
            self.answer_quit(True)
        else:
            self.ask_quit()

    def answer_quit(self, yes: bool) -> None:
        s = self.session
        if s.overlay is not Overlay.CONFIRM_QUIT:
            return
        s.overlay = None
        if yes:
            s.exit_code = 0
        else:
            s.message = None

