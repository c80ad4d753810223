"""The game's command table: every key of the game once, with its words, when it is available, and what it does.

The bindings (`famiglia.tui.shell.keys`), the help's key list, the key line under the table, the
line of the computer's turn and the too-small screen are all made from `COMMANDS`, so what the
screen says about a key is what the key does. Each entry's body calls one verb of the sitting: the
session's own, the turn's (`playing`) or the overlays' (`overlays`). The few keys that also edit the
input line (the digits, Enter, Esc, Tab) say how (`edit`), and the shell does that editing around
the same verbs.

Keys are written as prompt_toolkit names (`"c-z"`, `"escape"`, `"pageup"`), but nothing here
imports prompt_toolkit: a key is a string.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from famiglia.phrasebook.catalogue import N_, _
from famiglia.phrasebook.keynames import YES_LETTERS, yes_key
from famiglia.phrasebook.notation import begins_an_action

from . import overlays, playing
from .keys import DOT, Command, Commands, always
from .saving import analyse_on_leaving
from .screens import Message, Overlay, Screen
from .session import Session
from .words import short_name

__all__ = ["COMMANDS", "QUIT_WHEN_SMALL", "Command", "computer_turn_keys", "help_rows", "key_line", "listed_keys",
           "rule_hint", "small_keys"]


# -- where a command acts ----------------------------------------------------------------------------------


def on_table(s: Session) -> bool:
    return s.screen is Screen.TABLE and s.overlay is None and s.accepts_keys()


def choosing(s: Session) -> bool:
    return on_table(s) and s.ending is None


def playing_now(s: Session) -> bool:
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
    return s.overlay in (Overlay.HELP, Overlay.LAST_TURN, Overlay.LOG, Overlay.RULES)


def asking_quit(s: Session) -> bool:
    return s.overlay is Overlay.CONFIRM_QUIT


# The letter keys that act on an empty line, and their own action (a word that begins with the key is no clash).
_LETTERS: Final[dict[str, str | None]] = {"p": "pass", "h": None, "u": None, "l": None, "g": None, "q": None}


def begins_typing(s: Session, key: str) -> bool:
    """Whether `key`, on the player's own turn, is the first letter of an action they may type in their language
    (`p` of "prendi" in Italian): it then goes on the line, and Enter with it alone does what the key does."""
    return key in _LETTERS and playing_now(s) and begins_an_action(key, besides=_LETTERS[key])


def _unless_typed(key: str, when: Callable[[Session], bool]) -> Callable[[Session], bool]:
    return lambda s: when(s) and not begins_typing(s, key)


def _enter(s: Session, line: str) -> bool:
    """Enter: a key's letter alone on the line, typed there because it begins an action word (`begins_typing`),
    does what the key does (in Italian `p`, Enter passes); anything else is `playing.submit`'s."""
    key = line.strip().casefold()
    if begins_typing(s, key):
        command = next(c for c in COMMANDS if key in c.keys and c.line == "empty")
        refused = command.why_not(s) if command.why_not is not None else None
        if refused is not None:
            s.message = Message(refused, "warning")
            return False
        if command.run is not None:
            command.run(s, key)
        return True
    return playing.submit(s, line)


def _asking_in(letter: str) -> Callable[[Session], bool]:
    """The quit question, where `letter` is the yes of the player's language (s for sì, j for ja)."""
    return lambda s: asking_quit(s) and yes_key() == letter


def _takes_back(s: Session) -> bool:
    """Whether the key line offers Ctrl-T rather than u: against the computer, with nothing of the turn to undo and a
    turn to take back (the line has room for one of the two at 80 columns)."""
    return s.seat is None and not s.table.snapshots and s.table.takeback_refusal() is None


def _opponent(s: Session) -> str:
    return short_name(s.names[1 - s.at_keyboard])


def _enter_hint(s: Session) -> str:
    if s.screen is Screen.NAMES:
        return _("Enter: next")
    if s.screen is Screen.HANDOFF:
        if s.waiting:
            return _("Wait a moment… then press Enter (keys are ignored just after the handoff)")
        return _("{name}: Enter shows your hand").format(name=short_name(s.names[s.at_keyboard]))
    if s.computer_to_move:
        return _("{name} is playing").format(name=_opponent(s))
    if s.ending is not None:
        return _("Enter: confirm")
    return _("1-9 ↑↓ Enter: choose")


def _confirm_words(s: Session) -> str:
    if s.confirm:
        return _("in this help: ask before a turn ends (on)")
    return _("in this help: ask before a turn ends (off)")


# While the terminal is too small to show the game, q still asks before leaving; the too-small screen says so.
QUIT_WHEN_SMALL: Final[Command[Session]] = Command(
    "quit when too small", ("q",), lambda s: s.drawing.too_small and s.overlay is None,
    lambda s, _: overlays.ask_quit(s), hint=N_("q or Ctrl-C: quit"), small=True)


# The table: the help lists the entries with a `label`, in this order; the key line keeps this order too.
COMMANDS: Final[Commands[Session]] = Commands(
    Command("choose", tuple("0123456789"), choosing, lambda s, line: playing.number_typed(s, line), label="1-9",
            words=N_("choose from the list"), line="digits", edit="type", why_not=playing.not_yours),
    Command("enter", ("enter",), always, _enter, label="Enter",
            words=N_("choose, play what is typed, end the turn"), hint=_enter_hint,
            hint_where=lambda s: s.overlay is None and s.screen is not Screen.END, edit="take"),
    # The arrows give way to prompt_toolkit's own when the Tab completion menu is open: they move in it.
    Command("next", ("down",), choosing, lambda s, _: playing.move_highlight(s, +1), label="↑ ↓",
            words=N_("point at a choice (Enter takes it)"), line="no menu", why_not=playing.not_yours),
    Command("previous", ("up",), choosing, lambda s, _: playing.move_highlight(s, -1), line="no menu",
            why_not=playing.not_yours),
    Command("next with →", ("right",), choosing, lambda s, _: playing.move_highlight(s, +1), line="empty"),
    Command("previous with ←", ("left",), choosing, lambda s, _: playing.move_highlight(s, -1), line="empty"),
    Command("back", ("escape",), always, lambda s, _: playing.back(s), label="Esc",
            words=N_("back one choice, or take back a turn's end"),
            hint=lambda s: _("u or Esc: take it back") if s.ending is not None else _("Esc: back"),
            hint_where=lambda s: ending(s) or (playing_now(s) and bool(s.path)) or (at_names(s) and
                                                                                    s.naming.can_go_back),
            eager=True, edit="clear"),
    Command("back-one", ("backspace",), choosing, lambda s, _: playing.back(s), line="empty"),
    Command("pass", ("p",), _unless_typed("p", choosing), lambda s, _: playing.pass_turn(s), label="p",
            words=N_("pass (take nothing)"),
            line="empty", hint=N_("p: pass"), hint_where=playing_now, why_not=playing.not_yours),
    Command("hint", ("h",), _unless_typed("h", choosing), lambda s, _: playing.ask_hint(s), label="h",
            words=N_("hint: a plan for the turn"),
            line="empty", hint=N_("h: hint"), hint_where=playing_now),
    # Before Tab, which gives way first where the key line is short of room.
    Command("take back a turn", ("c-t",), in_game, lambda s, _: playing.take_back_turn(s), label="Ctrl-T",
            words=N_("take back your last turn and the computer's answer"), hint=N_("Ctrl-T: take back"),
            hint_where=lambda s: playing_now(s) and not s.path and _takes_back(s)),
    Command("complete", ("c-i",), choosing, label="Tab", words=N_("complete what you type"), hint=N_("Tab: type"),
            hint_where=playing_now, edit="complete", why_not=playing.not_yours),
    Command("undo", ("u",), _unless_typed("u", in_game), lambda s, _: playing.undo(s), label="u, Ctrl-Z",
            words=N_("undo, within the turn"),
            line="empty", hint=N_("u: undo"),
            hint_where=lambda s: playing_now(s) and not s.path and not _takes_back(s)),
    Command("undo with Ctrl-Z", ("c-z",), in_game, lambda s, _: playing.undo(s)),
    Command("rule", ("c-r",), lambda s: in_game(s) or at_end(s) or s.overlay is Overlay.RULES,
            lambda s, _: overlays.open_rule(s), label="Ctrl-R", words=N_("the rule a refusal quotes, in the rules"),
            hint=lambda s: _("Ctrl-R: read {rule}").format(rule=s.message.rule if s.message else ""),
            hint_where=lambda s: s.overlay is None and s.message is not None and s.message.rule is not None),
    Command("confirm", ("c",), lambda s: s.overlay is Overlay.HELP, lambda s, _: overlays.toggle_confirm(s),
            label="c", words=_confirm_words),
    Command("last turn", ("l",), _unless_typed("l", in_game), lambda s, _: overlays.toggle_summary(s), label="l",
            words=N_("the opponent's last turn"), line="empty", watch=N_("l: your last turn")),
    Command("log", ("g",), _unless_typed("g", lambda s: in_game(s) or at_end(s) or s.overlay is Overlay.LOG),
            lambda s, _: overlays.toggle_log(s), label="g", words=N_("the game log, every turn"), line="empty",
            hint=lambda s: _("g: log") if s.screen is Screen.HANDOFF else _("g: game log"),
            hint_where=lambda s: at_handoff(s) or at_end(s) or ending(s) or (on_table(s) and s.computer_to_move),
            watch=N_("g: game log")),
    Command("help", ("?",), lambda s: not asking_quit(s) and not at_names(s), lambda s, _: overlays.toggle_help(s),
            label="?", words=N_("help on and off"), hint=N_("?: help"),
            hint_where=lambda s: at_handoff(s) or on_table(s),
            watch=N_("?: help")),
    Command("help on the names screen", ("?",), at_names, lambda s, _: overlays.toggle_help(s), line="empty"),
    Command("quit", ("q",), _unless_typed("q", in_game), lambda s, _: overlays.ask_quit(s), label="q, Ctrl-C",
            words=N_("quit (asks first)"),
            line="empty", hint=N_("q: quit"), hint_where=lambda s: at_handoff(s) or at_end(s)),
    Command("new game", ("n",), at_end, lambda s, _: s.new_game(), label="n", words=N_("new game, at the end"),
            hint=N_("n: new game")),
    Command("leave", ("q",), at_end, lambda s, _: s.quit()),
    Command("analysis", ("a",), lambda s: at_end(s) and s.seat is None, lambda s, _: analyse_on_leaving(s), label="a",
            words=N_("leave and see the game's analysis, at the end"), hint=N_("a: analysis")),
    Command("close", ("q",), reading, lambda s, _: playing.back(s)),
    Command("close last turn", ("l",), lambda s: s.overlay is Overlay.LAST_TURN, lambda s, _: playing.back(s)),
    Command("scroll", ("down", "up", "pagedown", "pageup", "end", "home"), scrolling,
            lambda s, key: overlays.scroll_key(s, key)),
    QUIT_WHEN_SMALL,
    Command("interrupt", ("c-c", "c-d", "<sigint>"), always, lambda s, _: overlays.interrupt(s),
            hint=N_("Ctrl-C: leave"), hint_where=at_names, small=True, watch=N_("Ctrl-C: quit")),
    Command("yes", ("y", "Y"), asking_quit, lambda s, _: overlays.answer_quit(s, True), small=True),
    *(Command(f"yes ({letter})", (letter, letter.upper()), _asking_in(letter),
              lambda s, _: overlays.answer_quit(s, True), small=True) for letter in YES_LETTERS),
    Command("no", ("n", "N"), asking_quit, lambda s, _: overlays.answer_quit(s, False), small=True),
    stray=lambda s, _: playing.stray_key(s),
    say=lambda s, words: setattr(s, "message", Message(words, "warning")),
)


def help_rows(session: Session) -> tuple[tuple[str, str], ...]:
    """The keys as the help lists them: one row per command with a label, in the table's order."""
    return COMMANDS.help_rows(session)


def key_line(session: Session) -> str:
    """The key line under the table: what the keys available now do, in the table's order."""
    if session.overlay is Overlay.CONFIRM_QUIT:
        return f"{overlays.quit_question(session)[0]} {yes_key()} / n"
    if session.overlay is Overlay.LAST_TURN:
        return _("l, Esc or q: back to the table")
    if session.waiting:
        return _enter_hint(session)
    line = COMMANDS.key_line(session)
    warning = overlays.pass_warning(session) if playing_now(session) else None
    if warning is None:
        return line
    # A pass that loses, where no question follows it, is said before it is made: first, so it keeps its place at
    # any width (the view lets the later keys give way), in place of the pass key's plain words.
    return DOT.join([warning, *(part for part in line.split(DOT) if part != _("p: pass"))])


def rule_hint(session: Session) -> str | None:
    """Under a refusal that quotes a rule, the words of the key that opens it; else None."""
    command = next(c for c in COMMANDS if c.name == "rule")
    return command.hint_words(session)


def computer_turn_keys(*, person: bool = False) -> str:
    """The keys that work while the other seat plays its turn: the computer's (any other key hurries it), or
    with `person` a person's at their own terminal (famiglia serve), whom nothing here hurries."""
    watching = [_(c.watch) for c in COMMANDS if c.watch is not None]
    return " · ".join(watching if person else [_("any key hurries it"), *watching])


def small_keys() -> str:
    """What the too-small screen says of the keys that still act there (the quit question answers itself)."""
    assert isinstance(QUIT_WHEN_SMALL.hint, str)
    return _(QUIT_WHEN_SMALL.hint)


def listed_keys() -> set[str]:
    """Every key the table names."""
    return COMMANDS.keys()
