"""The computer's levels, one record each: everything the program knows of `easy`, `normal` and `hard`.

A `Level` is the player a person plays against (`Level.player`, what `famiglia.ai.player(name)` builds),
the search that tells its chances and hints (`Level.estimator`: the turn search, always), the
calibration those chances are told with, its Elo rating and its time allowance. Play, the hints,
`famiglia analyse`, `simulate` and `replay`, the statistics and the server all read this one table.

Its names are `famiglia.levels.LEVELS`, kept apart with nothing to import so that `--help` shows them at
once; the table is built in their order and refuses to load if the two disagree. A search's budgets stay
with the search (`turnsearch.LEVELS`), which a record names. The levels as they were, kept fixed to
measure these against, are a table of their own (`famiglia.ai.references`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Final

from famiglia import levels as names

from .base import Player
from .beginner import BeginnerPlayer
from .ismcts import ISMCTSPlayer, SearchSettings
from .playout import PlayoutPolicy
from .turnsearch import LEVELS as TURN_SEARCH
from .turnsearch import TurnSearch, TurnSettings

__all__ = ["LEVELS", "Level"]


@dataclass(frozen=True, slots=True)
class Level:
    """A level of the computer, as a person meets it.

    `plays`: the settings of the search its computer plays, the turn search's (`TurnSettings`) or the
    tree search's (`SearchSettings`); None for the beginner, who does not search. `tells`: the turn
    search whose chances and hints are this level's (`win_chance`, the hints, the analysis).
    `calibration`: the key in famiglia/data/calibration.json of the calibration those chances are told
    with, fitted on games against this level's player (`evaluation.calibrated`). `rating`: its fixed Elo
    rating (docs/statistics.md). `time_limit`: the seconds a decision of its tree search may take at most,
    a safety net for a slow or busy machine and the only way the clock can change a decision (None: no
    clock; the turn search and the beginner count their work and have none).
    """

    name: str
    plays: TurnSettings | SearchSettings | None
    tells: TurnSettings
    calibration: str
    rating: int
    time_limit: float | None = None

    def __post_init__(self) -> None:
        if self.time_limit is not None and not isinstance(self.plays, SearchSettings):
            raise ValueError(f"level {self.name}: only the tree search has a time allowance")

    def player(self, seed: int | str | None = None) -> Player:
        """The computer a person plays against at this level, with its time allowance."""
        match self.plays:
            case None:
                return BeginnerPlayer(seed)
            case TurnSettings():
                return TurnSearch(seed, settings=self.plays, level=self.name, calibration=self.calibration)
            case SearchSettings():
                return ISMCTSPlayer(seed, settings=replace(self.plays, time_limit=self.time_limit), level=self.name)

    def estimator(self, seed: int | str | None = None) -> TurnSearch:
        """The search that tells this level's chances and hints (`estimate.estimator`); it has no clock."""
        return TurnSearch(seed, settings=self.tells, level=self.name, calibration=self.calibration)


def _table(*levels: Level) -> Mapping[str, Level]:
    table = {level.name: level for level in levels}
    if tuple(table) != names.LEVELS:
        raise ImportError(f"famiglia.ai.levels has {', '.join(table)}; famiglia.levels names {', '.join(names.LEVELS)}")
    return table


# The ratings' gaps come from seeded `famiglia simulate` matches, normal anchored at 1500 (docs/statistics.md):
# normal beat easy in 36 of 40 games (90.0%, +382), hard beat normal in 27 of 32 (84.4%, +293). The turn
# search's budgets are its own table, `turnsearch.LEVELS` (what 1 s a decision buys at normal, 3 s at hard).
LEVELS: Final = _table(
    # easy plays the beginner; its chances are the turn search's at a small budget, against the beginner.
    Level("easy", plays=None, tells=TURN_SEARCH["easy"], calibration="easy", rating=1118),
    Level("normal", plays=TURN_SEARCH["normal"], tells=TURN_SEARCH["normal"], calibration="normal", rating=1500),
    # The hard computer plays the tree search at its allowance, the strongest player measured: the turn search
    # at hard's budget lost to it (docs/ai.md, "Strength"). Decision for decision it is the reference level
    # hard-2 with the exact solver where it reaches. Its chances and hints are the turn search's at hard's
    # budget, calibrated on games against this player.
    Level("hard", plays=SearchSettings(iterations=6000, policy=PlayoutPolicy(turns=16, evaluation="fitted"),
                                       endgame=True),
          tells=TURN_SEARCH["hard"], calibration="hard", rating=1793, time_limit=15.0),
)
