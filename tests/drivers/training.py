"""Games to train on: a short seeded game played against the easy computer (or by two people at one keyboard),
saved in the test's data directory with its analysis beside it, as `famiglia play` and `famiglia analyse` leave
them; and the train screen's keys pressed as a player presses them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path

from famiglia.ai import player
from famiglia.ai.analysis import Analysis
from famiglia.engine import Game
from famiglia.persistence import Move, Record, Store
from famiglia.phrasebook.notation import in_words
from famiglia.tui.model.kept_analysis import analyse_record, keep_analysis
from famiglia.tui.model.training import TRAIN_COMMANDS, Training

SEED = 2  # fifteen moves; the person's random play holds an Accountant, a take and a pass marked or key


@cache
def _played(seats: tuple[str, str], names: tuple[str, str]) -> tuple[Record, Analysis]:
    game = Game.new(seed=SEED, names=names, first=0)
    record = Record.new(game, seats=seats)
    players = (player("random", SEED), player("easy", 2))
    moves = []
    while not game.is_over:
        action = players[game.to_move].choose(game.view(game.to_move, memory=True))
        moves.append(Move(game.to_move, action))
        game.apply(action)
    record = record.with_moves(moves)
    return record, analyse_record(record)


def saved_game(*, hot_seat: bool = False, analysed: bool = True) -> tuple[Path, Record]:
    """The seeded game saved (against the easy computer, or `hot_seat` between Anna and Ben at one keyboard),
    with its analysis beside it unless not `analysed`."""
    seats, names = (("human", "human"), ("Anna", "Ben")) if hot_seat else (("human", "cpu:easy"), ("Anna", "Computer"))
    record, analysis = _played(seats, names)
    path, saved = Store().create(record, record.game())
    if analysed:
        keep_analysis(path, saved, analysis)
    return path, saved


class Clock:
    """A clock the test moves."""

    def __init__(self, start: datetime = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def days(self, n: float) -> None:
        self.now += timedelta(days=n)


def press(training: Training, *keys: str) -> None:
    """Each key as the bindings give it: a name (`enter`, `c-i`) or a character typed."""
    for key in keys:
        TRAIN_COMMANDS.press(training, key)


def answer(training: Training, notation: str) -> None:
    """The action `notation` answered as a player does: a pass by its own key, anything else typed in the
    player's words (`in_words`), then Enter."""
    if notation == "pass":
        press(training, "p")
    else:
        press(training, *in_words(notation), "enter")
