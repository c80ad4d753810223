"""Who plays each seat of a sitting: a person at the keyboard, or the computer at one of its levels.

A seat is a short string, the same in the `Session` and in a saved game's record (its `seats`
field), so a resumed game carries on against the same opponent: `"human"`, or `"cpu:easy"`,
`"cpu:normal"`, `"cpu:hard"`. `famiglia play --vs cpu[:LEVEL]` is read by `parse_opponent` into
the same form.
"""

from __future__ import annotations

from typing import Final

__all__ = ["DEFAULT_LEVEL", "HUMAN", "LEVELS", "SeatRefused", "computer_seat", "level_of", "parse_opponent",
           "seat_name"]

HUMAN: Final = "human"
LEVELS: Final = ("easy", "normal", "hard")  # the search player's levels (famiglia.ai.ismcts.LEVELS)
DEFAULT_LEVEL: Final = "normal"
_PREFIX: Final = "cpu"
_QUOTED: Final = 24  # a refused value is quoted up to this many characters


class SeatRefused(ValueError):
    """An opponent that is not one of `cpu`, `cpu:easy`, `cpu:normal`, `cpu:hard`; the message says so."""


def computer_seat(level: str = DEFAULT_LEVEL) -> str:
    """The seat of the computer playing at `level` (one of `LEVELS`)."""
    if level not in LEVELS:
        raise SeatRefused(f"unknown level {_quoted(level)}: choose {', '.join(LEVELS)}")
    return f"{_PREFIX}:{level}"


def parse_opponent(text: str) -> str:
    """`--vs` as typed (`cpu`, `cpu:hard`, any case, spaces around) into a seat; `SeatRefused` otherwise."""
    kind, colon, level = text.strip().lower().partition(":")
    if kind != _PREFIX:
        raise SeatRefused(f"unknown opponent {_quoted(text)}: write cpu, or cpu:LEVEL with LEVEL one of "
                          f"{', '.join(LEVELS)}")
    if not colon:
        return computer_seat()
    if level not in LEVELS:
        raise SeatRefused(f"unknown level {_quoted(text.strip().partition(':')[2])}: choose {', '.join(LEVELS)}")
    return computer_seat(level)


def level_of(seat: object) -> str | None:
    """The computer's level at `seat`, or None for a person's seat (or anything that is no computer's seat)."""
    if not isinstance(seat, str):
        return None
    kind, colon, level = seat.partition(":")
    return level if kind == _PREFIX and colon and level in LEVELS else None


def seat_name(seat: object) -> str:
    """How the screen names the computer at `seat`, e.g. 'Computer (normal)' (the player's own `name`)."""
    level = level_of(seat)
    if level is None:
        raise SeatRefused(f"{_quoted(str(seat))} is not a computer's seat")
    from famiglia.ai import player

    return player(level).name


def _quoted(text: str) -> str:
    shown = text if len(text) <= _QUOTED else f"{text[:_QUOTED - 4]}…"
    return repr(shown)
