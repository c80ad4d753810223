"""The analysis of a saved game, kept beside it: the one saved, or one made now and saved for the next reader.

The analysis itself is data (`famiglia.ai.analysis.Analysis`), computed once and filed beside the game
(`famiglia.persistence.analyses`) under a key of the game as it is now, its level and this version's
chances, so a second `famiglia analyse`, the replay and the end screen's a all read back the same one
at once. A saved analysis that does not fit its game is refused in one line rather than shown.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from famiglia.ai.analysis import VERSION, Analysis, analyse, mark
from famiglia.ai.evaluation import calibration_numbers
from famiglia.ai.levels import LEVELS
from famiglia.engine import Step
from famiglia.persistence import Record, printable
from famiglia.persistence.analyses import AnalysisFileError, analysis_key, analysis_path, save_analysis, saved_analyses
from famiglia.phrasebook.catalogue import _
from famiglia.profile.seats import game_level, level_of

__all__ = ["analyse_record", "decisions_to_rate", "find_saved", "keep_analysis", "load_or_analyse", "saved_key"]


def _notice(message: str) -> None:
    print(f"famiglia: {printable(message, 400)}", file=sys.stderr)


def load_or_analyse(path: Path, record: Record, *, level: str | None = None, jobs: int = 1,
                    progress: Callable[[int], None] | None = None,
                    on_total: Callable[[int], None] | None = None) -> Analysis:
    """The analysis of `record` (kept at `path`): the saved one of `level` (for None, the one `find_saved` finds
    of any level), else one made now at `level` (for None, at the game's own level: `profile.seats.game_level`).

    A new analysis is saved beside the game, with the other levels' analyses kept. A saved analysis that
    cannot be read is reported on stderr and left as it is (the new one is not saved over it); so is a
    folder that cannot be written. `on_total(n)` says how many decisions a new analysis will rate,
    before `progress` counts them.
    """
    keep = True
    try:
        saved = find_saved(path, record, level)
    except AnalysisFileError as error:
        _notice(_("{error}; analysing the game again (the file is left as it is)").format(error=error))
        saved, keep = None, False
    if saved is not None:
        return saved
    if on_total is not None:
        on_total(decisions_to_rate(record))
    analysis = analyse_record(record, level=level or game_level(record.seats), jobs=jobs, progress=progress)
    if keep:
        try:
            keep_analysis(path, record, analysis)
        except AnalysisFileError as error:
            _notice(_("the analysis is not saved: {error}").format(error=error))
    return analysis


def find_saved(path: Path, record: Record, level: str | None = None) -> Analysis | None:
    """The analysis of `record` saved beside it at `path`: the one of `level`, or, for None, of any level, the
    game's own level's first (`profile.seats.game_level`), then the deepest; None if none is saved for this game
    as it is now.

    Raises `AnalysisFileError`, its message one line, for a file that cannot be read, or a saved analysis
    of this game that cannot be read or does not fit the game (a field edited by hand, say).
    """
    where = analysis_path(path)
    saved = {entry.key: entry.analysis for entry in saved_analyses(where)}
    own = game_level(record.seats)
    others = [name for name in reversed(list(LEVELS)) if name != own]
    for name in [level] if level is not None else [own, *others]:
        data = saved.get(saved_key(record, name))
        if data is None:
            continue
        try:
            analysis = Analysis.from_dict(data)
        except (ValueError, KeyError, TypeError) as error:
            raise AnalysisFileError(_("{file}: the saved analysis at level {level} cannot be read ({reason})").format(
                file=where.name, level=name, reason=printable(str(error), 120))) from None
        misfit = _misfit(analysis, record, name)
        if misfit is not None:
            raise AnalysisFileError(_("{file}: the saved analysis at level {level} does not fit its game ({reason})")
                                    .format(file=where.name, level=name, reason=misfit))
        return replace(analysis, players=record.names)  # saved as the record saves them, shown as the reader reads
    return None


def _misfit(analysis: Analysis, record: Record, level: str) -> str | None:
    """What in `analysis` contradicts the game it is filed under (its key), or None: every decision must be the
    record's action by its player in its turn, every draw one of those decisions', every mark its loss's."""
    moves = record.moves
    if analysis.level != level or analysis.players != record.players or analysis.seed != record.seed:
        return _("its level, players or deal are another game's")
    if analysis.finished != record.game().is_over or len(analysis.decisions) != len(moves):
        return _("it rates another number of decisions")
    if len(analysis.chances) != len(moves) + 1:
        return _("it holds another number of chances")
    turn = 1
    for k, (d, move) in enumerate(zip(analysis.decisions, moves, strict=True)):
        if (d.move, d.turn, d.player, d.action) != (k, turn, move.player, str(move.action)):
            return _("decision {n} is not the game's action {n}").format(n=k + 1)
        if d.mark != mark(d.points_lost) or (d.forced and d.loss):
            return _("decision {n} is marked otherwise than its loss").format(n=k + 1)
        if not math.isclose(analysis.chance(d.player, k), d.before, abs_tol=1e-9):
            return _("the chance before decision {n} is not the decision's").format(n=k + 1)
        turn += move.action.step is Step.TAKE
    for x in analysis.luck:
        decided = analysis.decisions[x.move] if 0 <= x.move < len(moves) else None
        if decided is None or (x.turn, x.player) != (decided.turn, decided.player):
            return _("a draw is not after a decision of the game")
    return None


def decisions_to_rate(record: Record) -> int:
    """How many decisions an analysis of `record` rates: every action, and the position now of an unfinished game."""
    return len(record.moves) + (0 if record.game().is_over else 1)


def analyse_record(record: Record, *, level: str | None = None, jobs: int = 1,
                   progress: Callable[[int], None] | None = None) -> Analysis:
    """The analysis of `record` made now, as `famiglia analyse` makes it (the seeds derive from the game's own), at
    `level`: for None the game's own level, the computer's in a game against it (`profile.seats.game_level`).

    The one place a record becomes an analysis, so the replay's `a` and `famiglia analyse` agree figure
    for figure; `progress(n)` is called as n more decisions are done (an exception it raises stops it).
    """
    moves = [(m.player, str(m.action)) for m in record.moves]
    computers = [seat for seat, who in enumerate(record.seats) if level_of(who) is not None]
    return analyse(record.start, record.seed, moves, record.names, level=level or game_level(record.seats),
                   jobs=jobs, progress=progress, computer=computers[0] if len(computers) == 1 else None)


def keep_analysis(path: Path, record: Record, analysis: Analysis) -> None:
    """Save `analysis` beside the record at `path`, where `load_or_analyse` and the replay find it, keeping the
    analyses saved there at other levels that are still of this game.

    Raises `AnalysisFileError` (its message one line) if it cannot be written, or the record is gone.
    """
    current = {saved_key(record, name): name for name in LEVELS}
    saved = replace(analysis, players=record.players)  # the names as the record saves them, in no one's language
    save_analysis(path, saved_key(record, analysis.level), saved.to_dict(), level=analysis.level, keep=current)


def kept_beside(path: Path | None, record: Record, analysis: Analysis, *, note: str | None = None) -> str | None:
    """Save an analysis just made beside the game at `path` (None: kept nowhere); what to say if it is not saved
    (one line), else None. `note` says the saved one could not be read: its file is then left as it is."""
    if path is None:
        return None
    if note is not None:
        return _("Not saved: the saved analysis cannot be read, and its file is left as it is.")
    try:
        keep_analysis(path, record, analysis)
    except AnalysisFileError as error:
        return _("The analysis is not saved ({reason}); it is shown all the same.").format(
            reason=printable(str(error), 100))
    return None


def saved_key(record: Record, level: str) -> str:
    """The key a saved analysis of `record` at `level` is filed under, by this version's analysis and the
    calibration of that level's chances (its record's), the late positions' map included."""
    return analysis_key(record, level, VERSION, calibration_numbers(LEVELS[level].calibration))
