"""`famiglia replay`: which position of a saved game is on show, stepped forward and backward by the keys.

`Replay` holds every position of the game (the deal, then one after each action) and which one is
on show; its verbs are the keys (`famiglia.tui.shell.replay`), and `famiglia.tui.view.replay` draws
it. An unfinished game is only shown after the question whether both hands may be seen: it reveals them.
"""

from __future__ import annotations

from famiglia.engine import Game
from famiglia.persistence import Record
from famiglia.persistence.turns import turn_of, turn_starts

__all__ = ["Replay"]


class Replay:
    """Which position of a recorded game is on show; the keys move it."""

    def __init__(self, record: Record) -> None:
        self.record = record
        self.positions: list[Game] = list(record.games())
        self.index = 0
        self.typed = ""  # digits of a turn number being typed
        self.message: str | None = None
        self.asking = not self.positions[-1].is_over  # both hands of a running game: ask first
        self.done = False
        # The turn each action belongs to, and where each turn starts (the index of its first position).
        actions = [m.action for m in record.moves]
        self.turn_of: list[int] = turn_of(actions)
        self.turn_starts: list[int] = turn_starts(actions)

    @property
    def last(self) -> int:
        return len(self.positions) - 1

    # -- the keys ---------------------------------------------------------------------------------------------

    def step(self, delta: int) -> None:
        self.index = max(0, min(self.last, self.index + delta))
        self.typed, self.message = "", None

    def home(self) -> None:
        self.step(-self.last)

    def end(self) -> None:
        self.step(self.last)

    def digit(self, digit: str) -> None:
        if len(self.typed) < 6:
            self.typed += digit
        self.message = None

    def backspace(self) -> None:
        self.typed = self.typed[:-1]

    def enter(self) -> None:
        """Go to the start of the turn whose number was typed."""
        if not self.typed:
            return
        number, self.typed = int(self.typed), ""
        if not 1 <= number <= len(self.turn_starts):
            self.message = f"There is no turn {number}: the game has {len(self.turn_starts)}."
            return
        self.index = self.turn_starts[number - 1]
        self.message = None

    def answer(self, yes: bool) -> None:
        """The question before an unfinished game: yes shows it, no leaves."""
        self.asking = False
        if not yes:
            self.done = True
