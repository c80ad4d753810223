"""The one door every sentence of the phrasebook goes through: `_` for a sentence, `ngettext` for a count.

Each template is a literal with named placeholders, passed through one of these two where it is said,
so a gettext catalogue can give the same sentence in another language with its own word order.
A table of templates marks its literals with `N_` (gettext's `gettext_noop`) and passes the one it
picks through `_` when it is said.

The language is a player's, not the process's: many players' screens may run in one process (`famiglia
serve`), so the catalogue in force is held in a context variable, which each player's application sets
for itself (`speaking`), as the leaving signals find theirs; gettext's own `install`, which changes
`builtins` for every thread at once, is not used. Where nothing was set, the sentences are the English
they are written in.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Final

__all__ = ["ENGLISH", "N_", "_", "ngettext", "speaking"]

ENGLISH: Final = gettext.NullTranslations()  # the templates as they are written
_SPOKEN: ContextVar[gettext.NullTranslations] = ContextVar("famiglia_catalogue", default=ENGLISH)


def _(message: str) -> str:
    """The sentence `message` in the language of the player it is said to."""
    return _SPOKEN.get().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence that counts `n` things, in the language of the player it is said to."""
    return _SPOKEN.get().ngettext(singular, plural, n)


def N_(message: str) -> str:
    """`message` marked as a template for the catalogue, left untranslated until `_` says it."""
    return message


@contextmanager
def speaking(catalogue: gettext.NullTranslations) -> Iterator[None]:
    """For the block (and what it starts in this context), every sentence is said from `catalogue`."""
    token = _SPOKEN.set(catalogue)
    try:
        yield
    finally:
        _SPOKEN.reset(token)
