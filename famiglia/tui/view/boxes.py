"""Where a box laid over the table stands: the guided game's lesson, a refused try explained, the opponent's
last turn opened with `l`.

The table's own parts (`TABLE_PARTS`: the lines at the top, both players' rows with their play areas and
scores, the Street, the hand) stay in sight whatever lies over them: a box goes into the rows they leave
free, under the table at a stacked size. There it also leaves in sight what it talks about (`about`), if it
can; where the rows left free are fewer than the box has, the box is given those rows (`Placed.rows`) and
says the rest a page at a time (a lesson) or its latest lines (the last turn). Only a screen too small for
even that lets a box cover part of the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

__all__ = ["LEAST_ROWS", "TABLE_PARTS", "Placed", "box_top", "place_box"]

TABLE_PARTS: Final = ("status", "opponent", "street", "hand")  # never under a box where the screen has room
LEAST_ROWS: Final = 4  # a box of fewer rows (two borders, two lines) reads as broken: it covers rather than shrinks


@dataclass(frozen=True, slots=True)
class Placed:
    """Where a box stands: its first row and the rows it may take (as many as it has, or fewer)."""

    top: int
    rows: int


def _shown(rows: Sequence[str], part: range) -> set[int]:
    return {r for r in part if r < len(rows) and rows[r].strip()}


def _tops(rows: Sequence[str], parts: Mapping[str, range], kept: set[int], height: int,
          candidates: Iterable[int]) -> int | None:
    """Of the `candidates`, the first row of a box `height` tall that cuts through as few other parts as it can,
    then covers as few rows with anything on them; of equal places, the one nearest the input line. `kept` rows
    only count first."""
    others = [_shown(rows, part) for part in parts.values()]
    best: tuple[tuple[int, int, int], int] | None = None
    for top in sorted(candidates, reverse=True):
        covered = set(range(top, min(len(rows), top + height)))
        cost = (len(covered & kept), sum(0 < len(part & covered) < len(part) for part in others),
                sum(bool(rows[r].strip()) for r in covered))
        if best is None or cost < best[0]:
            best = (cost, top)
    return None if best is None else best[1]


def box_top(rows: Sequence[str], parts: Mapping[str, range], about: Iterable[str], height: int) -> int:
    """The first row of a box `height` rows tall laid over the screen `rows` (`compose_parts`), covering as few
    rows of the parts `about` names as it can (then as `_tops` chooses): where nothing better is free."""
    kept = set().union(*(_shown(rows, parts.get(name, range(0))) for name in about))
    top = _tops(rows, parts, kept, height, range(max(0, len(rows) - height) + 1))
    return 0 if top is None else top


def _free(rows: Sequence[str], kept: set[int]) -> list[range]:
    """The runs of rows with no `kept` row in them, longest first (the lowest of equal ones first)."""
    runs: list[range] = []
    start = 0
    for r in range(len(rows) + 1):
        if r == len(rows) or r in kept:
            if r > start:
                runs.append(range(start, r))
            start = r + 1
    return sorted(runs, key=lambda run: (-len(run), -run.start))


def place_box(rows: Sequence[str], parts: Mapping[str, range], about: Iterable[str], height: int) -> Placed:
    """Where a box `height` rows tall stands over the screen `rows`, and how many rows it has (module docstring).

    First it keeps in sight the table's parts and those `about` names, then the table's parts alone; in the
    first way that leaves it all its rows, or else `LEAST_ROWS` or more, the longest free run of rows.
    """
    table = set().union(*(_shown(rows, parts.get(name, range(0))) for name in TABLE_PARTS))
    told = set().union(*(_shown(rows, parts.get(name, range(0))) for name in about))
    for kept in (table | told, table):
        runs = _free(rows, kept)
        fits = [top for run in runs for top in range(run.start, run.stop - height + 1)]
        if fits:
            top = _tops(rows, parts, told, height, fits)
            assert top is not None
            return Placed(top, height)
        if runs and len(runs[0]) >= LEAST_ROWS:
            return Placed(runs[0].start, len(runs[0]))
    return Placed(box_top(rows, parts, [*TABLE_PARTS, *about], height), height)
