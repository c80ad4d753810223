"""A small chart of the rating over time, as lines of text: one column per game, the newest on the right.

Plain text built of block characters (eighths of a cell), so it reads the same with or without colour
and in a test; the screen colours it. The scale runs from the lowest to the highest rating shown,
padded so that a flat line sits in the middle, and its ends are written at the left.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

__all__ = ["rating_chart"]

_EIGHTHS: Final = " ▁▂▃▄▅▆▇█"


def rating_chart(ratings: Sequence[float], *, width: int = 40, height: int = 5) -> list[str]:
    """The last `width` ratings as `height` lines of columns, each line led by its scale (empty: no games).

    The top line is led by the highest rating of the scale and the bottom one by the lowest, as whole
    numbers; the others by spaces. `width` counts the columns of the chart alone.
    """
    shown = list(ratings)[-max(1, width):]
    if not shown or height < 1:
        return []
    low, high = min(shown), max(shown)
    if high - low < 10:  # a flat or nearly flat line: a scale of 10 points around it
        middle = (high + low) / 2
        low, high = middle - 5, middle + 5
    cells = height * 8
    levels = [max(1, round((r - low) / (high - low) * cells)) for r in shown]  # at least a sliver per game
    labels = [f"{high:.0f}", *([""] * (height - 2)), f"{low:.0f}"] if height > 1 else [f"{high:.0f}"]
    pad = max(len(label) for label in labels)
    lines = []
    for row in range(height):
        floor = (height - 1 - row) * 8  # eighths below this line
        line = "".join(_EIGHTHS[min(8, max(0, level - floor))] for level in levels)
        lines.append(f"{labels[row]:>{pad}} │{line}")
    return lines
