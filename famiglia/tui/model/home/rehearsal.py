"""The guided game played through without a person: on which of the player's turns each lesson comes up.

A stand-in player plays the player's seat, and the easy computer the other, seeded as the screen
seeds it (with the game's seed), while the tutor watches. The stand-in is the greedy planner (a
newcomer who takes the best card in sight) or the hints' own level (`HINT_FOLLOWER`: a newcomer who
plays every hint `h` gives, worked out as the screen works it out: the opponent's level, no seed). This
is how the guided game's deal was chosen (benchmarks/guided_deal.py tries many seeds and keeps one
where every part of a turn comes up soonest and the hints lead to the last round) and how the tests
check that the chosen deal still does what docs/learn.md says.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from famiglia.ai import player
from famiglia.ai.estimate import estimator
from famiglia.engine import Game, SeatView, Step
from famiglia.profile.guided_deal import GUIDED_FIRST

from .lessons import LESSON_IDS
from .tutor import PLAYER, Progress, Tutor

__all__ = ["EARLY", "HINT_FOLLOWER", "Rehearsal", "hint_follower", "rehearse"]

# The parts of a turn that a good deal brings up early (the ends of the game come when they come).
EARLY: Final = ("refresh", "free_take", "pair_take", "mercenary", "accountant", "swaps", "brute", "opponent")
HINT_FOLLOWER: Final = "hints"  # the student who plays every hint `h` gives (`hint_follower`)


@dataclass(frozen=True, slots=True)
class Rehearsal:
    """How one guided game went: the player's turn (from 1) on which each lesson first came up, and the end."""

    seed: int | str
    first_turn: dict[str, int]
    turns: int  # the player's turns played
    scores: tuple[int, int] | None  # None: stopped before the end
    reason: str | None
    progress: Progress

    @property
    def latest_early(self) -> int:
        """The turn by which every part of `EARLY` had come up (a large number if one never did)."""
        return max(self.first_turn.get(lesson, 999) for lesson in EARLY)


def hint_follower(opponent: str) -> Any:
    """A player who plays every hint: the hint's own search, as the screen asks it in a game against the
    `opponent` computer (`famiglia.tui.shell.computer`: that computer's level, seeded by the position alone)."""
    return estimator(opponent)


def rehearse(seed: int | str, *, turns: int | None = None, student: str = "greedy", opponent: str = "easy",
             tutor: Tutor | None = None, on_view: Callable[[SeatView], None] | None = None) -> Rehearsal:
    """Play the guided deal of `seed` through (or for the player's first `turns` turns) and note the lessons."""
    tutor = Tutor() if tutor is None else tutor
    game = Game.new(seed=seed, names=("You", "Computer (easy)"), first=GUIDED_FIRST)
    players = {PLAYER: hint_follower(opponent) if student == HINT_FOLLOWER else player(student, seed=seed),
               1 - PLAYER: player(opponent, seed=game.seed)}
    progress = Progress()
    first: dict[str, int] = {}
    played = 0
    while not game.is_over and (turns is None or played < turns):
        view = game.view(PLAYER)
        if on_view is not None:
            on_view(view)
        progress, shown = tutor.advance(progress, view)
        for lesson in shown:
            first[lesson.id] = played + 1 if view.my_turn else played
        mover = game.to_move
        action = players[mover].choose(game.view(mover, memory=True))
        game.apply(action)
        if mover == PLAYER and action.step is Step.TAKE:
            played += 1
    if game.is_over:
        progress, shown = tutor.advance(progress, game.view(PLAYER))
    result = game.result()
    assert all(lesson in LESSON_IDS for lesson in first)
    return Rehearsal(seed, first, played, None if result is None else result.scores,
                     None if result is None else str(result.reason), progress)
