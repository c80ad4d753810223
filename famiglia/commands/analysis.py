"""`famiglia analyse [ID|FILE]`, and a saved game's analysis for the screens that show one (the replay's `a`,
the home screen's).

Each finds the game as every command taking ID|FILE does (`Store.locate`) and hands it to the screen's
pieces: the analysis kept beside the game or made now (`famiglia.tui.model.kept_analysis`), shown as text
(`famiglia.tui.shell.shown_analysis`). Whatever is wrong with the game, its id or its saved analysis is one
line on stderr, with exit status 2 for what cannot be analysed.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from famiglia.persistence import Record, Store, StoreError, printable
from famiglia.phrasebook.catalogue import _
from famiglia.profile.seats import game_level

from .errors import EXIT_OK, fail

if TYPE_CHECKING:
    from famiglia.ai.analysis import Analysis

__all__ = ["analyse", "analysis", "saved_analysis"]



def analyse(target: str | None, *, level: str | None = None, jobs: int = 1, as_json: bool = False,
            out: TextIO | None = None) -> int:
    """`famiglia analyse [ID|FILE] [--level L] [--jobs N] [--json]`: the game rated decision by decision, at
    `level`; by default at the game's own, the computer's in a game against it (`profile.seats.game_level`).

    The JSON holds the game's seed only once the game is over: before, `Game.new(seed)` would deal its
    draw stack to anyone who reads it (R12).
    """
    out = sys.stdout if out is None else out
    try:
        path, record, _ = Store().locate(target)
    except StoreError as error:
        return fail(str(error))
    from famiglia.tui.shell.shown_analysis import analysed, show

    analysis = analysed(path, record, level=level or game_level(record.seats), jobs=jobs)
    if as_json:
        data = {"game": record.id, **analysis.to_dict()}
        if not record.game().is_over:
            del data["seed"]  # R12.2
        out.write(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        return EXIT_OK
    return show(out, record, analysis, colour=None)


def analysis(target: str | None, *, level: str | None = None, colour: bool | None = None) -> int:
    """The home screen's a on a game: the analysis saved (of any level, the game's own level's first), else one
    made now at `level` (the game's own unless told), paged as the end screen's is; in colour or not
    (`colour`; None: as the terminal's environment says)."""
    try:
        path, record, _ = Store().locate(target)
    except StoreError as error:
        return fail(str(error))
    from famiglia.tui.shell.shown_analysis import show_analysis

    return show_analysis(path, record, level=level, colour=colour)


def saved_analysis(path: Path, record: Record) -> tuple[Analysis | None, str | None]:
    """The analysis saved beside the game at `path` (of any level, the game's own level's first), and why a saved
    one cannot be used, in one line (`famiglia.tui.model.kept_analysis.find_saved`).

    A file that cannot be read as an analysis is left as it is; the replay says so in one line and goes on.
    """
    from famiglia.persistence.analyses import AnalysisFileError
    from famiglia.tui.model.kept_analysis import find_saved

    try:
        return find_saved(path, record), None
    except AnalysisFileError as error:
        return None, _("{error}; the replay goes on without it").format(error=printable(str(error), 160))
