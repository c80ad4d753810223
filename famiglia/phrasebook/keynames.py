"""Keys by the names the player's keyboard and language give them: "Invio" and "Spazio" in Italian, "Strg-C" in German,
and the key that answers yes ("s" for sì, "j" for ja).

The key line's sentences name keys inside their templates ("1-9 ↑↓ Invio: scegli"); the help lists each
command's keys by a label written in English (`Enter`, `Space`, `Ctrl-C`), which `key_label` says in the
same words, so the help and the key line never name one key two ways. Letter keys stay as they are, but
the yes of a question is the language's own letter, and `y` is understood too.
"""

from __future__ import annotations

import re
from typing import Final

from .catalogue import N_, _

__all__ = ["YES_LETTERS", "key_label", "yes_key"]

# The letters a yes may be in the languages famiglia speaks, besides `y` (tests/phrasebook/test_keynames.py).
YES_LETTERS: Final = ("s", "j")
_NAMES: Final = {"Enter": N_("Enter"), "Space": N_("Space"), "Del": N_("Del"), "Ctrl": N_("Ctrl")}
_KEY: Final = re.compile(r"\b(Enter|Space|Del|Ctrl)\b|\{yes\}")


def yes_key() -> str:
    """The letter that answers yes in the player's language: y, s (sì), j (ja)."""
    return _("y")


def key_label(label: str) -> str:
    """A command's keys as the help lists them, in the player's words: `q, Ctrl-C` is "q, Strg-C" in German;
    `{yes}` is the language's yes key."""
    return _KEY.sub(lambda m: yes_key() if m.group() == "{yes}" else _(_NAMES[m.group(1)]), label)
