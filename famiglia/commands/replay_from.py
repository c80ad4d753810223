"""What `famiglia replay` does from a marked decision: put it into training at once (`t`), or play on from the
position before it against the computer (`c`), as a new game whose record says where it came from.

Both write: the training schedule (`famiglia.persistence.schedule`) and a new saved game. Each says in one line
what became of it, or why not, for the replay's message line.
"""

from __future__ import annotations

from copy import deepcopy
from dataclasses import replace
from pathlib import Path

from famiglia.ai.analysis import Analysis, Decision
from famiglia.persistence import Origin, Record, Store, StoreError
from famiglia.persistence.record import now
from famiglia.persistence.schedule import Card, Clock, ScheduleError, load_schedule, save_schedule, system_clock
from famiglia.persistence.seats import HUMAN, PEOPLE, computer_seat, saved_names
from famiglia.phrasebook.catalogue import _
from famiglia.profile.seats import game_level, level_of
from famiglia.tui.model.exercises import Trainable, exercises_of, seats_to_train

__all__ = ["play_on", "play_on_record", "train_decision"]


def train_decision(path: Path | None, record: Record, decision: Decision, analysis: Analysis, *,
                   you: str | None = None, clock: Clock = system_clock) -> str:
    """`decision` of the saved game `record` put into training, due now (back in the first box if it rested); the
    line that says so, or why it cannot be."""
    store = Store()
    if path is None or not store.holds(path):
        return _("Only a saved game's decisions are trained: this record is not among your saved games.")
    if record.seats[decision.player] != HUMAN:
        return _("That decision was not played at this keyboard: training is for your own decisions.")
    if not record.game().is_over:
        return _("This game is not finished: training takes finished games (c plays on from here).")
    game = Trainable(path, record)
    exercise = next((e for e in exercises_of(game, analysis, (decision.player,)) if e.decision.move == decision.move),
                    None)
    if exercise is None:
        return _("This decision is no position to train: it lost no points worth a mark.")
    try:
        schedule = load_schedule(store.root)
        card = schedule.cards.get(exercise.key) or Card(exercise.key, exercise.game, exercise.kind)
        card = replace(card, streak=0 if card.learned else card.streak, due=clock().isoformat())
        trained = seats_to_train(game, you=you, whose=schedule.whose) or ()
        whose = {game.id: tuple(sorted({*trained, decision.player}))} if len(game.people) == 2 else {}
        save_schedule(store.root, {card.key: card}, whose=whose)
    except ScheduleError as error:
        return str(error)
    return _("Put into training, due now: 'famiglia train' asks it.")


def play_on_record(record: Record, decision: Decision) -> Record:
    """The new game: `record`'s first actions up to `decision`, the decision's seat played at this keyboard and the
    other by the computer (at the game's own level), saying where it came from."""
    seat = decision.player
    level = level_of(record.seats[1 - seat]) or game_level(record.seats)
    seats = [HUMAN, HUMAN]
    seats[1 - seat] = computer_seat(level)
    players = saved_names(record.players, seats)  # the computer saved as its seat, the person by their name
    dealt = deepcopy(record.start)
    for saved, player in zip(players, dealt["players"], strict=True):
        player["name"] = saved
    start = replace(record, id="new", players=players, seats=(seats[0], seats[1]), start=dealt, started=now(),
                    origin=Origin(record.id, decision.move))
    return start.with_moves(record.moves[:decision.move])


def play_on(record: Record, decision: Decision, made: list[str]) -> str | None:
    """The new game saved (its id added to `made`, for the command to play it once the replay is left); None, or
    the line that says why it could not be."""
    if record.seats[decision.player] not in PEOPLE:
        return _("That decision was not played at this keyboard: c plays on from your own decisions.")
    store = Store()
    try:
        _path, saved = store.create(play_on_record(record, decision))
        store.lock(saved.id).release()  # the sitting that plays it takes it
    except StoreError as error:
        return str(error)
    made.append(saved.id)
    return None
