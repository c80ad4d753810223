"""The Street, one part: its title and its cards in the drawing the table chose (R12.1: public, reductions too)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from famiglia.engine import SeatView, StreetCard
from famiglia.phrasebook.catalogue import _
from famiglia.phrasebook.counts import card_count

from ..model.changes import TurnChanges, turn_changes
from .cards import MINUS, CardStyle, street_cards
from .part import Part

__all__ = ["Street", "street"]


@dataclass(frozen=True, slots=True)
class Street(Part):
    """The Street with a title, its cards drawn in `style` (R12.1: the Street is public, reductions too).

    The cards the last turn dealt or drew (`new`), and the one its Brute reduced (`reduced`, by how much),
    are marked, and the title says how. Within `rows` rows of cards, if given (the title aside), copies
    are stacked and the rest named, so the Street never takes more.
    """

    cards: tuple[StreetCard, ...]
    style: CardStyle = CardStyle.FRAMED
    new: tuple[bool, ...] = ()
    reduced: tuple[int, ...] = ()
    rows: int | None = None

    @classmethod
    def of(cls, view: SeatView, changes: TurnChanges, *, style: CardStyle = CardStyle.FRAMED,
           rows: int | None = None) -> Street:
        """The Street of `view`, marked with the `changes` of the turn looked back on."""
        return cls(view.street, style, changes.new, changes.reduced, rows)

    def lines(self, width: int) -> Sequence[Text]:
        title = Text(_("The Street"), style="heading")
        title.append(f"  {card_count(len(self.cards))}", style="label")
        title.no_wrap = True
        if not self.cards:
            return [title, Text(_("Empty: nothing is left to deal"), style="label")]  # R10.1
        text = self.style is CardStyle.LINE
        reduced = [i < len(self.reduced) and self.reduced[i] > 0 for i in range(len(self.new))]
        heavy = [new and (text or not cut) for new, cut in zip(self.new, reduced, strict=True)]  # the double wins
        if any(heavy):
            title.append(("  + " if text else "  ┏┓ ") + _("new"), style="label")
        if any(self.reduced):
            cut = max(self.reduced)
            title.append((f"  {MINUS}{cut} " if text else "  ╔╗ ") + _("reduced"), style="label")
        if text:
            title.append("  (" + _("victory points after each card") + ")", style="label")
        title.truncate(width, overflow="ellipsis")
        cards = street_cards(self.cards, width=width, style=self.style, new=self.new, reduced=self.reduced,
                             rows=self.rows)
        return [title, *cards]


def street(view: SeatView, *, style: CardStyle = CardStyle.FRAMED) -> Street:
    """The Street of `view` as its part, with the last turn's changes marked."""
    return Street.of(view, turn_changes(view), style=style)
