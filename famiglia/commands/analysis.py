"""A saved game's analysis for the screens that show one: the replay's `a`, and the home screen's.

The analysis itself, and the `analyse` command, are `famiglia.analysis_cli`'s; these find the game as
every command does (`Store.locate`) and hand it over.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from famiglia.persistence import Record, Store, StoreError, printable

from .errors import fail

if TYPE_CHECKING:
    from famiglia.ai.analysis import Analysis

__all__ = ["analysis", "saved_analysis"]


def analysis(target: str | None, *, level: str | None = None, colour: bool | None = None) -> int:
    """The home screen's a on a game: the analysis saved (of any level, the default level's first), else one
    made now at `level` (the default level unless told), paged as the end screen's is; in colour or not
    (`colour`; None: as the terminal's environment says)."""
    try:
        path, record, _ = Store().locate(target)
    except StoreError as error:
        return fail(str(error))
    from famiglia.tui.view.analysis import show_analysis

    return show_analysis(path, record, level=level, colour=colour)


def saved_analysis(path: Path, record: Record) -> tuple[Analysis | None, str | None]:
    """The analysis saved beside the game at `path` (of any level, the default level's first), and why a saved
    one cannot be used, in one line (`famiglia.analysis_cli.find_saved`).

    A file that cannot be read as an analysis is left as it is; the replay says so in one line and goes on.
    """
    from famiglia.persistence.analyses import AnalysisFileError
    from famiglia.tui.view.analysis import find_saved

    try:
        return find_saved(path, record), None
    except AnalysisFileError as error:
        return None, f"{printable(str(error), 160)}; the replay goes on without it"
