"""`famiglia learn [ID] [--new]`: the guided first game, the unfinished one saved last played on, or a new one.

The guided game is a game like any other, saved as it is played; its lessons come from where the
player stands (`famiglia.tui.model.home.tutor`), so one played on shows no lesson twice.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from famiglia.persistence import GameNotFound, Record, Store, StoreError, printable
from famiglia.phrasebook.catalogue import _
from famiglia.profile.guided_deal import is_guided
from famiglia.profile.options import for_resume
from famiglia.profile.settings import load
from famiglia.tui.model.home.guided import Guided, guided_session

from .errors import EXIT_BAD_RECORD

__all__ = ["learn", "run_guided_game"]


def learn(target: str | None = None, *, new: bool = False, say: Callable[[str], None] | None = None,
          colour: bool = True, plain: bool | None = None) -> int:
    """`famiglia learn`: the guided game saved last (or game `target`) played on, or a new one (`new`).

    `say` takes the lines said on leaving in place of the terminal (the home screen shows them); `colour`
    as the player asked; `plain` in lines of text (docs/plain.md), by default as the settings say.
    """
    settings = load().settings
    store = Store()
    try:
        found: tuple[Path, Record] | None = None
        if target is not None:
            found = store.find(target)
            if not is_guided(found[1]):
                raise GameNotFound(_("game {id} is not a guided game ('famiglia resume {id}' plays it on)").format(
                    id=printable(target, 40)))
        elif not new:
            found = _latest_guided(store)
        if found is None:
            session, guide = guided_session(settings.you, memory_aid=settings.memory_aid, confirm=settings.confirm)
        else:
            memory_aid, confirm = for_resume(settings, found[1].sitting.given())
            session, guide = guided_session(record=found[1], store=store, path=found[0],
                                            memory_aid=memory_aid, confirm=confirm)
    except StoreError as error:
        print(f"famiglia: {printable(str(error), 400)}", file=sys.stderr, flush=True)
        return EXIT_BAD_RECORD
    return run_guided_game(Guided(session, guide), plain=settings.plain if plain is None else plain, say=say,
                           colour=colour)


def run_guided_game(guided: Guided, *, plain: bool, say: Callable[[str], None] | None = None,
                    colour: bool = True) -> int:
    """Play the guided game `guided` on the full screen, or in lines of text where `plain`; the exit status."""
    if plain:
        from famiglia.tui.plain import run_plain
        from famiglia.tui.plain.guided import Lessons

        return run_plain(session=guided.session, aside=Lessons(guided), say=say)
    from famiglia.tui.shell.guided import run_guided

    return run_guided(guided.session, guided.guide, say=say, colour=colour)


def _latest_guided(store: Store) -> tuple[Path, Record] | None:
    """The unfinished guided game saved last, if there is one."""
    best: tuple[str, int, Path, Record] | None = None
    for entry in store.entries():
        record = entry.record
        if record is None or not is_guided(record) or record.game().is_over:
            continue
        if best is None or (record.updated, entry.number) > best[:2]:
            best = (record.updated, entry.number, entry.path, record)
    return None if best is None else (best[2], best[3])
