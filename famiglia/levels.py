"""The computer's players and levels by name: the one list every command, the settings and the screen offer.

The names only, with nothing to import, so that the command line's `--help` can show them at once. What
a level is — the player it makes, the search that tells its chances and hints, its calibration, its
rating and its time allowance — is its record in `famiglia.ai.levels.LEVELS`; a reference level's is in
`famiglia.ai.references.REFERENCES`. Both tables are built in the order of these names and refuse to
load where they differ.
"""

from __future__ import annotations

from typing import Final

__all__ = ["DEFAULT_LEVEL", "LEVELS", "PLAYERS", "REFERENCE_LEVELS"]

LEVELS: Final = ("easy", "normal", "hard")  # the computer a person plays against, and the depths of an analysis
DEFAULT_LEVEL: Final = "normal"  # `--vs cpu`, the settings' default, and the chances of a game of two people
PLAYERS: Final = ("random", "greedy", *LEVELS)  # the players a person chooses from (`famiglia simulate`)
# The levels as they were, fixed, to measure the levels against (`famiglia simulate --players`, `famiglia.ai.player`).
REFERENCE_LEVELS: Final = ("easy-1", "normal-1", "hard-1", "normal-2", "hard-2", "normal-3")
