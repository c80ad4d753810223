"""The engine's refusals: one base class a caller can catch, subclasses that say what kind of refusal it was."""

from __future__ import annotations

__all__ = ["IllegalAction", "NotationError", "PositionError"]


class IllegalAction(ValueError):
    """An action the rules do not allow at this moment; the message says why in a player's words.

    The message quotes the action as it was asked for; `reason` is the why alone, for a screen that
    already shows what was typed. The game is left exactly as it was before the refused action.
    """

    def __init__(self, message: str, *, reason: str | None = None) -> None:
        super().__init__(message)
        self.reason = message if reason is None else reason


class NotationError(IllegalAction):
    """Text that is no action at all, so the screen can say "not an action" rather than "not allowed now"."""


class PositionError(ValueError):
    """A position (dict) that no game can reach, or that does not hold exactly the 60 cards of R1."""
