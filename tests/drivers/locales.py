"""Shipped catalogues missing or damaged, for the tests of the fallback to English.

`broken_locale(folder, language, damage)` copies famiglia's locale folder into `folder` and spoils the
`.mo` of `language` as `damage` says ("missing", "empty", "garbage", "truncated"); a test points the
catalogue lookup at it (`famiglia.phrasebook.catalogue._LOCALE`) or copies the package around it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import famiglia.phrasebook.catalogue as catalogue

__all__ = ["DAMAGES", "broken_locale"]

DAMAGES = ("missing", "empty", "garbage", "truncated")


def broken_locale(folder: Path, language: str, damage: str) -> Path:
    """A copy of the shipped locale folder in `folder` whose `language` catalogue is spoiled by `damage`."""
    locale = folder / "locale"
    shutil.copytree(catalogue._LOCALE, locale)
    mo = locale / language / "LC_MESSAGES" / "famiglia.mo"
    if damage == "missing":
        mo.unlink()
    elif damage == "empty":
        mo.write_bytes(b"")
    elif damage == "garbage":
        mo.write_bytes(b"\x00not a catalogue at all\xff" * 40)
    elif damage == "truncated":
        mo.write_bytes(mo.read_bytes()[:100])
    else:
        raise ValueError(damage)
    return locale
