"""`famiglia replay [ID|FILE] [--level L]`: a saved game stepped through with both hands open.

The game is found as every command finds it (`Store.locate`); the replay's screen is
`famiglia.tui.shell.replay`.
"""

from __future__ import annotations

from famiglia.persistence import Store, StoreError
from famiglia.profile.settings import load

from .analysis import saved_analysis
from .errors import fail

__all__ = ["replay"]


def replay(target: str | None, *, level: str | None = None, colour: bool = True, plain: bool | None = None) -> int:
    """`famiglia replay [ID|FILE] [--level L]`: step through the game with both hands open, in colour or not.

    `a` shows the saved analysis, or, with none, analyses the game in the background at `level` (by default
    the game's own, as for `famiglia analyse`) and saves it beside the game. `plain`: in lines of text
    (docs/plain.md), by default as the settings say.
    """
    try:
        path, record, _ = Store().locate(target)
    except StoreError as error:
        return fail(str(error))
    analysis, note = saved_analysis(path, record)
    if load().settings.plain if plain is None else plain:
        from famiglia.tui.plain.replay import run_plain_replay

        return run_plain_replay(record, analysis=analysis, note=note, path=path, level=level)
    from famiglia.tui.shell.replay import run_replay

    return run_replay(record, analysis=analysis, note=note, path=path, level=level, colour=colour)
