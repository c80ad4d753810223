"""The command table: every key of the game once, with its words, when it is available, and what it does.

The bindings (`famiglia.tui.shell.keys`), the help's key list, the key line under the table, the
line of the computer's turn and the too-small screen are all made from `COMMANDS`, so what the
screen says about a key is what the key does. Each entry's `run` is one verb of the `Session`; the
few keys that also edit the input line (the digits, Enter, Esc, the arrows, Backspace, Tab) have no
`run` here: the shell does their editing and then calls the same verbs.

Keys are written as prompt_toolkit names (`"c-z"`, `"escape"`, `"pageup"`), but nothing here
imports prompt_toolkit: a key is a string.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from .overlays import quit_question
from .screens import Overlay, Screen
from .words import short_name

if TYPE_CHECKING:
    from .session import Session

__all__ = ["COMMANDS", "Command", "computer_turn_keys", "help_rows", "key_line", "listed_keys", "small_keys"]

Where = Callable[["Session"], bool]
Line = Literal["any", "empty", "digits"]


@dataclass(frozen=True, slots=True)
class Command:
    """One thing a key does: its keys, how the help writes them and what it says, when it acts, the verb.

    `line` says what the input line must hold for a letter to act rather than be typed ("empty"; the
    digits also act on digits). `hint` is the key line's words for it, where `hint_where` holds (by
    default wherever it acts). `small` commands also act while the terminal is too small.
    """

    name: str
    keys: tuple[str, ...]
    where: Where
    run: Callable[[Session], object] | None = None
    label: str | None = None  # the keys as the help writes them; None: not in the help
    words: str | Callable[[Session], str] = ""
    line: Line = "any"
    hint: str | Callable[[Session], str] | None = None
    hint_where: Where | None = None
    small: bool = False
    eager: bool = False
    watch: str | None = None  # its words on the line of the computer's turn, if it works then

    def available(self, session: Session) -> bool:
        return self.where(session)

    def help_words(self, session: Session) -> str:
        return self.words(session) if callable(self.words) else self.words

    def hint_words(self, session: Session) -> str | None:
        """The key line's words for this command now, or None if it is not on the key line now."""
        if self.hint is None or not (self.hint_where or self.where)(session):
            return None
        return self.hint(session) if callable(self.hint) else self.hint


# -- where a command acts ----------------------------------------------------------------------------------


def on_table(s: Session) -> bool:
    return s.screen is Screen.TABLE and s.overlay is None and s.accepts_keys()


def choosing(s: Session) -> bool:
    return on_table(s) and s.ending is None


def playing(s: Session) -> bool:
    """Choosing, and it is the person's own turn (not the computer's)."""
    return choosing(s) and not s.computer_to_move


def ending(s: Session) -> bool:
    return on_table(s) and s.ending is not None


def at_handoff(s: Session) -> bool:
    return s.screen is Screen.HANDOFF and s.overlay is None


def at_end(s: Session) -> bool:
    return s.screen is Screen.END and s.overlay is None


def at_names(s: Session) -> bool:
    return s.screen is Screen.NAMES and s.overlay is None


def in_game(s: Session) -> bool:
    """On the table or at the handoff, with no overlay: where the game's own keys act."""
    return on_table(s) or at_handoff(s)


def scrolling(s: Session) -> bool:
    return s.overlay is not None and s.overlay.scrolls


def reading(s: Session) -> bool:
    return s.overlay in (Overlay.HELP, Overlay.LAST_TURN, Overlay.LOG)


def asking_quit(s: Session) -> bool:
    return s.overlay is Overlay.CONFIRM_QUIT


def _opponent(s: Session) -> str:
    return short_name(s.names[1 - s.at_keyboard])


def _enter_hint(s: Session) -> str:
    if s.screen is Screen.NAMES:
        return "Enter: next"
    if s.screen is Screen.HANDOFF:
        if s.waiting:
            return "Wait a moment… then press Enter (keys are ignored just after the handoff)"
        return f"{short_name(s.names[s.at_keyboard])}: Enter shows your hand"
    if s.computer_to_move:
        return f"{_opponent(s)} is playing"
    if s.ending is not None:
        return "Enter: confirm"
    return "1-9 ↑↓ Enter: choose"


def _confirm_words(s: Session) -> str:
    return f"in this help: ask before a turn ends ({'on' if s.confirm else 'off'})"


def _analyse_on_leaving(s: Session) -> None:
    from .saving import analyse_on_leaving  # saving reads the session, which reads this table

    analyse_on_leaving(s)


def _always(s: Session) -> bool:
    return True


# The table: the help lists the entries with a `label`, in this order; the key line keeps this order too.
COMMANDS: Final[tuple[Command, ...]] = (
    Command("choose", tuple("0123456789"), choosing, label="1-9", words="choose from the list", line="digits"),
    Command("enter", ("enter",), _always, label="Enter", words="choose, play what is typed, end the turn",
            hint=_enter_hint, hint_where=lambda s: s.overlay is None and s.screen is not Screen.END),
    Command("next", ("down",), choosing, label="↑ ↓", words="point at a choice (Enter takes it)"),
    Command("previous", ("up",), choosing),
    Command("next with →", ("right",), choosing, line="empty"),
    Command("previous with ←", ("left",), choosing, line="empty"),
    Command("back", ("escape",), _always, label="Esc", words="back one choice, or take back a turn's end",
            hint=lambda s: "u or Esc: take it back" if s.ending is not None else "Esc: back",
            hint_where=lambda s: ending(s) or (playing(s) and bool(s.path)) or (at_names(s) and s.naming.can_go_back),
            eager=True),
    Command("back-one", ("backspace",), choosing, line="empty"),
    Command("pass", ("p",), choosing, lambda s: s.pass_turn(), label="p", words="pass (take nothing)",
            line="empty", hint="p: pass", hint_where=playing),
    Command("hint", ("h",), choosing, lambda s: s.table.ask_hint(), label="h", words="hint: a plan for the turn",
            line="empty", hint="h: hint", hint_where=playing),
    Command("complete", ("c-i",), choosing, label="Tab", words="complete what you type",
            hint="Tab: type", hint_where=playing),
    Command("undo", ("u",), in_game, lambda s: s.undo(), label="u, Ctrl-Z", words="undo, within the turn",
            line="empty", hint="u: undo", hint_where=lambda s: playing(s) and not s.path),
    Command("undo with Ctrl-Z", ("c-z",), in_game, lambda s: s.undo()),
    Command("confirm", ("c",), lambda s: s.overlay is Overlay.HELP, lambda s: s.toggle_confirm(), label="c",
            words=_confirm_words),
    Command("last turn", ("l",), in_game, lambda s: s.toggle_summary(), label="l",
            words="the opponent's last turn", line="empty", watch="l: your last turn"),
    Command("log", ("g",), lambda s: in_game(s) or at_end(s) or s.overlay is Overlay.LOG,
            lambda s: s.toggle_log(), label="g", words="the game log, every turn", line="empty",
            hint=lambda s: "g: log" if s.screen is Screen.HANDOFF else "g: game log",
            hint_where=lambda s: at_handoff(s) or at_end(s) or ending(s) or (on_table(s) and s.computer_to_move),
            watch="g: game log"),
    Command("help", ("?",), lambda s: not asking_quit(s) and not at_names(s), lambda s: s.toggle_help(), label="?",
            words="help on and off", hint="?: help", hint_where=lambda s: at_handoff(s) or on_table(s),
            watch="?: help"),
    Command("help on the names screen", ("?",), at_names, lambda s: s.toggle_help(), line="empty"),
    Command("quit", ("q",), in_game, lambda s: s.ask_quit(), label="q, Ctrl-C", words="quit (asks first)",
            line="empty", hint="q: quit", hint_where=lambda s: at_handoff(s) or at_end(s)),
    Command("new game", ("n",), at_end, lambda s: s.new_game(), label="n", words="new game, at the end",
            hint="n: new game"),
    Command("leave", ("q",), at_end, lambda s: s.quit()),
    Command("analysis", ("a",), at_end, lambda s: _analyse_on_leaving(s), label="a",
            words="leave and see the game's analysis, at the end", hint="a: analysis"),
    Command("close", ("q",), reading, lambda s: s.back()),
    Command("close last turn", ("l",), lambda s: s.overlay is Overlay.LAST_TURN, lambda s: s.back()),
    Command("scroll", ("down", "up", "pagedown", "pageup", "end", "home"), scrolling),
    Command("quit when too small", ("q",), lambda s: s.drawing.too_small and s.overlay is None,
            lambda s: s.ask_quit(), hint="q or Ctrl-C: quit", small=True),
    Command("interrupt", ("c-c", "c-d", "<sigint>"), _always, lambda s: s.overlays.interrupt(), hint="Ctrl-C: leave",
            hint_where=at_names, small=True, watch="Ctrl-C: quit"),
    Command("yes", ("y", "Y"), asking_quit, lambda s: s.answer_quit(True), small=True),
    Command("no", ("n", "N"), asking_quit, lambda s: s.answer_quit(False), small=True),
)


def help_rows(session: Session) -> tuple[tuple[str, str], ...]:
    """The keys as the help lists them: one row per command with a label, in the table's order."""
    return tuple((c.label, c.help_words(session)) for c in COMMANDS if c.label is not None)


def key_line(session: Session) -> str:
    """The key line under the table: what the keys available now do, in the table's order."""
    if session.overlay is Overlay.CONFIRM_QUIT:
        return f"{quit_question(session)[0]} y / n"
    if session.overlay is Overlay.LAST_TURN:
        return "l, Esc or q: back to the table"
    if session.waiting:
        return _enter_hint(session)
    return " · ".join(words for c in COMMANDS if (words := c.hint_words(session)) is not None)


def computer_turn_keys() -> str:
    """The keys that work while the computer plays its turn (any other key hurries it)."""
    return " · ".join(["any key hurries it", *(c.watch for c in COMMANDS if c.watch is not None)])


def small_keys() -> str:
    """What the too-small screen says of the keys that still act there (the quit question answers itself)."""
    return next(c.hint for c in COMMANDS if c.name == "quit when too small" and isinstance(c.hint, str))


def listed_keys() -> set[str]:
    """Every key the table names."""
    return {key for c in COMMANDS for key in c.keys}
