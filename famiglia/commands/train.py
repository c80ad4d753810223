"""`famiglia train [--all | --game ID | --new]`: the player's own lost points, played again until the move is found.

The exercises come from the finished games a person played at this keyboard, each game's saved analysis
read as data (`famiglia.tui.model.exercises`); a game not analysed yet is analysed first, with a bar on
a terminal, and its analysis saved beside it as `famiglia analyse` saves it. The schedule
(`famiglia.persistence.schedule`) says which positions are due; by default the session holds those,
`--all` every position (the learned ones too), `--game ID` those of one game, `--new` those never
answered. docs/train.md tells the whole of it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime

from famiglia.ai.analysis import Analysis
from famiglia.persistence import Store, StoreError, printable
from famiglia.persistence.analyses import AnalysisFileError
from famiglia.persistence.schedule import (
    Card,
    Clock,
    Schedule,
    ScheduleError,
    load_schedule,
    save_schedule,
    system_clock,
)
from famiglia.phrasebook.catalogue import _
from famiglia.profile.practice import progress, progress_lines
from famiglia.tui.model.exercises import Exercise, Trainable, exercises_of, seats_to_train, trainable
from famiglia.tui.model.kept_analysis import find_saved, load_or_analyse
from famiglia.tui.model.puzzles import GAME as PUZZLES
from famiglia.tui.model.puzzles import PuzzleError, puzzle_exercises

from .errors import EXIT_BAD_RECORD, EXIT_FAILURE, EXIT_INTERRUPTED, EXIT_OK, complain
from .settings import remembered

__all__ = ["Gathered", "gather", "train"]


@dataclass(slots=True)
class Gathered:
    """What a session is made of: the exercises found, the games whose trained seats must be asked (with their
    analyses), the schedule of the games saved, what to say about games left out, and the ids of every game
    saved (readable or not: only a deleted game's cards are dropped)."""

    exercises: list[Exercise] = field(default_factory=list)
    questions: list[tuple[Trainable, Analysis]] = field(default_factory=list)
    schedule: Schedule = field(default_factory=Schedule)
    notes: list[str] = field(default_factory=list)
    games: list[str] = field(default_factory=list)
    covered: set[str] = field(default_factory=set)  # the games whose every exercise is in `exercises`


def _chooser(*, every: bool, game: str | None, new: bool) -> Callable[[Card, datetime], bool]:
    if every or game is not None:
        return lambda card, now: True
    if new:
        return lambda card, now: card.new
    return lambda card, now: card.is_due(now)


def gather(store: Store, *, game: str | None = None, you: str | None = None, puzzles: bool = False,
           progress: Callable[[Trainable], Callable[[int], None] | None] | None = None) -> Gathered:
    """Every exercise of the player's finished games (of game `game` only, where given), each game analysed first
    if it is not yet; `progress(game)` gives the counter of one game's analysis. With no game of the player's
    (or `puzzles`), the puzzles shipped with famiglia instead. Raises `ScheduleError` for a schedule file that
    cannot be read, `StoreError` for a game or a folder that cannot be."""
    schedule = load_schedule(store.root)
    entries = store.entries()
    games = trainable(entries)
    # a game that cannot be read now keeps its cards; the puzzles' cards stay for a player who comes back to them
    found = Gathered(games=[str(e.number) for e in entries] + [PUZZLES])
    if puzzles or (not games and game is None):
        found.schedule = schedule.of_games(found.games)
        _add_puzzles(found, lambda key: True)
        return found
    if game is not None:
        record = store.find(game)[1]
        games = [g for g in games if g.id == record.id]
        if not games:
            raise StoreError(_("game {game} cannot be trained on: it is not finished, or no person played it at this "
                               "keyboard").format(game=printable(record.id, 20)))
    found.schedule = schedule.of_games(found.games)
    for each in games:
        try:
            analysis = find_saved(each.path, each.record)
            if analysis is None:
                counter = None if progress is None else progress(each)
                analysis = load_or_analyse(each.path, each.record, progress=counter)
        except AnalysisFileError as error:
            found.notes.append(_("{error}; its game is left out").format(error=error))
            continue
        seats = seats_to_train(each, you=you, whose=found.schedule.whose)
        if seats is None:
            found.questions.append((each, analysis))
        else:
            found.exercises += exercises_of(each, analysis, seats)
            found.covered.add(each.id)
    if game is None:  # the puzzles answered before the player's own games came keep coming back till learned
        _add_puzzles(found, lambda key: key in found.schedule.cards and not found.schedule.cards[key].new)
    return found


def _add_puzzles(found: Gathered, chosen: Callable[[str], bool]) -> None:
    """The shipped puzzles whose keys are `chosen` into `found`, or a note that they cannot be read."""
    try:
        found.exercises += [e for e in puzzle_exercises() if chosen(e.key)]
        found.covered.add(PUZZLES)
    except PuzzleError as error:
        found.notes.append(str(error))


def train(*, every: bool = False, game: str | None = None, new: bool = False, puzzles: bool = False,
          colour: bool = True, say: Callable[[str], None] | None = None, clock: Clock = system_clock) -> int:
    """`famiglia train`: the session chosen by the options on the train screen (`puzzles`: the shipped puzzles,
    as a player with no game of their own gets them). `say` takes the lines said in place of the terminal (the
    home screen shows them); `clock` is the schedule's (tests move it)."""
    from famiglia.tui.model.training import Training
    from famiglia.tui.shell.training import run_training

    tell = say or (lambda line: print(line, flush=True))
    store = Store()
    try:
        found = _with_bar(store, game=game, you=remembered().you, puzzles=puzzles)
    except KeyboardInterrupt:
        tell(_("training stopped while a game was analysed; the games analysed so far are saved"))
        return EXIT_INTERRUPTED
    except ScheduleError as error:
        return _complain(str(error), say)
    except StoreError as error:
        _complain(str(error), say)
        return EXIT_BAD_RECORD
    for note in found.notes:
        _complain(note, say)
    now = clock()
    current = {e.key for e in found.exercises}
    stale = [k for k, c in found.schedule.cards.items() if c.game in found.covered and k not in current]
    cards = {k: c for k, c in found.schedule.cards.items() if k not in stale}
    made = {e.key: Card(e.key, e.game, e.kind) for e in found.exercises if e.key not in cards}
    cards.update(made)
    try:  # a position its game's analysis no longer marks (made anew, at another level) is trained no more
        save_schedule(store.root, made, games=found.games, drop=stale)
    except ScheduleError as error:
        return _complain(str(error), say)
    chooses = _chooser(every=every, game=game, new=new)
    chosen = [e for e in found.exercises if chooses(cards[e.key], now)]
    if not chosen and not found.questions:
        if not cards:
            tell(_("Nothing to train on yet: your finished games hold no marked decision of yours. Play a game "
                   "against the computer (famiglia play --vs cpu), then train."))
        else:
            tell(_("Nothing to train now: no position is due. 'famiglia train --all' trains them all."))
            for line in progress_lines(progress(cards.values(), now)):
                tell(line)
        return EXIT_OK

    def keep(changed: Mapping[str, Card], whose: Mapping[str, tuple[int, ...]]) -> str | None:
        try:
            save_schedule(store.root, changed, whose=whose, games=found.games)
        except ScheduleError as error:
            return str(error)
        return None

    training = Training(chosen, cards, clock=clock, questions=found.questions, chooses=chooses, save=keep)
    return run_training(training, colour=colour)


def _complain(message: str, say: Callable[[str], None] | None) -> int:
    if say is not None:
        say("famiglia: " + message)
    else:
        complain(message)
    return EXIT_FAILURE


def _with_bar(store: Store, *, game: str | None, you: str | None, puzzles: bool) -> Gathered:
    """`gather`, with a bar for each game analysed on a terminal."""
    if not sys.stderr.isatty():
        return gather(store, game=game, you=you, puzzles=puzzles)
    from rich.console import Console
    from rich.progress import Progress

    from famiglia.tui.model.kept_analysis import decisions_to_rate

    with Progress(console=Console(stderr=True), transient=True) as bar:
        def counter(each: Trainable) -> Callable[[int], None]:
            task = bar.add_task(_("analysing game {game}").format(game=printable(each.id, 20)),
                                total=decisions_to_rate(each.record))
            return lambda n: bar.advance(task, n)

        return gather(store, game=game, you=you, puzzles=puzzles, progress=counter)
