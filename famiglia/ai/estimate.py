"""`win_chance`: the computer's estimate of a position for the seat to move — the one number it tells people.

Hints, the analysis and its graph all show this estimate and no other: the search of the level asked
for, run from the seat's view with the memory aid, and the chance to win of the action it would
choose (`Advice.chance`). A pass that wins at once (R8.5) is certain: 1.0. Like a decision, it is a
pure function of the seed and the view; the level's wall-clock safety net is off, so the clock never
changes it.
"""

from __future__ import annotations

from dataclasses import replace

from famiglia.engine import SeatView

from .ismcts import LEVELS, REFERENCE_LEVELS, ISMCTSPlayer, SearchSettings

__all__ = ["estimator", "win_chance"]


def estimator(level: str, seed: int | str | None = None) -> ISMCTSPlayer:
    """The search that gives `level`'s estimates (any of `LEVELS` or `REFERENCE_LEVELS`), without its clock."""
    settings: SearchSettings | None = None
    if isinstance(level, str):
        settings = LEVELS.get(level) or REFERENCE_LEVELS.get(level)
    if settings is None:
        known = ", ".join([*LEVELS, *REFERENCE_LEVELS])
        raise ValueError(f"no win chance at level {level!r}: choose one of {known}")
    return ISMCTSPlayer(seed, settings=replace(settings, time_limit=None), level=level)


def win_chance(view: SeatView, *, level: str = "normal", seed: int | str | None = None) -> float:
    """The seat to move's chance to win, 0.0–1.0, by the search of `level` (deterministic for a seed).

    `view` is as for `choose`: the seat to move's, with the memory aid (`game.view(seat, memory=True)`);
    anything else raises `ValueError`.
    """
    return estimator(level, seed).advise(view).chance
