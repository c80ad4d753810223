"""`famiglia stats [--name NAME] [--json]`: a player's figures against each opponent, and their rating.

Worked out from the saved games every time (`famiglia.profile.statistics`), as the home screen's
Statistics page shows them.
"""

from __future__ import annotations

import json

from famiglia.persistence import Store, StoreError
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
    if as_json:
        print(json.dumps(figures.to_dict(), indent=2, ensure_ascii=False))
    else:
        print("\n".join(report_lines(figures)))
    return EXIT_OK
