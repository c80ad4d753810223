"""Counts of things in words ("1 card", "3 cards"), numbers as the language writes them, and cards by name.

One function per noun, since a language may decline each differently (gettext's `ngettext`); a number
with decimals takes the language's decimal sign (docs/languages.md: a comma in Italian and German).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from famiglia.engine import Card

from .catalogue import _, ngettext, spoken_language

__all__ = ["card_count", "card_names", "date_time", "decimal", "decision_count", "earlier_action_count", "game_count",
           "percent", "point_count", "refresh_count", "swap_count", "turn_count", "whole"]


_DECIMAL_COMMA: Final = frozenset({"it", "de"})


def decimal(value: float, places: int = 1) -> str:
    """`value` with `places` decimals, as the player's language writes it: 2.5 in English, 2,5 in Italian."""
    written = format(value, "." + str(places) + "f")
    return written.replace(".", ",") if spoken_language() in _DECIMAL_COMMA else written


def whole(value: int) -> str:
    """A whole number with its thousands grouped as the player's language groups them: 1,000,000 in English,
    1.000.000 in Italian and German."""
    written = format(value, ",")
    return written.replace(",", ".") if spoken_language() in _DECIMAL_COMMA else written


def percent(fraction: float, places: int = 1) -> str:
    """A fraction as a percentage with `places` decimals, in the language's way: 12.5% in English, 12,5% in
    Italian and German (the sign's spacing is the catalogue's)."""
    return _("{percent}%").format(percent=decimal(fraction * 100, places))


_DATE_SEPARATOR: Final = {"it": "/", "de": "."}  # day, month, year in that order


def date_time(stamp: str) -> str:
    """A record's ISO time (`2026-12-03T10:05:00Z`) to the minute, as the player's language writes a date:
    2026-12-03 10:05 in English (as the records do), 03/12/2026 10:05 in Italian, 03.12.2026 10:05 in German."""
    day, _t, clock = stamp.partition("T")
    parts = day.split("-")
    separator = _DATE_SEPARATOR.get(spoken_language())
    if separator is not None and len(parts) == 3:
        day = separator.join(reversed(parts))
    return (day + " " + clock[:5]).strip()


def card_count(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def swap_count(n: int) -> str:
    return ngettext("{n} swap", "{n} swaps", n).format(n=n)


def refresh_count(n: int) -> str:
    return ngettext("{n} refresh", "{n} refreshes", n).format(n=n)


def turn_count(n: int) -> str:
    return ngettext("{n} turn", "{n} turns", n).format(n=n)


def decision_count(n: int) -> str:
    return ngettext("{n} decision", "{n} decisions", n).format(n=n)


def game_count(n: int) -> str:
    return ngettext("{n} game", "{n} games", n).format(n=n)


def point_count(n: int) -> str:
    """Victory points (R11), spelled out."""
    return ngettext("{n} victory point", "{n} victory points", n).format(n=n)


def earlier_action_count(n: int) -> str:
    return ngettext("{n} earlier action", "{n} earlier actions", n).format(n=n)


def card_names(cards: Iterable[Card]) -> str:
    """Card names separated by spaces (notation, not words), or `nothing`."""
    names = [c.name for c in cards]
    return " ".join(names) if names else _("nothing")
