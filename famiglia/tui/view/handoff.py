"""The handoff between turns: no hand at all, only who is next and the public table (R12.1)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from famiglia.engine import SeatView

from ..model.changes import turn_changes
from .cards import CardStyle
from .parts import line_count
from .players import player_row
from .status import status_text, warning_lines
from .street import street

__all__ = ["render_handoff"]


def render_handoff(view: SeatView, *, width: int, height: int | None = None,
                   cards: CardStyle = CardStyle.FRAMED) -> RenderableType:
    """Between turns: no hand at all, only who is next and the public table (R12.1).

    `view` is the public view (`seat` None); nothing here reads a hand or the legal actions. The Street
    is drawn in `cards`, as the table at this size draws it (`level_cards`), so it keeps its shape
    when the hand is shown. Given a `height`, the banner and then the Street are drawn smaller until it fits.
    """
    screen = _handoff(view, width=width, roomy=True, cards=cards)
    if height is None:
        return screen
    for roomy, style in ((False, cards), (False, CardStyle.COMPACT), (False, CardStyle.LINE)):
        if line_count(screen, width) <= height:
            break
        screen = _handoff(view, width=width, roomy=roomy, cards=style)
    return screen


def _handoff(view: SeatView, *, width: int, roomy: bool, cards: CardStyle) -> RenderableType:
    name = view.names[view.to_move]
    message = Text(justify="center")
    message.append(f"Pass the keyboard to {name}", style="handoff")
    message.append("\n")
    message.append("— press Enter when ready —", style="notice")
    banner = Panel(message, border_style="title", padding=(1 if roomy else 0, 2))
    public: list[RenderableType] = [banner, status_text(view), *warning_lines(view)]
    public.append(street(view, width=width, style=cards))
    taken = turn_changes(view).taken  # public: the last turn's take went into a hand face up (R12.3)
    for p in (1 - view.to_move, view.to_move):
        public.extend(player_row(view, p, width=width, taken=taken[p]))
    return Group(*public)
