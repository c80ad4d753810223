"""Saved analyses: a game's analysis kept beside its record, so a second `analyse` or `replay` is instant.

The analysis of `game-3.json` lives in `game-3.analysis.json` in the same folder (a record file from
elsewhere gets its analysis beside it too, where that folder can be written). The file is plain JSON
that this layer neither makes nor reads the meaning of (the computer players do; persistence never
imports them): `{"format": FORMAT, "key": ..., "analysis": {...}}`, where the key says which game
(its deal and every action, as a digest) and which level it was made for. A file with another key is
an analysis of something else, and is simply not used. A file that cannot be read is reported as an
`AnalysisFileError` and never changed; it is written like the records are: a temporary file beside it,
synced, then renamed over the old one, private to the user (0600).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from .reading import Unreadable, read_text
from .record import Record, printable

__all__ = ["FORMAT", "MAX_SIZE", "AnalysisFileError", "analysis_key", "analysis_path", "load_analysis",
           "save_analysis"]

FORMAT: Final = "famiglia-analysis"
MAX_SIZE: Final = 8 * 1024 * 1024  # an analysis of a long game is some 100 kB


class AnalysisFileError(Exception):
    """A saved analysis that cannot be read (or written): the message says which file and why, in one line."""


def analysis_path(record_path: Path) -> Path:
    """Where the analysis of the record at `record_path` is kept: `game-3.json` -> `game-3.analysis.json`."""
    name = record_path.name
    stem = name[:-5] if name.endswith(".json") else name
    return record_path.with_name(f"{stem}.analysis.json")


def analysis_key(record: Record, level: str, version: int, calibration: Sequence[float] = ()) -> str:
    """What an analysis is of: the game's deal and actions, the level, the analysis format's version.

    `calibration` is what turns the search's means into the chances told: an analysis saved before it
    was fitted again would tell other numbers than the hints do, so it is made anew.
    """
    text = json.dumps({"start": record.start, "seed": record.seed, "players": list(record.players),
                       "actions": [[m.player, str(m.action)] for m in record.moves], "level": level,
                       "version": version, **({"calibration": list(calibration)} if calibration else {})},
                      sort_keys=True, ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def load_analysis(path: Path, key: str) -> dict[str, Any] | None:
    """The saved analysis at `path` if it is the one for `key`; None if there is none or it is of another game.

    Raises `AnalysisFileError` for a file that is there but cannot be read as a saved analysis.
    """
    name = printable(path.name, 80)
    try:
        text = read_text(path, limit=MAX_SIZE, kind="a saved analysis")
    except FileNotFoundError:
        return None
    except Unreadable as why:
        raise AnalysisFileError(f"{name}: {why}") from None
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        raise AnalysisFileError(f"{name}: is not a saved analysis (not JSON)") from None
    if not isinstance(found, dict) or found.get("format") != FORMAT or not isinstance(found.get("analysis"), dict):
        raise AnalysisFileError(f"{name}: is not a saved analysis")
    if found.get("key") != key:
        return None
    analysis: dict[str, Any] = found["analysis"]
    return analysis


def save_analysis(path: Path, key: str, analysis: Mapping[str, Any]) -> None:
    """Write the analysis for `key` to `path` atomically (0600); `AnalysisFileError` if it cannot be written."""
    text = json.dumps({"format": FORMAT, "key": key, "analysis": analysis}, indent=1, ensure_ascii=False) + "\n"
    data = text.encode("utf-8", "surrogateescape")
    folder = path.parent
    temp = folder / f".analysing-{secrets.token_hex(6)}.tmp"
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(temp, flags, 0o600)
    except OSError as error:
        raise AnalysisFileError(f"{printable(path.name, 80)}: cannot be written ({error.strerror or error})") from None
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        if os.path.islink(path):
            raise AnalysisFileError(f"{printable(path.name, 80)}: is a symbolic link, which famiglia does not follow")
        os.replace(temp, path)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise AnalysisFileError(f"{printable(path.name, 80)}: cannot be written ({error.strerror or error})") from None
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
