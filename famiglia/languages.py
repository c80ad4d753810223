"""The languages the program speaks, by the code a player types (`--lang it`).

It imports nothing, so that the command line can offer them without loading the phrasebook (and the
engine it names cards with): `famiglia --help` stays quick.
"""

from __future__ import annotations

from typing import Final

__all__ = ["LANGUAGES"]

LANGUAGES: Final = ("en", "it", "de")  # English is the templates themselves; the others are shipped catalogues
