"""The handoff between turns, one part: no hand at all, only who is next and the public table (R12.1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from famiglia.engine import SeatView
from famiglia.phrasebook.catalogue import _, filled

from ..model.changes import turn_changes
from .cards import CardStyle
from .part import Part
from .pieces import line_count
from .players import PlayerRow
from .status import status_text, warning_lines
from .street import Street

__all__ = ["Handoff", "render_handoff"]


@dataclass(frozen=True, slots=True)
class Handoff(Part):
    """Between turns: no hand at all, only who is next and the public table (R12.1).

    `view` is the public view (`seat` None); nothing here reads a hand or the legal actions. The Street
    is drawn in `cards`, as the table at this size draws it (`shape.table_style`), so it keeps its shape
    when the hand is shown. Within `rows` rows, if given, the banner and then the Street are drawn
    smaller until it fits.
    """

    view: SeatView
    cards: CardStyle = CardStyle.FRAMED
    rows: int | None = None

    def lines(self, width: int) -> Sequence[RenderableType]:
        screen = self._drawn(width, roomy=True, cards=self.cards)
        if self.rows is not None:
            for roomy, style in ((False, self.cards), (False, CardStyle.COMPACT), (False, CardStyle.LINE)):
                if line_count(screen, width) <= self.rows:
                    break
                screen = self._drawn(width, roomy=roomy, cards=style)
        return [screen]

    def _drawn(self, width: int, *, roomy: bool, cards: CardStyle) -> RenderableType:
        view = self.view
        message = Text(justify="center")
        message.append(filled(_("Pass the keyboard to {name}"), name=view.names[view.to_move]), style="handoff")
        message.append("\n")
        message.append(_("— press Enter when ready —"), style="notice")
        banner = Panel(message, border_style="title", padding=(1 if roomy else 0, 2))
        public: list[RenderableType] = [banner, status_text(view), *warning_lines(view)]
        changes = turn_changes(view)
        public.append(Street.of(view, changes, style=cards))
        for p in (1 - view.to_move, view.to_move):  # public: the last turn's take went into a hand face up (R12.3)
            public.append(PlayerRow.of(view, p, taken=changes.taken[p]))
        return Group(*public)


def render_handoff(view: SeatView, *, width: int = 80, height: int | None = None,
                   cards: CardStyle = CardStyle.FRAMED) -> Handoff:
    """The handoff of `view` (`Handoff`), within `height` rows if given; drawn at the width rich gives it."""
    return Handoff(view, cards, height)
