"""A line of a page that Enter can choose, as the home screen's pages and the server's lobby list them.

A page is a list of `Item`s: a label, a few words beside it, and what choosing it does to the
screen's model, so that Enter (or the line's number) chooses the line under the cursor the same way
on every such page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["Item"]

M = TypeVar("M")


@dataclass(frozen=True, slots=True)
class Item(Generic[M]):
    """One line of a page that Enter can choose: its label, a few words beside it, and what choosing does."""

    label: str
    detail: str
    choose: Callable[[M], None]
