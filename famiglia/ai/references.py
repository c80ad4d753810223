"""The reference levels: the computer's levels as they were, kept fixed to measure today's against (docs/ai.md).

No person plays against them (the levels a person meets are `famiglia.ai.levels`); `famiglia simulate
--players` and `famiglia.ai.player(spec)` take them by name, and their decisions do not change from one
version to the next (`tests/ai/test_reference_levels.py`), so that a match against one means the same
tomorrow. The "-1" levels are the tree search from before the fitted evaluation and the teacher's rules,
the "-2" levels the tree search that played `normal` and `hard` before the turn search, and `normal-3`
the turn search at `normal` before it knew the endgame. Their settings stay with their search, fixed
(`ismcts.REFERENCE_LEVELS`, `turnsearch.REFERENCE_LEVELS`); their names are `famiglia.levels.REFERENCE_LEVELS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Final

from famiglia import levels as names

from .base import Player
from .ismcts import REFERENCE_LEVELS as TREE_SEARCH
from .ismcts import ISMCTSPlayer, SearchSettings
from .turnsearch import REFERENCE_LEVELS as TURN_SEARCH
from .turnsearch import TurnSearch, TurnSettings

__all__ = ["REFERENCES", "Reference"]


@dataclass(frozen=True, slots=True)
class Reference:
    """A reference level: the settings of the search it plays, which also tells its chances and hints.

    `plays`: the turn search's settings or the tree search's, with its time allowance (`time_limit`, the
    safety net of `levels.Level`), which is off when it tells a chance. `calibration`: a turn search's, the
    level whose calibration its chances are told with; the tree search calibrates its own
    (`ismcts.CALIBRATION` where its evaluation is the fitted one, none before).
    """

    name: str
    plays: TurnSettings | SearchSettings
    calibration: str | None = None

    def __post_init__(self) -> None:
        if self.calibration is not None and not isinstance(self.plays, TurnSettings):
            raise ValueError(f"reference level {self.name}: the tree search calibrates its own chances")

    @property
    def time_limit(self) -> float | None:
        """Its time allowance, in seconds (None: no clock)."""
        return self.plays.time_limit if isinstance(self.plays, SearchSettings) else None

    def player(self, seed: int | str | None = None) -> Player:
        """The player of this reference level, with its time allowance."""
        return self._search(seed, self.plays)

    def estimator(self, seed: int | str | None = None) -> TurnSearch | ISMCTSPlayer:
        """The same search without a clock, which tells this level's chances (`estimate.estimator`)."""
        untimed = replace(self.plays, time_limit=None) if isinstance(self.plays, SearchSettings) else self.plays
        return self._search(seed, untimed)

    def _search(self, seed: int | str | None, settings: TurnSettings | SearchSettings) -> TurnSearch | ISMCTSPlayer:
        if isinstance(settings, TurnSettings):
            return TurnSearch(seed, settings=settings, level=self.name, calibration=self.calibration)
        return ISMCTSPlayer(seed, settings=settings, level=self.name)


def _table(*references: Reference) -> Mapping[str, Reference]:
    table = {reference.name: reference for reference in references}
    if tuple(table) != names.REFERENCE_LEVELS:
        raise ImportError(f"famiglia.ai.references has {', '.join(table)}; "
                          f"famiglia.levels names {', '.join(names.REFERENCE_LEVELS)}")
    return table


REFERENCES: Final = _table(
    Reference("easy-1", TREE_SEARCH["easy-1"]),
    Reference("normal-1", TREE_SEARCH["normal-1"]),
    Reference("hard-1", TREE_SEARCH["hard-1"]),
    Reference("normal-2", TREE_SEARCH["normal-2"]),
    Reference("hard-2", TREE_SEARCH["hard-2"]),
    Reference("normal-3", TURN_SEARCH["normal-3"], calibration="normal"),  # told as normal's chances were
)
