"""The lobby's keys as data: one command table of the program's one type (`famiglia.tui.model.keys`).

The bindings (`famiglia.tui.shell.keys.bind`), the help and the key line are all made from
`COMMANDS`; a command's body is one line that calls a verb of `Lobby`. While a question is asked
(a name, a code, a seat word) every character typed goes into the answer, q included; while the
help is shown any key but its own (?, Esc, q, Ctrl-C, Ctrl-D) closes it and does nothing else. A
key that does nothing now says why in the message line.
"""

from __future__ import annotations

from typing import Final

from famiglia.phrasebook.catalogue import N_, _
from famiglia.tui.model.keys import PASTE, TYPED, Command, Commands

from .lobby import Asking, Lobby, Page

__all__ = ["COMMANDS", "help_lines", "key_line", "press"]


def _typing(lobby: Lobby) -> bool:
    return lobby.asking is not None


def _no_help(lobby: Lobby) -> bool:
    return not lobby.help


def _not_typing(lobby: Lobby) -> str | None:
    return _("Type your answer, then Enter (Esc: back).") if _typing(lobby) else None


def _on_main(lobby: Lobby) -> str | None:
    return _not_typing(lobby) or (None if lobby.page is Page.MAIN else _("That key works on the lobby's first page."))


def _pasting(lobby: Lobby) -> str | None:
    return None if _typing(lobby) else _("Pasting does nothing here: j asks for a table's code.")


def _fresh(lobby: Lobby) -> None:
    if not _typing(lobby) and not lobby.help:
        lobby.message = None  # a message answers the key before; the next key makes its own


def _say(lobby: Lobby, words: str) -> None:
    lobby.message = words


def _stray(lobby: Lobby, key: str) -> None:
    if lobby.help:
        lobby.close_help()
        return
    shown = repr(key) if len(key) == 1 else key
    lobby.message = _("{key} does nothing here: ? lists the keys.").format(key=shown)


# The lobby's keys: the help lists those with a label, and the key line those with a hint, in this order.
COMMANDS: Final[Commands[Lobby]] = Commands(
    Command("type the answer", (TYPED,), _typing, lambda lb, text: lb.type_text(text)),
    Command("paste the answer", (PASTE,), run=lambda lb, text: lb.type_text(" ".join(text.split())),
            why_not=_pasting),
    Command("take back a letter", ("backspace",), lambda lb: _typing(lb) and not lb.help, lambda lb, _: lb.backspace()),
    Command("previous line", ("up",), _no_help, lambda lb, _: lb.move(-1), _not_typing, "↑", N_("previous line"),
            N_("↑↓: move")),
    Command("next line", ("down",), _no_help, lambda lb, _: lb.move(1), _not_typing, "↓", N_("next line")),
    Command("choose that line", tuple("123456789"), _no_help, lambda lb, k: lb.number(int(k)), _not_typing, "1–9",
            N_("choose that line")),
    Command("choose", ("enter",), _no_help, lambda lb, _: lb.enter(), label="Enter",
            words=N_("choose, or send what is typed"), hint=N_("Enter: choose")),
    Command("new table", ("n",), _no_help, lambda lb, _: lb.new(), _on_main, "n", N_("a new table"),
            N_("n: new table")),
    Command("join", ("j",), _no_help, lambda lb, _: lb.ask_code(), _on_main, "j", N_("join a table by its code"),
            N_("j: join")),
    Command("computer", ("c",), _no_help, lambda lb, _: lb.go(Page.COMPUTER), _on_main, "c", N_("play the computer"),
            N_("c: computer")),
    Command("watch", ("w",), _no_help, lambda lb, _: lb.go(Page.WATCH), _on_main, "w", N_("watch a table"),
            N_("w: watch")),
    Command("yours", ("y",), _no_help, lambda lb, _: lb.go(Page.YOURS), _on_main, "y", N_("your unfinished tables"),
            N_("y: yours")),
    Command("back", ("escape",), run=lambda lb, _: lb.back(), label="Esc", words=N_("back"), hint=N_("Esc: back")),
    Command("help", ("?",), run=lambda lb, _: lb.toggle_help(), why_not=_not_typing, label="?", words=N_("help"),
            hint=N_("?: help")),
    Command("leave", ("q", "c-c", "c-d"), run=lambda lb, _: lb.leave(), label="q / Ctrl-C / Ctrl-D",
            words=N_("leave the server"), hint=N_("q: leave")),
    say=_say,
    stray=_stray,
    before=_fresh,
    typing=_typing,
)


def press(lobby: Lobby, key: str, text: str | None = None) -> bool:
    """Do what `key` does now, as the bindings do (`text`: what a paste brought); False, with the message saying
    why, if nothing."""
    return COMMANDS.press(lobby, key, text)


def help_lines(lobby: Lobby) -> list[tuple[str, str]]:
    """The help: each key shown and its words, as the command table has them."""
    return list(COMMANDS.help_rows(lobby))


def key_line(lobby: Lobby) -> str:
    """The line under the lobby: the keys that act now, in the command table's order (made from it)."""
    if lobby.asking is Asking.NAME:
        return _("type your name · Enter: done · Ctrl-C: leave")
    if lobby.asking is not None:
        return _("type it · Enter: done · Esc: back")
    return COMMANDS.key_line(lobby)
