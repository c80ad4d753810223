"""The turns taken back against the computer (Ctrl-T), the record's `takebacks`: at each, the actions kept.

A key an older famiglia leaves unread without misplaying the game (the actions taken back are not in the
record's actions), so the record stays at version 1 (docs/records.md).
"""

from __future__ import annotations

from typing import Any

from famiglia.phrasebook.catalogue import _

from .fields import MAX_ACTIONS, RecordError
from .fields import quote as _quote

__all__ = ["takebacks_of"]


def takebacks_of(value: Any) -> tuple[int, ...]:
    """The takebacks a record's JSON holds; `RecordError` (one line) for anything but a list of counts."""
    if (not isinstance(value, list) or len(value) > MAX_ACTIONS
            or not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_ACTIONS for n in value)):
        raise RecordError(_("takebacks must be a list of numbers of actions, not {value}").format(value=_quote(value)))
    return tuple(value)
