"""The Street, one home: its title and its cards in the drawing the table chose (R12.1: public, reductions too)."""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from famiglia.engine import SeatView

from ..model.changes import TurnChanges, turn_changes
from ..model.words import plural
from .cards import MINUS, CardStyle, street_cards

__all__ = ["street", "street_lines"]


def street_lines(view: SeatView, *, width: int, style: CardStyle = CardStyle.FRAMED,
                 changes: TurnChanges | None = None, rows: int | None = None) -> list[Text]:
    """The Street with a title, its cards drawn in `style` (R12.1: the Street is public, reductions too).

    The cards the last turn dealt or drew, and the one its Brute reduced, are marked (`changes`, worked
    out from `view` if not given), and the title says how. Within `rows` rows of cards, if given (the
    title aside), copies are stacked and the rest counted, so the Street never takes more.
    """
    title = Text("The Street", style="heading")
    title.append(f"  {plural(len(view.street), 'card')}", style="label")
    title.no_wrap = True
    if not view.street:
        return [title, Text("Empty: nothing is left to deal", style="label")]  # R10.1
    changes = changes or turn_changes(view)
    text = style is CardStyle.LINE
    reduced = [i < len(changes.reduced) and changes.reduced[i] > 0 for i in range(len(changes.new))]
    heavy = [new and (text or not cut) for new, cut in zip(changes.new, reduced, strict=True)]  # the double frame wins
    if any(heavy):
        title.append("  + new" if text else "  ┏┓ new", style="label")
    if any(changes.reduced):
        cut = max(changes.reduced)
        title.append(f"  {MINUS}{cut} reduced" if text else "  ╔╗ reduced", style="label")
    if text:
        title.append("  (victory points after each card)", style="label")
    title.truncate(width, overflow="ellipsis")
    cards = street_cards(view.street, width=width, style=style, new=changes.new, reduced=changes.reduced, rows=rows)
    return [title, *cards]


def street(view: SeatView, *, width: int, style: CardStyle = CardStyle.FRAMED) -> Group:
    """`street_lines` as one renderable."""
    return Group(*street_lines(view, width=width, style=style))
