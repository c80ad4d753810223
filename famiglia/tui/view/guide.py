"""The guided game's box over the table: the lesson to read, a refused try explained, or the summary at the end."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from famiglia.engine import SeatView

from ..model.home.guide import Guide
from .theme import cards_in

__all__ = ["GOING_ON", "render_guide"]

GOING_ON = "Enter: go on · s: no more explanations in this game"


def _going_on(nudged: bool, more: str = "") -> Text:
    """The box's key line; after a key that waits for the box, said louder."""
    if nudged:
        return Text(f"Read this first — {GOING_ON}{more}", style="warning")
    return Text(GOING_ON + more, style="label")


def render_guide(guide: Guide, view: SeatView, *, width: int, nudged: bool = False) -> RenderableType | None:
    """The box for now, or None when there is nothing to say (the table is then all there is).

    `nudged`: a key was pressed that waits until the box is read (the box covers the message line).
    """
    if view.is_over:
        lines = guide.summary(view)
        body = Group(*(cards_in(line, style="notice" if n else "title") for n, line in enumerate(lines)))
        return Panel(body, title="What you learned", title_align="left", border_style="title", width=width)
    if guide.refused is not None:
        first, *rest = guide.refused
        body = Group(cards_in(first, style="error"), *(cards_in(line) for line in rest), _going_on(nudged))
        return Panel(body, title="Not allowed now", title_align="left", border_style="warning", width=width)
    lesson = guide.lesson
    if lesson is None:
        return None
    more = f" · {len(guide.waiting) - 1} more" if len(guide.waiting) > 1 else ""
    body = Group(*(cards_in(line) for line in lesson.lines), _going_on(nudged, more))
    return Panel(body, title=lesson.heading, subtitle=guide.where(view), title_align="left", subtitle_align="right",
                 border_style="key", width=width)
