"""Who sits at a seat, as a record writes it: `"human"`, `"network"`, or `"cpu:LEVEL"` for the computer at a level.

The same short string is a seat in the screen's sitting and in a saved game's `seats`, so a resumed
game carries on against the same opponent. This module knows the form only; which levels exist is the
computer players' business (`famiglia.ai`), checked where a seat is played. `"network"` is a person
at another terminal, joined over SSH to `famiglia serve`: the server keeps that game, and each
player sees only their own seat's view.

A record names the computer by its seat too (`saved_names`): what is saved is the same in every
language, and each reader is told the computer's name in their own (`shown_names`). Records written
before then hold the name as it was said in the language the game was played in ("Computer (leicht)");
a computer's seat says its level all the same, so they are shown in the reader's language as well.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from famiglia.levels import LEVELS

__all__ = ["COMPUTER", "HUMAN", "NETWORK", "PEOPLE", "computer_seat", "saved_names", "seat_level", "shown_names"]

HUMAN: Final = "human"
NETWORK: Final = "network"
PEOPLE: Final = (HUMAN, NETWORK)  # the seats a person plays
COMPUTER: Final = "cpu"


def computer_seat(level: str) -> str:
    """The seat of the computer playing at `level`: `cpu:normal`."""
    return f"{COMPUTER}:{level}"


def seat_level(seat: object) -> str | None:
    """The level written in a computer's seat (`cpu:hard` -> `hard`), or None for any other seat."""
    if not isinstance(seat, str):
        return None
    kind, colon, level = seat.partition(":")
    return level if kind == COMPUTER and colon and level else None


def saved_names(names: Sequence[str], seats: Sequence[str]) -> tuple[str, str]:
    """The two names as a record saves them: the computer as its seat (`cpu:normal`), a person by their name."""
    return _pair([seat if seat_level(seat) is not None else name for name, seat in zip(names, seats, strict=True)])


def shown_names(saved: Sequence[str], seats: Sequence[str]) -> tuple[str, str]:
    """The two names as the reader reads them: the computer at one of `famiglia.levels.LEVELS` by its name in the
    reader's language ("Computer (easy)", "Computer (facile)"), whatever its record saved (its seat, or the name
    an older famiglia saved in the language of the game); a person's name, or a level not known, as saved."""
    from famiglia.phrasebook.table import computer_name  # the engine with it: `famiglia --help` reads the seats alone

    return _pair([computer_name(level) if (level := seat_level(seat)) is not None and level in LEVELS else name
                  for name, seat in zip(saved, seats, strict=True)])


def _pair(names: list[str]) -> tuple[str, str]:
    return names[0], names[1]
