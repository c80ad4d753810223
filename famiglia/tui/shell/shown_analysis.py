"""A saved game's analysis shown on the terminal, outside the game's screen: `famiglia analyse`, the end
screen's a and the home screen's.

The analysis is the one kept beside the game, or one made now with a progress bar on a terminal
(`famiglia.tui.model.kept_analysis`); its text is `famiglia.tui.view.analysis`'s, plain when piped and
in colour and paged on a terminal, so that the graph at its top is not scrolled away.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Final, TextIO

from famiglia.ai.analysis import Analysis
from famiglia.persistence import Record, printable
from famiglia.phrasebook.catalogue import _

from ..model.kept_analysis import load_or_analyse
from ..view.analysis import print_report, report_lines

__all__ = ["analysed", "show", "show_analysis"]

EXIT_OK: Final = 0


def show_analysis(path: Path, record: Record, *, level: str | None = None, out: TextIO | None = None,
                  colour: bool | None = None) -> int:
    """The end screen's a and the home screen's: the game's analysis shown, paged on a terminal: the one saved
    (of `level`; by default of any level, the game's own level's first), else one made now (at the game's own
    level unless told: the computer's in a game against it) and kept beside the game, so `famiglia analyse` and
    the replay have it at once. In colour unless `colour` is False, as the screen it is asked from (None: as the
    terminal's environment says)."""
    out = sys.stdout if out is None else out
    try:
        analysis = analysed(path, record, level=level, jobs=1)
    except KeyboardInterrupt:  # Ctrl-C while it runs: the game is saved, 'famiglia analyse' can go on later
        said = _("analysis stopped; 'famiglia analyse {game}' starts it again").format(game=record.id)
        print(f"famiglia: {said}", file=sys.stderr)
        return EXIT_OK
    return show(out, record, analysis, colour=colour)


def show(out: TextIO, record: Record, analysis: Analysis, *, colour: bool | None) -> int:
    """The analysis as text: plain when piped; on a terminal in colour and paged, so that the graph at its top
    is not scrolled away (`famiglia analyse` and the end screen's a show it the same way)."""
    if not out.isatty():
        out.write("\n".join(report_lines(record, analysis, width=100)) + "\n")
        return EXIT_OK
    from rich.console import Console

    from famiglia.paging import paged

    console = Console(file=out, no_color=None if colour is None else not colour)
    with paged(console):
        print_report(console, record, analysis)
    return EXIT_OK


def analysed(path: Path, record: Record, *, level: str | None, jobs: int) -> Analysis:
    """The game's analysis, saved or worked out now, with a progress bar on a terminal."""
    if sys.stderr.isatty():
        from rich.console import Console
        from rich.progress import Progress

        with Progress(console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(_("analysing game {game}").format(game=printable(record.id, 20)), total=None)
            return load_or_analyse(path, record, level=level, jobs=jobs,
                                   progress=lambda n: bar.advance(task, n),
                                   on_total=lambda n: bar.update(task, total=n))
    return load_or_analyse(path, record, level=level, jobs=jobs)
