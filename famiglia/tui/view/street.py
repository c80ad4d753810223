"""The Street, one home: its title and its cards in the drawing the table chose (R12.1: public, reductions too)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from famiglia.engine import SeatView

from ..model.words import plural
from .cards import CardStyle, street_cards

__all__ = ["street", "street_lines"]


def street_lines(view: SeatView, *, width: int, style: CardStyle = CardStyle.FRAMED) -> list[Text]:
    """The Street with a title, its cards drawn in `style` (R12.1: the Street is public, reductions too)."""
    title = Text("The Street", style="heading")
    title.append(f"  {plural(len(view.street), 'card')}", style="label")
    if not view.street:
        return [title, Text("Empty: nothing is left to deal", style="label")]  # R10.1
    if style is CardStyle.LINE:
        title.append("  (victory points after each card)", style="label")
    return [title, *street_cards(view.street, width=width, style=style)]


def street(view: SeatView, *, width: int, style: CardStyle = CardStyle.FRAMED) -> Group:
    """`street_lines` as one renderable."""
    return Group(*street_lines(view, width=width, style=style))
