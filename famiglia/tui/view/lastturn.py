"""The last turn, one home of three parts: the box of what the opponent did, its line, and the record beside
a wide table; and the bullets all three (and the game log) write the events in.

Public events only (R12.1): every action is seen by both players, and the deal of a new Street too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from famiglia.engine import Event, Pass, SeatView
from famiglia.phrasebook import events as event_words
from famiglia.phrasebook.catalogue import _
from famiglia.phrasebook.counts import earlier_action_count

from .part import Part
from .pieces import line_count, short_name
from .theme import cards_in

__all__ = ["TableRecord", "TurnLine", "TurnSummary", "event_lines", "render_turn_summary", "turn_line"]


def event_lines(events: Sequence[Event], names: tuple[str, str], *, named: bool = True,
                reason: str | None = None) -> Table:
    """One bullet per public event; without `named`, under a heading that names the player once.

    `reason` is why the turn's pass was made (the computer's words, public facts only).
    """
    grid = Table.grid(padding=(0, 1))
    grid.add_column(style="label", no_wrap=True)
    grid.add_column(ratio=1)
    for event in events:
        line = cards_in(event_words.event(event, names, named=named, reason=_reason_of(event, reason)))
        if event.exhausted:
            line.stylize("warning", line.plain.rindex(";"))
        grid.add_row("•", line)
    return grid


@dataclass(frozen=True, slots=True)
class TurnSummary(Part):
    """What the opponent did in the last turn, in a box, for the incoming player: every action is public (R12.1).

    `events` is a view's `last_turn` (it may end with the deal of a new Street, R10.1); `subtitle`
    goes on the bottom edge (how to close it, where it lies on top of the table); `reason` says why
    the computer passed, if it did. The box is at most `widest` columns wide, and at most `rows` rows tall
    (None: as tall as its events make it): where they are too many, the latest stay, the earlier counted.
    """

    events: tuple[Event, ...]
    names: tuple[str, str]
    subtitle: str | None = None
    reason: str | None = None
    widest: int = 100
    rows: int | None = None

    def lines(self, width: int) -> Sequence[RenderableType]:
        events, names = self.events, self.names
        actors = [e.player for e in events if e.action is not None]
        width = min(width, self.widest)
        if not actors:
            first = Text(_("Nothing has been played yet: this is the first turn."), style="label")
            return [Panel(first, title=Text(_("The game begins")), title_align="left", subtitle=self.subtitle,
                          border_style="title", width=width)]
        title = Text(_("What {name} did").format(name=names[actors[0]]))  # a Text: a name is never read as markup
        for skipped in range(len(events)):
            shown = event_lines(events[skipped:], names, named=False, reason=self.reason)
            body: RenderableType = shown
            if skipped:
                earlier = Text(f"… {earlier_action_count(skipped)} · {_('g: game log')}", style="label")
                body = Group(earlier, shown)
            panel = Panel(body, title=title, title_align="left", subtitle=self.subtitle, border_style="title",
                          width=width)
            if self.rows is None or line_count(panel, width) <= self.rows:
                break
        return [panel]


def render_turn_summary(events: Sequence[Event], names: tuple[str, str], *, width: int = 100,
                        subtitle: str | None = None, reason: str | None = None) -> TurnSummary:
    """The box of the opponent's last turn (`TurnSummary`), at most `width` columns wide (and 100)."""
    return TurnSummary(tuple(events), names, subtitle, reason, min(width, 100))


@dataclass(frozen=True, slots=True)
class TurnLine(Part):
    """The opponent's last turn in one row: who, then each action, the latest kept (`turn_line`)."""

    events: tuple[Event, ...]
    names: tuple[str, str]
    more: str = ""
    reason: str | None = None

    def lines(self, width: int) -> Sequence[Text]:
        return [turn_line(self.events, self.names, width=width, more=self.more, reason=self.reason)]


def turn_line(events: Sequence[Event], names: tuple[str, str], *, width: int, more: str = "",
              reason: str | None = None) -> Text:
    """The opponent's last turn in one row of at most `width` cells: who, then each action, the latest kept.

    Where the row is too short for all of them the earliest give way to `…`; `more` (say, the key that
    shows them all) ends the row. `reason` (why the computer passed) follows its pass.
    """
    actors = [e.player for e in events if e.action is not None]
    who = short_name(names[actors[0]]) if actors else ""
    head = Text.assemble((_("{name} last turn: ").format(name=who) if who else _("Last turn: "), "heading"))
    tail = Text(f"  {more}", style="label") if more else Text()
    said = [cards_in(event_words.event(e, names, named=False, reason=_reason_of(e, reason))) for e in events]
    for start in range(len(said) + 1):
        body = Text(" · ").join(said[start:])
        line = Text.assemble(head, "… " if start else "", body, tail)
        if line.cell_len <= width or start >= len(said) - 1:  # the latest action stays, cut if it must be
            break
    if line.cell_len > width and said:  # the latest alone is too long: it is cut, and the key to see it all stays
        body = said[-1].copy()
        body.truncate(max(1, width - head.cell_len - (2 if start else 0) - tail.cell_len), overflow="ellipsis")
        line = Text.assemble(head, "… " if start else "", body, tail)
    line.truncate(width, overflow="ellipsis")
    line.no_wrap = True
    return line


def _reason_of(event: Event, reason: str | None) -> str | None:
    """The turn's pass reason, for the pass of that turn only."""
    return reason if type(event.action) is Pass else None


@dataclass(frozen=True, slots=True)
class TableRecord(Part):
    """The public record beside a wide table: the last turn and this one so far (R12.1), with `reason` for its pass.

    Within `rows` rows, if given: the oldest actions give way first, counted in a line of their own.
    """

    last_turn: tuple[Event, ...]
    this_turn: tuple[Event, ...]
    names: tuple[str, str]
    reason: str | None = None
    rows: int | None = None

    @classmethod
    def of(cls, view: SeatView, *, reason: str | None = None, rows: int | None = None) -> TableRecord:
        return cls(view.last_turn, view.this_turn, view.names, reason, rows)

    def lines(self, width: int) -> Sequence[RenderableType]:
        last, this = list(self.last_turn), list(self.this_turn)
        left_out = [0, 0]
        while True:
            panel = self._panel((last, this), left_out)
            if self.rows is None or line_count(panel, width) <= self.rows or not (last or this):
                return [panel]
            turn = 0 if last else 1
            (last, this)[turn].pop(0)
            left_out[turn] += 1

    def _panel(self, turns: tuple[list[Event], list[Event]], left_out: list[int]) -> RenderableType:
        lines: list[RenderableType] = []
        for title, events, skipped, why in zip((_("Last turn"), _("This turn")), turns, left_out, (self.reason, None),
                                               strict=True):
            if not events and not skipped:
                continue
            heading = Text(title, style="heading")
            actors = [e.player for e in events if e.action is not None]
            if actors:  # the player is named once, in the heading
                heading.append(f"  {short_name(self.names[actors[0]])}", style="name")
            lines.append(heading)
            if skipped:
                lines.append(Text(f"  … {earlier_action_count(skipped)}", style="label"))
            lines.append(event_lines(events, self.names, named=not actors, reason=why))
        if not lines:
            lines.append(Text(_("Nothing played yet."), style="label"))
        return Panel(Group(*lines), title=_("At the table"), title_align="left", border_style="card.frame")
