"""The table's own words: the four steps of a turn and the four families, as a screen names them.

The engine names them in English (`Step.title`, `Family.title`) for its own messages; a player reads
them in their language, from here, so the step bar, the menus and the legend say the same word.
"""

from __future__ import annotations

from typing import Final

from famiglia.engine import Family, Step

from .catalogue import N_, _

__all__ = ["family_name", "step_name"]

_STEPS: Final = {Step.REFRESH: N_("Refresh"), Step.ACCOUNTANT: N_("Accountant"), Step.BRUTE: N_("Brute"),
                 Step.TAKE: N_("Take")}
_FAMILIES: Final = {Family.FAMIGLIA: N_("La Famiglia"), Family.ACCOUNTANTS: N_("Accountants"),
                    Family.BRUTES: N_("Brutes"), Family.MERCENARIES: N_("Mercenaries")}


def step_name(step: Step) -> str:
    """The step's name in the step bar and as a menu's heading (R4.1)."""
    return _(_STEPS[step])


def family_name(family: Family) -> str:
    """The family's name, as the legend and the rules in that language call it (R1)."""
    return _(_FAMILIES[family])
