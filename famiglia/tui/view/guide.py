"""The guided game's box over the table: the lesson to read or a refused try explained, and where the box stands;
at the end, what came up, under the end screen.

A box stands where it hides nothing of the table and nothing it talks about (`boxes.place_box`): a lesson
names the parts of the screen it explains (`Lesson.about`), and the box goes where it covers none of them, over
as few rows with anything on them as it can, nearest the input line; where the rows left free are fewer than
the box needs, it shows its lines a page at a time (`GuideBox.pages`, its title says which). At the end the
summary goes under the end screen's content, in the rows left above the key line (`render_summary` makes it
fit them).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from famiglia.engine import SeatView
from famiglia.phrasebook.catalogue import N_, _, ngettext

from ..model.home.guide import Guide
from ..model.home.tutor import Summary
from .boxes import box_top
from .part import Part
from .pieces import line_count, wrapped
from .theme import cards_in

__all__ = ["GOING_ON", "REFUSAL_ABOUT", "GuideBox", "box_top", "render_guide", "render_summary"]

GOING_ON: Final = N_("Enter: go on · s: skip the explanations")  # said through `_`
REFUSAL_ABOUT: Final = ("street", "hand")  # a refused try is about the table it was tried on
_BORDER: Final = 4  # the cells a panel's borders and padding take of its width


def _going_on(nudged: bool, more: str = "") -> Text:
    """The box's keys, in its lower border; after a key that waits for the box, said louder."""
    keys = _(GOING_ON) + more
    if nudged:
        return Text(_("Read this first — {keys}").format(keys=keys), style="warning")
    return Text(keys, style="label")


@dataclass(frozen=True, slots=True)
class GuideBox(Part):
    """The guided game's box on the table, the whole width: a lesson (`refused` False) or a refused try explained
    (its first line the refusal), under `title`; its keys in the lower border, louder once `nudged` (a key was
    pressed that waits until the box is read), with how many `more` lessons wait. `where` is the step the player
    is at, which the title says where the border has room for it. In at most `rows` rows (None: as many as it
    needs) it shows page `page` of its lines, and its title says which of how many (`pages`)."""

    title: str
    body: tuple[str, ...]
    refused: bool = False
    where: str | None = None
    more: int = 0
    nudged: bool = False
    page: int = 0
    rows: int | None = None

    def _wrapped(self, width: int) -> list[Text]:
        """The body's rows at `width`: each line of the text wrapped, a refusal's first line in its colour."""
        styles = ["error" if self.refused and n == 0 else "" for n in range(len(self.body))]
        return [row for line, style in zip(self.body, styles, strict=True)
                for row in wrapped(cards_in(line, style=style), width - _BORDER)]

    def pages(self, width: int) -> int:
        """How many pages the body takes at `width` in the rows given (one where it fits, or none are given)."""
        per = self._per_page()
        return 1 if per is None else max(1, -(-len(self._wrapped(width)) // per))

    def _per_page(self) -> int | None:
        return None if self.rows is None else max(1, self.rows - 2)

    def lines(self, width: int) -> Sequence[RenderableType]:
        body_rows = self._wrapped(width)
        per, pages = self._per_page(), self.pages(width)
        page = min(self.page, pages - 1)
        if per is not None:
            body_rows = body_rows[page * per:(page + 1) * per]
        paged = f" {page + 1}/{pages}" if pages > 1 else ""
        body = Group(*body_rows)
        if self.refused:
            return [Panel(body, title=self.title + paged, title_align="left", subtitle=_going_on(self.nudged),
                          subtitle_align="right", border_style="warning", width=width)]
        more = " · " + ngettext("{n} more", "{n} more", self.more).format(n=self.more) if self.more else ""
        title = self.title + paged
        if self.where is not None and cell_len(where := f"{title} · {self.where}") + 4 <= width - _BORDER:
            title = where  # the step the player is at, where the border has room for it
        return [Panel(body, title=title, title_align="left", subtitle=_going_on(self.nudged, more),
                      subtitle_align="right", border_style="key", width=width)]


def render_guide(guide: Guide, view: SeatView, *, width: int = 80, nudged: bool = False,
                 rows: int | None = None) -> GuideBox | None:
    """The box for now on the table, or None when there is nothing to read (the table is then all there is).

    `nudged`: a key was pressed that waits until the box is read; `rows`: the most rows the box may take (its
    page on show is the guide's).
    """
    if view.is_over:
        return None
    if guide.refused is not None:
        return GuideBox(_("Not allowed now"), guide.refused, refused=True, nudged=nudged, page=guide.page, rows=rows)
    lesson = guide.lesson
    if lesson is None:
        return None
    return GuideBox(lesson.heading, tuple(lesson.lines), where=guide.where(view) if view.my_turn else None,
                    more=max(0, len(guide.waiting) - 1), nudged=nudged, page=guide.page, rows=rows)


def render_summary(summary: Summary, *, width: int, rows: int) -> RenderableType | None:
    """What came up in the guided game in at most `rows` rows at `width`, in a box: the fullest form of
    `Summary.forms` that fits; without room for a box, its shortest form in one row; None without a row."""
    if rows < 1:
        return None
    for lines in summary.forms():
        body = Group(*(cards_in(line, style="notice" if n == len(lines) - 1 else "") for n, line in enumerate(lines)))
        if line_count(body, width - _BORDER) + 2 <= rows:
            return Panel(body, title=_("What you learned"), title_align="left", border_style="title", width=width)
    text = cards_in(summary.forms()[-1][0], style="notice")
    text.truncate(width, overflow="ellipsis")
    return text
