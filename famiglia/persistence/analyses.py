"""Saved analyses: a game's analyses kept beside its record, one per level, so a second look is instant.

The analyses of `game-3.json` live in `game-3.analysis.json` in the same folder (a record file from
elsewhere gets its analyses beside it too, where that folder can be written). The file is plain JSON
that this layer neither makes nor reads the meaning of (the computer players do; persistence never
imports them). Version 2 keeps one analysis per level, so that analysing at one level never throws
away the minutes another level took:

    {"format": FORMAT, "version": 2, "analyses": [{"level": "easy", "key": ..., "analysis": {...}}, ...]}

Version 1 (no "version": `{"format": FORMAT, "key": ..., "analysis": {...}}`) held one, and is read as
a file of that one; the next save writes version 2. A key says which game (its deal and every action,
as a digest), which level and which version of the analysis it was made for: an entry whose key is
not asked for is an analysis of something else, and is simply not used, so an old file never shows
numbers another version would not. A file that cannot be read is reported as an `AnalysisFileError`
and never changed, nor written over. A symbolic link at the analysis's name is never followed, as no
record is. Saving is a turn of the folder's writers (`writing.folder_lock`): it reads the file again,
keeps the other levels' entries the caller still has a use for, and writes it atomically (0600); and it
saves nothing once the game's record is gone (deleted meanwhile in another terminal).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from famiglia.phrasebook.catalogue import _

from .reading import Unreadable, read_text
from .record import Record, printable
from .writing import folder_lock, write_atomically

__all__ = ["FORMAT", "MAX_SIZE", "VERSION", "AnalysisFileError", "SavedAnalysis", "analysis_key", "analysis_path",
           "load_analysis", "save_analysis", "saved_analyses"]

FORMAT: Final = "famiglia-analysis"
VERSION: Final = 2
MAX_SIZE: Final = 32 * 1024 * 1024  # an analysis of a long game is some 100 kB; three levels of it, and room
TEMP_PREFIX: Final = ".analysing-"  # the store sweeps a killed save's `.analysing-HEX.tmp`


class AnalysisFileError(Exception):
    """A saved analysis that cannot be read (or written): the message says which file and why, in one line."""


@dataclass(frozen=True, slots=True)
class SavedAnalysis:
    """One analysis of the file: the level it was made at (None in a version-1 file), its key, its data."""

    level: str | None
    key: str
    analysis: dict[str, Any]


def analysis_path(record_path: Path) -> Path:
    """Where the analyses of the record at `record_path` are kept: `game-3.json` -> `game-3.analysis.json`."""
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


def saved_analyses(path: Path) -> list[SavedAnalysis]:
    """Every analysis the file at `path` holds ([] if there is no file); `AnalysisFileError` for one that is
    there but cannot be read as saved analyses of either version."""
    name = printable(path.name, 80)
    try:
        text = read_text(path, limit=MAX_SIZE, kind=_("a saved analysis"), follow=False)
    except FileNotFoundError:
        return []
    except Unreadable as why:
        raise AnalysisFileError(_("{name}: {reason}").format(name=name, reason=why)) from None
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        raise AnalysisFileError(_("{name}: is not a saved analysis (not JSON)").format(name=name)) from None
    if not isinstance(found, dict) or found.get("format") != FORMAT:
        raise AnalysisFileError(_("{name}: is not a saved analysis").format(name=name))
    version = found.get("version", 1)
    if version == 1:
        return [_entry(name, {"key": found.get("key"), "analysis": found.get("analysis")}, old=True)]
    if version != VERSION:
        raise AnalysisFileError(_("{name}: is a saved analysis of version {version}, which this famiglia does not read "
                                  "(it reads {supported})").format(
            name=name, version=printable(repr(version), 20), supported=VERSION))
    entries = found.get("analyses")
    if not isinstance(entries, list):
        raise AnalysisFileError(_("{name}: is not a saved analysis (it holds no list of analyses)").format(name=name))
    return [_entry(name, entry) for entry in entries]


def _entry(name: str, entry: object, *, old: bool = False) -> SavedAnalysis:
    if not isinstance(entry, dict):
        raise AnalysisFileError(_("{name}: is not a saved analysis (an entry is no object)").format(name=name))
    key, analysis, level = entry.get("key"), entry.get("analysis"), None if old else entry.get("level")
    if not isinstance(key, str) or not isinstance(analysis, dict) or not (old or isinstance(level, str)):
        raise AnalysisFileError(_("{name}: is not a saved analysis (an entry lacks its level, key or analysis)").format(
            name=name))
    return SavedAnalysis(level, key, analysis)


def load_analysis(path: Path, key: str) -> dict[str, Any] | None:
    """The saved analysis at `path` that is the one for `key`; None if there is none (or only others).

    Raises `AnalysisFileError` for a file that is there but cannot be read as saved analyses.
    """
    return next((saved.analysis for saved in saved_analyses(path) if saved.key == key), None)


def save_analysis(record_path: Path, key: str, analysis: Mapping[str, Any], *, level: str,
                  keep: Mapping[str, str] | None = None) -> None:
    """Keep `analysis` (of `level`, for `key`) beside the record at `record_path`, with the saved ones of the
    other levels whose keys `keep` names (each key of an analysis still of this game, with its level): see
    the module docstring.

    `AnalysisFileError` (one line) if it cannot be written, if the file there cannot be read (it is not
    written over), or if the record is gone.
    """
    path = analysis_path(record_path)
    name = printable(path.name, 80)
    try:
        with folder_lock(path.parent):
            if not os.path.isfile(record_path):
                raise AnalysisFileError(_("{name}: not saved, since its game {game} is no longer there").format(
                    name=name, game=printable(record_path.name, 80)))
            keep = {} if keep is None else keep
            entries = [{"level": keep[s.key], "key": s.key, "analysis": s.analysis} for s in saved_analyses(path)
                       if s.key in keep and keep[s.key] != level]
            entries.append({"level": level, "key": key, "analysis": dict(analysis)})
            text = json.dumps({"format": FORMAT, "version": VERSION, "analyses": entries}, indent=1,
                              ensure_ascii=False) + "\n"
            write_atomically(path, text.encode("utf-8", "surrogateescape"), prefix=TEMP_PREFIX)
    except OSError as error:
        raise AnalysisFileError(_("{name}: cannot be written ({reason})").format(
            name=name, reason=error.strerror or error)) from None
