"""`famiglia resume` and `famiglia play --load`: a saved game played on where it stopped.

The game is found as every command that takes a game finds it (`Store.locate`), or adopted from a
record file (`Store.adopt`: a file from elsewhere is saved anew, one that leads to a game of ours plays
that game on, in its own file), and rebuilt by replaying its record (`resume_session`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from famiglia.persistence import Record, Store, StoreError, path_as_given
from famiglia.profile.guided_deal import is_guided
from famiglia.profile.options import for_resume
from famiglia.profile.settings import Settings

from .errors import fail

__all__ = ["Options", "play_file", "resume"]


def resume(target: str | None, *, settings: Settings | None = None, memory_aid: bool | None = None,
           confirm: bool | None = None, say: Callable[[str], None] | None = None, colour: bool = True,
           plain: bool | None = None) -> int:
    """`famiglia resume [ID]`: play a saved game on (the unfinished one saved last, without an id).

    It plays on with the memory aid and confirming the record keeps; `memory_aid` and `confirm`, when
    given, win for this sitting, and `settings` (the remembered ones) stand in for what the record does
    not keep. `say` takes the lines said on leaving, as for `run_play`; `colour` as the player asked; `plain`
    plays it in lines of text (None: as the settings say).
    """
    return _play(target, Options(settings, memory_aid, confirm, _plain(settings, plain)), unfinished=True, say=say,
                 colour=colour)


def play_file(path: str, *, settings: Settings | None = None, memory_aid: bool | None = None,
              confirm: bool | None = None, colour: bool = True, plain: bool | None = None) -> int:
    """`famiglia play --load FILE`: play the game of a record file on; a file from elsewhere is saved anew.

    The settings it plays on with are chosen as `resume` chooses them.
    """
    return _play(path, Options(settings, memory_aid, confirm, _plain(settings, plain)), file=True, colour=colour)


def _plain(settings: Settings | None, plain: bool | None) -> bool:
    return plain if plain is not None else bool(settings is not None and settings.plain)


@dataclass(frozen=True, slots=True)
class Options:
    """What playing a saved game on was told: the remembered settings and the options given (None: not given)."""

    settings: Settings | None = None
    memory_aid: bool | None = None
    confirm: bool | None = None
    plain: bool = False  # in lines of text (docs/plain.md)

    def for_record(self, record: Record) -> dict[str, bool]:
        """The sitting's settings for `record`: option, then the record's, then the remembered settings."""
        memory_aid, confirm = for_resume(self.settings or Settings(), record.sitting.given(),
                                         memory_aid=self.memory_aid, confirm=self.confirm)
        return {"memory_aid": memory_aid, "confirm": confirm}


def _play(target: str | None, options: Options, *, unfinished: bool = False, file: bool = False,
          say: Callable[[str], None] | None = None, colour: bool = True) -> int:
    from famiglia.tui.model.saving import resume_session
    from famiglia.tui.shell.app import run_play

    store = Store()
    try:
        if file:
            assert target is not None
            own, record = store.adopt(Path(target))  # a file that leads to a game of ours plays it on, in its file
            path, ours = (own, True) if own is not None else (Path(target), False)
        else:
            path, record, ours = store.locate(target, unfinished=unfinished)
    except StoreError as error:
        return fail(str(error))
    if ours and not file and is_guided(record):
        return _play_guided(store, path, record, options, say=say, colour=colour)
    try:
        session = resume_session(record, store=store, path=path if ours else None, **options.for_record(record))
    except StoreError as error:
        return fail(f"{path.name if ours else path_as_given(path)}: {error}")
    if options.plain:
        from famiglia.tui.plain import run_plain

        return run_plain(session=session, say=say)
    return run_play(session=session, say=say, colour=colour)


def _play_guided(store: Store, path: Path, record: Record, options: Options,
                 say: Callable[[str], None] | None = None, colour: bool = True) -> int:
    """A guided game plays on with its lessons, as `famiglia learn` plays it: `resume` finds it too, as the
    unfinished game saved last, and the player who left it mid-lesson expects the lessons back."""
    from famiglia.tui.model.home.guided import Guided, guided_session

    from .learn import run_guided_game

    try:
        given = options.for_record(record)
        session, guide = guided_session(record=record, store=store, path=path, memory_aid=given["memory_aid"],
                                        confirm=given["confirm"])
    except StoreError as error:
        return fail(f"{path.name}: {error}")
    return run_guided_game(Guided(session, guide), plain=options.plain, say=say, colour=colour)
