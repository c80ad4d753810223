"""The choices under the table, one part in three forms: the legal actions numbered, the line of the
computer's turn, or the question that ends a turn (a take or pass played, waiting for Enter).

The list of choices is drawn from the model's `Menu` only (R4): one row per step at the top, a list
further down; the pass is not numbered, it ends the take row as `p pass`, so it never moves around the
numbers (R8.5).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from rich.console import RenderableType
from rich.panel import Panel
from rich.text import Text

from famiglia.engine import SeatView, Step
from famiglia.phrasebook import actions
from famiglia.phrasebook.catalogue import _
from famiglia.phrasebook.notation import in_words
from famiglia.phrasebook.table import step_name

from ..model.builder import Choice, Menu
from .part import Part
from .pieces import flow
from .theme import cards_in

__all__ = ["PICKER_ROWS", "Choices", "ComputerTurn", "TurnEnd", "render_menu"]

PICKER_ROWS: Final = 5  # room kept for the choices, so the table keeps its shape while choosing
_GAP: Final = "   "
_MORE: Final = "\u203a"  # a right-pointing angle quote: more choices follow
_SHORTEST: Final = 12  # cells an entry keeps at least when a list is shortened: `12 B2♣ (val…`


def _short_label(choice: Choice) -> str:
    """A top-level entry without the verb its row already says: `refresh B4` is `B4` in the Refresh row; the
    notation's other words in the player's (`F2 pay F1 keep F1`, in Italian `F2 paga F1 tieni F1`)."""
    label = choice.label
    verb, _, rest = label.partition(" ")
    if verb in ("refresh", "accountant", "brute", "take") and rest:
        label = rest
    return in_words(label)


def _entry(choice: Choice, label: str, highlight: int | None) -> Text:
    text = Text()
    text.append(f"{choice.number}", style="key")
    text.append(" ")
    text.append_text(cards_in(label))
    if choice.action is None and choice.actions:  # more choices follow (not so `done swapping`)
        text.append(f" {_MORE}", style="label")
    if choice.number == highlight:
        text.stylize("reverse")
    return text


def _pass_entry(ends_game: bool) -> Text:
    """The pass, on its own key `p` at the end of the take row: it never moves around the numbers (R8.5)."""
    text = Text()
    text.append("p", style="key")
    text.append(" " + (_("pass (ends the game)") if ends_game else _("pass")))  # R8.5, R10.2
    return text


def _list_rows(entries: list[Text], *, width: int, rows: int | None) -> list[Text]:
    """Entries of a list of choices in columns; within `rows` rows, if given, in more and narrower columns."""
    widest = max(e.cell_len for e in entries)
    per_line = max(1, (width - 2) // (widest + len(_GAP)))
    if len(entries) <= 4 and widest > 16 and (rows is None or len(entries) <= rows):
        return [Text.assemble("  ", e) for e in entries]
    if rows is not None and rows > 0 and -(-len(entries) // per_line) > rows:
        per_line = -(-len(entries) // rows)
        widest = max(_SHORTEST, (width - 2) // per_line - len(_GAP))
        per_line = min(per_line, max(1, (width - 2) // (widest + len(_GAP))))
    lines = []
    for start in range(0, len(entries), per_line):
        row = Text("  ")
        for i, e in enumerate(entries[start:start + per_line]):
            if i:
                row.append(_GAP)
            e.truncate(widest, overflow="ellipsis")
            e.pad_right(widest - e.cell_len)
            row.append_text(e)
        row.no_wrap = True
        lines.append(row)
    return lines


@dataclass(frozen=True, slots=True)
class Choices(Part):
    """The legal actions of the moment, numbered (R4), the `highlight`ed one marked.

    Within `rows` rows, if given (what the table leaves), the line that explains the highlighted action
    goes first, and then a list takes more columns, each entry shortened (`…`) after its number and
    card, so every choice stays in sight. `pass_ends_game`: the other player passed (R8.5, R10.2).
    """

    menu: Menu
    highlight: int | None = None
    pass_ends_game: bool = False
    rows: int | None = None

    def lines(self, width: int) -> Sequence[Text]:
        menu, highlight, rows = self.menu, self.highlight, self.rows
        lines: list[Text] = []
        if menu.is_top:
            by_step: dict[Step, list[Choice]] = {}
            for choice in menu.choices:
                by_step.setdefault(choice.step, []).append(choice)
            if menu.pass_action is not None:
                by_step.setdefault(Step.TAKE, [])
            headers = {step: _("Take/pass") if step is Step.TAKE else step_name(step) for step in Step}
            indent = max(len(h) for h in headers.values()) + 2  # the entries of every row start in one column
            for step, choices in by_step.items():
                header = headers[step]
                entries = [_entry(c, _short_label(c), highlight) for c in choices]
                if step is Step.TAKE and menu.pass_action is not None:
                    entries.append(_pass_entry(self.pass_ends_game))
                head = Text.assemble((f"{header:<{indent}}", "title"))  # a span: the entries are not bold
                lines += flow(entries, width, first=head, indent=indent, gap=len(_GAP))
        else:
            lines.append(cards_in(menu.question or "", style="title"))
            entries = [_entry(c, c.label, highlight) for c in menu.choices]
            lines += _list_rows(entries, width=width, rows=None if rows is None else rows - 1)
        chosen = menu.numbered(highlight) if highlight is not None else None
        if chosen is not None and chosen.action is not None and (rows is None or len(lines) < rows):
            said = cards_in(actions.menu(chosen.action), style="notice")
            lines.append(Text.assemble(Text("→ ", style="label"), said))
        return lines


def render_menu(menu: Menu, view: SeatView, *, width: int = 80, highlight: int | None,
                rows: int | None = None) -> Choices:
    """The choices of `menu` for `view`'s table (`Choices`); the width is the one rich draws it at."""
    return Choices(menu, highlight, view.pass_ends_game, rows)


@dataclass(frozen=True, slots=True)
class ComputerTurn(Part):
    """Where the choices stand during the other seat's turn: whose turn it is, and the keys that work meanwhile.

    The other seat is the computer, or with `person` a person at their own terminal (famiglia serve)."""

    name: str
    keys: str
    person: bool = False

    def lines(self, width: int) -> Sequence[Text]:
        said = (_("{name} is playing their turn") if self.person else _("{name} is playing its turn")).format(
            name=self.name)
        return [Text(said, style="title"), Text(self.keys, style="label")]


@dataclass(frozen=True, slots=True)
class TurnEnd(Part):
    """The question after a take or pass: what it did, and Enter to end the turn or u to take it back."""

    question: str

    def lines(self, width: int) -> Sequence[RenderableType]:
        return [Panel(cards_in(self.question, style="notice"), border_style="warning", title=_("End of your turn?"),
                      title_align="left")]
