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
    the game's own, as for `famiglia analyse`) and saves it beside the game. At a marked decision, `t` puts it
    into training and `c` plays on from it against the computer: the replay ends and that new game begins.
    `plain`: in lines of text (docs/plain.md), by default as the settings say.
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

    from .replay_from import play_on, train_decision
    from .resume import resume
    from .settings import remembered

    settings = remembered()
    made: list[str] = []
    code = run_replay(record, analysis=analysis, note=note, path=path, level=level, colour=colour,
                      to_train=lambda decision, analysed: train_decision(path, record, decision, analysed,
                                                                         you=settings.you),
                      to_play_on=lambda decision: play_on(record, decision, made))
    if code != 0 or not made:
        return code
    return resume(made[0], settings=settings, colour=colour)
