"""The screen's look in one place: semantic style names, the family symbols, and how one card is written.

Everything the screen draws is styled through the names in `THEME`, never through raw colours, so a
different palette is one dictionary away. Colour is never the only cue (R1.1 colours are paired with
the family letter and a symbol), so a terminal without colour, or `NO_COLOR`, loses nothing.
"""

from __future__ import annotations

import re
from typing import Final

from rich.text import Text
from rich.theme import Theme

from famiglia.engine import Card, Family, parse_card

__all__ = ["FAMILY_STYLE", "FAMILY_SYMBOL", "THEME", "card_text", "cards_in", "family_label"]

# One single-width symbol per family, chosen after the Italian suits the game's names recall:
# hearts for the family, coins (denari) for the Accountants, clubs (bastoni) for the Brutes and
# swords (spade) for the Mercenaries. All four are one cell wide in common terminal fonts.
FAMILY_SYMBOL: Final[dict[Family, str]] = {
    Family.FAMIGLIA: "♥",
    Family.ACCOUNTANTS: "♦",
    Family.BRUTES: "♣",
    Family.MERCENARIES: "♠",
}

FAMILY_STYLE: Final[dict[Family, str]] = {f: f"family.{f.letter}" for f in Family}

THEME: Final = Theme(
    {
        # R1.1: the printed colours, in their bright variants so they read on dark backgrounds too.
        "family.F": "bold bright_red",
        "family.A": "bold bright_blue",
        "family.B": "bold yellow",
        "family.M": "bold green",
        "title": "bold",
        "heading": "bold",
        "label": "dim",
        "name": "bold",
        "name.active": "bold reverse",
        "points": "cyan",
        "count": "bold",
        "card.frame": "dim",
        "card.new": "bold yellow",
        "card.reduced": "bold underline",  # no colour of its own: it sits between the family's letter and symbol
        "step.past": "dim",
        "step.current": "bold reverse",
        "step.future": "none",
        "step.closed": "dim",  # a later step with nothing to do this turn
        "step.sep": "dim",
        "warning": "bold magenta",  # not yellow: that is the Brutes' colour
        "error": "bold red",
        "notice": "italic",
        "winner": "bold green",
        "key": "bold cyan",
        "handoff": "bold",
        "hidden": "dim",
        "rule": "reverse",  # the rule a refusal quoted, where Ctrl-R opens the rules
    }
)


def card_text(card: Card, *, effective: int | None = None) -> Text:
    """One card as the screen writes it: `F4♥`, styled by family; with `effective`, `F4→2♥` (R7.3).

    The printed name always comes first, so the card can be typed as it reads; the arrow shows the
    value it counts for this turn after a Brute's reduction.
    """
    text = Text(card.name, style=FAMILY_STYLE[card.family])
    if effective is not None and effective != card.value:
        text.append(f"→{effective}", style="card.reduced")
    text.append(FAMILY_SYMBOL[card.family], style=FAMILY_STYLE[card.family])
    return text


_CARD_NAME: Final = re.compile(r"\b([FABM][0-4])\b")


def cards_in(text: str, style: str = "") -> Text:
    """Plain words with every card name in them drawn as a card (family colour and symbol)."""
    out = Text(style=style)
    pos = 0
    for found in _CARD_NAME.finditer(text):
        out.append(text[pos:found.start()])
        out.append_text(card_text(parse_card(found.group(1))))
        pos = found.end()
    out.append(text[pos:])
    return out


def family_label(family: Family) -> Text:
    """A family's symbol and title, like `♥ La Famiglia`, in its colour."""
    return Text(f"{FAMILY_SYMBOL[family]} {family.title}", style=FAMILY_STYLE[family])
