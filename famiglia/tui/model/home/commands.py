"""The home screen's keys as data: for each key, what the help calls it, when it works, and what it does.

The bindings, the help overlay and the key line are all made from `COMMANDS` (as a footer is made
from a command table); a handler is one line that calls a verb of `Home`. A key that does nothing
now says why in the message line, in the player's words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from .menu import Home, Overlay, Page, ShowAnalysis, ShowLog, ShowReplay

__all__ = ["COMMANDS", "Command", "help_lines", "key_line", "press"]

_LIST_PAGES: Final = frozenset(Page) - {Page.STATISTICS, Page.RULES, Page.LOG}


@dataclass(frozen=True, slots=True)
class Command:
    """One key (or several) of the home screen: what the help calls it, when it works, and what it does.

    `available(home)` is None when the key works now, or the words saying why not, for the message line.
    """

    keys: tuple[str, ...]
    words: str
    run: Callable[[Home, str], None]  # the home screen and the key pressed
    available: Callable[[Home], str | None] = lambda home: None
    shown: bool = True  # listed in the help and the key line


def _asking(home: Home) -> bool:
    return home.overlay in (Overlay.CONFIRM_QUIT, Overlay.CONFIRM_DELETE)


def _not_while_asking(home: Home) -> str | None:
    return "Answer the question first: y or n." if _asking(home) else None


def _choosable(home: Home) -> str | None:
    if _asking(home):
        return "Answer the question first: y or n."
    if home.editing is None and not home.items():
        return "Nothing to choose here: Esc goes back."
    return None


def _only_lists(home: Home) -> str | None:
    if _asking(home):
        return "Answer the question first: y or n."
    if home.page not in _LIST_PAGES and not home.scrolls:
        return "Nothing to move through here: Esc goes back."
    return None


def _on_a_game(home: Home) -> str | None:
    if _asking(home):
        return "Answer the question first: y or n."
    if home.page not in (Page.GAMES, Page.CONTINUE, Page.GAME):
        return "That key works on Your games."
    return None


def _on_settings(home: Home) -> str | None:
    if _asking(home):
        return "Answer the question first: y or n."
    if home.page is not Page.SETTINGS:
        return "Space changes a setting, on the Settings page: here Enter chooses."
    return None


def _when_asked(home: Home) -> str | None:
    return None if _asking(home) else "There is no question to answer."


COMMANDS: Final[tuple[Command, ...]] = (
    Command(("up",), "previous line", lambda h, k: h.move(-1), _only_lists),
    Command(("down",), "next line", lambda h, k: h.move(1), _only_lists),
    Command(("home",), "first line", lambda h, k: h.to_end(False), _only_lists, shown=False),
    Command(("end",), "last line", lambda h, k: h.to_end(True), _only_lists, shown=False),
    Command(("pageup",), "a page up", lambda h, k: h.move(-10), _only_lists, shown=False),
    Command(("pagedown",), "a page down", lambda h, k: h.move(10), _only_lists, shown=False),
    Command(tuple("123456789"), "choose that line", lambda h, k: h.number(int(k)), _choosable),
    Command(("enter",), "choose", lambda h, k: h.enter(), _choosable),
    Command((" ",), "change the setting (Settings)", lambda h, k: h.enter(), _on_settings),
    Command(("escape",), "back", lambda h, k: h.back()),
    Command(("l",), "a game's log", lambda h, k: h.show(ShowLog), _on_a_game),
    Command(("r",), "replay a game", lambda h, k: h.show(ShowReplay), _on_a_game),
    Command(("a",), "a game's analysis", lambda h, k: h.show(ShowAnalysis), _on_a_game),
    Command(("d", "delete"), "delete a game (asks first)", lambda h, k: h.ask_delete(), _on_a_game),
    Command(("y",), "yes", lambda h, k: h.answer(True), _when_asked),
    Command(("n",), "no", lambda h, k: h.answer(False), _when_asked),
    Command(("?",), "help", lambda h, k: h.toggle_help(), _not_while_asking),
    Command(("c-c",), "quit (asks first)", lambda h, k: h.interrupt()),
)


def press(home: Home, key: str) -> bool:
    """Do what `key` does now (a key name as in `COMMANDS`); False, with the message saying why, if nothing."""
    if home.editing is None:
        home.message = None  # a message answers the key before; the next key makes its own
    if home.editing is not None and len(key) == 1:
        home.type_text(key)
        return True
    if home.editing is not None and key == "backspace":
        home.backspace()
        return True
    for command in COMMANDS:
        if key in command.keys:
            why = command.available(home)
            if why is not None:
                home.message = why
                return False
            command.run(home, key)
            return True
    home.message = f"{key!r} does nothing here: ? lists the keys." if len(key) == 1 else \
        f"{key} does nothing here: ? lists the keys."
    return False


def help_lines(home: Home) -> list[tuple[str, str]]:
    """The help overlay: each key shown and its words, as the command table has them."""
    out = []
    for command in COMMANDS:
        if not command.shown:
            continue
        keys = "1–9" if command.keys == tuple("123456789") else " / ".join(_key_name(k) for k in command.keys)
        out.append((keys, command.words))
    return out


_KEY_NAMES: Final = {"up": "↑", "down": "↓", "enter": "Enter", "escape": "Esc", "c-c": "Ctrl-C", "delete": "Del",
                     "home": "Home", "end": "End", " ": "Space"}


def _key_name(key: str) -> str:
    return _KEY_NAMES.get(key, key)


_LINE_WORDS: Final = {"up": "↑↓", "1": "1–9", "enter": "Enter", "escape": "Esc", "?": "?", "c-c": "Ctrl-C",
                      "l": "l", "r": "r", "d": "d", "y": "y", "n": "n"}
_LINE_SAYS: Final = {"up": "move", "1": "choose", "enter": "choose", "escape": "back", "?": "help",
                     "c-c": "quit", "l": "log", "r": "replay", "d": "delete", "y": "yes", "n": "no"}


def key_line(home: Home) -> str:
    """The line under the page: the keys that act now, in the command table's order (made from it)."""
    if home.editing is not None:
        return "type the names · Enter: keep them · Esc: leave them as they were"
    parts = []
    for command in COMMANDS:
        first = command.keys[0]
        if first not in _LINE_WORDS or command.available(home) is not None:
            continue
        if first == "up" and home.scrolls:
            parts.append("↑↓ PgUp PgDn: scroll")
            continue
        if first == "1" and not home.items():
            continue
        if home.page is Page.SETTINGS and first in ("1", "enter"):  # a number goes to a line, Enter changes it
            parts.append("1–9: go to" if first == "1" else "Enter Space: change")
            continue
        if first == "escape" and len(home.pages) == 1 and home.overlay is None:
            continue
        if first == "enter" and parts and parts[-1] == "1–9: choose":
            parts[-1] = "1–9 Enter: choose"
            continue
        parts.append(f"{_LINE_WORDS[first]}: {_LINE_SAYS[first]}")
    return " · ".join(parts)
