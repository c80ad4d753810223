"""`famiglia replay [ID|FILE] [--level L]`: a saved game stepped through with both hands open.

The game is found as every command finds it (`Store.locate`); the replay's screen is
`famiglia.tui.shell.replay`.
"""

from __future__ import annotations

from famiglia.persistence import Store, StoreError

from .analysis import saved_analysis
from .errors import fail

__all__ = ["replay"]


def replay(target: str | None, *, level: str | None = None, colour: bool = True) -> int:
    """`famiglia replay [ID|FILE] [--level L]`: step through the game with both hands open, in colour or not.

    `a` shows the saved analysis, or, with none, analyses the game in the background at `level` (by default
    the game's own, as for `famiglia analyse`) and saves it beside the game.
    """
    try:
        path, record, _ = Store().locate(target)
    except StoreError as error:
        return fail(str(error))
    from famiglia.tui.shell.replay import run_replay

    analysis, note = saved_analysis(path, record)
    return run_replay(record, analysis=analysis, note=note, path=path, level=level, colour=colour)
