"""`famiglia stats [--name NAME] [--json]`: a player's figures against each opponent, their rating, their training.

Worked out from the saved games every time (`famiglia.profile.statistics`), as the home screen's
Statistics page shows them.
"""

from __future__ import annotations

import json
from pathlib import Path

from famiglia.persistence import Entry, Store, StoreError
from famiglia.persistence.schedule import ScheduleError, load_schedule, system_clock
from famiglia.profile.practice import Progress, progress, progress_lines
from famiglia.profile.statistics import report_lines, statistics

from .errors import EXIT_FAILURE, EXIT_OK, complain
from .settings import remembered

__all__ = ["stats"]


def stats(name: str | None = None, *, as_json: bool = False) -> int:
    """The statistics of `name` (by default the first name of the settings), as lines or as JSON."""
    you = name if name is not None else remembered().you
    try:
        entries = Store().entries()
    except StoreError as error:
        complain(str(error))
        return EXIT_FAILURE
    figures = statistics(entries, you=you)
    training = _training(Store().root, entries)
    if as_json:
        data = figures.to_dict()
        data["training"] = None if training is None else training.to_dict()
        print(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        print("\n".join([*report_lines(figures), *([] if training is None else progress_lines(training))]))
    return EXIT_OK


def _training(root: Path, entries: list[Entry]) -> Progress | None:
    """The training's progress over the games still saved (docs/train.md); None, said in one line, where the
    schedule cannot be read."""
    try:
        schedule = load_schedule(root).of_games(str(e.number) for e in entries)
    except ScheduleError as error:
        complain(str(error))
        return None
    return progress(schedule.cards.values(), system_clock())
