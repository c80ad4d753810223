"""The home screen's keys as data: for each key, what the help calls it, when it works, and what it does.

The bindings, the help overlay and the key line are all made from `COMMANDS` (as a footer is made
from a command table, `famiglia.tui.model.keys`); a command's body is one line that calls a verb of
`Home`. A key that does nothing now says why in the message line, in the player's words.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from famiglia.phrasebook.catalogue import N_, _
from famiglia.phrasebook.keynames import YES_LETTERS, yes_key

from ..keys import PASTE, TYPED, Command, Commands
from .menu import Home, Overlay, Page, ShowAnalysis, ShowLog, ShowReplay

__all__ = ["COMMANDS", "Command", "help_lines", "key_line", "press"]

_LIST_PAGES: Final = frozenset(Page) - {Page.STATISTICS, Page.RULES, Page.LOG}


def _asking(home: Home) -> bool:
    return home.overlay in (Overlay.CONFIRM_QUIT, Overlay.CONFIRM_DELETE)


def _not_while_asking(home: Home) -> str | None:
    return _("Answer the question first: y or n.") if _asking(home) else None


def _choosable(home: Home) -> str | None:
    if _asking(home):
        return _("Answer the question first: y or n.")
    if home.editing is None and not home.items():
        return _("Nothing to choose here: Esc goes back.")
    return None


def _only_lists(home: Home) -> str | None:
    if _asking(home):
        return _("Answer the question first: y or n.")
    if home.page not in _LIST_PAGES and not home.scrolls:
        return _("Nothing to move through here: Esc goes back.")
    return None


def _on_a_game(home: Home) -> str | None:
    if _asking(home):
        return _("Answer the question first: y or n.")
    if home.page not in (Page.GAMES, Page.CONTINUE, Page.GAME):
        return _("That key works on Your games.")
    return None


def _on_settings(home: Home) -> str | None:
    if _asking(home):
        return _("Answer the question first: y or n.")
    if home.page is not Page.SETTINGS:
        return _("Space changes a setting, on the Settings page: here Enter chooses.")
    return None


def _yes_is(letter: str) -> Callable[[Home], bool]:
    """Where `letter` is the yes of the player's language (s for sì, j for ja), besides y."""
    return lambda home: yes_key() == letter


def _when_asked(home: Home) -> str | None:
    return None if _asking(home) else _("There is no question to answer.")


def _typing(home: Home) -> bool:
    return home.editing is not None


def _only_while_typing(words: str) -> Callable[[Home], str | None]:
    """The words (a template marked `N_`) that say a key works only while a name is typed, said when they are."""
    return lambda home: None if _typing(home) else _(words)


def _fresh(home: Home) -> None:
    if home.editing is None:
        home.message = None  # a message answers the key before; the next key makes its own


def _say(home: Home, words: str) -> None:
    home.message = words


def _stray(home: Home, key: str) -> None:
    home.message = _("{key} does nothing here: ? lists the keys.").format(key=repr(key) if len(key) == 1 else key)


def _chooses(home: Home) -> bool:
    return _choosable(home) is None and bool(home.items())


# The home screen's keys: the help lists those with a label, and the key line those with a hint, in this order.
# While a name is typed on the Settings page, every character goes into it.
COMMANDS: Final[Commands[Home]] = Commands(
    Command("type a name", (TYPED,), _typing, lambda h, text: h.type_text(text)),
    Command("paste a name", (PASTE,), run=lambda h, text: h.type_text(text.replace("\n", " ")),
            why_not=_only_while_typing(N_("Pasting does nothing here: the names are typed on the Settings page."))),
    Command("take back a letter", ("backspace",), run=lambda h, _: h.backspace(),
            why_not=_only_while_typing(N_("Backspace does nothing here: Esc goes back."))),
    Command("previous line", ("up",), run=lambda h, _: h.move(-1), why_not=_only_lists, label="↑",
            words=N_("previous line"), hint=lambda h: _("↑↓ PgUp PgDn: scroll") if h.scrolls else _("↑↓: move")),
    Command("next line", ("down",), run=lambda h, _: h.move(1), why_not=_only_lists, label="↓", words=N_("next line")),
    Command("first line", ("home",), run=lambda h, _: h.to_end(False), why_not=_only_lists),
    Command("last line", ("end",), run=lambda h, _: h.to_end(True), why_not=_only_lists),
    Command("a page up", ("pageup",), run=lambda h, _: h.move(-10), why_not=_only_lists),
    Command("a page down", ("pagedown",), run=lambda h, _: h.move(10), why_not=_only_lists),
    Command("choose that line", tuple("123456789"), run=lambda h, k: h.number(int(k)), why_not=_choosable,
            label="1–9", words=N_("choose that line"), hint_where=_chooses,
            hint=lambda h: _("1–9: go to") if h.page is Page.SETTINGS else _("1–9 Enter: choose")),
    # On Settings a number only goes to its line, and Enter changes it; elsewhere the line above says Enter.
    Command("choose", ("enter",), run=lambda h, _: h.enter(), why_not=_choosable, label="Enter", words=N_("choose"),
            hint=N_("Enter Space: change"), hint_where=lambda h: _chooses(h) and h.page is Page.SETTINGS),
    Command("change the setting", (" ",), run=lambda h, _: h.enter(), why_not=_on_settings, label="Space",
            words=N_("change the setting (Settings)")),
    Command("back", ("escape",), run=lambda h, _: h.back(), label="Esc", words=N_("back"), hint=N_("Esc: back"),
            hint_where=lambda h: len(h.pages) > 1 or h.overlay is not None),
    Command("log", ("l",), run=lambda h, _: h.show(ShowLog), why_not=_on_a_game, label="l", words=N_("a game's log"),
            hint=N_("l: log")),
    Command("replay", ("r",), run=lambda h, _: h.show(ShowReplay), why_not=_on_a_game, label="r",
            words=N_("replay a game"), hint=N_("r: replay")),
    Command("analysis", ("a",), run=lambda h, _: h.show(ShowAnalysis), why_not=_on_a_game, label="a",
            words=N_("a game's analysis")),
    Command("delete", ("d", "delete"), run=lambda h, _: h.ask_delete(), why_not=_on_a_game, label="d / Del",
            words=N_("delete a game (asks first)"), hint=N_("d: delete")),
    Command("yes", ("y",), run=lambda h, _: h.answer(True), why_not=_when_asked, label="{yes}", words=N_("yes"),
            hint=N_("y: yes")),
    *(Command(f"yes ({letter})", (letter,), when=_yes_is(letter), run=lambda h, _: h.answer(True),
              why_not=_when_asked) for letter in YES_LETTERS),
    Command("no", ("n",), run=lambda h, _: h.answer(False), why_not=_when_asked, label="n", words=N_("no"),
            hint=N_("n: no")),
    Command("help", ("?",), run=lambda h, _: h.toggle_help(), why_not=_not_while_asking, label="?", words=N_("help"),
            hint=N_("?: help")),
    # The help says "Esc, q or ? closes this", as the game's help does: q closes it here too.
    Command("close the help", ("q",), when=lambda h: h.overlay is Overlay.HELP, run=lambda h, _: h.toggle_help()),
    Command("quit", ("c-c", "<sigint>"), run=lambda h, _: h.interrupt(), label="Ctrl-C", words=N_("quit (asks first)"),
            hint=N_("Ctrl-C: quit")),
    say=_say,
    stray=_stray,
    before=_fresh,
    typing=_typing,
)


def press(home: Home, key: str, text: str | None = None) -> bool:
    """Do what `key` does now (a key name as in `COMMANDS`, or a character typed; `text`: what a paste brought);
    False, with the message saying why, if nothing."""
    return COMMANDS.press(home, key, text)


def help_lines(home: Home) -> list[tuple[str, str]]:
    """The help overlay: each key shown and its words, as the command table has them."""
    return list(COMMANDS.help_rows(home))


def key_line(home: Home) -> str:
    """The line under the page: the keys that act now, in the command table's order (made from it)."""
    if home.editing is not None:
        return _("type the names · Enter: keep them · Esc: leave them as they were")
    return COMMANDS.key_line(home)
