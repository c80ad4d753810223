"""The puzzles famiglia ships for a player with no games of their own yet: positions to train on, made in advance.

`famiglia/data/puzzles.json` holds them, made by `tools/make_puzzles.py` from seeded games the computer played
against itself: each a decision of the last rounds (after the first exhaustion, R9) seen with the memory aid
(R12.3), where the exact endgame solver (`famiglia.ai.endgame`) gave every legal action its value and one
action beats every other by at least the analysis's margin for a mistake. The file keeps those values, so an
answer is judged at once, with no search (`exercises.known`); how each was checked is written beside it.

A puzzle becomes an `Exercise` like a decision of the player's own games: the position rebuilt from the
game's seed and moves, a `Decision` made of the stored values (the best, the move the computer played, the
best alternative), and the puzzle itself, which names what it teaches in the player's language.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from famiglia.ai.analysis import Decision, mark, shown_change
from famiglia.engine import Game, Step, parse_action
from famiglia.persistence import Record
from famiglia.persistence.record import Move, Sitting
from famiglia.phrasebook.catalogue import _, spoken_language

from .exercises import Exercise, kind_of

__all__ = ["GAME", "RESOURCE", "Puzzle", "PuzzleError", "load_puzzles", "puzzle_exercises"]

RESOURCE: Final = ("data", "puzzles.json")
FORMAT: Final = "famiglia-puzzles"
GAME: Final = "puzzles"  # the schedule's game of every puzzle's card
LEVEL: Final = "hard"  # the level a puzzle is told at, had it to be searched; its values are exact


class PuzzleError(ValueError):
    """The shipped puzzles cannot be read: an install that lost or damaged the file."""


@dataclass(frozen=True, slots=True, eq=False)
class Puzzle:
    """One shipped puzzle: the game (`seed`, `first`, `moves`), the seat to move, the value of every legal action
    for it (0–1, exact), the best and the solver's line from it, what the computer played, what it teaches
    (`names`, by language) and how it was checked."""

    id: str
    kind: str
    names: Mapping[str, str]
    seed: int
    first: int
    moves: tuple[str, ...]
    seat: int
    played: str
    best: str
    line: tuple[str, ...]
    values: Mapping[str, float]
    checked: Mapping[str, Any]

    @property
    def name(self) -> str:
        """What it teaches, in the language spoken (English where the file has none for it)."""
        return self.names.get(spoken_language()) or self.names["en"]

    @property
    def exact(self) -> bool:
        return self.checked.get("how") == "exact"

    def record(self) -> Record:
        """The self-played game up to the puzzle's position, with the memory aid on as it was solved with."""
        game = Game.new(seed=self.seed, first=self.first)
        moves = []
        for text in self.moves:
            mover = game.to_move
            moves.append(Move(mover, game.apply(text)))
        names = (_("Player {n}").format(n=1), _("Player {n}").format(n=2))  # in the language spoken
        record = Record.new(Game.new(seed=self.seed, names=names, first=self.first), id=f"{GAME}-{self.id}")
        return record.with_moves(moves, sitting=Sitting(memory_aid=True))

    def decision(self) -> Decision:
        """The decision as an analysis would hold it, from the stored values."""
        values = self.values
        others = [a for a in values if a != self.best]
        alternative = max(others, key=lambda a: values[a]) if others else None
        best, played = values[self.best], values[self.played]
        lost = max(0, -shown_change(best, played))
        turn = 1 + sum(1 for m in self.moves if parse_action(m).step is Step.TAKE)
        return Decision(move=len(self.moves), turn=turn, player=self.seat, action=self.played, before=best,
                        best=self.best, best_chance=best, played_chance=played, alternative=alternative,
                        alternative_chance=None if alternative is None else values[alternative],
                        loss=max(0.0, best - played), mark=mark(lost), forced=False, line=self.line)

    def exercise(self) -> Exercise:
        record = self.record()
        view = record.game().view(self.seat, memory=True)
        return Exercise(record, self.seat, self.decision(), LEVEL, kind_of(view, parse_action(self.best)), False,
                        puzzle=self)


def _puzzle(data: Any) -> Puzzle:
    return Puzzle(str(data["id"]), str(data["kind"]), dict(data["name"]), int(data["seed"]), int(data["first"]),
                  tuple(data["moves"]), int(data["seat"]), str(data["played"]), str(data["best"]),
                  tuple(data["line"]), {str(a): float(v) for a, v in data["values"].items()}, dict(data["checked"]))


@cache
def load_puzzles() -> tuple[Puzzle, ...]:
    """The puzzles shipped with famiglia, in their order. Raises `PuzzleError` (one line) if they cannot be read."""
    try:
        text = resources.files("famiglia").joinpath(*RESOURCE).read_text(encoding="utf-8")
        data = json.loads(text)
        if data.get("format") != FORMAT or data.get("version") != 1:
            raise ValueError("not a puzzle file of this version")
        return tuple(_puzzle(p) for p in data["puzzles"])
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
        raise PuzzleError(_("the puzzles shipped with famiglia cannot be read ({error})").format(error=error)) from None


def puzzle_exercises() -> list[Exercise]:
    """Every shipped puzzle as an exercise, in order."""
    return [p.exercise() for p in load_puzzles()]
