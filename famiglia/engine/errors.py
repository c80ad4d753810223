"""The engine's refusals: one base class a caller can catch, subclasses that say what kind of refusal it was."""

from __future__ import annotations

from typing import Self

from .refusals import Refusal

__all__ = ["IllegalAction", "NotationError", "PositionError", "quoted"]

_QUOTE_LENGTH = 24


class IllegalAction(ValueError):
    """An action the rules do not allow at this moment; the message says why in a player's words.

    The message quotes the action as it was asked for; `reason` is the why alone, for a screen that
    already shows what was typed, and `refusal` the same as a value (its kind, its rule and its fields),
    for a screen that says it in the player's language. The game is left exactly as it was before the
    refused action.
    """

    def __init__(self, message: str, *, refusal: Refusal | None = None, reason: str | None = None) -> None:
        super().__init__(message)
        self.refusal = refusal
        self.reason = reason if reason is not None else message if refusal is None else str(refusal)

    @classmethod
    def of(cls, refusal: Refusal) -> Self:
        """The error whose message is `refusal`'s sentence alone (the notation's reader quotes the input in it)."""
        return cls(str(refusal), refusal=refusal)


class NotationError(IllegalAction):
    """Text that is no action at all, so the screen can say "not an action" rather than "not allowed now"."""


class PositionError(ValueError):
    """A position (dict) that no game can reach, or that does not hold exactly the 60 cards of R1."""


def quoted(value: object) -> str:
    """`value` as a refusal quotes it: short, on one line, and safe for any input.

    Text is shown as a Python string literal, so control characters come out escaped and cannot act on
    a terminal, and cut short; other values are named by their type, since a huge number or a deeply
    nested list has no repr that can be printed at all.
    """
    if isinstance(value, str):
        return repr(value) if len(value) <= _QUOTE_LENGTH else repr(value[:_QUOTE_LENGTH]) + "…"
    if value is None or isinstance(value, bool | float):
        return repr(value)
    if isinstance(value, int):
        return repr(value) if value.bit_length() <= 64 else "a huge number"
    return f"a {type(value).__name__}"
