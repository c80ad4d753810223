"""The one door every sentence of the phrasebook goes through: `_` for a sentence, `ngettext` for a count.

Each template is a literal with named placeholders, passed through one of these two where it is said,
so a gettext catalogue can later give the same sentence in another language with its own word order.
A table of templates marks its literals with `N_` (gettext's `gettext_noop`) and passes the one it
picks through `_` when it is said. For now all give the English back unchanged.
"""

from __future__ import annotations

__all__ = ["N_", "_", "ngettext"]


def _(message: str) -> str:
    """The sentence `message` in the player's language (English for now)."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence that counts `n` things, in the player's language (English for now)."""
    return singular if n == 1 else plural


def N_(message: str) -> str:
    """`message` marked as a template for the catalogue, left untranslated until `_` says it."""
    return message
