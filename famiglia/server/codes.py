"""Table codes: four characters a friend reads out and types, drawn with `secrets` so none can be guessed.

The alphabet has A–Z and 2–9 without the look-alikes (I and 1, O and 0, and so on), so a code read
aloud or copied by hand is the code; what is typed is read in any case, with spaces and dashes left out.
"""

from __future__ import annotations

import secrets
from collections.abc import Container
from typing import Final

__all__ = ["ALPHABET", "LENGTH", "new_code", "read_code"]

ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no I, O (1, 0 are not in it either)
LENGTH: Final = 4


def new_code(taken: Container[str]) -> str:
    """A code no table in `taken` has (32**4, about a million codes: a free one comes within a few draws)."""
    while True:
        code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        if code not in taken:
            return code


def read_code(text: str) -> str | None:
    """The code `text` spells (`k7qx`, `K7-QX`, ` K7QX `), or None if it spells none."""
    code = "".join(ch for ch in text.upper() if ch not in " -")
    if len(code) != LENGTH or any(ch not in ALPHABET for ch in code):
        return None
    return code
