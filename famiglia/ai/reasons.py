"""Actions in a player's words, for the one-line reason a hint shows beside the suggested action."""

from __future__ import annotations

from famiglia.engine import Action, Pass, PlayAccountant, PlayBrute, Refresh, Swap, Take

__all__ = ["describe", "take_words"]


def describe(action: Action) -> str:
    """What `action` does, e.g. 'take F3 for 10 VP (pay F2, keep F2)' or 'refresh B4 to see new cards'."""
    match action:
        case Take():
            return take_words(action)
        case Refresh(card=c):
            return f"refresh {c} to see {c.value} new card{'s' if c.value != 1 else ''}"
        case PlayAccountant(card=c):
            return f"play {c} for up to {c.value} swap{'s' if c.value != 1 else ''}"
        case Swap(out=o, into=i):
            return f"swap {o} back into the hand for {i}"
        case PlayBrute(card=b, target=t, amount=k):
            return f"use {b} to bring {t} down by {k}"
        case Pass():
            return "pass"


def take_words(take: Take) -> str:
    """A take as every line of the computer says it: its points, and the payment written one way (R8.4)."""
    c = take.card
    if take.pay is None:
        return f"take {c} (free: a card to pay with later)" if not c.points else f"take {c} for {c.points} VP (free)"
    return f"take {c} for {c.points} VP (pay {take.pay}, keep {take.keep})"
