"""Players by name: `player("normal", seed=1)` builds the computer player a spec names.

`random` and `greedy` are players and no more; a level's player is its record's (`levels.LEVELS`, the
levels a person plays against), a reference level's its own (`references.REFERENCES`, the levels as they
were, to measure against). `level_named` finds either record, for the chances told at a level too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Final

from famiglia.levels import PLAYERS
from famiglia.levels import REFERENCE_LEVELS as REFERENCE_NAMES

from .base import Player
from .levels import LEVELS, Level
from .references import REFERENCES, Reference
from .simple import GreedyPlayer, RandomPlayer

__all__ = ["REFERENCE_SPECS", "SPECS", "level_named", "player"]

_PLAYERS: Final[Mapping[str, Callable[[int | str | None], Player]]] = {"random": RandomPlayer, "greedy": GreedyPlayer}
SPECS: Final = PLAYERS  # the players a person chooses from, by the names of `famiglia.levels`
REFERENCE_SPECS: Final = REFERENCE_NAMES  # the levels as they were, fixed, to measure the levels against


def level_named(name: object) -> Level | Reference | None:
    """The record of the level or the reference level `name`, or None for anything else (a player that is no level)."""
    if not isinstance(name, str):
        return None
    return LEVELS.get(name) or REFERENCES.get(name)


def player(spec: str, seed: int | str | None = None) -> Player:
    """The player `spec` names (see `SPECS`, `REFERENCE_SPECS`), with its seed; a ValueError naming them otherwise."""
    name = spec.strip().lower() if isinstance(spec, str) else ""
    if name in _PLAYERS:
        return _PLAYERS[name](seed)
    level = level_named(name)
    if level is None:
        raise ValueError(f"unknown player {spec!r}: choose one of {', '.join(SPECS)} "
                         f"(or a reference level: {', '.join(REFERENCE_SPECS)})")
    return level.player(seed)
