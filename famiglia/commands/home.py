"""`famiglia` on its own: the home screen, and what its choices lead to.

`run_home` shows the home screen (`famiglia.tui.shell.home`) built from the saved games and the
settings as they are now, carries out the choice it returns (a new game, a game played on, the
guided game, a replay) and comes back to a fresh home screen, until the player quits. Each game is
played exactly as its command plays it (`famiglia play`, `famiglia resume`, `famiglia learn`), so
it is saved the same way; what a game says on leaving is said on the home screen that comes back,
and quitting prints the last game's farewell, once. A leaving signal (SIGTERM, SIGHUP) on any of
these screens ends the whole program (`famiglia.leaving`).
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Callable

from famiglia.leaving import Leave
from famiglia.persistence import GameNotFound, Store, StoreError, printable
from famiglia.phrasebook.catalogue import _
from famiglia.profile.options import for_play
from famiglia.profile.seats import HUMAN, seat_name
from famiglia.profile.settings import Settings, load, write_value
from famiglia.profile.statistics import statistics
from famiglia.tui.model.home.games import game_lines
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
    Train,
)

from .analysis import analysis
from .errors import EXIT_FAILURE, EXIT_OK
from .learn import learn
from .log import log, log_lines
from .replay import replay
from .resume import resume
from .rules import rules_text
from .train import train

__all__ = ["run_home"]


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

    home = Home(game_lines(entries), loaded.settings, delete=store.delete, write=write, rules=rules_text(),
                statistics=lambda you: statistics(store.entries(), you=you),
                log=lambda id: log_lines(store.find(id)[1]))
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
            print("famiglia: " + _("the home screen stopped on an unexpected error ({error})").format(
                error=f"{type(error).__name__}: {printable(str(error), 200)}"), file=sys.stderr)
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
                resume(id, settings=load().settings, say=said.append, colour=shown, plain=False)
            case Learn(id):
                learn(id, new=id is None, say=said.append, colour=shown, plain=False)
            case Train():
                train(say=said.append, colour=shown)
            case ShowReplay(id):
                replay(id, colour=shown, plain=False)
            case ShowAnalysis(id):
                analysis(id, colour=None if shown else False)
            case ShowLog(id):  # the log is a page of the home screen; this is for a screen without one
                log(id, colour=None if shown else False)
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
        return _("Game {id} is not saved any more: it was deleted, in another famiglia perhaps.").format(
            id=printable(id, 40))
    except StoreError as error:
        return str(error)
    return None


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
