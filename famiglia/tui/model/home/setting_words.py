"""The Settings page's words: each setting by its name in the reader's language, and its value as the page shows it.

The settings file and `famiglia settings set` name a setting by its key (`memory_aid`, `memory-aid`),
which stays as it is in every language; the page a player reads names it in their words.
"""

from __future__ import annotations

from typing import Any, Final

from famiglia.levels import LEVELS
from famiglia.phrasebook.catalogue import N_, _
from famiglia.phrasebook.table import level_name

__all__ = ["setting_name", "setting_text"]

_NAMES: Final = {"names": N_("Names"), "level": N_("Computer's level"), "memory_aid": N_("Memory aid"),
                 "confirm": N_("Confirm a turn's end"), "colour": N_("Colours"), "language": N_("Language"),
                 "plain": N_("Plain mode")}  # every key of famiglia.profile.settings.KEYS


def setting_name(key: str) -> str:
    """The setting `key` of the settings file as the page names it ("Memory aid", "Promemoria", "Gedächtnisstütze")."""
    return _(_NAMES[key]) if key in _NAMES else key


def setting_text(value: Any) -> str:
    """A setting's value as the Settings page shows it: the names and the language as they are written."""
    if isinstance(value, bool):
        return _("on") if value else _("off")
    if isinstance(value, tuple):
        return ", ".join(value) if value else _("asked at the start of each game")
    if value in LEVELS:
        return level_name(value)
    return str(value)
