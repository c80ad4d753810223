"""`win_chance`: the computer's estimate of a position for the seat to move — the one number it tells people.

Hints, the analysis and its graph all show this estimate and no other: the search of the level asked
for (`turnsearch.TurnSearch`), run from the seat's view with the memory aid, and the chance of the
candidate it advises (`Advice.chance`). A pass that wins at once (R8.5) is certain: 1.0. Like a
decision, it is a pure function of the seed and the view; without a seed, of the view alone, which
is how the hints and the analysis ask for it, so that both tell one number for one position.

A level's chance is the chance against that level, for a player who plays on as the level's hints
say (as GNU Backgammon's chances assume its own play): the search assumes the opponent plays on as
its playouts do, and the calibration of each level (`evaluation.calibrated`) is fitted on games of
the hint-follower against that level's computer (`player(level)`, which at `hard` is the tree
search), so "about 60% to win" against `easy` is how often such positions were won there.
`famiglia.phrasebook.chances.against(level)` says so in words.
"""

from __future__ import annotations

from famiglia.engine import SeatView
from famiglia.levels import DEFAULT_LEVEL

from .ismcts import ISMCTSPlayer
from .levels import LEVELS
from .references import REFERENCES
from .registry import level_named
from .turnsearch import TurnSearch

__all__ = ["estimator", "win_chance"]


def estimator(level: str, seed: int | str | None = None) -> TurnSearch | ISMCTSPlayer:
    """The search that gives `level`'s estimates (any of `levels.LEVELS` or `references.REFERENCES`: its record's
    `estimator`), without a clock."""
    found = level_named(level)
    if found is None:
        raise ValueError(f"no win chance at level {level!r}: choose one of {', '.join([*LEVELS, *REFERENCES])}")
    return found.estimator(seed)


def win_chance(view: SeatView, *, level: str = DEFAULT_LEVEL, seed: int | str | None = None) -> float:
    """The seat to move's chance to win against `level`, 0.0–1.0, by that level's search (deterministic for a seed).

    `view` is as for `choose`: the seat to move's, with the memory aid (`game.view(seat, memory=True)`);
    anything else raises `ValueError`.
    """
    return estimator(level, seed).advise(view).chance
