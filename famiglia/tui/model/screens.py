"""The screens and overlays a sitting can be on, the message line, how a choice number is read, and how the
screen reads a part of its model (`Read`).

Plain values (no rich, no prompt_toolkit): the session says which screen is on show, the view draws it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Final, Generic, TypeVar, cast

__all__ = ["NUMBER_DIGITS", "Drawn", "Message", "Overlay", "Read", "Screen", "SeatRead", "number_text"]

NUMBER_DIGITS: Final = 6  # longer numbers are quoted shortened: no menu has a million choices


class Screen(Enum):
    """What fills the terminal."""

    NAMES = "names"  # who plays? (skipped when the names are given)
    HANDOFF = "handoff"  # between turns: public information only (R12.1)
    TABLE = "table"  # the player to move sees their hand and chooses
    END = "end"  # the scoring (R11)


class Overlay(Enum):
    """What may lie on top of a screen; it closes without touching the game."""

    HELP = "help"
    LAST_TURN = "last turn"  # the opponent's last turn, when it finds no room beside the table
    LOG = "game log"  # every finished turn of the game, public events only (R12.1)
    RULES = "rules"  # the rules' text, opened at the rule a refusal quoted
    CONFIRM_QUIT = "confirm quit"

    @property
    def scrolls(self) -> bool:
        """Whether the arrow and page keys scroll it (it may be longer than the screen)."""
        return self in (Overlay.HELP, Overlay.LOG, Overlay.RULES)


@dataclass(frozen=True, slots=True)
class Message:
    """One line for the player: what went wrong, or what just happened. `style` is a theme name; `verbatim`
    lines are shown as they were written (a player's message to the table, which starts with their name). A
    refusal that quotes a rule names it in `rule` ("R8.2"), which Ctrl-R opens in the rules."""

    text: str
    style: str = "notice"
    verbatim: bool = False
    rule: str | None = None


@dataclass(slots=True)
class Drawn:
    """What the last drawing of the screen found, for the keys that depend on it.

    The shell notes it at every redraw, so a key reads the model only: how many rows the terminal
    has (a page of scrolling), how far the open overlay can scroll, and whether the opponent's last
    turn found no room beside the table (then `l` lays it on top), and whether the terminal is too small.
    """

    rows: int = 24
    scroll_limit: int = 0
    scroll_floor: int = 0  # how far back it can scroll: the rules open at a rule, with the rules before it above
    summary_crowded: bool = False
    too_small: bool = False  # the terminal cannot hold the game: the too-small screen is on show


T = TypeVar("T")


class Read(Generic[T]):
    """An attribute the screen reads of one part of its model (`part.name`), by the name it has always read it by.

    Read only (`settable` aside): the part's own verbs change it, so the model holds no copy to drift.
    """

    def __init__(self, part: str, name: str, *, settable: bool = False) -> None:
        self.part, self.name, self.settable = part, name, settable

    def __get__(self, model: Any, owner: object = None) -> T:
        return cast(T, getattr(getattr(model, self.part), self.name))

    def __set__(self, model: Any, value: T) -> None:
        if not self.settable:
            raise AttributeError(f"{self.name} is the {self.part}'s: change it through its verbs")
        setattr(getattr(model, self.part), self.name, value)


class SeatRead(Generic[T]):
    """What a screen reads of its table as its own seat knows it: `table.name` at one keyboard (no seat), else
    `table.name_for(seat)`, which leaves out a take or pass waiting for another seat's Enter (R12)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, model: Any, owner: object = None) -> T:
        table, seat = model.table, model.seat
        return cast(T, getattr(table, self.name) if seat is None else getattr(table, f"{self.name}_for")(seat))


def number_text(text: str) -> int | None:
    """`text` as a choice number if it is one: ASCII digits only, and not absurdly long.

    `str.isdigit` also accepts `²` and `①`, which `int` refuses, and Arabic-Indic or full-width digits,
    which a player cannot mean as a choice; `int` refuses more than 4,300 digits. None may reach it.
    """
    if not (text.isascii() and text.isdigit()):
        return None
    if len(text) > NUMBER_DIGITS:
        return 10**NUMBER_DIGITS  # a number no menu reaches; refused as such
    return int(text)
