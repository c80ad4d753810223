"""Players by name: `player("normal", seed=1)` builds the computer player a spec names.

A level's player is what a person plays against; the chances and hints told at that level are always
the turn search's (`estimate.estimator`), calibrated on games against that player.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Final

from famiglia.levels import PLAYERS
from famiglia.levels import REFERENCE_LEVELS as REFERENCE_NAMES

from .base import Player
from .beginner import BeginnerPlayer
from .ismcts import REFERENCE_LEVELS, ISMCTSPlayer
from .simple import GreedyPlayer, RandomPlayer
from .turnsearch import LEVELS, TurnSearch
from .turnsearch import REFERENCE_LEVELS as TURN_REFERENCES

__all__ = ["REFERENCE_SPECS", "SPECS", "player"]

_BUILDERS: Final[dict[str, Callable[[int | str | None], Player]]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "easy": BeginnerPlayer,
    "normal": partial(TurnSearch, settings=LEVELS["normal"], level="normal"),
    # The hard computer plays the tree search at its allowance, the strongest player measured: the turn
    # search at hard's budget lost to it (docs/ai.md, "Strength"), and the exact solver where it reaches.
    # Its chances and hints are still the turn search's at `hard` (`estimate.estimator`), calibrated on
    # games against this player.
    "hard": partial(ISMCTSPlayer, settings=replace(REFERENCE_LEVELS["hard-2"], endgame=True), level="hard"),
    **{level: partial(ISMCTSPlayer, settings=settings, level=level) for level, settings in REFERENCE_LEVELS.items()},
    **{level: partial(TurnSearch, settings=settings, level=level, calibration="normal")
       for level, settings in TURN_REFERENCES.items()},
}
SPECS: Final = PLAYERS  # the players a person chooses from, by the names of `famiglia.levels`
REFERENCE_SPECS: Final = REFERENCE_NAMES  # the levels as they were, fixed, to measure the levels against


def player(spec: str, seed: int | str | None = None) -> Player:
    """The player `spec` names (see `SPECS`, `REFERENCE_SPECS`), with its seed; a ValueError naming them otherwise."""
    build = _BUILDERS.get(spec.strip().lower()) if isinstance(spec, str) else None
    if build is None:
        raise ValueError(f"unknown player {spec!r}: choose one of {', '.join(SPECS)} "
                         f"(or a reference level: {', '.join(REFERENCE_SPECS)})")
    return build(seed)
