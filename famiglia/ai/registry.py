"""Players by name: `player("normal", seed=1)` builds the computer player a spec names."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Final

from .base import Player
from .ismcts import LEVELS, ISMCTSPlayer
from .simple import GreedyPlayer, RandomPlayer

__all__ = ["SPECS", "player"]

_BUILDERS: Final[dict[str, Callable[[int | str | None], Player]]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    **{level: partial(ISMCTSPlayer, settings=settings, level=level) for level, settings in LEVELS.items()},
}
SPECS: Final = tuple(_BUILDERS)


def player(spec: str, seed: int | str | None = None) -> Player:
    """The player `spec` names (see `SPECS`), with its seed; a ValueError naming the known specs otherwise."""
    build = _BUILDERS.get(spec.strip().lower()) if isinstance(spec, str) else None
    if build is None:
        raise ValueError(f"unknown player {spec!r}: choose one of {', '.join(SPECS)}")
    return build(seed)
