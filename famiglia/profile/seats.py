"""Who plays each seat of a sitting: a person at the keyboard, or the computer at one of its levels.

The seat's form is the record's (`famiglia.persistence.seats`); the levels are the one list of them
(`famiglia.levels.LEVELS`), not a copy. `famiglia play --vs cpu[:LEVEL]` is read by
`parse_opponent` into the same form.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from famiglia.levels import DEFAULT_LEVEL, LEVELS
from famiglia.persistence.seats import COMPUTER, HUMAN, NETWORK, seat_level
from famiglia.persistence.seats import computer_seat as _seat
from famiglia.phrasebook.catalogue import _

from .names import quoted

__all__ = ["DEFAULT_LEVEL", "HUMAN", "LEVELS", "SeatRefused", "computer_seat", "game_level", "level_of",
           "parse_opponent", "seat_name"]

_QUOTED: Final = 24  # a refused value is quoted up to this many characters


class SeatRefused(ValueError):
    """An opponent that is not one of `cpu`, `cpu:easy`, `cpu:normal`, `cpu:hard`; the message says so."""


def computer_seat(level: str = DEFAULT_LEVEL) -> str:
    """The seat of the computer playing at `level` (one of `LEVELS`)."""
    if level not in LEVELS:
        raise SeatRefused(_("unknown level {level}: choose {levels}").format(level=quoted(level, _QUOTED),
                                                                              levels=", ".join(LEVELS)))
    return _seat(level)


def parse_opponent(text: str) -> str:
    """`--vs` as typed (`cpu`, `cpu:hard`, any case, spaces around) into a seat; `SeatRefused` otherwise."""
    kind, colon, level = text.strip().lower().partition(":")
    if kind != COMPUTER:
        raise SeatRefused(_("unknown opponent {opponent}: write cpu, or cpu:LEVEL with LEVEL one of {levels}").format(
            opponent=quoted(text, _QUOTED), levels=", ".join(LEVELS)))
    if not colon:
        return computer_seat()
    if level not in LEVELS:
        raise SeatRefused(_("unknown level {level}: choose {levels}").format(
            level=quoted(text.strip().partition(":")[2], _QUOTED), levels=", ".join(LEVELS)))
    return computer_seat(level)


def level_of(seat: object) -> str | None:
    """The computer's level at `seat`, or None for a person's seat (or anything that is no computer's seat)."""
    level = seat_level(seat)
    return level if level in LEVELS else None


def game_level(seats: Iterable[object]) -> str:
    """The level a game's chances are told at: in a game against the computer its level, whose chances its hints
    tell and its analysis gives unless another level is asked for; in a game of two people `DEFAULT_LEVEL`."""
    return next((level for level in map(level_of, seats) if level is not None), DEFAULT_LEVEL)


def seat_name(seat: object) -> str:
    """How the screen names the computer at `seat`, e.g. 'Computer (normal)' (the player's own `name`)."""
    from famiglia.phrasebook.table import computer_name

    if seat == NETWORK:  # a person at another terminal (famiglia serve): the game itself names them
        return _("Player at another terminal")
    level = level_of(seat)
    if level is None:
        raise SeatRefused(_("{seat} is not a computer's seat").format(seat=quoted(str(seat), _QUOTED)))
    return computer_name(level)  # in English the player's own name, `famiglia.ai.player(level).name`
