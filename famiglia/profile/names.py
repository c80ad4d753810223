"""What makes a player's name: one limit and one set of messages for the names screen and `--names`.

A name labels the player rows, the handoff and the input line, so it must be printable and short
enough to keep them on their lines. Both ways in, the screen's question and the command line, call
`tidy_name` and `check_pair`, so a name refused in one is refused in the other with the same words.
`quoted` is how a one-line message quotes what a player typed, the screen's and the seats' alike.
The standard library and the phrasebook's light catalogue only: the command line imports this without
loading the screen.
"""

from __future__ import annotations

from typing import Final

from famiglia.phrasebook.catalogue import _

__all__ = ["NAME_LENGTH", "NameRefused", "check_pair", "quoted", "tidy_name"]

NAME_LENGTH: Final = 20


class NameRefused(ValueError):
    """A name that cannot be used; the message says why in the player's words (lower case, no full stop)."""


def tidy_name(text: str) -> str:
    """`text` as a name: runs of spaces become one and the ends are trimmed; raises `NameRefused`."""
    name = " ".join(text.split())
    if not name:
        raise NameRefused(_("a name cannot be empty"))
    if not name.isprintable():
        raise NameRefused(_("a name must be printable text"))
    if len(name) > NAME_LENGTH:
        raise NameRefused(_("a name can be at most {n} characters long").format(n=NAME_LENGTH))
    return name


def check_pair(first: str, second: str) -> None:
    """Raise `NameRefused` when the two names read the same (case aside): the screen could not tell them apart."""
    if first.casefold() == second.casefold():
        raise NameRefused(_("the two names must differ: {first} and {second} read the same").format(
            first=first, second=second))


def quoted(text: str, limit: int = 40) -> str:
    """What a player typed or a file held, quoted for a one-line message: `'take F9'`, cut to `limit` with `…`.

    The one quoting of the screen's messages: a repr (so controls and quotes show as escapes, never act)
    of at most `limit` characters of the text.
    """
    shown = text if len(text) <= limit else f"{text[:max(1, limit - 4)]}…"
    return repr(shown)
