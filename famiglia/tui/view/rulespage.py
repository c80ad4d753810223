"""The rules as the screens show them: laid out as Markdown at a width, and where one rule stands in them.

The home screen's Rules page shows them whole (`rules_rows`); during a game, Ctrl-R opens them at the rule a
refusal quoted (`RulesPage`, `rule_row`), that rule marked, in the player's language: every language's text
has the same rule ids, which the refusals quote.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from rich.console import RenderableType
from rich.markdown import Markdown
from rich.text import Text

from .bridge import Painter
from .part import Part

__all__ = ["RulesPage", "rule_row", "rules_rows"]

_BULLETS = " •-*"


@lru_cache(maxsize=8)
def _markdown_rows(text: str, width: int) -> tuple[Text, ...]:
    drawn = Painter().rows(Markdown(text), width)
    rows = tuple(Text.assemble(*((segment.text, segment.style or "") for segment in row)) for row in drawn.segments)
    return (*rows, Text())  # a blank row under the last paragraph, as between two


def rules_rows(text: str, width: int) -> list[Text]:
    """The rules as lines at `width`, laid out as Markdown once per width, in the theme's look (the colours
    are the screen's to keep or drop, as every row's)."""
    return [row.copy() for row in _markdown_rows(text, max(20, width))]


def rule_row(rows: Sequence[Text], rule: str | None) -> int:
    """The row where `rule` ("R8.2", or a section's "R8") begins: its numbered paragraph or its section's heading;
    0 (the top) where the rules have no such id."""
    if rule is None:
        return 0
    wanted = rule + " "
    return next((i for i, row in enumerate(rows) if row.plain.lstrip(_BULLETS).startswith(wanted)), 0)


def _rule_rows(rows: Sequence[Text], start: int) -> range:
    """The rows of the paragraph that begins at `start`: it goes on while its rows are indented, not a new bullet."""
    end = start + 1
    while end < len(rows) and rows[end].plain.strip() and rows[end].plain.startswith("   ") \
            and not rows[end].plain.lstrip(" ").startswith(("•", "-", "*")):
        end += 1
    return range(start, end)


@dataclass(frozen=True, slots=True)
class RulesPage(Part):
    """The whole rules (`text`, Markdown), with the rows of `rule` marked where it has one."""

    text: str
    rule: str | None = None

    def lines(self, width: int) -> Sequence[RenderableType]:
        rows = rules_rows(self.text, width)
        found = rule_row(rows, self.rule)
        if self.rule is not None and (found or rows[0].plain.lstrip(_BULLETS).startswith(self.rule + " ")):
            for i in _rule_rows(rows, found):
                rows[i].stylize("rule", 0, len(rows[i]))
        return rows
