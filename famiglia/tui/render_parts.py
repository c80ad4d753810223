"""Small pieces the screens share: groups of cards, victory points, joined phrases, player labels.

Everything here is a pure function of its arguments returning rich `Text` styled by theme names.
"""

from __future__ import annotations

import io
from collections.abc import Iterable
from typing import Final

from rich.console import Console, RenderableType
from rich.text import Text

from famiglia.engine import Card, sorted_cards

from .theme import FAMILY_STYLE, THEME, card_text

__all__ = ["DOT", "cards_text", "joined", "line_count", "points", "vp_text"]

DOT: Final = " · "


def points(cards: Iterable[Card]) -> int:
    """R11.1: the victory points of some cards."""
    return sum(c.points for c in cards)


def cards_text(cards: Iterable[Card], *, empty: str = "—") -> Text:
    """Cards in the game's order, copies of one kind written once with a count: `F1♥×2 A0♦`."""
    text = Text()
    groups: list[tuple[Card, int]] = []
    for c in sorted_cards(cards):
        if groups and groups[-1][0] is c:
            groups[-1] = (c, groups[-1][1] + 1)
        else:
            groups.append((c, 1))
    for i, (c, n) in enumerate(groups):
        if i:
            text.append(" ")
        text.append_text(card_text(c))
        if n > 1:
            text.append(f"×{n}", style=FAMILY_STYLE[c.family])
    if not groups:
        text.append(empty, style="label")
    return text


def vp_text(n: int) -> Text:
    """A number of victory points, as `12 VP`."""
    return Text(f"{n} VP", style="points")


def joined(parts: Iterable[Text | str], sep: str = DOT) -> Text:
    """Phrases joined by a dimmed separator."""
    text = Text()
    for i, part in enumerate(parts):
        if i:
            text.append(sep, style="label")
        text.append_text(part if isinstance(part, Text) else Text(part))
    return text


def line_count(renderable: RenderableType, width: int) -> int:
    """How many rows `renderable` takes at `width` columns."""
    console = Console(file=io.StringIO(), width=width, theme=THEME, color_system=None)
    return len(console.render_lines(renderable, console.options.update(width=width), pad=False))
