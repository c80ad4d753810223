"""The keys of the input line, and nothing more: typing, moving, deleting, pasting, the Tab menu.

prompt_toolkit's application always lays its whole default key set (Emacs and Vi editing, mouse,
quoted insert and more) under the application's own; `install_editing_keys` puts this small set in
its place. So Ctrl-Q is no quoted insert that would type every later key into a read-only line,
mouse-report-like escape sequences (a terminal may send them although mouse support is off) are
ignored instead of parsed, and a control character or an escape sequence is never typed as text.
The cursor position reports prompt_toolkit asks the terminal for are still read.
"""

from __future__ import annotations

from collections.abc import Callable

from prompt_toolkit.application import Application
from prompt_toolkit.filters import Filter
from prompt_toolkit.key_binding import ConditionalKeyBindings, KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.key_binding.bindings.cpr import load_cpr_bindings
from prompt_toolkit.key_binding.bindings.named_commands import get_by_name
from prompt_toolkit.keys import Keys

from famiglia.phrasebook.catalogue import _

__all__ = ["IGNORED", "editing_keys", "install_editing_keys", "key_pressed"]

# What a terminal may send that means nothing to the game: mouse reports and the like.
IGNORED = (Keys.Vt100MouseEvent, Keys.WindowsMouseEvent, Keys.ScrollUp, Keys.ScrollDown, Keys.Ignore)

_COMMANDS = {
    "backspace": "backward-delete-char",
    "delete": "delete-char",
    "left": "backward-char",
    "right": "forward-char",
    "home": "beginning-of-line",
    "end": "end-of-line",
    "c-a": "beginning-of-line",
    "c-e": "end-of-line",
    "c-w": "unix-word-rubout",
    "c-u": "unix-line-discard",
    "c-k": "kill-line",
    "s-tab": "menu-complete-backward",
}


def key_pressed(event: KeyPressEvent) -> str:
    """The key of a catch-all binding as the command tables name keys: the character typed, or the key's name
    ("Pasting" for a paste, as a message that it does nothing says it)."""
    data = event.data
    key = event.key_sequence[0].key
    if key is Keys.BracketedPaste:
        return "Pasting"
    return data if len(data) == 1 and data.isprintable() else str(getattr(key, "value", key))


def _printable(text: str) -> str:
    """`text` without control characters: what may go on the line (a paste's line breaks become spaces)."""
    return "".join(ch if ch.isprintable() else " " if ch in "\r\n\t" else "" for ch in text)


def editing_keys(typing: Filter, stray: Callable[[str], None] | None = None) -> KeyBindings:
    """The input line's keys, active where `typing` holds; `stray` hears of a key that types nothing (by name:
    `f5`), so the screen can say it does nothing."""
    kb = KeyBindings()
    for key, name in _COMMANDS.items():
        kb.add(key, filter=typing)(get_by_name(name).handler)

    @kb.add(Keys.Any, filter=typing)
    def _type(event: KeyPressEvent) -> None:
        text = event.data
        if text and not text.startswith("\x1b") and text.isprintable():
            event.current_buffer.insert_text(text * event.arg)
        elif stray is not None:
            key = event.key_sequence[0].key
            stray(key.value if isinstance(key, Keys) and key is not Keys.Any else _("That key"))

    @kb.add(Keys.BracketedPaste, filter=typing)
    def _paste(event: KeyPressEvent) -> None:
        event.current_buffer.insert_text(_printable(event.data))

    @kb.add("up", filter=typing)
    def _up(event: KeyPressEvent) -> None:
        event.current_buffer.auto_up(count=event.arg)

    @kb.add("down", filter=typing)
    def _down(event: KeyPressEvent) -> None:
        event.current_buffer.auto_down(count=event.arg)

    return kb


def _ignored() -> KeyBindings:
    kb = KeyBindings()
    for key in IGNORED:
        kb.add(key)(lambda event: None)
    return kb


def install_editing_keys(app: Application[int], typing: Filter, stray: Callable[[str], None] | None = None) -> None:
    """Replace the application's default keys with the input line's keys, the ignored input and the cursor reports.

    prompt_toolkit offers no option for this; the default set is the attribute its key registry reads.
    """
    app._default_bindings = merge_key_bindings([
        ConditionalKeyBindings(editing_keys(typing, stray), typing), _ignored(), load_cpr_bindings()])
