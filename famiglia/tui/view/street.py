"""The Street, one home: its title and its cards in the drawing the table chose (R12.1: public, reductions too)."""

from __future__ import annotations

from collections import Counter

from rich.console import Group
from rich.text import Text

from famiglia.engine import Card, Refresh, SeatView, Take

from ..model.words import plural
from .cards import CardStyle, street_cards

__all__ = ["new_on_street", "street", "street_lines"]


def street_lines(view: SeatView, *, width: int, style: CardStyle = CardStyle.FRAMED) -> list[Text]:
    """The Street with a title, its cards drawn in `style` (R12.1: the Street is public, reductions too)."""
    title = Text("The Street", style="heading")
    title.append(f"  {plural(len(view.street), 'card')}", style="label")
    if not view.street:
        return [title, Text("Empty: nothing is left to deal", style="label")]  # R10.1
    new = new_on_street(view)
    if any(new):
        title.append("  + new" if style is CardStyle.LINE else "  ┏┓ new", style="label")
    if style is CardStyle.LINE:
        title.append("  (victory points after each card)", style="label")
    return [title, *street_cards(view.street, width=width, style=style, new=new)]


def new_on_street(view: SeatView) -> list[bool]:
    """Which Street cards the last turn dealt or drew (R5.2, R10.1) and still lie there: all public (R12.1).

    Cards of one kind look alike, so of several on the Street the last ones are marked.
    """
    drawn: Counter[Card] = Counter()
    for turn, e in [(0, e) for e in view.last_turn] + [(1, e) for e in view.this_turn]:
        if isinstance(e.action, Refresh | Take):  # the card left the Street (R5.2, R8)
            drawn[e.action.card] -= drawn[e.action.card] > 0
        if turn == 0:
            drawn.update(e.drawn)
    marks = [False] * len(view.street)
    for i in reversed(range(len(view.street))):
        card = view.street[i].card
        if drawn[card] > 0:
            drawn[card] -= 1
            marks[i] = True
    return marks


def street(view: SeatView, *, width: int, style: CardStyle = CardStyle.FRAMED) -> Group:
    """`street_lines` as one renderable."""
    return Group(*street_lines(view, width=width, style=style))
