"""Shipped catalogues missing or damaged, for the tests of the fallback to English.

`broken_locale(folder, language, damage)` copies famiglia's locale folder into `folder` and spoils the
`.mo` of `language` as `damage` says (missing, empty, a line of garbage, seeded random bytes, cut after its
header or in its middle, its magic number spoiled, its entries' offsets past its end, a folder in its place); a
test points the catalogue lookup at it (`famiglia.phrasebook.catalogue._LOCALE`) or copies the package around it.
"""

from __future__ import annotations

import random
import shutil
import struct
from pathlib import Path

import famiglia.phrasebook.catalogue as catalogue

__all__ = ["DAMAGES", "broken_locale"]

DAMAGES = ("missing", "empty", "garbage", "random bytes", "truncated", "cut in half", "bad magic", "bad offsets",
           "a folder")


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
    elif damage == "random bytes":
        mo.write_bytes(random.Random(43).randbytes(4096))
    elif damage == "truncated":
        mo.write_bytes(mo.read_bytes()[:100])
    elif damage == "cut in half":
        mo.write_bytes(mo.read_bytes()[: mo.stat().st_size // 2])
    elif damage == "bad magic":
        mo.write_bytes(b"\x00\x00\x00\x00" + mo.read_bytes()[4:])
    elif damage == "bad offsets":  # the table of the originals points far past the end of the file
        data = bytearray(mo.read_bytes())
        data[12:16] = struct.pack("<I", len(data) * 7)
        mo.write_bytes(bytes(data))
    elif damage == "a folder":
        mo.unlink()
        mo.mkdir()
    else:
        raise ValueError(damage)
    return locale
