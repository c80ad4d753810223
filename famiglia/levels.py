"""The computer's players and levels by name: the one list every command, the settings and the screen offer.

The names only, with nothing to import, so that the command line's ``--help`` can show them at once;
the players they name are built by `famiglia.ai.player`, and each level's search settings are
`famiglia.ai.turnsearch.LEVELS` and `famiglia.ai.ismcts.REFERENCE_LEVELS`, keyed by these names.
"""

from __future__ import annotations

from typing import Final

__all__ = ["DEFAULT_LEVEL", "LEVELS", "PLAYERS", "REFERENCE_LEVELS"]

LEVELS: Final = ("easy", "normal", "hard")  # the computer a person plays against, and the depths of an analysis
DEFAULT_LEVEL: Final = "normal"  # `--vs cpu`, the settings' default, and the analysis made where none is asked for
PLAYERS: Final = ("random", "greedy", *LEVELS)  # the players a person chooses from (`famiglia simulate`)
REFERENCE_LEVELS: Final = ("easy-1", "normal-1", "hard-1", "normal-2", "hard-2", "normal-3")  # the levels as they were, fixed
