"""Where a saved game came from: the game it was played on from (the replay's `c`), the record's `origin`.

A key added to the record that an older famiglia leaves unread without misplaying the game, so the record stays
at version 1 (docs/records.md): `{"game": "4", "move": 12}`, that game's id and how many of its actions this one
begins with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from famiglia.phrasebook.catalogue import _

from .fields import MAX_ACTIONS, RecordError
from .fields import quote as _quote
from .fields import record_id as _id

__all__ = ["Origin", "origin_of"]


@dataclass(frozen=True, slots=True)
class Origin:
    """The game a game was played on from, and how many of its actions it begins with (the decision at action
    `move` is the one to play anew)."""

    game: str
    move: int

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "move": self.move}


def origin_of(value: Any) -> Origin:
    """The origin a record's JSON holds; `RecordError` (one line) for anything that is not one."""

    move = value.get("move") if isinstance(value, dict) else None
    if not isinstance(move, int) or isinstance(move, bool) or not 0 <= move <= MAX_ACTIONS:
        raise RecordError(_("origin must be the game played on from and a count of its actions, as "
                            "{example}, not {value}").format(example='{"game": "4", "move": 12}',
                                                             value=_quote(value)))
    assert isinstance(value, dict)
    return Origin(_id(value.get("game")), move)
