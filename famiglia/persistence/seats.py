"""Who sits at a seat, as a record writes it: `"human"`, `"network"`, or `"cpu:LEVEL"` for the computer at a level.

The same short string is a seat in the screen's sitting and in a saved game's `seats`, so a resumed
game carries on against the same opponent. This module knows the form only; which levels exist is the
computer players' business (`famiglia.ai`), checked where a seat is played. `"network"` is a person
at another terminal, joined over SSH to `famiglia serve`: the server keeps that game, and each
player sees only their own seat's view.
"""

from __future__ import annotations

from typing import Final

__all__ = ["COMPUTER", "HUMAN", "NETWORK", "PEOPLE", "computer_seat", "seat_level"]

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
