"""What a saved analysis may hold, checked as it is read back: a file edited by hand or damaged must not reach
the text with a player 2, a mark the text has no symbol for, or a chance of 150%.

`famiglia.ai.analysis` reads a saved analysis through these checks (`Analysis.from_dict`); they raise
`ValueError` or `TypeError`, which the reader reports in one line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, Final

__all__ = ["MARKS", "as_lists", "chance", "fields", "seed", "strings", "text_list", "whole"]

# A decision's loss in points of win chance, as a player reads it; each mark is the largest threshold reached.
MARKS: Final = (("inaccurate", 0.05), ("mistake", 0.10), ("blunder", 0.20))

def as_lists(value: Any) -> Any:
    """`value` with every tuple made a list, as JSON has them."""
    if isinstance(value, dict):
        return {k: as_lists(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [as_lists(v) for v in value]
    return value


# What each field of a saved entry may hold beyond its type: a file edited by hand must not reach the text
# with a player 2 or a mark the text has no symbol for.
_ALLOWED: Final[Mapping[str, Callable[[Any], bool]]] = {
    "player": lambda v: v in (0, 1), "move": lambda v: v >= 0, "turn": lambda v: v >= 1,
    "mark": lambda v: v is None or v in dict(MARKS), "kind": lambda v: v in ("refresh", "deal", "reshuffle"),
    "swing": lambda v: -1.0 <= v <= 1.0,
    **{name: lambda v: v is None or 0.0 <= v <= 1.0
       for name in ("before", "best_chance", "played_chance", "alternative_chance", "loss", "expected", "after")},
}
_TYPES: Final[Mapping[str, tuple[type, ...]]] = {"int": (int,), "float": (int, float), "str": (str,),
                                                 "bool": (bool,), "str | None": (str, type(None)),
                                                 "float | None": (int, float, type(None))}


def fields(cls: type, data: object) -> dict[str, Any]:
    """The fields of `cls` from a saved entry, each of its type and within what `_ALLOWED` allows."""
    if not isinstance(data, Mapping):
        raise TypeError("an analysis entry must be an object")
    declared = cls.__dataclass_fields__  # type: ignore[attr-defined]
    missing = [n for n in declared if n not in data]
    if missing:
        raise ValueError(f"an analysis entry lacks {', '.join(missing)}")
    for name, field in declared.items():
        value = data[name]
        kinds = _TYPES.get(str(field.type))
        if kinds is None:
            continue  # drawn: a list of cards, checked by the caller
        wrong = (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds)
        if wrong or (isinstance(value, float) and not math.isfinite(value)):
            raise TypeError(f"{name} cannot be {str(value)[:40]!r}")
        if not _ALLOWED.get(name, lambda v: True)(value):
            raise ValueError(f"{name} cannot be {str(value)[:40]!r}")
    return {n: data[n] for n in declared}


def text_list(value: object) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError("an analysis holds lists")
    return value


def strings(value: object) -> list[str]:
    items = text_list(value)
    if not all(isinstance(s, str) for s in items):
        raise TypeError("names and cards are text")
    return items


def chance(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0.0 <= value <= 1.0:
        raise ValueError(f"a chance must be a number from 0 to 1, not {str(value)[:40]!r}")
    return float(value)


def whole(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("a whole number was expected")
    return value


def seed(value: object) -> int | str:
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise TypeError("a seed is a whole number or text")
    return value
