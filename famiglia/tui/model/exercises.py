"""The exercises of `famiglia train`: the player's own lost points, from the saved analyses, and an answer's verdict.

An exercise is one decision of a finished game of the player's (`Exercise`): a decision the analysis
marked (inaccurate or worse), or one of the game's key moments that was that player's decision
(`famiglia.ai.moments`). Only the seats a person played at this keyboard are trained, never the
computer's; in a game of two people at one keyboard, whose mistakes is a question (`seats_to_train`
says when it must be asked), its answer kept with the schedule.

Training reads the analysis as data and never rates anything itself: an answer is judged by the very
estimate that rated the decision (`judge`). The best move, the move played and the best alternative
have the chances the analysis saved; any other answer gets the chance the same search of the same level
gives it from the same view (`TurnSearch.chance_of`, what the analysis rates a decision by). An answer
within the analysis's threshold for no mark of the best is right.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from famiglia.ai.analysis import Analysis, Decision, mark, shown_change
from famiglia.ai.levels import LEVELS
from famiglia.ai.moments import key_moments
from famiglia.engine import Action, Game, Pass, PlayBrute, Refresh, SeatView, Take, parse_action
from famiglia.persistence import Entry, Record, RecordError
from famiglia.persistence.seats import HUMAN
from famiglia.profile.guided_deal import is_guided

from .replay import MISTAKES


class Puzzle(Protocol):
    """What an exercise needs of a shipped puzzle (`puzzles.Puzzle`, which is made of exercises, so named here by
    what it has): its id, what it teaches, and the exact value of every legal action."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def values(self) -> Mapping[str, float]: ...

__all__ = ["Exercise", "Trainable", "Verdict", "exercises_of", "judge", "kind_of", "known", "seats_to_train",
           "trainable"]


@dataclass(frozen=True, slots=True, eq=False)
class Trainable:
    """A finished game a person played at this keyboard: its file and record."""

    path: Path
    record: Record

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def people(self) -> tuple[int, ...]:
        """The seats played at this keyboard."""
        return tuple(s for s in (0, 1) if self.record.seats[s] == HUMAN)


def trainable(entries: Iterable[Entry]) -> list[Trainable]:
    """The finished games of `entries` (as `Store.entries()` lists them) with a seat played at this keyboard, the
    guided first game left out, oldest id first."""
    found = []
    for entry in entries:
        record = entry.record
        if record is None or is_guided(record) or HUMAN not in record.seats:
            continue
        try:
            over = record.game().is_over
        except RecordError:
            continue
        if over:
            found.append(Trainable(entry.path, record))
    return sorted(found, key=lambda t: (len(t.id), t.id))


def seats_to_train(game: Trainable, *, you: str | None, whose: dict[str, tuple[int, ...]]) -> tuple[int, ...] | None:
    """Whose decisions of `game` are trained: the one person's against the computer; in a game of two at this
    keyboard, the seats chosen before (`whose`), else the seat of the player named `you` (the first name of the
    settings, without regard to case); None when it must be asked."""
    people = game.people
    if len(people) == 1:
        return people
    if game.id in whose:
        return whose[game.id]
    if you is not None:
        mine = tuple(s for s in people if game.record.players[s].casefold() == you.casefold())
        if len(mine) == 1:
            return mine
    return None


def kind_of(view: SeatView, action: Action) -> str:
    """The kind of a decision, as training counts them: the last rounds (from the first exhaustion on, R9), else
    refresh, Accountant (its swaps too), Brute, take or pass."""
    if view.exhaustions:
        return "last rounds"
    if isinstance(action, Refresh):
        return "refresh"
    if isinstance(action, PlayBrute):
        return "brute"
    if isinstance(action, Take):
        return "take"
    if isinstance(action, Pass):
        return "pass"
    return "accountant"


@dataclass(frozen=True, slots=True, eq=False)
class Exercise:
    """One position to train: the decision of `seat` at move `decision.move` of the game, rated at `level`.

    `turning` says it is one of the game's key moments; `memory_aid` whether the table showed that seat the
    memory aid then (the record's sitting). `puzzle`: the shipped puzzle it is, if it is one
    (`famiglia.tui.model.puzzles`), whose stored values judge every answer.
    """

    record: Record
    seat: int
    decision: Decision
    level: str
    kind: str
    turning: bool
    puzzle: Puzzle | None = None

    @property
    def key(self) -> str:
        if self.puzzle is not None:
            return f"puzzle:{self.puzzle.id}"
        return f"{self.record.id}:{self.decision.move}"

    @property
    def game(self) -> str:
        """The game the schedule files its card under: the saved game's id, or the puzzles'."""
        return "puzzles" if self.puzzle is not None else self.record.id

    @property
    def memory_aid(self) -> bool:
        return bool(self.record.sitting.memory_aid)

    def position(self) -> Game:
        """The game as it stood before the decision."""
        return self.record.game(self.decision.move)

    def view(self) -> SeatView:
        """The table as that seat saw it then (R12): its own hand, and the memory aid only if it was on."""
        return self.position().view(self.seat, memory=self.memory_aid)


def exercises_of(game: Trainable, analysis: Analysis, seats: Sequence[int]) -> list[Exercise]:
    """The exercises of one analysed game for `seats`: its marked decisions and its key moments that were
    decisions of theirs, in game order; a forced decision is never one."""
    record = game.record
    positions = list(record.games())
    moments = {m.move for m in key_moments(analysis, [g.view(None) for g in positions])
               if m.kind == "decision"}
    found = []
    for d in analysis.decisions:
        if d.player not in seats or d.forced or d.move >= len(record.moves):
            continue
        if d.mark in MISTAKES or d.move in moments:
            view = positions[d.move].view(d.player)
            found.append(Exercise(record, d.player, d, analysis.level, kind_of(view, parse_action(d.action)),
                                  d.move in moments))
    return found


@dataclass(frozen=True, slots=True)
class Verdict:
    """An answer judged: the action, its chance and the best's (0–1, of the seat to move), the points it is behind
    the best as a player reads them, and whether that is right (no mark)."""

    action: str
    chance: float
    best: float
    behind: int

    @property
    def right(self) -> bool:
        return mark(self.behind) is None


def judge(exercise: Exercise, action: Action) -> Verdict:
    """`action` (one of the position's legal actions) judged by the estimate that rated the decision: at once
    where the analysis saved its chance (`known`), else by that search (a second at the hard level)."""
    found = known(exercise, action)
    if found is not None:
        return found
    view = exercise.position().view(exercise.seat, memory=True)  # as the analysis rates it (R12.3)
    return _verdict(exercise, action, LEVELS[exercise.level].estimator().chance_of(view, action))


def known(exercise: Exercise, action: Action) -> Verdict | None:
    """The verdict of `action` from the chances the analysis saved (the best, the move played, the best
    alternative; a puzzle's every action); None for any other action."""
    if exercise.puzzle is not None:
        value = exercise.puzzle.values.get(str(action))
        return None if value is None else _verdict(exercise, action, value)
    d = exercise.decision
    chances = {d.best: d.best_chance, d.action: d.played_chance}
    if d.alternative is not None and d.alternative_chance is not None:
        chances.setdefault(d.alternative, d.alternative_chance)
    chance = chances.get(str(action))
    return None if chance is None else _verdict(exercise, action, chance)


def _verdict(exercise: Exercise, action: Action, chance: float) -> Verdict:
    best = exercise.decision.best_chance
    return Verdict(str(action), chance, best, max(0, -shown_change(best, chance)))
