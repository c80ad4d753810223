"""A line of a page that Enter can choose, as the home screen's pages and the server's lobby list them.

A page is a list of `Item`s: a label, a few words beside it, and what choosing it does to the
screen's model, so that Enter (or the line's number) chooses the line under the cursor the same way
on every such page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

from famiglia.phrasebook.catalogue import N_, _

__all__ = ["NOTHING_TO_CHOOSE", "Item", "choose"]

NOTHING_TO_CHOOSE: Final = N_("Nothing to choose here: Esc goes back.")  # said through `_`

M = TypeVar("M")


@dataclass(frozen=True, slots=True)
class Item(Generic[M]):
    """One line of a page that Enter can choose: its label, a few words beside it, and what choosing does."""

    label: str
    detail: str
    choose: Callable[[M], None]


def choose(items: Sequence[Item[M]], selected: int, model: M) -> str | None:
    """Enter on a page: the line under the cursor chosen for `model`; on a page with no line, the words that say so."""
    if not items:
        return _(NOTHING_TO_CHOOSE)
    if selected < len(items):
        items[selected].choose(model)
    return None
