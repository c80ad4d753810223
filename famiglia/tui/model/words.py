"""How much room a name takes on the terminal, and a name shortened to fit where it labels a part of the table.

The words for cards and actions are the phrasebook's (`famiglia.phrasebook`); this is layout.
"""

from __future__ import annotations

import unicodedata
from typing import Final

__all__ = ["NAME_CELLS", "cells", "short_name"]

NAME_CELLS: Final = 24  # a name longer than this is shortened where it labels a part of the table


def _width(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def cells(text: str) -> int:
    """How many terminal cells `text` takes: wide (East Asian) characters two, combining marks none."""
    return sum(_width(ch) for ch in text)


def short_name(name: str, limit: int = NAME_CELLS) -> str:
    """`name` cut to `limit` cells with an ellipsis, so a long name cannot push the table apart."""
    if cells(name) <= limit:
        return name
    out, used = [], 0
    for ch in name:
        if used + _width(ch) > limit - 1:
            break
        out.append(ch)
        used += _width(ch)
    return "".join(out) + " " * (limit - 1 - used) + "…"
