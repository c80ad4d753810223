"""The action words a player may type in their language: `prendi A1` for `take A1`, `nimm A1` in German.

The notation is one notation (docs/notation.md): the engine reads only its English words, and saved
records, `--json` and `str(action)` keep them in every language, so a game typed in Italian replays in
German. What a player types is turned into the notation before the engine reads it (`in_notation`), and
Tab offers the legal actions in the player's own words (`in_words`); the card names (F2, A1, B3, M0)
stay those of the notation everywhere, as the legend explains them. English words are always understood.
"""

from __future__ import annotations

import re
from typing import Final

from .catalogue import spoken_language

__all__ = ["ACTION_WORDS", "begins_an_action", "in_notation", "in_words"]

# The notation's words by language: each word of the notation and the word typed for it there.
ACTION_WORDS: Final[dict[str, dict[str, str]]] = {
    "it": {"refresh": "rinnova", "accountant": "contabile", "swap": "scambia", "brute": "bruto",
           "take": "prendi", "pay": "paga", "keep": "tieni", "pass": "passa"},
    "de": {"refresh": "auffrischen", "accountant": "buchhalter", "swap": "tausche", "brute": "schläger",
           "take": "nimm", "pay": "zahle", "keep": "behalte", "pass": "passe"},
}
_NOTATION_OF: Final = {language: {said: notation for notation, said in words.items()}
                       for language, words in ACTION_WORDS.items()}
_WORD: Final = re.compile(r"[^\W\d_]+")
_OPENING: Final = ("refresh", "accountant", "swap", "brute", "take", "pass")  # pay and keep only follow a take


def in_notation(typed: str) -> str:
    """`typed` with the words of the player's language turned into the notation's (case does not matter;
    the cards and everything else are left as typed, for the engine to read or refuse)."""
    words = _NOTATION_OF.get(spoken_language(), {})
    if not words:
        return typed
    return _WORD.sub(lambda m: words.get(m.group().casefold(), m.group()), typed)


def in_words(notation: str) -> str:
    """An action's notation in the words of the player's language, as Tab offers it ("prendi F2 paga M3")."""
    words = ACTION_WORDS.get(spoken_language(), {})
    if not words:
        return notation
    return _WORD.sub(lambda m: words.get(m.group(), m.group()), notation)


def begins_an_action(letter: str, *, besides: str | None = None) -> bool:
    """Whether `letter`, typed first on an empty line, may begin an action the player types: its first word in their
    language or in the notation's English, which is always understood ("p" begins "prendi" in Italian).

    A key that begins one must not act on that letter, or typing the action would do what the key does. The
    word `besides` is the key's own action in every language (`p`, which passes, begins "pass" and "passe"):
    acting at once does what typing it out would, so it is not counted.
    """
    words = ACTION_WORDS.get(spoken_language(), {})
    typed = letter.casefold()
    return bool(typed) and any(notation.startswith(typed) or words.get(notation, notation).startswith(typed)
                               for notation in _OPENING if notation != besides)
