"""`famiglia` on its own, and `famiglia learn`: the home screen, and what its choices lead to.

`run_home` shows the home screen (`famiglia.tui.shell.home`) built from the saved games and the
settings as they are now, carries out the choice it returns (a new game, a game played on, the
guided game, a replay) and comes back to a fresh home screen, until the player quits. Each game is
played exactly as its command plays it (`famiglia play`, `famiglia resume`, `famiglia learn`), so
it is saved the same way; what a game says on leaving is said on the home screen that comes back,
and quitting prints the last game's farewell, once. `learn` plays the guided game: the unfinished
one saved last, or a new one. A leaving signal (SIGTERM, SIGHUP) on any of these screens ends the
whole program (`famiglia.leaving`).
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Final

from famiglia.leaving import Leave
from famiglia.persistence import GameNotFound, Record, Store, StoreError, printable
from famiglia.tui.model.home.games import game_lines
from famiglia.tui.model.home.guided import guided_session
from famiglia.tui.model.home.lessons import is_guided
from famiglia.tui.model.home.menu import (
    Home,
    Learn,
    NewGame,
    Outcome,
    Quit,
    Resume,
    ShowAnalysis,
    ShowLog,
    ShowReplay,
)
from famiglia.tui.model.home.settings import Settings, for_play, for_resume, load, write_value
from famiglia.tui.model.home.statistics import statistics
from famiglia.tui.model.seats import HUMAN, seat_name

from . import records

__all__ = ["learn", "run_home"]

EXIT_OK: Final = 0
EXIT_FAILURE: Final = 1
EXIT_BAD_RECORD: Final = 2


def _rules() -> str:
    return resources.files("famiglia").joinpath("data", "rules.md").read_text(encoding="utf-8")


def _home(store: Store, *, note: str | None = None) -> Home:
    """A home screen of the saved games and the settings as they are now; `note` is said on its message line
    (before what is wrong with the settings file: it answers what the player just chose)."""
    loaded = load()
    problem = note or loaded.problem
    try:
        entries = store.entries()
    except StoreError as error:
        entries, problem = [], str(error)
    def write(name: str, value: object) -> Settings:
        write_value(name, value)
        return load().settings  # with what another famiglia wrote meanwhile: the page shows the file

    home = Home(game_lines(entries), loaded.settings, delete=store.delete, write=write, rules=_rules(),
                statistics=lambda you: statistics(store.entries(), you=you),
                log=lambda id: records.log_lines(store.find(id)[1]))
    home.message = problem
    return home


def run_home(*, colour: bool = True) -> int:
    """The home screen until the player quits; each choice is played, then the home screen comes back.

    Every screen it opens is in colour as the settings say, unless `colour` is False (`NO_COLOR`, read where
    the program starts); the home screen itself changes at once when the setting does.
    """
    store = Store()
    with contextlib.suppress(StoreError, OSError):  # leftovers of killed famiglias, games never played a turn
        store.tidy()
    said: list[str] = []  # a game's lines on leaving: on the home screen, and the farewell printed once
    try:
        return _loop(store, colour, said)
    except Leave:  # the home screen does not come back to say what the last game said: it is printed
        for line in said:
            print(line, flush=True)
        raise


def _loop(store: Store, colour: bool, said: list[str]) -> int:
    """The home screen and what it opens, until the player quits; `said` holds the last game's lines on leaving."""
    from famiglia.tui.shell.home import build_home_app, run_home_app

    note: str | None = None
    farewell: str | None = None  # what the last game played from here said on leaving
    while True:
        home = _home(store, note=note)
        note = None
        try:  # a leaving signal quits it and ends the program (famiglia.leaving): no screen opens after it
            outcome = asyncio.run(run_home_app(build_home_app(home, colour=colour)))
        except Exception as error:  # one line, never a traceback; every game is saved as it is played
            print(f"famiglia: the home screen stopped on an unexpected error ({type(error).__name__}: "
                  f"{printable(str(error), 200)})", file=sys.stderr)
            return EXIT_FAILURE
        shown = colour and load().settings.colour  # what the screen it opens is drawn in
        note = _refusal(store, outcome)
        if note is not None:  # said on the home screen at once, which comes back with it
            continue
        said.clear()
        match outcome:
            case Quit():
                if farewell is not None:
                    print(farewell, flush=True)
                return EXIT_OK
            case NewGame(seats):
                _new_game(seats, load().settings, say=said.append, colour=shown)
            case Resume(id):
                records.resume(id, settings=load().settings, say=said.append, colour=shown)
            case Learn(id):
                learn(id, new=id is None, say=said.append, colour=shown)
            case ShowReplay(id):
                records.replay(id, colour=shown)
            case ShowAnalysis(id):
                records.analysis(id, colour=None if shown else False)
            case ShowLog(id):  # the log is a page of the home screen; this is for a screen without one
                records.log(id, colour=None if shown else False)
        if said:
            farewell = said[0]
            note = " ".join(line.removeprefix("famiglia: ") for line in said)


def _refusal(store: Store, outcome: Outcome) -> str | None:
    """Why the game `outcome` names cannot be shown or played on now, for the home screen; None if it can.

    The home screen lists the games as they were when it was drawn: another famiglia may have deleted
    one since, or be playing it now. Said here, the refusal is on the home screen at once; said by the
    command, it was printed under the home screen and seen only on leaving famiglia.
    """
    match outcome:
        case Resume(id) | Learn(str() as id) | ShowReplay(id) | ShowAnalysis(id) | ShowLog(id):
            pass
        case _:
            return None
    try:
        store.find(id)
        if isinstance(outcome, Resume | Learn):
            store.lock(id).release()
    except GameNotFound:
        return f"Game {printable(id, 40)} is not saved any more: it was deleted, in another famiglia perhaps."
    except StoreError as error:
        return str(error)
    return None


def _held_elsewhere(store: Store, id: str) -> str | None:
    """Why game `id` cannot be played on now (another famiglia is playing it), for the home screen; None if it can."""
    return _refusal(store, Resume(id))


def _new_game(seats: tuple[str, str], settings: Settings, *, say: Callable[[str], None] | None = None,
              colour: bool = True) -> int:
    from famiglia.tui import run_play

    vs = seats[1] if seats[1] != HUMAN else None
    choice = for_play(settings, vs=vs)
    names: tuple[str, str] | None = None
    if choice.names is not None and vs is None and len(choice.names) == 2:
        names = (choice.names[0], choice.names[1])
    elif choice.names is not None and vs is not None:
        names = (choice.names[0], seat_name(vs))
    code: int = run_play(names=names, memory_aid=choice.memory_aid, confirm=choice.confirm, seats=seats, say=say,
                         colour=colour)
    return code


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


def learn(target: str | None = None, *, new: bool = False, say: Callable[[str], None] | None = None,
          colour: bool = True) -> int:
    """`famiglia learn`: the guided game saved last (or game `target`) played on, or a new one (`new`).

    `say` takes the lines said on leaving in place of the terminal (the home screen shows them); `colour`
    as the player asked.
    """
    from famiglia.tui.shell.guided import run_guided

    settings = load().settings
    store = Store()
    try:
        found: tuple[Path, Record] | None = None
        if target is not None:
            found = store.find(target)
            if not is_guided(found[1]):
                raise GameNotFound(f"game {printable(target, 40)} is not a guided game ('famiglia resume "
                                   f"{printable(target, 40)}' plays it on)")
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
    return run_guided(session, guide, say=say, colour=colour)
